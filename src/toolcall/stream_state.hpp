#pragma once
// The per-provider half of StreamAssembler: each provider's state reads parsed chunks, emits
// deltas, and at the end builds the whole body its non-streaming reader reads (stream.hpp).

#include <laminate/toolcall/partial_json.hpp>
#include <laminate/toolcall/stream.hpp>

#include <cstddef>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace laminate::toolcall::detail {

// A tool call while its arguments stream in.
struct StreamCall {
    std::string id, name;
    PartialJson arguments;
    bool has_text = false; // arguments came as text (else `value` holds them)
    Value value;           // arguments the provider sent as a value (Gemini, Ollama)
    bool closed = false;
};

class StreamState {
public:
    StreamState(const StreamOptions& options, std::vector<StreamDelta>& out)
        : options_(options), out_(out) {}
    virtual ~StreamState() = default;
    StreamState(const StreamState&) = delete;
    StreamState& operator=(const StreamState&) = delete;

    // One parsed chunk (the data of one event) and the event's type when the framing named it.
    // Errors are stream_error (a provider error event) or buffer_exceeded (state limits).
    virtual Result<bool> on_chunk(const Value& chunk, std::string_view event) = 0;
    // The whole body the chunks add up to, in the provider's non-streaming format.
    virtual Value body() const = 0;
    // The calls of one choice, in the order the body lists them.
    virtual const std::vector<StreamCall>* calls(std::size_t choice) const = 0;
    virtual Format format() const noexcept = 0;

protected:
    void emit(DeltaKind kind, std::size_t choice, std::string text) {
        StreamDelta d;
        d.kind = kind;
        d.choice = choice;
        d.text = std::move(text);
        out_.push_back(std::move(d));
    }
    void emit_call(DeltaKind kind, std::size_t choice, std::size_t call, const StreamCall& c,
                   std::string text = {});
    // Emits tool_call_done with the call read as finish() will report it.
    void emit_done(std::size_t choice, std::size_t call, StreamCall& c);
    Result<bool> too_many(std::string_view what);

    const StreamOptions& options_;
    std::vector<StreamDelta>& out_;
};

// The call as a ToolCall: text arguments through read_arguments (truncated when still open),
// value arguments through set_arguments.
ToolCall to_tool_call(const StreamCall& c);

// A chunk's string member appended to `into`; returns the appended text (empty if none).
std::string_view append_string(std::string& into, const Value& v, std::string_view key);

std::unique_ptr<StreamState> make_openai_chat_stream(const StreamOptions&, std::vector<StreamDelta>&);
std::unique_ptr<StreamState> make_openai_responses_stream(const StreamOptions&, std::vector<StreamDelta>&);
std::unique_ptr<StreamState> make_anthropic_stream(const StreamOptions&, std::vector<StreamDelta>&);
std::unique_ptr<StreamState> make_gemini_stream(const StreamOptions&, std::vector<StreamDelta>&);
std::unique_ptr<StreamState> make_ollama_stream(const StreamOptions&, std::vector<StreamDelta>&);

} // namespace laminate::toolcall::detail
