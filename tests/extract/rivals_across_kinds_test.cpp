// A payload in the prose beside a fenced or tagged one: the fence or tag still wins (it ranks
// first), but a different payload in the prose is counted in the other_candidates Warning, as a
// second fence would be. Before, such answers were read silently (the example fence taken over
// the result after it, the first fence over the correction that follows it). The same value
// written twice, fragments of a sentence ({x}, [1], [note]) and candidates the filter refuses
// stay quiet.

#include "extract_test_util.hpp"

#include <laminate/extract.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

namespace laminate {
namespace {

using test::other_candidates;
using test::expect_quiet;

// The reading of `text` is `expected` and carries an other_candidates Warning counting
// `others` (the message names the count) at `offset`.
void expect_warned(const std::string& text, const std::string& expected, const std::string& count,
                   std::size_t offset, const ParseOptions& po = {}) {
    SCOPED_TRACE(text);
    auto r = extract(text, po);
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(r->parsed.value.dump(), expected);
    const Diagnostic* d = other_candidates(*r);
    ASSERT_NE(d, nullptr);
    EXPECT_EQ(d->risk, Risk::Warning);
    EXPECT_EQ(d->kind, DiagnosticKind::Repaired);
    EXPECT_EQ(d->offset, offset);
    EXPECT_EQ(d->message.rfind(count, 0), 0u) << d->message;
}

TEST(ExtractRivalsAcrossKinds, AnExampleFenceBeforeTheResultInProse) {
    const std::string text = "Example format:\n```json\n{\"name\": \"string\", \"age\": 0}\n```\n\n"
                             "Here is the result: {\"name\": \"Bob\", \"age\": 3}";
    expect_warned(text, R"({"name":"string","age":0})", "1 other candidate found in the prose",
                  text.rfind('{'));
    auto r = extract(text);
    ASSERT_TRUE(r);
    const Diagnostic* d = other_candidates(*r);
    ASSERT_NE(d, nullptr);
    EXPECT_NE(d->message.find("fence or tag was taken"), std::string::npos) << d->message;
    // Never the text itself.
    EXPECT_EQ(d->message.find("Bob"), std::string::npos);
    EXPECT_EQ(d->message.find("name"), std::string::npos);
}

TEST(ExtractRivalsAcrossKinds, ACorrectionInProseAfterTheFence) {
    // The text says the prose corrects the fence; intent is not read: the fence still ranks
    // first, and the reading says another payload was passed over.
    const std::string text =
        "```json\n{\"a\": 1}\n```\n\nWait, that is wrong. The correct answer is {\"a\": 2, \"fixed\": true}";
    expect_warned(text, R"({"a":1})", "1 other candidate", text.rfind('{'));
}

TEST(ExtractRivalsAcrossKinds, AnObjectInProseBeforeTheFence) {
    const std::string text = "{\"a\": 1}\n```json\n{\"a\": 2}\n```";
    expect_warned(text, R"({"a":2})", "1 other candidate", 0);
    const std::string unlike = "Unlike {\"v\": 1, \"old\": true} this one is right:\n```json\n{\"v\": 2}\n```";
    expect_warned(unlike, R"({"v":2})", "1 other candidate", unlike.find('{'));
}

TEST(ExtractRivalsAcrossKinds, ATagAndProse) {
    const std::string text = "<json>{\"a\": 1}</json> but maybe [1, 2, 3]";
    expect_warned(text, R"({"a":1})", "1 other candidate", text.find('['));
}

TEST(ExtractRivalsAcrossKinds, FencesAndProseAreCountedTogether) {
    const std::string text = "Either {\"p\": 0} or\n```json\n{\"p\": 1}\n```\nor\n```json\n{\"p\": 2}\n```";
    expect_warned(text, R"({"p":1})", "2 other candidates found in fences, tags and the prose",
                  text.find('{'));
}

TEST(ExtractRivalsAcrossKinds, ARepairedObjectInProseCountsWhenRepairsAreOn) {
    const std::string text = "```json\n{\"size\": \"L\"}\n```\nor rather {'size': 'XL'}";
    expect_warned(text, R"({"size":"L"})", "1 other candidate", text.rfind('{'));
    // Without repairs the prose object is no payload.
    ParseOptions strict;
    strict.repair = false;
    expect_quiet(text, R"({"size":"L"})", strict);
}

TEST(ExtractRivalsAcrossKinds, TheSameValueTwiceIsOnePayload) {
    expect_quiet("```json\n{\"ok\": true, \"n\": 1.0}\n```\nSo the answer is {\"n\": 1, \"ok\":  true}.",
                 R"({"ok":true,"n":1.0})");
    expect_quiet("As shown, [1, 2, 3]:\n<answer>[1,2,3]</answer>", "[1,2,3]");
}

TEST(ExtractRivalsAcrossKinds, FragmentsOfASentenceAreNoRivals) {
    const std::string fence = "```json\n{\"ok\": true}\n```\n";
    // Prose, not candidates: braces around a word, a note in brackets, a template.
    expect_quiet(fence + "Replace {x} in the template, see [note] and {{name}}.", R"({"ok":true})");
    // Candidates that are small or guesses: a citation, empty containers, unquoted words.
    expect_quiet(fence + "As in [1], an empty [] or {} means nothing.", R"({"ok":true})");
    expect_quiet(fence + "Fields are {name, age} or {name: Bob}.", R"({"ok":true})");
    expect_quiet("Here it is:\n" + fence + "Let me know.", R"({"ok":true})");
    // Reasoning is not a candidate.
    expect_quiet("<think>\nmaybe {\"ok\": false}\n</think>\n" + fence, R"({"ok":true})");
    // Text inside the winning fence or tag is its own.
    expect_quiet("<answer>\n```json\n{\"ok\": true}\n```\n</answer> done", R"({"ok":true})");
}

TEST(ExtractRivalsAcrossKinds, WithAFilterOnlyCandidatesThatFitCount) {
    const std::string text = "```json\n{\"t\": 1}\n```\nor {\"u\": 2}";
    // The fence does not fit: the object in prose wins, quietly.
    auto wants_u = [](const Value& v) { return v.contains("u"); };
    auto u = extract(text, {}, {}, wants_u);
    ASSERT_TRUE(u) << u.error();
    EXPECT_EQ(u->parsed.value.dump(), R"({"u":2})");
    EXPECT_EQ(other_candidates(*u), nullptr);
    // The prose object does not fit: the fence wins, quietly.
    auto wants_t = [](const Value& v) { return v.contains("t"); };
    auto t = extract(text, {}, {}, wants_t);
    ASSERT_TRUE(t) << t.error();
    EXPECT_EQ(t->parsed.value.dump(), R"({"t":1})");
    EXPECT_EQ(other_candidates(*t), nullptr);
    // Both fit: the fence wins and says so; the filter last accepted the winner.
    std::string last;
    auto keep = [&](const Value& v) {
        last = v.dump();
        return v.is_object();
    };
    auto both = extract(text, {}, {}, keep);
    ASSERT_TRUE(both) << both.error();
    EXPECT_EQ(both->parsed.value.dump(), R"({"t":1})");
    const Diagnostic* d = other_candidates(*both);
    ASSERT_NE(d, nullptr);
    EXPECT_NE(d->message.find("1 other candidate that also fit"), std::string::npos) << d->message;
    EXPECT_EQ(last, R"({"t":1})");
}

TEST(ExtractRivalsAcrossKinds, ManyObjectsInProseStayLinear) {
    // Every span is read once more at most: 2,000 objects beside a fence, counted.
    std::string text = "```json\n{\"k\": -1}\n```\n";
    for (int i = 0; i < 2000; ++i) text += "item {\"k\": " + std::to_string(i) + "} ";
    auto r = extract(text);
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(r->parsed.value.dump(), R"({"k":-1})");
    const Diagnostic* d = other_candidates(*r);
    ASSERT_NE(d, nullptr);
    // At most max_candidates are candidates at all.
    EXPECT_EQ(d->message.rfind("63 other candidates", 0), 0u) << d->message;
}

} // namespace
} // namespace laminate
