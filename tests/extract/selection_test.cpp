// Which candidate extract() picks: tiers, exact before repaired, largest span first, the accept
// filter, refusing guessed strings in prose. Parts use a scripted parser (select_payload) to
// pin the rule independently of the parser's repairs.
#include "extract/extract_test_util.hpp"
#include "extract/select.hpp"

#include <map>

using laminate::Candidate;
using laminate::CandidateSource;
using laminate::Diagnostic;
using laminate::DiagnosticKind;
using laminate::Error;
using laminate::ErrorKind;
using laminate::Parsed;
using laminate::ParseOptions;
using laminate::RepairKind;
using laminate::Result;
using laminate::Value;
using laminate::extract;
using laminate::extract_candidates;

namespace {

Diagnostic repair(RepairKind k, std::string path, std::size_t offset) {
    Diagnostic d;
    d.kind = DiagnosticKind::Repaired;
    d.repair = k;
    d.path = std::move(path);
    d.offset = offset;
    return d;
}

// Answers for given candidate texts: with repairs, the scripted result; exactly, a failure
// unless the text is strict JSON (then the real parser's answer).
struct ScriptedParser {
    std::map<std::string, Parsed, std::less<>> repaired;
    mutable std::vector<std::pair<std::string, bool>> calls; // text, repair

    Result<Parsed> operator()(std::string_view text, const ParseOptions& o) const {
        calls.emplace_back(std::string(text), o.repair);
        if (auto strict = laminate::parse(text, {.repair = false})) return strict;
        auto it = repaired.find(text);
        if (!o.repair || it == repaired.end())
            return Error(ErrorKind::InvalidJson, "scripted failure", 0);
        return it->second;
    }
};

Result<laminate::Extracted> select(std::string_view text, const ScriptedParser& p,
                                   const laminate::CandidateFilter& accept = {}) {
    const auto cs = extract_candidates(text);
    return laminate::extract_detail::select_payload(cs, {}, accept, std::cref(p));
}

} // namespace

TEST(ExtractSelection, StrayBracketsBeforeThePayload) {
    auto r = extract("[note] here is the JSON: {\"a\": 1}");
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(r->parsed.value.dump(), R"({"a":1})");
    // Even when the parser would read `[note]` as ["note"], it is never picked.
    ScriptedParser p;
    p.repaired["[note]"] = Parsed{Value::array({"note"}), {repair(RepairKind::UnquotedString, "[0]", 1)}};
    auto s = select("[note] here is the JSON: {\"a\": 1}", p);
    ASSERT_TRUE(s) << s.error();
    EXPECT_EQ(s->parsed.value.dump(), R"({"a":1})");
}

TEST(ExtractSelection, LargestSpanFirstAmongSpans) {
    auto r = extract("As shown in [1] and [2], the record is {\"id\": 7, \"tags\": [\"x\"]}.");
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(r->parsed.value.dump(), R"({"id":7,"tags":["x"]})");
}

TEST(ExtractSelection, FencesAndTagsBeatSpans) {
    auto r = extract("An example is {\"x\": 1, \"long\": \"example text\"}, but:\n```json\n{\"y\": 2}\n```");
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(r->parsed.value.dump(), R"({"y":2})");
}

TEST(ExtractSelection, WholeTextFirst) {
    auto r = extract("[1, 2, [3]]");
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(r->candidate.source, CandidateSource::Whole);
    EXPECT_EQ(r->parsed.value.dump(), "[1,2,[3]]");
}

TEST(ExtractSelection, AcceptFilterChoosesTheSecondCandidate) {
    const std::string text = "```json\n{\"a\": 1}\n```\n```json\n{\"b\": 2}\n```";
    auto first = extract(text);
    ASSERT_TRUE(first) << first.error();
    EXPECT_EQ(first->parsed.value.dump(), R"({"a":1})");
    auto r = extract(text, {}, {}, [](const Value& v) { return v.contains("b"); });
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(r->parsed.value.dump(), R"({"b":2})");
    EXPECT_EQ(r->candidate.offset, text.rfind('{'));
    // Nothing acceptable: no_payload, counted as rejected by the filter.
    auto none = extract(text, {}, {}, [](const Value& v) { return v.is_array(); });
    ASSERT_FALSE(none);
    EXPECT_EQ(none.error().kind(), ErrorKind::NoPayload);
    EXPECT_NE(none.error().message().find("2 rejected by the filter"), std::string::npos)
        << none.error().message();
}

TEST(ExtractSelection, ExactFenceBeatsAnEarlierRepairableOne) {
    const std::string text = "```json\n{a: 1}\n```\nFixed:\n```json\n{\"a\": 2}\n```";
    ScriptedParser p;
    p.repaired["{a: 1}"] = Parsed{Value::object({{"a", 1}}), {repair(RepairKind::UnquotedKey, "a", 1)}};
    auto r = select(text, p);
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(r->parsed.value.dump(), R"({"a":2})");
    // Repaired when nothing parses exactly.
    auto only = select("```json\n{a: 1}\n```", p);
    ASSERT_TRUE(only) << only.error();
    EXPECT_EQ(only->parsed.value.dump(), R"({"a":1})");
}

TEST(ExtractSelection, ExactFenceBeatsARepairableWholeText) {
    const std::string text = "{a: 1}\n```json\n{\"b\": 2}\n```";
    ScriptedParser p;
    p.repaired[text] = Parsed{Value::object({{"a", 1}}), {repair(RepairKind::UnquotedKey, "a", 1)}};
    auto r = select(text, p);
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(r->candidate.source, CandidateSource::Fence);
    // Repaired when nothing reads exactly.
    const std::string alone = "{a: 1}\n```\nnot json\n```";
    p.repaired[alone] = Parsed{Value::object({{"a", 1}}), {repair(RepairKind::UnquotedKey, "a", 1)}};
    auto w = select(alone, p);
    ASSERT_TRUE(w) << w.error();
    EXPECT_EQ(w->candidate.source, CandidateSource::Whole);
}

TEST(ExtractSelection, GuessedStringsRefusedInProse) {
    ScriptedParser p;
    p.repaired["{\"a\": hello}"] =
        Parsed{Value::object({{"a", "hello"}}), {repair(RepairKind::UnquotedString, "a", 6)}};
    // In prose: refused.
    auto prose = select("Here: {\"a\": hello} ok", p);
    ASSERT_FALSE(prose);
    EXPECT_NE(prose.error().message().find("1 needing guessed strings"), std::string::npos)
        << prose.error().message();
    // Inside a fence, a tag or as the whole text: kept (the guess is inside a structure).
    for (std::string text : {"```\n{\"a\": hello}\n```", "<json>{\"a\": hello}</json>", "{\"a\": hello}"}) {
        auto r = select(text, p);
        ASSERT_TRUE(r) << text << ": " << r.error();
        EXPECT_EQ(r->parsed.value.dump(), R"({"a":"hello"})");
    }
}

TEST(ExtractSelection, ASlashTokenMemberValueIsNoGuess) {
    // {route: /}: where the string ends is no guess (one token after a ':', starting with '/').
    ScriptedParser p;
    p.repaired["{route: /}"] =
        Parsed{Value::object({{"route", "/"}}), {repair(RepairKind::UnquotedString, "route", 8)}};
    p.repaired["{path: /api/v1 }"] =
        Parsed{Value::object({{"path", "/api/v1"}}), {repair(RepairKind::UnquotedString, "path", 7)}};
    for (std::string text : {"Here: {route: /} done", "see {path: /api/v1 } ok"}) {
        auto r = select(text, p);
        ASSERT_TRUE(r) << text << ": " << r.error();
        EXPECT_EQ(r->candidate.source, CandidateSource::Balanced);
    }
    // Words after the slash, or a slash that is no member's value: a guess, refused in prose.
    p.repaired["{note: / see below}"] = Parsed{Value::object({{"note", "/ see below"}}),
                                               {repair(RepairKind::UnquotedString, "note", 7)}};
    EXPECT_FALSE(select("Here: {note: / see below} ok", p));
    p.repaired["[/]"] = Parsed{Value::array({"/"}), {repair(RepairKind::UnquotedString, "[0]", 1)}};
    EXPECT_FALSE(select("options [/] here", p));
}

TEST(ExtractSelection, GuessedRootOrConcatenationRefusedEverywhere) {
    ScriptedParser p;
    p.repaired["Paris"] = Parsed{Value("Paris"), {repair(RepairKind::UnquotedString, "", 0)}};
    p.repaired["{\"a\": 1} let me know"] =
        Parsed{Value::array({Value::object({{"a", 1}}), "let me know"}),
               {repair(RepairKind::ConcatenatedPayloads, "", 9), repair(RepairKind::UnquotedString, "[1]", 9)}};
    EXPECT_FALSE(select("<answer>Paris</answer>", p));
    auto r = select("{\"a\": 1} let me know", p); // the whole text is refused, its span is not
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(r->candidate.source, CandidateSource::Balanced);
    EXPECT_EQ(r->parsed.value.dump(), R"({"a":1})");
}

TEST(ExtractSelection, ExactPassBeforeRepairedPassForFences) {
    ScriptedParser p;
    auto r = select("<tool_call>{\"a\": 1}</tool_call> <json>[2]</json>", p);
    ASSERT_TRUE(r);
    ASSERT_FALSE(p.calls.empty());
    EXPECT_FALSE(p.calls.front().second); // the first attempt allowed no repairs
}

TEST(ExtractSelection, NoRepairPassWhenTheCallerIsStrict) {
    ScriptedParser p;
    const auto cs = extract_candidates("```\n{a: 1}\n```");
    auto r = laminate::extract_detail::select_payload(cs, {.repair = false}, {}, std::cref(p));
    ASSERT_FALSE(r);
    for (auto& [text, repaired] : p.calls) EXPECT_FALSE(repaired) << text;
}

TEST(ExtractSelection, ErrorsNeverQuoteTheText) {
    const std::string secret = "sk-SECRET-42";
    for (std::string text : {"I cannot help with " + secret, "{\"key\": \"" + secret + "\" oops",
                             "```json\n{\"key\": " + secret + "}\n```", "[\"" + secret}) {
        auto r = extract(text, {.repair = false});
        ASSERT_FALSE(r) << text;
        EXPECT_EQ(r.error().kind(), ErrorKind::NoPayload);
        EXPECT_EQ(r.error().message().find("SECRET"), std::string::npos) << r.error().message();
        EXPECT_EQ(r.error().message().find("key"), std::string::npos) << r.error().message();
    }
}

TEST(ExtractSelection, TruncationIsExplained) {
    struct Truncating {
        Result<Parsed> operator()(std::string_view, const ParseOptions&) const {
            return Error(ErrorKind::ValueNotClosed, "value not closed", 5);
        }
    };
    const std::string text = "Sure: {\"a\": [1, 2";
    const auto cs = extract_candidates(text);
    auto r = laminate::extract_detail::select_payload(cs, {}, {}, Truncating{});
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().kind(), ErrorKind::NoPayload);
    EXPECT_NE(r.error().message().find("not closed"), std::string::npos);
    EXPECT_EQ(r.error().offset(), text.find('{'));
}
