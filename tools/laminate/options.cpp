#include "options.hpp"

#include <string>

namespace laminate::cli {

void add_io_flags(CLI::App& app, IoFlags& flags, const std::string& line_format) {
    app.add_flag("--jsonl", flags.jsonl,
                 "One request per stdin line, " + line_format +
                     "; one compact JSON answer per line, in order. Blank lines are skipped; a bad "
                     "line gets an error line and the rest still run");
    app.add_flag("--compact", flags.compact,
                 "Print the answer on one line instead of indented by 2 (always so with --jsonl)");
}

void add_parse_flags(CLI::App& app, ParseFlags& flags, bool strict_alias) {
    auto* strict = app.add_flag(strict_alias ? "--no-repair,--strict" : "--no-repair", flags.no_repair,
                                "Strict RFC 8259 JSON: no repairs; input that needs one is a "
                                "repair_not_allowed error");
    app.add_flag("--complete-truncated", flags.complete_truncated,
                 "Close a truncated document (unterminated string, missing closers) instead of "
                 "failing with value_not_closed; each completion is a risky diagnostic")
        ->excludes(strict);
    app.add_option("--max-depth", flags.max_depth,
                   "Deepest nesting accepted; deeper input is a depth_exceeded error")
        ->type_name("N")
        ->check(CLI::Range(std::size_t{1}, max_depth_limit)
                    .description("in 1.." + std::to_string(max_depth_limit)))
        ->capture_default_str();
    app.add_flag("--replace-invalid-utf8", flags.replace_invalid_utf8,
                 "Replace malformed UTF-8 by U+FFFD (with a warning diagnostic) instead of "
                 "failing with invalid_utf8");
    app.add_flag("--diagnostics-per-site", flags.diagnostics_per_site,
                 "One diagnostic per repaired site, even for a style the document uses throughout "
                 "(by default such sites are one diagnostic with their \"count\")");
}

ParseOptions ParseFlags::to_options() const {
    ParseOptions o;
    o.repair = !no_repair;
    o.complete_truncated = complete_truncated;
    o.max_depth = max_depth;
    o.invalid_utf8 = replace_invalid_utf8 ? InvalidUtf8::Replace : InvalidUtf8::Error;
    o.diagnostics_per_site = diagnostics_per_site;
    return o;
}

} // namespace laminate::cli
