#include "number.hpp"

#include "value_access.hpp"

#include <charconv>
#include <cmath>
#include <cstdint>
#include <system_error>

namespace laminate::detail {

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

namespace {
// Significant digits of a valid JSON number's mantissa (leading and trailing zeros excluded).
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
        // Beyond 64 bits: a double stands in, the digits stay in the lexeme.
        bool range_error = false;
        double d = to_double(lex, range_error);
        return ValueAccess::number(NumberKind::Double, 0, 0, d, lex, true);
    }
    bool range_error = false;
    double d = to_double(lex, range_error);
    bool lossless = !range_error && significant_digits(lex) <= 15 &&
                    (d == 0 || std::fabs(d) >= 2.2250738585072014e-308);
    std::string rendered;
    if (!lossless && !range_error) {
        append_double(rendered, d);
        lossless = canonical_decimal(rendered) == canonical_decimal(lex);
    }
    if (lex.size() <= 8 || !lossless) return ValueAccess::number(NumberKind::Double, 0, 0, d, lex, !lossless);
    if (rendered.empty()) append_double(rendered, d);
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
    long long exponent = 0;
    if (i < lex.size() && (lex[i] == 'e' || lex[i] == 'E')) {
        ++i;
        bool eneg = false;
        if (i < lex.size() && (lex[i] == '-' || lex[i] == '+')) eneg = lex[i++] == '-';
        for (; i < lex.size() && lex[i] >= '0' && lex[i] <= '9'; ++i)
            if (exponent < 1'000'000'000) exponent = exponent * 10 + (lex[i] - '0');
        if (eneg) exponent = -exponent;
    }
    std::size_t lead = digits.find_first_not_of('0');
    if (lead == std::string::npos) return "0";
    std::size_t trail = digits.find_last_not_of('0');
    point -= static_cast<long long>(lead);
    std::string out = negative ? "-" : "";
    out.append(digits, lead, trail - lead + 1);
    out += 'e';
    out += std::to_string(point + exponent);
    return out;
}

} // namespace laminate::detail
