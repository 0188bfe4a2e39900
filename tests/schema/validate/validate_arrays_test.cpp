// items (both forms), prefixItems, additionalItems, contains, min/maxItems, uniqueItems.
#include "schema/schema_test_util.hpp"

#include <gmock/gmock.h>

using namespace laminate;
using laminate::test::check;
using laminate::test::lines;
using laminate::test::valid;
using ::testing::ElementsAre;

TEST(SchemaArrays, ItemsSchemaAppliesToEveryElement) {
    EXPECT_TRUE(valid(R"({"items": {"type": "integer"}})", "[1, 2, 3]"));
    EXPECT_THAT(lines(check(R"({"items": {"type": "integer"}})", R"([1, "2", 3, 4.5])")),
                ElementsAre("$[1]: expected an integer, got a string", "$[3]: expected an integer, got 4.5"));
}

TEST(SchemaArrays, PrefixItemsThenItems) {
    const char* schema = R"({"prefixItems": [{"type": "string"}, {"type": "number"}], "items": false})";
    EXPECT_TRUE(valid(schema, R"(["a", 1])"));
    EXPECT_TRUE(valid(schema, R"(["a"])"));
    EXPECT_THAT(lines(check(schema, R"(["a", 1, true])")), ElementsAre("$[2]: no value is allowed here (the schema is false)"));
}

TEST(SchemaArrays, Draft7TupleItemsAndAdditionalItems) {
    const char* schema = R"({"items": [{"type": "string"}], "additionalItems": {"type": "boolean"}})";
    EXPECT_TRUE(valid(schema, R"(["a", true, false])"));
    EXPECT_THAT(lines(check(schema, R"([1, 2])")),
                ElementsAre("$[0]: expected a string, got 1", "$[1]: expected a boolean, got 2"));
    EXPECT_TRUE(valid(R"({"items": {}, "additionalItems": false})", "[1, 2]")); // ignored without the tuple form
}

TEST(SchemaArrays, ItemCounts) {
    EXPECT_THAT(lines(check(R"({"minItems": 2})", "[1]")), ElementsAre("$: expected at least 2 items, got 1"));
    EXPECT_THAT(lines(check(R"({"maxItems": 1})", "[1, 2]")), ElementsAre("$: expected at most 1 items, got 2"));
}

TEST(SchemaArrays, UniqueItemsComparesByValue) {
    EXPECT_TRUE(valid(R"({"uniqueItems": true})", R"([1, "1", true, [1], {"a": 1}])"));
    EXPECT_THAT(lines(check(R"({"uniqueItems": true})", R"([{"a": 1, "b": 2}, 3, {"b": 2, "a": 1.0}])")),
                ElementsAre("$: expected unique items, items 0 and 2 are equal"));
    EXPECT_TRUE(valid(R"({"uniqueItems": false})", "[1, 1]"));
}

TEST(SchemaArrays, ContainsWithMinAndMax) {
    EXPECT_TRUE(valid(R"({"contains": {"type": "string"}})", R"([1, "a"])"));
    EXPECT_THAT(lines(check(R"({"contains": {"type": "string"}})", "[1, 2]")),
                ElementsAre("$: expected at least 1 item matching the 'contains' schema, got 0"));
    EXPECT_FALSE(valid(R"({"contains": {"type": "string"}, "minContains": 2})", R"([1, "a"])"));
    EXPECT_FALSE(valid(R"({"contains": {"type": "string"}, "maxContains": 1})", R"(["b", "a"])"));
    EXPECT_TRUE(valid(R"({"contains": {"type": "string"}, "minContains": 0})", "[]"));
}
