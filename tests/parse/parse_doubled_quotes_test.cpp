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

TEST(ParseTripleQuotes, PythonTripleQuotesDelimitAString) {
    expect_repair(R"({"code": """def f(): ..."""})", R"({"code": "def f(): ..."})",
                  RepairKind::TripleQuotes, 9);
    expect_repair("{\"code\": \"\"\"line 1\n\"quoted\" line 2\"\"\", \"n\": 1}",
                  R"({"code": "line 1\n\"quoted\" line 2", "n": 1})", RepairKind::TripleQuotes, 9);
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
}

} // namespace
} // namespace laminate
