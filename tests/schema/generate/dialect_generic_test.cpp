// Dialect::Generic: refs inlined, siblings kept, recursion kept as $ref with its $defs.
#include "schema/schema_test_util.hpp"

#include <string>
#include <vector>

namespace laminate::test::schema_dialect_generic {

struct Address { std::string city; };
struct Person { Address home; std::vector<Address> past; };
struct Node { std::string name; std::vector<Node> children; };

TEST(DialectGeneric, GeneratedRefsAreInlined) {
    EXPECT_SCHEMA_EQ(dialect(output_schema<Person>(), Dialect::Generic), R"({
        "type": "object",
        "properties": {
            "home": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"],
                     "additionalProperties": false},
            "past": {"type": "array", "items": {"type": "object", "properties": {"city": {"type": "string"}},
                     "required": ["city"], "additionalProperties": false}}},
        "required": ["home", "past"],
        "additionalProperties": false})");
}

TEST(DialectGeneric, RecursiveTypeKeepsItsRef) {
    const Value out = dialect(output_schema<Node>(), Dialect::Generic);
    EXPECT_EQ(out["properties"]["children"]["items"], json(R"({"$ref": "#/$defs/Node"})"));
    EXPECT_EQ(out["$defs"].size(), 1u);
    EXPECT_FALSE(out.contains("$schema"));
}

TEST(DialectGeneric, DefinitionsKeywordAndSiblingsOverride) {
    const Value in = json(R"({"type": "object",
        "properties": {"a": {"$ref": "#/definitions/A", "description": "use site"}},
        "definitions": {"A": {"type": "string", "description": "definition"}}})");
    EXPECT_SCHEMA_EQ(dialect(in, Dialect::Generic),
                     R"({"type": "object", "properties": {"a": {"type": "string", "description": "use site"}}})");
}

TEST(DialectGeneric, RemoteRefsAndDataAreLeftAlone) {
    const Value in = json(R"({"properties": {"r": {"$ref": "https://example.com/s.json"},
        "e": {"enum": [{"$ref": "#/nowhere"}]}, "d": {"default": {"$ref": "#/nowhere"}}}})");
    EXPECT_EQ(dialect(in, Dialect::Generic), in);
}

TEST(DialectGeneric, BooleanSchemasPassThrough) {
    EXPECT_EQ(dialect(Value(true), Dialect::Generic), Value(true));
    EXPECT_SCHEMA_EQ(dialect(json(R"({"properties": {"x": true, "y": false}})"), Dialect::Generic),
                     R"({"properties": {"x": true, "y": false}})");
}

TEST(DialectGeneric, TheInputIsNotModified) {
    const Value in = output_schema<Person>();
    const Value copy = in;
    (void)dialect(in, Dialect::Generic);
    EXPECT_EQ(in, copy);
}

TEST(DialectGeneric, NamesRoundTrip) {
    for (Dialect d : {Dialect::Generic, Dialect::OpenAiStrict, Dialect::Gemini, Dialect::Anthropic})
        EXPECT_EQ(dialect_from_name(dialect_name(d)), d);
    EXPECT_FALSE(dialect_from_name("openai").has_value());
}

} // namespace laminate::test::schema_dialect_generic
