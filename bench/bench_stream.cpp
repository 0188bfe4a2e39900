// Streaming: SSE parsing plus assembly against a plain byte scan of the same transcript
// (memchr for '\n', the least any line-based reader must do), and the cost of feeding the
// transcript in 1-byte and 64-byte chunks against one chunk (target: 1-byte at most 3x).
// Transcripts are synthetic and deterministic (no data files): an OpenAI Chat Completions stream
// with text deltas and two interleaved parallel tool calls, and an Anthropic Messages stream
// with text, thinking and a tool call, each about 1 MB.
//   Stream/<provider>/byte_scan      memchr '\n' over the transcript
//   Stream/<provider>/sse_only       SseReader alone, one chunk
//   Stream/<provider>/assemble       StreamAssembler::feed (one chunk) + finish
//   Stream/<provider>/assemble_64B   64-byte chunks
//   Stream/<provider>/assemble_1B    1-byte chunks
//   Stream/partial_json/open_string_<n>  PartialJson::view() after every 16-byte delta of one
//                                    string value of n bytes; per-byte cost at 160K against 16K
//                                    shows whether it stays linear (ratio of bytes_per_second)
//   Stream/partial_json/open_array_<n>   the same for one member holding an n-byte array of
//                                    small objects (the open member is the whole text)
#include "register.hpp"

#include <laminate/toolcall/partial_json.hpp>
#include <laminate/toolcall/stream.hpp>

#include <cstring>
#include <string>

namespace laminate::bench {
namespace {

constexpr std::size_t kTargetBytes = std::size_t(1) << 20;

std::string openai_transcript() {
    std::string t;
    auto chunk = [&](const std::string& delta, const char* finish = "null") {
        t += R"(data: {"id":"chatcmpl-bench","object":"chat.completion.chunk","created":1,"model":"gpt-bench","choices":[{"index":0,"delta":)";
        t += delta;
        t += R"(,"finish_reason":)";
        t += finish;
        t += "}]}\n\n";
    };
    chunk(R"({"role":"assistant","content":""})");
    chunk(R"({"tool_calls":[{"index":0,"id":"call_a","type":"function","function":{"name":"search","arguments":""}}]})");
    chunk(R"({"tool_calls":[{"index":1,"id":"call_b","type":"function","function":{"name":"lookup","arguments":""}}]})");
    chunk(R"({"tool_calls":[{"index":0,"function":{"arguments":"{\"items\": ["}}]})");
    chunk(R"({"tool_calls":[{"index":1,"function":{"arguments":"{\"notes\": ["}}]})");
    for (int i = 0; t.size() < kTargetBytes; ++i) {
        const std::string n = std::to_string(i);
        chunk(R"({"content":"word )" + n + R"( "})");
        chunk(R"({"tool_calls":[{"index":0,"function":{"arguments":"{\"id\": )" + n + R"(, \"name\": \"item )" + n + R"(\"}, "}}]})");
        chunk(R"({"tool_calls":[{"index":1,"function":{"arguments":"\"note )" + n + R"(\", "}}]})");
    }
    chunk(R"({"tool_calls":[{"index":0,"function":{"arguments":"{}]}"}}]})");
    chunk(R"({"tool_calls":[{"index":1,"function":{"arguments":"\"end\"]}"}}]})");
    chunk("{}", "\"tool_calls\"");
    t += "data: [DONE]\n\n";
    return t;
}

std::string anthropic_transcript() {
    std::string t;
    auto event = [&](const char* name, const std::string& data) {
        t += "event: ";
        t += name;
        t += "\ndata: ";
        t += data;
        t += "\n\n";
    };
    event("message_start", R"({"type":"message_start","message":{"id":"msg_bench","type":"message","role":"assistant","model":"claude-bench","content":[],"usage":{"input_tokens":10,"output_tokens":1}}})");
    event("content_block_start", R"({"type":"content_block_start","index":0,"content_block":{"type":"thinking","thinking":""}})");
    for (int i = 0; i < 200; ++i)
        event("content_block_delta", R"({"type":"content_block_delta","index":0,"delta":{"type":"thinking_delta","thinking":"step )" + std::to_string(i) + R"( "}})");
    event("content_block_stop", R"({"type":"content_block_stop","index":0})");
    event("content_block_start", R"({"type":"content_block_start","index":1,"content_block":{"type":"text","text":""}})");
    for (int i = 0; i < 2000; ++i)
        event("content_block_delta", R"({"type":"content_block_delta","index":1,"delta":{"type":"text_delta","text":"token )" + std::to_string(i) + R"( "}})");
    event("content_block_stop", R"({"type":"content_block_stop","index":1})");
    event("content_block_start", R"({"type":"content_block_start","index":2,"content_block":{"type":"tool_use","id":"toolu_bench","name":"store","input":{}}})");
    event("content_block_delta", R"({"type":"content_block_delta","index":2,"delta":{"type":"input_json_delta","partial_json":"{\"rows\": ["}})");
    for (int i = 0; t.size() < kTargetBytes; ++i)
        event("content_block_delta", R"({"type":"content_block_delta","index":2,"delta":{"type":"input_json_delta","partial_json":"{\"k\": )" + std::to_string(i) + R"(, \"v\": \"x\"}, "}})");
    event("content_block_delta", R"({"type":"content_block_delta","index":2,"delta":{"type":"input_json_delta","partial_json":"{}]}"}})");
    event("content_block_stop", R"({"type":"content_block_stop","index":2})");
    event("message_delta", R"({"type":"message_delta","delta":{"stop_reason":"tool_use"},"usage":{"output_tokens":5000}})");
    event("message_stop", R"({"type":"message_stop"})");
    return t;
}

void byte_scan(benchmark::State& state, const std::string& t) {
    for (auto _ : state) {
        std::size_t lines = 0;
        const char* p = t.data();
        const char* end = p + t.size();
        while (const void* nl = std::memchr(p, '\n', static_cast<std::size_t>(end - p))) {
            ++lines;
            p = static_cast<const char*>(nl) + 1;
        }
        benchmark::DoNotOptimize(lines);
    }
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * t.size()));
}

void sse_only(benchmark::State& state, const std::string& t) {
    std::vector<toolcall::SseEvent> events;
    for (auto _ : state) {
        toolcall::SseReader reader;
        events.clear();
        if (!reader.feed(t, events) || !reader.finish(events)) state.SkipWithError("SSE failed");
        benchmark::DoNotOptimize(events.data());
    }
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * t.size()));
}

void assemble(benchmark::State& state, const std::string& t, std::size_t chunk) {
    std::size_t calls = 0;
    for (auto _ : state) {
        toolcall::StreamAssembler s;
        for (std::size_t i = 0; i < t.size(); i += chunk) {
            if (!s.feed(std::string_view(t).substr(i, chunk))) {
                state.SkipWithError("feed failed");
                return;
            }
            s.take_deltas();
        }
        auto r = s.finish();
        if (!r) {
            state.SkipWithError("finish failed");
            return;
        }
        calls = r->tool_calls().size();
        benchmark::DoNotOptimize(r->choices.data());
    }
    state.counters["tool_calls"] = static_cast<double>(calls);
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * t.size()));
}

std::string long_string_arguments(std::size_t n) {
    std::string t = R"({"id": 7, "body": ")";
    for (std::size_t i = 0; t.size() < n; ++i) t += i % 10 == 9 ? "\\n" : "word ";
    t += R"("})";
    return t;
}

// One member holding an array of small objects: the open member is the whole text.
std::string nested_member_arguments(std::size_t n) {
    std::string t = R"({"rows": [)";
    for (std::size_t i = 0; t.size() < n; ++i)
        t += (i ? ", " : "") + std::string(R"({"id": )") + std::to_string(i) + R"(, "tags": ["x", "y"], "w": -1.5})";
    t += "]}";
    return t;
}

void partial_viewed_every_16B(benchmark::State& state, const std::string& t) {
    for (auto _ : state) {
        toolcall::PartialJson p;
        for (std::size_t i = 0; i < t.size(); i += 16) {
            p.append(std::string_view(t).substr(i, 16));
            auto v = p.view();
            benchmark::DoNotOptimize(v.open_value);
        }
        if (!p.complete()) state.SkipWithError("arguments not complete");
    }
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * t.size()));
}

void register_provider(const std::string& name, const std::string& transcript) {
    const std::string prefix = "Stream/" + name + "/";
    benchmark::RegisterBenchmark((prefix + "byte_scan").c_str(), [transcript](benchmark::State& s) { byte_scan(s, transcript); });
    benchmark::RegisterBenchmark((prefix + "sse_only").c_str(), [transcript](benchmark::State& s) { sse_only(s, transcript); });
    benchmark::RegisterBenchmark((prefix + "assemble").c_str(),
                                 [transcript](benchmark::State& s) { assemble(s, transcript, transcript.size()); });
    benchmark::RegisterBenchmark((prefix + "assemble_64B").c_str(),
                                 [transcript](benchmark::State& s) { assemble(s, transcript, 64); });
    benchmark::RegisterBenchmark((prefix + "assemble_1B").c_str(),
                                 [transcript](benchmark::State& s) { assemble(s, transcript, 1); });
}

} // namespace

void register_stream() {
    register_provider("openai", openai_transcript());
    register_provider("anthropic", anthropic_transcript());
    for (const std::size_t kib : {16, 160}) {
        const std::string t = long_string_arguments(kib * 1024);
        benchmark::RegisterBenchmark(("Stream/partial_json/open_string_" + std::to_string(kib) + "K").c_str(),
                                     [t](benchmark::State& s) { partial_viewed_every_16B(s, t); });
        const std::string nested = nested_member_arguments(kib * 1024);
        benchmark::RegisterBenchmark(("Stream/partial_json/open_array_" + std::to_string(kib) + "K").c_str(),
                                     [nested](benchmark::State& s) { partial_viewed_every_16B(s, nested); });
    }
}

} // namespace laminate::bench
