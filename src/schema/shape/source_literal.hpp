#pragma once
// Java / JavaScript source literals, as BFCL's java and javascript categories write argument
// values: "true", "42L", "3.5f", "'c'", "\"text\"", "new ArrayList<>(Arrays.asList(1, 2))",
// "new int[]{1, 2}", "List.of(\"a\")", "Map.of(\"k\", 1)", "new HashMap<>() {{ put(\"k\", 1); }}",
// "[1, 2]", "{a: 1, 'b': 'x'}". Anything else (a variable, a call) is an expression: nullopt.

#include <laminate/value.hpp>

#include <optional>
#include <string_view>

namespace laminate::schema_detail {

// The value the literal spells, or nullopt when the text is no literal. Bounded: at most 64 levels
// of nesting and the text's length in steps.
std::optional<Value> read_source_literal(std::string_view text);

} // namespace laminate::schema_detail
