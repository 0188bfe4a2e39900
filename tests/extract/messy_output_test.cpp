// Realistic model outputs, written in the styles models actually produce.
#include "extract/extract_test_util.hpp"

using laminate::CandidateSource;
using laminate::ErrorKind;
using laminate::ParseOptions;
using laminate::Value;
using laminate::extract;
using laminate::extract_candidates;

namespace {
std::string dump_of(std::string_view text) {
    auto r = extract(text);
    return r ? r->parsed.value.dump() : "error: " + r.error().to_string();
}
} // namespace

TEST(ExtractMessy, ChattyFencedToolCall) {
    EXPECT_EQ(dump_of("Sure! Here's the call:\n```json\n{\n  \"name\": \"get_weather\",\n"
                      "  \"arguments\": {\"city\": \"Paris\", \"unit\": \"celsius\"}\n}\n```\n"
                      "Let me know if you need anything else! [1]"),
              R"({"name":"get_weather","arguments":{"city":"Paris","unit":"celsius"}})");
}

TEST(ExtractMessy, QwenStyleThinkThenToolCall) {
    const std::string text =
        "<think>\nThe user asks for the weather. I should call get_weather with "
        "{\"city\": \"Paris\"}. Maybe also {\"unit\": \"f\"}? No.\n</think>\n\n"
        "<tool_call>\n{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Paris\"}}\n</tool_call>";
    auto r = extract(text);
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(r->candidate.source, CandidateSource::Tag);
    EXPECT_EQ(r->candidate.label, "tool_call");
    EXPECT_EQ(r->parsed.value["arguments"]["city"].as_string(), "Paris");
}

TEST(ExtractMessy, DeepSeekStyleOutputStartsMidThought) {
    EXPECT_EQ(dump_of("Okay, so the schema wants {\"answer\": int}. 2+2 is 4.\n</think>\n\n"
                      "```json\n{\"answer\": 4}\n```"),
              R"({"answer":4})");
}

TEST(ExtractMessy, OpenThoughtsStyle) {
    EXPECT_EQ(dump_of("<|begin_of_thought|>\nLet me try [1, 2].\n<|end_of_thought|>\n\n"
                      "<|begin_of_solution|>\n[3, 4]\n<|end_of_solution|>"),
              "[3,4]");
}

TEST(ExtractMessy, MarkdownChecklistAndCitationsBeforeThePayload) {
    EXPECT_EQ(dump_of("Based on the sources [1][2], here is the summary:\n\n- [x] parsed\n"
                      "- [ ] validated\n\n{\"summary\": \"done [partially]\", \"sources\": [1, 2]}\n"),
              R"({"summary":"done [partially]","sources":[1,2]})");
}

TEST(ExtractMessy, SchemaEchoThenFencedAnswer) {
    EXPECT_EQ(dump_of("You asked for an object like {\"name\": \"string\", \"age\": \"integer\"}.\n"
                      "Here it is:\n\n```JSON\n{\"name\": \"Ada\", \"age\": 36}\n```"),
              R"({"name":"Ada","age":36})");
}

TEST(ExtractMessy, SeveralHermesToolCalls) {
    const std::string text =
        "I'll check both cities.\n<tool_call>\n{\"name\": \"w\", \"arguments\": {\"city\": \"Oslo\"}}\n"
        "</tool_call>\n<tool_call>\n{\"name\": \"w\", \"arguments\": {\"city\": \"Rome\"}}\n</tool_call>";
    auto cs = extract_candidates(text);
    ASSERT_EQ(cs.size(), 2u);
    auto rome = extract(text, {}, {}, [](const Value& v) {
        return v["arguments"]["city"].is_string() && v["arguments"]["city"].as_string() == "Rome";
    });
    ASSERT_TRUE(rome) << rome.error();
    EXPECT_EQ(rome->candidate.offset, cs[1].offset);
}

TEST(ExtractMessy, LlamaFunctionTag) {
    EXPECT_EQ(dump_of("<function=search>{\"query\": \"laminate json\", \"k\": 3}</function><|eom_id|>"),
              R"({"query":"laminate json","k":3})");
}

TEST(ExtractMessy, InlineCodeInProse) {
    EXPECT_EQ(dump_of("Set the config to `{\"mode\": \"fast\", \"retries\": 2}` and restart."),
              R"({"mode":"fast","retries":2})");
}

TEST(ExtractMessy, TruncatedByMaxTokens) {
    const std::string text = "```json\n{\"items\": [{\"id\": 1}, {\"id\": 2}, {\"id\": 3, \"name\": \"th";
    auto cs = extract_candidates(text);
    ASSERT_EQ(cs.size(), 1u);
    EXPECT_EQ(cs[0].source, CandidateSource::Fence);
    EXPECT_FALSE(cs[0].closed);
    auto r = extract(text); // not completed unless the caller opts in
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().kind(), ErrorKind::NoPayload);
}

TEST(ExtractMessy, TruncatedCompletedWhenAsked) {
    LAMINATE_REQUIRE_REPAIRS();
    ParseOptions po;
    po.complete_truncated = true;
    auto r = extract("Result:\n{\"items\": [{\"id\": 1}, {\"id\": 2", po);
    ASSERT_TRUE(r) << r.error();
    EXPECT_FALSE(r->candidate.closed);
    EXPECT_EQ(r->parsed.value["items"].size(), 2u);
}

TEST(ExtractMessy, PythonishDictInProse) {
    LAMINATE_REQUIRE_REPAIRS();
    EXPECT_EQ(dump_of("Here is the dict: {'ok': True, 'items': [1, 2,], 'note': None} as you asked."),
              R"({"ok":true,"items":[1,2],"note":null})");
}

TEST(ExtractMessy, RefusalHasNoPayload) {
    auto r = extract("I'm sorry, but I can't help with that request [policy].");
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().kind(), ErrorKind::NoPayload);
}
