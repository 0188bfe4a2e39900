#pragma once
// The request loop every subcommand shares: stdin is one request (the whole text) or, with
// --jsonl, one request per line; each answer is JSON on stdout, errors included.

#include "options.hpp"

#include <laminate/result.hpp>
#include <laminate/value.hpp>

#include <cstddef>
#include <functional>
#include <string_view>

namespace laminate::cli {

struct Request {
    std::string_view text;       // the model output to work on
    // With --jsonl, the whole request object (e.g. for "schema"); null when the line was the usual
    // {"text": ..., <RawMember>: ...} with a raw member `known` (read without a tree). The
    // handler may take members out of it (shape keeps a new schema's value as its document).
    Value* fields = nullptr;
    std::string_view line;         // with --jsonl, the request line as read (valid JSON)
    std::string_view raw;          // the RawMember's raw text in line, when serve found it
};

// Answers one request: the JSON object to print, or the error to report.
using Handler = std::function<Result<Value>(const Request&)>;

// Exit status of the laminate command, documented in --help.
enum ExitStatus : int { exit_ok = 0, exit_failed = 1, exit_usage = 2 };

// With --jsonl, a member the handler takes by its raw text (shape's "schema"): when `known` says
// the handler already holds what that text stands for, the line is parsed with the member's
// value read as 0, sparing the parse of a large value seen before; a line of just {"text": "...",
// <key>: <known>} is not parsed into a tree at all (Request::fields null). Answers are the same.
struct RawMember {
    std::string_view key;
    std::function<bool(std::string_view raw)> known;
};

// Reads stdin, runs the handler on each request and prints the answers. Returns exit_ok when every
// request succeeded, exit_failed when one did not, exit_usage when stdout could not be written.
// max_input bounds the bytes read for one request (whole stdin, or one line with --jsonl).
int serve(const IoFlags& io, std::size_t max_input, const Handler& handler,
          const RawMember* raw_member = nullptr);

} // namespace laminate::cli
