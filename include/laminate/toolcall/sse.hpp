#pragma once
// Stream framing readers: Server-Sent Events (the WHATWG event-stream format every hosted
// provider streams in) and NDJSON (Ollama: one JSON document a line). Both are incremental:
// feed() takes chunks exactly as a socket delivers them, split anywhere — inside a line, inside
// a CRLF, inside a UTF-8 character — and emits only complete events or lines. Bytes are buffered,
// never decoded per chunk, so a character split across chunks stays intact.
//
// Both enforce a buffer limit: a line or event larger than the configured maximum is a
// buffer_exceeded error (the reader then stays failed), never unbounded growth.

#include <laminate/result.hpp>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace laminate::toolcall {

struct SseEvent {
    std::string event; // the `event:` field; empty means the default type "message"
    std::string data;  // the `data:` lines joined with '\n'
    std::string id;    // the last event id in force when this event was dispatched
    std::optional<std::uint64_t> retry; // a `retry:` given in this event (digits only)
    friend bool operator==(const SseEvent&, const SseEvent&) = default;
};

struct SseOptions {
    // Longest line (field name + value) and largest event (its data) accepted. Providers send
    // events of a few KiB; image-generation partials reach a few MiB.
    std::size_t max_line = std::size_t(16) << 20;
    std::size_t max_event = std::size_t(32) << 20;
};

class SseReader {
public:
    explicit SseReader(SseOptions options = {}) : options_(options) {}

    // Reads a chunk; appends every event it completes to `out`. Returns how many were appended,
    // or buffer_exceeded (then every later call fails the same way).
    Result<std::size_t> feed(std::string_view chunk, std::vector<SseEvent>& out);
    // The common case of tiny chunks (a socket handing out a few bytes at a time): a chunk that
    // only continues the current line is appended, inline, and true returned; false (nothing
    // done) for anything else, which then goes to feed(). Same effect as feed() returning 0.
    bool feed_inside_line(std::string_view chunk) {
        if (failed_ || !bom_done_ || after_cr_ || line_.empty() || chunk.size() > 16 ||
            line_.size() + chunk.size() > options_.max_line)
            return false;
        for (const char c : chunk)
            if (c == '\n' || c == '\r') return false;
        line_.append(chunk.data(), chunk.size());
        offset_ += chunk.size();
        return true;
    }
    // End of stream: a last line without its line end is read, and a pending event with data is
    // dispatched even without the blank line that should close it (streams are often cut so).
    Result<std::size_t> finish(std::vector<SseEvent>& out);

    // The `id:` most recently set (persists across events, as for reconnection), and the last
    // `retry:` value seen.
    const std::string& last_event_id() const noexcept { return last_id_; }
    std::optional<std::uint64_t> retry() const noexcept { return retry_; }
    // Bytes fed so far (used for error offsets).
    std::size_t bytes_read() const noexcept { return offset_; }

private:
    Result<std::size_t> fail(std::string message);
    bool process_line(std::string_view line, std::vector<SseEvent>& out);
    void dispatch(std::vector<SseEvent>& out);
    Result<std::size_t> feed_body(std::string_view chunk, std::vector<SseEvent>& out);

    SseOptions options_;
    std::string line_;      // a line not yet ended
    std::string data_;      // data lines of the pending event, each followed by '\n'
    std::string event_;     // event type of the pending event
    std::string last_id_;
    std::optional<std::uint64_t> retry_;
    std::optional<std::uint64_t> event_retry_;
    std::string bom_;       // the first bytes while they may still be a byte order mark
    bool bom_done_ = false;
    bool after_cr_ = false; // the last byte seen was a CR: a following LF belongs to it
    bool has_data_ = false;
    bool failed_ = false;
    std::size_t offset_ = 0;
    std::size_t error_offset_ = 0;
};

struct NdjsonOptions {
    std::size_t max_line = std::size_t(16) << 20;
};

// Newline-delimited JSON: one document a line (LF or CRLF). Blank lines are skipped; each line
// is handed out as text, for the caller to parse.
class NdjsonReader {
public:
    explicit NdjsonReader(NdjsonOptions options = {}) : options_(options) {}

    // Appends every complete non-blank line (without its line end) to `out`.
    Result<std::size_t> feed(std::string_view chunk, std::vector<std::string>& out);
    // A last line without a line end.
    Result<std::size_t> finish(std::vector<std::string>& out);

private:
    Result<std::size_t> fail();
    void emit(std::string_view line, std::vector<std::string>& out, std::size_t& count);

    NdjsonOptions options_;
    std::string line_;
    bool failed_ = false;
    std::size_t offset_ = 0;
};

} // namespace laminate::toolcall
