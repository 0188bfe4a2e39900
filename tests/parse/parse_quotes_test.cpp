// Quoting repairs: single and typographic quotes, unquoted keys and strings, missing and
// misplaced quotes, raw control characters, string concatenation, regular expressions.

#include "parse_support.hpp"

namespace laminate {
namespace {

using test::completing;
using test::expect_repair;

TEST(ParseQuotes, SingleQuotes) {
    expect_repair("{'a':2}", R"({"a":2})", RepairKind::SingleQuotes, 1);
    expect_repair("{\"a\":'foo'}", R"({"a":"foo"})", RepairKind::SingleQuotes, 5);
    expect_repair("'Double \" quote'", R"("Double \" quote")", RepairKind::SingleQuotes, 0);
    expect_repair("{'text': 'it's fine'}", R"({"text":"it's fine"})", RepairKind::UnescapedQuote,
                  12);
    // A Python dict repr.
    auto ds = expect_repair("{'a': True, 'b': None, 'c': [1, 'x']}",
                            R"({"a":true,"b":null,"c":[1,"x"]})", RepairKind::SingleQuotes, 1);
    // A style the document uses throughout: one diagnostic per kind, with its count of sites.
    ASSERT_EQ(test::repairs_of(ds, RepairKind::SingleQuotes).size(), 1u);
    EXPECT_EQ(test::repairs_of(ds, RepairKind::SingleQuotes)[0].count, 4u);
    ASSERT_EQ(test::repairs_of(ds, RepairKind::PythonLiteral).size(), 1u);
    EXPECT_EQ(test::repairs_of(ds, RepairKind::PythonLiteral)[0].count, 2u);
}

TEST(ParseQuotes, TypographicQuotes) {
    expect_repair("{\xE2\x80\x9C"
                  "a\xE2\x80\x9D:\xE2\x80\x9C"
                  "b\xE2\x80\x9D}",
                  R"({"a":"b"})", RepairKind::SmartQuotes, 1);
    expect_repair("{\xE2\x80\x98"
                  "a\xE2\x80\x99:\xE2\x80\x98"
                  "b\xE2\x80\x99}",
                  R"({"a":"b"})", RepairKind::SmartQuotes, 1);
    expect_repair("{`a\xC2\xB4:`b\xC2\xB4}", R"({"a":"b"})", RepairKind::SmartQuotes, 1);
    expect_repair("`foo'", R"("foo")", RepairKind::SmartQuotes, 0);
    expect_repair("\xE2\x80\x9E"
                  "low\xE2\x80\x9C",
                  R"("low")", RepairKind::SmartQuotes, 0);
    expect_repair("\xC2\xAB"
                  "guillemets\xC2\xBB",
                  R"("guillemets")", RepairKind::SmartQuotes, 0);
    // Inside a string of another style they are text.
    expect_repair("'Rounded \xE2\x80\x9C quote'", "\"Rounded \xE2\x80\x9C quote\"",
                  RepairKind::SingleQuotes, 0);
    expect_repair("{pattern: '\xE2\x80\x99'}", "{\"pattern\": \"\xE2\x80\x99\"}",
                  RepairKind::SingleQuotes, 10);
    // A typographic apostrophe inside a typographic string.
    expect_repair("\xE2\x80\x98it\xE2\x80\x99s\xE2\x80\x99", "\"it\xE2\x80\x99s\"",
                  RepairKind::UnescapedQuote, 5);
}

TEST(ParseQuotes, UnquotedKeys) {
    expect_repair("{a:2}", R"({"a":2})", RepairKind::UnquotedKey, 1);
    expect_repair("{\n  a: 2\n}", R"({"a":2})", RepairKind::UnquotedKey, 4);
    expect_repair("{2: 2}", R"({"2":2})", RepairKind::UnquotedKey, 1);
    expect_repair("{true: 2}", R"({"true":2})", RepairKind::UnquotedKey, 1);
    expect_repair("{first name: 1}", R"({"first name":1})", RepairKind::UnquotedKey, 1);
    expect_repair("{$ref: 1, _id: 2}", R"({"$ref":1,"_id":2})", RepairKind::UnquotedKey, 10,
                  Risk::Warning, test::per_site());
}

TEST(ParseQuotes, UnquotedStrings) {
    expect_repair("abc", R"("abc")", RepairKind::UnquotedString, 0);
    expect_repair("hello   world", R"("hello   world")", RepairKind::UnquotedString, 0);
    expect_repair("{message: hello world\n}", R"({"message":"hello world"})",
                  RepairKind::UnquotedString, 10);
    expect_repair("[a,b]", R"(["a","b"])", RepairKind::UnquotedString, 3);
    expect_repair("{greeting: hello world!}", R"({"greeting":"hello world!"})",
                  RepairKind::UnquotedString, 11);
    expect_repair("[1,foo,4]", R"([1,"foo",4])", RepairKind::UnquotedString, 3);
    expect_repair("{\"k\": ES2020}", R"({"k":"ES2020"})", RepairKind::UnquotedString, 6);
    expect_repair("[\"This is C(2)\", This is F(3)]", R"x(["This is C(2)","This is F(3)"])x",
                  RepairKind::UnquotedString, 17);
    expect_repair("{\"color\": #ff0000}", R"({"color":"#ff0000"})", RepairKind::UnquotedString,
                  10);
}

TEST(ParseQuotes, UnquotedUrls) {
    expect_repair("https://www.bible.com/", R"("https://www.bible.com/")",
                  RepairKind::UnquotedString, 0);
    expect_repair("{url:https://www.bible.com/,\"id\":2}",
                  R"({"url":"https://www.bible.com/","id":2})", RepairKind::UnquotedString, 5);
    expect_repair("[https://x.org/a?b=1#c]", R"(["https://x.org/a?b=1#c"])",
                  RepairKind::UnquotedString, 1);
}

TEST(ParseQuotes, MissingClosingQuote) {
    // The input ends after a delimiter: the quote belonged before the first delimiter.
    expect_repair(R"(["hello, world])", R"(["hello","world"])", RepairKind::MissingQuote, 7);
    expect_repair(R"({"a":"b})", R"({"a":"b"})", RepairKind::MissingQuote, 7);
    expect_repair(R"({"time":"12:20})", R"({"time":"12:20"})", RepairKind::MissingQuote, 14);
    expect_repair(R"({"url":"https://www.bible.com/})", R"({"url":"https://www.bible.com/"})",
                  RepairKind::MissingQuote, 30);
    expect_repair("[\"abc]\n", R"(["abc"])", RepairKind::MissingQuote, 5);
    expect_repair("[\n[\n\"abc\n]\n]\n", R"([["abc"]])", RepairKind::MissingQuote, 8);
    // A quote right after a comma opens the next string.
    expect_repair(R"({"a":"b,"c":"d"})", R"({"a":"b","c":"d"})", RepairKind::MissingQuote, 7);
    expect_repair(R"({"a":"b,c,"d":"e"})", R"({"a":"b,c","d":"e"})", RepairKind::MissingQuote, 9);
    expect_repair("[\n\"abc,\n\"def\"\n]", R"(["abc","def"])", RepairKind::MissingQuote, 6);
    // No delimiter to stop at: the string was cut off by the end of the input (Risky).
    expect_repair("\"it's working", R"("it's working")", RepairKind::TruncatedCompleted, 0,
                  Risk::Risky, completing());
}

TEST(ParseQuotes, MissingOpeningQuote) {
    expect_repair("abc\"", R"("abc")", RepairKind::MissingQuote, 0);
    expect_repair("[a\",\"b\"]", R"(["a","b"])", RepairKind::MissingQuote, 1);
    expect_repair("{a\":\"foo\"}", R"({"a":"foo"})", RepairKind::MissingQuote, 1);
    expect_repair("{\"a\":foo\",\"b\":\"bar\"}", R"({"a":"foo","b":"bar"})",
                  RepairKind::MissingQuote, 5);
}

TEST(ParseQuotes, UnescapedQuotes) {
    expect_repair("\"The TV has a 24\" screen\"", R"("The TV has a 24\" screen")",
                  RepairKind::UnescapedQuote, 16);
    expect_repair(R"({"key": "apple "bee" carrot"})", R"({"key":"apple \"bee\" carrot"})",
                  RepairKind::UnescapedQuote, 15);
    expect_repair(R"x({ "height": "(5'3")" })x", R"x({"height":"(5'3\")"})x",
                  RepairKind::UnescapedQuote, 17);
    expect_repair(R"x("He is six feet (72") tall")x", R"x("He is six feet (72\") tall")x",
                  RepairKind::UnescapedQuote, 19);
    expect_repair(R"("the list [1, 2"] more")", R"("the list [1, 2\"] more")",
                  RepairKind::UnescapedQuote, 15);
    expect_repair(R"("The TV is 72"")", R"("The TV is 72\"")", RepairKind::UnescapedQuote, 13);
    // ... but a quote followed by what follows strings ends the string.
    auto r = parse(R"x(["foo)" 2])x");
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(r->value, test::json(R"x(["foo)", 2])x"));
}

TEST(ParseQuotes, ControlCharacters) {
    expect_repair("\"hello\nworld\"", R"("hello\nworld")", RepairKind::ControlCharacter, 6);
    expect_repair("\"hello\tworld\"", R"("hello\tworld")", RepairKind::ControlCharacter, 6);
    expect_repair("\"a\x01\x1f"
                  "b\"",
                  R"("a\u0001\u001fb")", RepairKind::ControlCharacter, 2);
    expect_repair("{\"key\nafter\": \"foo\"}", R"({"key\nafter":"foo"})",
                  RepairKind::ControlCharacter, 5);
    expect_repair("['line1\nline2']", R"(["line1\nline2"])", RepairKind::ControlCharacter, 7);
    expect_repair("\"first\\\nsecond\"", R"("first\nsecond")", RepairKind::InvalidEscape, 6);
}

TEST(ParseQuotes, StringConcatenation) {
    expect_repair(R"("hello" + " world")", R"("hello world")", RepairKind::StringConcatenation, 8);
    expect_repair("\"a\"+\"b\"+'c'", R"("abc")", RepairKind::StringConcatenation, 3);
    expect_repair("{\"greeting\": 'hello' +\n 'world'}", R"({"greeting":"helloworld"})",
                  RepairKind::StringConcatenation, 21);
    expect_repair(R"("hello" + /*comment*/ " world")", R"("hello world")",
                  RepairKind::StringConcatenation, 8);
    expect_repair(R"(["abc+/*comment*/"def"])", R"(["abcdef"])", RepairKind::StringConcatenation,
                  5);
    expect_repair(R"(["hello +])", R"(["hello"])", RepairKind::MissingQuote, 8);
    // Long chains stay linear.
    std::string chain = "\"x\"";
    for (int i = 0; i < 20000; ++i)
        chain += " + \"x\"";
    auto r = parse(chain);
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(r->value.as_string(), std::string(20001, 'x'));
}

TEST(ParseQuotes, RegularExpressions) {
    expect_repair("{regex: /standalone-styles.css/}", R"({"regex":"/standalone-styles.css/"})",
                  RepairKind::UnquotedString, 8);
    expect_repair("/[a-z]_/gi", R"("/[a-z]_/gi")", RepairKind::UnquotedString, 0);
    expect_repair(R"(/\//)", R"("/\\//")", RepairKind::UnquotedString, 0);
    expect_repair(R"x(/foo"; console.log(-1); "/)x", R"x("/foo\"; console.log(-1); \"/")x",
                  RepairKind::UnquotedString, 0);
}

TEST(ParseQuotes, ASlashThatStartsNoRegexIsText) {
    // No closing '/' on the line, or text after the flags: unquoted text like other punctuation.
    auto ds = expect_repair("{route: /}", R"({"route":"/"})", RepairKind::UnquotedString, 8);
    EXPECT_EQ(test::repairs_of(ds, RepairKind::UnquotedString)[0].path, "route");
    expect_repair(R"({"route": /})", R"({"route":"/"})", RepairKind::UnquotedString, 10);
    expect_repair(R"({"a": /, "b": 1})", R"({"a":"/","b":1})", RepairKind::UnquotedString, 6);
    expect_repair("[/, 2]", R"(["/", 2])", RepairKind::UnquotedString, 1);
    expect_repair("{path: /api/v1}", R"({"path":"/api/v1"})", RepairKind::UnquotedString, 7);
    expect_repair("{path: /api/v1/users, n: 2}", R"({"path":"/api/v1/users","n":2})",
                  RepairKind::UnquotedString, 7);
    // A regex literal is still one, flags and all; a comment is still a comment.
    expect_repair("{re: /a+/g, n: 2}", R"({"re":"/a+/g","n":2})", RepairKind::UnquotedString, 5);
    expect_repair("{route: / // the root\n}", R"({"route":"/"})", RepairKind::Comment, 10);
}

TEST(ParseQuotes, EscapedQuotesAroundStrings) {
    // The quotes themselves were escaped once too often (a document pasted out of a string).
    expect_repair(R"(\"hello world\")", R"("hello world")", RepairKind::DoubleEncoded, 0);
    expect_repair(R"({\"stringified\": \"hello \\"world\\"\"})",
                  R"({"stringified":"hello \"world\""})", RepairKind::DoubleEncoded, 1);
    expect_repair(R"([\"a\\nb\"])", R"(["a\nb"])", RepairKind::DoubleEncoded, 1);
}

TEST(ParseQuotes, StringContentIsLeftAlone) {
    for (const char* text :
         {R"("{a:b}")", R"("/* foo */")", R"("[1,2,3,]")", R"("'single' and “smart”")"}) {
        auto r = parse(text);
        ASSERT_TRUE(r) << r.error();
        EXPECT_TRUE(r->diagnostics.empty()) << text << test::describe(r->diagnostics);
        EXPECT_EQ(r->value, test::json(text));
    }
}

} // namespace
} // namespace laminate
