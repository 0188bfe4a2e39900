// Dialect::OpenAiStrict: closed objects, everything required, optionals nullable, subset only.
#include "schema_test_util.hpp"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace laminate::test {
namespace {

enum class Urgency { Low, High };
struct Item { std::string sku; std::optional<int> count; };
struct Ticket {
    std::string text;
    std::optional<Urgency> urgency;
    std::optional<Item> item;
    std::vector<Item> items;
    std::uint8_t retries = 3;
};

} // namespace
} // namespace laminate::test

template <>
struct laminate::Fields<laminate::test::Ticket> {
    static FieldList options() {
        return {field("text").length(1, 500).describe("the ticket").format("markdown"), field("retries").defaulted()};
    }
};

namespace laminate::test {
namespace {

TEST(DialectOpenAi, GeneratedSchemaBeforeAndAfter) {
    EXPECT_SCHEMA_EQ(dialect(output_schema<Ticket>(), Dialect::OpenAiStrict), R"({
        "type": "object",
        "properties": {
            "text": {"type": "string", "description": "the ticket"},
            "urgency": {"type": ["string", "null"], "enum": ["Low", "High", null]},
            "item": {"anyOf": [{"$ref": "#/$defs/Item"}, {"type": "null"}]},
            "items": {"type": "array", "items": {"$ref": "#/$defs/Item"}},
            "retries": {"type": ["integer", "null"], "minimum": 0, "maximum": 255}},
        "required": ["text", "urgency", "item", "items", "retries"],
        "additionalProperties": false,
        "$defs": {"Item": {"type": "object",
            "properties": {"sku": {"type": "string"},
                           "count": {"type": ["integer", "null"], "minimum": -2147483648, "maximum": 2147483647}},
            "required": ["sku", "count"], "additionalProperties": false}}})");
}

TEST(DialectOpenAi, UnsupportedKeywordsAreRemoved) {
    const Value in = json(R"({"type": "object", "properties": {
        "a": {"type": "string", "minLength": 1, "maxLength": 3, "pattern": "^x", "format": "email", "default": "x",
              "examples": ["x"]},
        "b": {"type": "array", "items": {"type": "number", "multipleOf": 2, "exclusiveMinimum": 0},
              "uniqueItems": true, "minItems": 1},
        "c": {"allOf": [{"type": "string"}], "not": {"type": "null"}}},
        "required": ["a", "b", "c"], "patternProperties": {"^x": {}}})");
    EXPECT_SCHEMA_EQ(dialect(in, Dialect::OpenAiStrict), R"({"type": "object", "properties": {
        "a": {"type": "string", "pattern": "^x", "format": "email"},
        "b": {"type": "array", "items": {"type": "number", "multipleOf": 2, "exclusiveMinimum": 0}, "minItems": 1},
        "c": {}},
        "required": ["a", "b", "c"], "additionalProperties": false})");
}

TEST(DialectOpenAi, MapsAndOverflowBecomeClosed) {
    struct Bag { std::map<std::string, int> counts; Overflow extra; };
    const Value out = dialect(output_schema<Bag>(), Dialect::OpenAiStrict);
    EXPECT_EQ(out["additionalProperties"], Value(false));
    EXPECT_SCHEMA_EQ(out["properties"]["counts"],
                     R"({"type": "object", "properties": {}, "required": [], "additionalProperties": false})");
}

TEST(DialectOpenAi, OneOfAndConstBecomeAnyOfAndEnum) {
    EXPECT_SCHEMA_EQ(dialect(json(R"({"oneOf": [{"const": 1}, {"type": "string"}], "anyOf": [{"type": "null"}]})"),
                             Dialect::OpenAiStrict),
                     R"({"anyOf": [{"enum": [1]}, {"type": "string"}, {"type": "null"}]})");
}

TEST(DialectOpenAi, ObjectWithoutTypeGetsOne) {
    EXPECT_SCHEMA_EQ(dialect(json(R"({"properties": {"x": {"type": "boolean"}}})"), Dialect::OpenAiStrict),
                     R"({"type": "object", "properties": {"x": {"type": ["boolean", "null"]}},
                         "required": ["x"], "additionalProperties": false})");
}

TEST(DialectOpenAi, NullableIsIdempotent) {
    const Value once = dialect(output_schema<Ticket>(), Dialect::OpenAiStrict);
    EXPECT_EQ(dialect(once, Dialect::OpenAiStrict), once);
}

} // namespace
} // namespace laminate::test
