#pragma once
// Schema-driven shaping: a JSON value (or model text) made to fit a JSON Schema — or a BFCL
// parameter schema — with the same coercion engine, modes and diagnostics as typed shaping
// (shape.hpp). Compile a schema once, shape many inputs against it:
//
//   auto schema = laminate::CompiledSchema::compile(schema_value);      // Result<CompiledSchema>
//   auto shaped = laminate::shape_llm_response(model_text, *schema);    // Result<SchemaShaped>
//   if (shaped) use(shaped->value, shaped->diagnostics);
//
// Schema dialects accepted (an unusable schema is an invalid_schema error):
// * JSON Schema: type (a name or an array of names), properties, required, additionalProperties
//   (bool or a schema), items, prefixItems, minItems/maxItems, enum, const, default, anyOf, oneOf,
//   allOf (of object schemas: merged), nullable (OpenAPI), minimum/maximum/exclusiveMinimum/
//   exclusiveMaximum, minLength/maxLength, local $ref ("#", "#/$defs/x", "#/definitions/x", any
//   JSON Pointer into the schema document). Keywords it does not know are ignored.
// * BFCL: type "dict" (object), "float" (number), "tuple" (array), "any"; and the Java / JavaScript
//   type names of BFCL's java and javascript categories ("String", "int", "long", "boolean",
//   "double", "float", "char", "byte", "short", "HashMap", "Map", "ArrayList", "List", "Array",
//   "String[]", "Boolean", "Integer", "object", ...). There argument values may come as source
//   text in strings: "true", "42L", "new ArrayList<>(Arrays.asList(\"a\", \"b\"))", "[1, 2]".
//   Such a string is read as the literal it spells and shaped into the JSON value (true, 42,
//   ["a","b"]: BFCL v4's answers are these values), with a Coerced Warning; a string that is no
//   literal is an expression (a variable name such as "userList") and is kept as the string, with
//   a Warning. A JSON value of the right type is taken as it is. See SchemaReadOptions.
//
// Semantics (as typed shaping; see shape.hpp):
// * Object properties match by key exactly; at BestEffort also ignoring case, spaces, '_' and '-'
//   (Warning). A missing `required` property is missing_field in every mode. A missing property
//   with a `default` is filled with it (Defaulted, Info, unless the policy records no defaults); a
//   missing optional property without a default stays absent (Defaulted "left empty", as a missing
//   std::optional member). null for an optional property whose schema does not allow null is
//   absence, as null in a std::optional member; null (or a null sentinel at BestEffort) for a
//   property with a default takes the default (Warning). Output objects list the schema's
//   properties in schema order, then the members kept from the input.
// * Unknown members: under additionalProperties false they follow the policy's UnknownFields —
//   Drop (Dropped, Info), Keep (SchemaShaped::residual, Preserved, Info), Error (unknown_field).
//   With additionalProperties true or absent, JSON Schema allows them, so they are kept in the
//   value as they are — except under UnknownFields::Error (Strict), which asks for no surprises and
//   makes them unknown_field errors too. additionalProperties given as a schema shapes them with it.
// * integer: IntTarget with the schema's minimum/maximum when they lie in int64 range (out of range
//   is out_of_range, like a C++ integer type); number: float64; string; boolean; null; enum (the
//   declared value, matched as coerce_enum does when every entry is a string, else by equality);
//   const; arrays with items / prefixItems; objects; anyOf / oneOf / type arrays tried in turn, the
//   fit with the lowest risk (then fewest diagnostics, then first) wins, as std::variant members
//   (a value whose JSON type is one of a type array's is taken as that type, uncoerced). A JSON
//   number is a valid "number" as written (an integer stays an integer). BFCL's `enum` on an array
//   constrains its items. oneOf is read like anyOf: exclusivity is the validator's business.
// * Constraints (minimum/maximum beyond the integer target's range, exclusive bounds, min/max
//   length, min/max items) are checked after coercion: constraint_violation. Formats and patterns
//   are left to the validator (validate.hpp).
// * Errors carry paths (`$.items[2].quantity: ...`); under ErrorCollection::All every failing
//   property is reported (several as one shape_error; ShapeOptions::field_errors gets them all),
//   Strict stops at the first. fail_at, sink and null_sentinels of ShapeOptions apply.
// * Limits: schema nesting and $ref chains are bounded (CompiledSchema::max_depth); input depth is
//   bounded by the parser's limits.

#include <laminate/diagnostic.hpp>
#include <laminate/result.hpp>
#include <laminate/shape_options.hpp>
#include <laminate/value.hpp>

#include <cstddef>
#include <memory>
#include <string_view>

namespace laminate {

struct SchemaShaped {
    Value value;
    Diagnostics diagnostics;
    // Unknown members kept under UnknownFields::Keep where additionalProperties is false: an object
    // keyed by each member's path ("_trace_id", "legs[0].note"), as Shaped<T>::residual.
    Value residual = Value::object();
};

// How a schema is read.
struct SchemaReadOptions {
    // Argument values are source text (BFCL's java and javascript categories): where a string
    // meets a non-string schema it is read as a Java / JavaScript literal ("true", "42L",
    // "new ArrayList<>(Arrays.asList(1, 2))", "[1, 2]", "{a: 1}") and, when it is none, kept as
    // the expression it is (a variable name such as "userList"), with a Warning. Always on for a
    // schema node whose type is a Java / JavaScript type name ("String", "long", "HashMap", ...).
    bool source_literals = false;
};

namespace schema_detail {
struct Node;
struct Compiled;
struct HotObject;
} // namespace schema_detail

// A schema parsed and normalized once ($refs resolved, BFCL dialect mapped, names looked up).
// Cheap to copy (shared, immutable); thread-safe to use from several threads at once.
class CompiledSchema {
public:
    static constexpr std::size_t max_depth = 256; // nesting of schemas, including $ref chains

    // invalid_schema when the schema cannot be used (not an object or bool, an unknown type name,
    // a dangling or cyclic-without-structure $ref, a malformed keyword, too deep).
    static Result<CompiledSchema> compile(const Value& schema, const SchemaReadOptions& options = {});
    static Result<CompiledSchema> compile_json(std::string_view schema_json, const SchemaReadOptions& options = {});

    const schema_detail::Node& root() const noexcept { return *root_; }
    // The fast path's compact form of the root when it is an object schema the fast path may
    // walk, else null (an implementation detail, as root()).
    const schema_detail::HotObject* hot_root() const noexcept { return hot_root_; }

private:
    CompiledSchema(std::shared_ptr<const schema_detail::Compiled> c, const schema_detail::Node* root,
                   const schema_detail::HotObject* hot_root)
        : compiled_(std::move(c)), root_(root), hot_root_(hot_root) {}
    std::shared_ptr<const schema_detail::Compiled> compiled_;
    // The root node, kept beside the pointer: reaching it through the shared Compiled would cost
    // one more cold cache line per call when many schemas take turns (BFCL: a schema per call).
    const schema_detail::Node* root_ = nullptr;
    const schema_detail::HotObject* hot_root_ = nullptr; // beside it, for the same reason
};

// Shape a value already parsed.
Result<SchemaShaped> shape(const Value& input, const CompiledSchema& schema, const ShapeOptions& options);
// Parse (with repairs unless the policy forbids them; options.parse) and shape.
Result<SchemaShaped> shape_json(std::string_view json_text, const CompiledSchema& schema, const ShapeOptions& options);
// Extract the payload from model text (fences, tags, prose; options.extract), repair and shape. The
// candidate that shapes without error wins, as with from_llm_response<T>; when none does, the error
// is the shaping error of the first candidate that parses (or no_payload).
Result<SchemaShaped> shape_llm_response(std::string_view model_text, const CompiledSchema& schema,
                                        const ShapeOptions& options);
// The same with default options. Overloads rather than default arguments: a default ShapeOptions
// (its sink's std::function, parse and extract options) would be built and destroyed at every call
// site, a measurable share of a small call; these use one built once.
Result<SchemaShaped> shape(const Value& input, const CompiledSchema& schema);
Result<SchemaShaped> shape_json(std::string_view json_text, const CompiledSchema& schema);
Result<SchemaShaped> shape_llm_response(std::string_view model_text, const CompiledSchema& schema);

// The same, compiling the schema on each call (convenient; compile once for many inputs).
Result<SchemaShaped> shape(const Value& input, const Value& schema, const ShapeOptions& options = {});
Result<SchemaShaped> shape_json(std::string_view json_text, const Value& schema, const ShapeOptions& options = {});
Result<SchemaShaped> shape_llm_response(std::string_view model_text, const Value& schema,
                                        const ShapeOptions& options = {});

} // namespace laminate
