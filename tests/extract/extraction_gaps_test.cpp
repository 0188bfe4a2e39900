// Payloads the parser reads that extraction used to miss: a number as a key ({5: "b"}), a '/'
// value ({route: /}) or a number with thousands separators ({"x": -2,000.00}) in prose; several
// objects in prose for an array target are all taken (Warning), not the first one alone.
#include <laminate/laminate.hpp>

#include <gtest/gtest.h>

#include <map>
#include <string>
#include <vector>

namespace {

using namespace laminate;

TEST(ExtractionGaps, NumberKeyInProse) {
    ASSERT_TRUE(parse(R"({5: "b"})")); // the parser reads it: extraction must find it
    auto e = extract(R"(Here it is: {5: "b"} as asked.)");
    ASSERT_TRUE(e) << e.error();
    EXPECT_EQ(e->candidate.source, CandidateSource::Balanced);
    EXPECT_EQ(e->parsed.value.dump(), R"({"5":"b"})");
    auto two = extract(R"(map: {1: "low", 2: "mid"} ok)");
    ASSERT_TRUE(two) << two.error();
    EXPECT_EQ(two->parsed.value.size(), 2u);
    // Prose in braces is still prose.
    EXPECT_FALSE(extract("see {5 apples} and {1 more}"));
}

TEST(ExtractionGaps, AnObjectWhoseQuotesAreEscapedOnce) {
    // {\"key\": \"value\"}: JSON copied out of a string literal; the parser removes the escapes.
    for (const char* text : {R"({\"key\": \"value\"})", R"(The body: {\"key\": \"value\"} ok)"}) {
        auto e = extract(text);
        ASSERT_TRUE(e) << text << ": " << e.error();
        EXPECT_EQ(e->parsed.value.dump(), R"({"key":"value"})") << text;
    }
}

TEST(ExtractionGaps, CandidatesTheParserMayReadAreOffered) {
    // {route: /} and {"x": -2,000.00} are candidates; whether they parse is the parser's call.
    for (const char* text : {"use {route: /} here", R"(got {"x": -2,000.00} back)"}) {
        auto candidates = extract_candidates(text);
        ASSERT_EQ(candidates.size(), 1u) << text;
        EXPECT_EQ(candidates[0].source, CandidateSource::Balanced) << text;
        auto parsed = parse(candidates[0].text);
        auto e = extract(text);
        EXPECT_EQ(static_cast<bool>(parsed), static_cast<bool>(e)) << text;
    }
}

TEST(ExtractionGaps, ASlashValueAndAGroupedNumberInProse) {
    // The parser reads both (a '/' that starts no regex is text; thousands separators in a
    // member's value): extraction finds them in prose, offsets counted in the whole text.
    const std::string route = "Here: {route: /} done";
    auto r = extract(route);
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(r->candidate.source, CandidateSource::Balanced);
    EXPECT_EQ(r->parsed.value.dump(), R"({"route":"/"})");
    ASSERT_FALSE(r->parsed.diagnostics.empty());
    bool unquoted = false;
    for (const Diagnostic& d : r->parsed.diagnostics)
        unquoted = unquoted || (d.repair == RepairKind::UnquotedString && d.offset == route.find("/}"));
    EXPECT_TRUE(unquoted);

    const std::string amount = R"(The balance is {"x": -2,000.00} as of today.)";
    auto n = extract(amount);
    ASSERT_TRUE(n) << n.error();
    EXPECT_EQ(n->candidate.source, CandidateSource::Balanced);
    EXPECT_EQ(n->parsed.value["x"].as_double(), -2000.0);
    bool grouped = false;
    for (const Diagnostic& d : n->parsed.diagnostics)
        grouped = grouped || (d.repair == RepairKind::InvalidNumber && d.offset == amount.find("-2,"));
    EXPECT_TRUE(grouped);

    auto both = extract("got {path: /api/v1, total: 1,250} back");
    ASSERT_TRUE(both) << both.error();
    EXPECT_EQ(both->parsed.value.dump(), R"({"path":"/api/v1","total":1250})");
}

struct Point {
    int a;
};

TEST(ExtractionGaps, SeveralObjectsInProseForAnArrayTarget) {
    const char* text = R"(The first is {"a": 1} and then {"a": 2}, finally {"a": 3}.)";
    auto typed = from_llm_response<std::vector<Point>>(text);
    ASSERT_TRUE(typed) << typed.error();
    ASSERT_EQ(typed->value.size(), 3u);
    EXPECT_EQ(typed->value[2].a, 3);
    EXPECT_EQ(max_risk(typed->diagnostics), Risk::Warning);
    bool noted = false;
    for (const Diagnostic& d : typed->diagnostics)
        noted = noted || (d.repair == RepairKind::ConcatenatedPayloads && d.risk == Risk::Warning);
    EXPECT_TRUE(noted);

    auto schema = Schema::compile_json(R"({"type":"array","items":{"type":"object","properties":{"a":{"type":"integer"}}}})");
    ASSERT_TRUE(schema) << schema.error();
    auto shaped = schema->from_llm_response(text);
    ASSERT_TRUE(shaped) << shaped.error();
    EXPECT_EQ(shaped->value.dump(), R"([{"a":1},{"a":2},{"a":3}])");

    // A real array in the text is the payload; one object alone is still wrapped as before.
    auto real = schema->from_llm_response(R"(Maybe {"a": 9}; the list: [{"a": 1}, {"a": 2}])");
    ASSERT_TRUE(real) << real.error();
    EXPECT_EQ(real->value.dump(), R"([{"a":1},{"a":2}])");
    auto one = schema->from_llm_response(R"(Only {"a": 1}.)");
    ASSERT_TRUE(one) << one.error();
    EXPECT_EQ(one->value.dump(), R"([{"a":1}])");
    // An object target still takes the first object that fits.
    auto single = from_llm_response<Point>(text);
    ASSERT_TRUE(single) << single.error();
    EXPECT_EQ(single->value.a, 1);
}

} // namespace

namespace {

// Map keys are strings: a number written as a key is read as its text, into a typed map and a
// schema's additionalProperties alike.
TEST(ExtractionGaps, NumberKeysBecomeStringKeysOfAMap) {
    auto typed = laminate::from_llm_response<std::map<std::string, std::string>>(R"(Sure: {5: "b", 6: "c"})");
    ASSERT_TRUE(typed) << typed.error();
    EXPECT_EQ(typed->value.at("5"), "b");
    EXPECT_EQ(typed->value.at("6"), "c");
    auto schema = laminate::Schema::compile_json(R"({"type":"object","additionalProperties":{"type":"string"}})");
    ASSERT_TRUE(schema) << schema.error();
    auto shaped = schema->from_llm_response(R"(Sure: {5: "b"})");
    ASSERT_TRUE(shaped) << shaped.error();
    EXPECT_EQ(shaped->value.dump(), R"({"5":"b"})");
}

TEST(ExtractionGaps, AWholeAnswerThatIsAPythonTuple) {
    // The parser reads a Python tuple as an array (python_tuple): an answer that is one is found
    // as `repair` reads it; parentheses in prose, or around words, stay prose.
    struct Case {
        const char* text;
        const char* value;
    };
    for (const Case& c : {Case{R"(("a", "b", "c"))", R"(["a","b","c"])"},
                          Case{"  ((1, 2), (3, 4))\n", "[[1,2],[3,4]]"}, Case{"(1)", "1"},
                          Case{R"(("x"))", R"("x")"}}) {
        auto e = extract(c.text);
        ASSERT_TRUE(e) << c.text << ": " << e.error();
        EXPECT_EQ(e->candidate.source, CandidateSource::Whole) << c.text;
        EXPECT_EQ(e->parsed.value.dump(), c.value) << c.text;
        ASSERT_FALSE(e->parsed.diagnostics.empty()) << c.text;
        EXPECT_EQ(e->parsed.diagnostics[0].repair, RepairKind::PythonTuple) << c.text;
    }
    for (const char* prose : {"(see above)", "(1) First step", "The pair is (1, 2).", "(a, b)"})
        EXPECT_FALSE(extract(prose)) << prose;
    ParseOptions strict;
    strict.repair = false;
    EXPECT_FALSE(extract(R"(("a", "b"))", strict));
}

TEST(ExtractionGaps, AnAnswerCutRightAfterItsOpener) {
    // `{`, `[` or `[-` and nothing else: a truncated payload, completed only when asked for
    // (Risky), else an error that says it is not closed, not "no payload".
    ParseOptions complete;
    complete.complete_truncated = true;
    for (const char* text : {"{", " [\n", "[-", "[- "}) {
        auto e = extract(text, complete);
        ASSERT_TRUE(e) << text << ": " << e.error();
        EXPECT_EQ(e->parsed.value.dump(), text[0] == '{' ? "{}" : "[]") << text;
        bool risky = false;
        for (const Diagnostic& d : e->parsed.diagnostics) risky = risky || d.risk == Risk::Risky;
        EXPECT_TRUE(risky) << text;
        auto plain = extract(text);
        ASSERT_FALSE(plain) << text;
        EXPECT_NE(plain.error().message().find("not closed"), std::string::npos) << text;
    }
    for (const char* prose : {"{:}", "[see below", "{ note"}) EXPECT_FALSE(extract(prose, complete)) << prose;
}

} // namespace
