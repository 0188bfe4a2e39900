// properties, required, additionalProperties, patternProperties, propertyNames, dependencies,
// min/maxProperties.
#include "schema/schema_test_util.hpp"

#include <gmock/gmock.h>

using namespace laminate;
using laminate::test::check;
using laminate::test::keywords;
using laminate::test::lines;
using laminate::test::valid;
using ::testing::ElementsAre;
using ::testing::UnorderedElementsAre;

TEST(SchemaObjects, PropertiesAndRequired) {
    const char* schema = R"({"type": "object", "properties": {"name": {"type": "string"}, "age": {"type": "integer"}},
                             "required": ["name", "age"]})";
    EXPECT_TRUE(valid(schema, R"({"name": "Ada", "age": 36})"));
    EXPECT_THAT(lines(check(schema, R"({"age": "36"})")),
                ElementsAre(R"($: missing required property "name")", "$.age: expected an integer, got a string"));
}

TEST(SchemaObjects, AdditionalPropertiesFalseNamesTheExtraByPath) {
    const char* schema = R"({"properties": {"a": {}}, "patternProperties": {"^x-": {}}, "additionalProperties": false})";
    EXPECT_TRUE(valid(schema, R"({"a": 1, "x-trace": 2})"));
    const auto r = check(schema, R"({"a": 1, "b": 2, "odd key": 3})");
    EXPECT_THAT(lines(r), ElementsAre("$.b: unexpected property: the schema allows no properties besides those it lists",
                                      R"($["odd key"]: unexpected property: the schema allows no properties besides those it lists)"));
    EXPECT_EQ(r.violations[0].schema_path, "#/additionalProperties");
}

TEST(SchemaObjects, AdditionalPropertiesSchemaAppliesToTheRest) {
    const char* schema = R"({"properties": {"a": {}}, "additionalProperties": {"type": "number"}})";
    EXPECT_TRUE(valid(schema, R"({"a": "x", "b": 2})"));
    EXPECT_THAT(lines(check(schema, R"({"a": "x", "b": "2"})")), ElementsAre("$.b: expected a number, got a string"));
}

TEST(SchemaObjects, PatternPropertiesApplyToEveryMatchingKey) {
    const char* schema = R"({"patternProperties": {"^n_": {"type": "integer"}, "_id$": {"minimum": 10}}})";
    EXPECT_TRUE(valid(schema, R"({"n_id": 12, "other": "x"})"));
    EXPECT_THAT(keywords(check(schema, R"({"n_id": 1.5})")), UnorderedElementsAre("type", "minimum"));
    EXPECT_THAT(keywords(check(schema, R"({"n_id": 2})")), ElementsAre("minimum"));
}

TEST(SchemaObjects, PropertyNames) {
    const char* schema = R"({"propertyNames": {"maxLength": 3}})";
    EXPECT_TRUE(valid(schema, R"({"abc": 1})"));
    EXPECT_THAT(lines(check(schema, R"({"abcd": 1})")),
                ElementsAre("$.abcd: property name does not satisfy the 'propertyNames' schema"));
}

TEST(SchemaObjects, DependentRequiredAndDraft7Dependencies) {
    EXPECT_THAT(lines(check(R"({"dependentRequired": {"card": ["cvv"]}})", R"({"card": 1})")),
                ElementsAre(R"($: property "card" requires property "cvv")"));
    EXPECT_TRUE(valid(R"({"dependentRequired": {"card": ["cvv"]}})", R"({"cvv": 1})"));
    EXPECT_FALSE(valid(R"({"dependencies": {"card": ["cvv"]}})", R"({"card": 1})"));
    EXPECT_FALSE(valid(R"({"dependencies": {"card": {"required": ["cvv"]}}})", R"({"card": 1})"));
    EXPECT_FALSE(valid(R"({"dependentSchemas": {"card": {"properties": {"cvv": {"type": "string"}}}}})", R"({"card": 1, "cvv": 1})"));
}

TEST(SchemaObjects, PropertyCounts) {
    EXPECT_THAT(lines(check(R"({"minProperties": 2})", R"({"a": 1})")), ElementsAre("$: expected at least 2 properties, got 1"));
    EXPECT_THAT(lines(check(R"({"maxProperties": 1})", R"({"a": 1, "b": 2})")), ElementsAre("$: expected at most 1 properties, got 2"));
}

TEST(SchemaObjects, ObjectKeywordsIgnoreOtherTypes) {
    EXPECT_TRUE(valid(R"({"required": ["a"], "minProperties": 3})", "[1]"));
}
