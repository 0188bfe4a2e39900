// Provider readers, field by field, on recorded fixtures and on hand-written bodies for the
// cases the corpus lacks (legacy function_call, broken argument strings, detection).

#include <laminate/parse.hpp>
#include <laminate/toolcall/providers.hpp>

#include "corpora.hpp"

#include <gtest/gtest.h>

#include <sstream>

using namespace laminate;
using namespace laminate::toolcall;
namespace fs = std::filesystem;

namespace {

fs::path vercel(const std::string& rel) {
    return laminate::test::corpora_dir() / "providers" / "vercel-ai" / "packages" / rel;
}

Response read_fixture(const fs::path& p) {
    auto r = read_response(laminate::test::read_file(p));
    if (!r) ADD_FAILURE() << p << ": " << r.error();
    return r ? *r : Response{};
}

Value openai_python_body(std::string_view test_name) {
    const fs::path file = laminate::test::corpora_dir() / "providers" / "openai-python" /
                          "openai_chat_completion_responses.jsonl";
    std::istringstream lines(laminate::test::read_file(file));
    std::string line;
    while (std::getline(lines, line)) {
        auto entry = parse_json(line);
        if (entry && (*entry)["test"].is_string() && (*entry)["test"].as_string() == test_name)
            return (*entry)["response_body"];
    }
    return Value();
}

const ToolCall& call(const Response& r, std::size_t i) { return *r.tool_calls().at(i); }

} // namespace

TEST(ToolcallOpenAiChat, MistralToolCallFixture) {
    const auto path = vercel("mistral/src/__fixtures__/mistral-tool-call.json");
    LAMINATE_REQUIRE_CORPUS(path);
    const Response r = read_fixture(path);
    EXPECT_EQ(r.provider, Format::OpenAi);
    EXPECT_EQ(r.id, "b3999b8c93e04e11bcbff7bcab829667");
    EXPECT_EQ(r.model, "mistral-small-latest");
    ASSERT_EQ(r.tool_calls().size(), 1u);
    EXPECT_EQ(call(r, 0).id, "gSIMJiOkT");
    EXPECT_EQ(call(r, 0).name, "weather");
    EXPECT_EQ(call(r, 0).arguments["location"], Value("San Francisco"));
    EXPECT_EQ(call(r, 0).raw_arguments, R"({"location": "San Francisco"})");
    EXPECT_EQ(r.finish().reason, FinishReason::ToolCalls);
    EXPECT_EQ(r.usage.input_tokens, 124u);
    EXPECT_EQ(r.usage.output_tokens, 22u);
    EXPECT_EQ(r.usage.total_tokens, 146u);
}

TEST(ToolcallOpenAiChat, DeepSeekReasoningAndCacheTokens) {
    const auto path = vercel("deepseek/src/chat/__fixtures__/deepseek-tool-call.json");
    LAMINATE_REQUIRE_CORPUS(path);
    const Response r = read_fixture(path);
    EXPECT_EQ(r.reasoning().substr(0, 43), "The user is asking for the weather in San F");
    EXPECT_TRUE(r.text().empty()); // content "" is no Text block
    ASSERT_EQ(r.primary().content.size(), 2u);
    EXPECT_TRUE(std::holds_alternative<Reasoning>(r.primary().content[0]));
    EXPECT_EQ(call(r, 0).id, "call_00_9V0vrf86Pc9aelHCJMZqnJBo");
    EXPECT_EQ(r.usage.cached_tokens, 320u);
    EXPECT_EQ(r.usage.reasoning_tokens, 48u);
}

TEST(ToolcallOpenAiChat, MagistralThinkingParts) {
    const auto path = vercel("mistral/src/__fixtures__/mistral-reasoning.json");
    LAMINATE_REQUIRE_CORPUS(path);
    const Response r = read_fixture(path);
    EXPECT_EQ(r.reasoning(), "The user is asking for 2+2. This is basic arithmetic. 2+2=4.");
    EXPECT_EQ(r.text(), "2 + 2 = 4");
}

TEST(ToolcallOpenAiChat, ParallelCallsMultipleChoicesAndRefusal) {
    const Value tools = openai_python_body("test_parse_multiple_pydantic_tools");
    if (tools.is_null()) GTEST_SKIP() << "openai-python corpus not found";
    auto r = read_response(tools);
    ASSERT_TRUE(r);
    ASSERT_EQ(r->tool_calls().size(), 2u);
    EXPECT_EQ(call(*r, 0).name, "GetWeatherArgs");
    EXPECT_EQ(call(*r, 0).arguments["country"], Value("GB"));
    EXPECT_EQ(call(*r, 1).name, "get_stock_price");
    EXPECT_EQ(call(*r, 1).arguments["ticker"], Value("AAPL"));
    EXPECT_EQ(r->usage.input_tokens, 149u);

    auto multi = read_response(openai_python_body("test_parse_pydantic_model_multiple_choices"));
    ASSERT_TRUE(multi);
    ASSERT_EQ(multi->choices.size(), 3u);
    EXPECT_EQ(multi->choices[2].index, 2u);
    EXPECT_EQ(to_value(*multi)["choices"].size(), 3u);

    auto refusal = read_response(openai_python_body("test_parse_pydantic_model_refusal"));
    ASSERT_TRUE(refusal);
    ASSERT_EQ(refusal->primary().content.size(), 1u);
    EXPECT_EQ(std::get<Refusal>(refusal->primary().content[0]).text,
              "I'm very sorry, but I can't assist with that.");
    EXPECT_EQ(to_value(*refusal)["refusal"].as_string(), "I'm very sorry, but I can't assist with that.");
}

TEST(ToolcallOpenAiChat, LegacyFunctionCallAndBrokenArguments) {
    auto r = read_response(R"({"id":"x","model":"gpt-3.5","choices":[{"index":0,"message":{
        "role":"assistant","content":null,"function_call":{"name":"lookup","arguments":"{'q': 'a',}"}},
        "finish_reason":"function_call"},{"index":1,"message":{"role":"assistant","tool_calls":[
        {"id":"c9","type":"function","function":{"name":"f","arguments":"I cannot"}}]},
        "finish_reason":"tool_calls"}]})");
    ASSERT_TRUE(r) << r.error();
    ASSERT_EQ(r->tool_calls().size(), 1u);
    EXPECT_EQ(call(*r, 0).name, "lookup");
    EXPECT_EQ(call(*r, 0).id, "call_0"); // legacy calls carry no id
    EXPECT_EQ(call(*r, 0).arguments["q"], Value("a"));
    EXPECT_FALSE(call(*r, 0).diagnostics.empty());
    EXPECT_EQ(r->finish().reason, FinishReason::ToolCalls);
    const auto& broken = std::get<ToolCall>(r->choices[1].content[0]);
    EXPECT_TRUE(broken.arguments.is_null());
    EXPECT_EQ(broken.raw_arguments, "I cannot");
    EXPECT_EQ(broken.diagnostics.back().risk, Risk::Risky);
}

TEST(ToolcallOpenAiChat, TruncatedArgumentsAtLengthArePartial) {
    auto r = read_response(R"({"choices":[{"message":{"tool_calls":[{"id":"a","function":{"name":"f",
        "arguments":"{\"city\": \"Par"}}]},"finish_reason":"length"}]})");
    ASSERT_TRUE(r);
    EXPECT_FALSE(call(*r, 0).complete);
    EXPECT_EQ(call(*r, 0).arguments["city"], Value("Par"));
    EXPECT_EQ(r->finish().reason, FinishReason::Length);
}

TEST(ToolcallResponses, FunctionCallAndReasoning) {
    const auto path = vercel("openai/src/responses/__fixtures__/parallel-tool-call-wrapper.1.json");
    LAMINATE_REQUIRE_CORPUS(path);
    const Response r = read_fixture(path);
    EXPECT_EQ(r.provider, Format::OpenAiResponses);
    EXPECT_EQ(r.id, "resp_parallel");
    EXPECT_EQ(r.model, "gpt-5.4");
    ASSERT_EQ(r.tool_calls().size(), 1u);
    EXPECT_EQ(call(r, 0).id, "call_parallel"); // call_id, the id a reply names
    EXPECT_EQ(call(r, 0).arguments["tool_uses"][1]["parameters"]["city"], Value("Rome"));
    EXPECT_EQ(r.finish().reason, FinishReason::ToolCalls);
    EXPECT_EQ(r.finish().raw, "completed");
    EXPECT_EQ(r.usage.total_tokens, 62u);

    const auto enc = vercel("openai/src/responses/__fixtures__/openai-reasoning-encrypted-content.1.json");
    const Response e = read_fixture(enc);
    const auto& reasoning = std::get<Reasoning>(e.primary().content[0]);
    ASSERT_TRUE(reasoning.signature);
    EXPECT_EQ(reasoning.signature->substr(0, 8), "gAAAAABp");
    EXPECT_EQ(e.text(), "12 + 7 = 19\n19 \xC3\x97 3 = 57\n57 \xC3\x97 10 = 570\n\nFinal result: 570");
    EXPECT_EQ(e.usage.reasoning_tokens, 128u);
    EXPECT_EQ(e.finish().reason, FinishReason::Stop);
}

TEST(ToolcallResponses, CustomToolInputIsAString) {
    const auto path = vercel("openai/src/responses/__fixtures__/openai-custom-tool.1.json");
    LAMINATE_REQUIRE_CORPUS(path);
    const Response r = read_fixture(path);
    ASSERT_EQ(r.tool_calls().size(), 1u);
    EXPECT_EQ(call(r, 0).name, "write_sql");
    EXPECT_EQ(call(r, 0).arguments, Value("SELECT * FROM users WHERE age > 25"));
}

TEST(ToolcallAnthropic, ToolUseThinkingAndUsage) {
    const auto path = vercel("anthropic/src/__fixtures__/anthropic-json-tool.1.json");
    LAMINATE_REQUIRE_CORPUS(path);
    const Response r = read_fixture(path);
    EXPECT_EQ(r.provider, Format::Anthropic);
    EXPECT_EQ(r.id, "msg_0191iYfpERYfS27xLsdW2nbb");
    ASSERT_EQ(r.tool_calls().size(), 1u);
    EXPECT_EQ(call(r, 0).id, "toolu_01Q9ExVZnzZj7E2QQYHYtNUa");
    EXPECT_EQ(call(r, 0).arguments["elements"][3]["temperature"], Value(-9));
    EXPECT_EQ(r.finish().reason, FinishReason::ToolCalls);
    EXPECT_EQ(r.finish().raw, "tool_use");
    EXPECT_EQ(r.usage.input_tokens, 1151u);
    EXPECT_EQ(r.usage.output_tokens, 87u);
    EXPECT_EQ(r.usage.cached_tokens, 0u);

    const Response t = read_fixture(vercel("anthropic/src/__fixtures__/anthropic-clear-thinking.1.json"));
    const auto& thinking = std::get<Reasoning>(t.primary().content[0]);
    EXPECT_EQ(thinking.text, "925 divided by 5 = 185");
    ASSERT_TRUE(thinking.signature);
    EXPECT_EQ(thinking.signature->substr(0, 6), "Er4BCk");
    EXPECT_EQ(t.finish().reason, FinishReason::Stop);
}

TEST(ToolcallAnthropic, ServerToolBlocksAreKeptUnknown) {
    const auto path = vercel("anthropic/src/__fixtures__/anthropic-web-search-tool.1.json");
    LAMINATE_REQUIRE_CORPUS(path);
    const Response r = read_fixture(path);
    std::size_t unknown = 0;
    for (const auto& b : r.primary().content) unknown += std::holds_alternative<Unknown>(b);
    EXPECT_GE(unknown, 2u);
    EXPECT_EQ(r.tool_calls().size(), 0u); // server_tool_use is not the caller's to run
    ASSERT_FALSE(r.diagnostics.empty());
    EXPECT_EQ(r.diagnostics[0].kind, DiagnosticKind::Preserved);
}

TEST(ToolcallAnthropic, RefusalStopReason) {
    const auto path = vercel("anthropic/src/__fixtures__/anthropic-refusal.json");
    LAMINATE_REQUIRE_CORPUS(path);
    EXPECT_EQ(read_fixture(path).finish().reason, FinishReason::Refusal);
}

TEST(ToolcallGemini, FunctionCallSettlesFinish) {
    const auto path = vercel("google/src/__fixtures__/google-tool-call.json");
    LAMINATE_REQUIRE_CORPUS(path);
    const Response r = read_fixture(path);
    EXPECT_EQ(r.provider, Format::Gemini);
    EXPECT_EQ(r.id, "m36LaZGyCLz1xs0PtNSB-QU");
    EXPECT_EQ(r.model, "gemini-3-pro-preview");
    ASSERT_EQ(r.tool_calls().size(), 1u);
    EXPECT_EQ(call(r, 0).id, "call_0");
    EXPECT_EQ(call(r, 0).name, "weather");
    EXPECT_EQ(call(r, 0).arguments["location"], Value("San Francisco"));
    EXPECT_EQ(r.finish().reason, FinishReason::ToolCalls);
    EXPECT_EQ(r.finish().raw, "STOP");
    EXPECT_EQ(r.usage.input_tokens, 29u);
    EXPECT_EQ(r.usage.output_tokens, 15u);
    EXPECT_EQ(r.usage.reasoning_tokens, 893u);
    EXPECT_EQ(r.usage.total_tokens, 937u);
}

TEST(ToolcallGemini, AFunctionCallKeepsItsPartsThoughtSignature) {
    // Gemini 3 answers a call with a thoughtSignature on its part, and rejects the call replayed
    // without it: the reader keeps it on the call. Equality ignores it (an opaque token).
    const auto path = vercel("google/src/__fixtures__/google-tool-call.json");
    LAMINATE_REQUIRE_CORPUS(path);
    const Response r = read_fixture(path);
    ASSERT_EQ(r.tool_calls().size(), 1u);
    ASSERT_TRUE(call(r, 0).signature.has_value());
    EXPECT_TRUE(call(r, 0).signature->starts_with("EskgCsYg"));

    auto plain = read_response(R"({"candidates":[{"content":{"parts":[
        {"functionCall":{"name":"f","args":{}},"thoughtSignature":"c2ln"},
        {"functionCall":{"name":"g","args":{}}}]},"finishReason":"STOP"}]})");
    ASSERT_TRUE(plain);
    ASSERT_EQ(plain->tool_calls().size(), 2u);
    EXPECT_EQ(call(*plain, 0).signature, std::optional<std::string>("c2ln"));
    EXPECT_FALSE(call(*plain, 1).signature.has_value());
}

TEST(ToolcallGemini, ThoughtPartsAreReasoning) {
    auto r = read_response(R"({"candidates":[{"content":{"parts":[{"text":"hmm","thought":true},
        {"text":"Answer"}]},"finishReason":"MAX_TOKENS"}]})");
    ASSERT_TRUE(r);
    EXPECT_EQ(r->reasoning(), "hmm");
    EXPECT_EQ(r->text(), "Answer");
    EXPECT_EQ(r->finish().reason, FinishReason::Length);
}

TEST(ToolcallOllama, ChatWithObjectArguments) {
    auto r = read_response(R"({"model":"llama3.2","created_at":"2024-07-22T20:33:28Z",
        "message":{"role":"assistant","content":"","thinking":"need weather","tool_calls":[
        {"function":{"name":"get_current_weather","arguments":{"format":"celsius","location":"Paris, FR"}}}]},
        "done_reason":"stop","done":true,"prompt_eval_count":26,"eval_count":29})");
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(r->provider, Format::Ollama);
    ASSERT_EQ(r->tool_calls().size(), 1u);
    EXPECT_EQ(call(*r, 0).arguments["location"], Value("Paris, FR"));
    EXPECT_EQ(call(*r, 0).raw_arguments, R"({"format":"celsius","location":"Paris, FR"})");
    EXPECT_EQ(r->reasoning(), "need weather");
    EXPECT_EQ(r->finish().reason, FinishReason::ToolCalls);
    EXPECT_EQ(r->usage.input_tokens, 26u);
    EXPECT_EQ(r->usage.output_tokens, 29u);
}

TEST(ToolcallDetect, BodiesAndErrors) {
    EXPECT_EQ(detect_format(*parse_json(R"({"choices":[]})")), Format::OpenAi);
    EXPECT_EQ(detect_format(*parse_json(R"({"object":"response","output":[]})")), Format::OpenAiResponses);
    EXPECT_EQ(detect_format(*parse_json(R"({"type":"message","content":[]})")), Format::Anthropic);
    EXPECT_EQ(detect_format(*parse_json(R"({"candidates":[]})")), Format::Gemini);
    EXPECT_EQ(detect_format(*parse_json(R"({"message":{},"done":true})")), Format::Ollama);
    EXPECT_EQ(detect_format(*parse_json(R"({"a":1})")), Format::AutoDetect);

    auto error = read_response(R"({"error":{"message":"secret prompt text","type":"invalid_request_error"}})");
    ASSERT_FALSE(error);
    EXPECT_EQ(error.error().kind(), ErrorKind::UnknownFormat);
    EXPECT_EQ(error.error().message().find("secret"), std::string::npos);

    auto wrong = read_response(R"({"choices":[]})", Format::Anthropic);
    ASSERT_FALSE(wrong);
    EXPECT_EQ(wrong.error().kind(), ErrorKind::UnknownFormat);

    auto not_json = read_response("plain words", Format::OpenAi);
    ASSERT_FALSE(not_json);
}

TEST(ToolcallDetect, AutoFallsBackToRawText) {
    auto r = read_response(R"(<tool_call>{"name": "f", "arguments": {"x": 1}}</tool_call>)");
    ASSERT_TRUE(r);
    EXPECT_EQ(r->provider, Format::Hermes);
    auto bare = read_response(R"({"name": "f", "arguments": {"x": 1}})");
    ASSERT_TRUE(bare);
    EXPECT_EQ(bare->provider, Format::BareJson);
    ASSERT_EQ(bare->tool_calls().size(), 1u);
}

TEST(ToolcallDetect, RepairedBodyIsNoted) {
    auto r = read_response(R"({"choices":[{"message":{"content":"hi"},"finish_reason":"stop"},]})");
    ASSERT_TRUE(r);
    EXPECT_EQ(r->text(), "hi");
    ASSERT_FALSE(r->diagnostics.empty());
    EXPECT_EQ(r->diagnostics[0].repair, RepairKind::TrailingComma);
}

TEST(ToolcallDetect, CutOffBodyIsReadAsFarAsItGoes) {
    auto r = read_response(R"({"id":"c","choices":[{"index":0,"message":{"tool_calls":[{"id":"a","function":{"name":"f","arguments":"{\"city\": \"Par)");
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(r->provider, Format::OpenAi);
    ASSERT_EQ(r->tool_calls().size(), 1u);
    EXPECT_FALSE(r->tool_calls()[0]->complete);
    EXPECT_EQ(r->tool_calls()[0]->arguments["city"], Value("Par"));
    EXPECT_EQ(r->finish().reason, FinishReason::None);
    bool risky = false;
    for (const auto& d : r->diagnostics) risky = risky || d.risk == Risk::Risky;
    EXPECT_TRUE(risky);
}

TEST(ToolcallBedrock, ToolUseInterleavedWithText) {
    const auto path = vercel("amazon-bedrock/src/__fixtures__/amazon-bedrock-json-with-tools.1.json");
    LAMINATE_REQUIRE_CORPUS(path);
    const Response r = read_fixture(path);
    EXPECT_EQ(r.provider, Format::Bedrock);
    ASSERT_EQ(r.tool_calls().size(), 3u);
    EXPECT_EQ(call(r, 0).id, "tool-1");
    EXPECT_EQ(call(r, 1).name, "tool-b");
    EXPECT_EQ(call(r, 1).arguments["param"], Value("b"));
    EXPECT_EQ(r.text(), "Calling multiple tools.Finally the JSON response.");
    EXPECT_EQ(r.finish().reason, FinishReason::ToolCalls);
    EXPECT_EQ(r.usage.input_tokens, 28u);
    EXPECT_EQ(r.usage.total_tokens, 90u);

    const Response reasoning = read_fixture(vercel("amazon-bedrock/src/__fixtures__/amazon-bedrock-reasoning.json"));
    const auto& block = std::get<Reasoning>(reasoning.primary().content[0]);
    ASSERT_TRUE(block.signature);
    EXPECT_FALSE(block.text.empty());
    EXPECT_EQ(reasoning.usage.cached_tokens, 0u);
}

TEST(ToolcallCohere, ToolPlanCallsAndNullArguments) {
    const auto path = vercel("cohere/src/__fixtures__/cohere-tool-call.json");
    LAMINATE_REQUIRE_CORPUS(path);
    const Response r = read_fixture(path);
    EXPECT_EQ(r.provider, Format::Cohere);
    EXPECT_EQ(r.id, "f201af17-e24a-4396-8f6a-98e8bf9c3432");
    EXPECT_EQ(r.reasoning().substr(0, 37), "I will use the weather tool to find o");
    ASSERT_EQ(r.tool_calls().size(), 2u);
    EXPECT_EQ(call(r, 1).id, "cityAttractions_dcxfx4myvx68");
    EXPECT_EQ(call(r, 1).arguments["city"], Value("San Francisco"));
    EXPECT_EQ(r.finish().reason, FinishReason::ToolCalls);
    EXPECT_EQ(r.finish().raw, "TOOL_CALL");

    const Response none = read_fixture(vercel("cohere/src/__fixtures__/cohere-null-args.json"));
    ASSERT_EQ(none.tool_calls().size(), 1u);
    EXPECT_EQ(none.tool_calls()[0]->arguments, Value::object());
    EXPECT_EQ(none.usage.input_tokens, 1445u);
    EXPECT_EQ(none.usage.cached_tokens, 992u);

    const Response max = read_fixture(vercel("cohere/src/__fixtures__/cohere-max-tokens.json"));
    EXPECT_EQ(max.finish().reason, FinishReason::Length);
    EXPECT_EQ(read_fixture(vercel("cohere/src/__fixtures__/cohere-text.json")).finish().reason, FinishReason::Stop);
}
