// The $defs table of one output_schema<T>() call, and the non-template schema pieces.
#include <laminate/detail/schema_builder.hpp>

#include <cmath>
#include <cstdint>
#include <string>

namespace laminate::schema_detail {
namespace {

// JSON-Pointer- and URI-safe: [A-Za-z0-9_.-]; everything else (spaces, '<', ':', ',') is '_'.
std::string def_name(std::string_view label) {
    std::string out;
    for (char c : label) {
        const bool safe = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
                          (c >= '0' && c <= '9') || c == '_' || c == '.' || c == '-';
        out.push_back(safe ? c : '_');
    }
    if (out.empty()) out = "Type";
    return out;
}

// A bound as an integer when it is one (so that 1 prints as 1, not 1.0), else as a double.
Value number_value(double d) {
    if (std::isfinite(d) && d == std::floor(d) && d >= -9.2e18 && d <= 9.2e18)
        return Value(static_cast<std::int64_t>(d));
    return Value(d);
}

bool is_annotation(std::string_view key) {
    return key == "description" || key == "title" || key == "default";
}

bool is_null_type(const Value& v) { return v.is_string() && v.as_string() == "null"; }

bool has_null(const Value& types) {
    for (const Value& t : types.items())
        if (is_null_type(t)) return true;
    return false;
}

void add_null_to_enum(Value& schema) {
    if (Value* e = schema.find("enum"); e && e->is_array()) {
        for (const Value& x : e->items())
            if (x.is_null()) return;
        e->push_back(Value());
    }
}

} // namespace

SchemaBuilder::Slot SchemaBuilder::reserve(const void* type, std::string_view label) {
    for (std::size_t i = 0; i < defs_.size(); ++i)
        if (defs_[i].type == type) return {i, false};
    const std::string base = def_name(label);
    std::string name = base;
    for (std::size_t n = 2;; ++n) {
        bool taken = false;
        for (const Def& d : defs_)
            taken = taken || d.name == name;
        if (!taken) break;
        name = base + "_" + std::to_string(n);
    }
    defs_.push_back(Def{type, std::move(name), Value(), 0});
    return {defs_.size() - 1, true};
}

void SchemaBuilder::define(std::size_t index, Value body) { defs_[index].body = std::move(body); }

Value SchemaBuilder::ref(std::size_t index) {
    ++defs_[index].refs;
    return Value::object({{"$ref", "#/$defs/" + defs_[index].name}});
}

Value SchemaBuilder::finish(Value root, bool root_is_first_def) {
    Value defs = Value::object();
    for (std::size_t i = 0; i < defs_.size(); ++i) {
        if (i == 0 && root_is_first_def && defs_[i].refs == 0)
            continue; // inlined, never referred to
        defs.set(defs_[i].name, std::move(defs_[i].body));
    }
    Value out = Value::object();
    if (options_.schema_uri) out.set("$schema", Value(schema_uri_2020_12));
    if (root.is_object()) {
        for (Member& m : root.members())
            out.set(m.key(), std::move(m.value));
    } else {
        out = std::move(root); // a boolean schema cannot carry keywords
        return out;
    }
    if (!defs.empty()) out.set("$defs", std::move(defs));
    return out;
}

Value integer_schema(std::int64_t lo, std::uint64_t hi) {
    return Value::object({{"type", "integer"}, {"minimum", Value(lo)}, {"maximum", Value(hi)}});
}

Value enum_schema(std::span<const std::string_view> names) {
    Value values = Value::array();
    for (std::string_view n : names)
        values.push_back(Value(n));
    return Value::object({{"type", "string"}, {"enum", std::move(values)}});
}

Value open_enum_schema(std::span<const std::string_view> names) {
    return Value::object(
        {{"anyOf", Value::array({enum_schema(names), Value::object({{"type", "string"}})})}});
}

Value nullable_schema(Value schema) {
    if (!schema.is_object() || schema.empty()) return schema; // true / {} take null already
    Value* type = schema.find("type");
    const bool composite = schema.contains("$ref") || schema.contains("anyOf") ||
                           schema.contains("oneOf") || schema.contains("allOf") ||
                           schema.contains("const");
    if (type && type->is_string() && !composite) {
        if (is_null_type(*type)) return schema;
        Value both = Value::array({*type, Value("null")});
        *type = std::move(both);
        add_null_to_enum(schema);
        return schema;
    }
    if (type && type->is_array() && !composite) {
        if (!has_null(*type)) type->push_back(Value("null"));
        add_null_to_enum(schema);
        return schema;
    }
    // {"anyOf": [...]} with nothing beside it but annotations: one more branch.
    bool only_annotations = true;
    for (const Member& m : schema.members())
        only_annotations = only_annotations && (m.key() == "anyOf" || is_annotation(m.key()));
    if (Value* any = schema.find("anyOf"); any && any->is_array() && only_annotations) {
        for (const Value& branch : any->items())
            if (const Value* t = branch.find("type"); t && is_null_type(*t) && branch.size() == 1)
                return schema;
        any->push_back(Value::object({{"type", "null"}}));
        return schema;
    }
    // {"anyOf": [schema without its annotations, null], annotations...}
    Value inner = Value::object();
    Value out = Value::object();
    for (Member& m : schema.members()) {
        if (is_annotation(m.key())) continue;
        inner.set(m.key(), std::move(m.value));
    }
    out.set("anyOf", Value::array({std::move(inner), Value::object({{"type", "null"}})}));
    for (Member& m : schema.members())
        if (is_annotation(m.key())) out.set(m.key(), std::move(m.value));
    return out;
}

void apply_field_spec(Value& schema, const FieldSpec& spec, const Value* default_value) {
    if (!schema.is_object())
        schema = Value::object(); // a boolean `true` schema: keywords need an object
    if (!spec.description.empty()) schema.set("description", Value(spec.description));
    if (default_value) schema.set("default", *default_value);
    if (spec.minimum) {
        const Value* lo = schema.find("minimum");
        if (!lo || !lo->is_number() || lo->as_double() < *spec.minimum)
            schema.set("minimum", number_value(*spec.minimum));
    }
    if (spec.maximum) {
        const Value* hi = schema.find("maximum");
        if (!hi || !hi->is_number() || hi->as_double() > *spec.maximum)
            schema.set("maximum", number_value(*spec.maximum));
    }
    if (spec.length_min) schema.set("minLength", Value(*spec.length_min));
    if (spec.length_max) schema.set("maxLength", Value(*spec.length_max));
    if (!spec.pattern_text.empty()) schema.set("pattern", Value(spec.pattern_text));
    if (!spec.format_text.empty()) schema.set("format", Value(spec.format_text));
    const Value* type = schema.find("type");
    const bool map_like = type && type->is_string() && type->as_string() == "object";
    if (spec.items_min) schema.set(map_like ? "minProperties" : "minItems", Value(*spec.items_min));
    if (spec.items_max) schema.set(map_like ? "maxProperties" : "maxItems", Value(*spec.items_max));
}

Value object_schema(Value properties, Value required, bool has_overflow,
                    std::string_view description, const OutputSchemaOptions& options) {
    Value out = Value::object({{"type", "object"}});
    if (!description.empty()) out.set("description", Value(description));
    out.set("properties", std::move(properties));
    if (!required.empty()) out.set("required", std::move(required));
    if (has_overflow)
        out.set("additionalProperties", Value(true));
    else if (options.closed_structs)
        out.set("additionalProperties", Value(false));
    return out;
}

} // namespace laminate::schema_detail
