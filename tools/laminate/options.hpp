#pragma once
// Command-line switches shared by subcommands: how to read requests (--jsonl, --compact) and how
// to parse them (--no-repair, --complete-truncated, --max-depth, --replace-invalid-utf8).

#include <laminate/parse.hpp>

#include <CLI/CLI.hpp>

#include <cstddef>
#include <string>

namespace laminate::cli {

struct IoFlags {
    bool jsonl = false;
    bool compact = false;
};

// `line_format` says what one --jsonl request line holds, e.g. {"text": "..."}.
void add_io_flags(CLI::App& app, IoFlags& flags, const std::string& line_format = R"({"text": "..."})");

// Value's destructor recurses once per nesting level; this cap keeps it far inside an ordinary
// 8 MiB stack even under sanitizers (100,000 levels were measured fine with ASan).
inline constexpr std::size_t max_depth_limit = 10'000;

struct ParseFlags {
    bool no_repair = false;
    bool complete_truncated = false;
    std::size_t max_depth = ParseOptions{}.max_depth;
    bool replace_invalid_utf8 = false;
    bool diagnostics_per_site = false;

    ParseOptions to_options() const;
};

// --no-repair, and --strict as its other name where "strict" can mean nothing else (repair,
// extract, validate). `shape` passes strict_alias = false: there --strict is --mode strict.
void add_parse_flags(CLI::App& app, ParseFlags& flags, bool strict_alias = true);

} // namespace laminate::cli
