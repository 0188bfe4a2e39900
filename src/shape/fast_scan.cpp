// The non-template half of the from_json fast path (include/laminate/detail/shape_fast.hpp):
// scalars and keys of strict JSON read straight from the text. Anything outside the strict
// grammar, or that the parser would repair or flag, makes these return false so that the
// caller falls back to the tolerant parser.
#include <laminate/detail/shape_fast.hpp>

#include "core/utf8.hpp"
#include "number/lexeme.hpp"

#include <array>
#include <cfloat>
#include <charconv>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace laminate::shape_detail {

using core_detail::encode_utf8;
using number_detail::double_surely_lossless;
using number_detail::is_json_number;
using number_detail::significant_digits;
namespace {

// ASCII string bytes that stand for themselves: not a quote, a backslash or a control character.
constexpr auto kPlain = [] {
    std::array<bool, 256> t{};
    for (int b = 0x20; b < 0x80; ++b) t[static_cast<std::size_t>(b)] = b != '"' && b != '\\';
    return t;
}();

bool plain(unsigned char b) noexcept { return kPlain[b]; }

// The first byte at or after p that is not plain: sixteen bytes at a time with SSE2 (every x86-64
// has it), then eight at a time while they all are. Inline: it runs once or more per string, and
// the call cost a tenth of what it does on a short one.
[[gnu::always_inline]] inline const char* skip_plain(const char* p, const char* end) noexcept {
#if defined(__SSE2__)
    const __m128i quote = _mm_set1_epi8('"'), backslash = _mm_set1_epi8('\\'), space = _mm_set1_epi8(0x20);
    while (end - p >= 16) {
        const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
        // A signed compare: bytes from 0x80 up are negative, so one test finds controls and non-ASCII.
        const __m128i special = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, quote), _mm_cmpeq_epi8(v, backslash)),
                                             _mm_cmplt_epi8(v, space));
        if (const int mask = _mm_movemask_epi8(special)) return p + __builtin_ctz(static_cast<unsigned>(mask));
        p += 16;
    }
#endif
    constexpr std::uint64_t ones = 0x0101010101010101ull, high = 0x8080808080808080ull;
    auto has_zero = [](std::uint64_t v) { return (v - ones) & ~v & high; };
    while (end - p >= 8) {
        std::uint64_t w;
        std::memcpy(&w, p, 8);
        const std::uint64_t special =
            (w & high) | ((w - ones * 0x20) & ~w & high) | has_zero(w ^ (ones * '"')) | has_zero(w ^ (ones * '\\'));
        if (special) break;
        p += 8;
    }
    while (p != end && plain(static_cast<unsigned char>(*p))) ++p;
    return p;
}

bool continuation(const char* p, const char* end, std::size_t n) noexcept {
    if (static_cast<std::size_t>(end - p) < n) return false;
    for (std::size_t i = 0; i < n; ++i)
        if ((static_cast<unsigned char>(p[i]) & 0xC0) != 0x80) return false;
    return true;
}

// The length of the well-formed UTF-8 sequence at p (RFC 3629: no overlong form, no surrogate,
// nothing above U+10FFFF), 0 when it is not one.
std::size_t utf8_sequence(const char* p, const char* end) noexcept {
    const auto b0 = static_cast<unsigned char>(*p);
    std::size_t n = 0;
    if (b0 >= 0xC2 && b0 <= 0xDF) n = 1;
    else if (b0 >= 0xE0 && b0 <= 0xEF) n = 2;
    else if (b0 >= 0xF0 && b0 <= 0xF4) n = 3;
    else return 0;
    if (!continuation(p + 1, end, n)) return 0;
    const auto b1 = static_cast<unsigned char>(p[1]);
    if (b0 == 0xE0 && b1 < 0xA0) return 0; // overlong
    if (b0 == 0xED && b1 >= 0xA0) return 0; // surrogate
    if (b0 == 0xF0 && b1 < 0x90) return 0; // overlong
    if (b0 == 0xF4 && b1 >= 0x90) return 0; // above U+10FFFF
    return n + 1;
}

int hex(char ch) noexcept {
    if (ch >= '0' && ch <= '9') return ch - '0';
    if (ch >= 'a' && ch <= 'f') return ch - 'a' + 10;
    if (ch >= 'A' && ch <= 'F') return ch - 'A' + 10;
    return -1;
}

// Where the string whose text starts at p ends (its closing quote), escapes stepped over; null
// when it does not end before `end`. Its raw length bounds the decoded one (an escape never
// decodes longer than it is written).
const char* closing_quote(const char* p, const char* end) noexcept {
    for (;;) {
        p = skip_plain(p, end);
        if (p == end) return nullptr;
        if (*p == '"') return p;
        if (*p == '\\') {
            if (end - p < 2) return nullptr;
            p += 2;
        } else {
            ++p;
        }
    }
}

// The escape at p (its backslash) decoded into out (at most 3 bytes: \u is kept to the BMP), p
// past it: the count written, 0 for what the parser would repair or flag.
std::size_t decode_escape(const char*& p, const char* end, char* out) noexcept {
    if (++p == end) return 0;
    switch (*p++) {
    case '"': *out = '"'; return 1;
    case '\\': *out = '\\'; return 1;
    case '/': *out = '/'; return 1;
    case 'b': *out = '\b'; return 1;
    case 'f': *out = '\f'; return 1;
    case 'n': *out = '\n'; return 1;
    case 'r': *out = '\r'; return 1;
    case 't': *out = '\t'; return 1;
    case 'u': {
        if (end - p < 4) return 0;
        char32_t cp = 0;
        for (int i = 0; i < 4; ++i) {
            const int h = hex(p[i]);
            if (h < 0) return 0;
            cp = cp * 16 + static_cast<char32_t>(h);
        }
        if (cp >= 0xD800 && cp <= 0xDFFF) return 0; // pairs and lone halves: the parser's call
        p += 4;
        return encode_utf8(cp, out);
    }
    default: return 0;
    }
}

// A string with escapes or non-ASCII whose text starts at `run`, p at its first byte that is not
// plain: decoded in one pass into `buf` (n bytes at most), then into s with one assign. False, c.p
// unchanged, for what the parser would repair or flag; `overflow` set (and false) when the decoded
// text does not fit, for the caller to take the two-pass way.
bool decode_into_buffer(FastCursor& c, const char* run, const char* p, std::string& s, char* buf, std::size_t n,
                        bool& overflow) {
    std::size_t used = 0;
    auto put = [&](const char* from, std::size_t len) {
        if (n - used < len) return overflow = true, false;
        std::memcpy(buf + used, from, len);
        used += len;
        return true;
    };
    // [run, p) is decoded text not yet copied: plain ASCII and whole UTF-8 sequences stay in it,
    // so only an escape (and the closing quote) copies, not every non-ASCII character.
    for (;;) {
        if (p == c.end) return false;
        const auto b = static_cast<unsigned char>(*p);
        if (b == '"') break;
        if (b < 0x20) return false; // the parser repairs raw control characters
        if (b >= 0x80) {
            const std::size_t len = utf8_sequence(p, c.end);
            if (!len) return false;
            p = skip_plain(p + len, c.end);
            continue;
        }
        if (!put(run, static_cast<std::size_t>(p - run))) return false;
        char decoded[4]; // encode_utf8 writes at most 3 for \u, 4 in general
        const std::size_t len = decode_escape(p, c.end, decoded);
        if (!len || !put(decoded, len)) return false;
        run = p;
        p = skip_plain(p, c.end);
    }
    if (!put(run, static_cast<std::size_t>(p - run))) return false;
    s.assign(buf, used);
    c.p = p + 1;
    return true;
}

// Escapes or non-ASCII after the plain run [run, p): one pass into a stack buffer, which holds the
// strings of arguments nearly always (the decoded text is never longer than the raw text, so a
// raw text that fits cannot overflow it). A longer one is measured first (closing_quote) and
// decoded the same way into a block of its raw length.
[[gnu::noinline]] bool decode_escaped(FastCursor& c, const char* run, const char* p, std::string& s) {
    char buf[512];
    bool overflow = false;
    if (decode_into_buffer(c, run, p, s, buf, sizeof buf, overflow)) return true;
    if (!overflow) return false;
    const char* close = closing_quote(p, c.end);
    if (!close) return false;
    const auto n = static_cast<std::size_t>(close - run);
    const std::unique_ptr<char[]> block(new char[n]);
    return decode_into_buffer(c, run, p, s, block.get(), n, overflow);
}

// The string at c.p (its opening quote) decoded into s, c.p past it; c.p unchanged on false.
// Inline into fast_string: it is the whole of it, once per string member.
[[gnu::always_inline]] inline bool decode_string(FastCursor& c, std::string& s) {
    const char* run = c.p + 1;
    const char* p = skip_plain(run, c.end);
    if (p != c.end && *p == '"') { // nothing to decode
        s.assign(run, p);
        c.p = p + 1;
        return true;
    }
    return decode_escaped(c, run, p, s);
}

bool read_string(FastCursor& c, Value& out) {
    const char* p = skip_plain(c.p + 1, c.end);
    if (p != c.end && *p == '"') { // the common case: nothing to decode
        out = Value(std::string_view(c.p + 1, static_cast<std::size_t>(p - c.p - 1)));
        c.p = p + 1;
        return true;
    }
    std::string s;
    if (!decode_string(c, s)) return false;
    out = Value(std::string_view(s));
    return true;
}

// The bytes a JSON number lexeme is made of: one table load, not six compares (it ends every number).
constexpr auto kNumberChar = [] {
    std::array<bool, 256> t{};
    for (int b = '0'; b <= '9'; ++b) t[static_cast<std::size_t>(b)] = true;
    for (char ch : {'-', '+', '.', 'e', 'E'}) t[static_cast<unsigned char>(ch)] = true;
    return t;
}();

bool number_char(char ch) noexcept { return kNumberChar[static_cast<unsigned char>(ch)]; }

bool literal(FastCursor& c, std::string_view word) noexcept {
    if (static_cast<std::size_t>(c.end - c.p) < word.size() || std::string_view(c.p, word.size()) != word) return false;
    c.p += word.size();
    return true;
}

} // namespace

bool fast_scalar(FastCursor& c, Value& out) {
    if (c.p == c.end) return false;
    switch (*c.p) {
    case '"': return read_string(c, out);
    case 't': out = Value(true); return literal(c, "true");
    case 'f': out = Value(false); return literal(c, "false");
    case 'n': out = Value(); return literal(c, "null");
    default: break;
    }
    if (*c.p != '-' && (*c.p < '0' || *c.p > '9')) return false;
    const char* start = c.p;
    const char* p = c.p;
    while (p != c.end && number_char(*p)) ++p;
    out = Value::number_from_lexeme(std::string_view(start, static_cast<std::size_t>(p - start)));
    if (out.is_null()) return false; // not exactly one JSON number
    c.p = p;
    return true;
}

bool fast_string(FastCursor& c, std::string& out) {
    // decode_string moves c.p only when it succeeds: no probe cursor needed.
    return c.at('"') && decode_string(c, out);
}

bool fast_small_integer(FastCursor& c, std::int64_t& value) noexcept {
    const char* p = c.p;
    const bool negative = p != c.end && *p == '-';
    if (negative) ++p;
    const char* digits = p;
    std::int64_t v = 0;
    for (; p != c.end && p - digits < 18; ++p) {
        const unsigned d = static_cast<unsigned char>(*p) - unsigned{'0'}; // one compare per digit
        if (d > 9) break;
        v = v * 10 + static_cast<std::int64_t>(d);
    }
    const auto n = p - digits;
    if (n == 0 || n > 18 || (*digits == '0' && (n > 1 || negative))) return false;
    if (p != c.end && number_char(*p)) return false; // a fraction, an exponent, or junk
    value = negative ? -v : v;
    c.p = p;
    return true;
}

namespace {

// Clinger's fast path: a JSON number of at most 19 digits whose digits make an integer m below
// 2^53 and whose decimal exponent e has |e| <= 22 is m * 10^e or m / 10^-e, one IEEE operation on
// two exact doubles, hence the correctly rounded value from_chars gives. Also requires what
// double_surely_lossless asks (at most 15 significant digits, magnitude below 2^53). False, with
// nothing consumed, when any of that fails or the lexeme is integral or not one JSON number: the
// caller then takes the general road.
bool clinger_double(FastCursor& c, double& value) noexcept {
#if defined(FLT_EVAL_METHOD) && FLT_EVAL_METHOD == 0
    static constexpr double kPow10[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
                                        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
    const char* p = c.p;
    const char* const end = c.end;
    const bool negative = p != end && *p == '-';
    if (negative) ++p;
    auto digit = [&](const char* q) { return q != end && *q >= '0' && *q <= '9'; };
    if (!digit(p)) return false;
    std::uint64_t m = 0;
    int digits = 0; // digits accumulated in m, leading zeros included (at most 19 keep m exact)
    auto take = [&] {
        m = m * 10 + static_cast<std::uint64_t>(*p++ - '0');
        ++digits;
    };
    if (*p == '0') {
        ++p;
        if (digit(p)) return false; // a leading zero: not JSON
    } else {
        while (digit(p) && digits < 19) take();
        if (digit(p)) return false;
    }
    int exponent = 0;
    bool integral = true;
    if (p != end && *p == '.') {
        ++p;
        if (!digit(p)) return false;
        integral = false;
        while (digit(p) && digits < 19) {
            take();
            --exponent;
        }
        if (digit(p)) return false;
    }
    if (p != end && (*p == 'e' || *p == 'E')) {
        ++p;
        integral = false;
        const bool minus = p != end && *p == '-';
        if (p != end && (*p == '-' || *p == '+')) ++p;
        if (!digit(p)) return false;
        int e = 0;
        while (digit(p) && e < 1000) e = e * 10 + (*p++ - '0');
        if (digit(p)) return false;
        exponent += minus ? -e : e;
    }
    if (integral || (p != end && number_char(*p))) return false;
    if (m >= (std::uint64_t{1} << 53) || exponent < -22 || exponent > 22) return false;
    // Significant digits: m without its trailing zeros (leading ones never reach m's value).
    std::uint64_t sig = m;
    int sig_digits = 0;
    if (sig) {
        while (sig % 10 == 0) sig /= 10;
        for (; sig; sig /= 10) ++sig_digits;
    }
    double d = static_cast<double>(m);
    d = exponent < 0 ? d / kPow10[-exponent] : d * kPow10[exponent];
    if (negative) d = -d;
    if (!double_surely_lossless(d, static_cast<std::size_t>(sig_digits))) return false;
    value = d;
    c.p = p;
    return true;
#else
    (void)c;
    (void)value;
    return false;
#endif
}

} // namespace

bool fast_double(FastCursor& c, double& value) noexcept {
    if (clinger_double(c, value)) return true;
    const char* p = c.p;
    while (p != c.end && number_char(*p)) ++p;
    const std::string_view lexeme(c.p, static_cast<std::size_t>(p - c.p));
    bool integral = false;
    if (lexeme.empty() || !is_json_number(lexeme, integral) || integral) return false;
    double d = 0;
    const auto r = std::from_chars(lexeme.data(), p, d);
    if (r.ec != std::errc() || r.ptr != p || !double_surely_lossless(d, significant_digits(lexeme))) return false;
    value = d;
    c.p = p;
    return true;
}

bool fast_plain_string(FastCursor& c, std::string_view& text) noexcept {
    if (!c.at('"')) return false;
    const char* p = skip_plain(c.p + 1, c.end);
    if (p == c.end || *p != '"') return false;
    text = std::string_view(c.p + 1, static_cast<std::size_t>(p - c.p - 1));
    c.p = p + 1;
    return true;
}

bool plain_text(std::string_view text) noexcept {
    for (char ch : text)
        if (!plain(static_cast<unsigned char>(ch))) return false;
    return true;
}

bool ends_in_trailing_comma(std::string_view text) noexcept {
    std::size_t n = text.size();
    while (n && FastCursor::ws(text[n - 1])) --n;
    if (!n || text[--n] != '}') return false;
    while (n && FastCursor::ws(text[n - 1])) --n;
    return n && text[n - 1] == ',';
}

bool fast_key(FastCursor& c, std::string_view& key) {
    if (!c.at('"')) return false;
    const char* start = c.p + 1;
    const char* p = skip_plain(start, c.end);
    if (p == c.end || *p != '"') return false;
    const char* value = past_colon(p + 1, c.end);
    if (!value) return false; // c.p unchanged: the caller tries the key another way
    key = std::string_view(start, static_cast<std::size_t>(p - start));
    c.p = value;
    return true;
}

std::size_t fast_find_field(const StructTable& table, std::string_view key, std::size_t& hint) noexcept {
    if (hint < table.keys.size() && table.keys[hint] == key) return table.key_field[hint++];
    for (std::size_t i = 0; i < table.keys.size(); ++i) {
        if (table.keys[i] == key) {
            hint = i + 1;
            return table.key_field[i];
        }
    }
    return static_cast<std::size_t>(-1);
}

} // namespace laminate::shape_detail
