// <think> and other reasoning blocks are skipped with skip_reasoning (the default).
#include "extract/extract_test_util.hpp"

using laminate::CandidateSource;
using laminate::ErrorKind;
using laminate::ExtractOptions;
using laminate::extract;
using laminate::extract_candidates;
using laminate::test::describe;
using V = std::vector<std::string>;

TEST(ExtractReasoning, PayloadLookingJsonInsideThinkIsIgnored) {
    const std::string text = "<think>\nMaybe {\"wrong\": 1}?\n```json\n{\"wrong\": 2}\n```\n"
                             "<tool_call>{\"wrong\": 3}</tool_call>\n</think>\n{\"right\": 4}";
    auto cs = extract_candidates(text);
    ASSERT_EQ(cs.size(), 1u);
    EXPECT_EQ(cs[0].source, CandidateSource::Whole); // the text after the leading thought
    EXPECT_EQ(cs[0].text, "{\"right\": 4}");
    EXPECT_EQ(cs[0].offset, text.rfind('{'));
    auto r = extract(text);
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(r->parsed.value.dump(), R"({"right":4})");
}

TEST(ExtractReasoning, OtherReasoningTags) {
    for (auto [open, close] : std::vector<std::pair<std::string, std::string>>{
             {"<thinking>", "</thinking>"},
             {"<reasoning>", "</reasoning>"},
             {"<reflection>", "</reflection>"},
             {"<thought>", "</thought>"},
             {"<scratchpad>", "</scratchpad>"},
             {"<THINK>", "</Think>"},
             {"<think type=\"deep\">", "</think>"},
             {"<|begin_of_thought|>", "<|end_of_thought|>"}}) {
        const std::string text = open + "\n{\"wrong\": 1}\n" + close + "\nSo: [\"right\"]";
        EXPECT_EQ(describe(text), (V{"balanced:[\"right\"]"})) << open;
    }
}

TEST(ExtractReasoning, KeptWhenSkippingIsOff) {
    ExtractOptions o;
    o.skip_reasoning = false;
    EXPECT_EQ(describe("<think>\n{\"inner\": 1}\n</think>\n{\"outer\": 2}", o),
              (V{"balanced:{\"inner\": 1}", "balanced:{\"outer\": 2}"}));
}

TEST(ExtractReasoning, UnclosedThoughtHidesTheRest) {
    // A model cut off mid-thought has produced no payload yet.
    const std::string text = "<think>\nThe answer will be {\"a\": 1}, then ```json\n{\"a\": 2}";
    EXPECT_TRUE(extract_candidates(text).empty());
    auto r = extract(text);
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().kind(), ErrorKind::NoPayload);
}

TEST(ExtractReasoning, UnclosedThoughtAfterThePayload) {
    EXPECT_EQ(describe("{\"a\": 1}\n<think>\nwas that right? {\"b\": 2}"),
              (V{"balanced:{\"a\": 1}"})); // no whole candidate: the text is not all payload
}

TEST(ExtractReasoning, CloserWithoutOpenerHidesWhatPrecedes) {
    // DeepSeek-R1-style templates put <think> in the prompt: the output starts mid-thought.
    const std::string text = "The user wants {\"x\": 1}... okay.\n</think>\n\n{\"a\": 1}";
    auto cs = extract_candidates(text);
    ASSERT_EQ(cs.size(), 1u);
    EXPECT_EQ(cs[0].source, CandidateSource::Whole);
    EXPECT_EQ(cs[0].text, "{\"a\": 1}");
}

TEST(ExtractReasoning, OpenerMidLineIsProseUnlessItsBlockCloses) {
    // An opener in the middle of a line with no closer after it is a mention: it hides nothing.
    EXPECT_EQ(describe("Do not use <think> tags.\n{\"a\": 1}"), (V{"balanced:{\"a\": 1}"}));
    // ...and once an opener was seen, a later closer is not an orphan either.
    EXPECT_EQ(describe("Use <think> and </think>. [1, 2]"), (V{"balanced:[1, 2]"}));
    // A closed block in the middle of a line is a thought: what it holds is no payload.
    EXPECT_EQ(describe("Sure. <think>{\"a\": 2}</think> {\"a\": 3}"), (V{"balanced:{\"a\": 3}"}));
    auto none = extract("<think>x</think>Let me think again.<think>{\"a\": 2}</think>No JSON here.");
    ASSERT_FALSE(none);
    EXPECT_EQ(none.error().kind(), ErrorKind::NoPayload);
}

TEST(ExtractReasoning, OpenerInsideFenceOrStringIsContent) {
    EXPECT_EQ(describe("```\n<think>\n```\n[1]"), (V{"fence:<think>", "balanced:[1]"}));
    EXPECT_EQ(describe("{\"a\": \"x\n<think>\"}"), (V{"whole:{\"a\": \"x\n<think>\"}"}));
}

TEST(ExtractReasoning, SeveralLeadingThoughtsStillAllowTheWholeText) {
    auto cs = extract_candidates("<think>a</think>\n<reflection>\nb\n</reflection>\n[1, 2]\n");
    ASSERT_EQ(cs.size(), 1u);
    EXPECT_EQ(cs[0].source, CandidateSource::Whole);
    EXPECT_EQ(cs[0].text, "[1, 2]");
}

TEST(ExtractReasoning, ThoughtBetweenPayloads) {
    EXPECT_EQ(describe("[1]\n<think>\n[2]\n</think>\n[3]"), (V{"balanced:[1]", "balanced:[3]"}));
}
