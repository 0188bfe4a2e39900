// laminate extract: stdin is a model's whole answer (prose, fences, tags, reasoning); find the
// JSON payload in it and print it parsed, with where it was found.
#include "commands.hpp"
#include "json_output.hpp"
#include "options.hpp"
#include "serve.hpp"

#include <laminate/extract.hpp>

#include <memory>

namespace laminate::cli {

namespace {

struct ExtractFlags {
    IoFlags io;
    ParseFlags parse;
};

Result<Value> extract_payload(const Request& request, const ParseOptions& options) {
    auto extracted = extract(request.text, options);
    if (!extracted) return std::move(extracted).error();
    Value out = Value::object();
    out.set("value", std::move(extracted->parsed.value));
    out.set("candidate", candidate_to_json(extracted->candidate));
    out.set("diagnostics", diagnostics_to_json(extracted->parsed.diagnostics));
    return out;
}

constexpr const char* footer = R"(Reads all of stdin as a model's answer and finds the JSON payload in it:
a ```json fence (closed or not), a <tool_call> or <json> tag, a balanced {...}
or [...] span in prose, or the whole text; <think> reasoning is skipped. The
first candidate that parses (with repairs, unless --no-repair) wins. Diagnostic
offsets count bytes from the start of the whole answer.

Output:  {"value": ..., "candidate": {"source", "label", "offset", "closed"},
          "diagnostics": [{"path", "kind", "repair", "risk", "message",
          "offset", "count"?}]}
         source is whole, fence, tag or balanced; label is the fence's info
         string or the tag's name.
Error:   {"error": {"kind", "message", "offset", "path", "hint"}} and exit status 1
         (no_payload when nothing in the text parses).
With --jsonl each stdin line {"text": "..."} gets one compact answer line, in
order; exit status 1 when any line failed.

Examples:
  laminate extract < reply.md
  printf 'Sure!\n```json\n{"city": "Oslo",}\n```\n' | laminate extract --compact
  laminate extract --complete-truncated < cut-off-reply.txt
  laminate extract --no-repair --max-depth 32 < reply.md
  laminate extract --replace-invalid-utf8 < reply.md
  laminate extract --jsonl < replies.jsonl            # {"text": ...} per line)";

} // namespace

void add_extract_command(CLI::App& app, int& exit_status) {
    auto* sub = app.add_subcommand("extract", "Find the JSON payload in a model's answer and parse it");
    auto flags = std::make_shared<ExtractFlags>();
    add_io_flags(*sub, flags->io);
    add_parse_flags(*sub, flags->parse);
    sub->footer(footer);
    sub->callback([flags, &exit_status] {
        const ParseOptions options = flags->parse.to_options();
        exit_status = serve(flags->io, options.max_size,
                            [&options](const Request& r) { return extract_payload(r, options); });
    });
}

} // namespace laminate::cli
