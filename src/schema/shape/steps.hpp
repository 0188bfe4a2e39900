#pragma once
// Steps of schema-driven shaping (read.cpp) that the fast path from text
// (fast_read.cpp) calls too, so that both make the same values and diagnostics.

#include "schema/shape/member_builder.hpp"
#include "schema/shape/node.hpp"

#include <cstddef>
#include <string_view>

namespace laminate::schema_detail {

// One property of an object node: its value in `slot` (none: missing) shaped and added to `out`,
// or its default, or the missing-field diagnostic / error.
void read_property(const Property& p, const shape_detail::Slot& slot, MemberBuilder& out, shape_detail::ShapeState& st,
                   std::size_t depth);
// An absent property that is optional or has a default (read_property's case of an empty slot
// where no error follows): its default, if any, added under `key` (readable up to `key_end`) and
// the Defaulted note at the current path plus `segment`, when the policy records defaults. A
// required property's default stands in for a value the model had to give: a Warning.
void absent_property(std::string_view key, const char* key_end, const Value* default_value, std::string_view segment,
                     bool required, MemberBuilder& out, shape_detail::ShapeState& st);
// The node's constraints (bounds, exclusive bounds, lengths, counts) on a shaped value.
bool check_limits(const Value& out, const Node& n, shape_detail::ShapeState& st);

} // namespace laminate::schema_detail
