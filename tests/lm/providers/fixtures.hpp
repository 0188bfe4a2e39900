#pragma once
// Requests and replies the provider tests share.
#include <laminate/lm/providers.hpp>
#include <laminate/parse.hpp>

#include "loopback_server.hpp"

#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <string_view>

namespace laminate::lm::test_fixtures {

inline Value invoice_schema() {
    return parse_json(R"({"type":"object","properties":{"number":{"type":"string"},"total_cents":{"type":"integer"}},)"
                      R"("required":["number","total_cents"],"additionalProperties":false})")
        .value();
}

inline ChatRequest request_with(Strategy strategy) {
    ChatRequest r{.messages = {{Role::System, "Extract the invoice."}, {Role::User, "Invoice R-17, 119.00 EUR"}},
                  .strategy = strategy};
    if (strategy == Strategy::NativeSchema) {
        r.output_schema = invoice_schema();
        r.strict = true;
    }
    if (strategy == Strategy::ToolCall) {
        r.tools.push_back(ToolSpec{.name = "respond", .description = "Give the answer.", .parameters = invoice_schema(), .strict = true});
        r.tool_choice = ToolChoice{.mode = ToolChoice::Mode::Named, .name = "respond"};
    }
    r.temperature = 0.0;
    r.max_tokens = 256;
    return r;
}

// A repair round: the previous answer (a tool call) and its result sent back.
inline ChatRequest repair_round() {
    ChatRequest r = request_with(Strategy::ToolCall);
    toolcall::ToolCall call;
    call.id = "call_1";
    call.name = "respond";
    call.arguments = parse_json(R"({"number":"R-17"})").value();
    call.raw_arguments = R"({"number":"R-17"})";
    r.messages.push_back(Message{.role = Role::Assistant, .content = "", .tool_calls = {call}});
    r.messages.push_back(Message{.role = Role::Tool, .content = "$.total_cents: required field is missing", .tool_call_id = "call_1"});
    r.messages.push_back(Message{.role = Role::User, .content = "Fix it."});
    return r;
}

inline std::string openai_reply(const std::string& content = R"({\"number\":\"R-17\",\"total_cents\":11900})") {
    return R"({"id":"chatcmpl-1","object":"chat.completion","model":"gpt-test-2026","choices":[{"index":0,)"
           R"("message":{"role":"assistant","content":")" + content + R"("},"finish_reason":"stop"}],)"
           R"("usage":{"prompt_tokens":50,"completion_tokens":7,"total_tokens":57}})";
}

inline std::string responses_reply() {
    return R"({"id":"resp_1","object":"response","status":"completed","model":"gpt-test","output":[{"type":"message",)"
           R"("id":"msg_1","status":"completed","role":"assistant","content":[{"type":"output_text","text":"{\"number\":\"R-17\"}",)"
           R"("annotations":[]}]}],"usage":{"input_tokens":10,"output_tokens":5,"total_tokens":15}})";
}

inline std::string anthropic_reply() {
    return R"({"id":"msg_1","type":"message","role":"assistant","model":"claude-test","content":[{"type":"text",)"
           R"("text":"{\"number\":\"R-17\"}"}],"stop_reason":"end_turn","usage":{"input_tokens":10,"output_tokens":5}})";
}

inline std::string gemini_reply() {
    return R"({"candidates":[{"content":{"role":"model","parts":[{"text":"{\"number\":\"R-17\"}"}]},"finishReason":"STOP",)"
           R"("index":0}],"usageMetadata":{"promptTokenCount":10,"candidatesTokenCount":5,"totalTokenCount":15},)"
           R"("modelVersion":"gemini-test"})";
}

inline std::string ollama_reply() {
    return R"({"model":"qwen-test","created_at":"2026-12-06T12:00:00Z","message":{"role":"assistant",)"
           R"("content":"{\"number\":\"R-17\"}"},"done":true,"done_reason":"stop","prompt_eval_count":10,"eval_count":5})";
}

// The provider's base_url on the loopback server.
inline ProviderOptions on(const laminate::test::LoopbackServer& server, std::string path = "", std::string model = "test-model") {
    return ProviderOptions{.base_url = server.url() + path, .model = std::move(model), .api_key = "sk-test-KEY123456",
                           .http = {.retry = {.max_attempts = 1}}};
}

// Sends `request` through `provider` to `server`, which answers `reply`, and returns the JSON
// body the server received. The call must succeed and, unless `answer` is nullopt, read back
// that text.
inline Value sent_body(laminate::test::LoopbackServer& server, Provider& provider, const ChatRequest& request,
                       const std::string& reply, std::optional<std::string_view> answer = R"({"number":"R-17"})") {
    server.enqueue(laminate::test::Reply::json(reply));
    auto done = provider.complete(request, {});
    EXPECT_TRUE(done) << done.error().to_string();
    if (done && answer) {
        EXPECT_EQ(done->response.text(), *answer);
    }
    return server.requests().back().json();
}

} // namespace laminate::lm::test_fixtures
