// PartialJson: an incremental scanner over streamed argument text that parses each top-level
// member once, when the ',' or closing bracket after it arrives (see partial_json.hpp).

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
    scan(from);
}

void PartialJson::scan(std::size_t from) {
    for (std::size_t i = from; i < text_.size(); ++i) {
        const char c = text_[i];
        if (state_ == State::start) {
            if (blank_byte(c)) continue;
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
        if (depth_ == 1 && !blank_byte(c) && c != ',') {
            if (c == ':') {
                colon_ = true;
            } else if (open_bracket_ == '[' || colon_) {
                if (c == '"') {
                    value_string_ = !value_started_;
                    string_start_ = i;
                }
                value_started_ = true;
            }
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
                colon_ = value_started_ = value_string_ = false;
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
    if (extend_open_string(v)) return v;
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
    if (!cache_valid_) remember_open_string(v);
    return v;
}

// After a parse: when the open member is a string value still open, and the parser's reading of
// it is plainly the decoded text (the text ends in a letter or digit, so nothing was trimmed or
// re-split, and no escape is near the end), keep it to extend on the next views.
void PartialJson::remember_open_string(const PartialView& v) const {
    if (!(in_string_ && !escape_ && depth_ == 1 && value_string_ && v.has_open && v.open_value.is_string())) return;
    const auto last = static_cast<unsigned char>(text_.back());
    if (!((last >= '0' && last <= '9') || (last >= 'a' && last <= 'z') || (last >= 'A' && last <= 'Z'))) return;
    if (text_.find('\\', text_.size() - std::min<std::size_t>(6, text_.size())) != std::string::npos) return;
    cache_valid_ = true;
    cache_end_ = text_.size();
    cache_member_ = member_start_;
    cache_string_ = string_start_;
    cache_key_ = v.open_key;
    cache_text_.assign(v.open_value.as_string());
    cache_kept_ = cache_text_.size();
    cache_last_ = static_cast<char>(last);
}

// The parser's rules for a string cut off by the end of the input, for the bytes it can follow
// exactly: printable ASCII and the one-letter escapes are copied / decoded; trailing spaces are
// dropped (kept counts up to the last other character); a trailing lone backslash is an escape
// cut off, read as nothing. When the last kept character is a delimiter the parser re-splits
// the string, so the view parses (the cache stays); \u, control bytes and non-ASCII drop it.
bool PartialJson::extend_open_string(PartialView& v) const {
    if (!cache_valid_) return false;
    if (!in_string_ || depth_ != 1 || !value_string_ || member_start_ != cache_member_ ||
        string_start_ != cache_string_) {
        cache_valid_ = false;
        return false;
    }
    std::size_t i = cache_end_;
    for (; i < text_.size(); ++i) {
        const auto c = static_cast<unsigned char>(text_[i]);
        if (c >= 0x20 && c < 0x7F && c != '\\') {
            cache_text_.push_back(static_cast<char>(c));
            if (c != ' ') {
                cache_kept_ = cache_text_.size();
                cache_last_ = static_cast<char>(c);
            }
            continue;
        }
        if (c == '\\' && i + 1 == text_.size()) break; // cut off: decoded when its letter comes
        char decoded = 0;
        if (c == '\\') {
            switch (text_[i + 1]) {
            case '"': decoded = '"'; break;
            case '\\': decoded = '\\'; break;
            case '/': decoded = '/'; break;
            case 'n': decoded = '\n'; break;
            case 't': decoded = '\t'; break;
            case 'r': decoded = '\r'; break;
            case 'b': decoded = '\b'; break;
            case 'f': decoded = '\f'; break;
            default: break;
            }
        }
        if (!decoded) {
            cache_valid_ = false;
            return false;
        }
        cache_text_.push_back(decoded);
        cache_kept_ = cache_text_.size();
        cache_last_ = '\\';
        ++i;
    }
    bytes_parsed_ += i - cache_end_;
    cache_end_ = i;
    switch (cache_last_) {
    case ',': case ':': case '[': case ']': case '{': case '}': case '/': case '+': return false;
    default: break;
    }
    v.has_open = true;
    v.open_key = cache_key_;
    v.open_value = Value(std::string_view(cache_text_).substr(0, cache_kept_));
    if (open_bracket_ == '{') append_path_key(v.open_path, v.open_key);
    else append_path_index(v.open_path, closed_.size());
    return true;
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
