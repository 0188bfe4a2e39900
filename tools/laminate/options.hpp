#pragma once
// Command-line switches shared by subcommands: how to read requests (--jsonl, --compact) and how
// to parse them (--strict, --complete-truncated, --max-depth, --replace-invalid-utf8).

#include <laminate/parse.hpp>

#include <CLI/CLI.hpp>

#include <cstddef>

namespace laminate::cli {

struct IoFlags {
    bool jsonl = false;
    bool compact = false;
};

void add_io_flags(CLI::App& app, IoFlags& flags);

// The serializer and Value's destructor recurse once per nesting level, so the CLI caps the depth
// it accepts well inside an ordinary 8 MiB stack even under sanitizers.
inline constexpr std::size_t max_depth_limit = 10'000;

struct ParseFlags {
    bool strict = false;
    bool complete_truncated = false;
    std::size_t max_depth = ParseOptions{}.max_depth;
    bool replace_invalid_utf8 = false;

    ParseOptions to_options() const;
};

void add_parse_flags(CLI::App& app, ParseFlags& flags);

} // namespace laminate::cli
