#include "conversion.hpp"

#include <array>

namespace laminate {
namespace shape_detail {

void Conversion::step(Risk r, std::string_view what, std::string_view suggest) {
    // The riskiest step's suggestion is the one worth reading.
    if (!suggest.empty() && (suggestion.empty() || r > risk)) suggestion = suggest;
    if (r > risk) risk = r;
    if (!what.empty()) {
        if (!note.empty()) note += "; ";
        note += what;
    }
}

std::string_view source_type(const Value& v) noexcept {
    switch (v.type()) {
    case Type::Null: return "null";
    case Type::Bool: return "bool";
    case Type::Number: return v.is_integer() ? "integer" : "float";
    case Type::String: return "string";
    case Type::Array: return "array";
    case Type::Object: return "object";
    }
    return "value";
}

std::string_view described_type(const Value& v) noexcept {
    switch (v.type()) {
    case Type::Null: return "null";
    case Type::Bool: return "a bool";
    case Type::Number: return v.is_integer() ? "an integer" : "a float";
    case Type::String: return "a string";
    case Type::Array: return "an array";
    case Type::Object: return "an object";
    }
    return "a value";
}

void record(const CoerceContext& ctx, const Conversion& c, std::string_view to) {
    if (!c.changed()) return;
    Diagnostic d;
    d.path = std::string(ctx.path);
    d.kind = DiagnosticKind::Coerced;
    d.risk = c.risk;
    d.from = std::string(c.from);
    d.to = std::string(to);
    d.message = "coerced ";
    d.message += c.from;
    d.message += " -> ";
    d.message += to;
    if (!c.note.empty()) {
        d.message += " (";
        d.message += c.note;
        d.message += ')';
    }
    d.suggestion = std::string(c.suggestion);
    ctx.diagnostics.push_back(std::move(d));
}

Error fail(const CoerceContext& ctx, ErrorKind kind, std::string message) {
    return Error(kind, std::move(message), Error::no_offset, std::string(ctx.path));
}

Error mismatch(const CoerceContext& ctx, std::string_view expected, const Value& got,
               const CoercionLevel* needed) {
    std::string m = "expected ";
    m += expected;
    m += ", got ";
    m += described_type(got);
    if (needed) {
        m += " (coercion level ";
        m += level_name(*needed);
        m += " is needed, the level is ";
        m += level_name(ctx.level);
        m += ')';
    }
    return fail(ctx, ErrorKind::TypeMismatch, std::move(m));
}

Error needs_level(const CoerceContext& ctx, std::string_view expected, const Value& got,
                  CoercionLevel needed) {
    return mismatch(ctx, expected, got, &needed);
}

const Value* unwrap_single(const Value& in, const CoerceContext& ctx, Conversion& c) noexcept {
    if (!in.is_array() || in.size() != 1 || !ctx.allows(CoercionLevel::BestEffort)) return nullptr;
    c.source("array");
    c.step(Risk::Warning, "unwrapped a one-element array", "emit the value itself, not an array around it");
    return &in.items()[0];
}

bool take_default(const Value& in, const CoerceContext& ctx, Conversion& c, bool sentinels) {
    if (!ctx.allows(CoercionLevel::BestEffort)) return false;
    if (in.is_null()) {
        c.source("null");
        c.step(Risk::Warning, "null read as the default", "emit a value for this field, or make it optional");
        return true;
    }
    if (sentinels && in.is_string() && is_null_sentinel(in.as_string(), ctx.null_sentinels)) {
        c.source("string");
        c.step(Risk::Warning, "null sentinel read as the default", "emit null or omit the field when there is no value");
        return true;
    }
    return false;
}

} // namespace shape_detail

namespace {
constexpr std::array<std::string_view, 8> kNullSentinels{
    "null", "none", "nil", "n/a", "na", "-", "undefined", "unknown"};
} // namespace

std::span<const std::string_view> default_null_sentinels() noexcept { return kNullSentinels; }

bool is_null_sentinel(std::string_view s, std::span<const std::string_view> sentinels) noexcept {
    s = shape_detail::trim(s);
    for (std::string_view sentinel : sentinels)
        if (shape_detail::iequals(s, shape_detail::trim(sentinel))) return true;
    return false;
}

bool is_null_like(const Value& in, const CoerceContext& ctx) noexcept {
    if (in.is_null()) return true;
    return ctx.allows(CoercionLevel::BestEffort) && in.is_string() &&
           is_null_sentinel(in.as_string(), ctx.null_sentinels);
}

bool null_to_default(const Value& in, std::string_view target, const CoerceContext& ctx) {
    shape_detail::Conversion c;
    if (!shape_detail::take_default(in, ctx, c, true)) return false;
    shape_detail::record(ctx, c, target);
    return true;
}

std::string_view Target::name() const noexcept {
    switch (kind) {
    case Kind::Any: return "value";
    case Kind::Null: return "null";
    case Kind::Bool: return "bool";
    case Kind::Integer: return integer.name;
    case Kind::Float: return floating.name;
    case Kind::String: return "string";
    case Kind::Enum: return enumeration.name;
    }
    return "value";
}

} // namespace laminate
