// Balanced {…} / […] spans in prose: strings and escapes respected, nesting, unbalanced ends.
#include "extract/extract_test_util.hpp"

using laminate::CandidateSource;
using laminate::extract;
using laminate::extract_candidates;
using laminate::test::describe;
using V = std::vector<std::string>;

TEST(ExtractBalanced, BracketsInsideStringsDoNotCount) {
    EXPECT_EQ(describe("The answer is {\"a\": \"x}y\"} as requested."),
              (V{"balanced:{\"a\": \"x}y\"}"}));
    EXPECT_EQ(describe("List: [\"]\", \"[\", \"{\"] end"), (V{"balanced:[\"]\", \"[\", \"{\"]"}));
}

TEST(ExtractBalanced, EscapedQuotesAndBackslashes) {
    const std::string text = R"(Data: {"a": "say \"}\" now", "b": "C:\\", "c": [1]} done)";
    EXPECT_EQ(describe(text), (V{R"(balanced:{"a": "say \"}\" now", "b": "C:\\", "c": [1]})"}));
    auto r = extract(text);
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(r->parsed.value["a"].as_string(), "say \"}\" now");
}

TEST(ExtractBalanced, SingleQuotedStrings) {
    EXPECT_EQ(describe("Python: {'a': 'x]y', 'b': ('c}', 1)} ok"),
              (V{"balanced:{'a': 'x]y', 'b': ('c}', 1)}"}));
    // An apostrophe inside a word is not a string opener.
    EXPECT_EQ(describe("Got {\"note\": it's fine} and more"), (V{"balanced:{\"note\": it's fine}"}));
}

TEST(ExtractBalanced, BothBracketTypesNestedOutermostOnly) {
    EXPECT_EQ(describe("list [1, [2, 3]] and obj {\"k\": {\"n\": [1]}} end"),
              (V{"balanced:[1, [2, 3]]", "balanced:{\"k\": {\"n\": [1]}}"}));
}

TEST(ExtractBalanced, StrayAndMismatchedClosers) {
    EXPECT_EQ(describe("oops ] } then {\"a\": 1}"), (V{"balanced:{\"a\": 1}"}));
    EXPECT_EQ(describe("x [1, 2]] and }"), (V{"balanced:[1, 2]"}));
    // A closer of the outer kind closes the inner opener too (the parser may repair it).
    EXPECT_EQ(describe("x {\"a\": [1, 2} y"), (V{"balanced:{\"a\": [1, 2}"}));
    // A closer with no opener of its kind inside a span is ignored.
    EXPECT_EQ(describe("x [1, }, 2] y"), (V{"balanced:[1, }, 2]"}));
}

TEST(ExtractBalanced, ProseBracketsAreNotCandidates) {
    EXPECT_TRUE(extract_candidates("[note] see [the docs and [x] {{name}} {see below}").empty());
    EXPECT_TRUE(extract_candidates("a set {a, b} and [TODO]").empty());
}

TEST(ExtractBalanced, JsonLikeOpeners) {
    EXPECT_EQ(describe("a {key: 1} b"), (V{"balanced:{key: 1}"}));
    EXPECT_EQ(describe("a [true, null] b"), (V{"balanced:[true, null]"}));
    EXPECT_EQ(describe("a [None] b"), (V{"balanced:[None]"}));
    EXPECT_EQ(describe("a [-1.5] b"), (V{"balanced:[-1.5]"}));
    EXPECT_EQ(describe("a [] b {} c"), (V{"balanced:[]", "balanced:{}"}));
    EXPECT_EQ(describe("a {\n  \"k\": 1\n} b"), (V{"balanced:{\n  \"k\": 1\n}"}));
    EXPECT_EQ(describe("a {\xE2\x80\x9Ck\xE2\x80\x9D: 1} b"),
              (V{"balanced:{\xE2\x80\x9Ck\xE2\x80\x9D: 1}"}));
}

TEST(ExtractBalanced, UnbalancedSpanAtTheEnd) {
    auto cs = extract_candidates("Result: {\"a\": [1, 2, \n  ");
    ASSERT_EQ(cs.size(), 1u);
    EXPECT_EQ(cs[0].source, CandidateSource::Balanced);
    EXPECT_FALSE(cs[0].closed);
    EXPECT_EQ(cs[0].text, "{\"a\": [1, 2,"); // trailing whitespace trimmed
    // The whole text that is a truncated payload is one candidate, unclosed.
    EXPECT_EQ(describe("{\"a\": [1"), (V{"whole(open):{\"a\": [1"}));
    // Closed spans inside an unclosed one are fragments of it, not candidates.
    EXPECT_EQ(describe("go {\"a\": {\"b\": 1}, \"c\": [\"d"),
              (V{"balanced(open):{\"a\": {\"b\": 1}, \"c\": [\"d"}));
}

TEST(ExtractBalanced, SpanEqualToTheWholeTextIsReportedOnce) {
    auto cs = extract_candidates("  {\"a\": 1}\n");
    ASSERT_EQ(cs.size(), 1u);
    EXPECT_EQ(cs[0].source, CandidateSource::Whole);
}

TEST(ExtractBalanced, WholeTextCandidateNeedsAPayloadStart) {
    EXPECT_EQ(describe("{\"a\": 1} and {\"b\": 2}"),
              (V{"whole:{\"a\": 1} and {\"b\": 2}", "balanced:{\"a\": 1}", "balanced:{\"b\": 2}"}));
    EXPECT_EQ(describe("42"), (V{"whole:42"}));
    EXPECT_EQ(describe("\"text\""), (V{"whole:\"text\""}));
    EXPECT_EQ(describe("\xEF\xBB\xBF[1]"), (V{"whole:[1]"}));
    EXPECT_TRUE(extract_candidates("Hello there").empty());
    EXPECT_TRUE(extract_candidates("   \n\t ").empty());
}
