#pragma once
// Calls built by hand, in BFCL's own form, for the renderer and grader tests.

#include "corpus.hpp"

#include <string_view>

namespace laminate::bfcl::test {

// A call from the JSON texts of the parameter schema and of the accepted lists.
Call make_call(std::string_view schema_json, std::string_view accepted_json,
               std::string_view category = "simple_python");

// A function with every kind of parameter: integer, float, boolean, string, array of integers,
// tuple, nested dict, and two optional ones (one with a default).
Call rich_call();

Value json(std::string_view text); // parse_json or fail the test

} // namespace laminate::bfcl::test
