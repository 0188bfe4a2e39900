#include "number/lexeme.hpp"

#include "value/value_access.hpp"

#include <charconv>
#include <cmath>
#include <cstdint>
#include <system_error>

namespace laminate::number_detail {

using value_detail::ValueAccess;

bool is_json_number(std::string_view s, bool& integral) noexcept {
    std::size_t i = 0, n = s.size();
    integral = true;
    if (i < n && s[i] == '-') ++i;
    if (i >= n) return false;
    if (s[i] == '0') {
        ++i;
    } else if (s[i] >= '1' && s[i] <= '9') {
        while (i < n && s[i] >= '0' && s[i] <= '9') ++i;
    } else {
        return false;
    }
    if (i < n && s[i] == '.') {
        integral = false;
        ++i;
        std::size_t start = i;
        while (i < n && s[i] >= '0' && s[i] <= '9') ++i;
        if (i == start) return false;
    }
    if (i < n && (s[i] == 'e' || s[i] == 'E')) {
        integral = false;
        ++i;
        if (i < n && (s[i] == '+' || s[i] == '-')) ++i;
        std::size_t start = i;
        while (i < n && s[i] >= '0' && s[i] <= '9') ++i;
        if (i == start) return false;
    }
    return i == n;
}

std::size_t significant_digits(std::string_view lex) noexcept {
    std::size_t first = std::string_view::npos, last = 0, count_total = 0;
    for (std::size_t i = 0; i < lex.size(); ++i) {
        char c = lex[i];
        if (c == 'e' || c == 'E') break;
        if (c < '0' || c > '9') continue;
        ++count_total;
        if (c != '0') {
            if (first == std::string_view::npos) first = count_total;
            last = count_total;
        }
    }
    return first == std::string_view::npos ? 0 : last - first + 1;
}

namespace {
double to_double(std::string_view lex, bool& range_error) noexcept {
    double d = 0;
    auto r = std::from_chars(lex.data(), lex.data() + lex.size(), d);
    range_error = r.ec == std::errc::result_out_of_range;
    if (range_error) {
        // from_chars leaves d untouched on range errors: decide overflow vs underflow by the
        // exponent's sign.
        bool negative = !lex.empty() && lex[0] == '-';
        auto e = lex.find_first_of("eE");
        bool tiny = e != std::string_view::npos && e + 1 < lex.size() && lex[e + 1] == '-';
        d = tiny ? (negative ? -0.0 : 0.0)
                 : (negative ? -HUGE_VAL : HUGE_VAL);
    }
    return d;
}
} // namespace

namespace {
// Whether rendering d gives back the decimal lex spells. rendered receives the rendering.
bool renders_as(double d, std::string_view lex, std::string& rendered) {
    rendered.clear();
    append_double(rendered, d);
    return canonical_decimal(rendered) == canonical_decimal(lex);
}
} // namespace

Value make_number(std::string_view lex, bool integral) {
    const char* b = lex.data();
    const char* e = lex.data() + lex.size();
    if (integral) {
        std::int64_t i = 0;
        auto r = std::from_chars(b, e, i);
        if (r.ec == std::errc() && r.ptr == e) {
            bool negative_zero = i == 0 && lex.size() == 2;
            return ValueAccess::number(NumberKind::Int, i, 0, 0, negative_zero ? lex : std::string_view{}, false);
        }
        if (lex[0] != '-') {
            std::uint64_t u = 0;
            r = std::from_chars(b, e, u);
            if (r.ec == std::errc() && r.ptr == e)
                return ValueAccess::number(NumberKind::UInt, 0, u, 0, {}, false);
        }
        // Beyond 64 bits: a double stands in and the digits stay in the lexeme. Flagged inexact
        // even when the double happens to hold the integer (2^64): no integer type holds it, and
        // a caller asking for one must be told to read the lexeme.
        bool range_error = false;
        double d = to_double(lex, range_error);
        return ValueAccess::number(NumberKind::Double, 0, 0, d, lex, true);
    }
    bool range_error = false;
    double d = to_double(lex, range_error);
    if (range_error) return ValueAccess::number(NumberKind::Double, 0, 0, d, lex, true);
    // Fast path: up to 15 significant digits survive a double (DBL_DIG), and in the normal range
    // below 2^53 the shortest rendering spells exactly those digits. Elsewhere, render and compare.
    bool lossless = double_surely_lossless(d, significant_digits(lex));
    std::string rendered;
    bool rendered_ok = false;
    if (!lossless) {
        lossless = renders_as(d, lex, rendered);
        rendered_ok = true;
    }
    // Short lexemes live inline for free: keep them so that dump() reproduces the source spelling.
    if (lex.size() <= 8 || !lossless) return ValueAccess::number(NumberKind::Double, 0, 0, d, lex, !lossless);
    if (!rendered_ok) append_double(rendered, d);
    return ValueAccess::number(NumberKind::Double, 0, 0, d, rendered == lex ? std::string_view{} : lex, false);
}

void append_double(std::string& out, double d) {
    if (!std::isfinite(d)) {
        out += "null";
        return;
    }
    char buf[32];
    auto r = std::to_chars(buf, buf + sizeof buf, d);
    std::string_view text(buf, static_cast<std::size_t>(r.ptr - buf));
    out += text;
    if (text.find_first_of(".e") == std::string_view::npos) out += ".0";
}

namespace {
// magnitude (decimal digits, no leading zeros, at least 18 of them) plus or minus a small amount
// that is smaller than the magnitude, so the result keeps the magnitude's sign.
std::string adjust_big_magnitude(std::string magnitude, unsigned long long amount, bool subtract) {
    unsigned long long carry = amount; // still to apply, in units of the current digit
    for (std::size_t pos = magnitude.size(); pos-- > 0 && carry != 0;) {
        int digit = magnitude[pos] - '0';
        int step = static_cast<int>(carry % 10);
        carry /= 10;
        if (subtract) {
            digit -= step;
            if (digit < 0) { digit += 10; ++carry; }
        } else {
            digit += step;
            if (digit > 9) { digit -= 10; ++carry; }
        }
        magnitude[pos] = static_cast<char>('0' + digit);
    }
    if (carry != 0) magnitude.insert(0, std::to_string(carry)); // adding past the top digit
    return magnitude.substr(magnitude.find_first_not_of('0'));
}
} // namespace

std::string canonical_decimal(std::string_view lex) {
    bool negative = false;
    std::size_t i = 0;
    if (i < lex.size() && (lex[i] == '-' || lex[i] == '+')) negative = lex[i++] == '-';
    std::string digits;
    long long point = 0; // digits before the decimal point
    bool seen_point = false;
    for (; i < lex.size(); ++i) {
        char c = lex[i];
        if (c == '.') { seen_point = true; continue; }
        if (c < '0' || c > '9') break;
        digits += c;
        if (!seen_point) ++point;
    }
    // The exponent is kept exact however long it is written: "1e99999999999999999999" and
    // "1e99999999999999999998" are different numbers.
    bool exponent_negative = false;
    std::string_view exponent_digits;
    if (i < lex.size() && (lex[i] == 'e' || lex[i] == 'E')) {
        ++i;
        if (i < lex.size() && (lex[i] == '-' || lex[i] == '+')) exponent_negative = lex[i++] == '-';
        std::size_t start = i;
        while (i < lex.size() && lex[i] >= '0' && lex[i] <= '9') ++i;
        exponent_digits = lex.substr(start, i - start);
        std::size_t nonzero = exponent_digits.find_first_not_of('0');
        exponent_digits = nonzero == std::string_view::npos ? std::string_view{} : exponent_digits.substr(nonzero);
    }
    std::size_t lead = digits.find_first_not_of('0');
    if (lead == std::string::npos) return "0";
    std::size_t trail = digits.find_last_not_of('0');
    // The value is 0.DIGITS times ten to the power (exponent + adjust).
    long long adjust = point - static_cast<long long>(lead);
    std::string out = negative ? "-" : "";
    out.append(digits, lead, trail - lead + 1);
    out += 'e';
    if (exponent_digits.size() <= 17) {
        long long exponent = 0;
        for (char c : exponent_digits) exponent = exponent * 10 + (c - '0');
        if (exponent_negative) exponent = -exponent;
        out += std::to_string(exponent + adjust);
        return out;
    }
    // |exponent| >= 10^17 dwarfs |adjust| (bounded by the lexeme's length): the sign stays.
    bool same_sign = (adjust >= 0) != exponent_negative;
    unsigned long long amount = adjust >= 0 ? static_cast<unsigned long long>(adjust)
                                            : static_cast<unsigned long long>(-(adjust + 1)) + 1;
    if (exponent_negative) out += '-';
    out += adjust_big_magnitude(std::string(exponent_digits), amount, !same_sign);
    return out;
}

} // namespace laminate::number_detail
