// <tool_call>, <json>, <answer>... tags: case-insensitive, with attributes, closed or not.
#include "extract/extract_test_util.hpp"

using laminate::CandidateSource;
using laminate::extract;
using laminate::extract_candidates;
using laminate::test::describe;
using V = std::vector<std::string>;

TEST(ExtractTag, KnownPayloadTags) {
    for (std::string name : {"tool_call", "json", "function_call", "tool_use", "output", "answer",
                             "result", "tool_calls", "final_answer", "response", "arguments"}) {
        const std::string text = "x <" + name + ">{\"a\": 1}</" + name + "> y";
        auto cs = extract_candidates(text);
        ASSERT_EQ(cs.size(), 1u) << name;
        EXPECT_EQ(cs[0].source, CandidateSource::Tag) << name;
        EXPECT_EQ(cs[0].label, name);
        EXPECT_EQ(cs[0].text, "{\"a\": 1}");
        EXPECT_EQ(cs[0].offset, text.find('{'));
    }
}

TEST(ExtractTag, CaseInsensitiveWithAttributes) {
    EXPECT_EQ(describe("<TOOL_CALL id=\"call_1\" type='function'>\n[1]\n</Tool_Call>"),
              (V{"tag[tool_call]:[1]"}));
    EXPECT_EQ(describe("<json schema=\"a>b\">{\"k\": 2}</json >"), (V{"tag[json]:{\"k\": 2}"}));
}

TEST(ExtractTag, LlamaFunctionSyntax) {
    EXPECT_EQ(describe("<function=get_weather>{\"city\": \"Paris\"}</function>"),
              (V{"tag[function]:{\"city\": \"Paris\"}"}));
}

TEST(ExtractTag, SpecialTokenTags) {
    EXPECT_EQ(describe("<|begin_of_solution|>\n{\"s\": 1}\n<|end_of_solution|>"),
              (V{"tag[solution]:{\"s\": 1}"}));
}

TEST(ExtractTag, UnclosedTagRunsToTheEnd) {
    EXPECT_EQ(describe("<tool_call>\n{\"name\": \"f\", \"arguments\": {\"x\": 1\n"),
              (V{"tag[tool_call](open):{\"name\": \"f\", \"arguments\": {\"x\": 1"}));
}

TEST(ExtractTag, UnknownAndSelfClosingTagsAreText) {
    EXPECT_EQ(describe("<div>{\"a\": 1}</div>"), (V{"balanced:{\"a\": 1}"}));
    EXPECT_EQ(describe("<result/> <answer /> {\"a\": 1}"), (V{"balanced:{\"a\": 1}"}));
    EXPECT_EQ(describe("if a <json then [1]"), (V{"balanced:[1]"}));
    EXPECT_EQ(describe("<jsonb>[1]</jsonb>"), (V{"balanced:[1]"}));
}

TEST(ExtractTag, SeveralTagsInOrder) {
    const std::string text = "<tool_call>\n{\"name\": \"a\"}\n</tool_call>\n"
                             "<tool_call>\n{\"name\": \"b\"}\n</tool_call>";
    EXPECT_EQ(describe(text), (V{"tag[tool_call]:{\"name\": \"a\"}", "tag[tool_call]:{\"name\": \"b\"}"}));
}

TEST(ExtractTag, FenceInsideTag) {
    const std::string text = "<answer>\n```json\n{\"a\": 1}\n```\n</answer>";
    EXPECT_EQ(describe(text),
              (V{"tag[answer]:```json\n{\"a\": 1}\n```", "fence[json]:{\"a\": 1}"}));
    auto r = extract(text); // the tag's content is not JSON as written; the fence is
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(r->candidate.source, CandidateSource::Fence);
}

TEST(ExtractTag, TagInsideFence) {
    EXPECT_EQ(describe("```xml\n<tool_call>{\"n\": 1}</tool_call>\n```"),
              (V{"fence[xml]:<tool_call>{\"n\": 1}</tool_call>", "tag[tool_call]:{\"n\": 1}"}));
}

TEST(ExtractTag, ClosingAnOuterTagEndsTheInnerOnes) {
    EXPECT_EQ(describe("<tool_call><json>{\"a\": 1}</tool_call>"),
              (V{"tag[tool_call]:<json>{\"a\": 1}", "tag[json](open):{\"a\": 1}"}));
    // A closer with no open tag of its name is text.
    EXPECT_EQ(describe("</answer> [1]"), (V{"balanced:[1]"}));
}

TEST(ExtractTag, TagInsideAJsonStringIsText) {
    EXPECT_EQ(describe("Result: {\"html\": \"<answer>42</answer>\"}"),
              (V{"balanced:{\"html\": \"<answer>42</answer>\"}"}));
}

TEST(ExtractTag, CloserInsideAStringStillEndsTheTag) {
    // As XML and the usual <tool_call>(.*?)</tool_call> readers do: a payload with a broken
    // string cannot swallow the rest of the text.
    EXPECT_EQ(describe("<tool_call>{\"q\": \"abc</tool_call>\nThanks!"),
              (V{"tag[tool_call]:{\"q\": \"abc"}));
}
