// Unescaped quotes inside a string: a quote ends a member's value only when what follows fits
// (a comma and a plausible next member, the object's end); otherwise it is text, with an
// unescaped_quote Warning. Never a member made of the string's text.

#include "parse_support.hpp"

#include <string>

namespace laminate {
namespace {

using test::expect_repair;
using test::json;

// Parses `text` and expects `expected` and at least one unescaped_quote Warning.
void expect_text_quotes(std::string_view text, std::string_view expected) {
    SCOPED_TRACE(std::string("input: ") + std::string(text));
    auto r = parse(text);
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(r->value, json(expected)) << "got " << r->value.dump();
    const auto quotes = test::repairs_of(r->diagnostics, RepairKind::UnescapedQuote);
    ASSERT_FALSE(quotes.empty()) << test::describe(r->diagnostics);
    for (const auto& d : quotes) {
        EXPECT_EQ(d.risk, Risk::Warning);
        EXPECT_LT(d.offset, text.size());
        EXPECT_EQ(text[d.offset], '"');
    }
}

TEST(ParseUnescapedQuotes, QuotedWordsFollowedByCommaStayInTheString) {
    expect_text_quotes(R"({"summary": "The "quick", "lazy" fox", "n": 1})",
                       R"({"summary": "The \"quick\", \"lazy\" fox", "n": 1})");
}

TEST(ParseUnescapedQuotes, QuoteBeforeAColonInAValueIsText) {
    expect_text_quotes(R"({"v": "he said: "no": fine", "k": 1})",
                       R"({"v": "he said: \"no\": fine", "k": 1})");
}

TEST(ParseUnescapedQuotes, QuotedWordsSeparatedBySpacesStayInTheString) {
    expect_text_quotes(R"({"d": "a "b" "c" d"})", R"({"d": "a \"b\" \"c\" d"})");
}

TEST(ParseUnescapedQuotes, QuotesAtTheEndOfAValue) {
    expect_text_quotes(R"({"q": "say "hi""})", R"({"q": "say \"hi\""})");
    expect_text_quotes(R"({"q": "say "hi"", "n": 2})", R"({"q": "say \"hi\"", "n": 2})");
}

TEST(ParseUnescapedQuotes, OffsetsNameEachTextQuote) {
    const std::string text = R"({"summary": "The "quick", "lazy" fox", "n": 1})";
    auto r = parse(text);
    ASSERT_TRUE(r) << r.error();
    const auto quotes = test::repairs_of(r->diagnostics, RepairKind::UnescapedQuote);
    ASSERT_EQ(quotes.size(), 4u) << test::describe(r->diagnostics);
    EXPECT_EQ(quotes[0].offset, text.find("\"quick"));
    EXPECT_EQ(quotes[3].offset, text.find("\" fox"));
    for (const auto& d : quotes)
        EXPECT_EQ(d.path, "summary");
}

TEST(ParseUnescapedQuotes, RealMembersAfterAQuotedWordStillEndTheString) {
    // The comma is followed by a member ("b": ...), so the quote before it ends the value.
    auto r = parse(R"({"a": "x "y"", "b": 1})");
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(r->value, json(R"({"a": "x \"y\"", "b": 1})"));
    // A missing comma before a real member still reads as one.
    expect_repair("{\"a\": \"x\" \"b\": 1}", R"({"a": "x", "b": 1})", RepairKind::MissingComma, 10);
}

TEST(ParseUnescapedQuotes, NoMemberIsInventedFromStringText) {
    for (const char* text : {R"({"summary": "The "quick", "lazy" fox", "n": 1})",
                             R"({"v": "he said: "no": fine", "k": 1})",
                             R"({"d": "a "b" "c" d"})"}) {
        auto r = parse(text);
        ASSERT_TRUE(r) << text << ": " << r.error();
        for (const auto& m : r->value.members())
            EXPECT_TRUE(m.key() == "summary" || m.key() == "n" || m.key() == "v" ||
                        m.key() == "k" || m.key() == "d")
                << text << " invented " << m.key();
    }
}

TEST(ParseUnescapedQuotes, LookAheadIsBoundedSoManyQuotesStayLinear) {
    // Every quote is followed by a comma and a quoted word that is not a key: each one is
    // checked with a bounded look-ahead, never by rescanning the rest of the text.
    std::string text = "{\"a\": \"q\"q";
    for (int i = 0; i < 50000; ++i)
        text += "x\", \"";
    text += "end\"}";
    ParseOptions lots;
    lots.max_repairs = 1'000'000;
    auto r = parse(text, lots);
    ASSERT_TRUE(r) << r.error();
    ASSERT_TRUE(r->value.is_object());
    EXPECT_EQ(r->value.members().size(), 1u);
}

TEST(ParseUnescapedQuotes, StrictModeRefuses) {
    auto r = parse(R"({"d": "a "b" "c" d"})", test::strict());
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().kind(), ErrorKind::RepairNotAllowed);
}

TEST(ParseUnescapedQuotes, JsonQuotedInsideTheTextIsText) {
    // A judge quoting the answer it graded: the object's quotes are the text's own.
    expect_repair(
        R"({"x": "However, the provided user answer is {"blank_1": "music"}, which is not a plain string"})",
        R"({"x": "However, the provided user answer is {\"blank_1\": \"music\"}, which is not a plain string"})",
        RepairKind::UnescapedQuote, 45);
    expect_repair(R"({"x": "a, {"k": 1}, "y": 2})", R"({"x": "a, {\"k\": 1}", "y": 2})",
                  RepairKind::MissingQuote, 18);
    // A comma inside the quoted object is the object's: the string does not end before it.
    expect_repair(R"({"json": "{"a": 1, "b": 2}", "id": 5})",
                  R"({"json": "{\"a\": 1, \"b\": 2}", "id": 5})", RepairKind::UnescapedQuote, 11);
}

TEST(ParseUnescapedQuotes, CodeWithConcatenationInsideTheTextIsKept) {
    // After a quoted phrase of the text, a '+' is the code's, not a concatenation of ours.
    auto ds = expect_repair(R"({"code": "x = "a" + "b"", "lang": "py"})",
                            R"({"code": "x = \"a\" + \"b\"", "lang": "py"})",
                            RepairKind::UnescapedQuote, 14);
    EXPECT_FALSE(test::has_repair(ds, RepairKind::StringConcatenation)) << test::describe(ds);
    expect_repair(R"({"js": "var s = "a" + "b";"})", R"({"js": "var s = \"a\" + \"b\";"})",
                  RepairKind::UnescapedQuote, 16);
    // Between strings of the document, it is one.
    expect_repair(R"({"a": "x" + "y"})", R"({"a": "xy"})", RepairKind::StringConcatenation, 10);
}

TEST(ParseUnescapedQuotes, AnUnclosedStringKeepsItsQuotedPhrases) {
    // Re-read without its closing quote: the phrase's quotes are text, no key is made of them.
    expect_repair(R"({"key": "lorem ipsum ... "sic " tamet. ...})",
                  R"({"key": "lorem ipsum ... \"sic \" tamet. ..."})", RepairKind::MissingQuote,
                  42);
    // A lone quote still ends it, and what follows is judged as before.
    test::expect_error_kind(R"({"b": "xxxxx" true})", ErrorKind::InvalidJson);
}

} // namespace
} // namespace laminate
