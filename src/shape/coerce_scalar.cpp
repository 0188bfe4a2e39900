// Bool, string and null targets.
#include <laminate/coerce.hpp>

#include "conversion.hpp"
#include "number/numeric.hpp"

#include <array>
#include <cmath>

namespace laminate {

using number_detail::Integer;
using number_detail::IntegerRead;
using number_detail::number_as_integer;
namespace shape_detail {
namespace {

// The spellings of a bool people and models write (pydantic's lax set), ASCII case ignored.
constexpr std::array<std::string_view, 6> kTrueWords{"true", "yes", "on", "y", "t", "1"};
constexpr std::array<std::string_view, 6> kFalseWords{"false", "no", "off", "n", "f", "0"};

bool bool_word(std::string_view s, bool& out) noexcept {
    s = trim(s);
    for (std::string_view w : kTrueWords)
        if (iequals(s, w)) {
            out = true;
            return true;
        }
    for (std::string_view w : kFalseWords)
        if (iequals(s, w)) {
            out = false;
            return true;
        }
    return false;
}

// "Yes." or "No!": a word of bool_word ending a sentence, with one closing '.' or '!'. Not a
// digit ("1." is a number's spelling), not several marks ("yes..." may trail off).
bool spelled_with_stop(std::string_view s, bool& out) noexcept {
    s = trim(s);
    if (s.size() < 2 || (s.back() != '.' && s.back() != '!')) return false;
    s.remove_suffix(1);
    const char last = s.back();
    const bool letter = (last >= 'a' && last <= 'z') || (last >= 'A' && last <= 'Z');
    return letter && bool_word(s, out);
}

Result<bool> read_bool(const Value& in, const CoerceContext& ctx, Conversion& c, bool may_unwrap) {
    switch (in.type()) {
    case Type::Bool: return in.as_bool();
    case Type::Number: {
        if (!ctx.allows(CoercionLevel::SafeWidening)) return needs_level(ctx, "bool", in, CoercionLevel::SafeWidening);
        Integer v;
        if (number_as_integer(in, v) != IntegerRead::Ok || v.magnitude > 1 || (v.negative && v.magnitude != 0))
            return fail(ctx, ErrorKind::TypeMismatch, "expected a bool, got a number other than 0 and 1");
        c.source(source_type(in));
        c.step(Risk::Info, {}, "emit true or false for bool fields");
        return v.magnitude == 1;
    }
    case Type::String: {
        if (!ctx.allows(CoercionLevel::StringCoercion))
            return needs_level(ctx, "bool", in, CoercionLevel::StringCoercion);
        bool b = false;
        if (bool_word(in.as_string(), b)) {
            c.source("string");
            c.step(Risk::Info, {}, "emit true or false for bool fields");
            return b;
        }
        if (spelled_with_stop(in.as_string(), b)) {
            if (!ctx.allows(CoercionLevel::BestEffort)) return needs_level(ctx, "bool", in, CoercionLevel::BestEffort);
            c.source("string");
            c.step(Risk::Warning, "removed the closing punctuation", "emit true or false for bool fields");
            return b;
        }
        if (take_default(in, ctx, c, true)) return false;
        if (is_null_sentinel(in.as_string(), ctx.null_sentinels))
            return needs_level(ctx, "bool", in, CoercionLevel::BestEffort);
        return fail(ctx, ErrorKind::TypeMismatch, "expected a bool, got a string that does not spell one");
    }
    case Type::Null:
        if (take_default(in, ctx, c, true)) return false;
        return needs_level(ctx, "bool", in, CoercionLevel::BestEffort);
    case Type::Array:
        if (may_unwrap)
            if (const Value* e = unwrap_single(in, ctx, c)) return read_bool(*e, ctx, c, false);
        if (in.size() == 1 && may_unwrap) return needs_level(ctx, "bool", in, CoercionLevel::BestEffort);
        return mismatch(ctx, "bool", in);
    case Type::Object: return mismatch(ctx, "bool", in);
    }
    return mismatch(ctx, "bool", in);
}

// A number as text: its JSON spelling, or the usual names of the non-finite values.
std::string number_as_text(const Value& n) {
    double d = n.as_double();
    if (!n.is_integer() && !std::isfinite(d) && n.lexeme().empty())
        return std::isnan(d) ? "NaN" : d > 0 ? "Infinity" : "-Infinity";
    return n.number_text();
}

Result<std::string> read_string(const Value& in, const CoerceContext& ctx, Conversion& c) {
    switch (in.type()) {
    case Type::String: return std::string(in.as_string());
    case Type::Number:
    case Type::Bool:
        if (!ctx.allows(CoercionLevel::StringCoercion))
            return needs_level(ctx, "string", in, CoercionLevel::StringCoercion);
        c.source(source_type(in));
        c.step(Risk::Info, {}, "emit a JSON string for string fields");
        return in.is_bool() ? std::string(in.as_bool() ? "true" : "false") : number_as_text(in);
    case Type::Null:
        if (take_default(in, ctx, c, false)) return std::string();
        return needs_level(ctx, "string", in, CoercionLevel::BestEffort);
    case Type::Array:
    case Type::Object:
        if (!ctx.allows(CoercionLevel::BestEffort)) return needs_level(ctx, "string", in, CoercionLevel::BestEffort);
        c.source(source_type(in));
        c.step(Risk::Warning, "serialized as compact JSON", "emit a JSON string for string fields");
        return in.dump();
    }
    return mismatch(ctx, "string", in);
}

} // namespace
} // namespace shape_detail

Result<bool> coerce_bool(const Value& in, const CoerceContext& ctx) {
    shape_detail::Conversion c;
    auto r = shape_detail::read_bool(in, ctx, c, true);
    if (r) shape_detail::record(ctx, c, "bool");
    return r;
}

Result<std::string> coerce_string(const Value& in, const CoerceContext& ctx) {
    shape_detail::Conversion c;
    auto r = shape_detail::read_string(in, ctx, c);
    if (r) shape_detail::record(ctx, c, "string");
    return r;
}

Result<std::nullptr_t> coerce_null(const Value& in, const CoerceContext& ctx) {
    using namespace shape_detail;
    if (in.is_null()) return nullptr;
    bool sentinel = in.is_string() && is_null_sentinel(in.as_string(), ctx.null_sentinels);
    if (!sentinel) return mismatch(ctx, "null", in);
    if (!ctx.allows(CoercionLevel::BestEffort)) return needs_level(ctx, "null", in, CoercionLevel::BestEffort);
    Conversion c;
    c.source("string");
    c.step(Risk::Warning, "null sentinel read as null", "emit null or omit the field when there is no value");
    record(ctx, c, "null");
    return nullptr;
}

} // namespace laminate
