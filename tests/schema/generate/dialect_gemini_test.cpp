// Dialect::Gemini: refs inlined, nullable instead of null types, string enums, its field subset.
#include "schema/schema_test_util.hpp"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace laminate::test::schema_dialect_gemini {

enum class Urgency { Low, High };
struct Item { std::string sku; std::optional<int> count; };
struct Ticket {
    std::optional<Urgency> urgency;
    std::vector<std::optional<Item>> items;
    std::string when;
    std::map<std::string, int> tags;
};
struct Node { std::string name; std::vector<Node> children; };

} // namespace laminate::test::schema_dialect_gemini

template <>
struct laminate::Fields<laminate::test::schema_dialect_gemini::Ticket> {
    static FieldList options() { return {field("when").format("date-time"), field("urgency").describe("how soon")}; }
};

namespace laminate::test::schema_dialect_gemini {

TEST(DialectGemini, GeneratedSchemaBeforeAndAfter) {
    EXPECT_SCHEMA_EQ(dialect(output_schema<Ticket>(), Dialect::Gemini), R"({
        "type": "object",
        "properties": {
            "urgency": {"type": "string", "enum": ["Low", "High"], "description": "how soon", "nullable": true},
            "items": {"type": "array", "items": {"type": "object", "nullable": true,
                "properties": {"sku": {"type": "string"},
                               "count": {"type": "integer", "minimum": -2147483648, "maximum": 2147483647, "nullable": true}},
                "required": ["sku"], "propertyOrdering": ["sku", "count"]}},
            "when": {"type": "string", "format": "date-time"},
            "tags": {"type": "object"}},
        "required": ["items", "when", "tags"],
        "propertyOrdering": ["urgency", "items", "when", "tags"]})");
}

TEST(DialectGemini, NullTypesBecomeNullable) {
    EXPECT_SCHEMA_EQ(dialect(json(R"({"type": ["string", "null"], "enum": ["a", null]})"), Dialect::Gemini),
                     R"({"type": "string", "enum": ["a"], "nullable": true})");
    EXPECT_SCHEMA_EQ(dialect(json(R"({"anyOf": [{"type": "integer"}, {"type": "null"}], "description": "d"})"),
                             Dialect::Gemini),
                     R"({"type": "integer", "description": "d", "nullable": true})");
    EXPECT_SCHEMA_EQ(dialect(json(R"({"type": ["string", "integer"]})"), Dialect::Gemini),
                     R"({"anyOf": [{"type": "string"}, {"type": "integer"}]})");
}

TEST(DialectGemini, EnumsAreStrings) {
    EXPECT_SCHEMA_EQ(dialect(json(R"({"type": "integer", "enum": [1, 2, 30]})"), Dialect::Gemini),
                     R"({"type": "string", "enum": ["1", "2", "30"]})");
    EXPECT_SCHEMA_EQ(dialect(json(R"({"const": true})"), Dialect::Gemini), R"({"type": "string", "enum": ["true"]})");
}

TEST(DialectGemini, OnlyDocumentedFormatsAndFieldsStay) {
    EXPECT_SCHEMA_EQ(dialect(json(R"({"type": "object", "additionalProperties": false, "$schema": "x", "title": "T",
        "properties": {"a": {"type": "string", "format": "uuid", "minLength": 2, "examples": ["ab", "cd"]},
                       "b": {"type": "number", "format": "double", "exclusiveMaximum": 3, "multipleOf": 1},
                       "c": {"type": "integer", "format": "int64", "uniqueItems": true}}})"),
                             Dialect::Gemini),
                     R"({"type": "object", "title": "T",
        "properties": {"a": {"type": "string", "minLength": 2, "example": "ab"},
                       "b": {"type": "number", "format": "double"},
                       "c": {"type": "integer", "format": "int64"}},
        "propertyOrdering": ["a", "b", "c"]})");
}

TEST(DialectGemini, RecursionIsCutToAnObject) {
    const Value out = dialect(output_schema<Node>(), Dialect::Gemini);
    EXPECT_SCHEMA_EQ(out["properties"]["children"], R"({"type": "array", "items": {"type": "object"}})");
    EXPECT_FALSE(out.contains("$defs"));
}

TEST(DialectGemini, UppercaseTypesOnRequest) {
    EXPECT_SCHEMA_EQ(dialect(json(R"({"type": "object", "properties": {"x": {"type": ["boolean", "null"]}}})"),
                             Dialect::Gemini, DialectOptions{.gemini_uppercase_types = true}),
                     R"({"type": "OBJECT", "properties": {"x": {"type": "BOOLEAN", "nullable": true}},
                         "propertyOrdering": ["x"]})");
}

} // namespace laminate::test::schema_dialect_gemini
