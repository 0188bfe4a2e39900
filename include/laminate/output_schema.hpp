#pragma once
// laminate::output_schema<T>() — the JSON Schema (2020-12) of a C++ type, as a laminate::Value,
// from the same reflection and laminate::Fields<T> options typed shaping reads it with.
//
//   struct Order { std::string sku; std::uint8_t quantity = 1; std::optional<std::string> note; };
//   Value schema = laminate::output_schema<Order>();
//   // {"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "object",
//   //  "properties": {"sku": {"type": "string"},
//   //                 "quantity": {"type": "integer", "minimum": 0, "maximum": 255},
//   //                 "note": {"type": ["string", "null"]}},
//   //  "required": ["sku", "quantity"], "additionalProperties": false}
//
// What each type becomes:
//   bool -> boolean; integers -> integer with the type's range as minimum/maximum (uint8: 0..255);
//   float, double -> number; std::string -> string; enum E -> string with "enum" of its names;
//   laminate::Open<E> -> {"anyOf": [{"type": "string", "enum": names}, {"type": "string"}]}: any
//   string is accepted (as shaping does) and the declared names are listed first for the model;
//   a struct -> "$ref": "#/$defs/<Name>" with the body in "$defs" (the root struct inline);
//   std::vector<U> -> array of U; std::array<U, N> -> also minItems = maxItems = N;
//   std::map / std::unordered_map<string, V> -> object with additionalProperties: V;
//   std::variant<A...> -> anyOf (std::monostate -> null); laminate::Value -> {} (anything);
//   std::optional<U> as a field -> U or null, the field not required (a model may leave it out or
//   answer null: shaping reads both as nullopt); elsewhere (an element, a map value, a variant
//   alternative) -> U or null as well; a laminate::Shaper<T> -> Shaper<T>::schema() when it
//   declares `static laminate::Value schema();`, else {}.
// Structs: every field is required except std::optional and defaulted ones (Fields<T>:
// field("x").defaulted(); an initializer alone does not make a field optional); a defaulted field
// has "default" (its initializer, written with to_value). A struct with a laminate::Overflow
// member has additionalProperties true, one without has false (OutputSchemaOptions::closed_structs).
// Fields<T> options become keywords: rename -> the property key, describe -> description,
// range/min/max -> minimum/maximum (the tighter of the field's and the type's), length ->
// minLength/maxLength, pattern, format, items -> minItems/maxItems (minProperties/maxProperties
// on maps). `static constexpr std::string_view description` in Fields<T> describes the type.
// Recursive types terminate: the $defs entry is reserved before its body is built, so
// `struct Node { std::vector<Node> children; }` refers to "#/$defs/Node".
// $defs names are the type's readable name (namespaces dropped, as in diagnostics), reduced to
// [A-Za-z0-9_.-]; two types with one name get "_2", "_3" suffixes.
// output_schema does not validate Fields<T> (a name that is no field is ignored); shaping reports
// such options as invalid_argument.
//
// Provider dialects (OpenAI strict, Gemini, Anthropic): to_dialect in schema_dialect.hpp.

#include <laminate/detail/schema_builder.hpp>
#include <laminate/detail/schema_walk.hpp>
#include <laminate/value.hpp>

namespace laminate {

template <class T> Value output_schema(const OutputSchemaOptions& options = {}) {
    static_assert(shape_detail::check_shapeable<T>());
    schema_detail::SchemaBuilder builder(options);
    Value root = schema_detail::root_schema<T>(builder);
    return builder.finish(std::move(root), schema_detail::is_struct_schema_v<T>);
}

} // namespace laminate
