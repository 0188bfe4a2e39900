// Several payloads of equal standing in one answer (two fences, two tags, two objects in prose):
// extract() still picks one by its ranking, but never silently. The reading it returns carries
// an other_candidates Warning that counts the candidates passed over. Answers with one payload
// (a fence and prose around it, reasoning then the answer, the same payload written twice) stay
// quiet. A payload in the prose beside a fence or tag: rivals_across_kinds_test.cpp.

#include "extract_test_util.hpp"

#include <laminate/extract.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

namespace laminate {
namespace {

using test::other_candidates;
using test::expect_quiet;

TEST(ExtractSeveralPayloads, TwoFencesTakeTheFirstAndSaySo) {
    const std::string text = "Plan A:\n```json\n{\"plan\": \"bus\"}\n```\nPlan B:\n```json\n{\"plan\": \"train\"}\n```\n";
    auto r = extract(text);
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(r->parsed.value.dump(), R"({"plan":"bus"})");
    const Diagnostic* d = other_candidates(*r);
    ASSERT_NE(d, nullptr);
    EXPECT_EQ(d->risk, Risk::Warning);
    EXPECT_EQ(d->kind, DiagnosticKind::Repaired);
    EXPECT_EQ(d->offset, text.rfind("{\"plan\""));
    EXPECT_NE(d->message.find("1 other candidate"), std::string::npos) << d->message;
    EXPECT_NE(d->message.find("first"), std::string::npos) << d->message;
    // Never the text itself.
    EXPECT_EQ(d->message.find("train"), std::string::npos);
    EXPECT_EQ(repair_name(d->repair), "other_candidates");
}

TEST(ExtractSeveralPayloads, CountsEveryOtherTagAndFence) {
    const std::string text = "<answer>[1, 2]</answer> or maybe <answer>[3]</answer>\n```\n{\"n\": 4}\n```";
    auto r = extract(text);
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(r->parsed.value.dump(), "[1,2]");
    const Diagnostic* d = other_candidates(*r);
    ASSERT_NE(d, nullptr);
    EXPECT_NE(d->message.find("2 other candidates"), std::string::npos) << d->message;
    EXPECT_EQ(d->offset, text.find("[3]"));
}

TEST(ExtractSeveralPayloads, AnObjectAndAnArrayInFencesAreRivals) {
    auto r = extract("```json\n{\"id\": 9}\n```\nand\n```json\n[\"x\", \"y\"]\n```");
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(r->parsed.value.dump(), R"({"id":9})");
    EXPECT_NE(other_candidates(*r), nullptr);
}

TEST(ExtractSeveralPayloads, ARepairedFenceBesideAnExactOneIsCounted) {
    // The exact one wins (an exact reading beats a repaired one), and the other is mentioned.
    auto r = extract("```json\n{size: 'L'}\n```\nSorry, valid JSON:\n```json\n{\"size\": \"XL\"}\n```");
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(r->parsed.value.dump(), R"({"size":"XL"})");
    const Diagnostic* d = other_candidates(*r);
    ASSERT_NE(d, nullptr);
    EXPECT_NE(d->message.find("reads exactly"), std::string::npos) << d->message;
}

TEST(ExtractSeveralPayloads, TwoObjectsInProseTakeTheLargestAndSaySo) {
    const std::string text = "It is either {\"qty\": 7} or {\"qty\": 1200}, I am not sure.";
    auto r = extract(text);
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(r->parsed.value.dump(), R"({"qty":1200})");
    const Diagnostic* d = other_candidates(*r);
    ASSERT_NE(d, nullptr);
    EXPECT_EQ(d->risk, Risk::Warning);
    EXPECT_NE(d->message.find("largest"), std::string::npos) << d->message;
    EXPECT_EQ(d->offset, text.find('{'));
}

TEST(ExtractSeveralPayloads, ObjectsSideBySideInProse) {
    auto r = extract("output => {\"k\": \"v1\"}{\"k\": \"v2\"} <= end");
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(r->parsed.value.dump(), R"({"k":"v1"})");
    EXPECT_NE(other_candidates(*r), nullptr);
}

TEST(ExtractSeveralPayloads, AnArrayBesideAnObjectInProse) {
    // Fences written inline are no fences: two spans, the larger one taken.
    auto r = extract("values ``` {\"unit\": \"m\"} ``` then ``` [4, 5, 6, None] ``` end");
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(r->parsed.value.dump(), "[4,5,6,null]");
    EXPECT_NE(other_candidates(*r), nullptr);
}

TEST(ExtractSeveralPayloads, RepairedRivalsInProseCount) {
    auto r = extract("first try {'mode': 'fast'}, second try {'mode': 'slow'} - pick one");
    ASSERT_TRUE(r) << r.error();
    EXPECT_NE(other_candidates(*r), nullptr);
}

TEST(ExtractSeveralPayloads, OnePayloadStaysQuiet) {
    expect_quiet("Here it is:\n```json\n{\"ok\": true}\n```\nLet me know.", R"({"ok":true})");
    expect_quiet("The record is {\"ok\": true} as requested.", R"({"ok":true})");
    expect_quiet("{\"note\": \"see ```json {\\\"x\\\": 1}``` above\"}", R"({"note":"see ```json {\"x\": 1}``` above"})");
    // Reasoning is not a rival.
    expect_quiet("<think>\nmaybe {\"ok\": false}\n</think>\nFinal: {\"ok\": true}", R"({"ok":true})");
    // A fence inside a tag is the same payload.
    expect_quiet("<answer>\n```json\n{\"ok\": true}\n```\n</answer>", R"({"ok":true})");
    // The same payload written twice is one payload.
    expect_quiet("```json\n{\"ok\": true}\n```\nAgain:\n```json\n{\"ok\":  true}\n```", R"({"ok":true})");
}

TEST(ExtractSeveralPayloads, LowerStandingCandidatesAreNoRivals) {
    // (An object in the prose next to a fenced payload is a rival: rivals_across_kinds_test.cpp.)
    // A citation [4] beside an object in prose.
    expect_quiet("As in [4], the result is {\"score\": 0.5}.", R"({"score":0.5})");
    // A fenced block that is code, not JSON.
    expect_quiet("```python\nprint('hi')\n```\n```json\n{\"lang\": \"py\"}\n```", R"({"lang":"py"})");
}

TEST(ExtractSeveralPayloads, SmallPayloadsInProseBesideAnotherAreRivals) {
    // A one-element array or an empty container is a possible answer when the payload taken is
    // in prose too: a correction, "nothing found" beside an example. Never passed over quietly.
    for (const char* text : {"Use [\"red\", \"green\"]. Actually only [\"blue\"].", "Wrong: [1, 2]. Right: [3]",
                             "Matches: []. The expected format was {\"id\": 1, \"name\": \"x\"}.",
                             "Answer: {}. For reference, the schema example is {\"city\": \"Paris\"}."}) {
        auto r = extract(text);
        ASSERT_TRUE(r) << r.error();
        const Diagnostic* d = other_candidates(*r);
        ASSERT_NE(d, nullptr) << text;
        EXPECT_EQ(d->risk, Risk::Warning);
    }
}

TEST(ExtractSeveralPayloads, WithAFilterOnlyCandidatesThatFitCount) {
    const std::string text = "```json\n{\"t\": 1}\n```\n```json\n{\"u\": 2}\n```\n```json\n{\"u\": 3}\n```";
    auto wants_u = [](const Value& v) { return v.contains("u"); };
    auto r = extract(text, {}, {}, wants_u);
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(r->parsed.value.dump(), R"({"u":2})");
    const Diagnostic* d = other_candidates(*r);
    ASSERT_NE(d, nullptr);
    EXPECT_NE(d->message.find("1 other candidate that also fit"), std::string::npos) << d->message;
    EXPECT_EQ(d->offset, text.rfind('{'));
    // Only one fits: the one that fits wins, quietly.
    auto wants_t = [](const Value& v) { return v.contains("t"); };
    auto t = extract(text, {}, {}, wants_t);
    ASSERT_TRUE(t) << t.error();
    EXPECT_EQ(t->parsed.value.dump(), R"({"t":1})");
    EXPECT_EQ(other_candidates(*t), nullptr);
}

TEST(ExtractSeveralPayloads, TheFilterLastAcceptsTheWinner) {
    // Callers keep the state of the last candidate their filter accepted (shaping does).
    std::string last;
    auto keep = [&](const Value& v) {
        last = v.dump();
        return true;
    };
    auto r = extract("<json>{\"a\": 1}</json> <json>{\"a\": 2}</json> <json>{\"a\": 3}</json>", {}, {}, keep);
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(r->parsed.value.dump(), R"({"a":1})");
    EXPECT_EQ(last, R"({"a":1})");
    EXPECT_NE(other_candidates(*r), nullptr);
}

} // namespace
} // namespace laminate
