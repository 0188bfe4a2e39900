#include "number/numeric.hpp"

#include "number/lexeme.hpp"

#include <bit>
#include <cfloat>
#include <charconv>
#include <cmath>
#include <string_view>

namespace laminate::number_detail {
namespace {

constexpr double kTwoTo64 = 18446744073709551616.0;
// From here on a double rounds to infinity as a float32: FLT_MAX plus half its ulp.
constexpr double kFloatOverflow = 3.4028235677973366e38;

// The integer a decimal lexeme denotes, decided on its digits: "1.0000000000000000001" is
// fractional even though its double is 1.
IntegerRead lexeme_as_integer(std::string_view lexeme, Integer& out) {
    std::string c = number_detail::canonical_decimal(lexeme); // "-15e3" means -0.15 x 10^3
    if (c == "0") {
        out = {};
        return IntegerRead::Ok;
    }
    std::size_t start = c[0] == '-' ? 1 : 0;
    std::size_t e = c.find('e');
    std::string_view digits(c.data() + start, e - start);
    long long exponent = 0;
    std::from_chars(c.data() + e + 1, c.data() + c.size(), exponent);
    if (exponent < static_cast<long long>(digits.size())) return IntegerRead::Fractional;
    if (exponent > 20) return IntegerRead::TooBig;
    std::string whole(digits);
    whole.append(static_cast<std::size_t>(exponent) - digits.size(), '0');
    std::uint64_t magnitude = 0;
    auto r = std::from_chars(whole.data(), whole.data() + whole.size(), magnitude);
    if (r.ec != std::errc()) return IntegerRead::TooBig;
    out = {start == 1, magnitude};
    return IntegerRead::Ok;
}

// Whether a 64-bit magnitude survives a binary floating format with this many mantissa bits.
bool fits_mantissa(std::uint64_t m, int bits) noexcept {
    if (m == 0) return true;
    return std::bit_width(m >> std::countr_zero(m)) <= static_cast<unsigned>(bits);
}

} // namespace

IntegerRead number_as_integer(const Value& n, Integer& out) {
    std::int64_t i = 0;
    std::uint64_t u = 0;
    if (n.get_int64(i)) {
        out.negative = i < 0;
        out.magnitude = i < 0 ? 0 - static_cast<std::uint64_t>(i) : static_cast<std::uint64_t>(i);
        return IntegerRead::Ok;
    }
    if (n.get_uint64(u)) {
        out = {false, u};
        return IntegerRead::Ok;
    }
    if (!n.is_lossless() && !n.lexeme().empty()) return lexeme_as_integer(n.lexeme(), out);
    double d = n.as_double();
    if (std::isnan(d)) return IntegerRead::NotFinite;
    if (std::isinf(d)) return IntegerRead::TooBig;
    if (d != std::trunc(d)) return IntegerRead::Fractional;
    if (std::fabs(d) >= kTwoTo64) return IntegerRead::TooBig;
    out = {d < 0, static_cast<std::uint64_t>(std::fabs(d))};
    return IntegerRead::Ok;
}

std::string integer_text(const Integer& v) {
    std::string s = v.negative && v.magnitude != 0 ? "-" : "";
    s += std::to_string(v.magnitude);
    return s;
}

FloatRead number_as_float(const Value& n, bool single_precision, double& out) {
    if (n.is_integer()) {
        Integer v;
        number_as_integer(n, v);
        if (single_precision) {
            float f = static_cast<float>(v.magnitude);
            out = v.negative ? -static_cast<double>(f) : static_cast<double>(f);
        } else {
            double d = static_cast<double>(v.magnitude);
            out = v.negative ? -d : d;
        }
        return fits_mantissa(v.magnitude, single_precision ? FLT_MANT_DIG : DBL_MANT_DIG) ? FloatRead::Exact
                                                                                         : FloatRead::Rounded;
    }
    double d = n.as_double();
    std::string_view lexeme = n.lexeme();
    if (!std::isfinite(d)) {
        // A literal too large for a double; NaN and infinities built by the caller or by the
        // parser's NaN/Infinity repair are values in their own right.
        if (!lexeme.empty() && !std::isnan(d)) return FloatRead::Overflow;
        out = d;
        return FloatRead::Exact;
    }
    if (d == 0 && !n.is_lossless() && !lexeme.empty() && number_detail::canonical_decimal(lexeme) != "0")
        return FloatRead::Underflow;
    if (!single_precision) {
        out = d;
        // A decimal reads as its nearest double, as in every JSON reader; an integer literal
        // beyond 64 bits is exact by nature, so losing its digits is rounding.
        bool integer_literal = !lexeme.empty() && lexeme.find_first_of(".eE") == std::string_view::npos;
        return integer_literal && !n.is_lossless() ? FloatRead::Rounded : FloatRead::Exact;
    }
    if (std::fabs(d) >= kFloatOverflow) return FloatRead::Overflow;
    // Between FLT_MAX and the overflow threshold the conversion itself is not defined by C++.
    float f = std::fabs(d) > FLT_MAX ? (d > 0 ? FLT_MAX : -FLT_MAX) : static_cast<float>(d);
    if (f == 0 && d != 0) return FloatRead::Underflow;
    out = static_cast<double>(f);
    if (out == d) return FloatRead::Exact;
    // Narrowing keeps the number when the float's shortest spelling has the digits written.
    char buf[32];
    auto r = std::to_chars(buf, buf + sizeof buf, f);
    std::string_view spelled(buf, static_cast<std::size_t>(r.ptr - buf));
    return number_detail::canonical_decimal(spelled) == number_detail::canonical_decimal(n.number_text()) ? FloatRead::Narrowed
                                                                                           : FloatRead::Rounded;
}

} // namespace laminate::number_detail
