// Markdown fenced blocks: every one, closed or not, ``` or ~~~, tagged or not, indented.
#include "extract/extract_test_util.hpp"

using laminate::CandidateSource;
using laminate::extract;
using laminate::extract_candidates;
using laminate::test::describe;
using V = std::vector<std::string>;

TEST(ExtractFence, ClosedJsonFenceIsOneCandidate) {
    const std::string text = "Here you go:\n```json\n{\"a\": [1, 2]}\n```\nAnything else?";
    auto cs = extract_candidates(text);
    ASSERT_EQ(cs.size(), 1u); // the balanced span with the same range is not repeated
    EXPECT_EQ(cs[0].source, CandidateSource::Fence);
    EXPECT_EQ(cs[0].label, "json");
    EXPECT_TRUE(cs[0].closed);
    EXPECT_EQ(cs[0].text, "{\"a\": [1, 2]}");
    EXPECT_EQ(cs[0].offset, text.find('{'));
    auto r = extract(text);
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(r->parsed.value.dump(), R"({"a":[1,2]})");
}

TEST(ExtractFence, UnclosedFenceRunsToTheEnd) {
    EXPECT_EQ(describe("```json\n{\"a\": 1}\n"), (V{"fence[json](open):{\"a\": 1}"}));
    auto r = extract("Result:\n```json\n{\"a\": 1}\n");
    ASSERT_TRUE(r) << r.error();
    EXPECT_FALSE(r->candidate.closed);
    EXPECT_EQ(r->parsed.value.dump(), R"({"a":1})");
}

TEST(ExtractFence, UnclosedFenceWithTruncatedPayload) {
    // The fence and the unbalanced span have the same range: one candidate, from the fence.
    EXPECT_EQ(describe("```json\n{\"a\": [1, 2"), (V{"fence[json](open):{\"a\": [1, 2"}));
}

TEST(ExtractFence, UntaggedAndTildeFences) {
    EXPECT_EQ(describe("```\n[1, 2]\n```"), (V{"fence:[1, 2]"}));
    EXPECT_EQ(describe("~~~\n[1]\n~~~"), (V{"fence:[1]"}));
    EXPECT_EQ(describe("~~~json\n{\"t\": 1}\n~~~\n"), (V{"fence[json]:{\"t\": 1}"}));
}

TEST(ExtractFence, InfoStringIsTheLabel) {
    EXPECT_EQ(describe("``` json \n1\n```"), (V{"fence[json]:1"}));
    EXPECT_EQ(describe("```JSON title=\"x\"\n2\n```"), (V{"fence[JSON title=\"x\"]:2"}));
    EXPECT_EQ(describe("```jsonc\r\n{\"a\": 1}\r\n```\r\n"), (V{"fence[jsonc]:{\"a\": 1}"}));
}

TEST(ExtractFence, LongerRunsAndOtherMarkersDoNotClose) {
    // A ```` fence is closed only by 4+ backticks; ``` lines inside are content.
    const std::string text = "````markdown\n```json\n{\"in\": 1}\n```\n````\nafter";
    EXPECT_EQ(describe(text), (V{"fence[markdown]:```json\n{\"in\": 1}\n```", "balanced:{\"in\": 1}"}));
    // A ~~~ fence is not closed by ```.
    EXPECT_EQ(describe("~~~\n{\"a\": 1}\n```\n"),
              (V{"fence(open):{\"a\": 1}\n```", "balanced:{\"a\": 1}"}));
    // A closing fence has nothing after its run.
    EXPECT_EQ(describe("```\n[1]\n``` not yet\n```"), (V{"fence:[1]\n``` not yet", "balanced:[1]"}));
}

TEST(ExtractFence, IndentedFences) {
    const std::string text =
        "1. Call the tool:\n   ```json\n   {\"name\": \"f\"}\n   ```\n2. Done.\n\t~~~\n\t[3]\n\t~~~";
    EXPECT_EQ(describe(text), (V{"fence[json]:{\"name\": \"f\"}", "fence:[3]"}));
}

TEST(ExtractFence, FenceAtStartAndEndOfText) {
    auto cs = extract_candidates("```\n{\"a\":1}\n```");
    ASSERT_EQ(cs.size(), 1u);
    EXPECT_EQ(cs[0].offset, 4u);
    EXPECT_TRUE(cs[0].closed);
    // An opening line at the very end has no content: no candidate.
    EXPECT_TRUE(extract_candidates("text\n```json").empty());
    EXPECT_TRUE(extract_candidates("```\n\n```").empty());
}

TEST(ExtractFence, MultipleBlocksInOrder) {
    const std::string text = "First:\n```python\nprint('hi')\n```\nSecond:\n```json\n{\"b\": 2}\n```\n"
                             "Third:\n~~~\n[3]\n~~~\n";
    EXPECT_EQ(describe(text), (V{"fence[python]:print('hi')", "fence[json]:{\"b\": 2}", "fence:[3]"}));
    auto r = extract(text); // the first fence that parses
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(r->parsed.value.dump(), R"({"b":2})");
    EXPECT_EQ(r->candidate.label, "json");
}

TEST(ExtractFence, InlineTripleBackticksAreNotAFence) {
    // CommonMark: a ``` line whose info string contains a backtick is inline code.
    EXPECT_EQ(describe("```json {\"a\": 1}```"), (V{"balanced:{\"a\": 1}"}));
    // A fence marker after text on the same line is not a fence either.
    EXPECT_EQ(describe("Here: ```[1]```"), (V{"balanced:[1]"}));
}

TEST(ExtractFence, ContentKeepsItsOwnSpans) {
    // Prose inside a fence: the fence and the span inside it are both candidates.
    const std::string text = "```\nThe result is {\"a\": 1}.\n```";
    EXPECT_EQ(describe(text), (V{"fence:The result is {\"a\": 1}.", "balanced:{\"a\": 1}"}));
    auto r = extract(text);
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(r->candidate.source, CandidateSource::Balanced);
}
