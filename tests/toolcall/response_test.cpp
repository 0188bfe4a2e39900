// The normalized Response: names, finish mapping, accessors, equality and rendering.

#include <laminate/toolcall/response.hpp>

#include <gtest/gtest.h>

using namespace laminate;
using namespace laminate::toolcall;

TEST(ToolcallFormat, NamesRoundTrip) {
    for (Format f : {Format::AutoDetect, Format::OpenAi, Format::OpenAiResponses, Format::Anthropic,
                     Format::Gemini, Format::Ollama, Format::Hermes, Format::Llama3, Format::Mistral,
                     Format::DeepSeek, Format::Functionary, Format::BareJson, Format::Bedrock,
                     Format::Cohere}) {
        auto parsed = parse_format(format_name(f));
        ASSERT_TRUE(parsed) << format_name(f);
        EXPECT_EQ(*parsed, f);
    }
    EXPECT_EQ(*parse_format("openai_responses"), Format::OpenAiResponses);
    EXPECT_EQ(*parse_format("Bare_JSON"), Format::BareJson);
    auto bad = parse_format("palm");
    ASSERT_FALSE(bad);
    EXPECT_EQ(bad.error().kind(), ErrorKind::UnknownFormat);
    EXPECT_TRUE(is_raw_text_format(Format::Hermes));
    EXPECT_FALSE(is_raw_text_format(Format::Anthropic));
}

TEST(ToolcallFinish, ProviderWordsMap) {
    EXPECT_EQ(finish_from("end_turn").reason, FinishReason::Stop);
    EXPECT_EQ(finish_from("STOP").reason, FinishReason::Stop);
    EXPECT_EQ(finish_from("stop_sequence").reason, FinishReason::Stop);
    EXPECT_EQ(finish_from("max_tokens").reason, FinishReason::Length);
    EXPECT_EQ(finish_from("MAX_TOKENS").reason, FinishReason::Length);
    EXPECT_EQ(finish_from("length").reason, FinishReason::Length);
    EXPECT_EQ(finish_from("tool_use").reason, FinishReason::ToolCalls);
    EXPECT_EQ(finish_from("function_call").reason, FinishReason::ToolCalls);
    EXPECT_EQ(finish_from("SAFETY").reason, FinishReason::ContentFilter);
    EXPECT_EQ(finish_from("refusal").reason, FinishReason::Refusal);
    EXPECT_EQ(finish_from("").reason, FinishReason::None);
    const Finish other = finish_from("pause_turn");
    EXPECT_EQ(other.reason, FinishReason::Other);
    EXPECT_EQ(other.raw, "pause_turn");
}

TEST(ToolcallFinish, StopWithToolCallsSettles) {
    Choice c;
    c.finish = finish_from("STOP");
    settle_tool_call_finish(c);
    EXPECT_EQ(c.finish.reason, FinishReason::Stop);
    c.content.emplace_back(ToolCall{"call_0", "f", Value::object(), "{}", true, {}});
    settle_tool_call_finish(c);
    EXPECT_EQ(c.finish.reason, FinishReason::ToolCalls);
    EXPECT_EQ(c.finish.raw, "STOP");
}

namespace {
Response sample() {
    Response r;
    r.id = "r1";
    r.model = "m";
    r.provider = Format::OpenAi;
    Choice c;
    c.content.emplace_back(Reasoning{"think", std::nullopt, false});
    c.content.emplace_back(Text{"Hello "});
    c.content.emplace_back(Text{"world"});
    ToolCall call{"call_1", "search", Value::object({{"q", Value("x")}}), "{\"q\": \"x\"}", true, {}};
    Diagnostic d;
    d.path = "q";
    d.message = "m";
    call.diagnostics.push_back(d);
    c.content.emplace_back(call);
    c.finish = finish_from("tool_calls");
    r.choices.push_back(c);
    r.usage.input_tokens = 10;
    r.usage.output_tokens = 3;
    return r;
}
} // namespace

TEST(ToolcallResponse, Accessors) {
    const Response r = sample();
    EXPECT_EQ(r.text(), "Hello world");
    EXPECT_EQ(r.reasoning(), "think");
    ASSERT_EQ(r.tool_calls().size(), 1u);
    EXPECT_EQ(r.tool_calls()[0]->name, "search");
    EXPECT_EQ(r.finish().reason, FinishReason::ToolCalls);
    const Response empty;
    EXPECT_TRUE(empty.primary().content.empty());
    EXPECT_EQ(empty.finish().reason, FinishReason::None);
}

TEST(ToolcallResponse, EqualityIgnoresRawTextAndDiagnostics) {
    Response a = sample();
    Response b = sample();
    EXPECT_EQ(a, b);
    auto& call = std::get<ToolCall>(b.choices[0].content[3]);
    call.raw_arguments = "{\"q\":\"x\"}";
    call.diagnostics.clear();
    b.diagnostics.push_back(Diagnostic{});
    EXPECT_EQ(a, b);
    call.arguments = Value::object({{"q", Value("y")}});
    EXPECT_NE(a, b);
    b = sample();
    b.usage.cached_tokens = 1;
    EXPECT_NE(a, b);
}

TEST(ToolcallResponse, RendersCommandLineShape) {
    const Value v = to_value(sample());
    EXPECT_EQ(v["text"], Value("Hello world"));
    EXPECT_EQ(v["reasoning"], Value("think"));
    ASSERT_EQ(v["tool_calls"].size(), 1u);
    EXPECT_EQ(v["tool_calls"][0]["id"], Value("call_1"));
    EXPECT_EQ(v["tool_calls"][0]["arguments"]["q"], Value("x"));
    EXPECT_FALSE(v["tool_calls"][0].contains("type"));
    EXPECT_EQ(v["finish_reason"], Value("tool_calls"));
    EXPECT_EQ(v["finish_raw"], Value("tool_calls"));
    EXPECT_EQ(v["usage"]["input_tokens"], Value(10));
    EXPECT_FALSE(v["usage"].contains("cached_tokens"));
    ASSERT_EQ(v["diagnostics"].size(), 1u);
    EXPECT_EQ(v["diagnostics"][0]["path"], Value("$.tool_calls[0].arguments.q"));
    EXPECT_FALSE(v.contains("choices"));
}
