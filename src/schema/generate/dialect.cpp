// to_dialect: the entry point, names, and the Anthropic root rule.
#include <laminate/schema_dialect.hpp>

#include "schema/generate/schema_tree.hpp"

namespace laminate {
namespace {

// Anthropic's input_schema is an object schema: "type": "object" at the root.
Result<Value> anthropic_root(Value schema) {
    if (schema.is_object()) {
        const Value* type = schema.find("type");
        const bool composite = schema.contains("anyOf") || schema.contains("oneOf") ||
                               schema.contains("allOf") || schema.contains("$ref");
        if (!type && !composite) {
            Value out = Value::object({{"type", "object"}});
            for (Member& m : schema.members())
                out.set(m.key(), std::move(m.value));
            if (!out.contains("properties")) out.set("properties", Value::object());
            return out;
        }
        if (type && type->is_string() && type->as_string() == "object") return schema;
    }
    return Error(
        ErrorKind::InvalidSchema,
        "an Anthropic input_schema must be an object schema (\"type\": \"object\" at its root)");
}

} // namespace

std::string_view dialect_name(Dialect d) noexcept {
    switch (d) {
    case Dialect::Generic: return "generic";
    case Dialect::OpenAiStrict: return "openai_strict";
    case Dialect::Gemini: return "gemini";
    case Dialect::Anthropic: return "anthropic";
    }
    return "generic";
}

std::optional<Dialect> dialect_from_name(std::string_view name) noexcept {
    for (Dialect d : {Dialect::Generic, Dialect::OpenAiStrict, Dialect::Gemini, Dialect::Anthropic})
        if (dialect_name(d) == name) return d;
    return std::nullopt;
}

Result<Value> to_dialect(const Value& schema, Dialect dialect, const DialectOptions& options) {
    if (!schema.is_object() && !schema.is_bool())
        return Error(ErrorKind::InvalidSchema, "a JSON Schema is an object or a boolean, not a " +
                                                    std::string(type_name(schema.type())));
    schema_detail::TreeLimits limits;
    limits.max_depth = options.max_depth;
    limits.max_nodes = options.max_nodes;
    Value out;
    switch (dialect) {
    case Dialect::Generic: out = schema_detail::inline_refs(schema, limits); break;
    case Dialect::OpenAiStrict: out = schema_detail::openai_strict(schema, limits); break;
    case Dialect::Gemini: {
        Value inlined = schema_detail::inline_refs(schema, limits);
        if (!limits.failed()) {
            limits.nodes = 0;
            out = schema_detail::gemini_subset(inlined, limits, options.gemini_uppercase_types);
        }
        break;
    }
    case Dialect::Anthropic: out = schema_detail::inline_refs(schema, limits); break;
    }
    if (limits.error) return std::move(*limits.error);
    if (dialect == Dialect::Anthropic) return anthropic_root(std::move(out));
    return out;
}

} // namespace laminate
