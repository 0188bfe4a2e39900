// laminate repair: stdin is one JSON document as a model wrote it; print it repaired.
#include "commands.hpp"
#include "json_output.hpp"
#include "options.hpp"
#include "serve.hpp"

#include <laminate/parse.hpp>

#include <memory>

namespace laminate::cli {

namespace {

struct RepairFlags {
    IoFlags io;
    ParseFlags parse;
};

Result<Value> repair(const Request& request, const ParseOptions& options) {
    auto parsed = parse(request.text, options);
    if (!parsed) return std::move(parsed).error();
    Value out = Value::object();
    out.set("value", std::move(parsed->value));
    out.set("diagnostics", diagnostics_to_json(parsed->diagnostics));
    return out;
}

constexpr const char* footer = R"(Reads all of stdin as one JSON document and repairs what models get wrong
(trailing or missing commas, single or smart quotes, comments, unquoted keys,
Python literals, double-encoded JSON, ...), with one diagnostic per repair; a
style the document uses at several sites (quotes, unquoted keys, Python
literals, trailing commas, comments) is one diagnostic with their "count", at
the first site (--diagnostics-per-site: one each).

Output:  {"value": ..., "diagnostics": [{"path", "kind", "repair", "risk",
          "message", "offset", "count"?}]}
Error:   {"error": {"kind", "message", "offset", "path", "hint"}} and exit status 1.
With --jsonl each stdin line {"text": "..."} gets one compact answer line, in
order; exit status 1 when any line failed.

Examples:
  laminate repair < answer.json
  echo "{'city': 'Paris', 'nights': 3,}" | laminate repair --compact
  laminate repair --no-repair < answer.json           # valid JSON or an error
  laminate repair --complete-truncated < cut-off.json # close what was cut off
  laminate repair --max-depth 64 --replace-invalid-utf8 < answer.json
  laminate repair --jsonl < batch.jsonl               # {"text": ...} per line)";

} // namespace

void add_repair_command(CLI::App& app, int& exit_status) {
    auto* sub = app.add_subcommand("repair", "Parse stdin as JSON, repairing what models get wrong");
    auto flags = std::make_shared<RepairFlags>();
    add_io_flags(*sub, flags->io);
    add_parse_flags(*sub, flags->parse);
    sub->footer(footer);
    sub->callback([flags, &exit_status] {
        const ParseOptions options = flags->parse.to_options();
        exit_status = serve(flags->io, options.max_size,
                            [&options](const Request& r) { return repair(r, options); });
    });
}

} // namespace laminate::cli
