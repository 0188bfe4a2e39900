// PartialJson: an incremental scanner over streamed argument text that parses each top-level
// member once, when the ',' or closing bracket after it arrives (see partial_json.hpp).

#include <laminate/parse.hpp>
#include <laminate/toolcall/partial_json.hpp>

namespace laminate::toolcall {

namespace {

bool blank(std::string_view s) {
    for (char c : s)
        if (c != ' ' && c != '\t' && c != '\n' && c != '\r') return false;
    return true;
}

char closer_of(char open) { return open == '{' ? '}' : ']'; }

} // namespace

void PartialJson::append(std::string_view delta) {
    const std::size_t from = text_.size();
    text_.append(delta);
    scan(from);
}

void PartialJson::scan(std::size_t from) {
    for (std::size_t i = from; i < text_.size(); ++i) {
        const char c = text_[i];
        if (state_ == State::start) {
            if (c == ' ' || c == '\t' || c == '\n' || c == '\r') continue;
            if (c == '{' || c == '[') {
                open_bracket_ = c;
                closed_ = c == '{' ? Value::object() : Value::array();
                depth_ = 1;
                member_start_ = i + 1;
                state_ = State::members;
            } else {
                state_ = State::whole; // prose, a fence, a scalar: no members to track
            }
            continue;
        }
        if (state_ != State::members) return;
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
                if (state_ == State::members) state_ = State::done;
                return;
            }
            break;
        case ',':
            if (depth_ == 1) {
                close_member(i);
                if (state_ != State::members) return;
                member_start_ = i + 1;
            }
            break;
        default: break;
        }
    }
}

void PartialJson::close_member(std::size_t end) {
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
        state_ = State::whole;
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
    ParseOptions options;
    options.complete_truncated = true;
    switch (state_) {
    case State::start: return v;
    case State::done:
        v.closed = &closed_;
        v.complete = true;
        return v;
    case State::whole: {
        // Not member-structured: the whole text, completed, is the open value.
        bytes_parsed_ += text_.size();
        auto parsed = parse(text_, options);
        if (parsed) {
            v.has_open = true;
            v.open_value = std::move(parsed->value);
        }
        return v;
    }
    case State::members: break;
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
        v.has_open = true;
        v.open_key = std::string(m.key());
        v.open_value = std::move(m.value);
        append_path_key(v.open_path, v.open_key);
    } else if (open_bracket_ == '[' && !parsed->value.items().empty()) {
        v.has_open = true;
        v.open_value = std::move(parsed->value.items().back());
        append_path_index(v.open_path, closed_.size());
    }
    return v;
}

Value PartialJson::value() const {
    PartialView v = view();
    if (!v.closed) return v.has_open ? std::move(v.open_value) : Value();
    Value out = *v.closed;
    if (v.has_open) {
        if (out.is_object()) out.set(v.open_key, std::move(v.open_value));
        else out.push_back(std::move(v.open_value));
    }
    return out;
}

} // namespace laminate::toolcall
