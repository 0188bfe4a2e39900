// Doubled quotes (""name"": ""Ann"", as a CSV writer escapes them) and triple-quoted strings
// ("""text""", ```text```): the text between the delimiters is the string, with a Warning.

#include "parse_support.hpp"

namespace laminate {
namespace {

using test::expect_repair;

TEST(ParseDoubledQuotes, KeysAndValuesLoseTheirDoubling) {
    auto ds = expect_repair(R"({""name"": ""Ann""})", R"({"name": "Ann"})",
                            RepairKind::DoubledQuotes, 1);
    EXPECT_EQ(test::repairs_of(ds, RepairKind::DoubledQuotes).size(), 2u);
    expect_repair(R"({""name"": ""Ann"", ""age"": 3})", R"({"name": "Ann", "age": 3})",
                  RepairKind::DoubledQuotes, 20);
}

TEST(ParseDoubledQuotes, NeverKeepsTheQuotesOrMergesMembers) {
    auto r = parse(R"({""a"": ""x"", ""b"": ""y""})");
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(r->value, test::json(R"({"a": "x", "b": "y"})"));
}

TEST(ParseDoubledQuotes, AnEmptyStringIsStillEmpty) {
    auto r = parse(R"({"a": "", "b": ""})");
    ASSERT_TRUE(r) << r.error();
    EXPECT_TRUE(r->diagnostics.empty());
    EXPECT_EQ(r->value, test::json(R"({"a": "", "b": ""})"));
}

TEST(ParseDoubledQuotes, ADoubledOpeningQuoteOnAValue) {
    expect_repair(R"({"a": ""value"})", R"({"a": "value"})", RepairKind::DoubledQuotes, 6);
    expect_repair(R"({"a": ""value", "b": 1})", R"({"a": "value", "b": 1})",
                  RepairKind::DoubledQuotes, 6);
    expect_repair(R"([""value", "x"])", R"(["value", "x"])", RepairKind::DoubledQuotes, 1);
    auto r = parse(R"({"a": ""value"})");
    ASSERT_TRUE(r) << r.error();
    EXPECT_FALSE(test::has_repair(r->diagnostics, RepairKind::UnescapedQuote));
}

TEST(ParseDoubledQuotes, ADoubledOpeningQuoteOnAKey) {
    // A key's doubled opening quote reads as one when a colon follows its closing quote; it was
    // the key "a with a quote in it.
    expect_repair(R"({""a": 1})", R"({"a": 1})", RepairKind::DoubledQuotes, 1);
    expect_repair(R"({"x": 1, ""b": 2})", R"({"x": 1, "b": 2})", RepairKind::DoubledQuotes, 9);
    // No colon after it: not a key's slip, and no member is invented.
    EXPECT_FALSE(parse(R"({"" "b": 2})"));
}

TEST(ParseDoubledQuotes, SingleQuotesDoubled) {
    expect_repair("{'a': ''x''}", R"({"a": "x"})", RepairKind::DoubledQuotes, 6);
    expect_repair("{'a': ''x'}", R"({"a": "x"})", RepairKind::DoubledQuotes, 6);
    expect_repair("{''a'': ''x'', 'b': 1}", R"({"a": "x", "b": 1})", RepairKind::DoubledQuotes,
                  1);
    expect_repair("['', ''x'']", R"(["", "x"])", RepairKind::DoubledQuotes, 5);
}

TEST(ParseDoubledQuotes, EmptyStringsBeforeOtherTextStayEmpty) {
    // '' or "" followed by what may follow a string is an empty string, whatever comes later.
    for (const char* text : {"['', 'b']", "['',',']", "{'a': '', 'b': ''}", R"(["", ","])"}) {
        SCOPED_TRACE(text);
        auto r = parse(text);
        ASSERT_TRUE(r) << r.error();
        EXPECT_FALSE(test::has_repair(r->diagnostics, RepairKind::DoubledQuotes));
    }
    auto r = parse("['',',']");
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(r->value, test::json(R"(["", ","])"));
    // Text after the closing quote that no string ends with is no doubled quote either.
    r = parse(R"({"a": ""x" y"})");
    ASSERT_TRUE(r) << r.error();
    EXPECT_FALSE(test::has_repair(r->diagnostics, RepairKind::DoubledQuotes));
}

TEST(ParseTripleQuotes, PythonTripleQuotesDelimitAString) {
    expect_repair(R"({"code": """def f(): ..."""})", R"({"code": "def f(): ..."})",
                  RepairKind::TripleQuotes, 9);
    expect_repair("{\"code\": \"\"\"line 1\n\"quoted\" line 2\"\"\", \"n\": 1}",
                  R"({"code": "line 1\n\"quoted\" line 2", "n": 1})", RepairKind::TripleQuotes, 9);
}

TEST(ParseTripleQuotes, PythonTripleSingleQuotesDelimitAString) {
    expect_repair("{\"a\": '''x'''}", R"({"a": "x"})", RepairKind::TripleQuotes, 6);
    expect_repair("{\"a\": '''it's \"x\"''', \"b\": 1}", R"({"a": "it's \"x\"", "b": 1})",
                  RepairKind::TripleQuotes, 6);
    expect_repair("{'''a''': 1}", R"({"a": 1})", RepairKind::TripleQuotes, 1);
}

TEST(ParseTripleQuotes, InArraysAndKeys) {
    // Not an empty string, then a string, then another empty one.
    expect_repair("['''x''', '''y''']", R"(["x", "y"])", RepairKind::TripleQuotes, 10);
    expect_repair(R"(["""x""", """y"""])", R"(["x", "y"])", RepairKind::TripleQuotes, 10);
    expect_repair(R"({"""a""": 1})", R"({"a": 1})", RepairKind::TripleQuotes, 1);
    // Empty strings stay empty strings.
    auto r = parse(R"(["", ""])");
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(r->value, test::json(R"(["", ""])"));
    EXPECT_TRUE(r->diagnostics.empty());
    expect_repair("['', '']", R"(["", ""])", RepairKind::SingleQuotes, 1);
}

TEST(ParseTripleQuotes, BackticksDelimitAString) {
    expect_repair("{\"code\": ```def f(): ...```}", R"({"code": "def f(): ..."})",
                  RepairKind::TripleQuotes, 9);
}

TEST(ParseTripleQuotes, NoUnknownFieldIsInvented) {
    auto r = parse(R"({"code": """x = 1""", "lang": "py"})");
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(r->value, test::json(R"({"code": "x = 1", "lang": "py"})"));
}

TEST(ParseTripleQuotes, StrictModeRefuses) {
    EXPECT_FALSE(parse(R"({"code": """x"""})", test::strict()));
    EXPECT_FALSE(parse(R"({""name"": ""Ann""})", test::strict()));
    EXPECT_FALSE(parse(R"({"a": ""value"})", test::strict()));
    EXPECT_FALSE(parse("{'a': ''x''}", test::strict()));
}

} // namespace
} // namespace laminate
