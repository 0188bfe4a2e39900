// enum and const: string enums match as typed enums do; other values by (coerced) equality.
#include "schema/schema_test_util.hpp"

using namespace laminate;
using namespace schema_test;

TEST(SchemaEnum, StringEnumsMatchLooselyAtBestEffort) {
    const char* schema = R"({"type":"string","enum":["celsius","fahrenheit"]})";
    EXPECT_EQ(shape_text(schema, R"("celsius")", Mode::Strict)->value, Value("celsius"));
    auto loose = shape_text(schema, R"("Fahrenheit")");
    ASSERT_TRUE(loose);
    EXPECT_EQ(loose->value, Value("fahrenheit"));
    EXPECT_EQ(max_risk(loose->diagnostics), Risk::Warning);
    EXPECT_FALSE(shape_text(schema, R"("Fahrenheit")", Mode::Strict));
    auto none = shape_text(schema, R"("kelvin")");
    ASSERT_FALSE(none);
    EXPECT_EQ(none.error().kind(), ErrorKind::UnknownVariant);
}

// Case alone decides before separators are ignored, as for typed enums: "a" is A, not
// ambiguous with A- (whose '-' a separator-blind match would drop).
TEST(SchemaEnum, CaseAloneDecidesBeforeSeparators) {
    const char* schema = R"({"type":"string","enum":["A+","A","A-"]})";
    auto a = shape_text(schema, R"("a")");
    ASSERT_TRUE(a) << a.error();
    EXPECT_EQ(a->value, Value("A"));
    EXPECT_EQ(max_risk(a->diagnostics), Risk::Warning);
    auto minus = shape_text(schema, R"("a-")");
    ASSERT_TRUE(minus) << minus.error();
    EXPECT_EQ(minus->value, Value("A-"));
    // Without A, "a" is no grade: A-'s '-' is at its edge, part of the name.
    auto none = shape_text(R"({"type":"string","enum":["A+","A-"]})", R"("a")");
    ASSERT_FALSE(none) << none->value.dump();
    EXPECT_EQ(none.error().kind(), ErrorKind::UnknownVariant);
    auto twice = shape_text(R"({"enum":["Foo","FOO"]})", R"("foo")");
    ASSERT_FALSE(twice);
    EXPECT_EQ(twice.error().kind(), ErrorKind::AmbiguousValue);
}

// Markdown around the whole name, as typed enums read it: a Warning in Lenient mode only.
TEST(SchemaEnum, MarkdownAroundTheWholeName) {
    const char* schema = R"({"type":"string","enum":["positive","negative"]})";
    for (const char* input : {R"("**negative**")", R"("__negative__")", R"("*negative*")", R"("_negative_")",
                              R"("`negative`")"}) {
        auto r = shape_text(schema, input);
        ASSERT_TRUE(r) << input << ": " << r.error();
        EXPECT_EQ(r->value, Value("negative"));
        ASSERT_EQ(r->diagnostics.size(), 1u);
        EXPECT_EQ(r->diagnostics[0].risk, Risk::Warning);
        EXPECT_EQ(r->diagnostics[0].message, "coerced string -> enum (removed markdown marks around the name)");
        EXPECT_FALSE(shape_text(schema, input, Mode::Absorbing)) << input;
        EXPECT_FALSE(shape_text(schema, input, Mode::Strict)) << input;
    }
    for (const char* input : {R"("**neg**ative")", R"("**neutral**")", R"("** negative **")"}) {
        auto r = shape_text(schema, input);
        ASSERT_FALSE(r) << input;
        EXPECT_EQ(r.error().kind(), ErrorKind::UnknownVariant);
    }
    // A declared name with the marks is that name.
    EXPECT_EQ(shape_text(R"({"enum":["**a**","a"]})", R"("**a**")", Mode::Strict)->value, Value("**a**"));
    EXPECT_FALSE(shape_text(R"({"enum":["_a","a"]})", R"("_a_")"));
}

TEST(SchemaEnum, NumberEnumsByCoercedValue) {
    const char* schema = R"({"enum":[1,2,3]})";
    EXPECT_EQ(shape_text(schema, "2", Mode::Strict)->value, Value(2));
    EXPECT_EQ(shape_text(schema, R"("3")")->value, Value(3));
    EXPECT_FALSE(shape_text(schema, R"("3")", Mode::Strict));
    EXPECT_FALSE(shape_text(schema, "4"));
}

TEST(SchemaEnum, ConstIsAnEnumOfOne) {
    EXPECT_EQ(shape_text(R"({"const":"on"})", R"(" on ")")->value, Value("on"));
    EXPECT_FALSE(shape_text(R"({"const":"on"})", R"("off")"));
    EXPECT_EQ(shape_text(R"({"const":{"a":1}})", R"({"a":1})", Mode::Strict)->value, json(R"({"a":1})"));
}

TEST(SchemaEnum, MixedEnumWithNull) {
    const char* schema = R"({"enum":["a",null]})";
    EXPECT_EQ(shape_text(schema, "null", Mode::Strict)->value, Value(nullptr));
    EXPECT_EQ(shape_text(schema, R"("a")", Mode::Strict)->value, Value("a"));
}
