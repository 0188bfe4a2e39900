// The stream assemblers: for each provider a stream and the whole body it adds up to read to
// equal Responses; deltas come in order; interleaved parallel OpenAI calls; a stream cut in the
// middle of a call; provider error events; detection; limits.

#include <laminate/toolcall/providers.hpp>
#include <laminate/toolcall/stream.hpp>

#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <vector>

namespace {

using namespace laminate;
using namespace laminate::toolcall;

std::string sse(const std::vector<std::string>& data, const std::vector<std::string>& events = {}) {
    std::string out;
    for (std::size_t i = 0; i < data.size(); ++i) {
        if (i < events.size() && !events[i].empty()) out += "event: " + events[i] + "\n";
        out += "data: " + data[i] + "\n\n";
    }
    return out;
}

Response read_whole(std::string_view body, Format f) {
    auto r = read_response(body, f);
    EXPECT_TRUE(r) << r.error();
    return r ? *r : Response{};
}

Response read_streamed(std::string_view transcript, Format f = Format::AutoDetect) {
    auto r = read_stream(transcript, f);
    EXPECT_TRUE(r) << r.error();
    return r ? *r : Response{};
}

const std::vector<std::string> kOpenAiParallel = {
    R"({"id":"c1","model":"gpt-x","choices":[{"index":0,"delta":{"role":"assistant","content":"Checking"}}]})",
    R"({"id":"c1","model":"gpt-x","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"call_a","type":"function","function":{"name":"weather","arguments":""}}]}}]})",
    R"({"id":"c1","model":"gpt-x","choices":[{"index":0,"delta":{"tool_calls":[{"index":1,"id":"call_b","type":"function","function":{"name":"time","arguments":"{\"tz\":"}}]}}]})",
    R"({"id":"c1","model":"gpt-x","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"{\"city\": \"Pa"}}]}}]})",
    R"({"id":"c1","model":"gpt-x","choices":[{"index":0,"delta":{"tool_calls":[{"index":1,"function":{"arguments":"\"CET\"}"}}]}}]})",
    R"({"id":"c1","model":"gpt-x","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"ris\", \"days\": 3}"}}]}}]})",
    R"({"id":"c1","model":"gpt-x","choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]})",
    R"({"id":"c1","model":"gpt-x","choices":[],"usage":{"prompt_tokens":10,"completion_tokens":5,"total_tokens":15}})",
    "[DONE]"};

TEST(StreamAssembler, OpenAiChatInterleavedParallelCallsEqualTheWholeBody) {
    const auto streamed = read_streamed(sse(kOpenAiParallel));
    const auto whole = read_whole(R"({"id":"c1","model":"gpt-x","choices":[{"index":0,"message":{"role":"assistant",
        "content":"Checking","tool_calls":[
          {"id":"call_a","type":"function","function":{"name":"weather","arguments":"{\"city\": \"Paris\", \"days\": 3}"}},
          {"id":"call_b","type":"function","function":{"name":"time","arguments":"{\"tz\":\"CET\"}"}}]},
        "finish_reason":"tool_calls"}],"usage":{"prompt_tokens":10,"completion_tokens":5,"total_tokens":15}})",
                                  Format::OpenAi);
    EXPECT_EQ(streamed, whole);
    auto calls = streamed.tool_calls();
    ASSERT_EQ(calls.size(), 2u);
    EXPECT_EQ(calls[0]->arguments, Value::object({{"city", "Paris"}, {"days", 3}}));
    EXPECT_EQ(calls[1]->arguments, Value::object({{"tz", "CET"}}));
    EXPECT_EQ(streamed.provider, Format::OpenAi);
    EXPECT_EQ(streamed.usage.total_tokens, 15u);
}

TEST(StreamAssembler, DeltasInOrderWithCallPositions) {
    StreamAssembler s;
    ASSERT_TRUE(s.feed(sse(kOpenAiParallel)));
    auto deltas = s.take_deltas();
    std::vector<std::string> seen;
    for (auto& d : deltas) seen.push_back(std::string(delta_kind_name(d.kind)) + ":" + std::to_string(d.call) + ":" + d.text);
    const std::vector<std::string> expected = {
        "text:0:Checking", "tool_call:0:", "tool_call:1:", "arguments:1:{\"tz\":",
        "arguments:0:{\"city\": \"Pa", "arguments:1:\"CET\"}", "arguments:0:ris\", \"days\": 3}",
        "tool_call_done:0:", "tool_call_done:1:"};
    EXPECT_EQ(seen, expected);
    EXPECT_EQ(deltas[1].name, "weather");
    EXPECT_EQ(deltas[1].id, "call_a");
    EXPECT_EQ(deltas[7].done.arguments, Value::object({{"city", "Paris"}, {"days", 3}}));
    EXPECT_TRUE(s.take_deltas().empty()); // taken
    EXPECT_TRUE(s.finish());
}

TEST(StreamAssembler, StreamCutInsideACallGivesAnIncompleteCall) {
    std::vector<std::string> cut(kOpenAiParallel.begin(), kOpenAiParallel.begin() + 4);
    StreamAssembler s;
    ASSERT_TRUE(s.feed(sse(cut)));
    auto r = s.finish();
    ASSERT_TRUE(r) << r.error();
    auto calls = r->tool_calls();
    ASSERT_EQ(calls.size(), 2u);
    EXPECT_FALSE(calls[0]->complete);
    EXPECT_EQ(calls[0]->arguments["city"], Value("Pa")); // completed, Risky
    EXPECT_FALSE(calls[0]->diagnostics.empty());
    EXPECT_EQ(r->finish().reason, FinishReason::None);
}

TEST(StreamAssembler, AnthropicStreamEqualsTheWholeMessage) {
    const std::vector<std::string> events = {
        "message_start", "content_block_start", "content_block_delta", "content_block_delta", "content_block_stop",
        "content_block_start", "content_block_delta", "content_block_stop", "content_block_start", "ping",
        "content_block_delta", "content_block_delta", "content_block_stop", "message_delta", "message_stop"};
    const std::vector<std::string> data = {
        R"({"type":"message_start","message":{"id":"msg_1","type":"message","role":"assistant","model":"claude-x","content":[],"usage":{"input_tokens":20,"cache_read_input_tokens":4,"output_tokens":1}}})",
        R"({"type":"content_block_start","index":0,"content_block":{"type":"thinking","thinking":"","signature":""}})",
        R"({"type":"content_block_delta","index":0,"delta":{"type":"thinking_delta","thinking":"Need the weather."}})",
        R"({"type":"content_block_delta","index":0,"delta":{"type":"signature_delta","signature":"sig=="}})",
        R"({"type":"content_block_stop","index":0})",
        R"({"type":"content_block_start","index":1,"content_block":{"type":"text","text":""}})",
        R"({"type":"content_block_delta","index":1,"delta":{"type":"text_delta","text":"Let me look."}})",
        R"({"type":"content_block_stop","index":1})",
        R"({"type":"content_block_start","index":2,"content_block":{"type":"tool_use","id":"toolu_1","name":"weather","input":{}}})",
        R"({"type":"ping"})",
        R"({"type":"content_block_delta","index":2,"delta":{"type":"input_json_delta","partial_json":"{\"city\": \"Os"}})",
        R"({"type":"content_block_delta","index":2,"delta":{"type":"input_json_delta","partial_json":"lo\"}"}})",
        R"({"type":"content_block_stop","index":2})",
        R"({"type":"message_delta","delta":{"stop_reason":"tool_use","stop_sequence":null},"usage":{"output_tokens":30}})",
        R"({"type":"message_stop"})"};
    const auto streamed = read_streamed(sse(data, events));
    const auto whole = read_whole(R"({"id":"msg_1","type":"message","role":"assistant","model":"claude-x",
        "content":[{"type":"thinking","thinking":"Need the weather.","signature":"sig=="},
                   {"type":"text","text":"Let me look."},
                   {"type":"tool_use","id":"toolu_1","name":"weather","input":{"city":"Oslo"}}],
        "stop_reason":"tool_use","usage":{"input_tokens":20,"cache_read_input_tokens":4,"output_tokens":30}})",
                                  Format::Anthropic);
    EXPECT_EQ(streamed, whole);
    EXPECT_EQ(streamed.finish().reason, FinishReason::ToolCalls);
    EXPECT_EQ(streamed.usage.cached_tokens, 4u);
    EXPECT_EQ(streamed.usage.output_tokens, 30u);
    EXPECT_EQ(streamed.reasoning(), "Need the weather.");
}

TEST(StreamAssembler, ResponsesApiStreamEqualsItsCompletedBodyAndIsRebuiltWithoutIt) {
    std::string completed =
        R"({"id":"resp_1","object":"response","model":"gpt-r","status":"completed","output":[
          {"type":"message","id":"msg_1","role":"assistant","content":[{"type":"output_text","text":"Hi there"}]},
          {"type":"function_call","id":"fc_1","call_id":"call_1","name":"lookup","arguments":"{\"q\":\"x\"}"}],
          "usage":{"input_tokens":3,"output_tokens":4,"total_tokens":7}})";
    std::erase(completed, '\n'); // one SSE data line
    const std::vector<std::string> data = {
        R"({"type":"response.created","response":{"id":"resp_1","model":"gpt-r","status":"in_progress","output":[]}})",
        R"({"type":"response.output_item.added","output_index":0,"item":{"type":"message","id":"msg_1","role":"assistant","content":[]}})",
        R"({"type":"response.output_text.delta","output_index":0,"content_index":0,"delta":"Hi"})",
        R"({"type":"response.output_text.delta","output_index":0,"content_index":0,"delta":" there"})",
        R"({"type":"response.output_item.added","output_index":1,"item":{"type":"function_call","id":"fc_1","call_id":"call_1","name":"lookup","arguments":""}})",
        R"({"type":"response.function_call_arguments.delta","output_index":1,"item_id":"fc_1","delta":"{\"q\":"})",
        R"({"type":"response.function_call_arguments.delta","output_index":1,"item_id":"fc_1","delta":"\"x\"}"})",
        R"({"type":"response.output_item.done","output_index":1,"item":{"type":"function_call","id":"fc_1","call_id":"call_1","name":"lookup","arguments":"{\"q\":\"x\"}"}})",
        R"({"type":"response.completed","response":)" + completed + "}"};
    const auto whole = read_whole(completed, Format::OpenAiResponses);
    EXPECT_EQ(read_streamed(sse(data)), whole);
    // Without response.completed: rebuilt from the items and deltas (no finish, no usage).
    std::vector<std::string> cut(data.begin(), data.end() - 1);
    auto rebuilt = read_streamed(sse(cut));
    EXPECT_EQ(rebuilt.text(), "Hi there");
    ASSERT_EQ(rebuilt.tool_calls().size(), 1u);
    EXPECT_EQ(*rebuilt.tool_calls()[0], *whole.tool_calls()[0]);
    EXPECT_EQ(rebuilt.finish().reason, FinishReason::None);
}

TEST(StreamAssembler, GeminiChunksEqualTheWholeBodyIncludingStreamedFunctionArguments) {
    const std::vector<std::string> data = {
        R"({"candidates":[{"content":{"parts":[{"text":"Let me "}],"role":"model"},"index":0}],"modelVersion":"gemini-x","responseId":"r1"})",
        R"({"candidates":[{"content":{"parts":[{"text":"check."}],"role":"model"},"index":0}],"modelVersion":"gemini-x","responseId":"r1"})",
        R"({"candidates":[{"content":{"parts":[{"functionCall":{"name":"weather","args":{"city":"Rome"}}}],"role":"model"},"index":0}]})",
        R"({"candidates":[{"content":{"parts":[{"functionCall":{"name":"plan","willContinue":true}}],"role":"model"},"index":0}]})",
        R"({"candidates":[{"content":{"parts":[{"functionCall":{"partialArgs":[{"jsonPath":"$.stops[0].name","stringValue":"Fl","willContinue":true}],"willContinue":true}}],"role":"model"},"index":0}]})",
        R"({"candidates":[{"content":{"parts":[{"functionCall":{"partialArgs":[{"jsonPath":"$.stops[0].name","stringValue":"orence"},{"jsonPath":"$.days","numberValue":2}],"willContinue":true}}],"role":"model"},"index":0}]})",
        R"({"candidates":[{"content":{"parts":[{"functionCall":{}}],"role":"model"},"index":0}]})",
        R"({"candidates":[{"content":{"parts":[{"text":""}],"role":"model"},"finishReason":"STOP","index":0}],"usageMetadata":{"promptTokenCount":5,"candidatesTokenCount":7,"totalTokenCount":12},"modelVersion":"gemini-x","responseId":"r1"})"};
    const auto streamed = read_streamed(sse(data));
    const auto whole = read_whole(R"({"candidates":[{"content":{"parts":[{"text":"Let me check."},
          {"functionCall":{"name":"weather","args":{"city":"Rome"}}},
          {"functionCall":{"name":"plan","args":{"stops":[{"name":"Florence"}],"days":2}}}],"role":"model"},
          "finishReason":"STOP","index":0}],"usageMetadata":{"promptTokenCount":5,"candidatesTokenCount":7,"totalTokenCount":12},
          "modelVersion":"gemini-x","responseId":"r1"})",
                                  Format::Gemini);
    EXPECT_EQ(streamed, whole);
    EXPECT_EQ(streamed.finish().reason, FinishReason::ToolCalls);
    ASSERT_EQ(streamed.tool_calls().size(), 2u);
}

TEST(StreamAssemblerGemini, AStreamedCallKeepsItsThoughtSignature) {
    // The signature comes on the call's first part, or on a later part of the same streamed call.
    const std::vector<std::string> data = {
        R"({"candidates":[{"content":{"parts":[{"functionCall":{"name":"weather","args":{"city":"Rome"}},"thoughtSignature":"c2lnMQ=="}],"role":"model"},"index":0}]})",
        R"({"candidates":[{"content":{"parts":[{"functionCall":{"name":"plan","willContinue":true}}],"role":"model"},"index":0}]})",
        R"({"candidates":[{"content":{"parts":[{"functionCall":{"partialArgs":[{"jsonPath":"$.days","numberValue":2}],"willContinue":true},"thoughtSignature":"c2lnMg=="}],"role":"model"},"index":0}]})",
        R"({"candidates":[{"content":{"parts":[{"functionCall":{}}],"role":"model"},"finishReason":"STOP","index":0}]})"};
    const auto streamed = read_streamed(sse(data));
    const auto calls = streamed.tool_calls();
    ASSERT_EQ(calls.size(), 2u);
    EXPECT_EQ(calls[0]->signature, std::optional<std::string>("c2lnMQ=="));
    EXPECT_EQ(calls[1]->signature, std::optional<std::string>("c2lnMg=="));
    EXPECT_EQ(calls[1]->arguments["days"], Value(2));
}

TEST(StreamAssembler, OllamaNdjsonEqualsTheWholeBody) {
    const std::string ndjson =
        "{\"model\":\"qwen3\",\"created_at\":\"t\",\"message\":{\"role\":\"assistant\",\"content\":\"\",\"thinking\":\"hm\"},\"done\":false}\n"
        "{\"model\":\"qwen3\",\"created_at\":\"t\",\"message\":{\"role\":\"assistant\",\"content\":\"Sure\"},\"done\":false}\r\n"
        "{\"model\":\"qwen3\",\"created_at\":\"t\",\"message\":{\"role\":\"assistant\",\"content\":\"\",\"tool_calls\":[{\"function\":{\"name\":\"get_weather\",\"arguments\":{\"city\":\"Tokyo\"}}}]},\"done\":false}\n"
        "{\"model\":\"qwen3\",\"created_at\":\"t\",\"message\":{\"role\":\"assistant\",\"content\":\"\"},\"done\":true,\"done_reason\":\"stop\",\"prompt_eval_count\":9,\"eval_count\":4}\n";
    const auto streamed = read_streamed(ndjson);
    const auto whole = read_whole(R"({"model":"qwen3","created_at":"t","message":{"role":"assistant","content":"Sure","thinking":"hm",
        "tool_calls":[{"function":{"name":"get_weather","arguments":{"city":"Tokyo"}}}]},"done":true,"done_reason":"stop",
        "prompt_eval_count":9,"eval_count":4})",
                                  Format::Ollama);
    EXPECT_EQ(streamed, whole);
    EXPECT_EQ(streamed.provider, Format::Ollama);
    EXPECT_EQ(streamed.finish().reason, FinishReason::ToolCalls);
}

TEST(StreamAssembler, ProviderErrorEventIsAStreamError) {
    auto r = read_stream("event: error\ndata: {\"type\":\"error\",\"error\":{\"type\":\"overloaded_error\",\"message\":\"secret text\"}}\n\n");
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().kind(), ErrorKind::StreamError);
    EXPECT_EQ(r.error().message().find("secret"), std::string::npos);
}

TEST(StreamAssembler, UnknownStreamIsUnknownFormatAndNotJsonIsStreamError) {
    auto none = read_stream("data: {\"hello\":1}\n\n");
    ASSERT_FALSE(none);
    EXPECT_EQ(none.error().kind(), ErrorKind::UnknownFormat);
    auto empty = read_stream("");
    ASSERT_FALSE(empty);
    EXPECT_EQ(empty.error().kind(), ErrorKind::UnknownFormat);
    auto garbage = read_stream("data: {\"choices\": [\n\n"); // cut: not even repairable JSON
    ASSERT_FALSE(garbage);
    EXPECT_EQ(garbage.error().kind(), ErrorKind::StreamError);
    StreamAssembler raw(Format::Hermes);
    EXPECT_FALSE(raw.feed("data: {}\n\n"));
}

TEST(StreamAssembler, UndetectedChunksAreBounded) {
    StreamOptions o;
    o.max_undetected_chunks = 3;
    StreamAssembler s(Format::AutoDetect, o);
    for (int i = 0; i < 3; ++i) ASSERT_TRUE(s.feed_json("{\"x\":1}"));
    auto r = s.feed_json("{\"x\":1}");
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().kind(), ErrorKind::UnknownFormat);
}

TEST(StreamAssembler, HeldChunksAreReplayedOnceTheProviderIsKnown) {
    StreamAssembler s;
    ASSERT_TRUE(s.feed_json(R"({"ignored":true})"));
    ASSERT_TRUE(s.feed_json(R"({"id":"c","model":"m","choices":[{"index":0,"delta":{"content":"ok"},"finish_reason":"stop"}]})"));
    EXPECT_EQ(s.format(), Format::OpenAi);
    auto r = s.finish();
    ASSERT_TRUE(r);
    EXPECT_EQ(r->text(), "ok");
}

TEST(StreamAssembler, CallLimitIsEnforced) {
    StreamOptions o;
    o.max_calls = 2;
    StreamAssembler s(Format::OpenAi, o);
    std::string chunk = R"({"choices":[{"index":0,"delta":{"tool_calls":[)";
    for (int i = 0; i < 3; ++i) {
        if (i) chunk += ',';
        chunk += R"({"index":)";
        chunk += std::to_string(i);
        chunk += R"(,"id":"c","function":{"name":"f","arguments":"{}"}})";
    }
    chunk += "]}}]}";
    auto r = s.feed_json(chunk);
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().kind(), ErrorKind::BufferExceeded);
}

TEST(StreamAssembler, PartialArgumentsWhileStreaming) {
    StreamAssembler s;
    std::vector<std::string> head(kOpenAiParallel.begin(), kOpenAiParallel.begin() + 4);
    ASSERT_TRUE(s.feed(sse(head)));
    const PartialJson* args = s.partial_arguments(0);
    ASSERT_NE(args, nullptr);
    auto view = args->view();
    EXPECT_TRUE(view.has_open);
    EXPECT_EQ(view.open_key, "city");
    EXPECT_EQ(*view.open_value, Value("Pa"));
    EXPECT_EQ(s.partial_arguments(5), nullptr);
}

} // namespace

namespace {

TEST(StreamAssemblerGemini, CallCutWhileItsArgumentsStreamKeepsWhatArrived) {
    const std::vector<std::string> data = {
        R"({"candidates":[{"content":{"parts":[{"functionCall":{"name":"plan","willContinue":true}}],"role":"model"},"index":0}]})",
        R"({"candidates":[{"content":{"parts":[{"functionCall":{"partialArgs":[{"jsonPath":"$.city","stringValue":"Ber","willContinue":true}],"willContinue":true}}],"role":"model"},"index":0}]})",
        R"({"candidates":[{"content":{"parts":[{"functionCall":{"partialArgs":[{"jsonPath":"$.city","stringValue":"lin","willContinue":true}],"willContinue":true}}],"role":"model"},"index":0}]})"};
    auto r = read_stream(sse(data));
    ASSERT_TRUE(r) << r.error();
    auto calls = r->tool_calls();
    ASSERT_EQ(calls.size(), 1u);
    EXPECT_FALSE(calls[0]->complete);
    EXPECT_EQ(calls[0]->arguments, Value::object({{"city", "Berlin"}}));
}

TEST(StreamAssemblerGemini, ManyTextChunksJoinIntoOneBlock) {
    std::vector<std::string> data;
    std::string expected;
    for (int i = 0; i < 500; ++i) {
        const std::string word = std::to_string(i);
        std::string chunk = R"({"candidates":[{"content":{"parts":[{"text":"w)";
        chunk += word;
        chunk += R"( "}],"role":"model"},"index":0}]})";
        data.push_back(std::move(chunk));
        expected += 'w';
        expected += word;
        expected += ' ';
    }
    auto r = read_stream(sse(data));
    ASSERT_TRUE(r) << r.error();
    ASSERT_EQ(r->primary().content.size(), 1u);
    EXPECT_EQ(r->text(), expected);
}

} // namespace

namespace {

// The first error of feeding `text` in chunks of `chunk` bytes, if any (finish is not called).
std::optional<Error> first_feed_error(const std::string& text, std::size_t chunk, const StreamOptions& o) {
    StreamAssembler s(Format::AutoDetect, o);
    for (std::size_t i = 0; i < text.size(); i += chunk)
        if (auto r = s.feed(std::string_view(text).substr(i, chunk)); !r) return r.error();
    return std::nullopt;
}

// Found by sse_fuzzer: an event completed before an over-long line is read before the line's
// buffer_exceeded, in one chunk as in small ones, so the error does not depend on chunking.
TEST(StreamAssemblerErrors, EventsBeforeAFramingErrorAreReadFirst) {
    StreamOptions o;
    o.sse.max_line = 32;
    const std::string text = "data: not json {\n\ndata: " + std::string(64, 'x') + "\n\n";
    for (std::size_t chunk : {text.size(), std::size_t{1}, std::size_t{2}, std::size_t{7}}) {
        const std::optional<Error> error = first_feed_error(text, chunk, o);
        ASSERT_TRUE(error.has_value()) << chunk;
        EXPECT_EQ(error->kind(), ErrorKind::StreamError) << chunk;
    }
}

TEST(StreamAssemblerErrors, LeadingBlankLimitDoesNotDependOnChunking) {
    // Found by sse_fuzzer: 100 blank bytes then a field, against max_line 64. In 6-byte chunks the
    // blanks were held and refused; in one chunk they went straight to the SSE reader.
    StreamOptions o;
    o.sse.max_line = 64;
    const std::string text = std::string(100, '\r') + "D";
    for (std::size_t chunk : {text.size(), std::size_t{6}, std::size_t{1}}) {
        const std::optional<Error> error = first_feed_error(text, chunk, o);
        ASSERT_TRUE(error.has_value()) << chunk;
        EXPECT_EQ(error->kind(), ErrorKind::BufferExceeded) << chunk;
    }
    // At the limit: accepted.
    EXPECT_FALSE(first_feed_error(std::string(64, '\n') + "data: {}\n\n", 1000, o).has_value());
}

} // namespace
