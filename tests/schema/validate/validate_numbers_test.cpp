// minimum, maximum, exclusive forms, multipleOf, big and precise numbers.
#include "schema/schema_test_util.hpp"

#include <gmock/gmock.h>

using namespace laminate;
using laminate::test::check;
using laminate::test::validate;
using laminate::test::lines;
using laminate::test::valid;
using ::testing::ElementsAre;

TEST(SchemaNumbers, InclusiveBounds) {
    EXPECT_TRUE(valid(R"({"minimum": 1, "maximum": 255})", "255"));
    EXPECT_TRUE(valid(R"({"minimum": 1, "maximum": 255})", "1"));
    EXPECT_THAT(lines(check(R"({"maximum": 255})", "300")), ElementsAre("$: expected a value <= 255, got 300"));
    EXPECT_THAT(lines(check(R"({"minimum": 1})", "0.5")), ElementsAre("$: expected a value >= 1, got 0.5"));
}

TEST(SchemaNumbers, ExclusiveBoundsNumberAndDraft4BooleanForms) {
    EXPECT_THAT(lines(check(R"({"exclusiveMaximum": 10})", "10")), ElementsAre("$: expected a value < 10, got 10"));
    EXPECT_TRUE(valid(R"({"exclusiveMinimum": 0})", "0.0001"));
    EXPECT_FALSE(valid(R"({"exclusiveMinimum": 0})", "0"));
    EXPECT_FALSE(valid(R"({"minimum": 5, "exclusiveMinimum": true})", "5"));
    EXPECT_TRUE(valid(R"({"minimum": 5, "exclusiveMinimum": false})", "5"));
}

TEST(SchemaNumbers, BoundsIgnoreNonNumbers) {
    EXPECT_TRUE(valid(R"({"maximum": 3})", R"("300")"));
}

TEST(SchemaNumbers, IntegerBoundsAreExactAtSixtyFourBits) {
    EXPECT_TRUE(valid(R"({"maximum": 18446744073709551615})", "18446744073709551615"));
    EXPECT_FALSE(valid(R"({"maximum": 9223372036854775806})", "9223372036854775807"));
    EXPECT_TRUE(valid(R"({"minimum": -9223372036854775808})", "-9223372036854775808"));
    EXPECT_FALSE(valid(R"({"maximum": 1e300})", "1e400"));
}

TEST(SchemaNumbers, MultipleOfIsExactForDecimals) {
    EXPECT_TRUE(valid(R"({"multipleOf": 0.0001})", "0.0075"));
    EXPECT_TRUE(valid(R"({"multipleOf": 0.01})", "19.99"));
    EXPECT_TRUE(valid(R"({"multipleOf": 0.1})", "0.3"));
    EXPECT_FALSE(valid(R"({"multipleOf": 0.01})", "19.995"));
    EXPECT_TRUE(valid(R"({"multipleOf": 1.5})", "4.5"));
    EXPECT_FALSE(valid(R"({"multipleOf": 1.5})", "35"));
    EXPECT_TRUE(valid(R"({"multipleOf": 2})", "10"));
    EXPECT_FALSE(valid(R"({"multipleOf": 2})", "7"));
    EXPECT_TRUE(valid(R"({"multipleOf": 3})", "0"));
    EXPECT_THAT(lines(check(R"({"multipleOf": 0.5})", "3.3")), ElementsAre("$: expected a multiple of 0.5, got 3.3"));
}

TEST(SchemaNumbers, MultipleOfHugeQuotientsDoNotOverflow) {
    EXPECT_FALSE(valid(R"({"type": "integer", "multipleOf": 0.123456789})", "1e308"));
    EXPECT_TRUE(valid(R"({"multipleOf": 5})", "1e300"));
    EXPECT_TRUE(valid(R"({"multipleOf": 1e-300})", "1e300"));
}

TEST(SchemaNumbers, QuoteNumbersOffKeepsNumbersOutOfMessages) {
    ValidateOptions o;
    o.quote_numbers = false;
    const auto r = check(R"({"maximum": 255})", "300", o);
    EXPECT_THAT(lines(r), ElementsAre("$: expected a value <= 255, got an integer"));
    EXPECT_EQ(r.violations[0].excerpt, "300");
}

TEST(SchemaNumbers, NonNumericBoundIsAnInvalidSchema) {
    auto r = validate(Value(1), laminate::test::json(R"({"maximum": "10"})"));
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().kind(), ErrorKind::InvalidSchema);
    auto zero = validate(Value(1), laminate::test::json(R"({"multipleOf": 0})"));
    ASSERT_FALSE(zero);
    EXPECT_EQ(zero.error().kind(), ErrorKind::InvalidSchema);
}
