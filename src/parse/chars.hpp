#pragma once
// Byte classes and UTF-8 helpers shared by the parser's scanners. Everything here is a pure
// function of the bytes it is given; nothing reads past `end`.

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

#include "core/utf8.hpp"

namespace laminate::parse_detail {

// JSON white space, by table: one load and one branch per byte in the hot loops.
inline constexpr auto ws_table = [] {
    std::array<bool, 256> t{};
    t[' '] = t['\n'] = t['\r'] = t['\t'] = true;
    return t;
}();
inline bool is_ws(unsigned char c) noexcept { return ws_table[c]; }
inline bool is_space_or_tab(unsigned char c) noexcept { return c == ' ' || c == '\t'; }
inline bool is_digit(unsigned char c) noexcept { return static_cast<unsigned>(c - '0') < 10u; }
inline bool is_alpha(unsigned char c) noexcept {
    return static_cast<unsigned>((c | 0x20) - 'a') < 26u;
}
inline bool is_hex(unsigned char c) noexcept {
    return is_digit(c) || static_cast<unsigned>((c | 0x20) - 'a') < 6u;
}
inline unsigned hex_value(unsigned char c) noexcept {
    return is_digit(c) ? static_cast<unsigned>(c - '0')
                       : static_cast<unsigned>((c | 0x20) - 'a' + 10);
}

// Characters that glue to a number or a keyword: "12abc", "truee" and "0.0.1" are words, not a
// token followed by garbage.
inline bool is_word_char(unsigned char c) noexcept {
    return is_alpha(c) || is_digit(c) || c == '_' || c == '.' || c == '-' || c == '$';
}

// "..." or "…" (U+2026), where a value or member belongs: "and so on", three bytes either way.
inline bool is_ellipsis(const char* p, const char* end) noexcept {
    return end - p >= 3 && ((p[0] == '.' && p[1] == '.' && p[2] == '.') ||
                            (p[0] == '\xE2' && p[1] == '\x80' && p[2] == '\xA6'));
}

// JSON's constants and Python's: a value, never a stray word.
inline bool is_keyword(std::string_view word) noexcept {
    return word == "true" || word == "false" || word == "null" || word == "True" ||
           word == "False" || word == "None";
}

// Whether the word that starts at t (up to end) is one of those constants.
inline bool keyword_at(const char* t, const char* end) noexcept {
    const char* e = t;
    while (e != end && is_word_char(static_cast<unsigned char>(*e)))
        ++e;
    return is_keyword(std::string_view(t, static_cast<std::size_t>(e - t)));
}
inline bool is_identifier_start(unsigned char c) noexcept {
    return is_alpha(c) || c == '_' || c == '$';
}
inline bool is_identifier_char(unsigned char c) noexcept {
    return is_identifier_start(c) || is_digit(c) || c == '.';
}

// --- the string fast path ------------------------------------------------------------------------

// Flags (high bit of the byte) the bytes of w that a string scan must stop at: the quote ('"', or
// '\'' for a single-quoted string), '\\', control characters (< 0x20) and non-ASCII (>= 0x80, to
// validate UTF-8). The lowest flagged byte is always a true match: the borrow of the subtraction
// trick can only flag bytes above one.
template <char Quote = '"'> inline std::uint64_t string_stop_mask(std::uint64_t w) noexcept {
    constexpr std::uint64_t ones = 0x0101010101010101ull;
    constexpr std::uint64_t high = 0x8080808080808080ull;
    const std::uint64_t quote = w ^ (ones * static_cast<unsigned char>(Quote));
    const std::uint64_t backslash = w ^ (ones * '\\');
    const std::uint64_t has_quote = (quote - ones) & ~quote;
    const std::uint64_t has_backslash = (backslash - ones) & ~backslash;
    const std::uint64_t has_control = (w - ones * 0x20) & ~w;
    return (has_quote | has_backslash | has_control | w) & high;
}

// Loads 8 bytes so that byte 0 of the text is the least significant byte of the result.
inline std::uint64_t load8(const char* s) noexcept {
    std::uint64_t w;
    std::memcpy(&w, s, 8);
    if constexpr (std::endian::native == std::endian::big) w = __builtin_bswap64(w);
    return w;
}

inline std::size_t first_flagged_byte(std::uint64_t mask) noexcept {
    return static_cast<std::size_t>(std::countr_zero(mask)) / 8;
}

template <char Quote = '"'> inline bool string_stop_byte(unsigned char c) noexcept {
    return c == static_cast<unsigned char>(Quote) || c == '\\' || c < 0x20 || c >= 0x80;
}

// The first byte in [s, end) a string scan must stop at, or end. Scans 16 bytes at a time where
// SSE2 is available, then 8 at a time (both paths run on x86: the second one on the tails).
template <char Quote = '"'>
inline const char* find_string_stop(const char* s, const char* end) noexcept {
#if defined(__SSE2__)
    const __m128i quote = _mm_set1_epi8(Quote);
    const __m128i backslash = _mm_set1_epi8('\\');
    const __m128i space = _mm_set1_epi8(0x20);
    while (end - s >= 16) {
        const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(s));
        // Signed: bytes >= 0x80 are negative, so "less than 0x20" flags them with the controls.
        const __m128i stops =
            _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, quote), _mm_cmpeq_epi8(v, backslash)),
                         _mm_cmplt_epi8(v, space));
        const int mask = _mm_movemask_epi8(stops);
        if (mask) return s + std::countr_zero(static_cast<unsigned>(mask));
        s += 16;
    }
#endif
    while (end - s >= 8) {
        const std::uint64_t stops = string_stop_mask<Quote>(load8(s));
        if (stops) return s + first_flagged_byte(stops);
        s += 8;
    }
    while (s != end && !string_stop_byte<Quote>(static_cast<unsigned char>(*s)))
        ++s;
    return s;
}

// A 64-bit digest of an object key, for duplicate detection: equal keys have equal fingerprints,
// and keys of up to 7 bytes are even encoded exactly. Bytes up to `readable_end` may be read.
inline std::uint64_t key_fingerprint(const char* b, std::size_t len,
                                     const char* readable_end) noexcept {
    if (len < 8) {
        std::uint64_t head = 0;
        if (readable_end - b >= 8) {
            head = load8(b) & ((std::uint64_t{1} << (8 * len)) - 1);
        } else {
            for (std::size_t i = 0; i < len; ++i)
                head |= std::uint64_t{static_cast<unsigned char>(b[i])} << (8 * i);
        }
        return head | (std::uint64_t{len} << 56);
    }
    std::uint64_t h = load8(b) * 0x9E3779B97F4A7C15ull;
    h ^= (load8(b + len - 8) + len) * 0xC2B2AE3D27D4EB4Full;
    return h ^ (h >> 29) ^ (std::uint64_t{1} << 63); // never equal to a short key's
}

// --- UTF-8 ---------------------------------------------------------------------------------------

// Length (2..4) of the well-formed UTF-8 sequence starting with the non-ASCII byte at s, or 0 when
// it is malformed or cut off by the end of the input.
inline int utf8_sequence(const char* s, const char* end) noexcept {
    const auto* u = reinterpret_cast<const unsigned char*>(s);
    const std::ptrdiff_t avail = end - s;
    const unsigned c = u[0];
    if (c < 0xC2) return 0;
    if (c < 0xE0) return avail >= 2 && (u[1] & 0xC0) == 0x80 ? 2 : 0;
    if (c < 0xF0) {
        if (avail < 3) return 0;
        const unsigned lo = c == 0xE0 ? 0xA0 : 0x80;
        const unsigned hi = c == 0xED ? 0x9F : 0xBF;
        return u[1] >= lo && u[1] <= hi && (u[2] & 0xC0) == 0x80 ? 3 : 0;
    }
    if (c < 0xF5) {
        if (avail < 4) return 0;
        const unsigned lo = c == 0xF0 ? 0x90 : 0x80;
        const unsigned hi = c == 0xF4 ? 0x8F : 0xBF;
        return u[1] >= lo && u[1] <= hi && (u[2] & 0xC0) == 0x80 && (u[3] & 0xC0) == 0x80 ? 4 : 0;
    }
    return 0;
}

// Length (>= 1) of the maximal ill-formed subpart at s (Unicode's recommendation for how much one
// U+FFFD replaces). Precondition: utf8_sequence(s, end) == 0.
inline int utf8_bad_length(const char* s, const char* end) noexcept {
    const auto* u = reinterpret_cast<const unsigned char*>(s);
    const unsigned c = u[0];
    int need = 0;
    unsigned lo = 0x80, hi = 0xBF;
    if (c >= 0xC2 && c < 0xE0)
        need = 1;
    else if (c >= 0xE0 && c < 0xF0) {
        need = 2;
        if (c == 0xE0) lo = 0xA0;
        if (c == 0xED) hi = 0x9F;
    } else if (c >= 0xF0 && c < 0xF5) {
        need = 3;
        if (c == 0xF0) lo = 0x90;
        if (c == 0xF4) hi = 0x8F;
    } else
        return 1;
    int len = 1;
    for (int k = 0; k < need && s + len < end; ++k, ++len) {
        const unsigned b = u[len];
        if (b < lo || b > hi) break;
        lo = 0x80;
        hi = 0xBF;
    }
    return len;
}

// Code point of a well-formed sequence of length n (from utf8_sequence).
inline char32_t utf8_decode(const char* s, int n) noexcept {
    const auto* u = reinterpret_cast<const unsigned char*>(s);
    switch (n) {
    case 2: return static_cast<char32_t>(((u[0] & 0x1F) << 6) | (u[1] & 0x3F));
    case 3:
        return static_cast<char32_t>(((u[0] & 0x0F) << 12) | ((u[1] & 0x3F) << 6) | (u[2] & 0x3F));
    case 4:
        return static_cast<char32_t>(((u[0] & 0x07) << 18) | ((u[1] & 0x3F) << 12) |
                                     ((u[2] & 0x3F) << 6) | (u[3] & 0x3F));
    default: return u[0];
    }
}

using core_detail::append_utf8;

inline constexpr std::string_view replacement_character = "\xEF\xBF\xBD"; // U+FFFD

// Unicode white space that models and word processors put where JSON wants a space.
inline bool is_special_whitespace(char32_t cp) noexcept {
    return cp == 0x85 || cp == 0xA0 || cp == 0x1680 || cp == 0x180E ||
           (cp >= 0x2000 && cp <= 0x200B) || cp == 0x2028 || cp == 0x2029 || cp == 0x202F ||
           cp == 0x205F || cp == 0x3000 || cp == 0xFEFF;
}

// Length of the white space JSON does not know at s (Unicode white space, see
// is_special_whitespace(), or a form feed or vertical tab), or 0.
inline int special_space_at(const char* s, const char* end) noexcept {
    if (s == end) return 0;
    if (*s == '\f' || *s == '\v') return 1;
    if (static_cast<unsigned char>(*s) < 0x80) return 0;
    const int n = utf8_sequence(s, end);
    return n && is_special_whitespace(utf8_decode(s, n)) ? n : 0;
}

// Skips spaces, tabs and Unicode white space on one line: where a look-ahead decides what follows
// a token, "x"<NBSP>, must read as "x" , does (skip_junk() then reports the space).
inline const char* skip_blanks(const char* t, const char* end) noexcept {
    for (;;) {
        while (t != end && is_space_or_tab(static_cast<unsigned char>(*t)))
            ++t;
        const int n = special_space_at(t, end);
        if (!n) return t;
        t += n;
    }
}

// U+FF1A FULLWIDTH COLON, which CJK text writes where JSON's ':' belongs.
inline bool is_fullwidth_colon(const char* s, const char* end) noexcept {
    return end - s >= 3 && s[0] == '\xEF' && s[1] == '\xBC' && s[2] == '\x9A';
}

// --- quotes --------------------------------------------------------------------------------------

// Which quotes open a string, and therefore which ones may close it.
enum class QuoteStyle : std::uint8_t {
    Double,            // "..."  closed by "
    Single,            // '...'  closed by '
    TypographicDouble, // “...” „...” «...»  closed by any double-like quote
    TypographicSingle, // ‘...’ `...´ `...'  closed by any single-like quote
    Escaped,           // \"...\" (a string whose quotes were escaped one level too many)
};

// Typographic quotes, and whether they are double-like. Returns the byte length at s (0: none).
inline int typographic_quote(const char* s, const char* end, bool& double_like) noexcept {
    const auto* u = reinterpret_cast<const unsigned char*>(s);
    const std::ptrdiff_t avail = end - s;
    if (avail >= 2 && u[0] == 0xC2 && (u[1] == 0xB4 || u[1] == 0xAB || u[1] == 0xBB)) {
        double_like = u[1] != 0xB4; // ´ is single-like, « » double-like
        return 2;
    }
    if (avail >= 3 && u[0] == 0xE2 && u[1] == 0x80 && u[2] >= 0x98 && u[2] <= 0x9F) {
        double_like = u[2] >= 0x9C; // U+2018..U+201B single, U+201C..U+201F double
        return 3;
    }
    return 0;
}

// Length of a quote at s that can open a string, with its style; 0 when s is not a quote. A
// backslash-quote opens an Escaped string.
inline int opening_quote(const char* s, const char* end, QuoteStyle& style) noexcept {
    switch (*s) {
    case '"': style = QuoteStyle::Double; return 1;
    case '\'': style = QuoteStyle::Single; return 1;
    case '`': style = QuoteStyle::TypographicSingle; return 1;
    case '\\':
        if (end - s >= 2 && s[1] == '"') {
            style = QuoteStyle::Escaped;
            return 2;
        }
        return 0;
    default: break;
    }
    bool double_like = false;
    const int n = typographic_quote(s, end, double_like);
    if (n) style = double_like ? QuoteStyle::TypographicDouble : QuoteStyle::TypographicSingle;
    return n;
}

// Length of a quote at s that closes a string of this style, or 0.
inline int closing_quote(const char* s, const char* end, QuoteStyle style) noexcept {
    switch (style) {
    case QuoteStyle::Double: return *s == '"' ? 1 : 0;
    case QuoteStyle::Single: return *s == '\'' ? 1 : 0;
    case QuoteStyle::Escaped: return *s == '"' ? 1 : 0;
    case QuoteStyle::TypographicDouble: {
        if (*s == '"') return 1;
        bool double_like = false;
        const int n = typographic_quote(s, end, double_like);
        return double_like ? n : 0;
    }
    case QuoteStyle::TypographicSingle: {
        if (*s == '\'' || *s == '`') return 1;
        bool double_like = true;
        const int n = typographic_quote(s, end, double_like);
        return double_like ? 0 : n;
    }
    }
    return 0;
}

} // namespace laminate::parse_detail
