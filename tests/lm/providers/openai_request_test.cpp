// OpenAI Chat Completions: the request body each strategy sends, field by field, and the
// answer read back.
#include "fixtures.hpp"

#include <gtest/gtest.h>

using namespace laminate;
using namespace laminate::lm;
using namespace laminate::lm::test_fixtures;
using laminate::test::LoopbackServer;
using laminate::test::Reply;

namespace {

Value sent(LoopbackServer& server, OpenAiCompatible& provider, const ChatRequest& request) {
    return sent_body(server, provider, request, openai_reply(), std::nullopt);
}

} // namespace

TEST(OpenAiRequest, NativeSchemaSendsAStrictJsonSchemaResponseFormat) {
    LoopbackServer server;
    auto provider = OpenAiCompatible::openai("gpt-test", on(server, "/v1"));
    const Value body = sent(server, provider, request_with(Strategy::NativeSchema));
    const auto req = server.requests().back();
    EXPECT_EQ(req.path, "/v1/chat/completions");
    EXPECT_EQ(req.header("Authorization"), "Bearer sk-test-KEY123456");
    EXPECT_EQ(req.header("Content-Type"), "application/json");
    EXPECT_EQ(body["model"].as_string(), "gpt-test");
    ASSERT_EQ(body["messages"].size(), 2u);
    EXPECT_EQ(body["messages"][0]["role"].as_string(), "system");
    EXPECT_EQ(body["messages"][0]["content"].as_string(), "Extract the invoice.");
    EXPECT_EQ(body["messages"][1]["role"].as_string(), "user");
    EXPECT_EQ(body["temperature"].as_double(), 0.0);
    EXPECT_EQ(body["max_completion_tokens"], Value(256)); // OpenAI deprecated max_tokens
    EXPECT_FALSE(body.contains("max_tokens"));
    EXPECT_EQ(body["response_format"]["type"].as_string(), "json_schema");
    EXPECT_EQ(body["response_format"]["json_schema"]["name"].as_string(), "output");
    EXPECT_EQ(body["response_format"]["json_schema"]["strict"], Value(true));
    EXPECT_EQ(body["response_format"]["json_schema"]["schema"], invoice_schema());
    EXPECT_FALSE(body.contains("tools"));
    EXPECT_FALSE(body.contains("stream"));
}

TEST(OpenAiRequest, AGenericServerGetsANonStrictSchemaAndMaxTokens) {
    LoopbackServer server;
    OpenAiCompatible provider(on(server, "/v1"));
    EXPECT_EQ(provider.capabilities().dialect, Dialect::Generic);
    const Value body = sent(server, provider, request_with(Strategy::NativeSchema));
    EXPECT_EQ(body["response_format"]["json_schema"]["strict"], Value(false));
    EXPECT_EQ(body["max_tokens"], Value(256));
    EXPECT_FALSE(body.contains("max_completion_tokens"));
}

TEST(OpenAiRequest, ToolCallSendsFunctionToolsAndANamedChoice) {
    LoopbackServer server;
    auto provider = OpenAiCompatible::openai("gpt-test", on(server, "/v1"));
    const Value body = sent(server, provider, request_with(Strategy::ToolCall));
    ASSERT_EQ(body["tools"].size(), 1u);
    const Value& tool = body["tools"][0];
    EXPECT_EQ(tool["type"].as_string(), "function");
    EXPECT_EQ(tool["function"]["name"].as_string(), "respond");
    EXPECT_EQ(tool["function"]["description"].as_string(), "Give the answer.");
    EXPECT_EQ(tool["function"]["parameters"], invoice_schema());
    EXPECT_EQ(tool["function"]["strict"], Value(true));
    EXPECT_EQ(body["tool_choice"]["type"].as_string(), "function");
    EXPECT_EQ(body["tool_choice"]["function"]["name"].as_string(), "respond");
    EXPECT_FALSE(body.contains("response_format"));
}

TEST(OpenAiRequest, ToolChoiceModesHaveTheirOwnSpelling) {
    LoopbackServer server;
    OpenAiCompatible provider(on(server, "/v1"));
    ChatRequest r = request_with(Strategy::ToolCall);
    r.tool_choice = {.mode = ToolChoice::Mode::Required};
    EXPECT_EQ(sent(server, provider, r)["tool_choice"], Value("required"));
    r.tool_choice = {.mode = ToolChoice::Mode::None};
    EXPECT_EQ(sent(server, provider, r)["tool_choice"], Value("none"));
    r.tool_choice = {.mode = ToolChoice::Mode::Auto};
    EXPECT_FALSE(sent(server, provider, r).contains("tool_choice"));
}

TEST(OpenAiRequest, JsonModeAndPromptOnly) {
    LoopbackServer server;
    OpenAiCompatible provider(on(server, "/v1"));
    EXPECT_EQ(sent(server, provider, request_with(Strategy::JsonMode))["response_format"],
              Value::object({{"type", Value("json_object")}}));
    const Value plain = sent(server, provider, request_with(Strategy::PromptOnly));
    EXPECT_FALSE(plain.contains("response_format"));
    EXPECT_FALSE(plain.contains("tools"));
}

TEST(OpenAiRequest, ARepairRoundReplaysTheToolCallAndItsResult) {
    LoopbackServer server;
    OpenAiCompatible provider(on(server, "/v1"));
    const Value body = sent(server, provider, repair_round());
    const Value& messages = body["messages"];
    ASSERT_EQ(messages.size(), 5u);
    const Value& assistant = messages[2];
    EXPECT_EQ(assistant["role"].as_string(), "assistant");
    EXPECT_TRUE(assistant["content"].is_null());
    EXPECT_EQ(assistant["tool_calls"][0]["id"].as_string(), "call_1");
    EXPECT_EQ(assistant["tool_calls"][0]["type"].as_string(), "function");
    EXPECT_EQ(assistant["tool_calls"][0]["function"]["name"].as_string(), "respond");
    EXPECT_EQ(assistant["tool_calls"][0]["function"]["arguments"].as_string(), R"({"number":"R-17"})");
    EXPECT_EQ(messages[3]["role"].as_string(), "tool");
    EXPECT_EQ(messages[3]["tool_call_id"].as_string(), "call_1");
    EXPECT_EQ(messages[3]["content"].as_string(), "$.total_cents: required field is missing");
    EXPECT_EQ(messages[4]["role"].as_string(), "user");
}

TEST(OpenAiRequest, TheAnswerIsReadWithUsageLatencyAndAttempts) {
    LoopbackServer server;
    OpenAiCompatible provider(on(server, "/v1"));
    server.enqueue(Reply::json(openai_reply()));
    auto done = provider.complete(request_with(Strategy::NativeSchema), {});
    ASSERT_TRUE(done);
    EXPECT_EQ(done->response.provider, toolcall::Format::OpenAi);
    EXPECT_EQ(done->response.model, "gpt-test-2026");
    EXPECT_EQ(done->response.text(), R"({"number":"R-17","total_cents":11900})");
    EXPECT_EQ(done->response.usage.output_tokens, 7u);
    EXPECT_EQ(done->http_attempts, 1u);
    EXPECT_GT(done->latency.count(), 0);
}

TEST(OpenAiRequest, AModelInTheRequestOverridesTheProvidersAndExtraHeadersAreSent) {
    LoopbackServer server;
    ProviderOptions options = on(server, "/v1");
    options.headers = {{"OpenAI-Organization", "org-1"}};
    OpenAiCompatible provider(options);
    ChatRequest r = request_with(Strategy::PromptOnly);
    r.model = "other-model";
    EXPECT_EQ(sent(server, provider, r)["model"].as_string(), "other-model");
    EXPECT_EQ(server.requests().back().header("OpenAI-Organization"), "org-1");
}

TEST(OpenAiRequest, NoKeyMeansNoAuthorizationHeader) {
    LoopbackServer server;
    auto provider = OpenAiCompatible::ollama("qwen3:8b", {.base_url = server.url() + "/v1"});
    EXPECT_EQ(provider.name(), "ollama");
    sent(server, provider, request_with(Strategy::PromptOnly));
    EXPECT_FALSE(server.requests().back().has_header("Authorization"));
}

TEST(OpenAiRequest, StrategiesThatLackTheirInputAreInvalidRequests) {
    LoopbackServer server;
    OpenAiCompatible provider(on(server, "/v1"));
    ChatRequest r = request_with(Strategy::PromptOnly);
    r.strategy = Strategy::NativeSchema;
    auto a = provider.complete(r, {});
    ASSERT_FALSE(a);
    EXPECT_EQ(a.error().reason, ProviderError::Reason::InvalidRequest);
    r.strategy = Strategy::ToolCall;
    auto b = provider.complete(r, {});
    ASSERT_FALSE(b);
    EXPECT_EQ(b.error().reason, ProviderError::Reason::InvalidRequest);
    EXPECT_EQ(server.request_count(), 0u);
}

TEST(OpenAiRequest, ABodyThatIsNoResponseIsMalformed) {
    LoopbackServer server;
    OpenAiCompatible provider(on(server, "/v1"));
    server.enqueue(Reply::json("<<not json at all>>"));
    auto r = provider.complete(request_with(Strategy::PromptOnly), {});
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().reason, ProviderError::Reason::MalformedResponse);
    EXPECT_EQ(r.error().body, "<<not json at all>>");
    EXPECT_EQ(r.error().message.find("not json"), std::string::npos);
    server.enqueue(Reply::json(R"({"unexpected": "shape"})"));
    auto s = provider.complete(request_with(Strategy::PromptOnly), {});
    ASSERT_FALSE(s);
    EXPECT_EQ(s.error().reason, ProviderError::Reason::MalformedResponse);
}
