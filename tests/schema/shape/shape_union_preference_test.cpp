// Unions (anyOf / oneOf / type arrays) prefer the alternative that takes the value with no
// coercion at all; only when none does are coercions tried.
#include "schema/schema_test_util.hpp"

using namespace laminate;
using namespace schema_test;

namespace {

TEST(SchemaUnionPreference, AnExactFitBeatsACoercedOne) {
    // A string "42" is a string for [integer, string] and a number 42 an integer.
    Schema s = compiled(R"({"anyOf":[{"type":"integer"},{"type":"string"}]})");
    EXPECT_EQ(s.from_json(R"("42")")->value, Value("42"));
    EXPECT_EQ(s.from_json("42")->value, Value(42));
    // An object that fits the second object schema exactly beats the first, which would need its
    // key matched loosely.
    Schema objects = compiled(R"({"anyOf":[)"
                              R"({"type":"object","properties":{"user_name":{"type":"string"}},"required":["user_name"],"additionalProperties":false},)"
                              R"({"type":"object","properties":{"UserName":{"type":"string"}},"required":["UserName"],"additionalProperties":false}]})");
    auto r = objects.from_json(R"({"UserName": "a"})");
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(r->value, json(R"({"UserName":"a"})"));
    EXPECT_TRUE(r->diagnostics.empty());
}

TEST(SchemaUnionPreference, CoercionsWhenNothingFitsExactly) {
    Schema s = compiled(R"({"anyOf":[{"type":"integer"},{"type":"boolean"}]})");
    auto r = s.from_json(R"("7")");
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(r->value, Value(7));
    EXPECT_FALSE(r->diagnostics.empty());
    EXPECT_FALSE(s.from_json(R"("7")", ShapeOptions{.mode = Mode::Strict}));
}

// "1" for ["boolean", "integer"]: true and 1 fit equally well, each by one coercion. The number
// is read first whatever the order, and the choice is a Warning, not settled quietly.
TEST(SchemaUnionPreference, ATieBetweenCoercionsIsAWarning) {
    for (const char* schema : {R"({"type":["boolean","integer"]})", R"({"type":["integer","boolean"]})"}) {
        Schema s = compiled(schema);
        auto r = s.from_json(R"("1")");
        ASSERT_TRUE(r) << r.error();
        EXPECT_EQ(r->value, Value(1)) << schema;
        EXPECT_EQ(max_risk(r->diagnostics), Risk::Warning) << schema;
    }
    // "yes" fits the boolean alone: no tie, no Warning.
    Schema s = compiled(R"({"type":["boolean","integer"]})");
    auto yes = s.from_json(R"("yes")");
    ASSERT_TRUE(yes) << yes.error();
    EXPECT_EQ(yes->value, Value(true));
    EXPECT_EQ(max_risk(yes->diagnostics), Risk::Info);
}

TEST(SchemaUnionPreference, AnAlternativeKeepingTheTypeBeatsOneChangingIt) {
    // "Yes" is the enum's "yes" (matched ignoring case) rather than true: the schema names that
    // string. A reading of another type was possible, so the choice is a Warning.
    for (const char* schema : {R"({"anyOf":[{"type":"boolean"},{"enum":["yes","no"]}]})",
                               R"({"anyOf":[{"enum":["yes","no"]},{"type":"boolean"}]})"}) {
        auto r = compiled(schema).from_json(R"("Yes")");
        ASSERT_TRUE(r) << r.error();
        EXPECT_EQ(r->value, Value("yes")) << schema;
        EXPECT_EQ(max_risk(r->diagnostics), Risk::Warning) << schema;
    }
    // Where only the coercion fits, it is taken as before.
    auto maybe = compiled(R"({"anyOf":[{"type":"boolean"},{"enum":["yes","no"]}]})").from_json(R"("true")");
    ASSERT_TRUE(maybe) << maybe.error();
    EXPECT_EQ(maybe->value, Value(true));
    EXPECT_EQ(max_risk(maybe->diagnostics), Risk::Info);
}

TEST(SchemaUnionPreference, AValueTheAlternativeOfItsTypeRefusesTakenByCoercionIsAWarning) {
    // 7 is an integer the integer alternative refuses (maximum 5): "7" by the string alternative
    // may be a value the schema meant to refuse.
    Schema s = compiled(R"({"anyOf":[{"type":"integer","maximum":5},{"type":"string"}]})");
    auto r = s.from_json("7");
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(r->value, Value("7"));
    EXPECT_EQ(max_risk(r->diagnostics), Risk::Warning);
    auto fits = s.from_json("3");
    ASSERT_TRUE(fits) << fits.error();
    EXPECT_EQ(fits->value, Value(3));
    EXPECT_TRUE(fits->diagnostics.empty());
}

TEST(SchemaUnionPreference, TypedVariantAgrees) {
    auto r = from_json<std::variant<int, std::string>>(R"("42")");
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(std::get<std::string>(r->value), "42");
}

} // namespace
