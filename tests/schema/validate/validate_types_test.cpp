// type, const, enum, boolean schemas.
#include "schema/schema_test_util.hpp"

#include <gmock/gmock.h>

using namespace laminate;
using laminate::test::check;
using laminate::test::lines;
using laminate::test::valid;
using ::testing::ElementsAre;

TEST(SchemaTypes, EachTypeNameAcceptsItsValuesOnly) {
    EXPECT_TRUE(valid(R"({"type": "string"})", R"("x")"));
    EXPECT_FALSE(valid(R"({"type": "string"})", "1"));
    EXPECT_TRUE(valid(R"({"type": "null"})", "null"));
    EXPECT_FALSE(valid(R"({"type": "null"})", "false"));
    EXPECT_TRUE(valid(R"({"type": "boolean"})", "true"));
    EXPECT_FALSE(valid(R"({"type": "boolean"})", "0"));
    EXPECT_TRUE(valid(R"({"type": "object"})", "{}"));
    EXPECT_FALSE(valid(R"({"type": "object"})", "[]"));
    EXPECT_TRUE(valid(R"({"type": "array"})", "[]"));
    EXPECT_TRUE(valid(R"({"type": "number"})", "1.5"));
    EXPECT_TRUE(valid(R"({"type": "number"})", "7"));
    EXPECT_FALSE(valid(R"({"type": "number"})", R"("7")"));
}

TEST(SchemaTypes, IntegerIsANumberWithoutFractionWhateverItsSpelling) {
    EXPECT_TRUE(valid(R"({"type": "integer"})", "1"));
    EXPECT_TRUE(valid(R"({"type": "integer"})", "1.0"));
    EXPECT_TRUE(valid(R"({"type": "integer"})", "1e3"));
    EXPECT_TRUE(valid(R"({"type": "integer"})", "-0"));
    EXPECT_TRUE(valid(R"({"type": "integer"})", "18446744073709551615"));
    EXPECT_TRUE(valid(R"({"type": "integer"})", "123456789012345678901234567890"));
    EXPECT_FALSE(valid(R"({"type": "integer"})", "1.5"));
    EXPECT_FALSE(valid(R"({"type": "integer"})", "1.0000000000000000000000001"));
    EXPECT_FALSE(valid(R"({"type": "integer"})", "1e-400"));
}

TEST(SchemaTypes, TypeListAcceptsAnyOfItsTypes) {
    EXPECT_TRUE(valid(R"({"type": ["string", "null"]})", "null"));
    EXPECT_TRUE(valid(R"({"type": ["string", "null"]})", R"("a")"));
    const auto r = check(R"({"type": ["string", "null"]})", "3");
    EXPECT_THAT(lines(r), ElementsAre("$: expected a string or null, got 3"));
}

TEST(SchemaTypes, MismatchMessageNamesTheTypeNotTheContent) {
    const auto r = check(R"({"type": "integer"})", R"("secret text")");
    ASSERT_EQ(r.violations.size(), 1u);
    EXPECT_EQ(r.violations[0].message, "expected an integer, got a string");
    EXPECT_EQ(r.violations[0].keyword, "type");
    EXPECT_EQ(r.violations[0].excerpt, R"("secret text")");
}

TEST(SchemaTypes, ConstComparesByValue) {
    EXPECT_TRUE(valid(R"({"const": {"a": [1, 2]}})", R"({"a": [1.0, 2]})"));
    EXPECT_FALSE(valid(R"({"const": {"a": [1, 2]}})", R"({"a": [2, 1]})"));
    EXPECT_FALSE(valid(R"({"const": 1})", "true"));
    EXPECT_THAT(lines(check(R"({"const": "on"})", R"("off")")), ElementsAre(R"($: expected the constant "on", got a string)"));
}

TEST(SchemaTypes, EnumListsTheAllowedValues) {
    EXPECT_TRUE(valid(R"({"enum": ["economy", "business", null]})", "null"));
    EXPECT_TRUE(valid(R"({"enum": [1, 2]})", "2.0"));
    EXPECT_FALSE(valid(R"({"enum": [1, 2]})", R"("1")"));
    EXPECT_THAT(lines(check(R"({"enum": ["economy", "business"]})", R"("coach")")),
                ElementsAre(R"($: expected one of "economy", "business", got a string)"));
    EXPECT_THAT(lines(check(R"({"enum": ["economy", "business_class"]})", R"("Business Class")")),
                ElementsAre(R"($: expected one of "economy", "business_class", got a string (did you mean "business_class"?))"));
}

TEST(SchemaTypes, BooleanSchemas) {
    EXPECT_TRUE(valid("true", R"({"anything": [1]})"));
    const auto r = check("false", "1");
    EXPECT_FALSE(r.valid);
    EXPECT_THAT(lines(r), ElementsAre("$: no value is allowed here (the schema is false)"));
    EXPECT_TRUE(valid("{}", "null"));
}

TEST(SchemaTypes, UnknownKeywordsAreIgnored) {
    EXPECT_TRUE(valid(R"({"type": "string", "x-widget": {"kind": 3}, "description": "d", "examples": [1]})", R"("a")"));
}
