#pragma once
// Streamed responses: one assembler for every provider's stream, ending in the same Response the
// non-streaming reader (providers.hpp) gives for the equivalent whole body.
//
//   StreamAssembler s;                        // provider detected from the first events
//   for (auto chunk : socket) {
//       if (auto r = s.feed(chunk); !r) return r.error();
//       for (auto& d : s.take_deltas()) ...   // text, reasoning, tool-call argument deltas
//   }
//   auto response = s.finish();
//
// Input comes framed (feed: SSE bytes, or NDJSON for Ollama), as events already framed
// (feed_event), or as the bare JSON chunks (feed_json / feed_value: what an SDK hands out, or the
// vercel-ai recordings). Streams: OpenAI Chat Completions and compatible servers (delta.content,
// reasoning_content, refusal, tool_calls by index, interleaved parallel calls included, a usage
// chunk, [DONE]); the OpenAI Responses API (response.* events; response.completed carries the
// whole body); Anthropic Messages (message_start, content_block_start/delta/stop with text_delta,
// input_json_delta, thinking_delta, signature_delta, message_delta); Gemini (every chunk a
// GenerateContentResponse; functionCall whole, or streamed as partialArgs); Ollama /api/chat
// NDJSON (message.content, thinking, tool_calls, done).
//
// finish() builds the whole body the deltas add up to and reads it with read_response, so both
// paths share every convention; tool-call arguments are then read from the streamed text
// (read_arguments), and a call still open when the stream ended is complete = false.

#include <laminate/result.hpp>
#include <laminate/toolcall/partial_json.hpp>
#include <laminate/toolcall/response.hpp>
#include <laminate/toolcall/sse.hpp>

#include <cstddef>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace laminate::toolcall {

enum class DeltaKind : unsigned char {
    Text,         // text appended to the reply
    Reasoning,    // thinking / reasoning text
    Refusal,      // refusal text
    ToolCall,     // a tool call began: id and name known (as far as the provider says)
    Arguments,    // argument text appended to a tool call
    ToolCallDone, // a tool call is complete: `call` holds it, Arguments read
};

// "text", "reasoning", "refusal", "tool_call", "arguments", "tool_call_done".
std::string_view delta_kind_name(DeltaKind k) noexcept;

struct StreamDelta {
    DeltaKind kind = DeltaKind::Text;
    std::size_t choice = 0; // the choice (candidate) index
    std::size_t call = 0;   // for tool-call deltas: the call's position among the choice's calls
    std::string text;       // the appended text (text, reasoning, refusal, arguments)
    std::string id, name;   // tool_call and tool_call_done
    ToolCall done;          // tool_call_done: the call as finish() will report it
};

struct StreamOptions {
    SseOptions sse;
    NdjsonOptions ndjson;
    // Chunks held while the provider is not yet known; beyond this, unknown_format.
    std::size_t max_undetected_chunks = 16;
    // Tool calls and blocks accepted in one stream (a malformed stream cannot grow state without
    // bound).
    std::size_t max_calls = 4096;
    std::size_t max_choices = 128;
};

namespace detail {
class StreamState; // one per provider, in src/toolcall/stream_*.cpp
}

class StreamAssembler {
public:
    explicit StreamAssembler(Format format = Format::AutoDetect, StreamOptions options = {});
    ~StreamAssembler();
    StreamAssembler(StreamAssembler&&) noexcept;
    StreamAssembler& operator=(StreamAssembler&&) noexcept;

    // Transcript bytes: SSE, or NDJSON for Ollama (auto: NDJSON when the first non-blank byte is
    // '{'). Returns the number of deltas produced. Errors: buffer_exceeded (framing limits),
    // unknown_format (no provider recognised), stream_error (a provider's error event, or a
    // chunk that is not JSON). After an error every call fails.
    Result<std::size_t> feed(std::string_view bytes) {
        // Inline so that a 1-byte chunk inside an SSE line costs an append, not two calls and
        // two Result<size_t> built and destroyed out of line.
        if (framing_ == Framing::Sse && !error_ && sse_.feed_inside_line(bytes)) return std::size_t{0};
        return feed_bytes(bytes);
    }
    // One framed SSE event ("[DONE]" and pings are fine).
    Result<std::size_t> feed_event(const SseEvent& event);
    // One JSON chunk without framing; event_name is the SSE event type when known.
    Result<std::size_t> feed_json(std::string_view chunk, std::string_view event_name = {});
    Result<std::size_t> feed_value(const Value& chunk, std::string_view event_name = {});

    // The deltas since the last call, in order.
    std::vector<StreamDelta> take_deltas() { return std::exchange(deltas_, {}); }
    // The arguments of a tool call so far (calls counted per choice, from 0), or nullptr when
    // there is no such call.
    const PartialJson* partial_arguments(std::size_t call, std::size_t choice = 0) const;
    // The provider being read (auto_detect until known).
    Format format() const noexcept;

    // End of stream: flushes framing and returns the assembled Response. A stream cut before its
    // end still gives what arrived (finish reason none when none came, open calls incomplete).
    // unknown_format when nothing recognisable arrived.
    Result<Response> finish();

private:
    Result<std::size_t> feed_bytes(std::string_view bytes);
    Result<std::size_t> fail(Error e);
    Result<std::size_t> dispatch(const Value& chunk, std::string_view event_name);
    Result<std::size_t> feed_framed(std::string_view bytes);
    Result<std::size_t> framing_failed(Error e);
    Result<std::size_t> take_framed();

    StreamOptions options_;
    Format format_;
    std::unique_ptr<detail::StreamState> state_;
    SseReader sse_;
    NdjsonReader ndjson_;
    enum class Framing : unsigned char { Unknown, Sse, Ndjson } framing_ = Framing::Unknown;
    std::vector<SseEvent> events_;
    std::vector<std::string> lines_;
    std::string pending_; // leading blank bytes, before the framing is known
    std::vector<std::pair<Value, std::string>> held_; // chunks before the provider is known
    std::vector<StreamDelta> deltas_;
    std::optional<Error> error_;
    bool finished_ = false;
};

// Reads a whole transcript (SSE or NDJSON bytes) in one call.
Result<Response> read_stream(std::string_view transcript, Format format = Format::AutoDetect,
                             StreamOptions options = {});

// The provider of one stream chunk (a parsed event's data), or auto_detect. The event name, when
// the SSE carried one, helps (Anthropic and the Responses API name every event).
Format detect_stream_format(const Value& chunk, std::string_view event_name = {});

} // namespace laminate::toolcall
