#pragma once
// The compiled form of a JSON Schema: a flat vector of nodes that refer to each other by index,
// so $ref cycles are just indices and nothing is owned twice. Built by compile.cpp, walked by
// evaluate.cpp.

#include <laminate/validate.hpp>

#include <re2/re2.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace laminate::validate_detail {

using NodeId = std::int32_t;
inline constexpr NodeId no_node = -1;

// Bit per JSON Schema type name; "integer" is its own bit (a number with no fraction).
enum TypeBit : std::uint8_t {
    t_null = 1, t_boolean = 2, t_object = 4, t_array = 8, t_number = 16, t_string = 32, t_integer = 64,
};

enum class Format : std::uint8_t { None, Date, DateTime, Time, Email, Uuid, Uri, Ipv4, Ipv6, Hostname };

struct Pattern {
    std::string source; // as written in the schema, for messages
    std::unique_ptr<RE2> re;
};

struct Node {
    std::string location; // JSON pointer from the root, "#/properties/a"
    // A boolean schema: true accepts everything, false nothing.
    std::optional<bool> always;

    NodeId ref = no_node;
    bool ref_overrides = false; // draft 7: siblings of $ref are ignored
    std::string ref_text;       // until resolved

    std::uint8_t types = 0; // 0: no type keyword
    std::optional<Value> const_value;
    std::optional<std::vector<Value>> enum_values;

    // numbers
    std::optional<Value> minimum, maximum, exclusive_minimum, exclusive_maximum;
    std::optional<Value> multiple_of;
    // strings
    std::optional<std::uint64_t> min_length, max_length;
    std::optional<Pattern> pattern;
    Format format = Format::None;
    std::string format_name;
    // arrays
    std::vector<NodeId> prefix_items;
    NodeId items = no_node; // elements after prefix_items
    NodeId contains = no_node;
    std::optional<std::uint64_t> min_contains, max_contains;
    std::optional<std::uint64_t> min_items, max_items;
    bool unique_items = false;
    // objects
    std::vector<std::pair<std::string, NodeId>> properties;
    std::vector<std::pair<Pattern, NodeId>> pattern_properties;
    NodeId additional_properties = no_node;
    NodeId property_names = no_node;
    std::vector<std::string> required;
    std::vector<std::pair<std::string, std::vector<std::string>>> dependent_required;
    std::vector<std::pair<std::string, NodeId>> dependent_schemas;
    std::optional<std::uint64_t> min_properties, max_properties;
    // combinators
    std::vector<NodeId> all_of, any_of, one_of;
    NodeId not_ = no_node;
    NodeId if_ = no_node, then_ = no_node, else_ = no_node;
};

struct Compiled {
    std::vector<Node> nodes; // nodes[0] is the root
};

} // namespace laminate::validate_detail
