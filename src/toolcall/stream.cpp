// StreamAssembler: framing (SSE or NDJSON), provider detection from the first chunks, and the
// final Response read from the body the provider state builds (stream.hpp).

#include <laminate/parse.hpp>
#include <laminate/toolcall/providers.hpp>
#include <laminate/toolcall/stream.hpp>

#include "stream_state.hpp"

#include <utility>

namespace laminate::toolcall {

namespace detail {

void StreamState::emit_call(DeltaKind kind, std::size_t choice, std::size_t call, const StreamCall& c,
                            std::string text) {
    StreamDelta d;
    d.kind = kind;
    d.choice = choice;
    d.call = call;
    d.text = std::move(text);
    d.id = c.id;
    d.name = c.name;
    out_.push_back(std::move(d));
}

void StreamState::emit_done(std::size_t choice, std::size_t call, StreamCall& c) {
    c.closed = true;
    StreamDelta d;
    d.kind = DeltaKind::ToolCallDone;
    d.choice = choice;
    d.call = call;
    d.id = c.id;
    d.name = c.name;
    d.done = to_tool_call(c);
    out_.push_back(std::move(d));
}

Result<bool> StreamState::too_many(std::string_view what) {
    return Error(ErrorKind::BufferExceeded, "stream has more " + std::string(what) + " than the configured limit");
}

ToolCall to_tool_call(const StreamCall& c) {
    ToolCall tc;
    tc.id = c.id;
    tc.name = c.name;
    if (c.has_text || c.value.is_null()) read_arguments(tc, c.arguments.text(), !c.closed);
    else set_arguments(tc, c.value);
    if (!c.closed) tc.complete = false;
    return tc;
}

std::string_view append_string(std::string& into, const Value& v, std::string_view key) {
    const Value* m = v.find(key);
    if (!m || !m->is_string() || m->as_string().empty()) return {};
    const std::size_t at = into.size();
    into.append(m->as_string());
    return std::string_view(into).substr(at);
}

} // namespace detail

std::string_view delta_kind_name(DeltaKind k) noexcept {
    switch (k) {
    case DeltaKind::Text: return "text";
    case DeltaKind::Reasoning: return "reasoning";
    case DeltaKind::Refusal: return "refusal";
    case DeltaKind::ToolCall: return "tool_call";
    case DeltaKind::Arguments: return "arguments";
    case DeltaKind::ToolCallDone: return "tool_call_done";
    }
    return "text";
}

namespace {

bool starts_with(std::string_view s, std::string_view prefix) { return s.substr(0, prefix.size()) == prefix; }

std::string_view type_of(const Value& chunk) {
    const Value* t = chunk.find("type");
    return t && t->is_string() ? t->as_string() : std::string_view{};
}

bool is_anthropic_event(std::string_view type) {
    return type == "message_start" || type == "message_delta" || type == "message_stop" ||
           starts_with(type, "content_block_");
}

std::unique_ptr<detail::StreamState> make_state(Format f, const StreamOptions& o, std::vector<StreamDelta>& out) {
    switch (f) {
    case Format::OpenAi: return detail::make_openai_chat_stream(o, out);
    case Format::OpenAiResponses: return detail::make_openai_responses_stream(o, out);
    case Format::Anthropic: return detail::make_anthropic_stream(o, out);
    case Format::Gemini: return detail::make_gemini_stream(o, out);
    case Format::Ollama: return detail::make_ollama_stream(o, out);
    default: return nullptr;
    }
}

bool blank_byte(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

} // namespace

Format detect_stream_format(const Value& chunk, std::string_view event_name) {
    if (is_anthropic_event(event_name)) return Format::Anthropic;
    if (starts_with(event_name, "response.")) return Format::OpenAiResponses;
    if (!chunk.is_object()) return Format::AutoDetect;
    const std::string_view type = type_of(chunk);
    if (is_anthropic_event(type)) return Format::Anthropic;
    if (starts_with(type, "response.")) return Format::OpenAiResponses;
    if (chunk["choices"].is_array()) return Format::OpenAi;
    if (chunk["candidates"].is_array() || chunk["usageMetadata"].is_object() || chunk["promptFeedback"].is_object())
        return Format::Gemini;
    if ((chunk["message"].is_object() || chunk["response"].is_string()) &&
        (chunk.contains("done") || chunk.contains("created_at")))
        return Format::Ollama;
    return Format::AutoDetect;
}

StreamAssembler::StreamAssembler(Format format, StreamOptions options)
    : options_(options), format_(format), sse_(options.sse), ndjson_(options.ndjson) {
    if (format_ != Format::AutoDetect) {
        state_ = make_state(format_, options_, deltas_);
        if (!state_)
            error_ = Error(ErrorKind::UnknownFormat, "format " + std::string(format_name(format_)) + " is not streamed");
    }
}

StreamAssembler::~StreamAssembler() = default;
StreamAssembler::StreamAssembler(StreamAssembler&&) noexcept = default;
StreamAssembler& StreamAssembler::operator=(StreamAssembler&&) noexcept = default;

Format StreamAssembler::format() const noexcept { return state_ ? state_->format() : Format::AutoDetect; }

Result<std::size_t> StreamAssembler::fail(Error e) {
    error_ = e;
    return e;
}

const PartialJson* StreamAssembler::partial_arguments(std::size_t call, std::size_t choice) const {
    if (!state_) return nullptr;
    const auto* calls = state_->calls(choice);
    if (!calls || call >= calls->size()) return nullptr;
    return &(*calls)[call].arguments;
}

Result<std::size_t> StreamAssembler::dispatch(const Value& chunk, std::string_view event_name) {
    if (!state_) {
        const Format f = detect_stream_format(chunk, event_name);
        if (f == Format::AutoDetect) {
            if (chunk.is_object() && chunk.contains("error"))
                return fail(Error(ErrorKind::StreamError, "the stream carried an error event"));
            if (held_.size() >= options_.max_undetected_chunks)
                return fail(Error(ErrorKind::UnknownFormat, "stream chunks of no known provider format"));
            held_.emplace_back(chunk, std::string(event_name));
            return std::size_t{0};
        }
        state_ = make_state(f, options_, deltas_);
        auto held = std::move(held_);
        held_.clear();
        for (auto& [value, name] : held)
            if (auto r = state_->on_chunk(value, name); !r) return fail(r.error());
    }
    if (auto r = state_->on_chunk(chunk, event_name); !r) return fail(r.error());
    return std::size_t{0};
}

Result<std::size_t> StreamAssembler::feed_value(const Value& chunk, std::string_view event_name) {
    if (error_) return *error_;
    const std::size_t before = deltas_.size();
    if (auto r = dispatch(chunk, event_name); !r) return r;
    return deltas_.size() - before;
}

Result<std::size_t> StreamAssembler::feed_json(std::string_view chunk, std::string_view event_name) {
    if (error_) return *error_;
    auto parsed = parse(chunk);
    if (!parsed)
        return fail(Error(ErrorKind::StreamError, "stream chunk is not JSON (" +
                                                       std::string(parsed.error().kind_name()) + ")"));
    return feed_value(parsed->value, event_name);
}

Result<std::size_t> StreamAssembler::feed_event(const SseEvent& event) {
    if (error_) return *error_;
    std::string_view data = event.data;
    while (!data.empty() && blank_byte(data.front())) data.remove_prefix(1);
    if (data.empty() || data == "[DONE]") return std::size_t{0};
    if (event.event == "error" && !state_ && held_.empty())
        return fail(Error(ErrorKind::StreamError, "the stream carried an error event"));
    return feed_json(data, event.event);
}

Result<std::size_t> StreamAssembler::take_framed() {
    std::size_t produced = 0;
    for (auto& e : events_) {
        auto r = feed_event(e);
        if (!r) return r;
        produced += *r;
    }
    events_.clear();
    for (auto& line : lines_) {
        auto r = feed_json(line);
        if (!r) return r;
        produced += *r;
    }
    lines_.clear();
    return produced;
}

// A framing error (a line over the limit) comes after the events completed before it: those
// are read first, so that which error is reported does not depend on how the bytes were chunked.
Result<std::size_t> StreamAssembler::framing_failed(Error e) {
    if (auto r = take_framed(); !r) return r;
    return fail(std::move(e));
}

Result<std::size_t> StreamAssembler::feed_framed(std::string_view bytes) {
    if (framing_ == Framing::Sse) {
        if (auto r = sse_.feed(bytes, events_); !r) return framing_failed(r.error());
    } else {
        if (auto r = ndjson_.feed(bytes, lines_); !r) return framing_failed(r.error());
    }
    // Most small chunks complete no event: skip the hand-over (1-byte chunks stay cheap).
    if (events_.empty() && lines_.empty()) return std::size_t{0};
    return take_framed();
}

Result<std::size_t> StreamAssembler::feed_bytes(std::string_view bytes) {
    if (error_) return *error_;
    if (framing_ == Framing::Sse) { // the common case, kept short for small chunks
        if (auto r = sse_.feed(bytes, events_); !r) return framing_failed(r.error());
        if (events_.empty()) return std::size_t{0};
        return take_framed();
    }
    if (framing_ == Framing::Unknown) {
        // NDJSON when the first non-blank byte opens a JSON object (Ollama); SSE lines start
        // with a field name or ':'.
        std::size_t i = 0;
        while (i < bytes.size() && blank_byte(bytes[i])) ++i;
        // The same limit on the leading blanks however the stream is chunked: whether they came
        // alone (held in pending_) or ahead of the first byte in this chunk.
        if (pending_.size() + i > options_.sse.max_line)
            return fail(Error(ErrorKind::BufferExceeded, "stream starts with too much blank space"));
        if (i == bytes.size()) {
            pending_.append(bytes);
            return std::size_t{0};
        }
        framing_ = bytes[i] == '{' ? Framing::Ndjson : Framing::Sse;
        if (!pending_.empty()) {
            std::string head = std::move(pending_);
            pending_.clear();
            if (auto r = feed_framed(head); !r) return r;
        }
    }
    return feed_framed(bytes);
}

Result<Response> StreamAssembler::finish() {
    if (error_) return *error_;
    if (!finished_) {
        finished_ = true;
        if (framing_ == Framing::Sse) {
            if (auto r = sse_.finish(events_); !r) return framing_failed(r.error()).error();
        } else if (framing_ == Framing::Ndjson) {
            if (auto r = ndjson_.finish(lines_); !r) return framing_failed(r.error()).error();
        }
        if (auto r = take_framed(); !r) return r.error();
    }
    if (!state_) return Error(ErrorKind::UnknownFormat, "no stream chunk of a known provider format");
    auto response = read_response(state_->body(), state_->format());
    if (!response) return response;
    // A call still open when the stream ended: the reader saw its text, but not that it was
    // cut off, so read it again as truncated (complete = false).
    for (auto& choice : response->choices) {
        const auto* calls = state_->calls(choice.index);
        if (!calls) continue;
        std::size_t k = 0;
        for (auto& block : choice.content) {
            auto* tc = std::get_if<ToolCall>(&block);
            if (!tc) continue;
            if (k < calls->size() && !(*calls)[k].closed && !(*calls)[k].has_text) {
                tc->complete = false; // arguments sent as values: the body has what arrived
            } else if (k < calls->size() && !(*calls)[k].closed) {
                const auto& sc = (*calls)[k];
                ToolCall fresh = detail::to_tool_call(sc);
                fresh.id = tc->id; // the reader's (fallback ids included)
                fresh.name = tc->name;
                *tc = std::move(fresh);
            }
            ++k;
        }
    }
    return response;
}

Result<Response> read_stream(std::string_view transcript, Format format, StreamOptions options) {
    StreamAssembler s(format, options);
    if (auto r = s.feed(transcript); !r) return r.error();
    return s.finish();
}

} // namespace laminate::toolcall
