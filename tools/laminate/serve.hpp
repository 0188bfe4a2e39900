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
    const Value* fields = nullptr; // with --jsonl, the whole request object (e.g. for "schema")
};

// Answers one request: the JSON object to print, or the error to report.
using Handler = std::function<Result<Value>(const Request&)>;

// Exit status of the laminate command, documented in --help.
enum ExitStatus : int { exit_ok = 0, exit_failed = 1, exit_usage = 2 };

// Reads stdin, runs the handler on each request and prints the answers. Returns exit_ok when every
// request succeeded, exit_failed when one did not, exit_usage when stdout could not be written.
// max_input bounds the bytes read for one request (whole stdin, or one line with --jsonl).
int serve(const IoFlags& io, std::size_t max_input, const Handler& handler);

} // namespace laminate::cli
