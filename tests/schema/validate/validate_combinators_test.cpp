// allOf, anyOf, oneOf, not, if/then/else.
#include "schema/schema_test_util.hpp"

#include <gmock/gmock.h>

using namespace laminate;
using laminate::test::check;
using laminate::test::lines;
using laminate::test::valid;
using ::testing::ElementsAre;

TEST(SchemaCombinators, AllOfReportsEachBranchsViolations) {
    const char* schema = R"({"allOf": [{"type": "integer"}, {"minimum": 10}, {"maximum": 20}]})";
    EXPECT_TRUE(valid(schema, "15"));
    EXPECT_THAT(lines(check(schema, "2.5")), ElementsAre("$: expected an integer, got 2.5", "$: expected a value >= 10, got 2.5"));
}

TEST(SchemaCombinators, AnyOf) {
    const char* schema = R"({"anyOf": [{"type": "string"}, {"type": "integer", "minimum": 0}]})";
    EXPECT_TRUE(valid(schema, R"("x")"));
    EXPECT_TRUE(valid(schema, "3"));
    // Only the integer branch fits the type: its own violation says what to change.
    EXPECT_THAT(lines(check(schema, "-3")), ElementsAre("$: expected a value >= 0, got -3"));
    EXPECT_THAT(lines(check(R"({"anyOf": [{"type": "integer", "minimum": 5}, {"type": "number", "maximum": 1}]})", "3")),
                ElementsAre("$: expected the value to match at least one of the 2 schemas in 'anyOf', it matches none"));
}

TEST(SchemaCombinators, OneOfCountsMatches) {
    const char* schema = R"({"oneOf": [{"type": "integer"}, {"minimum": 2}]})";
    EXPECT_TRUE(valid(schema, "1"));
    EXPECT_TRUE(valid(schema, "2.5"));
    EXPECT_THAT(lines(check(schema, "3")),
                ElementsAre("$: expected the value to match exactly one of the 2 schemas in 'oneOf', it matches schemas 0 and 1"));
    EXPECT_THAT(lines(check(schema, "1.5")),
                ElementsAre("$: expected the value to match exactly one of the 2 schemas in 'oneOf', it matches none"));
}

TEST(SchemaCombinators, Not) {
    EXPECT_TRUE(valid(R"({"not": {"type": "null"}})", "1"));
    EXPECT_THAT(lines(check(R"({"not": {"type": "null"}})", "null")),
                ElementsAre("$: expected the value not to match the schema in 'not'"));
}

TEST(SchemaCombinators, IfThenElseReportsTheChosenBranch) {
    const char* schema = R"({"if": {"properties": {"kind": {"const": "card"}}},
                             "then": {"required": ["number"]}, "else": {"required": ["iban"]}})";
    EXPECT_TRUE(valid(schema, R"({"kind": "card", "number": "4"})"));
    EXPECT_THAT(lines(check(schema, R"({"kind": "card"})")), ElementsAre(R"($: missing required property "number")"));
    EXPECT_THAT(lines(check(schema, R"({"kind": "bank"})")), ElementsAre(R"($: missing required property "iban")"));
    EXPECT_TRUE(valid(R"({"then": {"required": ["x"]}})", "{}")); // then without if: ignored
}

TEST(SchemaCombinators, ProbesDoNotLeakViolations) {
    // The failing anyOf branches are not reported one by one, only the anyOf itself.
    const auto r = check(R"({"anyOf": [{"required": ["a"]}, {"required": ["b"]}], "required": ["c"]})", "{}");
    EXPECT_EQ(r.violations.size(), 2u);
}

TEST(SchemaCombinators, BranchesTheValueCannotFitAreExplainedByType) {
    EXPECT_THAT(lines(check(R"({"anyOf": [{"type": "string"}, {"type": "null"}]})", "{}")),
                ElementsAre("$: expected a string or null, got an object"));
    EXPECT_THAT(lines(check(R"({"oneOf": [{"type": "integer"}, {"type": "boolean"}]})", "1.5")),
                ElementsAre("$: expected an integer or a boolean, got 1.5"));
}

TEST(SchemaCombinators, TheOneBranchThatFitsTheTypeReportsItsOwnViolations) {
    // The shape of an optional nested model in generated schemas.
    const char* schema = R"({"$defs": {"Addr": {"type": "object", "required": ["city"], "properties": {"zip": {"type": "string"}}}},
                             "properties": {"address": {"anyOf": [{"$ref": "#/$defs/Addr"}, {"type": "null"}]}}})";
    EXPECT_TRUE(valid(schema, R"({"address": null})"));
    EXPECT_THAT(lines(check(schema, R"({"address": {"zip": 75001}})")),
                ElementsAre(R"($.address: missing required property "city")", "$.address.zip: expected a string, got 75001"));
}
