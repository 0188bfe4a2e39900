#pragma once
// Byte-level helpers shared by the extractor: character classes, trimming, and the bounded
// "does a payload start here?" look-aheads. Every look-ahead reads at most lookahead_limit bytes,
// which keeps the scanner linear however the input is shaped.

#include "number/lexeme.hpp"

#include <cstddef>
#include <string_view>

namespace laminate::extract_detail {

// Longest look-ahead after a '{' or '[' when deciding whether it opens a payload.
inline constexpr std::size_t lookahead_limit = 256;

constexpr bool is_space(char c) noexcept {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}
constexpr bool is_blank(char c) noexcept { return c == ' ' || c == '\t'; } // within a line
constexpr bool is_digit(char c) noexcept { return c >= '0' && c <= '9'; }
constexpr bool is_alpha(char c) noexcept { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
constexpr bool is_ident_start(char c) noexcept { return is_alpha(c) || c == '_' || c == '$'; }
constexpr bool is_ident(char c) noexcept { return is_ident_start(c) || is_digit(c) || c == '-'; }
constexpr char to_lower(char c) noexcept { return c >= 'A' && c <= 'Z' ? char(c - 'A' + 'a') : c; }

// [begin, end) shrunk past whitespace at both ends; begin == end when nothing is left.
struct Range {
    std::size_t begin = 0;
    std::size_t end = 0;
    bool empty() const noexcept { return begin >= end; }
    std::size_t size() const noexcept { return empty() ? 0 : end - begin; }
};

inline Range trim(std::string_view text, std::size_t begin, std::size_t end) noexcept {
    while (begin < end && is_space(text[begin])) ++begin;
    while (end > begin && is_space(text[end - 1])) --end;
    return {begin, end};
}

// Opening smart quotes (U+201C, U+2018) as UTF-8: models use them for keys and strings.
inline bool is_smart_quote_at(std::string_view t, std::size_t p) noexcept {
    return p + 2 < t.size() && t[p] == '\xE2' && t[p + 1] == '\x80' &&
           (t[p + 2] == '\x9C' || t[p + 2] == '\x98');
}

// A literal that can open a value: JSON's, Python's and JavaScript's, as a whole word.
inline bool literal_word_at(std::string_view t, std::size_t p) noexcept {
    static constexpr std::string_view words[] = {"true", "false", "null",     "True",
                                                 "False", "None", "NaN",      "Infinity",
                                                 "undefined"};
    for (std::string_view w : words) {
        if (t.substr(p, w.size()) != w) continue;
        std::size_t after = p + w.size();
        if (after == t.size() || !is_ident(t[after])) return true;
    }
    return false;
}

// t[p] is '{' or '['. True when what follows reads like the inside of a JSON (or JSON-ish)
// container: `{"key"`, `{key:`, `{5:`, `{}`, `[1`, `["x"`, `[{`, `[true`, `[]`... and not like
// prose:
// `[note]`, `[see below`, `{{template}}`, `{see the docs}`.
// White space and JSONC comments (`// …` to the end of the line, `/* … */`) from i, stopping at
// limit: a config-style payload may open with a comment before its first member.
inline std::size_t skip_space_and_comments(std::string_view t, std::size_t i,
                                           std::size_t limit) noexcept {
    while (i < limit) {
        if (is_space(t[i])) {
            ++i;
        } else if (t[i] == '/' && i + 1 < limit && t[i + 1] == '/') {
            while (i < limit && t[i] != '\n') ++i;
        } else if (t[i] == '/' && i + 1 < limit && t[i + 1] == '*') {
            std::size_t end = t.find("*/", i + 2);
            if (end == std::string_view::npos || end + 2 > limit) return limit;
            i = end + 2;
        } else {
            break;
        }
    }
    return i;
}

inline bool opens_payload(std::string_view t, std::size_t p) noexcept {
    const std::size_t limit = p + lookahead_limit < t.size() ? p + lookahead_limit : t.size();
    std::size_t j = skip_space_and_comments(t, p + 1, limit);
    if (j >= limit) return false;
    const char c = t[j];
    if (c == '"' || c == '\'' || is_smart_quote_at(t, j)) return true;
    if (c == '\\' && j + 1 < limit && t[j + 1] == '"') return true; // {\"key\": ...}, escaped once
    if (t[p] == '{') {
        if (c == '}') return true;
        if (is_digit(c) || (c == '-' && j + 1 < limit && is_digit(t[j + 1]))) {
            // A number as a key ({5: "b"}, Python's dict repr), followed by ':' as any key. (Not
            // {1, 2, 3}: a set of numbers in prose is prose, "the primes are {2, 3, 5}".)
            ++j;
            while (j < limit && (is_digit(t[j]) || t[j] == '.')) ++j;
            while (j < limit && is_blank(t[j])) ++j;
            return j < limit && t[j] == ':';
        }
        if (!is_ident_start(c)) return false;
        while (j < limit && is_ident(t[j])) ++j; // an unquoted key must be followed by ':'
        while (j < limit && is_blank(t[j])) ++j;
        return j < limit && t[j] == ':';
    }
    if (c == '{' || c == '[' || c == ']' || is_digit(c)) return true;
    if (c == '-') return j + 1 < t.size() && (is_digit(t[j + 1]) || t[j + 1] == 'I');
    return literal_word_at(t, j);
}

// Whether the whole answer t[p, end) is an opener cut off before anything else: `{`, `[` or
// `[-`. A payload that was truncated (completing it is the caller's choice), not prose.
inline bool lone_opener(std::string_view t, std::size_t p, std::size_t end) noexcept {
    if (end <= p || (t[p] != '{' && t[p] != '[')) return false;
    std::size_t q = p + 1;
    if (t[p] == '[' && q < end && t[q] == '-') ++q;
    while (q < end && is_space(t[q])) ++q;
    return q == end;
}

// Whether the whole answer t[p, end) is a Python tuple of values, `("a", "b")`, `(1, 2)` or
// `((1, 2), (3, 4))`: a parenthesis that closes at the end, opening on a quote, a number or a
// container. Words in parentheses, `(see above)`, are prose; the parser decides the rest.
inline bool whole_tuple(std::string_view t, std::size_t p, std::size_t end) noexcept {
    if (end <= p + 1 || t[p] != '(' || t[end - 1] != ')') return false;
    std::size_t q = p + 1;
    while (q < end && is_space(t[q])) ++q;
    if (q >= end) return false;
    const char c = t[q];
    return c == '"' || c == '\'' || c == '(' || c == '[' || c == '{' || c == '-' || is_digit(c);
}

// The whole text is a candidate when it starts like a payload: a container that opens_payload,
// a string, a number or a literal.
inline bool starts_like_payload(std::string_view t, std::size_t p) noexcept {
    if (p >= t.size()) return false;
    const char c = t[p];
    if (c == '{' || c == '[') return opens_payload(t, p);
    if (c == '"') return true;
    if (is_digit(c) || c == '-') { // a whole number token, not "1. First step" or "2024-05-01"
        std::size_t e = p;
        while (e < t.size() && (is_digit(t[e]) || t[e] == '-' || t[e] == '+' || t[e] == '.' ||
                                t[e] == 'e' || t[e] == 'E'))
            ++e;
        bool integral = false;
        return number_detail::is_json_number(t.substr(p, e - p), integral) &&
               (e == t.size() || is_space(t[e]));
    }
    return t.substr(p, 4) == "true" || t.substr(p, 5) == "false" || t.substr(p, 4) == "null";
}

} // namespace laminate::extract_detail
