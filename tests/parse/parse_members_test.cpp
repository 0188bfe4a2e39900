// What models write between and around an object's members: members straight inside an array,
// an array without a key after an array member, stray words between members, and unquoted text
// that runs over commas up to the next member.

#include "parse_support.hpp"

namespace laminate {
namespace {

using test::expect_repair;

// --- members inside an array ------------------------------------------------------------------

TEST(ParseMembersInArray, AMemberInAnArrayIsWrappedInAnObject) {
    auto ds = expect_repair(R"(["k": "v"])", R"([{"k": "v"}])", RepairKind::MembersInArray, 4);
    EXPECT_EQ(test::repairs_of(ds, RepairKind::MembersInArray)[0].path, "[0]");
    // The object's closer is missing too, and said so.
    EXPECT_TRUE(test::has_repair(ds, RepairKind::MissingCloser)) << test::describe(ds);
}

TEST(ParseMembersInArray, TheObjectsOwnCloserEndsIt) {
    auto ds = expect_repair(R"(["key":"value"}])", R"([{"key": "value"}])",
                            RepairKind::MembersInArray, 6);
    EXPECT_FALSE(test::has_repair(ds, RepairKind::MissingCloser)) << test::describe(ds);
    expect_repair(R"([ "key":"value"])", R"([{"key": "value"}])", RepairKind::MembersInArray, 7);
}

TEST(ParseMembersInArray, SeveralMembersMakeOneObject) {
    expect_repair(R"(["a": 1, "b": [2], "c": {"d": null}])",
                  R"([{"a": 1, "b": [2], "c": {"d": null}}])", RepairKind::MembersInArray, 4);
}

TEST(ParseMembersInArray, ALaterElementMayBeTheMemberAfterObjects) {
    auto ds = expect_repair(R"([{"a": 1}, "b": 2])", R"([{"a": 1}, {"b": 2}])",
                            RepairKind::MembersInArray, 14);
    EXPECT_EQ(test::repairs_of(ds, RepairKind::MembersInArray)[0].path, "[1]");
}

TEST(ParseMembersInArray, AMemberAfterElementsThatAreNoObjectsIsAnError) {
    // ["x", "a": 1]: a set or a dict that lost its braces around all of it as much as an object
    // around the last element.
    test::expect_error(R"(["x", "a": 1])", ErrorKind::AmbiguousRepair, 9);
    test::expect_error(R"([1, {"k": 2}, "a": 1])", ErrorKind::AmbiguousRepair, 17);
}

TEST(ParseMembersInArray, AColonInASetEndsTheStringAndIsAnError) {
    test::expect_error(R"({"a": {"x", "y": 1, "z"}})", ErrorKind::InvalidJson, 15);
}

TEST(ParseMembersInArray, SingleQuotedMembersToo) {
    expect_repair(R"(['k': 'v'])", R"([{"k": "v"}])", RepairKind::MembersInArray, 4);
}

TEST(ParseMembersInArray, AColonInsideTheTextIsText) {
    auto r = parse(R"(["time: 12:30", "a:b"])");
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(r->value, test::json(R"(["time: 12:30", "a:b"])"));
    EXPECT_TRUE(r->diagnostics.empty()) << test::describe(r->diagnostics);
}

TEST(ParseMissingCommas, AValueAndWordsOnOneLineAreNoTwoElements) {
    // A unit, or more of the text: not a value that lost its comma.
    for (const char* text : {R"({"a": [10 kg]})", R"([hello "world"])", R"(["a" b])",
                             R"(["Lorem","consectetur" comment],"b": 1})"})
        test::expect_error_kind(text, ErrorKind::InvalidJson);
    // Values that lost their commas, and one value a line.
    expect_repair(R"(["a" "b" 1 true])", R"(["a", "b", 1, true])", RepairKind::MissingComma, 5);
    expect_repair("[\n  a\n  b\n]", R"(["a", "b"])", RepairKind::MissingComma, 8);
    expect_repair("[\"x\"\n y]", R"(["x", "y"])", RepairKind::MissingComma, 6);
}

TEST(ParseMissingCommas, AQuoteGluedToAWordEndsNoString) {
    // Inch marks and quoted phrases: "3/4" valve, 12"pipe; text, not a value and another.
    auto ds = expect_repair(R"(["12" pipe", "3/4" valve"])", R"(["12\" pipe\", \"3/4\" valve"])",
                            RepairKind::UnescapedQuote, 4);
    EXPECT_FALSE(test::has_repair(ds, RepairKind::MissingComma)) << test::describe(ds);
}

TEST(ParseMembersInArray, RepeatedKeysAreSeveralLostRecordsAndAnError) {
    // One object would keep the last record and drop the others.
    test::expect_error(R"({"people": ["name": "A", "age": 1, "name": "B", "age": 2]})",
                       ErrorKind::AmbiguousRepair, 35);
    // An object with its braces repeats a key as before: the last value wins, a Warning.
    auto r = parse(R"([{"a": 1, "a": 2}])");
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(r->value, test::json(R"([{"a": 2}])"));
    ASSERT_EQ(r->diagnostics.size(), 1u);
    EXPECT_EQ(r->diagnostics[0].kind, DiagnosticKind::DuplicateKey);
}

TEST(ParseMembersInArray, NotAfterTextWhoseBracketsDoNotBalance) {
    // The quote before good_one ends no key: the text before it closed the array it is in.
    auto r = parse(R"({"bad_one": ["Lorem Ipsum","consectetur" comment"],"good_one": ["elit"]})");
    ASSERT_TRUE(r) << r.error();
    EXPECT_FALSE(test::has_repair(r->diagnostics, RepairKind::MembersInArray))
        << r->value.dump() << test::describe(r->diagnostics);
    EXPECT_NE(r->value.find("good_one"), nullptr) << r->value.dump();
}

TEST(ParseMembersInArray, AMemberWithoutAValueIsNoObject) {
    test::expect_error_kind(R"(["a": ])", ErrorKind::InvalidJson);
    test::expect_error_kind(R"(["a":])", ErrorKind::InvalidJson);
}

TEST(ParseMembersInArray, StrictModeRefuses) {
    auto r = parse(R"(["k": "v"])", test::strict());
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().kind(), ErrorKind::RepairNotAllowed);
}

// --- quoted strings without commas, unclosed strings --------------------------------------------

TEST(ParseMissingCommas, AChainOfStringsInAnArray) {
    auto ds = expect_repair(R"(["a" "b" "c" 1])", R"(["a", "b", "c", 1])",
                            RepairKind::MissingComma, 5);
    EXPECT_EQ(test::repairs_of(ds, RepairKind::MissingComma).size(), 3u) << test::describe(ds);
    expect_repair(R"({"key": ["value" "value1" "value2"]})",
                  R"({"key": ["value", "value1", "value2"]})", RepairKind::MissingComma, 17);
    // Quotes inside one string's text stay text.
    expect_repair(R"(["a "b" c"])", R"(["a \"b\" c"])", RepairKind::UnescapedQuote, 4);
}

TEST(ParseUnclosedMemberString, ACommaNoMemberFollowsIsText) {
    expect_repair(R"({"lorem_ipsum": "sic tamet, quick brown fox. })",
                  R"({"lorem_ipsum": "sic tamet, quick brown fox."})", RepairKind::MissingQuote,
                  45);
    expect_repair(R"({"a": "x, "b": 1})", R"({"a": "x", "b": 1})", RepairKind::MissingQuote, 8);
    // In an array every comma still ends an unclosed string.
    expect_repair(R"(["a, "b, "c])", R"(["a", "b", "c"])", RepairKind::MissingQuote, 3);
}

TEST(ParseClosingFence, AFenceAfterAnUnclosedStringIsNotItsText) {
    auto ds = expect_repair("{\"key\": \"value}```", R"({"key": "value"})",
                            RepairKind::MissingQuote, 14);
    EXPECT_TRUE(test::has_repair(ds, RepairKind::WrapperStripped)) << test::describe(ds);
    expect_repair("{\"key\": \"value, value2\"```\n", R"({"key": "value, value2"})",
                  RepairKind::WrapperStripped, 23, Risk::Warning, test::completing());
    expect_repair("{\"a\": 1, \"b\": \"some text```", R"({"a": 1, "b": "some text"})",
                  RepairKind::TruncatedCompleted, 14, Risk::Risky, test::completing());
    // A fence the text opened itself is the text's own.
    expect_repair("{\"code\": \"```py\\nx = 1\\n```", R"({"code": "```py\nx = 1\n```"})",
                  RepairKind::TruncatedCompleted, 9, Risk::Risky, test::completing());
}

// --- an array without a key -------------------------------------------------------------------

TEST(ParseJoinedArrays, AKeylessArrayContinuesTheMembersArray) {
    auto ds = expect_repair(R"({"a": [1, 2], [3, 4]})", R"({"a": [1, 2, 3, 4]})",
                            RepairKind::JoinedArrays, 14);
    EXPECT_EQ(test::repairs_of(ds, RepairKind::JoinedArrays)[0].path, "a");
}

TEST(ParseJoinedArrays, SeveralArraysAndMembersAfterThem) {
    auto ds = expect_repair(
        R"({ "key": ["arrayvalue"], ["arrayvalue1"], ["arrayvalue2"], "key3": "value3" })",
        R"({"key": ["arrayvalue", "arrayvalue1", "arrayvalue2"], "key3": "value3"})",
        RepairKind::JoinedArrays, 25);
    EXPECT_EQ(test::repairs_of(ds, RepairKind::JoinedArrays).size(), 2u);
}

TEST(ParseJoinedArrays, NestedArraysStayElements) {
    expect_repair(R"({ "key": [[1, 2, 3], "a", "b"], [[4, 5, 6], [7, 8, 9]] })",
                  R"({"key": [[1, 2, 3], "a", "b", [4, 5, 6], [7, 8, 9]]})",
                  RepairKind::JoinedArrays, 32);
}

TEST(ParseJoinedArrays, ScalarsAfterAnArrayHoldingArraysAreAnError) {
    // A row lost its opening bracket: joining would flatten the rows after it.
    test::expect_error_kind(
        R"({"rows": [["r1a", "r1b"], "r2a", "r2b"], ["r3a", "r3b"], ["r4a", "r4b"]]})",
        ErrorKind::AmbiguousRepair);
    test::expect_error_kind(R"({"m": [[1, 2]], [3, 4]})", ErrorKind::AmbiguousRepair);
}

TEST(ParseJoinedArrays, ArraysAfterAnArrayOfScalarsAreAnError) {
    // The reverse of the case above: [[3]] may be a member that lost its key as much as rows
    // for an array that holds none.
    test::expect_error_kind(R"({"a": [1, 2], [[3]]})", ErrorKind::AmbiguousRepair);
    test::expect_error_kind(R"({"a": ["x"], [["y", "z"]], "b": 1})", ErrorKind::AmbiguousRepair);
    // An empty array holds no shape to disagree with.
    expect_repair(R"({"a": [], [[3]]})", R"({"a": [[3]]})", RepairKind::JoinedArrays, 10);
}

TEST(ParseJoinedArrays, AnIndexGluedToAnArrayIsNoSecondArray) {
    test::expect_error_kind(R"({"a": [1, 2][0]})", ErrorKind::AmbiguousRepair);
    test::expect_error_kind(R"({"a": (1, 2, 3)[0]})", ErrorKind::AmbiguousRepair);
    test::expect_error_kind(R"({"a": [1,2][3,4]})", ErrorKind::AmbiguousRepair);
}

TEST(ParseJoinedArrays, WithoutACommaToo) {
    expect_repair(R"({"a": [1] [2]})", R"({"a": [1, 2]})", RepairKind::JoinedArrays, 10);
}

TEST(ParseJoinedArrays, OnlyAfterAnArrayMember) {
    test::expect_error_kind(R"({"a": 1, [3, 4]})", ErrorKind::AmbiguousRepair);
    test::expect_error_kind(R"({"a": {"b": 1}, [3, 4]})", ErrorKind::AmbiguousRepair);
    test::expect_error_kind(R"({[1, 2]})", ErrorKind::AmbiguousRepair);
}

TEST(ParseJoinedArrays, StrictModeRefuses) {
    auto r = parse(R"({"a": [1, 2], [3, 4]})", test::strict());
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().kind(), ErrorKind::RepairNotAllowed);
}

// --- stray words ------------------------------------------------------------------------------

TEST(ParseStrayText, WordsBeforeTheNextMemberAreDropped) {
    auto ds = expect_repair(R"({"a": 1, NOTE "b": 2})", R"({"a": 1, "b": 2})",
                            RepairKind::StrayText, 9);
    EXPECT_EQ(test::repairs_of(ds, RepairKind::StrayText)[0].path, "");
    expect_repair(R"({"value_1": true, COMMENT "value_2": "data"})",
                  R"({"value_1": true, "value_2": "data"})", RepairKind::StrayText, 18);
}

TEST(ParseStrayText, SeveralWords) {
    expect_repair(R"({"value_1": true, SHOULD_NOT_EXIST "value_2": "data"})",
                  R"({"value_1": true, "value_2": "data"})", RepairKind::StrayText, 18);
    expect_repair(R"({"a": 1, see the docs "b": 2})", R"({"a": 1, "b": 2})",
                  RepairKind::StrayText, 9);
}

TEST(ParseStrayText, WordsRightAfterAValueAreNotDropped) {
    // No comma: the words may be the value's own (a name, a unit). Neither "Bob" nor 8 is the
    // careful reading, and nor is a key made of the words: an error.
    for (const char* text : {R"({"name": "Bob" Smith})", R"({"n": 8 billion})",
                             R"({"height": 180 cm})", R"({"a": "x" AAAA })"})
        test::expect_error_kind(text, ErrorKind::InvalidJson);
}

TEST(ParseStrayText, InsideAnArrayOfObjects) {
    expect_repair(R"([{"key": "value", COMMENT "notes": "lorem "ipsum", sic." }])",
                  R"([{"key": "value", "notes": "lorem \"ipsum\", sic."}])", RepairKind::StrayText,
                  18);
}

TEST(ParseStrayText, AKeywordOrAKeyWithoutValueIsNotStray) {
    // A value where a member belongs, or a key that lost its value: not words to drop.
    test::expect_error_kind(R"({"b": "xxxxx" true})", ErrorKind::InvalidJson);
    test::expect_error_kind(R"({"a": 1, b})", ErrorKind::InvalidJson);
    test::expect_error_kind(R"({"a": 1, None "b": 2})", ErrorKind::InvalidJson);
}

TEST(ParseStrayText, StrictModeRefuses) {
    auto r = parse(R"({"a": 1, NOTE "b": 2})", test::strict());
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().kind(), ErrorKind::RepairNotAllowed);
}

// --- unquoted text up to the next member --------------------------------------------------------

TEST(ParseUnquotedMemberText, AQuotedKeyRightAfterTheTextNeedsASentenceOrALineToEnd) {
    // A quoted word with a colon inside unquoted text: a quotation as much as a member that lost
    // its comma.
    test::expect_error(R"({"msg": Click "OK": done, "n": 1})", ErrorKind::AmbiguousRepair, 14);
    test::expect_error(R"({"a": the "b": field, "c": 1})", ErrorKind::AmbiguousRepair, 10);
    // A sentence or a line ended: the next member starts there.
    expect_repair(R"({"a": sic tamet. "b": 1})", R"({"a": "sic tamet.", "b": 1})",
                  RepairKind::UnquotedString, 6);
    expect_repair("{\"a\": hello\n\"b\": 2}", R"({"a": "hello", "b": 2})",
                  RepairKind::MissingComma, 12);
    // One word, then a member whose value JSON wrote: a value that lost its comma.
    expect_repair(R"({"key":value "key2":"value2" })", R"({"key": "value", "key2": "value2"})",
                  RepairKind::UnquotedString, 7);
    test::expect_error(R"({"a": hello world "b": "x"})", ErrorKind::AmbiguousRepair, 18);
}

TEST(ParseUnquotedMemberText, CommasInsideTheTextAreText) {
    auto ds = expect_repair(R"({"note": fast shipping, great price., "stars": 5})",
                            R"({"note": "fast shipping, great price.", "stars": 5})",
                            RepairKind::UnquotedString, 9);
    expect_repair(R"({"lorem": ipsum, sic, datum.",})", R"({"lorem": "ipsum, sic, datum."})",
                  RepairKind::MissingQuote, 10);
    expect_repair(R"({"a": b, c})", R"({"a": "b, c"})", RepairKind::UnquotedString, 6);
}

TEST(ParseUnquotedMemberText, TheNextMembersQuoteEndsTheText) {
    auto ds = expect_repair(
        R"({"lorem": sic tamet. "ipsum": sic tamet, quick brown fox. "sic": ipsum})",
        R"({"lorem": "sic tamet.", "ipsum": "sic tamet, quick brown fox.", "sic": "ipsum"})",
        RepairKind::UnquotedString, 10);
    EXPECT_TRUE(test::has_repair(ds, RepairKind::MissingComma)) << test::describe(ds);
}

TEST(ParseUnquotedMemberText, TheNextMemberEndsTheText) {
    // Quoted or unquoted keys, a comment or the end of the line after the comma end the text.
    expect_repair(R"({a: hello, b: 1})", R"({"a": "hello", "b": 1})", RepairKind::UnquotedString,
                  4);
    expect_repair(R"({a: hello, 'b': 1})", R"({"a": "hello", "b": 1})",
                  RepairKind::UnquotedString, 4);
    expect_repair("{\"a\": foo, // c\n \"b\": 1}", R"({"a": "foo", "b": 1})",
                  RepairKind::UnquotedString, 6);
    expect_repair("{\"a\": foo,\n \"b\": 1}", R"({"a": "foo", "b": 1})",
                  RepairKind::UnquotedString, 6);
}

TEST(ParseUnquotedMemberText, TextGoesOnOverLinesNoMemberStarts) {
    const char* text = "{\n    a: Hi friends!,\n    b: hey world lets do something kinda cool\n"
                       "    so that we can test this out,\n    res: [hello,\n     world]\n  }";
    auto r = parse(text);
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(r->value, test::json(R"({"a": "Hi friends!",
        "b": "hey world lets do something kinda cool\n    so that we can test this out",
        "res": ["hello", "world"]})"));
    // A line that starts the next member, a closer or a quote ends the text.
    expect_repair("{a: one\n b: 2}", R"({"a": "one", "b": 2})", RepairKind::UnquotedString, 4);
    expect_repair("{\"a\": one\n}", R"({"a": "one"})", RepairKind::UnquotedString, 6);
    expect_repair("{\"a\": one\n\"b\": 2}", R"({"a": "one", "b": 2})",
                  RepairKind::UnquotedString, 6);
}

TEST(ParseUnquotedMemberText, QuotesInsideTheTextAreText) {
    const char* text = "{\"a\": true, \"b\": **First, Another**\n\nThen I quote \"like this\" "
                       "or this.\n\nA summary.\n  }";
    auto r = parse(text);
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(r->value, test::json(R"({"a": true,
        "b": "**First, Another**\n\nThen I quote \"like this\" or this.\n\nA summary."})"))
        << r->value.dump();
    // A quote that ends the text (abc") or opens the next member still does.
    expect_repair(R"({ "words": abcdef", "n": 1})", R"({"words": "abcdef", "n": 1})",
                  RepairKind::MissingQuote, 11);
}

TEST(ParseUnquotedMemberText, ValuesThatLostTheirOpeningQuote) {
    expect_repair(R"({ "words": abcdef", "numbers": 12345", "words2": ghijkl" })",
                  R"({"words": "abcdef", "numbers": 12345, "words2": "ghijkl"})",
                  RepairKind::StrayText, 36);
    expect_repair(R"([1", 2])", "[1, 2]", RepairKind::StrayText, 2);
}

TEST(ParseUnquotedMemberText, ManyLineBreaksReadInOnePass) {
    std::string text = "{\"a\": x";
    text.append(200000, '\n');
    text += "\"b\": 1}";
    auto r = parse(text);
    ASSERT_TRUE(r) << r.error();
}

TEST(ParseUnquotedMemberText, ArraysKeepTheirElements) {
    expect_repair(R"([fast shipping, great price])", R"(["fast shipping", "great price"])",
                  RepairKind::UnquotedString, 1);
}

// Every heuristic above looks a bounded distance ahead: text with a comma every few bytes and no
// member after any of them reads in one pass (cost linear in the input; here: it terminates and
// keeps every byte).
TEST(ParseUnquotedMemberText, ManyCommasReadInOnePass) {
    std::string text = "{\"a\": ";
    for (int i = 0; i < 20000; ++i)
        text += "x, ";
    text += "y}";
    auto r = parse(text);
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(r->value.find("a")->as_string().size(), 20000u * 3 + 1);
}

// --- cases a review found, pinned -------------------------------------------------------------

TEST(ParseReviewedReadings, UnquotedTextStopsAtAnyKeyAfterAComma) {
    expect_repair("{1: apple, 2: banana}", R"({"1": "apple", "2": "banana"})",
                  RepairKind::UnquotedString, 4);
    expect_repair("{full name: Bob Smith, home town: Paris}",
                  R"({"full name": "Bob Smith", "home town": "Paris"})", RepairKind::UnquotedString,
                  12);
    expect_repair(R"({"a": foo, @type: x})", R"({"a": "foo", "@type": "x"})",
                  RepairKind::UnquotedString, 6);
    expect_repair(R"({"a": foo, "b" 1})", R"({"a": "foo", "b": 1})", RepairKind::MissingColon, 15);
    expect_repair("{\n title: Hello\n Content Type: text\n}",
                  R"({"title": "Hello", "Content Type": "text"})", RepairKind::UnquotedString, 10);
    expect_repair(R"({"name": "Bob, "age" 30})", R"({"name": "Bob", "age": 30})",
                  RepairKind::MissingQuote, 13);
}

TEST(ParseReviewedReadings, AQuotedPhraseInUnquotedTextStaysWhole) {
    expect_repair(R"({"quote": She said "no", "n": 1})", R"({"quote": "She said \"no\"", "n": 1})",
                  RepairKind::UnquotedString, 10);
    expect_repair(R"({"a": say "hi"})", R"({"a": "say \"hi\""})", RepairKind::UnquotedString, 6);
}

TEST(ParseReviewedReadings, AnExpressionMustEndTheValue) {
    expect_repair(R"({"range": 1-5 days})", R"({"range": "1-5 days"})", RepairKind::UnquotedString,
                  10);
    expect_repair("[1-5 days]", R"(["1-5 days"])", RepairKind::UnquotedString, 1);
    expect_repair(R"({"time": 10-15 minutes, "x": 1})", R"({"time": "10-15 minutes", "x": 1})",
                  RepairKind::UnquotedString, 9);
}

TEST(ParseReviewedReadings, JoiningArraysOnlyWhereTheShapesAgree) {
    test::expect_error_kind(R"({"m": [[1, 2]], [3, 4]})", ErrorKind::AmbiguousRepair);
    test::expect_error_kind(R"({"coords": [[1,2],[3,4]], [5,6]]})", ErrorKind::AmbiguousRepair);
    // Each join copies the array it continues: past a handful the answer is an error, so that
    // the cost stays linear in the text.
    std::string text = R"({"a": [1])";
    for (int i = 0; i < 40; ++i)
        text += ", [2]";
    text += "}";
    test::expect_error_kind(text, ErrorKind::AmbiguousRepair);
}

TEST(ParseReviewedReadings, PythonConstantsAfterANonAsciiString) {
    expect_repair("['naïve // approach', None]", R"(["naïve // approach", null])",
                  RepairKind::SingleQuotes, 1);
}

TEST(ParseReviewedReadings, ManyCarefulStringsBeforeAClosingFence) {
    // Each string read the careful way looks for a fence in its text: once per parse, not once
    // per string (a hang guard: 20,000 such strings).
    std::string text = "[";
    for (int i = 0; i < 20000; ++i)
        text += R"('it\'s', )";
    text += "1]\n```";
    ParseOptions many;
    many.max_repairs = 1'000'000;
    auto r = parse(text, many);
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(r->value.size(), 20001u);
}

} // namespace
} // namespace laminate
