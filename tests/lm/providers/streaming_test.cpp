// Streaming through each provider: the request asks for a stream, deltas arrive in order on the
// caller's thread, the Completion holds the whole Response, and a stream cut mid-way is a
// Transport error, never a truncated success.
#include "fixtures.hpp"

#include <gtest/gtest.h>

#include <stdexcept>
#include <thread>

using namespace laminate;
using namespace laminate::lm;
using namespace laminate::lm::test_fixtures;
using laminate::test::LoopbackServer;
using laminate::test::Reply;

namespace {

const std::vector<std::string> kOpenAiChunks = {
    R"({"id":"c1","object":"chat.completion.chunk","model":"m","choices":[{"index":0,"delta":{"role":"assistant","content":"{\"number\":"}}]})",
    R"({"id":"c1","object":"chat.completion.chunk","model":"m","choices":[{"index":0,"delta":{"content":"\"R-17\"}"}}]})",
    R"({"id":"c1","object":"chat.completion.chunk","model":"m","choices":[{"index":0,"delta":{},"finish_reason":"stop"}]})",
    R"({"id":"c1","object":"chat.completion.chunk","model":"m","choices":[],"usage":{"prompt_tokens":9,"completion_tokens":4,"total_tokens":13}})",
    "[DONE]"};

struct Collected {
    std::string text;
    std::size_t deltas = 0;
    std::thread::id thread;
};

CallOptions collecting(Collected& c) {
    return CallOptions{.on_delta = [&c](const toolcall::StreamDelta& d) {
        ++c.deltas;
        c.thread = std::this_thread::get_id();
        if (d.kind == toolcall::DeltaKind::Text) c.text += d.text;
    }};
}

std::string sse_events(const std::vector<std::pair<std::string, std::string>>& events) {
    std::string out;
    for (const auto& [name, data] : events) out += "event: " + name + "\ndata: " + data + "\n\n";
    return out;
}

} // namespace

TEST(ProviderStreaming, OpenAiStreamsDeltasAndAssemblesTheWholeResponse) {
    LoopbackServer server;
    OpenAiCompatible provider(on(server, "/v1"));
    server.enqueue(Reply::sse(kOpenAiChunks));
    Collected c;
    auto done = provider.complete(request_with(Strategy::JsonMode), collecting(c));
    ASSERT_TRUE(done) << done.error().to_string();
    const auto req = server.requests().back();
    EXPECT_EQ(req.json()["stream"], Value(true));
    EXPECT_EQ(req.json()["stream_options"]["include_usage"], Value(true));
    EXPECT_EQ(req.header("Accept"), "text/event-stream");
    EXPECT_EQ(c.text, R"({"number":"R-17"})");
    EXPECT_EQ(c.deltas, 2u);
    EXPECT_EQ(c.thread, std::this_thread::get_id());
    EXPECT_EQ(done->response.text(), R"({"number":"R-17"})");
    EXPECT_EQ(done->response.finish().reason, toolcall::FinishReason::Stop);
    EXPECT_EQ(done->response.usage.output_tokens, 4u);
}

TEST(ProviderStreaming, AStreamCutMidWayIsATransportError) {
    LoopbackServer server;
    OpenAiCompatible provider(on(server, "/v1"));
    server.enqueue(Reply::sse(kOpenAiChunks).cut(2)); // two chunks, then the connection closes
    server.enqueue(Reply::json(openai_reply()));       // must not be used: a started stream is not retried
    ProviderOptions retrying = on(server, "/v1");
    retrying.http.retry = {.max_attempts = 3, .initial_backoff = std::chrono::milliseconds(1)};
    OpenAiCompatible retrying_provider(retrying);
    Collected c;
    auto done = retrying_provider.complete(request_with(Strategy::JsonMode), collecting(c));
    ASSERT_FALSE(done);
    EXPECT_EQ(done.error().reason, ProviderError::Reason::Transport);
    EXPECT_NE(done.error().message.find("cut off"), std::string::npos) << done.error().message;
    EXPECT_EQ(c.text, R"({"number":"R-17"})"); // what arrived was handed out
    EXPECT_EQ(server.request_count(), 1u);
}

TEST(ProviderStreaming, AStreamThatEndsBeforeItsFinishIsATransportError) {
    LoopbackServer server;
    OpenAiCompatible provider(on(server, "/v1"));
    server.enqueue(Reply::sse({kOpenAiChunks[0], kOpenAiChunks[1]})); // a clean end, but no finish_reason
    Collected c;
    auto done = provider.complete(request_with(Strategy::JsonMode), collecting(c));
    ASSERT_FALSE(done);
    EXPECT_EQ(done.error().reason, ProviderError::Reason::Transport);
    EXPECT_EQ(done.error().message, "the stream ended before the response was complete");
}

TEST(ProviderStreaming, AnErrorStatusBeforeTheStreamIsRetriedAndThenStreams) {
    LoopbackServer server;
    ProviderOptions options = on(server, "/v1");
    options.http.retry = {.max_attempts = 2, .initial_backoff = std::chrono::milliseconds(1)};
    OpenAiCompatible provider(options);
    server.enqueue(Reply::status_only(503));
    server.enqueue(Reply::sse(kOpenAiChunks));
    Collected c;
    auto done = provider.complete(request_with(Strategy::JsonMode), collecting(c));
    ASSERT_TRUE(done) << done.error().to_string();
    EXPECT_EQ(done->http_attempts, 2u);
    EXPECT_EQ(c.text, R"({"number":"R-17"})");
}

TEST(ProviderStreaming, AnErrorEventInTheStreamIsMalformedAndQuotesNothing) {
    LoopbackServer server;
    OpenAiCompatible provider(on(server, "/v1"));
    server.enqueue(Reply::sse({kOpenAiChunks[0], R"({"error":{"message":"this is not a good stream","type":"server_error"}})"}));
    Collected c;
    auto done = provider.complete(request_with(Strategy::JsonMode), collecting(c));
    ASSERT_FALSE(done);
    EXPECT_EQ(done.error().reason, ProviderError::Reason::MalformedResponse);
    EXPECT_EQ(done.error().message.find("this is not"), std::string::npos);
    EXPECT_NE(done.error().body.find("this is not a good stream"), std::string::npos); // kept raw
}

TEST(ProviderStreaming, ResponsesStreamsTextDeltas) {
    LoopbackServer server;
    auto provider = OpenAiResponses::openai("gpt-test", on(server, "/v1"));
    const std::string completed = R"({"type":"response.completed","response":)" + responses_reply() + "}";
    server.enqueue(Reply::stream_text(
        sse_events({{"response.created", R"({"type":"response.created","response":{"id":"resp_1","status":"in_progress","output":[]}})"},
                    {"response.output_item.added", R"({"type":"response.output_item.added","output_index":0,"item":{"type":"message","id":"msg_1","status":"in_progress","role":"assistant","content":[]}})"},
                    {"response.content_part.added", R"({"type":"response.content_part.added","item_id":"msg_1","output_index":0,"content_index":0,"part":{"type":"output_text","text":"","annotations":[]}})"},
                    {"response.output_text.delta", R"({"type":"response.output_text.delta","item_id":"msg_1","output_index":0,"content_index":0,"delta":"{\"number\":"})"},
                    {"response.output_text.delta", R"({"type":"response.output_text.delta","item_id":"msg_1","output_index":0,"content_index":0,"delta":"\"R-17\"}"})"},
                    {"response.completed", completed}}),
        "text/event-stream", 40));
    Collected c;
    auto done = provider.complete(request_with(Strategy::NativeSchema), collecting(c));
    ASSERT_TRUE(done) << done.error().to_string();
    EXPECT_EQ(server.requests().back().json()["stream"], Value(true));
    EXPECT_EQ(c.text, R"({"number":"R-17"})");
    EXPECT_EQ(done->response.text(), R"({"number":"R-17"})");
}

TEST(ProviderStreaming, AnthropicStreamsToolArguments) {
    LoopbackServer server;
    Anthropic provider(on(server, "/v1"));
    server.enqueue(Reply::stream_text(
        sse_events({{"message_start", R"({"type":"message_start","message":{"id":"msg_1","type":"message","role":"assistant","model":"claude-test","content":[],"stop_reason":null,"usage":{"input_tokens":10,"output_tokens":1}}})"},
                    {"content_block_start", R"({"type":"content_block_start","index":0,"content_block":{"type":"tool_use","id":"toolu_1","name":"respond","input":{}}})"},
                    {"content_block_delta", R"({"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":"{\"number\": \"R-"}})"},
                    {"content_block_delta", R"({"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":"17\", \"total_cents\": 11900}"}})"},
                    {"content_block_stop", R"({"type":"content_block_stop","index":0})"},
                    {"message_delta", R"({"type":"message_delta","delta":{"stop_reason":"tool_use"},"usage":{"output_tokens":20}})"},
                    {"message_stop", R"({"type":"message_stop"})"}}),
        "text/event-stream", 50));
    std::string arguments;
    std::size_t done_calls = 0;
    auto done = provider.complete(request_with(Strategy::ToolCall), CallOptions{.on_delta = [&](const toolcall::StreamDelta& d) {
                                      if (d.kind == toolcall::DeltaKind::Arguments) arguments += d.text;
                                      if (d.kind == toolcall::DeltaKind::ToolCallDone) ++done_calls;
                                  }});
    ASSERT_TRUE(done) << done.error().to_string();
    EXPECT_EQ(server.requests().back().json()["stream"], Value(true));
    EXPECT_EQ(arguments, R"({"number": "R-17", "total_cents": 11900})");
    EXPECT_EQ(done_calls, 1u);
    ASSERT_EQ(done->response.tool_calls().size(), 1u);
    EXPECT_EQ(done->response.tool_calls()[0]->arguments["total_cents"], Value(11900));
    EXPECT_EQ(done->response.finish().reason, toolcall::FinishReason::ToolCalls);
}

TEST(ProviderStreaming, GeminiStreamsFromStreamGenerateContentWithAltSse) {
    LoopbackServer server;
    Gemini provider(on(server, "/v1beta", "gemini-test"));
    server.enqueue(Reply::sse(
        {R"({"candidates":[{"content":{"role":"model","parts":[{"text":"{\"number\":"}]},"index":0}]})",
         R"({"candidates":[{"content":{"role":"model","parts":[{"text":"\"R-17\"}"}]},"finishReason":"STOP","index":0}],"usageMetadata":{"promptTokenCount":3,"candidatesTokenCount":4}})"}));
    Collected c;
    auto done = provider.complete(request_with(Strategy::NativeSchema), collecting(c));
    ASSERT_TRUE(done) << done.error().to_string();
    const auto req = server.requests().back();
    EXPECT_EQ(req.path, "/v1beta/models/gemini-test:streamGenerateContent");
    EXPECT_EQ(req.query, "alt=sse");
    EXPECT_EQ(c.text, R"({"number":"R-17"})");
    EXPECT_EQ(done->response.finish().reason, toolcall::FinishReason::Stop);
}

TEST(ProviderStreaming, OllamaStreamsNdjson) {
    LoopbackServer server;
    Ollama provider({.base_url = server.url(), .model = "qwen-test"});
    server.enqueue(Reply::stream_text(
        R"({"model":"qwen-test","message":{"role":"assistant","content":"{\"number\":"},"done":false})" "\n"
        R"({"model":"qwen-test","message":{"role":"assistant","content":"\"R-17\"}"},"done":false})" "\n"
        R"({"model":"qwen-test","message":{"role":"assistant","content":""},"done":true,"done_reason":"stop","eval_count":4})" "\n",
        "application/x-ndjson", 30));
    Collected c;
    auto done = provider.complete(request_with(Strategy::NativeSchema), collecting(c));
    ASSERT_TRUE(done) << done.error().to_string();
    EXPECT_EQ(server.requests().back().json()["stream"], Value(true));
    EXPECT_EQ(server.requests().back().header("Accept"), "application/x-ndjson");
    EXPECT_EQ(c.text, R"({"number":"R-17"})");
    EXPECT_EQ(done->response.text(), R"({"number":"R-17"})");
}

TEST(ProviderStreaming, AStopRequestEndsAStreamThatHangs) {
    LoopbackServer server;
    OpenAiCompatible provider(on(server, "/v1"));
    Reply slow = Reply::sse(kOpenAiChunks);
    slow.chunk_delay = std::chrono::seconds(30);
    server.enqueue(std::move(slow));
    std::stop_source stop;
    Collected c;
    CallOptions options = collecting(c);
    options.stop = stop.get_token();
    std::thread canceller([&] {
        std::this_thread::sleep_for(std::chrono::milliseconds(150));
        stop.request_stop();
    });
    const auto start = std::chrono::steady_clock::now();
    auto done = provider.complete(request_with(Strategy::JsonMode), options);
    canceller.join();
    ASSERT_FALSE(done);
    EXPECT_EQ(done.error().reason, ProviderError::Reason::Cancelled);
    EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(2));
}

TEST(ProviderStreaming, AnExceptionFromOnDeltaAbortsTheCallAndPropagates) {
    LoopbackServer server;
    OpenAiCompatible provider(on(server, "/v1"));
    server.enqueue(Reply::sse(kOpenAiChunks));
    CallOptions options{.on_delta = [](const toolcall::StreamDelta&) { throw std::runtime_error("enough"); }};
    EXPECT_THROW((void)provider.complete(request_with(Strategy::JsonMode), options), std::runtime_error);
    // The client is still usable afterwards.
    server.enqueue(Reply::json(openai_reply()));
    EXPECT_TRUE(provider.complete(request_with(Strategy::JsonMode), {}));
}
