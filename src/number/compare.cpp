#include "number/compare.hpp"

#include "number/lexeme.hpp"

#include <charconv>
#include <cmath>
#include <cstdint>
#include <string>

namespace laminate::number_detail {

namespace {

// The decimal a number stands for, as 0.DIGITS x 10^exponent (number_detail::canonical_decimal).
struct Decimal {
    bool negative = false;
    bool zero = false;
    std::string digits;
    long long exponent = 0;
    bool exponent_fits = true; // false for exponents beyond long long ("1e99999999999999999999")
};

Decimal decimal_of(const Value& v) {
    const std::string_view lexeme = v.lexeme();
    const std::string canonical = number_detail::canonical_decimal(lexeme.empty() ? v.number_text() : lexeme);
    Decimal d;
    if (canonical == "0") {
        d.zero = true;
        return d;
    }
    std::size_t i = 0;
    if (canonical[0] == '-') { d.negative = true; i = 1; }
    const std::size_t e = canonical.find('e', i);
    d.digits = canonical.substr(i, e - i);
    const char* first = canonical.data() + e + 1;
    const char* last = canonical.data() + canonical.size();
    auto r = std::from_chars(first, last, d.exponent);
    if (r.ec != std::errc() || r.ptr != last) {
        d.exponent_fits = false;
        d.exponent = *first == '-' ? -1 : 1; // only the sign is meaningful
    }
    return d;
}

struct Magnitude {
    bool negative = false;
    std::uint64_t value = 0;
};

bool integer_magnitude(const Value& v, Magnitude& out) {
    std::int64_t i = 0;
    std::uint64_t u = 0;
    if (v.get_int64(i)) {
        out.negative = i < 0;
        out.value = i < 0 ? 0 - static_cast<std::uint64_t>(i) : static_cast<std::uint64_t>(i);
        return true;
    }
    if (v.get_uint64(u)) {
        out = {false, u};
        return true;
    }
    return false;
}

int compare_magnitudes(const Magnitude& a, const Magnitude& b) {
    if (a.value == 0 && b.value == 0) return 0;
    if (a.negative != b.negative) return a.negative ? -1 : 1;
    const int c = a.value < b.value ? -1 : (a.value > b.value ? 1 : 0);
    return a.negative ? -c : c;
}

__extension__ typedef unsigned __int128 u128;

std::uint64_t mul_mod(std::uint64_t a, std::uint64_t b, std::uint64_t m) {
    return static_cast<std::uint64_t>(static_cast<u128>(a) * b % m);
}

std::uint64_t pow10_mod(long long k, std::uint64_t m) {
    std::uint64_t result = 1 % m, base = 10 % m;
    for (auto e = static_cast<unsigned long long>(k); e != 0; e >>= 1) {
        if (e & 1) result = mul_mod(result, base, m);
        base = mul_mod(base, base, m);
    }
    return result;
}

bool digits_value(const std::string& digits, std::uint64_t& out) {
    if (digits.size() > 18) return false;
    out = 0;
    for (char c : digits) out = out * 10 + static_cast<std::uint64_t>(c - '0');
    return true;
}

bool multiple_by_tolerance(const Value& x, const Value& divisor) {
    const double q = x.as_double() / divisor.as_double();
    if (!std::isfinite(q)) return false;
    return std::fabs(q - std::nearbyint(q)) <= 1e-9 * std::fmax(1.0, std::fabs(q) * 1e-7);
}

} // namespace

bool is_integral(const Value& v) {
    if (v.number_kind() != NumberKind::Double) return true;
    if (v.is_lossless()) {
        const double d = v.as_double();
        return std::isfinite(d) && d == std::trunc(d);
    }
    const Decimal d = decimal_of(v);
    if (d.zero) return true;
    if (!d.exponent_fits) return d.exponent > 0;
    return d.exponent >= static_cast<long long>(d.digits.size());
}

int compare_numbers(const Value& a, const Value& b) {
    Magnitude ma, mb;
    if (integer_magnitude(a, ma) && integer_magnitude(b, mb)) return compare_magnitudes(ma, mb);
    long double x = 0, y = 0;
    if (integer_magnitude(a, ma)) x = ma.negative ? -static_cast<long double>(ma.value) : static_cast<long double>(ma.value);
    else x = a.as_double();
    if (integer_magnitude(b, mb)) y = mb.negative ? -static_cast<long double>(mb.value) : static_cast<long double>(mb.value);
    else y = b.as_double();
    return x < y ? -1 : (x > y ? 1 : 0);
}

bool is_multiple_of(const Value& x, const Value& divisor) {
    Magnitude mx, md;
    if (integer_magnitude(x, mx) && integer_magnitude(divisor, md) && md.value != 0)
        return mx.value % md.value == 0;
    const Decimal dx = decimal_of(x);
    if (dx.zero) return true;
    const Decimal dd = decimal_of(divisor);
    std::uint64_t nx = 0, nd = 0;
    if (dd.zero || !dx.exponent_fits || !dd.exponent_fits || !digits_value(dx.digits, nx) ||
        !digits_value(dd.digits, nd))
        return multiple_by_tolerance(x, divisor);
    // x = nx * 10^ex and d = nd * 10^ed with nx and nd free of trailing zeros. x / d is an
    // integer iff nx * 10^(ex - ed) is a multiple of nd; with ex < ed that needs nx to end in a
    // zero, which it does not.
    const long long ex = dx.exponent - static_cast<long long>(dx.digits.size());
    const long long ed = dd.exponent - static_cast<long long>(dd.digits.size());
    if (ex < ed) return false;
    return mul_mod(nx % nd, pow10_mod(ex - ed, nd), nd) == 0;
}

} // namespace laminate::number_detail
