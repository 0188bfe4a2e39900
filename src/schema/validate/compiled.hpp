#pragma once
// The compiled form of a JSON Schema: a flat vector of nodes that refer to each other by index,
// so $ref cycles are just indices and nothing is owned twice. Built by compile.cpp, walked by
// evaluate.cpp.

#include <laminate/schema.hpp>

#include <re2/re2.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace laminate::schema_detail {

using RuleId = std::int32_t;
inline constexpr RuleId no_rule = -1;

// Bit per JSON Schema type name; "integer" is its own bit (a number with no fraction).
enum RuleType : std::uint8_t {
    rt_null = 1, rt_boolean = 2, rt_object = 4, rt_array = 8, rt_number = 16, rt_string = 32, rt_integer = 64,
};

enum class Format : std::uint8_t { None, Date, DateTime, Time, Email, Uuid, Uri, Ipv4, Ipv6, Hostname };

struct Pattern {
    std::string source; // as written in the schema, for messages
    std::unique_ptr<RE2> re;
};

// Keywords few schemas use, kept apart (allocated for a rule that has one) so that a Rule stays
// small: a batch of many schemas keeps thousands of rules, mostly types, properties and enums.
struct RuleRare {
    std::optional<Value> const_value;
    std::optional<Value> multiple_of;
    // strings
    std::optional<std::uint64_t> min_length, max_length;
    std::optional<Pattern> pattern;
    // arrays
    std::vector<RuleId> prefix_items;
    RuleId contains = no_rule;
    std::optional<std::uint64_t> min_contains, max_contains;
    std::optional<std::uint64_t> min_items, max_items;
    bool unique_items = false;
    RuleId unevaluated_items = no_rule;
    // objects
    std::vector<std::pair<Pattern, RuleId>> pattern_properties;
    RuleId property_names = no_rule;
    std::vector<std::pair<std::string, std::vector<std::string>>> dependent_required;
    std::vector<std::pair<std::string, RuleId>> dependent_schemas;
    std::optional<std::uint64_t> min_properties, max_properties;
    RuleId unevaluated_properties = no_rule;
    // combinators
    std::vector<RuleId> all_of, one_of;
    RuleId not_ = no_rule;
    RuleId if_ = no_rule, then_ = no_rule, else_ = no_rule;
};

struct Rule {
    std::string location; // JSON pointer from the root, "#/properties/a"
    // A boolean schema: true accepts everything, false nothing.
    std::optional<bool> always;

    RuleId ref = no_rule;
    bool ref_overrides = false; // draft 7: siblings of $ref are ignored

    std::uint8_t types = 0; // 0: no type keyword
    Format format = Format::None;
    std::optional<std::vector<Value>> enum_values;

    // numbers
    std::optional<Value> minimum, maximum, exclusive_minimum, exclusive_maximum;
    // arrays
    RuleId items = no_rule; // elements after prefix_items
    // objects
    RuleId additional_properties = no_rule;
    std::vector<std::pair<std::string, RuleId>> properties;
    std::vector<std::string> required;
    // combinators
    std::vector<RuleId> any_of;

    // The rare keywords: the rule's own, or none of them.
    const RuleRare& rare() const noexcept {
        static const RuleRare none;
        return rare_ ? *rare_ : none;
    }
    RuleRare& rare_mut() {
        if (!rare_) rare_ = std::make_unique<RuleRare>();
        return *rare_;
    }

private:
    std::unique_ptr<RuleRare> rare_;
};

struct Rules {
    std::vector<Rule> nodes; // nodes[0] is the root
};

} // namespace laminate::schema_detail
