// Ollama's native /api/chat: format, options, stream false, tool calls with object arguments.
#include "fixtures.hpp"

#include <gtest/gtest.h>

using namespace laminate;
using namespace laminate::lm;
using namespace laminate::lm::test_fixtures;
using laminate::test::LoopbackServer;
using laminate::test::Reply;

namespace {

Value sent(LoopbackServer& server, Ollama& provider, const ChatRequest& request) {
    return sent_body(server, provider, request, ollama_reply());
}

ProviderOptions local(const LoopbackServer& server) { return ProviderOptions{.base_url = server.url(), .model = "qwen-test"}; }

} // namespace

TEST(OllamaRequest, NativeSchemaIsTheFormatAndSamplingGoesInOptions) {
    LoopbackServer server;
    auto provider = Ollama::local("qwen-test", {.base_url = server.url()});
    const Value body = sent(server, provider, request_with(Strategy::NativeSchema));
    const auto req = server.requests().back();
    EXPECT_EQ(req.path, "/api/chat");
    EXPECT_FALSE(req.has_header("Authorization"));
    EXPECT_EQ(body["model"].as_string(), "qwen-test");
    EXPECT_EQ(body["stream"], Value(false)); // Ollama streams unless told not to
    EXPECT_EQ(body["format"], invoice_schema());
    EXPECT_EQ(body["options"]["temperature"].as_double(), 0.0);
    EXPECT_EQ(body["options"]["num_predict"], Value(256));
    ASSERT_EQ(body["messages"].size(), 2u);
    EXPECT_EQ(body["messages"][0]["role"].as_string(), "system");
}

TEST(OllamaRequest, JsonModeIsFormatJson) {
    LoopbackServer server;
    Ollama provider(local(server));
    EXPECT_EQ(sent(server, provider, request_with(Strategy::JsonMode))["format"], Value("json"));
}

TEST(OllamaRequest, ANamedToolChoiceOffersOnlyThatTool) {
    LoopbackServer server;
    Ollama provider(local(server));
    ChatRequest r = request_with(Strategy::ToolCall);
    r.tools.push_back(ToolSpec{.name = "other", .parameters = Value::object({{"type", Value("object")}})});
    const Value body = sent(server, provider, r);
    ASSERT_EQ(body["tools"].size(), 1u);
    EXPECT_EQ(body["tools"][0]["type"].as_string(), "function");
    EXPECT_EQ(body["tools"][0]["function"]["name"].as_string(), "respond");
    EXPECT_EQ(body["tools"][0]["function"]["parameters"], invoice_schema());
    EXPECT_FALSE(body.contains("tool_choice"));
}

TEST(OllamaRequest, ARepairRoundReplaysToolCallsWithObjectArguments) {
    LoopbackServer server;
    Ollama provider(local(server));
    const Value messages = sent(server, provider, repair_round())["messages"];
    ASSERT_EQ(messages.size(), 5u);
    EXPECT_EQ(messages[2]["tool_calls"][0]["function"]["name"].as_string(), "respond");
    EXPECT_EQ(messages[2]["tool_calls"][0]["function"]["arguments"], Value::object({{"number", Value("R-17")}}));
    EXPECT_EQ(messages[3]["role"].as_string(), "tool");
    EXPECT_EQ(messages[3]["tool_name"].as_string(), "respond");
}

TEST(OllamaRequest, AToolCallAnswerIsRead) {
    LoopbackServer server;
    Ollama provider(local(server));
    server.enqueue(Reply::json(R"({"model":"qwen-test","message":{"role":"assistant","content":"","tool_calls":[)"
                               R"({"function":{"name":"respond","arguments":{"number":"R-1","total_cents":5}}}]},"done":true,"done_reason":"stop"})"));
    auto done = provider.complete(request_with(Strategy::ToolCall), {});
    ASSERT_TRUE(done) << done.error().to_string();
    ASSERT_EQ(done->response.tool_calls().size(), 1u);
    EXPECT_EQ(done->response.tool_calls()[0]->arguments["total_cents"], Value(5));
    EXPECT_EQ(done->response.finish().reason, toolcall::FinishReason::ToolCalls);
}
