// Adjacent string literals in a member's value ({"a": "abc" "def"}): Python and C would join
// them, but the parser reads ["a" "b"] as two values that lost a comma; in a member's value the
// second string is as much a value without a key, so no reading is the careful one.

#include "parse_support.hpp"

namespace laminate {
namespace {

TEST(ParseAdjacentStrings, InAMembersValueAreAmbiguous) {
    for (const char* text : {R"({"a": "abc" "def"})", "{'a': 'abc' 'def'}",
                             R"({"a": "abc"  "def", "b": 1})", R"({"a": "x" "y" "z"})",
                             "{\"a\": \"abc\" \"def\"\n}", R"([{"a": "abc" "def"}])"}) {
        SCOPED_TRACE(text);
        auto r = parse(text);
        ASSERT_FALSE(r) << r->value.dump();
        EXPECT_EQ(r.error().kind(), ErrorKind::AmbiguousRepair);
        EXPECT_EQ(r.error().path(), std::string_view(text)[0] == '[' ? "[0].a" : "a");
    }
    auto r = parse(R"({"a": "abc" "def"})");
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().offset(), 11u);
}

TEST(ParseAdjacentStrings, InAnArrayAreTwoValues) {
    test::expect_repair(R"(["a" "b"])", R"(["a", "b"])", RepairKind::MissingComma, 5);
}

TEST(ParseAdjacentStrings, OtherQuotesInAValueKeepTheirReadings) {
    // A string followed by a member: a missing comma.
    test::expect_repair(R"({"a": "abc" "def": 1})", R"({"a": "abc", "def": 1})",
                        RepairKind::MissingComma, 12);
    // Quoted phrases inside the text, glued to its words.
    test::expect_repair(R"({"d": "a "b" "c" d"})", R"({"d": "a \"b\" \"c\" d"})",
                        RepairKind::UnescapedQuote, 9);
    // Quotes with no space between them are text.
    test::expect_repair(R"({"a": "abc""def"})", R"({"a": "abc\"\"def"})",
                        RepairKind::UnescapedQuote, 10);
}

} // namespace
} // namespace laminate
