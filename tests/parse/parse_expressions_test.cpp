// Arithmetic where a number belongs: {"ratio": 1/3}, [2*3], {"range": 1-5}. The value is the
// expression's text as written, expression_as_string (Warning) at its first byte: numbers and the
// operators + - * / with no space between them, chained or not. Comments after a number
// (1 // x, 1 /* x */), numbers with spaces around an operator and dates are not expressions.

#include "parse_support.hpp"

#include <string>

namespace laminate {
namespace {

using test::expect_repair;

std::vector<Diagnostic> expressions(const Diagnostics& ds) {
    return test::repairs_of(ds, RepairKind::ExpressionAsString);
}

TEST(ParseExpressions, AMemberValueKeepsItsText) {
    auto ds = expect_repair(R"({"key": 1/3})", R"({"key": "1/3"})", RepairKind::ExpressionAsString, 8);
    ASSERT_EQ(expressions(ds).size(), 1u);
    EXPECT_EQ(expressions(ds)[0].path, "key");
    EXPECT_EQ(ds.size(), 1u) << test::describe(ds);
    ds = expect_repair(R"({"key": 12345/67890, "foo": "bar"})", R"({"key": "12345/67890", "foo": "bar"})",
                       RepairKind::ExpressionAsString, 8);
    EXPECT_EQ(ds.size(), 1u) << test::describe(ds);
}

TEST(ParseExpressions, EveryOperatorChainedOrNot) {
    auto ds = expect_repair("[2*3]", R"(["2*3"])", RepairKind::ExpressionAsString, 1);
    EXPECT_EQ(expressions(ds)[0].path, "[0]");
    expect_repair("[1+2]", R"(["1+2"])", RepairKind::ExpressionAsString, 1);
    expect_repair("[5-3]", R"(["5-3"])", RepairKind::ExpressionAsString, 1);
    ds = expect_repair("[1.5/2.5, -3*4, 1+2*3-4/5]", R"(["1.5/2.5", "-3*4", "1+2*3-4/5"])",
                       RepairKind::ExpressionAsString, 10);
    ASSERT_EQ(expressions(ds).size(), 3u);
    EXPECT_EQ(expressions(ds)[0].offset, 1u);
    EXPECT_EQ(expressions(ds)[2].offset, 16u);
    EXPECT_EQ(expressions(ds)[2].path, "[2]");
    expect_repair("{\"a\": 1/2,\n \"b\": 3}", R"({"a": "1/2", "b": 3})",
                  RepairKind::ExpressionAsString, 6);
}

TEST(ParseExpressions, NestedPaths) {
    auto ds = expect_repair(R"({"a": {"b": [0, 7/8]}})", R"({"a": {"b": [0, "7/8"]}})",
                            RepairKind::ExpressionAsString, 16);
    EXPECT_EQ(expressions(ds)[0].path, "a.b[1]");
    expect_repair("{'r': (1/2, 3)}", R"({"r": ["1/2", 3]})", RepairKind::ExpressionAsString, 7);
}

TEST(ParseExpressions, CommentsAreNotOperators) {
    for (const char* text : {"[1 // x\n]", "[1 /* c */]", "[1/*c*/]", "[1//c\n]"}) {
        SCOPED_TRACE(text);
        auto r = parse(text);
        ASSERT_TRUE(r) << r.error();
        EXPECT_EQ(r->value, test::json("[1]"));
        EXPECT_TRUE(test::has_repair(r->diagnostics, RepairKind::Comment));
        EXPECT_FALSE(test::has_repair(r->diagnostics, RepairKind::ExpressionAsString));
    }
    auto ds = expect_repair("[1/2//c\n]", R"(["1/2"])", RepairKind::ExpressionAsString, 1);
    EXPECT_TRUE(test::has_repair(ds, RepairKind::Comment));
}

TEST(ParseExpressions, WhatIsNoExpressionStaysAsBefore) {
    // Spaces around the operator: a missing comma before a signed number, as before.
    expect_repair("[1 -2]", "[1, -2]", RepairKind::MissingComma, 3);
    // Dates and date-times are text.
    expect_repair(R"({"d": 2024-10-18})", R"({"d": "2024-10-18"})", RepairKind::UnquotedString, 6);
    expect_repair("[2024-10-18T10:00]", R"(["2024-10-18T10:00"])", RepairKind::UnquotedString, 1);
    // Text right after the last operand, an exponent, a leading '+': not a plain expression.
    for (const char* text : {"[1/3abc]", "[1e5/2]", "[+1/2]", "[1/2/]", "[1_000/3]"}) {
        SCOPED_TRACE(text);
        auto r = parse(text);
        if (r) {
            EXPECT_FALSE(test::has_repair(r->diagnostics, RepairKind::ExpressionAsString));
        }
    }
    // The whole document: text, not a value of a container.
    test::expect_error("1/3", ErrorKind::InvalidJson, 1);
}

TEST(ParseExpressions, StrictModeRefuses) {
    test::expect_error(R"({"key": 1/3})", ErrorKind::RepairNotAllowed, 8, test::strict());
    test::expect_error("[2*3]", ErrorKind::RepairNotAllowed, 1, test::strict());
    test::expect_error("[0, 1-2]", ErrorKind::RepairNotAllowed, 4, test::strict());
}

TEST(ParseExpressions, TruncatedExpressions) {
    test::expect_error("[1/", ErrorKind::ValueNotClosed, 0);
    test::expect_error(R"({"a": 1/2)", ErrorKind::ValueNotClosed, 0);
    expect_repair(R"({"a": 1/2)", R"({"a": "1/2"})", RepairKind::ExpressionAsString, 6,
                  Risk::Warning, test::completing());
    expect_repair("[1/2", R"(["1/2"])", RepairKind::MissingCloser, 4, Risk::Risky,
                  test::completing());
    for (const char* cut : {"[1/", "[1*", "[1-", "[1+", "{\"a\": 1/", "{\"a\": 1.", "[1/2.", "1/"}) {
        SCOPED_TRACE(cut);
        for (const ParseOptions& o : {ParseOptions{}, test::completing(), test::strict()}) {
            auto r = parse(cut, o);
            if (r) {
                EXPECT_FALSE(test::has_repair(r->diagnostics, RepairKind::ExpressionAsString));
            }
        }
    }
}

TEST(ParseExpressions, LinearInTheInputSize) {
    std::string chain = "[1";
    std::string failing = "[1";
    std::string many = "[";
    for (int i = 0; i < 200'000; ++i) {
        chain += "/2";
        failing += "+1";
        many += "1/3, ";
    }
    chain += "]";
    failing += "x]";
    many += "]";
    ParseOptions lots;
    lots.max_repairs = 10'000'000;
    test::HangGuard guard;
    auto r = parse(chain, lots);
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(r->value[0].as_string().size(), 400'001u);
    (void)parse(failing, lots);
    r = parse(many, lots);
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(r->value.size(), 200'000u);
}

TEST(ParseExpressions, AnOperatorBetweenValuesIsNoKey) {
    // {"a": ["x", "y"] + ["z"]} gave a member named "+": the operator computes a value
    // (["x","y","z"]) that is not evaluated, so no reading is the careful one.
    test::expect_error(R"({"a": ["x", "y"] + ["z"]})", ErrorKind::AmbiguousRepair, 17);
    test::expect_error(R"({"a": {"b": 1} + {"c": 2}})", ErrorKind::AmbiguousRepair, 15);
    test::expect_error(R"({"a": [1] * 3})", ErrorKind::AmbiguousRepair, 10);
    test::expect_error(R"({"a": 1 + 2})", ErrorKind::AmbiguousRepair, 8);
    test::expect_error(R"([1 + 2])", ErrorKind::AmbiguousRepair, 3);
    test::expect_error(R"({"a": true - x})", ErrorKind::AmbiguousRepair, 11);
    // A sign glued to a number is the number's: [1 -2] lost a comma; "x" + "y" joins strings.
    expect_repair("[1 -2]", "[1, -2]", RepairKind::MissingComma, 3);
    expect_repair(R"({"a": "x" + "y"})", R"({"a": "xy"})", RepairKind::StringConcatenation, 10);
}

} // namespace
} // namespace laminate
