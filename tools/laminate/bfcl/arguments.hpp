#pragma once
// From BFCL's accepted lists to the arguments a model meant to send, and back: the intended
// argument object of a call, and the grader that says whether shaped arguments are ones BFCL
// accepts.

#include "corpus.hpp"

#include <laminate/value.hpp>

#include <span>
#include <string>
#include <string_view>

namespace laminate::bfcl {

enum class Omission {
    None,     // every parameter whose first accepted value is not "" is sent
    Defaults, // R3: also leave out each optional top-level parameter BFCL lets be omitted ("" in
              // its list) or whose schema default is one of its accepted values
};

// The intended arguments: each parameter's first accepted value, parameters whose first accepted
// value is "" left out; dicts in BFCL's nested form ({key: [accepted...]}) built the same way,
// inside lists too; a required parameter whose list starts with "" takes its first other value.
// Parameters with an empty accepted list are left out (nothing is accepted).
Value intended_arguments(const Call& call, Omission omission = Omission::None);

// The sub-schema of a BFCL / JSON Schema node for an object member or an array element; nullptr
// when the schema does not say.
const Value* property_schema(const Value* schema, std::string_view key) noexcept;
const Value* item_schema(const Value* schema) noexcept;
// The node's "type" ("" when absent or not a string). BFCL spells Java and JavaScript types too.
std::string_view schema_type(const Value* schema) noexcept;
bool is_numeric_type(std::string_view type) noexcept; // integer, float, number, long, double, ...
bool is_boolean_type(std::string_view type) noexcept; // boolean, Boolean, bool

struct Grade {
    bool recovered = false;
    std::string reason; // why not, naming the parameter (never its value); empty when recovered
};

// Whether shaped arguments would pass BFCL's checker for this call: every argument present is a
// parameter of the ground truth and one of its accepted values (numbers by value, 1 == 1.0;
// strings exactly; lists element by element; dicts key by key in BFCL's nested form), every
// ground-truth parameter absent is one BFCL lets be omitted, and no required parameter of the
// schema is absent. `defaulted` holds the paths (laminate path syntax: "unit", "body.mode",
// "data[0].nick") that shaping filled from a schema default: the model did not write them, so
// such a member passes when it is accepted anyway or where the member may be omitted.
Grade grade(const Call& call, const Value& shaped, std::span<const std::string> defaulted = {});

// Whether one value is among BFCL's accepted values (the accepted list of one parameter).
bool accepted_value(const Value& value, const Value& accepted_list);

} // namespace laminate::bfcl
