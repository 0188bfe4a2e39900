#pragma once
// laminate::Schema — one JSON Schema, compiled once, that validates values and shapes model
// output into them, with the same three verbs as typed shaping (shape.hpp):
//
//   auto schema = laminate::Schema::compile(parameters);        // Result<Schema>; or compile_json(text)
//   auto args = schema->from_llm_response(model_text);          // Result<Shaped<Value>>: value, diagnostics
//   auto report = schema->validate(args->value);                // ValidationResult: every violation
//   for (const auto& v : report.violations) std::cout << v << '\n';
//   // $.items[2].quantity: expected a value <= 255, got 300
//
// Shaping makes a value fit the schema, taking the liberties the mode allows (coercion, repairs,
// defaults), each a diagnostic; validation judges a value as it is and reports every violation
// with its path, keyword, schema location and a message phrased so that it can be sent back to a
// model. A program that shapes an answer and then validates it needs this one object.
//
// A Schema is immutable, cheap to copy (shared) and safe to use from several threads at once.
//
// ---- Validation --------------------------------------------------------------------------------
// Keywords (2020-12 and draft 7 spellings): type, enum, const, properties, required,
// additionalProperties, patternProperties, propertyNames, dependentRequired, dependentSchemas,
// dependencies, min/maxProperties, items (schema or draft-7 array form), prefixItems,
// additionalItems, contains (+ min/maxContains), min/maxItems, uniqueItems, anyOf, oneOf, allOf,
// not, if/then/else, $ref to "#", "#/json/pointer", "#anchor" ($anchor, or draft-7 "$id": "#a"),
// $id-relative URIs, and documents supplied in SchemaCompileOptions::documents; $defs/definitions;
// minimum, maximum, exclusiveMinimum, exclusiveMaximum (number, or the draft-4 boolean form), multipleOf,
// minLength/maxLength (code points), pattern (RE2), format. Unknown keywords are ignored.
//
// Messages never quote strings, arrays or objects from the instance (it is model output): they
// describe them ("got a string of 3 characters"); the cut-short quote is in Violation::excerpt.
// Numbers, booleans and null are short and named ("got 300") unless quote_numbers is off.
// Values from the schema (enum members, const) may be quoted: the schema is the caller's.
//
// Patterns run on RE2 (linear time, no recursion). ECMA-262 features RE2 lacks (lookaround,
// backreferences) make a pattern uncompilable: compile() returns InvalidSchema. \uXXXX escapes
// are translated, \d \w \s are ASCII as in ECMA-262 without the u flag.
//
// Formats asserted: date, date-time, time, email, uuid, uri, ipv4, ipv6, hostname (RFC 3339,
// 5321-lite, 4122, 3986, 2673, 4291, 1123). Other format names are annotations only.
//
// ---- Shaping -----------------------------------------------------------------------------------
// Schema dialects accepted (an unusable schema is an InvalidSchema error):
// * JSON Schema: type (a name or an array of names), properties, required, additionalProperties
//   (bool or a schema), patternProperties, items, prefixItems, minItems/maxItems, enum, const,
//   default, anyOf, oneOf, allOf (of object schemas: merged), nullable (OpenAPI),
//   minimum/maximum/exclusiveMinimum/exclusiveMaximum, minLength/maxLength, local $ref ("#",
//   "#/$defs/x", "#/definitions/x", any JSON Pointer into the schema document). Keywords it does
//   not know are ignored.
// * BFCL: type "dict" (object), "float" (number), "tuple" (array), "any"; and the Java / JavaScript
//   type names of BFCL's java and javascript categories ("String", "int", "long", "boolean",
//   "double", "float", "char", "byte", "short", "HashMap", "Map", "ArrayList", "List", "Array",
//   "String[]", "Boolean", "Integer", "object", ...). There argument values may come as source
//   text in strings: "true", "42L", "new ArrayList<>(Arrays.asList(\"a\", \"b\"))", "[1, 2]".
//   Such a string is read as the literal it spells and shaped into the JSON value (true, 42,
//   ["a","b"]: BFCL v4's answers are these values), with a Coerced Warning; a string that is no
//   literal is an expression (a variable name such as "userList") and is kept as the string, with
//   a Warning. A JSON value of the right type is taken as it is. See
//   SchemaCompileOptions::source_literals.
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
//   Drop (Dropped, Info), Keep (Shaped::residual, Preserved, Info), Error (unknown_field).
//   With additionalProperties true or absent, JSON Schema allows them, so they are kept in the
//   value as they are — except under UnknownFields::Error (Strict), which asks for no surprises and
//   makes them unknown_field errors too. additionalProperties given as a schema shapes them with it.
// * integer: IntTarget with the schema's minimum/maximum when they lie in int64 range (out of range
//   is out_of_range, like a C++ integer type) — an integer literal beyond 64 bits is kept exactly
//   (its lexeme) where no bound narrows the range; number: float64 (NaN and the infinities, which
//   JSON cannot hold, are type_mismatch in every mode); string; boolean; null; enum (the
//   declared value, matched as coerce_enum does when every entry is a string, else by equality);
//   const; arrays with items / prefixItems; objects; anyOf / oneOf / type arrays tried in turn, an
//   alternative that takes the value with no coercion first (each tried at Exact), else the fit
//   with the lowest risk (then fewest diagnostics, then first) wins, as std::variant members
//   (a value whose JSON type is one of a type array's is taken as that type, uncoerced). A JSON
//   number is a valid "number" as written (an integer stays an integer). BFCL's `enum` on an array
//   constrains its items. oneOf is read like anyOf, then checked (below).
// * Recursion through structure ($ref back to a schema from inside an array or object, the "any
//   JSON value" anyOf) compiles and shapes; a $ref cycle with no structure between is
//   InvalidSchema. A value is not wrapped in an array whose items may themselves be arrays.
// * null for a required number, integer or boolean property without a default is missing_field.
//   In Lenient mode a minority (fewer than half) of invalid array elements is dropped, the others
//   kept (Dropped, Risky, at each element); otherwise every element's error is reported.
// * from_llm_response: a bare answer for a scalar schema, several objects in prose for an array
//   schema, a tool-call envelope's arguments (envelope_unwrapped), as typed shaping (shape.hpp).
// * Constraints (minimum/maximum beyond the integer target's range, exclusive bounds, min/max
//   length, min/max items, pattern, and the formats validate() asserts) are checked after
//   coercion: constraint_violation. They also decide which alternative of an anyOf/oneOf a value
//   is ("12" is not a date alternative's).
// * patternProperties: a member no property takes whose key a pattern matches is shaped by the
//   first such pattern's schema (never an additional member).
// * Keywords shaping does not enforce while reading (oneOf's exclusivity, allOf's parts, not,
//   multipleOf, min/maxProperties, dependentRequired/Schemas, if/then/else, contains,
//   propertyNames, every matching patternProperties entry, keywords beside $ref or anyOf, values
//   under a $ref to an anchor or another document) are checked on the shaped value by validate()'s
//   rules when the schema has any: each violation is constraint_violation at its path (with
//   unevaluatedProperties/Items, read as additionalProperties/items where nothing else
//   evaluates). docs/schemas.md lists them.
// * Errors carry paths (`$.items[2].quantity: ...`); under ErrorCollection::All every failing
//   property is reported (several as one shape_error; ShapeOptions::field_errors gets them all),
//   Strict stops at the first. fail_at, sink and null_sentinels of ShapeOptions apply.
// * Limits: schema nesting and $ref chains are bounded (SchemaCompileOptions::max_depth); input depth is
//   bounded by the parser's limits.

#include <laminate/diagnostic.hpp>
#include <laminate/result.hpp>
#include <laminate/shape_options.hpp>
#include <laminate/shaped.hpp>
#include <laminate/value.hpp>

#include <cstddef>
#include <iosfwd>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace laminate {

// ---- validation results ------------------------------------------------------------------------

struct Violation {
    std::string path;        // instance location below the root: "items[2].quantity" ("" is the root)
    std::string message;     // "expected a value <= 255, got 300"; no instance text quoted
    std::string keyword;     // "maximum"
    std::string schema_path; // JSON pointer into the schema: "#/properties/items/items/maximum"
    std::string excerpt;     // the offending value, compact JSON cut short (may be model content)
};

// "$.items[2].quantity: expected a value <= 255, got 300" (no excerpt).
std::string to_string(const Violation& v);
std::ostream& operator<<(std::ostream& os, const Violation& v);

struct ValidationResult {
    bool valid = true;
    std::vector<Violation> violations; // every one (or the first, with stop_at_first)
    explicit operator bool() const noexcept { return valid; }
};

// A SchemaViolation Error summing up an invalid result: "3 violations: $.a: ...; $.b: ..."
// (the first few listed), path of the first violation. Precondition: !result.valid.
Error violations_error(const ValidationResult& result);

// ---- options -----------------------------------------------------------------------------------

enum class Draft : unsigned char {
    Automatic,    // from "$schema": draft-07 and older read as draft 7, anything else as 2020-12
    Draft7,       // $ref overrides its sibling keywords
    Draft2020_12,
};

// How a schema is compiled (both for validation and for shaping).
struct SchemaCompileOptions {
    Draft draft = Draft::Automatic;
    // Nesting of the schema document itself, and of $ref chains while shaping; deeper is an
    // InvalidSchema error.
    std::size_t max_depth = 256;
    // format is an assertion for the formats listed above (false: annotation only).
    bool assert_format = true;
    // Other schema documents that $ref may name, by absolute URI without fragment
    // ("https://example.com/address.json"): shared definitions, a metaschema. Nothing is ever
    // fetched; a $ref to a document neither here nor in the schema is an InvalidSchema error.
    // (Shaping reads a value under such a reference as it comes; validation checks it.)
    std::vector<std::pair<std::string, Value>> documents = {};
    // Argument values are source text (BFCL's java and javascript categories): where a string
    // meets a non-string schema it is read as a Java / JavaScript literal ("true", "42L",
    // "new ArrayList<>(Arrays.asList(1, 2))", "[1, 2]", "{a: 1}") and, when it is none, kept as
    // the expression it is (a variable name such as "userList"), with a Warning. Always on for a
    // schema node whose type is a Java / JavaScript type name ("String", "long", "HashMap", ...).
    bool source_literals = false;
};

struct ValidateOptions {
    bool stop_at_first = false;
    // Evaluation depth (instance nesting plus $ref hops: {"items": {"$ref": "#"}} costs two a
    // level); past it the value is invalid with a "depth" violation instead of a stack overflow.
    // A level takes about 0.5 KiB of stack in a release build, several times that under
    // sanitizers: keep it well under 10,000 on an 8 MiB stack.
    std::size_t max_depth = 512;
    // Schema applications (one per value a subschema is applied to, equality checks of
    // uniqueItems included); past it the value is invalid with a "limits" violation. Bounds the
    // exponential cost of nested anyOf/oneOf that all fail deep down.
    std::size_t max_steps = 10'000'000;
    std::size_t max_violations = 1000; // collection stops here (valid stays false)
    std::size_t excerpt_bytes = 60;    // excerpts longer than this are cut and end in "..."
    bool quote_numbers = true;         // "got 300" in messages (false: "got a number")
};

namespace schema_detail {
struct Compiled;
struct Node;
struct HotObject;
} // namespace schema_detail

// ---- the schema --------------------------------------------------------------------------------

class Schema {
public:
    // Compiles `schema` for validation and shaping. InvalidSchema when it is not an object or a
    // boolean, a keyword has the wrong type, a type name is unknown, a pattern does not compile,
    // a $ref does not resolve (in the document or in options.documents), or nesting passes
    // options.max_depth. The message names the schema location, never instance data.
    static Result<Schema> compile(const Value& schema, const SchemaCompileOptions& options = {});
    // The same, keeping `schema` itself as document() instead of a copy of it.
    static Result<Schema> compile(Value&& schema, const SchemaCompileOptions& options = {});
    // The same from JSON text (read strictly: a schema is the caller's, not a model's);
    // InvalidSchema, with the offset, when it is not valid JSON.
    static Result<Schema> compile_json(std::string_view schema_json, const SchemaCompileOptions& options = {});

    // Every violation of `instance` (or the first, with options.stop_at_first). Never fails:
    // limits reached are violations of their own ("depth", "limits").
    ValidationResult validate(const Value& instance, const ValidateOptions& options = {}) const;
    // True when `instance` has no violation (stops at the first).
    bool is_valid(const Value& instance) const;

    // Shapes a value already parsed. Errors carry the path of the first failing value.
    Result<Shaped<Value>> from_value(const Value& input, const ShapeOptions& options) const;
    // Parses `json_text` (with repairs unless the mode forbids them; options.parse) and shapes it.
    Result<Shaped<Value>> from_json(std::string_view json_text, const ShapeOptions& options) const;
    // Extracts the payload from model text (fences, tags, prose; options.extract), repairs and
    // shapes it. The candidate that shapes without error wins; when none does, the error is the
    // shaping error of the first candidate that parses (or NoPayload).
    Result<Shaped<Value>> from_llm_response(std::string_view model_text, const ShapeOptions& options) const;
    // The same with default (lenient) options. Overloads rather than default arguments: a
    // default ShapeOptions would be built and destroyed at every call, a measurable share of a
    // small call; these use one built once.
    Result<Shaped<Value>> from_value(const Value& input) const;
    Result<Shaped<Value>> from_json(std::string_view json_text) const;
    Result<Shaped<Value>> from_llm_response(std::string_view model_text) const;
    // Text is not a Value: these keep a string literal from converting to one.
    Result<Shaped<Value>> from_value(const char*) const = delete;
    Result<Shaped<Value>> from_value(const char*, const ShapeOptions&) const = delete;

    // The schema document as compiled.
    const Value& document() const noexcept;

    // The shaping form of the root and the fast path's compact form of it (null when the fast
    // path cannot walk it): implementation details, used by the shaping code.
    const schema_detail::Node& shape_root() const noexcept { return *root_; }
    const schema_detail::HotObject* hot_root() const noexcept { return hot_root_; }

private:
    Schema(std::shared_ptr<const schema_detail::Compiled> c, const schema_detail::Node* root,
           const schema_detail::HotObject* hot_root)
        : compiled_(std::move(c)), root_(root), hot_root_(hot_root) {}
    std::shared_ptr<const schema_detail::Compiled> compiled_;
    // The root node, kept beside the pointer: reaching it through the shared Compiled would cost
    // one more cold cache line per call when many schemas take turns (BFCL: a schema per call).
    const schema_detail::Node* root_ = nullptr;
    const schema_detail::HotObject* hot_root_ = nullptr; // beside it, for the same reason
};

} // namespace laminate
