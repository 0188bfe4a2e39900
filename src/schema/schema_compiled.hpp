#pragma once
// What a Schema shares between its copies: the document, the validator's rules compiled from it
// and the shaping tree compiled from it.

#include <laminate/schema.hpp>

#include "schema/shape/node.hpp"
#include "schema/validate/compile.hpp"
#include "schema/validate/evaluate.hpp"

#include <memory>

namespace laminate::schema_detail {

struct Compiled {
    Value document;
    std::shared_ptr<const Rules> rules;
    // Nodes point into each other and at nothing in `document`: they own what they keep.
    ShapeTree shaping;
};

} // namespace laminate::schema_detail
