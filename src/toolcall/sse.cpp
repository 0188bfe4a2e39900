// The SSE reader, after the WHATWG HTML "event stream interpretation" rules: lines end in CRLF,
// LF or CR; a line starting with ':' is a comment; "name: value" sets a field (one leading space
// of the value dropped), a line without ':' is a field with an empty value; a blank line
// dispatches the pending event when it has data. Unknown fields are ignored.

#include <laminate/toolcall/sse.hpp>

#include <cstring>

namespace laminate::toolcall {

namespace {

constexpr std::string_view kBom = "\xEF\xBB\xBF";

// The end of the next line in [p, end): the first CR or LF, or end. LF is by far the most common
// line end, so memchr for it first and only then look for a CR before it.
const char* find_line_end(const char* p, const char* end) {
    const void* lf = std::memchr(p, '\n', static_cast<std::size_t>(end - p));
    const char* stop = lf ? static_cast<const char*>(lf) : end;
    const void* cr = std::memchr(p, '\r', static_cast<std::size_t>(stop - p));
    return cr ? static_cast<const char*>(cr) : stop;
}

bool all_digits(std::string_view s) {
    if (s.empty()) return false;
    for (char c : s)
        if (c < '0' || c > '9') return false;
    return true;
}

} // namespace

Result<std::size_t> SseReader::fail(std::string message) {
    failed_ = true;
    error_offset_ = offset_;
    return Error(ErrorKind::BufferExceeded, std::move(message), error_offset_);
}

void SseReader::dispatch(std::vector<SseEvent>& out) {
    if (has_data_) {
        SseEvent e;
        data_.pop_back(); // the '\n' after the last data line
        e.data = std::move(data_);
        e.event = std::move(event_);
        e.id = last_id_;
        e.retry = event_retry_;
        out.push_back(std::move(e));
    }
    data_.clear();
    event_.clear();
    event_retry_.reset();
    has_data_ = false;
}

// Returns false when the pending event grew beyond max_event.
bool SseReader::process_line(std::string_view line, std::vector<SseEvent>& out) {
    if (line.empty()) {
        dispatch(out);
        return true;
    }
    if (line.front() == ':') return true; // comment (keep-alive)
    std::string_view name = line, value;
    if (auto colon = line.find(':'); colon != std::string_view::npos) {
        name = line.substr(0, colon);
        value = line.substr(colon + 1);
        if (!value.empty() && value.front() == ' ') value.remove_prefix(1);
    }
    if (name == "data") {
        if (data_.size() + value.size() + 1 > options_.max_event) return false;
        data_.append(value);
        data_.push_back('\n');
        has_data_ = true;
    } else if (name == "event") {
        event_.assign(value);
    } else if (name == "id") {
        if (value.find('\0') == std::string_view::npos) last_id_.assign(value);
    } else if (name == "retry") {
        // Digits only; a value too long for 64 bits is ignored like any other invalid one.
        if (all_digits(value) && value.size() <= 19) {
            std::uint64_t n = 0;
            for (char c : value) n = n * 10 + static_cast<std::uint64_t>(c - '0');
            retry_ = n;
            event_retry_ = n;
        }
    }
    return true;
}

Result<std::size_t> SseReader::feed_body(std::string_view chunk, std::vector<SseEvent>& out) {
    const std::size_t before = out.size();
    const char* p = chunk.data();
    const char* const end = p + chunk.size();
    while (p < end) {
        if (after_cr_) {
            after_cr_ = false;
            if (*p == '\n') {
                ++p;
                continue;
            }
        }
        const char* stop = find_line_end(p, end);
        if (stop == end) { // no line end in this chunk: keep the bytes for the next one
            if (line_.size() + static_cast<std::size_t>(end - p) > options_.max_line)
                return fail("SSE line longer than max_line");
            line_.append(p, end);
            break;
        }
        std::string_view line(p, static_cast<std::size_t>(stop - p));
        if (!line_.empty()) { // the line began in an earlier chunk
            if (line_.size() + line.size() > options_.max_line)
                return fail("SSE line longer than max_line");
            line_.append(line);
            line = line_;
        } else if (line.size() > options_.max_line) {
            return fail("SSE line longer than max_line");
        }
        if (!process_line(line, out)) return fail("SSE event data larger than max_event");
        line_.clear();
        after_cr_ = *stop == '\r';
        p = stop + 1;
    }
    return out.size() - before;
}

Result<std::size_t> SseReader::feed(std::string_view chunk, std::vector<SseEvent>& out) {
    if (failed_) return Error(ErrorKind::BufferExceeded, "SSE reader failed earlier", error_offset_);
    if (feed_inside_line(chunk)) return std::size_t{0}; // a few bytes inside a line
    offset_ += chunk.size();
    if (!bom_done_) { // a byte order mark may open the stream, itself split across chunks
        while (!chunk.empty() && bom_.size() < kBom.size() && chunk.front() == kBom[bom_.size()]) {
            bom_.push_back(chunk.front());
            chunk.remove_prefix(1);
        }
        if (bom_.size() < kBom.size() && chunk.empty()) return std::size_t{0};
        bom_done_ = true;
        if (bom_.size() < kBom.size()) { // not a BOM after all: those bytes are data
            std::string head = std::move(bom_);
            auto r = feed_body(head, out);
            if (!r) return r;
            auto rest = feed_body(chunk, out);
            if (!rest) return rest;
            return *r + *rest;
        }
    }
    return feed_body(chunk, out);
}

Result<std::size_t> SseReader::finish(std::vector<SseEvent>& out) {
    if (failed_) return Error(ErrorKind::BufferExceeded, "SSE reader failed earlier", error_offset_);
    const std::size_t before = out.size();
    if (!bom_done_ && !bom_.empty()) { // a stream of only a partial BOM
        bom_done_ = true;
        std::string head = std::move(bom_);
        auto r = feed_body(head, out);
        if (!r) return r;
    }
    if (!line_.empty()) {
        std::string last = std::move(line_);
        line_.clear();
        if (!process_line(last, out)) return fail("SSE event data larger than max_event");
    }
    dispatch(out);
    after_cr_ = false;
    return out.size() - before;
}

// --- NDJSON -----------------------------------------------------------------------------------

Result<std::size_t> NdjsonReader::fail() {
    failed_ = true;
    return Error(ErrorKind::BufferExceeded, "NDJSON line longer than max_line", offset_);
}

void NdjsonReader::emit(std::string_view line, std::vector<std::string>& out, std::size_t& count) {
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    for (char c : line) {
        if (c != ' ' && c != '\t' && c != '\r') {
            out.emplace_back(line);
            ++count;
            return;
        }
    }
}

Result<std::size_t> NdjsonReader::feed(std::string_view chunk, std::vector<std::string>& out) {
    if (failed_) return fail();
    std::size_t count = 0;
    offset_ += chunk.size();
    while (!chunk.empty()) {
        const void* lf = std::memchr(chunk.data(), '\n', chunk.size());
        if (!lf) {
            if (line_.size() + chunk.size() > options_.max_line) return fail();
            line_.append(chunk);
            break;
        }
        const auto n = static_cast<std::size_t>(static_cast<const char*>(lf) - chunk.data());
        if (line_.size() + n > options_.max_line) return fail();
        if (line_.empty()) {
            emit(chunk.substr(0, n), out, count);
        } else {
            line_.append(chunk.substr(0, n));
            emit(line_, out, count);
            line_.clear();
        }
        chunk.remove_prefix(n + 1);
    }
    return count;
}

Result<std::size_t> NdjsonReader::finish(std::vector<std::string>& out) {
    if (failed_) return fail();
    std::size_t count = 0;
    if (!line_.empty()) emit(line_, out, count);
    line_.clear();
    return count;
}

} // namespace laminate::toolcall
