// The renderers: each class writes the intended arguments the way its definition says, applies
// only where it changes something, and is deterministic. Syntax classes are checked by reading
// their text back with laminate's own parser: the intended value, through a repair.
#include "arguments.hpp"
#include "bfcl_test_util.hpp"
#include "render.hpp"

#include <laminate/extract.hpp>
#include <laminate/parse.hpp>

#include <gtest/gtest.h>

namespace laminate::bfcl {
namespace {

using test::json;
using test::make_call;
using test::rich_call;

std::string rendered(Class c, const Call& call) {
    auto text = render(c, call);
    EXPECT_TRUE(text.has_value()) << class_name(c);
    return text.value_or("");
}

TEST(BfclRender, ValidIsCompactJsonOfTheFirstAcceptedValues) {
    EXPECT_EQ(rendered(Class::Valid, rich_call()),
              R"({"count": 3, "ratio": 0.5, "flag": true, "city": "Rome", "ids": [1, 2], )"
              R"("point": [1.5, 2.0], "opts": {"depth": 2, "mode": "fast"}, "unit": "metric"})");
}

TEST(BfclRender, R1StringifiesEveryNumberTheSchemaTypesAsNumeric) {
    EXPECT_EQ(rendered(Class::R1, rich_call()),
              R"({"count": "3", "ratio": "0.5", "flag": true, "city": "Rome", "ids": ["1", "2"], )"
              R"("point": ["1.5", "2.0"], "opts": {"depth": "2", "mode": "fast"}, "unit": "metric"})");
    // A number where the schema says "any" is left alone; with no number left R1 does not apply.
    const auto any = make_call(R"({"type": "dict", "properties": {"x": {"type": "any"}}})", R"({"x": [5]})");
    EXPECT_FALSE(render(Class::R1, any));
}

TEST(BfclRender, R2StringifiesBooleans) {
    EXPECT_NE(rendered(Class::R2, rich_call()).find(R"("flag": "true")"), std::string::npos);
    const auto none = make_call(R"({"type": "dict", "properties": {"x": {"type": "integer"}}})", R"({"x": [5]})");
    EXPECT_FALSE(render(Class::R2, none));
}

TEST(BfclRender, R3LeavesOutOptionalParametersThatMayBeOmittedOrEqualTheirDefault) {
    const std::string text = rendered(Class::R3, rich_call());
    EXPECT_EQ(text.find("unit"), std::string::npos);
    EXPECT_NE(text.find("count"), std::string::npos);
    // Default not among the accepted values: the parameter must be sent.
    const auto keep = make_call(
        R"({"type": "dict", "properties": {"u": {"type": "string", "default": "a"}}})", R"({"u": ["b"]})");
    EXPECT_FALSE(render(Class::R3, keep));
    const auto by_default = make_call(
        R"({"type": "dict", "properties": {"u": {"type": "string", "default": "b"}}})", R"({"u": ["b"]})");
    EXPECT_EQ(rendered(Class::R3, by_default), "{}");
}

TEST(BfclRender, R4AddsTwoMembersNoSchemaDeclares) {
    const auto call = make_call(R"({"type": "dict", "properties": {"reasoning": {"type": "string"}}})",
                                R"({"reasoning": ["r"]})");
    const Value v = json(rendered(Class::R4, call));
    EXPECT_EQ(v.size(), 3u);
    EXPECT_TRUE(v.contains("_reasoning"));
    EXPECT_TRUE(v.contains("confidence"));
}

TEST(BfclRender, WrappersAreExtractedBackToTheIntendedArguments) {
    const Call call = rich_call();
    const Value intended = intended_arguments(call);
    for (const Class c : {Class::R5, Class::R6, Class::X5, Class::X7}) {
        const std::string text = rendered(c, call);
        EXPECT_FALSE(parse_json(text)) << class_name(c) << " is not plain JSON";
        auto got = extract(text);
        ASSERT_TRUE(got) << class_name(c);
        EXPECT_EQ(got->parsed.value, intended) << class_name(c) << ": " << text;
    }
    EXPECT_EQ(rendered(Class::R5, call).rfind("```json\n", 0), 0u);
    EXPECT_NE(rendered(Class::X5, call).find("<tool_call>\n{"), std::string::npos);
}

TEST(BfclRender, SyntaxClassesAreMalformedAndRepairToTheIntendedArguments) {
    const Call call = rich_call();
    const Value intended = intended_arguments(call);
    for (const Class c : {Class::S1, Class::S2, Class::S3, Class::S4, Class::S5, Class::X1,
                          Class::X3, Class::X4}) {
        const std::string text = rendered(c, call);
        if (c != Class::X4) {
            EXPECT_FALSE(parse_json(text)) << class_name(c) << ": " << text;
        }
        // X4 is valid JSON, a string holding the arguments: parse reads the string as written,
        // extraction takes the document it holds.
        Result<Parsed> got = parse(text);
        if (c == Class::X4) {
            auto e = extract(text);
            ASSERT_TRUE(e) << e.error();
            got = std::move(e->parsed);
        }
        ASSERT_TRUE(got) << class_name(c) << ": " << text;
        EXPECT_EQ(got->value, intended) << class_name(c) << ": " << text;
        EXPECT_FALSE(got->diagnostics.empty()) << class_name(c);
    }
}

TEST(BfclRender, EachSyntaxClassUsesItsOwnDeparture) {
    const Call call = rich_call();
    EXPECT_NE(rendered(Class::S1, call).find("2,]"), std::string::npos);
    EXPECT_NE(rendered(Class::S2, call).find("'city': 'Rome'"), std::string::npos);
    EXPECT_NE(rendered(Class::S3, call).find("{count: 3"), std::string::npos);
    EXPECT_NE(rendered(Class::S4, call).find("// arguments"), std::string::npos);
    EXPECT_NE(rendered(Class::S4, call).find("/* next */"), std::string::npos);
    const std::string py = rendered(Class::S5, call);
    EXPECT_NE(py.find("'flag': True"), std::string::npos);
    EXPECT_NE(py.find("'point': (1.5, 2.0)"), std::string::npos);
    const std::string x1 = rendered(Class::X1, call);
    EXPECT_NE(x1.find("3\n  \"ratio\""), std::string::npos) << x1;
    EXPECT_EQ(x1.find(','), x1.find("1,") + 1) << "only array commas remain: " << x1;
    EXPECT_NE(rendered(Class::X3, call).find("\xE2\x80\x9C" "city" "\xE2\x80\x9D"), std::string::npos);
    EXPECT_EQ(rendered(Class::X4, call).rfind("\"{\\\"count\\\": 3", 0), 0u);
}

TEST(BfclRender, PythonReprPicksItsQuoteAsPythonDoes) {
    const auto call = make_call(R"({"type": "dict", "properties": {"s": {"type": "string"}, "n": {"type": "any"}}})",
                                R"({"s": ["it's"], "n": [null]})");
    EXPECT_EQ(rendered(Class::S5, call), R"({'s': "it's", 'n': None})");
    EXPECT_EQ(rendered(Class::S2, call), R"({'s': 'it\'s', 'n': null})");
}

TEST(BfclRender, X2WritesARawNewlineIntoADerivedStringArgument) {
    const Call call = rich_call();
    const auto derived = derived_call(Class::X2, call);
    ASSERT_TRUE(derived);
    EXPECT_EQ((*derived).accepted["city"][0], Value("Rome\nsecond line"));
    const std::string text = rendered(Class::X2, call);
    EXPECT_NE(text.find("\"Rome\nsecond line\""), std::string::npos);
    auto got = parse(text);
    ASSERT_TRUE(got);
    EXPECT_EQ(got->value, intended_arguments(*derived));
    const auto no_string = make_call(R"({"type": "dict", "properties": {"x": {"type": "integer"}}})", R"({"x": [5]})");
    EXPECT_FALSE(render(Class::X2, no_string));
    EXPECT_FALSE(derived_call(Class::S1, call));
}

TEST(BfclRender, X6DropsTheClosersAndCompletesBackOnlyWhenAskedTo) {
    const Call call = rich_call();
    const std::string text = rendered(Class::X6, call);
    EXPECT_EQ(text.back(), '"');
    auto strict = parse(text);
    ASSERT_FALSE(strict);
    EXPECT_EQ(strict.error().kind(), ErrorKind::ValueNotClosed);
    ParseOptions complete;
    complete.complete_truncated = true;
    auto got = parse(text, complete);
    ASSERT_TRUE(got);
    EXPECT_EQ(got->value, intended_arguments(call));
}

TEST(BfclRender, ClassesThatChangeNothingDoNotApply) {
    const auto empty = make_call(R"({"type": "dict", "properties": {}})", R"({})");
    for (const Class c : {Class::R1, Class::R2, Class::R3, Class::S1, Class::S2, Class::S3,
                          Class::S5, Class::X1, Class::X2, Class::X3, Class::X7})
        EXPECT_FALSE(render(c, empty)) << class_name(c);
    EXPECT_EQ(rendered(Class::Valid, empty), "{}");
}

TEST(BfclRender, IsDeterministicAndNamesRoundTrip) {
    const Call call = rich_call();
    for (const Class c : all_classes) {
        EXPECT_EQ(render(c, call), render(c, call)) << class_name(c);
        EXPECT_EQ(class_from_name(class_name(c)), c);
        EXPECT_FALSE(class_description(c).empty());
    }
    EXPECT_FALSE(class_from_name("R9"));
}

} // namespace
} // namespace laminate::bfcl
