// Any, array and object targets, and dispatch on a run-time Target.
#include <laminate/coerce.hpp>
#include <laminate/parse.hpp>

#include "conversion.hpp"

namespace laminate {
namespace shape_detail {
namespace {

constexpr std::string_view kStructureSuggestion = "emit JSON structure itself, not a string holding it";

// The JSON object or array a string holds (whitespace around it allowed), parsed strictly.
bool parse_stringified(const Value& in, Value& out) {
    std::string_view s = trim(in.as_string());
    if (s.empty() || (s.front() != '{' && s.front() != '[')) return false;
    auto parsed = parse_json(s);
    if (!parsed) return false;
    out = std::move(*parsed);
    return true;
}

} // namespace
} // namespace shape_detail

Result<Value> coerce_any(const Value& in, const CoerceContext& ctx) {
    using namespace shape_detail;
    Value parsed;
    if (in.is_string() && ctx.allows(CoercionLevel::BestEffort) && parse_stringified(in, parsed)) {
        Conversion c;
        c.source("string");
        c.step(Risk::Warning, "parsed the JSON text it held", kStructureSuggestion);
        record(ctx, c, source_type(parsed));
        return parsed;
    }
    return in;
}

Result<std::span<const Value>> coerce_array(const Value& in, const CoerceContext& ctx, Value& storage) {
    using namespace shape_detail;
    if (in.is_array()) return in.items();
    if (!ctx.allows(CoercionLevel::BestEffort)) return needs_level(ctx, "an array", in, CoercionLevel::BestEffort);
    Conversion c;
    std::span<const Value> out;
    if (in.is_string() && parse_stringified(in, storage) && storage.is_array()) {
        c.source("string");
        c.step(Risk::Warning, "parsed the JSON text it held", kStructureSuggestion);
        out = storage.items();
    } else if (take_default(in, ctx, c, true)) {
        out = {};
    } else {
        c.source(source_type(in));
        c.step(Risk::Warning, "wrapped a single value in an array", "emit an array, even of one element");
        out = std::span<const Value>(&in, 1);
    }
    record(ctx, c, "array");
    return out;
}

Result<const Value*> coerce_object(const Value& in, const CoerceContext& ctx, Value& storage) {
    using namespace shape_detail;
    if (in.is_object()) return &in;
    Conversion c;
    const Value* out = nullptr;
    if (in.is_string() && ctx.allows(CoercionLevel::BestEffort) && parse_stringified(in, storage) &&
        storage.is_object()) {
        c.source("string");
        c.step(Risk::Warning, "parsed the JSON text it held", kStructureSuggestion);
        out = &storage;
    } else if (in.is_array() && in.size() == 1 && in.items()[0].is_object() && unwrap_single(in, ctx, c)) {
        out = &in.items()[0];
    } else if (take_default(in, ctx, c, true)) {
        storage = Value::object();
        out = &storage;
    } else {
        bool higher = in.is_null() || in.is_string() || (in.is_array() && in.size() == 1 && in.items()[0].is_object());
        if (higher && !ctx.allows(CoercionLevel::BestEffort))
            return needs_level(ctx, "an object", in, CoercionLevel::BestEffort);
        return mismatch(ctx, "an object", in);
    }
    record(ctx, c, "object");
    return out;
}

Result<Value> coerce(const Value& in, const Target& target, const CoerceContext& ctx) {
    switch (target.kind) {
    case Target::Kind::Any: return coerce_any(in, ctx);
    case Target::Kind::Null: {
        auto r = coerce_null(in, ctx);
        if (!r) return std::move(r).error();
        return Value();
    }
    case Target::Kind::Bool: {
        auto r = coerce_bool(in, ctx);
        if (!r) return std::move(r).error();
        return Value(*r);
    }
    case Target::Kind::Integer: {
        if (target.integer.is_signed) {
            auto r = coerce_signed(in, target.integer, ctx);
            if (!r) return std::move(r).error();
            return Value(*r);
        }
        auto r = coerce_unsigned(in, target.integer, ctx);
        if (!r) return std::move(r).error();
        return Value(*r);
    }
    case Target::Kind::Float: {
        auto r = coerce_float(in, target.floating, ctx);
        if (!r) return std::move(r).error();
        return Value(*r);
    }
    case Target::Kind::String: {
        auto r = coerce_string(in, ctx);
        if (!r) return std::move(r).error();
        return Value(*r);
    }
    case Target::Kind::Enum: {
        auto r = coerce_enum(in, target.enumeration, ctx);
        if (!r) return std::move(r).error();
        return Value(target.enumeration.names[*r]);
    }
    }
    return in;
}

} // namespace laminate
