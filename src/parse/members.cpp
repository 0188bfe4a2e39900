// What models write between and around an object's members that is not JSON: members straight
// inside an array (["k": "v"]), an array without a key that continues the member's array before
// it ({"a": [1, 2], [3, 4]}), and stray words between members ({"a": 1, NOTE "b": 2}). Each is
// taken only where the text leaves one reading; anything else stays the error it was.

#include "parser.hpp"

#include "value/value_access.hpp"

#include <algorithm>
#include <span>
#include <string_view>
#include <utility>

namespace laminate::parse_detail {

// What follows a colon after an array's string element: a value that starts like one (not a
// closer, not the end), so that ["a": ] or ["time: 12:30"] are no object.
bool Parser::value_follows_colon(const char* colon) const {
    const char* u = colon + 1;
    while (u != end_ && is_space_or_tab(static_cast<unsigned char>(*u)))
        ++u;
    if (u == end_ || *u == ']' || *u == '}' || *u == ')') return false;
    return plausible_value(u);
}

// ["key": "value"] or ["key": "value"}]: the array's string element is the key of an object whose
// opening brace is missing. The object is opened around it (its frame's offset is the colon's,
// which identifies it) and read on; it ends at its '}' or, losing that too, at the array's ']'.
Next Parser::members_in_array() {
    const char* const colon = p_;
    // ["a", "b": 1]: after elements that are no objects, the colon may as well belong to a set
    // or a dict that lost its braces around all of them: no reading is the careful one.
    for (std::size_t i = top().first; i + 1 < ws_.values.size(); ++i)
        if (!ws_.values.data()[i].is_object())
            return fail(ErrorKind::AmbiguousRepair, colon,
                        "a member after elements that are no objects", PathAt::Container);
    Value key = std::move(ws_.values.top());
    ws_.values.pop();
    if (!open_frame(FrameKind::Object)) return Next::Fail;
    const std::string_view text = key.as_string();
    ws_.keys.push_back(
        KeyInfo{offset(colon), key_fingerprint(text.data(), text.size(), text.data() + text.size())});
    ws_.values.emplace(std::move(key));
    if (!repair(RepairKind::MembersInArray, colon, "wrapped members", PathAt::Container))
        return Next::Fail;
    ++p_;
    comma_ = nullptr;
    hot_close_ = nullptr;
    return Next::Value;
}

// The object's last member is complete and its value is an array.
bool Parser::previous_member_is_array() const {
    const std::size_t n = count_in_top();
    return top().kind == FrameKind::Object && n >= 2 && n % 2 == 0 && ws_.values.top().is_array();
}

// {"a": [1, 2], [3, 4]} (at the second '['): the array has no key; the member before it holds an
// array, which this one continues, as every peer reads it. The member's array is opened again on
// the value stack, its elements first, and the new elements follow them.
Next Parser::join_previous_array() {
    const char* const open = p_;
    // {"m": [[1, 2]], [3, 4]}: after an array of arrays, an array of scalars is one more element
    // that lost its place, or a new member, as much as a continuation: no reading is the careful
    // one; so after any array that holds arrays ({"rows": [[1], 2, 3], [4]}: a row lost its
    // opening bracket). And joins are few in real answers: each copies the array
    // it continues, so more than a handful would make the cost grow with the square of the text.
    const std::span<const Value> before = std::as_const(ws_.values.top()).items();
    const char* u = open + 1;
    while (u != end_ && is_ws(static_cast<unsigned char>(*u)))
        ++u;
    const bool nested = std::any_of(before.begin(), before.end(),
                                    [](const Value& element) { return element.is_array(); });
    // {"a": [1, 2], [[3]]}: the other way round, arrays after scalars are a new member that
    // lost its key as much as elements of this one: no reading is the careful one either.
    const bool rows_after_scalars = !nested && !before.empty() && u != end_ && *u == '[';
    // {"a": [1, 2][0]} or (1, 2)[0]: an index, glued to the array, not a second array.
    const bool glued = open != begin_ && (open[-1] == ']' || open[-1] == ')');
    if ((nested && (u == end_ || *u != '[')) || rows_after_scalars || glued ||
        joins_ >= kMaxJoins)
        return fail(ErrorKind::AmbiguousRepair, open, "an object holds a value without a key",
                    PathAt::Container);
    ++joins_;
    Value array = std::move(ws_.values.top());
    ws_.values.pop();
    if (!open_frame(FrameKind::Array)) return Next::Fail;
    for (Value& element : array.items())
        ws_.values.emplace(std::move(element));
    if (!repair(RepairKind::JoinedArrays, open, "joined arrays", PathAt::Container))
        return Next::Fail;
    p_ = open + 1;
    comma_ = nullptr;
    hot_close_ = nullptr;
    return Next::Value;
}

// Where the next member of an object may start (so that unquoted text before it ends): the
// object's end, another delimiter, any quote (no guess is made past one), or a key written
// without quotes, up to 64 bytes of key-like text on the line and then ':' (`b:`, `full name:`,
// `2:`, `@type:`). Reads at most that far past t.
bool Parser::plausible_next_member(const char* t) const {
    if (t == end_) return true;
    const char c = *t;
    if (c == '}' || c == ']' || c == ',' || c == '{' || c == '[') return true;
    QuoteStyle style = QuoteStyle::Double;
    if (opening_quote(t, end_, style)) return true;
    const char* u = t;
    const char* const limit = end_ - t > 64 ? t + 64 : end_;
    while (u != limit && *u != ':' && *u != ',' && *u != '"' && *u != '\'' && *u != '{' &&
           *u != '}' && *u != '[' && *u != ']' && *u != '\n' && *u != '\r')
        ++u;
    return u != t && u != limit && *u == ':';
}

// Whether the comma at `comma`, inside a member's unquoted text, ends it: the next member (or the
// object's end, a comment, the line's end) follows it.
bool Parser::ends_member_text(const char* comma) const {
    const char* u = comma + 1;
    while (u != end_ && is_space_or_tab(static_cast<unsigned char>(*u)))
        ++u;
    if (u == end_ || *u == '\n' || *u == '\r' || *u == ']' || *u == '#') return true;
    if (*u == '/' && u + 1 != end_ && (u[1] == '/' || u[1] == '*')) return true;
    return plausible_next_member(u);
}

// Whether the line break at `at`, inside a member's unquoted text, ends it: what the next lines
// start with (past at most a look-ahead of white space) may follow a value, or is the next member.
bool Parser::line_ends_member_text(const char* at) const {
    const char* u = at;
    const char* const limit = end_ - at > 256 ? at + 256 : end_;
    while (u != limit && is_ws(static_cast<unsigned char>(*u)))
        ++u;
    if (u == limit || *u == ',' || *u == ']' || *u == '#') return true;
    if (*u == '/' && u + 1 != end_ && (u[1] == '/' || u[1] == '*')) return true;
    if (*u == '"' || *u == '\'' || *u == '{' || *u == '[') return true; // no guess past a quote
    return plausible_next_member(u);
}

// Words between members that belong to none: {"a": 1, NOTE "b": 2}. From t, after a comma, one
// or more words on one line (not a keyword such as true or None: that is a value), then a quoted
// key and its colon. Returns where the object goes on, or null when the text is not that. Words
// right after a value, with no comma, are not dropped: {"name": "Bob" Smith} or {"n": 8 billion}
// may well be the value's own.
const char* Parser::stray_words_end(const char* t) const {
    const char* u = t;
    bool any = false;
    while (u != end_ && is_identifier_start(static_cast<unsigned char>(*u))) {
        const char* const word = u;
        while (u != end_ && is_word_char(static_cast<unsigned char>(*u)))
            ++u;
        if (is_keyword(std::string_view(word, static_cast<std::size_t>(u - word)))) return nullptr;
        any = true;
        while (u != end_ && is_space_or_tab(static_cast<unsigned char>(*u)))
            ++u;
    }
    if (!any || u == end_) return nullptr;
    return plausible_member(u) ? u : nullptr;
}

// Drops the stray words before `end`, a Warning at the first of them; the machine goes on in
// state `then` (a key after a comma, or whatever follows a value).
Next Parser::drop_stray_words(const char* end, Next then) {
    if (!repair(RepairKind::StrayText, p_, "dropped words", PathAt::Container)) return Next::Fail;
    p_ = end;
    hot_close_ = nullptr;
    return then;
}

} // namespace laminate::parse_detail
