// Dialect::Anthropic: a tool's input_schema, an object schema at the root, refs inlined.
#include "schema/schema_test_util.hpp"

#include <string>
#include <vector>

namespace laminate::test::schema_dialect_anthropic {

struct Address { std::string city; };
struct Lookup { std::string name; Address where; };

TEST(DialectAnthropic, StructSchemaIsAnInputSchema) {
    EXPECT_SCHEMA_EQ(dialect(output_schema<Lookup>(), Dialect::Anthropic), R"({
        "type": "object",
        "properties": {"name": {"type": "string"},
                       "where": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"],
                                 "additionalProperties": false}},
        "required": ["name", "where"],
        "additionalProperties": false})");
}

TEST(DialectAnthropic, UntypedRootBecomesAnObject) {
    EXPECT_SCHEMA_EQ(dialect(json(R"({"properties": {"q": {"type": "string"}}, "required": ["q"]})"), Dialect::Anthropic),
                     R"({"type": "object", "properties": {"q": {"type": "string"}}, "required": ["q"]})");
    EXPECT_SCHEMA_EQ(dialect(json(R"({})"), Dialect::Anthropic), R"({"type": "object", "properties": {}})");
}

TEST(DialectAnthropic, NonObjectRootIsInvalid) {
    for (const char* text : {R"({"type": "string"})", R"({"anyOf": [{"type": "object"}]})", "true"}) {
        auto r = to_dialect(json(text), Dialect::Anthropic);
        ASSERT_FALSE(r.has_value()) << text;
        EXPECT_EQ(r.error().kind(), ErrorKind::InvalidSchema);
    }
    EXPECT_FALSE(to_dialect(output_schema<std::vector<int>>(), Dialect::Anthropic).has_value());
}

} // namespace laminate::test::schema_dialect_anthropic
