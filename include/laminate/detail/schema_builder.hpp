#pragma once
// The run-time half of schema generation: the $defs table one output_schema<T>() call fills, and
// the non-template pieces (scalar, enum and nullable schemas, field options as keywords).
// Compiled once in src/schema/, so that the templates instantiated per user type stay thin.

#include <laminate/field_options.hpp>
#include <laminate/value.hpp>

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace laminate {

struct OutputSchemaOptions {
    // "$schema": "https://json-schema.org/draft/2020-12/schema" at the root.
    bool schema_uri = true;
    // A struct without a laminate::Overflow member gets "additionalProperties": false (its
    // declared fields are all it reads: strict shaping rejects the rest, lenient drops it); with
    // an Overflow member it gets true. Set false to leave structs open (no keyword at all).
    bool closed_structs = true;
};

namespace schema_detail {

inline constexpr std::string_view schema_uri_2020_12 =
    "https://json-schema.org/draft/2020-12/schema";

// One identity per C++ type, without RTTI: the address of a variable template instance.
template <class T> inline constexpr char schema_type_tag = 0;

class SchemaBuilder {
public:
    explicit SchemaBuilder(const OutputSchemaOptions& options) : options_(options) {}

    const OutputSchemaOptions& options() const noexcept { return options_; }

    struct Slot {
        std::size_t index = 0;
        bool fresh = false; // first sight of the type: the caller builds and define()s its body
    };
    // The $defs entry of a struct type, reserved on first sight so that a recursive type meets
    // its own reservation and refers to it instead of expanding again. `label` is the type's
    // readable name; names are made JSON-Pointer-safe and unique.
    Slot reserve(const void* type, std::string_view label);
    void define(std::size_t index, Value body);
    // {"$ref": "#/$defs/<name>"}, counting the reference.
    Value ref(std::size_t index);

    // The root schema: `root` with $defs (every definition referred to) and $schema. A root
    // struct (`root_is_first_def`: reserved first) is inlined; it stays in $defs too only when
    // something refers to it (recursion).
    Value finish(Value root, bool root_is_first_def);

private:
    struct Def {
        const void* type;
        std::string name;
        Value body;
        std::size_t refs = 0;
    };
    OutputSchemaOptions options_;
    std::vector<Def> defs_;
};

// {"type": "integer", "minimum": lo, "maximum": hi}
Value integer_schema(std::int64_t lo, std::uint64_t hi);
// {"type": "string", "enum": [names...]}
Value enum_schema(std::span<const std::string_view> names);
// An open enum: any string, the declared names offered first:
// {"anyOf": [enum, {"type": "string"}]}.
Value open_enum_schema(std::span<const std::string_view> names);
// The schema that also accepts null: "type": [T, "null"] when it has one simple type (null added
// to an enum too), else {"anyOf": [schema, {"type": "null"}]} with annotations kept outside.
// Idempotent; {} (anything) stays as is.
Value nullable_schema(Value schema);
// A field's options as keywords on its schema: description, default, ranges (the tighter of the
// type's and the field's), lengths, pattern, format, item counts (minItems/maxItems on arrays,
// minProperties/maxProperties on maps).
void apply_field_spec(Value& schema, const FieldSpec& spec, const Value* default_value);
// A struct's body: "type": "object", "properties", "required" (omitted when empty), and
// additionalProperties per OutputSchemaOptions::closed_structs and `has_overflow`.
Value object_schema(Value properties, Value required, bool has_overflow,
                    std::string_view description, const OutputSchemaOptions& options);

} // namespace schema_detail
} // namespace laminate
