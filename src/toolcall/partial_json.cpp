// PartialJson: streamed argument text read once by the strict reader while it is strict JSON,
// and from where it is not, by a tolerant scanner that parses each top-level member once, when
// the ',' or closing bracket after it arrives (see partial_json.hpp).

#include <laminate/parse.hpp>
#include <laminate/toolcall/partial_json.hpp>

#include <algorithm>

namespace laminate::toolcall {

namespace {

bool blank_byte(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

bool blank(std::string_view s) {
    for (char c : s)
        if (!blank_byte(c)) return false;
    return true;
}

char closer_of(char open) { return open == '{' ? '}' : ']'; }

} // namespace

void PartialJson::append(std::string_view delta) {
    const std::size_t from = text_.size();
    text_.append(delta);
    strict_.feed(text_, from, closed_); // first: the scanner's boundaries ask where it stopped
    scan(from);
}

void PartialJson::scan(std::size_t from) {
    for (std::size_t i = from; i < text_.size(); ++i) {
        const char c = text_[i];
        if (state_ == State::Start) {
            if (blank_byte(c)) continue;
            if (c == '{' || c == '[') {
                open_bracket_ = c;
                if (closed_.is_null()) closed_ = c == '{' ? Value::object() : Value::array();
                depth_ = 1;
                member_start_ = i + 1;
                state_ = State::Members;
            } else {
                state_ = State::Whole; // prose, a fence, a scalar: no members to track
            }
            continue;
        }
        if (state_ != State::Members) return;
        if (in_string_) {
            if (escape_) escape_ = false;
            else if (c == '\\') escape_ = true;
            else if (c == '"') in_string_ = false;
            continue;
        }
        switch (c) {
        case '"': in_string_ = true; break;
        case '{':
        case '[': ++depth_; break;
        case '}':
        case ']':
            if (--depth_ == 0) {
                close_member(i);
                if (state_ == State::Members) state_ = State::Done;
                return;
            }
            break;
        case ',':
            if (depth_ == 1) {
                close_member(i);
                if (state_ != State::Members) return;
                member_start_ = i + 1;
            }
            break;
        default: break;
        }
    }
}

void PartialJson::close_member(std::size_t end) {
    // While the text up to this boundary was strict JSON, the strict reader has closed the member.
    if (strict_.failed_offset() > end) return;
    const std::string_view segment = std::string_view(text_).substr(member_start_, end - member_start_);
    if (blank(segment)) return; // "{}" or a stray comma
    std::string wrapped;
    wrapped.reserve(segment.size() + 2);
    wrapped += open_bracket_;
    wrapped += segment;
    wrapped += closer_of(open_bracket_);
    bytes_parsed_ += wrapped.size();
    auto parsed = parse(wrapped);
    const bool fits = parsed && (open_bracket_ == '{' ? parsed->value.is_object() : parsed->value.is_array());
    if (!fits) {
        // The scanner split where the text does not (single quotes around a ',', say): read the
        // whole text on each view from here on.
        state_ = State::Whole;
        return;
    }
    if (open_bracket_ == '{') {
        // Appended, not set: set() scans the members, which would make many members quadratic
        // (a repeated key still reads last-wins through Value::find).
        for (auto& m : parsed->value.members()) closed_.append_member(m.key(), std::move(m.value));
    } else {
        for (auto& item : parsed->value.items()) closed_.push_back(std::move(item));
    }
}

PartialView PartialJson::view() const {
    PartialView v;
    switch (state_) {
    case State::Start: return v;
    case State::Done:
        v.closed = &closed_;
        v.complete = true;
        return v;
    case State::Whole: return tolerant_view();
    case State::Members: break;
    }
    v.closed = &closed_;
    if (!strict_.alive()) return tolerant_view();
    if (const Value* open = strict_.open_value(text_)) {
        v.has_open = true;
        v.open_key = strict_.key_of_open();
        v.open_value = open;
        v.open_path = strict_.path_of_open();
    }
    return v;
}

// The tolerant parser's reading: of the open member's text, or of the whole text when it is not
// member-structured.
PartialView PartialJson::tolerant_view() const {
    PartialView v;
    ParseOptions options;
    options.complete_truncated = true;
    tolerant_key_.clear();
    tolerant_path_.clear();
    if (state_ == State::Whole) {
        bytes_parsed_ += text_.size();
        auto parsed = parse(text_, options);
        if (parsed) {
            tolerant_open_ = std::move(parsed->value);
            v.has_open = true;
            v.open_value = &tolerant_open_;
        }
        return v;
    }
    v.closed = &closed_;
    const std::string_view tail = std::string_view(text_).substr(member_start_);
    if (blank(tail)) return v;
    std::string wrapped;
    wrapped.reserve(tail.size() + 1);
    wrapped += open_bracket_;
    wrapped += tail;
    bytes_parsed_ += wrapped.size();
    auto parsed = parse(wrapped, options);
    if (!parsed) return v;
    if (open_bracket_ == '{' && !parsed->value.members().empty()) {
        auto& m = parsed->value.members().back();
        tolerant_key_ = std::string(m.key());
        tolerant_open_ = std::move(m.value);
        append_path_key(tolerant_path_, tolerant_key_);
    } else if (open_bracket_ == '[' && !parsed->value.items().empty()) {
        tolerant_open_ = std::move(parsed->value.items().back());
        append_path_index(tolerant_path_, closed_.size());
    } else {
        return v;
    }
    v.has_open = true;
    v.open_key = tolerant_key_;
    v.open_value = &tolerant_open_;
    v.open_path = tolerant_path_;
    return v;
}

Value PartialJson::value() const {
    const PartialView v = view();
    if (!v.closed) return v.has_open ? *v.open_value : Value();
    Value out = *v.closed;
    if (v.has_open) {
        if (out.is_object()) out.set(v.open_key, *v.open_value);
        else out.push_back(*v.open_value);
    }
    return out;
}

} // namespace laminate::toolcall
