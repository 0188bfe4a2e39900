// Integer and floating targets.
#include <laminate/coerce.hpp>

#include "conversion.hpp"
#include "number/number_text.hpp"
#include "number/numeric.hpp"
#include "number/lexeme.hpp"

#include <cmath>

namespace laminate {

using number_detail::read_number_text;

using number_detail::FloatRead;
using number_detail::Integer;
using number_detail::IntegerRead;
using number_detail::NumberText;
using number_detail::NumberTextStatus;
using number_detail::integer_text;
using number_detail::number_as_float;
using number_detail::number_as_integer;
namespace shape_detail {
namespace {

constexpr std::string_view kNumberSuggestion = "emit numbers as JSON numbers, not strings";
constexpr std::string_view kLocaleSuggestion =
    "emit plain JSON numbers, without currency symbols, digit grouping or a decimal comma";
constexpr std::string_view kTypesetSuggestion =
    "emit plain JSON numbers, with an ASCII '-' and nothing invisible around them";

std::string range_text(IntTarget t) {
    return std::to_string(t.min) + ".." + std::to_string(t.max);
}

std::string expected_integer(IntTarget t) {
    return "an integer " + range_text(t) + " (" + std::string(t.name) + ")";
}

bool in_range(const Integer& v, IntTarget t) noexcept {
    if (v.negative && v.magnitude != 0) {
        if (!t.is_signed || t.min >= 0) return false;
        // |min| computed without overflowing for INT64_MIN.
        std::uint64_t limit = static_cast<std::uint64_t>(-(t.min + 1)) + 1;
        return v.magnitude <= limit;
    }
    return v.magnitude <= t.max;
}

// "1.000" or "-12.000": one dot before three zeros, after one to three digits. For an integer
// that is 1 (a decimal with a zero fraction) or 1000 (the dot grouping digits, as German writes
// it): both readings are integers, and which one the model meant is a guess.
bool dot_may_group(std::string_view s) noexcept {
    s = trim(s);
    if (!s.empty() && (s.front() == '-' || s.front() == '+')) s.remove_prefix(1);
    const std::size_t dot = s.find('.');
    if (dot == std::string_view::npos || dot == 0 || dot > 3 || s.size() != dot + 4) return false;
    for (std::size_t i = 0; i < dot; ++i)
        if (s[i] < '0' || s[i] > '9') return false;
    return s.substr(dot + 1) == "000";
}

Error dot_ambiguity(const CoerceContext& ctx, IntTarget t) {
    return fail(ctx, ErrorKind::AmbiguousValue,
                "expected " + expected_integer(t) +
                    ", got a string whose dot may be digit grouping or a decimal mark");
}

// A number written in a string, as a JSON number Value, with the liberties noted. `integer` is
// set for an integer target (which takes no NaN, and no "1.000").
Result<Value> number_from_string(const Value& in, const IntTarget* integer, std::string_view expected,
                                 const CoerceContext& ctx, Conversion& c) {
    const bool allow_not_finite = integer == nullptr;
    if (!ctx.allows(CoercionLevel::StringCoercion))
        return needs_level(ctx, expected, in, CoercionLevel::StringCoercion);
    bool best_effort = ctx.allows(CoercionLevel::BestEffort);
    NumberText t = read_number_text(in.as_string(), best_effort);
    if (t.status == NumberTextStatus::Ok && t.not_finite && !allow_not_finite)
        t.status = NumberTextStatus::NotANumber;
    switch (t.status) {
    case NumberTextStatus::Ok: break;
    case NumberTextStatus::NotANumber: {
        // Say so when a higher level would have read it.
        if (!best_effort) {
            NumberText higher = read_number_text(in.as_string(), true);
            bool readable = higher.status == NumberTextStatus::Ok && (allow_not_finite || !higher.not_finite);
            if (readable || is_null_sentinel(in.as_string(), ctx.null_sentinels))
                return needs_level(ctx, expected, in, CoercionLevel::BestEffort);
        }
        return fail(ctx, ErrorKind::TypeMismatch,
                    "expected " + std::string(expected) + ", got a string that is not a number");
    }
    case NumberTextStatus::Ambiguous:
        return fail(ctx, ErrorKind::AmbiguousValue,
                    "expected " + std::string(expected) +
                        ", got a string whose comma may be digit grouping or a decimal mark");
    case NumberTextStatus::RadixOverflow:
        return fail(ctx, ErrorKind::OutOfRange,
                    "expected " + std::string(expected) + ", got a radix literal beyond 64 bits");
    }
    // "USD 1.000", "1.000" and a zero-width space: the number inside is as ambiguous as it is
    // alone (read_integer checks a string that is only the number).
    const bool stripped = t.currency || t.currency_code || t.edge_chars || t.minus_sign;
    if (integer && stripped && dot_may_group(t.lexeme)) return dot_ambiguity(ctx, *integer);
    c.source("string");
    c.step(Risk::Info, {}, kNumberSuggestion);
    if (t.not_finite) {
        c.step(Risk::Warning, "read a non-finite number", kNumberSuggestion);
        return Value(t.special);
    }
    if (t.radix) c.step(Risk::Warning, "read a radix prefix", "emit decimal numbers");
    if (t.edge_chars)
        c.step(Risk::Warning, "removed invisible characters or no-break spaces around the number",
               kTypesetSuggestion);
    if (t.minus_sign) c.step(Risk::Warning, "read a typographic minus sign as '-'", kTypesetSuggestion);
    if (t.currency) c.step(Risk::Warning, "removed a currency symbol", kLocaleSuggestion);
    if (t.currency_code) c.step(Risk::Warning, "removed a currency code", kLocaleSuggestion);
    if (t.grouping) c.step(Risk::Warning, "removed digit grouping, guessing the locale", kLocaleSuggestion);
    if (t.decimal_comma) c.step(Risk::Warning, "read a decimal comma, guessing the locale", kLocaleSuggestion);
    bool integral = false;
    number_detail::is_json_number(t.lexeme, integral);
    return number_detail::make_number(t.lexeme, integral);
}

Result<Integer> number_to_integer(const Value& n, IntTarget t, const CoerceContext& ctx, Conversion& c) {
    Integer v;
    switch (number_as_integer(n, v)) {
    case IntegerRead::Ok: break;
    case IntegerRead::Fractional:
        return fail(ctx, ErrorKind::LossyConversion,
                    "expected " + expected_integer(t) + ", got a number with a fraction");
    case IntegerRead::TooBig:
        return fail(ctx, ErrorKind::OutOfRange,
                    "expected " + expected_integer(t) + ", got a number beyond 64 bits");
    case IntegerRead::NotFinite:
        return fail(ctx, ErrorKind::TypeMismatch, "expected " + expected_integer(t) + ", got NaN");
    }
    // What no level would fix (a fraction, the range) is reported before what a level would.
    if (!in_range(v, t))
        return fail(ctx, ErrorKind::OutOfRange, "expected " + expected_integer(t) + ", got " + integer_text(v));
    if (!n.is_integer()) { // written with a fraction or an exponent: 2.0, 1e3
        if (!ctx.allows(CoercionLevel::SafeWidening))
            return needs_level(ctx, expected_integer(t), n, CoercionLevel::SafeWidening);
        c.source("float");
        c.step(Risk::Info, {}, "emit integers without a fraction or exponent");
    }
    return v;
}

Result<Integer> read_integer(const Value& in, IntTarget t, const CoerceContext& ctx, Conversion& c,
                             bool may_unwrap) {
    switch (in.type()) {
    case Type::Number: return number_to_integer(in, t, ctx, c);
    case Type::Bool:
        if (!ctx.allows(CoercionLevel::SafeWidening)) return needs_level(ctx, expected_integer(t), in, CoercionLevel::SafeWidening);
        c.source("bool");
        c.step(Risk::Info, {}, "emit numbers for numeric fields");
        return Integer{false, in.as_bool() ? 1u : 0u};
    case Type::String: {
        if (take_default(in, ctx, c, true)) return Integer{};
        if (dot_may_group(in.as_string()) && ctx.allows(CoercionLevel::StringCoercion))
            return dot_ambiguity(ctx, t);
        auto n = number_from_string(in, &t, expected_integer(t), ctx, c);
        if (!n) return std::move(n).error();
        return number_to_integer(*n, t, ctx, c);
    }
    case Type::Null:
        if (take_default(in, ctx, c, true)) return Integer{};
        return needs_level(ctx, expected_integer(t), in, CoercionLevel::BestEffort);
    case Type::Array:
        if (may_unwrap)
            if (const Value* e = unwrap_single(in, ctx, c)) return read_integer(*e, t, ctx, c, false);
        if (in.size() == 1 && may_unwrap) return needs_level(ctx, expected_integer(t), in, CoercionLevel::BestEffort);
        return mismatch(ctx, expected_integer(t), in);
    case Type::Object: return mismatch(ctx, expected_integer(t), in);
    }
    return mismatch(ctx, expected_integer(t), in);
}

Result<double> number_to_float(const Value& n, FloatTarget t, const CoerceContext& ctx, Conversion& c) {
    double out = 0;
    switch (number_as_float(n, t.single_precision, out)) {
    case FloatRead::Exact: return out;
    case FloatRead::Narrowed:
        if (!ctx.allows(CoercionLevel::SafeWidening)) return needs_level(ctx, t.name, n, CoercionLevel::SafeWidening);
        c.source("float");
        c.step(Risk::Info, "narrowed, every written digit kept");
        return out;
    case FloatRead::Rounded: {
        // Widening an integer rounds by nature (SafeWidening); narrowing may not (BestEffort).
        bool integer = n.is_integer() || n.number_text().find_first_of(".eE") == std::string::npos;
        CoercionLevel needed = integer ? CoercionLevel::SafeWidening : CoercionLevel::BestEffort;
        if (!ctx.allows(needed))
            return fail(ctx, ErrorKind::LossyConversion,
                        "expected " + std::string(t.name) + ", got a number it cannot hold exactly (coercion level " +
                            std::string(level_name(needed)) + " is needed, the level is " +
                            std::string(level_name(ctx.level)) + ")");
        c.source(integer ? "integer" : "float");
        c.step(Risk::Warning, "rounded, precision lost", "declare a wider type or emit fewer digits");
        return out;
    }
    case FloatRead::Overflow:
        return fail(ctx, ErrorKind::OutOfRange,
                    "expected a number within the range of " + std::string(t.name) + ", got one beyond it");
    case FloatRead::Underflow:
        return fail(ctx, ErrorKind::OutOfRange,
                    "expected a number " + std::string(t.name) + " can hold, got a nonzero one it would round to zero");
    }
    return out;
}

Result<double> read_float(const Value& in, FloatTarget t, const CoerceContext& ctx, Conversion& c, bool may_unwrap) {
    switch (in.type()) {
    case Type::Number: return number_to_float(in, t, ctx, c);
    case Type::Bool:
        if (!ctx.allows(CoercionLevel::SafeWidening)) return needs_level(ctx, t.name, in, CoercionLevel::SafeWidening);
        c.source("bool");
        c.step(Risk::Info, {}, "emit numbers for numeric fields");
        return in.as_bool() ? 1.0 : 0.0;
    case Type::String: {
        if (take_default(in, ctx, c, true)) return 0.0;
        auto n = number_from_string(in, nullptr, t.name, ctx, c);
        if (!n) return std::move(n).error();
        return number_to_float(*n, t, ctx, c);
    }
    case Type::Null:
        if (take_default(in, ctx, c, true)) return 0.0;
        return needs_level(ctx, t.name, in, CoercionLevel::BestEffort);
    case Type::Array:
        if (may_unwrap)
            if (const Value* e = unwrap_single(in, ctx, c)) return read_float(*e, t, ctx, c, false);
        if (in.size() == 1 && may_unwrap) return needs_level(ctx, t.name, in, CoercionLevel::BestEffort);
        return mismatch(ctx, t.name, in);
    case Type::Object: return mismatch(ctx, t.name, in);
    }
    return mismatch(ctx, t.name, in);
}

} // namespace
} // namespace shape_detail

Result<std::int64_t> coerce_signed(const Value& in, IntTarget target, const CoerceContext& ctx) {
    if (!target.is_signed)
        return shape_detail::fail(ctx, ErrorKind::InvalidArgument, "coerce_signed needs a signed integer target");
    shape_detail::Conversion c;
    auto r = shape_detail::read_integer(in, target, ctx, c, true);
    if (!r) return std::move(r).error();
    shape_detail::record(ctx, c, target.name);
    // Two's complement wrap-around is defined in C++20 and gives INT64_MIN for 2^63.
    return r->negative ? static_cast<std::int64_t>(0 - r->magnitude) : static_cast<std::int64_t>(r->magnitude);
}

Result<std::uint64_t> coerce_unsigned(const Value& in, IntTarget target, const CoerceContext& ctx) {
    if (target.is_signed)
        return shape_detail::fail(ctx, ErrorKind::InvalidArgument, "coerce_unsigned needs an unsigned integer target");
    shape_detail::Conversion c;
    auto r = shape_detail::read_integer(in, target, ctx, c, true);
    if (!r) return std::move(r).error();
    shape_detail::record(ctx, c, target.name);
    return r->magnitude;
}

Result<double> coerce_float(const Value& in, FloatTarget target, const CoerceContext& ctx) {
    shape_detail::Conversion c;
    auto r = shape_detail::read_float(in, target, ctx, c, true);
    if (!r) return std::move(r).error();
    shape_detail::record(ctx, c, target.name);
    return *r;
}

} // namespace laminate
