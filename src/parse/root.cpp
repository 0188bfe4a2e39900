// The document as a whole: what may wrap it (a markdown fence), what may follow it (a closing
// fence, redundant closers, a trailing comma, more payloads), and what it may really be (a JSON
// document encoded in a string).

#include "document.hpp"

#include <algorithm>

namespace laminate::parse_detail {

namespace {
bool at_fence(const char* s, const char* end) noexcept {
    return end - s >= 3 && s[0] == '`' && s[1] == '`' && s[2] == '`';
}
// ``` and the language tag after it ("```json").
const char* skip_fence(const char* s, const char* end) noexcept {
    s += 3;
    while (s != end &&
           (is_alpha(static_cast<unsigned char>(*s)) || is_digit(static_cast<unsigned char>(*s)) ||
            *s == '_' || *s == '-' || *s == '+'))
        ++s;
    return s;
}
} // namespace

// Anything before the document's first bracket: white space, comments, a fence (root_start()
// takes the usual document, which starts with its bracket).
Next Parser::root_start_cold() {
    for (;;) {
        skip_ws();
        if (p_ == end_) return fail(ErrorKind::EmptyInput, p_, "the input has no JSON value");
        // Only a comment or Unicode white space is junk (see skip_junk()): most documents start
        // with a bracket.
        if (*p_ == '/' || *p_ == '#' || static_cast<unsigned char>(*p_) >= 0x80) {
            const Junk junk = skip_junk(false);
            if (junk == Junk::Failed) return Next::Fail;
            if (junk == Junk::Skipped) continue;
        }
        if (at_fence(p_, end_)) {
            if (!repair(RepairKind::WrapperStripped, p_, "removed fence", PathAt::Container))
                return Next::Fail;
            p_ = skip_fence(p_, end_);
            continue;
        }
        if (*p_ == '[' || *p_ == '{') {
            // [```json ... ```]: a bracket around a fence; its partner becomes a redundant closer.
            const char* t = p_ + 1;
            while (t != end_ && is_ws(static_cast<unsigned char>(*t)))
                ++t;
            if (at_fence(t, end_)) {
                if (!repair(RepairKind::WrapperStripped, p_, "removed bracket", PathAt::Container))
                    return Next::Fail;
                p_ = t;
                continue;
            }
        }
        root_start_ = p_;
        return Next::Value;
    }
}

Next Parser::root_after_value() {
    // The usual end: the input stops right after a container or scalar (a string may still need
    // misquoted()'s second look, and concatenation needs nothing, since nothing follows).
    if (p_ == end_ && !concatenated_ && !ws_.values.top().is_string()) return Next::Done;
    Next next = Next::Fail;
    if (misquoted(false, next)) return next;
    // Payloads on separate lines (or separated by commas) are concatenated; on one line they are
    // only when a container follows a container ({..}{..}).
    bool separated = false;
    for (const char* t = p_; t != begin_ && is_ws(static_cast<unsigned char>(t[-1])); --t) {
        if (t[-1] == '\n') {
            separated = true;
            break;
        }
    }
    const char* comma = nullptr;
    for (;;) {
        const char* before = p_;
        skip_ws();
        if (std::find(before, p_, '\n') != p_) separated = true;
        const Junk junk = skip_junk(false);
        if (junk == Junk::Failed) return Next::Fail;
        if (junk == Junk::Skipped) continue;
        if (p_ == end_) {
            if (comma &&
                !repair(RepairKind::TrailingComma, comma, "removed comma", PathAt::Container))
                return Next::Fail;
            return Next::Done;
        }
        const char c = *p_;
        if (c == ',') {
            if (!comma && !concatenated_ && ws_.values.size() == 1 && ws_.values.top().is_object()) {
                // {"a": 1}, "b": 2}: the object's closer came early and its members go on.
                const char* closer = p_;
                while (closer != begin_ && is_ws(static_cast<unsigned char>(closer[-1])))
                    --closer;
                const char* u = p_ + 1;
                while (u != end_ && is_ws(static_cast<unsigned char>(*u)))
                    ++u;
                if (closer != begin_ && closer[-1] == '}' && plausible_member(u))
                    return reopen_object(closer - 1, p_);
            }
            if (comma && !repair(RepairKind::LeadingComma, p_, "removed comma", PathAt::Container))
                return Next::Fail;
            comma = p_++;
            separated = true;
            continue;
        }
        if (at_fence(p_, end_)) {
            if (!repair(RepairKind::WrapperStripped, p_, "removed fence", PathAt::Container))
                return Next::Fail;
            p_ = skip_fence(p_, end_);
            continue;
        }
        if (c == ']' || c == '}' || c == ')') {
            // {"a": "x"}, "y"}: payloads joined, then a closer: the text was one broken
            // document, not several.
            if (concatenated_)
                return fail(ErrorKind::AmbiguousRepair, p_,
                            "a closer after payloads that were joined", PathAt::Container);
            if (!repair(RepairKind::RedundantCloser, p_, "removed closer", PathAt::Container))
                return Next::Fail;
            ++p_;
            continue;
        }
        const Value& last = ws_.values.top();
        if (c == '+' && !comma && last.is_string()) return concatenate_strings();
        if (root_text_)
            return fail(ErrorKind::InvalidJson, p_, "unexpected content after unquoted text",
                        PathAt::Container);
        // "a": 1, "b": 2}: a quoted string, a colon, and the text ends with '}': an object whose
        // opener is missing (the caller prefilled the answer with '{', as Anthropic suggests,
        // and passed on only what the model wrote).
        if (c == ':' && !comma && !concatenated_ && ws_.values.size() == 1 && last.is_string() &&
            (*root_start_ == '"' || *root_start_ == '\'') && ends_with_brace())
            return open_missing_object(p_);
        const bool container_follows_container =
            (c == '{' || c == '[') && (last.is_object() || last.is_array());
        if ((separated || container_follows_container) && c != ':' && c != ';' && c != '=') {
            if (!concatenated_ && !repair(RepairKind::ConcatenatedPayloads, p_, "joined payloads",
                                          PathAt::Container))
                return Next::Fail;
            concatenated_ = true;
            return Next::Value;
        }
        return fail(ErrorKind::InvalidJson, p_, "unexpected content after the JSON value",
                    PathAt::Container);
    }
}

// Whether the input's last byte other than white space is '}'.
bool Parser::ends_with_brace() const noexcept {
    const char* t = end_;
    while (t != p_ && is_ws(static_cast<unsigned char>(t[-1])))
        --t;
    return t != p_ && t[-1] == '}';
}

// The root string just read is the first key of an object whose '{' is missing: an object frame
// is opened at the string, the string becomes its key, and reading goes on at the colon.
Next Parser::open_missing_object(const char* colon) {
    if (!repair(RepairKind::MissingOpener, root_start_, "inserted '{'", PathAt::Container)) return Next::Fail;
    Value key = std::move(ws_.values.top());
    ws_.values.pop();
    p_ = root_start_;
    if (!open_frame(FrameKind::Object)) return Next::Fail;
    const std::string_view k = key.as_string();
    ws_.keys.push_back(KeyInfo{offset(root_start_), key_fingerprint(k.data(), k.size(), k.data() + k.size())});
    ws_.values.emplace(std::move(key));
    p_ = colon;
    hot_close_ = nullptr;
    return Next::AfterKey;
}

// The root object's members, back on the value stack in an object frame again: its closer was
// early. The frame's offset is the closer's (it identifies the frame; the real opening bracket
// is no longer known).
Next Parser::reopen_object(const char* closer, const char* comma) {
    if (!repair(RepairKind::RedundantCloser, closer, "removed closer", PathAt::Container))
        return Next::Fail;
    Value object = std::move(ws_.values.top());
    ws_.values.pop();
    p_ = closer;
    if (!open_frame(FrameKind::Object)) return Next::Fail;
    for (Member& m : object.members()) {
        const std::string_view key = m.name.as_string();
        ws_.keys.push_back(KeyInfo{offset(closer),
                                   key_fingerprint(key.data(), key.size(), key.data() + key.size())});
        ws_.values.emplace(std::move(m.name));
        ws_.values.emplace(std::move(m.value));
    }
    p_ = comma + 1;
    comma_ = comma;
    hot_close_ = nullptr;
    return Next::Key;
}

} // namespace laminate::parse_detail
