// output_schema<T>() for containers and variants.
#include "schema/schema_test_util.hpp"

#include <array>
#include <map>
#include <optional>
#include <string>
#include <unordered_map>
#include <variant>
#include <vector>

namespace laminate::test::schema_containers {

struct Point { int x; int y; };

TEST(SchemaContainers, VectorIsAnArrayOfItsElement) {
    EXPECT_SCHEMA_EQ(schema_without_uri<std::vector<std::string>>(), R"({"type": "array", "items": {"type": "string"}})");
}

TEST(SchemaContainers, StdArrayFixesTheLength) {
    EXPECT_SCHEMA_EQ(schema_without_uri<std::array<bool, 3>>(),
                     R"({"type": "array", "items": {"type": "boolean"}, "minItems": 3, "maxItems": 3})");
}

TEST(SchemaContainers, MapsAreObjectsWithAdditionalProperties) {
    EXPECT_SCHEMA_EQ(schema_without_uri<std::map<std::string, double>>(),
                     R"({"type": "object", "additionalProperties": {"type": "number"}})");
    EXPECT_SCHEMA_EQ(schema_without_uri<std::unordered_map<std::string, std::vector<bool>>>(),
                     R"({"type": "object", "additionalProperties": {"type": "array", "items": {"type": "boolean"}}})");
}

TEST(SchemaContainers, OptionalOutsideAFieldIsNullable) {
    EXPECT_SCHEMA_EQ(schema_without_uri<std::vector<std::optional<std::string>>>(),
                     R"({"type": "array", "items": {"type": ["string", "null"]}})");
    EXPECT_SCHEMA_EQ(schema_without_uri<std::optional<std::uint8_t>>(),
                     R"({"type": ["integer", "null"], "minimum": 0, "maximum": 255})");
}

TEST(SchemaContainers, OptionalStructElementIsAnyOfWithNull) {
    EXPECT_SCHEMA_EQ(schema_without_uri<std::vector<std::optional<Point>>>(), R"({
        "type": "array", "items": {"anyOf": [{"$ref": "#/$defs/Point"}, {"type": "null"}]},
        "$defs": {"Point": {"type": "object",
            "properties": {"x": {"type": "integer", "minimum": -2147483648, "maximum": 2147483647},
                           "y": {"type": "integer", "minimum": -2147483648, "maximum": 2147483647}},
            "required": ["x", "y"], "additionalProperties": false}}})");
}

TEST(SchemaContainers, VariantIsAnyOfItsAlternatives) {
    EXPECT_SCHEMA_EQ((schema_without_uri<std::variant<std::string, double, std::monostate>>()),
                     R"({"anyOf": [{"type": "string"}, {"type": "number"}, {"type": "null"}]})");
}

TEST(SchemaContainers, OptionalVariantGetsANullBranch) {
    EXPECT_SCHEMA_EQ((schema_without_uri<std::vector<std::optional<std::variant<int, std::string>>>>()), R"({
        "type": "array", "items": {"anyOf": [
            {"type": "integer", "minimum": -2147483648, "maximum": 2147483647}, {"type": "string"}, {"type": "null"}]}})");
}

TEST(SchemaContainers, NestedContainers) {
    EXPECT_SCHEMA_EQ((schema_without_uri<std::map<std::string, std::array<std::vector<int>, 2>>>()), R"({
        "type": "object", "additionalProperties": {
            "type": "array", "minItems": 2, "maxItems": 2,
            "items": {"type": "array", "items": {"type": "integer", "minimum": -2147483648, "maximum": 2147483647}}}})");
}

TEST(SchemaContainers, ValueMemberIsUnconstrained) {
    struct Envelope { std::string kind; Value payload; };
    EXPECT_SCHEMA_EQ(schema_without_uri<Envelope>(), R"({
        "type": "object", "properties": {"kind": {"type": "string"}, "payload": {}},
        "required": ["kind", "payload"], "additionalProperties": false})");
}

} // namespace laminate::test::schema_containers
