// unevaluatedProperties and unevaluatedItems (JSON Schema 2020-12): a member or an item no other
// keyword evaluated, here or in the in-place subschemas the value passes ($ref, allOf, the
// matching anyOf/oneOf branches, if/then/else, dependentSchemas), is checked against them.
#include "schema/schema_test_util.hpp"

#include <gmock/gmock.h>

using namespace laminate;
using laminate::test::check;
using laminate::test::keywords;
using laminate::test::lines;
using laminate::test::valid;
using ::testing::ElementsAre;

TEST(SchemaUnevaluated, PropertiesFalseRejectsWhatNoKeywordEvaluates) {
    const char* schema = R"({"type": "object", "properties": {"a": {}}, "unevaluatedProperties": false})";
    EXPECT_TRUE(valid(schema, R"({"a": 1})"));
    const auto r = check(schema, R"({"a": 1, "b": 2})");
    EXPECT_THAT(lines(r), ElementsAre("$.b: unexpected property: no keyword of the schema evaluates it and "
                                      "'unevaluatedProperties' allows no others"));
    EXPECT_EQ(r.violations[0].schema_path, "#/unevaluatedProperties");
}

TEST(SchemaUnevaluated, PropertiesSeeThroughAllOfAndRef) {
    // The reason the keyword exists: additionalProperties cannot see into allOf, this can.
    const char* schema = R"({"$defs": {"base": {"properties": {"id": {"type": "integer"}}}},
                             "allOf": [{"$ref": "#/$defs/base"}], "properties": {"name": {"type": "string"}},
                             "unevaluatedProperties": false})";
    EXPECT_TRUE(valid(schema, R"({"id": 1, "name": "x"})"));
    EXPECT_THAT(keywords(check(schema, R"({"id": 1, "name": "x", "extra": true})")), ElementsAre("unevaluatedProperties"));
    const char* by_ref = R"({"$defs": {"base": {"properties": {"id": {}}}}, "$ref": "#/$defs/base",
                             "unevaluatedProperties": false})";
    EXPECT_TRUE(valid(by_ref, R"({"id": 1})"));
    EXPECT_FALSE(valid(by_ref, R"({"id": 1, "x": 2})"));
}

TEST(SchemaUnevaluated, OnlyMatchingBranchesOfAnyOfAndOneOfCount) {
    const char* schema = R"({"anyOf": [{"properties": {"a": {"type": "integer"}}, "required": ["a"]},
                                       {"properties": {"b": {"type": "integer"}}, "required": ["b"]}],
                             "unevaluatedProperties": false})";
    EXPECT_TRUE(valid(schema, R"({"a": 1})"));
    EXPECT_TRUE(valid(schema, R"({"a": 1, "b": 2})"));
    // b fails its branch, so that branch evaluates nothing: b is unevaluated.
    EXPECT_THAT(keywords(check(schema, R"({"a": 1, "b": "x"})")), ElementsAre("unevaluatedProperties"));
    const char* one = R"({"oneOf": [{"properties": {"a": {}}, "required": ["a"]}, {"properties": {"b": {}}, "required": ["b"]}],
                          "unevaluatedProperties": false})";
    EXPECT_TRUE(valid(one, R"({"b": 1})"));
    EXPECT_FALSE(valid(one, R"({"b": 1, "c": 2})"));
}

TEST(SchemaUnevaluated, IfThenElseAndDependentSchemas) {
    const char* schema = R"({"if": {"properties": {"kind": {"const": "car"}}, "required": ["kind"]},
                             "then": {"properties": {"wheels": {"type": "integer"}}},
                             "else": {"properties": {"wings": {"type": "integer"}}},
                             "unevaluatedProperties": false})";
    EXPECT_TRUE(valid(schema, R"({"kind": "car", "wheels": 4})"));
    EXPECT_FALSE(valid(schema, R"({"kind": "car", "wings": 2})"));
    EXPECT_TRUE(valid(schema, R"({"wings": 2})"));
    const char* dependent = R"({"properties": {"card": {}}, "dependentSchemas": {"card": {"properties": {"cvv": {}}}},
                                "unevaluatedProperties": false})";
    EXPECT_TRUE(valid(dependent, R"({"card": 1, "cvv": 2})"));
    EXPECT_FALSE(valid(dependent, R"({"cvv": 2})"));
}

TEST(SchemaUnevaluated, PropertiesSchemaAppliesToTheRestAndNestedOnesCount) {
    const char* schema = R"({"properties": {"a": {}}, "unevaluatedProperties": {"type": "string"}})";
    EXPECT_TRUE(valid(schema, R"({"a": 1, "b": "x"})"));
    EXPECT_THAT(lines(check(schema, R"({"a": 1, "b": 2})")), ElementsAre("$.b: expected a string, got 2"));
    // A subschema's own additionalProperties or unevaluatedProperties evaluates every member.
    EXPECT_TRUE(valid(R"({"allOf": [{"additionalProperties": true}], "unevaluatedProperties": false})", R"({"z": 1})"));
    EXPECT_TRUE(valid(R"({"allOf": [{"unevaluatedProperties": true}], "unevaluatedProperties": false})", R"({"z": 1})"));
    // A nested object is its own evaluation.
    EXPECT_FALSE(valid(R"({"properties": {"o": {"properties": {"a": {}}, "unevaluatedProperties": false}}})",
                       R"({"o": {"a": 1, "b": 2}})"));
}

TEST(SchemaUnevaluated, ItemsFalseAfterPrefixItemsAndContains) {
    const char* schema = R"({"prefixItems": [{"type": "string"}], "unevaluatedItems": false})";
    EXPECT_TRUE(valid(schema, R"(["a"])"));
    const auto r = check(schema, R"(["a", 2])");
    EXPECT_THAT(lines(r), ElementsAre("$[1]: unexpected item: no keyword of the schema evaluates it and "
                                      "'unevaluatedItems' allows no others"));
    const char* contains = R"({"contains": {"type": "integer"}, "unevaluatedItems": {"type": "boolean"}})";
    EXPECT_TRUE(valid(contains, R"([1, true, 2])"));
    EXPECT_FALSE(valid(contains, R"([1, "x"])"));
    EXPECT_TRUE(valid(R"({"allOf": [{"prefixItems": [{}, {}]}], "unevaluatedItems": false})", R"([1, 2])"));
    EXPECT_FALSE(valid(R"({"allOf": [{"prefixItems": [{}, {}]}], "unevaluatedItems": false})", R"([1, 2, 3])"));
    EXPECT_TRUE(valid(R"({"items": {}, "unevaluatedItems": false})", R"([1, 2, 3])"));
}

TEST(SchemaUnevaluated, OtherTypesAreLeftAloneAndRecursiveSchemasApplyAtEachLevel) {
    EXPECT_TRUE(valid(R"({"unevaluatedProperties": false, "unevaluatedItems": false})", R"("text")"));
    const char* tree = R"({"properties": {"name": {}, "child": {"$ref": "#"}}, "unevaluatedProperties": false})";
    EXPECT_TRUE(valid(tree, R"({"name": "a", "child": {"name": "b", "child": {}}})"));
    const auto r = check(tree, R"({"name": "a", "child": {"child": {"nmae": "c"}}})");
    EXPECT_THAT(keywords(r), ElementsAre("unevaluatedProperties"));
    EXPECT_EQ(r.violations[0].path, "child.child.nmae");
}
