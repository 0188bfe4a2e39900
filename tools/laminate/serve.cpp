#include "serve.hpp"

#include "json_output.hpp"
#include "json_writer.hpp"
#include "line_reader.hpp"
#include "schema_cache.hpp"

#include <laminate/parse.hpp>

#include <cstdio>
#include <new>
#include <string>
#include <unistd.h>

namespace laminate::cli {

namespace {

// The whole of stdin, or size_exceeded as soon as it passes max_input (the rest is not read).
Result<std::string> read_all(std::FILE* in, std::size_t max_input) {
    std::string text;
    char chunk[64 * 1024];
    for (;;) {
        const std::size_t n = std::fread(chunk, 1, sizeof chunk, in);
        if (n == 0) break;
        if (text.size() + n > max_input)
            return Error(ErrorKind::SizeExceeded,
                         "input is larger than the limit of " + std::to_string(max_input) +
                             " bytes");
        text.append(chunk, n);
    }
    if (std::ferror(in)) return Error(ErrorKind::InvalidArgument, "could not read stdin");
    return text;
}

Result<Value> run_guarded(const Handler& handler, const Request& request) {
    try {
        return handler(request);
    } catch (const std::bad_alloc&) {
        return Error(ErrorKind::SizeExceeded, "ran out of memory on this request");
    }
}

// Prints an answer or its error object; false when stdout could not take it.
bool emit(const Result<Value>& answer, Layout layout) {
    return answer ? write_json(stdout, *answer, layout)
                  : write_json(stdout, error_to_json(answer.error()), layout);
}

bool is_blank(std::string_view line) {
    return line.find_first_not_of(" \t\r\f\v") == std::string_view::npos;
}

std::string line_label(std::size_t line_number) {
    return "request line " + std::to_string(line_number);
}

// One JSONL request line: a strict JSON object with a string "text". The message says what is
// wrong with the line's shape and where, never what the line contains.
Result<Value> read_request_line(std::string_view line, std::size_t line_number) {
    auto envelope = parse_json(line);
    if (!envelope) {
        std::string message = line_label(line_number) + " is not valid JSON (" +
                              std::string(envelope.error().kind_name());
        if (envelope.error().has_offset())
            message += " at offset " + std::to_string(envelope.error().offset());
        message += "); expected {\"text\": \"...\"}";
        return Error(ErrorKind::InvalidArgument, std::move(message));
    }
    const Value* text = envelope->find("text");
    if (!envelope->is_object() || text == nullptr || !text->is_string())
        return Error(ErrorKind::InvalidArgument,
                     line_label(line_number) + " is not an object with a string member \"text\"");
    return std::move(*envelope);
}

// The line with `raw` (a view into it) replaced by 0.
void stand_in(std::string_view line, std::string_view raw, std::string& out) {
    const std::size_t at = static_cast<std::size_t>(raw.data() - line.data());
    out.assign(line.data(), at);
    out += '0';
    out.append(line.substr(at + raw.size()));
}

// The request object; a known raw member's value is left unparsed (see RawMember). A line that
// fails so is read again whole, so that its error is the one of the line as sent.
Result<Value> read_envelope(std::string_view line, std::size_t line_number, const RawMember* raw_member,
                            std::string& shortened, std::string_view& raw) {
    raw = {};
    if (raw_member) {
        // The member is usually the last: a known text there is that member's whole value (a
        // known text is one JSON value), with no need to scan it for its end.
        raw = member_tail(line, raw_member->key);
        if (raw.empty() || !raw_member->known(raw)) raw = cli::raw_member(line, raw_member->key);
        if (!raw.empty() && raw_member->known(raw)) {
            stand_in(line, raw, shortened);
            if (auto envelope = read_request_line(shortened, line_number)) return envelope;
        }
    }
    return read_request_line(line, line_number);
}

bool json_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

// Decodes the JSON string whose opening quote is at line[i] into `out`, the common case only:
// printable ASCII and the two-letter escapes. Returns the index past the closing quote, or 0 for
// anything else (backslash-u escapes, control or non-ASCII bytes, no closing quote), which the
// parser reads.
std::size_t decode_plain_string(std::string_view line, std::size_t i, std::string& out) {
    // The decoded text is never longer than the rest of the line: written in place, then cut.
    out.resize(line.size() - i);
    char* o = out.data();
    const char* p = line.data() + i + 1;
    const char* const end = line.data() + line.size();
    while (p < end) {
        const auto c = static_cast<unsigned char>(*p);
        if (c >= 0x20 && c < 0x80 && c != '"' && c != '\\') {
            *o++ = static_cast<char>(c);
            ++p;
            continue;
        }
        if (c == '"') {
            out.resize(static_cast<std::size_t>(o - out.data()));
            return static_cast<std::size_t>(p + 1 - line.data());
        }
        if (c != '\\' || p + 1 == end) return 0;
        switch (p[1]) {
        case '"': *o++ = '"'; break;
        case '\\': *o++ = '\\'; break;
        case '/': *o++ = '/'; break;
        case 'b': *o++ = '\b'; break;
        case 'f': *o++ = '\f'; break;
        case 'n': *o++ = '\n'; break;
        case 'r': *o++ = '\r'; break;
        case 't': *o++ = '\t'; break;
        default: return 0;
        }
        p += 2;
    }
    return 0;
}

// The usual request line, {"text": "...", "schema": <a text the handler knows>}, read without
// building its tree: the text member decoded into `text_buffer`, `raw` the known member's text.
// Every line taken here is valid JSON of that exact form, so its answer is the one of the general
// path (which the line goes to when this returns false: other members, order or escapes).
bool read_known_line(std::string_view line, const RawMember& raw_member, std::string& text_buffer,
                     std::string_view& raw) {
    if (line.size() > ParseOptions{}.max_size) return false; // parse_json's bound on the line
    std::size_t i = 0;
    auto skip = [&] {
        while (i < line.size() && json_space(line[i])) ++i;
    };
    auto literal = [&](std::string_view s) {
        if (line.substr(i, s.size()) != s) return false;
        i += s.size();
        return true;
    };
    skip();
    if (!literal("{")) return false;
    skip();
    if (!literal("\"text\"")) return false;
    skip();
    if (!literal(":")) return false;
    skip();
    if (i == line.size() || line[i] != '"') return false;
    i = decode_plain_string(line, i, text_buffer);
    if (i == 0) return false;
    skip();
    if (!literal(",")) return false;
    skip();
    if (!literal("\"") || !literal(raw_member.key) || !literal("\"")) return false;
    skip();
    if (!literal(":")) return false;
    skip();
    // The value runs to the object's closing brace, the last byte but white space.
    std::size_t last = line.size();
    while (last > i && json_space(line[last - 1])) --last;
    if (last == i || line[last - 1] != '}') return false;
    --last;
    while (last > i && json_space(line[last - 1])) --last;
    if (last == i) return false;
    raw = line.substr(i, last - i);
    return raw_member.known(raw);
}

int serve_jsonl(std::size_t max_input, const Handler& handler, const RawMember* raw_member) {
    // Answers leave in blocks of up to 64 KiB rather than stdio's default for a pipe or file (one
    // write per 4 KiB, every 25 or so answers): the loop below flushes before it waits for input,
    // so a caller feeding one request at a time still gets each answer at once. A terminal keeps
    // its line buffering. Nothing has been written to stdout yet.
    static char out_buffer[std::size_t(64) << 10];
    if (!isatty(STDOUT_FILENO)) std::setvbuf(stdout, out_buffer, _IOFBF, sizeof out_buffer);
    std::string shortened, text_buffer;
    std::string_view raw;
    LineReader reader(STDIN_FILENO, max_input);
    std::string line_storage; // a line that spans the reader's buffer ends
    std::string_view line;
    bool failed = false;
    for (;;) {
        // Flushed before waiting for more input, so that a caller feeding requests one at a time
        // through a pipe gets each answer at once, while a batch is written in large blocks.
        if (!reader.line_buffered() && std::fflush(stdout) != 0) return exit_usage;
        const auto status = reader.next(line, line_storage);
        if (status == LineReader::Status::End) break;
        Result<Value> answer = Value();
        if (status == LineReader::Status::TooLong) {
            answer = Error(ErrorKind::SizeExceeded,
                           line_label(reader.line_number()) + " is longer than the limit of " +
                               std::to_string(max_input) + " bytes");
        } else if (is_blank(line)) {
            continue;
        } else if (raw_member && read_known_line(line, *raw_member, text_buffer, raw)) {
            answer = run_guarded(handler, Request{text_buffer, nullptr, line, raw});
        } else if (auto envelope = read_envelope(line, reader.line_number(), raw_member, shortened, raw); !envelope) {
            answer = std::move(envelope).error();
        } else {
            answer = run_guarded(handler, Request{envelope->find("text")->as_string(), &*envelope, line, raw});
        }
        if (!answer) failed = true;
        if (!emit(answer, Layout::Compact)) return exit_usage;
    }
    if (std::fflush(stdout) != 0) return exit_usage;
    return failed ? exit_failed : exit_ok;
}

int serve_whole(const IoFlags& io, std::size_t max_input, const Handler& handler) {
    Result<Value> answer = Value();
    if (auto text = read_all(stdin, max_input); !text) {
        answer = std::move(text).error();
    } else {
        answer = run_guarded(handler, Request{*text, nullptr, {}, {}});
    }
    const Layout layout = io.compact ? Layout::Compact : Layout::Pretty;
    if (!emit(answer, layout) || std::fflush(stdout) != 0) return exit_usage;
    return answer ? exit_ok : exit_failed;
}

} // namespace

int serve(const IoFlags& io, std::size_t max_input, const Handler& handler, const RawMember* raw_member) {
    const int status = io.jsonl ? serve_jsonl(max_input, handler, raw_member) : serve_whole(io, max_input, handler);
    if (status == exit_usage) std::fputs("laminate: could not write to stdout\n", stderr);
    return status;
}

} // namespace laminate::cli
