// Anthropic Messages: headers, max_tokens, top-level system, output_config, tools and
// tool_choice, tool_use / tool_result replay.
#include "fixtures.hpp"

#include <gtest/gtest.h>

using namespace laminate;
using namespace laminate::lm;
using namespace laminate::lm::test_fixtures;
using laminate::test::LoopbackServer;
using laminate::test::Reply;

namespace {

Value sent(LoopbackServer& server, Anthropic& provider, const ChatRequest& request) {
    return sent_body(server, provider, request, anthropic_reply());
}

} // namespace

TEST(AnthropicRequest, HeadersPathSystemAndNativeSchema) {
    LoopbackServer server;
    auto provider = Anthropic::from_env("claude-test", on(server, "/v1"));
    const Value body = sent(server, provider, request_with(Strategy::NativeSchema));
    const auto req = server.requests().back();
    EXPECT_EQ(req.path, "/v1/messages");
    EXPECT_EQ(req.header("x-api-key"), "sk-test-KEY123456");
    EXPECT_EQ(req.header("anthropic-version"), "2023-06-01");
    EXPECT_FALSE(req.has_header("Authorization"));
    EXPECT_EQ(body["model"].as_string(), "claude-test");
    EXPECT_EQ(body["max_tokens"], Value(256));
    EXPECT_EQ(body["system"].as_string(), "Extract the invoice.");
    ASSERT_EQ(body["messages"].size(), 1u);
    EXPECT_EQ(body["messages"][0]["role"].as_string(), "user");
    EXPECT_EQ(body["output_config"]["format"]["type"].as_string(), "json_schema");
    EXPECT_EQ(body["output_config"]["format"]["schema"], invoice_schema());
    EXPECT_FALSE(body.contains("response_format"));
}

TEST(AnthropicRequest, MaxTokensIsAlwaysSent) {
    LoopbackServer server;
    ProviderOptions options = on(server, "/v1");
    options.default_max_tokens = 1024;
    Anthropic provider(options);
    ChatRequest r = request_with(Strategy::PromptOnly);
    r.max_tokens.reset();
    EXPECT_EQ(sent(server, provider, r)["max_tokens"], Value(1024));
}

TEST(AnthropicRequest, ToolCallSendsInputSchemaAndAForcedTool) {
    LoopbackServer server;
    Anthropic provider(on(server, "/v1"));
    const Value body = sent(server, provider, request_with(Strategy::ToolCall));
    const Value& tool = body["tools"][0];
    EXPECT_EQ(tool["name"].as_string(), "respond");
    EXPECT_EQ(tool["description"].as_string(), "Give the answer.");
    EXPECT_EQ(tool["input_schema"], invoice_schema());
    EXPECT_FALSE(tool.contains("strict")); // the default capabilities take no strict tools
    EXPECT_EQ(body["tool_choice"], Value::object({{"type", Value("tool")}, {"name", Value("respond")}}));
    ChatRequest any = request_with(Strategy::ToolCall);
    any.tool_choice = {.mode = ToolChoice::Mode::Required};
    EXPECT_EQ(sent(server, provider, any)["tool_choice"], Value::object({{"type", Value("any")}}));
}

TEST(AnthropicRequest, JsonModeIsSentAsPromptOnly) {
    LoopbackServer server;
    Anthropic provider(on(server, "/v1"));
    EXPECT_FALSE(provider.capabilities().json_mode);
    const Value body = sent(server, provider, request_with(Strategy::JsonMode));
    EXPECT_FALSE(body.contains("output_config"));
    EXPECT_FALSE(body.contains("tools"));
}

TEST(AnthropicRequest, ARepairRoundReplaysToolUseAndToolResult) {
    LoopbackServer server;
    Anthropic provider(on(server, "/v1"));
    const Value messages = sent(server, provider, repair_round())["messages"];
    ASSERT_EQ(messages.size(), 4u);
    EXPECT_EQ(messages[1]["role"].as_string(), "assistant");
    const Value& use = messages[1]["content"][0];
    EXPECT_EQ(use["type"].as_string(), "tool_use");
    EXPECT_EQ(use["id"].as_string(), "call_1");
    EXPECT_EQ(use["name"].as_string(), "respond");
    EXPECT_EQ(use["input"], Value::object({{"number", Value("R-17")}}));
    EXPECT_EQ(messages[2]["role"].as_string(), "user");
    const Value& result = messages[2]["content"][0];
    EXPECT_EQ(result["type"].as_string(), "tool_result");
    EXPECT_EQ(result["tool_use_id"].as_string(), "call_1");
    EXPECT_EQ(result["content"].as_string(), "$.total_cents: required field is missing");
    EXPECT_EQ(messages[3]["content"].as_string(), "Fix it.");
}

TEST(AnthropicRequest, AnOverloadedErrorNamesTheProvidersMessageNotTheKey) {
    LoopbackServer server;
    Anthropic provider(on(server, "/v1"));
    server.enqueue(Reply::json(R"({"type":"error","error":{"type":"authentication_error","message":"invalid x-api-key"}})", 401));
    auto r = provider.complete(request_with(Strategy::PromptOnly), {});
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().to_string(), "provider returned status 401: invalid x-api-key");
}
