#pragma once
// The parser's hottest paths, defined here so that the state machine (structure.cpp) inlines them:
// a call per string and per number, with its register saves, was a tenth of the work on small
// valid documents. Their cold continuations stay out of line (strings.cpp, numbers.cpp).

#include "parser.hpp"

#include "number/lexeme.hpp"
#include "value/value_access.hpp"

namespace laminate::parse_detail {

// --- the fast path -------------------------------------------------------------------------------

template <bool Key> inline bool Parser::read_string() {
    const char* const open = p_;
    const char* s = open + 1;
    hot_diag_mark_ = diag_count();
    for (;;) {
        s = find_string_stop(s, end_);
        if (s == end_) return read_string_slow(open, s, Key);
        if (*s == '"') {
            ws_.values.emplace_string(open + 1, static_cast<std::size_t>(s - open - 1), end_);
            if constexpr (Key) {
                const auto len = static_cast<std::size_t>(s - open - 1);
                ws_.keys.push_back(KeyInfo{offset(open), key_fingerprint(open + 1, len, end_)});
            }
            hot_open_ = open;
            hot_close_ = s;
            p_ = s + 1;
            return true;
        }
        if (static_cast<unsigned char>(*s) >= 0x80) {
            const int n = utf8_sequence(s, end_);
            if (n) {
                s += n;
                continue;
            }
        }
        return read_string_slow(open, s, Key);
    }
}

// --- single-quoted strings: a Python dict repr's (see single_quoted_plain()) ---------------------

// single_quoted_plain_end(), for the usual plain string: ASCII without escapes, its quote followed
// at once by the ',' or ':' that ends it (whatever its brackets, see quote_ends_string()). Any
// other string is read by single_quoted_plain_end() from its start.
inline const char* Parser::single_quoted_plain_end_hot(const char* open, bool key) const {
    const char* const s = find_string_stop<'\''>(open + 1, end_);
    // '''text''': no empty string, whatever follows it (the careful reader tries the triple quote).
    if (s == open + 1 && end_ - s >= 2 && s[1] == '\'') return nullptr;
    if (s != end_ && *s == '\'' && s + 1 != end_ && (s[1] == ',' || s[1] == ':') &&
        static_cast<std::size_t>(s - open) <= 0xFFFFFFFFu)
        return s;
    return single_quoted_plain_end(open, key);
}

inline void Parser::push_single_quoted(const char* open, const char* close, bool key) {
    const char* const text = open + 1;
    const auto len = static_cast<std::size_t>(close - text);
    ws_.values.emplace_string(text, len, end_);
    if (key) ws_.keys.push_back(KeyInfo{offset(open), key_fingerprint(text, len, end_)});
    hot_close_ = nullptr;
    p_ = close + 1;
}

// --- numbers: the fast path (see numbers.cpp) ----------------------------------------------------

inline bool Parser::read_number() {
    const char* const start = p_;
    const char* q = start;
    const bool negative = *q == '-';
    if (negative) ++q;
    const char* const digits = q;
    std::uint64_t mantissa = 0;
    while (q != end_ && is_digit(static_cast<unsigned char>(*q))) {
        mantissa =
            mantissa * 10 + static_cast<unsigned>(*q - '0'); // wraps beyond 19 digits: unused then
        ++q;
    }
    const auto int_digits = static_cast<std::size_t>(q - digits);
    if (int_digits == 0 || (*digits == '0' && int_digits > 1)) return false;
    if (q != end_) {
        const char c = *q;
        if (c == '.' || c == 'e' || c == 'E')
            return read_decimal(start, q, mantissa, int_digits, negative);
        if (is_word_char(static_cast<unsigned char>(c))) return false;
    }
    if (int_digits <= 18 && !(negative && mantissa == 0)) {
        const auto v = static_cast<std::int64_t>(mantissa);
        ws_.values.emplace(
            value_detail::ValueAccess::number(NumberKind::Int, negative ? -v : v, 0, 0, {}, false));
    } else {
        ws_.values.emplace(number_detail::make_number(
            std::string_view(start, static_cast<std::size_t>(q - start)), true));
    }
    p_ = q;
    return true;
}

} // namespace laminate::parse_detail
