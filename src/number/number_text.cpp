#include "number/number_text.hpp"

#include "core/ascii.hpp"

#include <array>
#include <cmath>
#include <limits>
#include <vector>

namespace laminate::number_detail {
namespace {

using core_detail::iequals;
using core_detail::trim;

bool is_digit(char c) noexcept { return c >= '0' && c <= '9'; }

std::string_view digit_run(std::string_view s, std::size_t& i) noexcept {
    std::size_t start = i;
    while (i < s.size() && is_digit(s[i])) ++i;
    return s.substr(start, i - start);
}

void append_integer_digits(std::string& out, std::string_view digits) {
    std::size_t lead = digits.find_first_not_of('0');
    if (lead == std::string_view::npos) out += '0';
    else out += digits.substr(lead);
}

// [+-]? digits? ('.' digits?)? ([eE] [+-]? digits)? with at least one mantissa digit: the
// spellings of a decimal number people and models write, turned into a JSON lexeme.
bool plain_number(std::string_view s, std::string& lexeme) {
    std::size_t i = 0;
    bool negative = false;
    if (i < s.size() && (s[i] == '+' || s[i] == '-')) negative = s[i++] == '-';
    std::string_view whole = digit_run(s, i);
    std::string_view fraction;
    if (i < s.size() && s[i] == '.') {
        ++i;
        fraction = digit_run(s, i);
    }
    if (whole.empty() && fraction.empty()) return false;
    bool exponent_negative = false;
    std::string_view exponent;
    if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
        ++i;
        if (i < s.size() && (s[i] == '+' || s[i] == '-')) exponent_negative = s[i++] == '-';
        exponent = digit_run(s, i);
        if (exponent.empty()) return false;
    }
    if (i != s.size()) return false;
    lexeme.clear();
    if (negative) lexeme += '-';
    append_integer_digits(lexeme, whole);
    if (!fraction.empty()) {
        lexeme += '.';
        lexeme += fraction;
    }
    if (!exponent.empty()) {
        lexeme += 'e';
        if (exponent_negative) lexeme += '-';
        lexeme += exponent;
    }
    return true;
}

int digit_value(char c) noexcept {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return 99;
}

// [+-]? 0[xX] hex | 0[oO] octal | 0[bB] binary.
NumberTextStatus radix_number(std::string_view s, std::string& lexeme) {
    std::size_t i = 0;
    bool negative = false;
    if (i < s.size() && (s[i] == '+' || s[i] == '-')) negative = s[i++] == '-';
    if (i + 2 > s.size() || s[i] != '0') return NumberTextStatus::NotANumber;
    unsigned base = 0;
    switch (s[i + 1]) {
    case 'x': case 'X': base = 16; break;
    case 'o': case 'O': base = 8; break;
    case 'b': case 'B': base = 2; break;
    default: return NumberTextStatus::NotANumber;
    }
    i += 2;
    if (i == s.size()) return NumberTextStatus::NotANumber;
    std::uint64_t value = 0;
    bool overflow = false;
    for (; i < s.size(); ++i) {
        int d = digit_value(s[i]);
        if (d >= static_cast<int>(base)) return NumberTextStatus::NotANumber;
        if (value > (std::numeric_limits<std::uint64_t>::max() - static_cast<unsigned>(d)) / base) overflow = true;
        value = value * base + static_cast<unsigned>(d);
    }
    if (overflow) return NumberTextStatus::RadixOverflow;
    lexeme.clear();
    if (negative && value != 0) lexeme += '-';
    lexeme += std::to_string(value);
    return NumberTextStatus::Ok;
}

bool not_finite(std::string_view s, double& out) noexcept {
    bool negative = false;
    if (!s.empty() && (s[0] == '+' || s[0] == '-')) {
        negative = s[0] == '-';
        s.remove_prefix(1);
    }
    if (iequals(s, "nan")) {
        out = std::numeric_limits<double>::quiet_NaN();
        return true;
    }
    if (iequals(s, "inf") || iequals(s, "infinity")) {
        out = negative ? -std::numeric_limits<double>::infinity() : std::numeric_limits<double>::infinity();
        return true;
    }
    return false;
}

// What a model copies along from formatted text that prints as nothing or as a space: zero-width
// space, non-joiner and joiner, word joiner, byte order mark; no-break, narrow no-break and thin
// spaces. Around a number they are no part of it. (Between digit groups the spaces group, as an
// ASCII space does: separator_at.)
constexpr std::array<std::string_view, 8> kEdgeChars{
    "\xE2\x80\x8B" /* U+200B */, "\xE2\x80\x8C" /* U+200C */, "\xE2\x80\x8D" /* U+200D */,
    "\xE2\x81\xA0" /* U+2060 */, "\xEF\xBB\xBF" /* U+FEFF */, "\xC2\xA0" /* U+00A0 */,
    "\xE2\x80\xAF" /* U+202F */, "\xE2\x80\x89" /* U+2009 */};

// ASCII whitespace and kEdgeChars trimmed from both ends. Each round removes at least one byte
// or ends: linear.
std::string_view trim_edges(std::string_view s) noexcept {
    while (true) {
        s = trim(s);
        bool cut = false;
        for (std::string_view c : kEdgeChars) {
            if (s.starts_with(c)) {
                s.remove_prefix(c.size());
                cut = true;
            }
            if (s.ends_with(c)) {
                s.remove_suffix(c.size());
                cut = true;
            }
        }
        if (!cut) return s;
    }
}

// Minus signs of typeset text (U+2212 MINUS SIGN, U+FE63 SMALL HYPHEN-MINUS, U+FF0D FULLWIDTH
// HYPHEN-MINUS): what a word processor or a CJK font makes of '-'.
constexpr std::array<std::string_view, 3> kMinusSigns{"\xE2\x88\x92", "\xEF\xB9\xA3", "\xEF\xBC\x8D"};

// `s` with every typographic minus written as '-', into `out`; false (out untouched) when it has
// none. Each is read as '-' wherever it stands, so the grammar that takes '-' decides: "−5" and
// "1e−3" are numbers, "−" and "5−3" are not.
bool ascii_minus(std::string_view s, std::string& out) {
    bool found = false;
    for (std::size_t i = 0; i < s.size();) {
        std::size_t len = 0;
        for (std::string_view m : kMinusSigns)
            if (s.substr(i).starts_with(m)) len = m.size();
        if (len != 0 && !found) {
            out.assign(s.substr(0, i));
            found = true;
        }
        if (len != 0) {
            out += '-';
            i += len;
        } else {
            if (found) out += s[i];
            ++i;
        }
    }
    return found;
}

constexpr std::array<std::string_view, 5> kCurrencySymbols{"$", "\xE2\x82\xAC" /* € */, "\xC2\xA3" /* £ */,
                                                           "\xC2\xA5" /* ¥ */, "\xE2\x82\xB9" /* ₹ */};

// ISO 4217 codes of the currencies models write most, upper case only: in lower case several are
// words ("try" is the Turkish lira's code, "cup" and "top" are others'), and "12 try" is no
// amount. A fixed list, not any three capitals: "12 KGS" may be kilograms.
constexpr std::array<std::string_view, 40> kCurrencyCodes{
    "USD", "EUR", "GBP", "JPY", "CNY", "INR", "CAD", "AUD", "CHF", "SEK", "NOK", "DKK", "BRL", "MXN",
    "KRW", "RUB", "ZAR", "PLN", "HKD", "SGD", "NZD", "TRY", "CZK", "HUF", "ILS", "THB", "IDR", "MYR",
    "PHP", "TWD", "AED", "SAR", "ARS", "CLP", "COP", "VND", "EGP", "NGN", "UAH", "RON"};

// The length of the symbol or code `s` starts (or ends, `at_end`) with, 0 when none; `code`
// says which kind it is.
std::size_t currency_mark(std::string_view s, bool at_end, bool& code) noexcept {
    auto has = [&](std::string_view m) { return at_end ? s.ends_with(m) : s.starts_with(m); };
    for (std::string_view sym : kCurrencySymbols)
        if (has(sym)) {
            code = false;
            return sym.size();
        }
    for (std::string_view c : kCurrencyCodes)
        if (has(c)) {
            code = true;
            return c.size();
        }
    return 0;
}

// Removes a currency symbol or code before or after the number, and the spaces beside it (a
// no-break space is what typesetting puts between "12,50" and "€").
bool strip_currency(std::string_view& s, NumberText& out) noexcept {
    bool code = false;
    if (std::size_t len = currency_mark(s, false, code)) {
        s = trim_edges(s.substr(len));
    } else if ((len = currency_mark(s, true, code))) {
        s = trim_edges(s.substr(0, s.size() - len));
    } else {
        return false;
    }
    (code ? out.currency_code : out.currency) = true;
    return true;
}

// Separators between digit groups, by role: '.' and ',' may be grouping or the decimal mark;
// apostrophes and spaces only group.
enum class Sep : unsigned char { Point, Comma, Apostrophe, Space };

// Length of the separator at s[i] (0 when none).
std::size_t separator_at(std::string_view s, std::size_t i, Sep& sep) noexcept {
    switch (s[i]) {
    case '.': sep = Sep::Point; return 1;
    case ',': sep = Sep::Comma; return 1;
    case '\'': sep = Sep::Apostrophe; return 1;
    case ' ': sep = Sep::Space; return 1;
    default: break;
    }
    std::string_view rest = s.substr(i);
    if (rest.starts_with("\xC2\xA0")) { sep = Sep::Space; return 2; }          // no-break space
    if (rest.starts_with("\xE2\x80\xAF")) { sep = Sep::Space; return 3; }      // narrow no-break space
    if (rest.starts_with("\xE2\x80\x89")) { sep = Sep::Space; return 3; }      // thin space
    if (rest.starts_with("\xE2\x80\x99")) { sep = Sep::Apostrophe; return 3; } // right single quote
    return 0;
}

// Thousands grouping: a first group of 1-3 digits without a leading zero, then groups of 3.
bool valid_grouping(const std::vector<std::string_view>& groups, std::size_t count) noexcept {
    if (count == 0 || groups[0].empty() || groups[0].size() > 3 || groups[0][0] == '0') return false;
    for (std::size_t g = 1; g < count; ++g)
        if (groups[g].size() != 3) return false;
    return true;
}

// Digits in groups ("1,234,567", "1.234,56", "1'234.5", "1 234,56"), without sign or exponent.
NumberTextStatus grouped_number(std::string_view s, bool negative, NumberText& out) {
    std::vector<std::string_view> groups;
    std::vector<Sep> seps;
    std::size_t i = 0;
    while (true) {
        std::string_view run = digit_run(s, i);
        if (run.empty()) return NumberTextStatus::NotANumber;
        groups.push_back(run);
        if (i == s.size()) break;
        Sep sep{};
        std::size_t len = separator_at(s, i, sep);
        if (len == 0) return NumberTextStatus::NotANumber;
        seps.push_back(sep);
        i += len;
    }
    if (seps.empty()) return NumberTextStatus::NotANumber;

    std::size_t whole_groups = groups.size();
    bool has_fraction = false;
    bool all_same = true;
    for (Sep sep : seps) all_same = all_same && sep == seps[0];
    if (all_same) {
        // One kind of separator: grouping, except a lone point (a plain decimal, read earlier)
        // and a lone comma that does not group like thousands (a decimal comma, or not).
        if (seps.size() == 1 && seps[0] == Sep::Point) return NumberTextStatus::NotANumber;
        if (!valid_grouping(groups, whole_groups))
            return seps.size() == 1 && seps[0] == Sep::Comma ? NumberTextStatus::Ambiguous
                                                             : NumberTextStatus::NotANumber;
    } else {
        // Mixed: the last separator is the decimal mark and appears once; the others all group.
        Sep mark = seps.back();
        if (mark != Sep::Point && mark != Sep::Comma) return NumberTextStatus::NotANumber;
        Sep group = seps[0];
        for (std::size_t k = 0; k + 1 < seps.size(); ++k)
            if (seps[k] != group || seps[k] == mark) return NumberTextStatus::NotANumber;
        whole_groups = groups.size() - 1;
        has_fraction = true;
        if (!valid_grouping(groups, whole_groups)) return NumberTextStatus::NotANumber;
        out.decimal_comma = mark == Sep::Comma;
    }
    out.grouping = whole_groups > 1;
    std::string digits;
    for (std::size_t g = 0; g < whole_groups; ++g) digits += groups[g];
    out.lexeme.clear();
    if (negative) out.lexeme += '-';
    append_integer_digits(out.lexeme, digits);
    if (has_fraction) {
        out.lexeme += '.';
        out.lexeme += groups.back();
    }
    return NumberTextStatus::Ok;
}

NumberTextStatus best_effort_number(std::string_view s, NumberText& out) {
    if (not_finite(s, out.special)) {
        out.not_finite = true;
        return NumberTextStatus::Ok;
    }
    // A sign may come before or after a currency symbol: "-$4.99", "$-4.99", "4,99 €".
    bool negative = false, signed_ = false;
    auto take_sign = [&](std::string_view& t) {
        if (!signed_ && !t.empty() && (t[0] == '+' || t[0] == '-')) {
            negative = t[0] == '-';
            signed_ = true;
            t = trim(t.substr(1));
        }
    };
    std::string_view body = s;
    take_sign(body);
    const bool currency = strip_currency(body, out);
    take_sign(body);
    if (body.empty()) return NumberTextStatus::NotANumber;
    if (currency) {
        std::string unsigned_lexeme;
        if (body[0] != '+' && body[0] != '-' && plain_number(body, unsigned_lexeme)) {
            out.lexeme = negative && unsigned_lexeme != "0" ? "-" + unsigned_lexeme : unsigned_lexeme;
            return NumberTextStatus::Ok;
        }
    }
    return grouped_number(body, negative, out);
}

} // namespace

NumberText read_number_text(std::string_view text, bool best_effort) {
    NumberText out;
    std::string_view s = trim(text);
    if (plain_number(s, out.lexeme)) {
        out.status = NumberTextStatus::Ok;
        return out;
    }
    out.status = radix_number(s, out.lexeme);
    if (out.status != NumberTextStatus::NotANumber) {
        out.radix = true;
        return out;
    }
    if (!best_effort) return out;
    // Text copied from typeset prose: read again as what it stands for, the edges trimmed, then
    // the minus signs made ASCII. What is read again has no such edge, then no such sign either:
    // two levels deep at most.
    if (std::string_view inner = trim_edges(s); inner.size() != s.size()) {
        NumberText again = read_number_text(inner, true);
        again.edge_chars = true;
        return again;
    }
    if (std::string ascii; ascii_minus(s, ascii)) {
        NumberText again = read_number_text(ascii, true);
        again.minus_sign = true;
        return again;
    }
    out.status = best_effort_number(s, out);
    return out;
}

} // namespace laminate::number_detail
