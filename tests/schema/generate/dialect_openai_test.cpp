// Dialect::OpenAiStrict: closed objects, everything required, optionals nullable, subset only.
#include "schema/schema_test_util.hpp"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace laminate::test::schema_dialect_openai {

enum class Urgency { Low, High };
struct Item { std::string sku; std::optional<int> count; };
struct Ticket {
    std::string text;
    std::optional<Urgency> urgency;
    std::optional<Item> item;
    std::vector<Item> items;
    std::uint8_t retries = 3;
};
struct Described { Item main; };
struct Chain { std::string id; std::vector<Chain> next; };

} // namespace laminate::test::schema_dialect_openai

template <>
struct laminate::Fields<laminate::test::schema_dialect_openai::Ticket> {
    static FieldList options() {
        return {field("text").length(1, 500).describe("the ticket").format("markdown"), field("retries").defaulted()};
    }
};

template <>
struct laminate::Fields<laminate::test::schema_dialect_openai::Described> {
    static FieldList options() { return {field("main").describe("the main item")}; }
};

namespace laminate::test::schema_dialect_openai {

TEST(DialectOpenAi, RefWithSiblingsIsInlined) {
    // OpenAI rejects keywords beside a $ref: the definition comes in, the description over it.
    EXPECT_SCHEMA_EQ(dialect(output_schema<Described>(), Dialect::OpenAiStrict)["properties"]["main"], R"({
        "type": "object", "description": "the main item",
        "properties": {"sku": {"type": "string"},
                       "count": {"type": ["integer", "null"], "minimum": -2147483648, "maximum": 2147483647}},
        "required": ["sku", "count"], "additionalProperties": false})");
}

TEST(DialectOpenAi, RecursiveRefsStayRefs) {
    const Value out = dialect(output_schema<Chain>(), Dialect::OpenAiStrict);
    EXPECT_EQ(out["properties"]["next"]["items"], json(R"({"$ref": "#/$defs/Chain"})"));
    EXPECT_EQ(out["$defs"]["Chain"]["additionalProperties"], Value(false));
    const Value self = json(R"({"$defs": {"L": {"type": "object", "properties": {"x": {"$ref": "#/$defs/L", "description": "again"}}}},
                               "properties": {"l": {"$ref": "#/$defs/L", "description": "first"}}})");
    const Value strict = dialect(self, Dialect::OpenAiStrict);
    EXPECT_EQ(strict["properties"]["l"]["description"], Value("first"));
    EXPECT_EQ(strict["properties"]["l"]["properties"]["x"], json(R"({"anyOf": [{"$ref": "#/$defs/L"}, {"type": "null"}]})"));
}

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

} // namespace laminate::test::schema_dialect_openai
