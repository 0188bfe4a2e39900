#pragma once
// JSON Schema validation: compile a schema once, validate any number of values against it, and
// get back every violation with the instance path, the keyword, the schema location and a
// message phrased so that it can be sent back to a model:
//
//   auto schema = laminate::Schema::compile(schema_value);          // Result<Schema>
//   auto result = schema->validate(instance);                       // ValidationResult
//   for (auto& v : result.violations) std::cout << v << '\n';
//   // $.items[2].quantity: expected a value <= 255, got 300
//
// Keywords (2020-12 and draft 7 spellings): type, enum, const, properties, required,
// additionalProperties, patternProperties, propertyNames, dependentRequired, dependentSchemas,
// dependencies, min/maxProperties, items (schema or draft-7 array form), prefixItems,
// additionalItems, contains (+ min/maxContains), min/maxItems, uniqueItems, anyOf, oneOf, allOf,
// not, if/then/else, $ref to "#", "#/json/pointer", "#anchor" ($anchor, or draft-7 "$id": "#a"),
// $id-relative URIs, and documents supplied in SchemaCompileOptions::documents; $defs/definitions; minimum, maximum,
// exclusiveMinimum, exclusiveMaximum (number, or the draft-4 boolean form), multipleOf,
// minLength/maxLength (code points), pattern (RE2), format. Unknown keywords are ignored.
//
// Messages never quote strings, arrays or objects from the instance (it is model output): they
// describe them ("got a string of 3 characters"); the cut-short quote is in Violation::excerpt.
// Numbers, booleans and null are short and named ("got 300") unless quote_numbers is off.
// Values from the schema (enum members, const) may be quoted: the schema is the caller's.
//
// Patterns run on RE2 (linear time, no recursion). ECMA-262 features RE2 lacks (lookaround,
// backreferences) make a pattern uncompilable: compile() returns invalid_schema. \uXXXX escapes
// are translated, \d \w \s are ASCII as in ECMA-262 without the u flag.
//
// Formats asserted: date, date-time, time, email, uuid, uri, ipv4, ipv6, hostname (RFC 3339,
// 5321-lite, 4122, 3986, 2673, 4291, 1123). Other format names are annotations only.

#include <laminate/result.hpp>
#include <laminate/value.hpp>

#include <cstddef>
#include <iosfwd>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace laminate {

struct Violation {
    std::string path;        // instance location in laminate's path syntax: "$.items[2].quantity"
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

enum class Draft : unsigned char {
    Automatic, // from "$schema": draft-07 and older read as draft 7, anything else as 2020-12
    Draft7,    // $ref overrides its sibling keywords
    Draft2020_12,
};

struct SchemaCompileOptions {
    Draft draft = Draft::Automatic;
    // Nesting of the schema document itself; deeper is an invalid_schema error.
    std::size_t max_depth = 256;
    // format is an assertion for the formats listed above (false: annotation only).
    bool assert_format = true;
    // Other schema documents that $ref may name, by absolute URI without fragment
    // ("https://example.com/address.json"): shared definitions, a metaschema. Nothing is ever
    // fetched; a $ref to a document neither here nor in the schema is an invalid_schema error.
    std::vector<std::pair<std::string, Value>> documents;
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

namespace validate_detail { struct Compiled; }

// A compiled schema: refs resolved, patterns compiled. Cheap to copy (shared, immutable) and
// safe to use from several threads at once.
class Schema {
public:
    // invalid_schema when the schema is not an object or boolean, a keyword has the wrong type,
    // a pattern does not compile, a $ref does not resolve inside the document, or nesting
    // passes max_depth.
    static Result<Schema> compile(const Value& schema, const SchemaCompileOptions& options = {});

    ValidationResult validate(const Value& instance, const ValidateOptions& options = {}) const;
    bool is_valid(const Value& instance) const;

private:
    explicit Schema(std::shared_ptr<const validate_detail::Compiled> c) : compiled_(std::move(c)) {}
    std::shared_ptr<const validate_detail::Compiled> compiled_;
};

// One shot: compile and validate (an invalid schema is the error).
Result<ValidationResult> validate(const Value& instance, const Value& schema,
                                  const ValidateOptions& options = {},
                                  const SchemaCompileOptions& schema_options = {});

// A schema_violation Error summing up an invalid result: "3 violations: $.a: ...; $.b: ..."
// (the first few listed), path of the first violation. Precondition: !result.valid.
Error violations_error(const ValidationResult& result);

} // namespace laminate
