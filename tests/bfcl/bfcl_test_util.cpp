#include "bfcl_test_util.hpp"

#include <laminate/parse.hpp>

#include <gtest/gtest.h>

namespace laminate::bfcl::test {

Value json(std::string_view text) {
    auto v = parse_json(text);
    EXPECT_TRUE(v.has_value()) << text;
    return v ? std::move(*v) : Value();
}

Call make_call(std::string_view schema_json, std::string_view accepted_json, std::string_view category) {
    return Call{"test_0", std::string(category), 0, "f", json(schema_json), json(accepted_json)};
}

Call rich_call() {
    return make_call(
        R"({"type": "dict", "required": ["count", "ratio", "flag", "city", "ids", "point", "opts"],
            "properties": {
              "count": {"type": "integer"}, "ratio": {"type": "float"}, "flag": {"type": "boolean"},
              "city": {"type": "string"}, "ids": {"type": "array", "items": {"type": "integer"}},
              "point": {"type": "tuple", "items": {"type": "float"}},
              "opts": {"type": "dict", "properties": {"depth": {"type": "integer"}, "mode": {"type": "string"}}},
              "unit": {"type": "string", "default": "metric"},
              "note": {"type": "string"}}})",
        R"({"count": [3], "ratio": [0.5, 0.50], "flag": [true], "city": ["Rome", "Roma"],
            "ids": [[1, 2]], "point": [[1.5, 2.0]], "opts": [{"depth": [2], "mode": ["fast", ""]}],
            "unit": ["metric", ""], "note": ["", "none"]})");
}

} // namespace laminate::bfcl::test
