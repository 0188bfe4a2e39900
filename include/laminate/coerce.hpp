#pragma once
// Coercion: reading one JSON value into a target described at run time, at a CoercionLevel.
// One engine, shared by typed (reflection) and schema-driven shaping.
//
// * Every conversion that changes the value's type records one Coerced diagnostic (path, from,
//   to, risk, message such as "coerced string -> uint8", a suggestion for tightening the source).
// * What a level allows (each level includes the ones below):
//     Exact           JSON types as declared; an integer literal fits a floating field when the
//                     target holds it exactly; a float32 field takes numbers it holds exactly.
//     SafeWidening    2.0 -> int (integral, in range), bool <-> 0/1, integer -> float that rounds
//                     (Warning), float32 narrowing that keeps every written digit.
//     StringCoercion  " 42 " -> 42, "3.0" -> 3, "1e3" -> 1000, "+42", ".5", "yes"/"on"/"y"/"t"/"1"
//                     -> true (and the false forms), number/bool -> string, 0x1F / 0o17 / 0b101
//                     (Warning), enum names with surrounding whitespace.
//     BestEffort      "1,234.5", "1.234,56", "1'234", "1 234" (Warning: a locale was guessed),
//                     "$4.99", null sentinels -> null, null -> the target's default (Warning),
//                     "NaN"/"Infinity" -> float (Warning), stringified JSON -> parsed (Warning),
//                     one-element array <-> scalar (Warning), array/object -> compact JSON
//                     string (Warning), float32 narrowing that drops digits (Warning),
//                     enum names ignoring case, spaces, '_', '-' and '.' (Warning), then
//                     accents too (Latin-1 Supplement and Latin Extended-A: "cafe" -> "café",
//                     Warning); a name folding like two declared ones is ambiguous_value.
// * Never, at any level: an integer out of the target's range (out_of_range), a fraction into
//   an integer (lossy_conversion), a partly numeric string such as "12abc" (type_mismatch), a
//   number beyond float32's range or one that would underflow to zero (out_of_range).
// * A number's own problem (a fraction, its range) is reported before a level that is too low:
//   300.0 into a uint8 is out_of_range at every level. A string is gated by level first.
// * Errors and diagnostics never quote the input's text; numbers may be shown.

#include <laminate/diagnostic.hpp>
#include <laminate/mode.hpp>
#include <laminate/result.hpp>
#include <laminate/value.hpp>

#include <cstddef>
#include <cstdint>
#include <limits>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>

namespace laminate {

// --- targets ----------------------------------------------------------------------------------

struct IntTarget {
    std::string_view name = "int64"; // "uint8", ...: the `to` of diagnostics, used in errors
    bool is_signed = true;
    std::int64_t min = std::numeric_limits<std::int64_t>::min();
    std::uint64_t max = static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max());
};

// The target for a C++ integer type: int_target<std::uint8_t>() is {"uint8", false, 0, 255}.
template <class I>
constexpr IntTarget int_target() noexcept {
    static_assert(std::is_integral_v<I> && !std::is_same_v<I, bool>, "an integer type");
    constexpr std::size_t bits = sizeof(I) * 8;
    constexpr bool is_signed = std::is_signed_v<I>;
    static_assert(bits == 8 || bits == 16 || bits == 32 || bits == 64);
    std::string_view name;
    if constexpr (bits == 8) name = is_signed ? "int8" : "uint8";
    if constexpr (bits == 16) name = is_signed ? "int16" : "uint16";
    if constexpr (bits == 32) name = is_signed ? "int32" : "uint32";
    if constexpr (bits == 64) name = is_signed ? "int64" : "uint64";
    return {name, is_signed,
            is_signed ? static_cast<std::int64_t>(std::numeric_limits<I>::min()) : 0,
            static_cast<std::uint64_t>(std::numeric_limits<I>::max())};
}

struct FloatTarget {
    std::string_view name = "float64"; // "float32" / "float64"
    bool single_precision = false;     // float32: range and precision rules of IEEE binary32
};

inline constexpr FloatTarget float32_target{"float32", true};
inline constexpr FloatTarget float64_target{"float64", false};

struct EnumTarget {
    std::span<const std::string_view> names; // declared names, in declaration order
    std::string_view name = "enum";          // the type's name, the `to` of diagnostics
};

// A target chosen at run time (schema-driven shaping, configuration). Any accepts every value.
struct Target {
    enum class Kind : unsigned char { Any, Null, Bool, Integer, Float, String, Enum };
    Kind kind = Kind::Any;
    IntTarget integer{};
    FloatTarget floating{};
    EnumTarget enumeration{};

    static constexpr Target any() noexcept { return {}; }
    static constexpr Target null() noexcept { return {Kind::Null}; }
    static constexpr Target boolean() noexcept { return {Kind::Bool}; }
    static constexpr Target string() noexcept { return {Kind::String}; }
    static constexpr Target of(IntTarget t) noexcept { return {Kind::Integer, t}; }
    static constexpr Target of(FloatTarget t) noexcept { return {Kind::Float, {}, t}; }
    static constexpr Target of(EnumTarget t) noexcept { return {Kind::Enum, {}, {}, t}; }

    // "bool", "uint8", "float32", "string", "null", the enum's name, "value" for Any.
    std::string_view name() const noexcept;
};

// --- context ----------------------------------------------------------------------------------

// Strings that stand for "no value" at BestEffort, matched ignoring ASCII case and surrounding
// whitespace: "null", "none", "nil", "n/a", "na", "-", "undefined", "unknown". The empty string
// is deliberately not one: an empty string where a number belongs is an error, not a null.
// Sentinels never apply to string targets (a string field holds them faithfully).
std::span<const std::string_view> default_null_sentinels() noexcept;

struct CoerceContext {
    Diagnostics& diagnostics;                 // where Coerced diagnostics are appended
    CoercionLevel level = CoercionLevel::BestEffort;
    std::string_view path = {};               // path of the value being read; "" is the root
    std::span<const std::string_view> null_sentinels = default_null_sentinels();

    bool allows(CoercionLevel needed) const noexcept { return level >= needed; }
    // The same context for a value at another path (the caller owns the path's storage).
    CoerceContext at(std::string_view value_path) const noexcept {
        CoerceContext c = *this;
        c.path = value_path;
        return c;
    }
};

// --- scalar coercions -------------------------------------------------------------------------

Result<bool> coerce_bool(const Value& in, const CoerceContext& ctx);

// Precondition of coerce_signed: target.is_signed; of coerce_unsigned: !target.is_signed.
// A target that breaks it is an invalid_argument error.
Result<std::int64_t> coerce_signed(const Value& in, IntTarget target, const CoerceContext& ctx);
Result<std::uint64_t> coerce_unsigned(const Value& in, IntTarget target, const CoerceContext& ctx);

// A float32 result is a double holding a float32 value exactly (static_cast<float> is lossless).
Result<double> coerce_float(const Value& in, FloatTarget target, const CoerceContext& ctx);

Result<std::string> coerce_string(const Value& in, const CoerceContext& ctx);

Result<std::nullptr_t> coerce_null(const Value& in, const CoerceContext& ctx);

// The index of the matching declared name. Exact match at Exact; surrounding whitespace, a
// number or a bool spelled like a name at StringCoercion (Info); ignoring ASCII case, spaces,
// '_' and '-' at BestEffort (Warning). Several loose matches are ambiguous_value; none is
// unknown_variant.
Result<std::size_t> coerce_enum(const Value& in, EnumTarget target, const CoerceContext& ctx);

// Any JSON value. At BestEffort a string holding a JSON object or array is parsed (Warning);
// any other string, and every other value, comes back unchanged.
Result<Value> coerce_any(const Value& in, const CoerceContext& ctx);

// --- structure --------------------------------------------------------------------------------

// The elements for an array target: an array as is; at BestEffort a string holding a JSON
// array (parsed into storage), null or a null sentinel (no elements: the default), or any other
// single value (wrapped: a span of one). Each liberty is a Warning.
Result<std::span<const Value>> coerce_array(const Value& in, const CoerceContext& ctx, Value& storage);

// The object for an object target: an object as is; at BestEffort a string holding a JSON
// object (parsed into storage), a one-element array holding an object (unwrapped), or null /
// a null sentinel (an empty object in storage, so that defaults apply). Each is a Warning.
Result<const Value*> coerce_object(const Value& in, const CoerceContext& ctx, Value& storage);

// Dispatch on a run-time target. Integers come back as numbers, enums as their declared name.
Result<Value> coerce(const Value& in, const Target& target, const CoerceContext& ctx);

// --- nulls ------------------------------------------------------------------------------------

// Whether s is one of the sentinels (ASCII case and surrounding whitespace ignored).
bool is_null_sentinel(std::string_view s, std::span<const std::string_view> sentinels) noexcept;

// Whether in stands for "no value": null at every level, a null sentinel string at BestEffort.
// Records nothing: the question an optional target asks first.
bool is_null_like(const Value& in, const CoerceContext& ctx) noexcept;

// null -> default. At BestEffort, when in is null-like, records a Warning that the target's
// default stands in for it and returns true; otherwise records nothing and returns false. The
// coerce_* functions apply it themselves with the type's zero value (0, false, "", 0.0); call it
// first when the field declares a default of its own. It considers sentinels: for a string
// target, where a sentinel is a fine string, test in.is_null() instead.
bool null_to_default(const Value& in, std::string_view target, const CoerceContext& ctx);

// --- names ------------------------------------------------------------------------------------

struct NameMatch {
    static constexpr std::size_t npos = static_cast<std::size_t>(-1);
    enum class How : unsigned char { None, Exact, Loose, Ambiguous };
    std::size_t index = npos;
    How how = How::None;
    explicit operator bool() const noexcept { return how == How::Exact || how == How::Loose; }
};

// Matches a key or enum name against declared names: the exact name first; at BestEffort,
// a unique name equal when ASCII case is ignored, else a unique name equal when ASCII case,
// spaces, '_' and '-' are ignored ("first name", "FirstName" and "first_name" all match
// "firstName"). Ambiguous when two names match in the tier that decides, and when a candidate
// that marks a word by case ("UserName") matches one name by case alone ("username") and another
// by its words ("user_name"). '_' and '-' at a name's edge are part of it: "_id" is not "id".
// Records nothing.
NameMatch match_name(std::string_view candidate, std::span<const std::string_view> names,
                     CoercionLevel level) noexcept;

// The comparison match_name uses for loose matches.
bool names_match_loosely(std::string_view a, std::string_view b) noexcept;

// --- typed convenience ------------------------------------------------------------------------

// coerce_to<T> for bool, the integer types, float, double and std::string.
template <class T>
Result<T> coerce_to(const Value& in, const CoerceContext& ctx) {
    if constexpr (std::is_same_v<T, bool>) {
        return coerce_bool(in, ctx);
    } else if constexpr (std::is_integral_v<T>) {
        constexpr IntTarget target = int_target<T>();
        if constexpr (std::is_signed_v<T>) {
            auto r = coerce_signed(in, target, ctx);
            if (!r) return std::move(r).error();
            return static_cast<T>(*r);
        } else {
            auto r = coerce_unsigned(in, target, ctx);
            if (!r) return std::move(r).error();
            return static_cast<T>(*r);
        }
    } else if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double>) {
        auto r = coerce_float(in, std::is_same_v<T, float> ? float32_target : float64_target, ctx);
        if (!r) return std::move(r).error();
        return static_cast<T>(*r);
    } else {
        static_assert(std::is_same_v<T, std::string>, "coerce_to<T>: unsupported target type");
        return coerce_string(in, ctx);
    }
}

} // namespace laminate
