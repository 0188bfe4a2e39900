// The OpenAI Responses API: instructions, input items, text.format, flat function tools.
#include "fixtures.hpp"

#include <gtest/gtest.h>

using namespace laminate;
using namespace laminate::lm;
using namespace laminate::lm::test_fixtures;
using laminate::test::LoopbackServer;

namespace {

Value sent(LoopbackServer& server, OpenAiResponses& provider, const ChatRequest& request) {
    return sent_body(server, provider, request, responses_reply());
}

} // namespace

TEST(ResponsesRequest, NativeSchemaSendsTextFormatAndSystemAsInstructions) {
    LoopbackServer server;
    auto provider = OpenAiResponses::openai("gpt-test", on(server, "/v1"));
    const Value body = sent(server, provider, request_with(Strategy::NativeSchema));
    EXPECT_EQ(server.requests().back().path, "/v1/responses");
    EXPECT_EQ(server.requests().back().header("Authorization"), "Bearer sk-test-KEY123456");
    EXPECT_EQ(body["model"].as_string(), "gpt-test");
    EXPECT_EQ(body["instructions"].as_string(), "Extract the invoice.");
    ASSERT_EQ(body["input"].size(), 1u);
    EXPECT_EQ(body["input"][0]["role"].as_string(), "user");
    EXPECT_EQ(body["input"][0]["content"].as_string(), "Invoice R-17, 119.00 EUR");
    EXPECT_EQ(body["max_output_tokens"], Value(256));
    EXPECT_EQ(body["temperature"].as_double(), 0.0);
    const Value& format = body["text"]["format"];
    EXPECT_EQ(format["type"].as_string(), "json_schema");
    EXPECT_EQ(format["name"].as_string(), "output");
    EXPECT_EQ(format["strict"], Value(true));
    EXPECT_EQ(format["schema"], invoice_schema());
    EXPECT_FALSE(body.contains("messages"));
}

TEST(ResponsesRequest, ToolCallSendsFlatFunctionToolsAndChoice) {
    LoopbackServer server;
    auto provider = OpenAiResponses::openai("gpt-test", on(server, "/v1"));
    const Value body = sent(server, provider, request_with(Strategy::ToolCall));
    const Value& tool = body["tools"][0];
    EXPECT_EQ(tool["type"].as_string(), "function");
    EXPECT_EQ(tool["name"].as_string(), "respond");
    EXPECT_EQ(tool["description"].as_string(), "Give the answer.");
    EXPECT_EQ(tool["parameters"], invoice_schema());
    EXPECT_EQ(tool["strict"], Value(true));
    EXPECT_FALSE(tool.contains("function"));
    EXPECT_EQ(body["tool_choice"], Value::object({{"type", Value("function")}, {"name", Value("respond")}}));
    EXPECT_FALSE(body.contains("text"));
}

TEST(ResponsesRequest, NonStrictToolsSayStrictFalseBecauseTheApiDefaultsToStrict) {
    LoopbackServer server;
    auto provider = OpenAiResponses::openai("gpt-test", on(server, "/v1"));
    ChatRequest r = request_with(Strategy::ToolCall);
    r.tools[0].strict = false;
    EXPECT_EQ(sent(server, provider, r)["tools"][0]["strict"], Value(false));
}

TEST(ResponsesRequest, JsonModeIsAJsonObjectFormat) {
    LoopbackServer server;
    auto provider = OpenAiResponses::openai("gpt-test", on(server, "/v1"));
    EXPECT_EQ(sent(server, provider, request_with(Strategy::JsonMode))["text"]["format"],
              Value::object({{"type", Value("json_object")}}));
}

TEST(ResponsesRequest, ARepairRoundReplaysFunctionCallItems) {
    LoopbackServer server;
    auto provider = OpenAiResponses::openai("gpt-test", on(server, "/v1"));
    const Value input = sent(server, provider, repair_round())["input"];
    ASSERT_EQ(input.size(), 4u);
    EXPECT_EQ(input[1]["type"].as_string(), "function_call");
    EXPECT_EQ(input[1]["call_id"].as_string(), "call_1");
    EXPECT_EQ(input[1]["name"].as_string(), "respond");
    EXPECT_EQ(input[1]["arguments"].as_string(), R"({"number":"R-17"})");
    EXPECT_EQ(input[2]["type"].as_string(), "function_call_output");
    EXPECT_EQ(input[2]["call_id"].as_string(), "call_1");
    EXPECT_EQ(input[2]["output"].as_string(), "$.total_cents: required field is missing");
    EXPECT_EQ(input[3]["role"].as_string(), "user");
}

TEST(ResponsesRequest, AnAssistantTextTurnIsAnAssistantMessage) {
    LoopbackServer server;
    auto provider = OpenAiResponses::openai("gpt-test", on(server, "/v1"));
    ChatRequest r = request_with(Strategy::PromptOnly);
    r.messages.push_back({Role::Assistant, R"({"number": "A"})"});
    r.messages.push_back({Role::User, "total_cents is missing"});
    const Value input = sent(server, provider, r)["input"];
    ASSERT_EQ(input.size(), 3u);
    EXPECT_EQ(input[1], Value::object({{"role", Value("assistant")}, {"content", Value(R"({"number": "A"})")}}));
}
