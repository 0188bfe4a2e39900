// laminate shape: stdin is a model's answer; extract the payload, repair it and shape it to a JSON
// Schema (or a BFCL parameter schema), printing the value that fits with every liberty taken.
#include "commands.hpp"
#include "json_output.hpp"
#include "options.hpp"
#include "schema_cache.hpp"
#include "serve.hpp"

#include <laminate/mode.hpp>
#include <laminate/schema.hpp>

#include <cstdio>
#include <fstream>
#include <memory>
#include <optional>
#include <sstream>
#include <string>

namespace laminate::cli {

namespace {

struct ShapeFlags {
    IoFlags io;
    ParseFlags parse;
    std::string schema_file;
    std::string mode = "lenient";
    bool strict = false; // --strict: --mode strict
    bool source_literals = false;
    std::size_t schema_cache = 4096; // compiled per-line schemas kept (0: none)
};

Result<Value> shape_request(const Request& request, const std::optional<Schema>& default_schema,
                            SchemaCache& cache, const ShapeOptions& options) {
    // A known raw schema text (serve asked the cache just before) needs no value.
    const Schema* line_schema = request.raw.empty() ? nullptr : cache.known(request.raw);
    if (!line_schema && request.fields)
        if (Value* schema = request.fields->find("schema")) {
            auto compiled = cache.get(std::move(*schema), request.raw);
            if (!compiled) return std::move(compiled).error();
            line_schema = *compiled;
        }
    const Schema* schema = line_schema ? line_schema : default_schema ? &*default_schema : nullptr;
    if (!schema)
        return Error(ErrorKind::InvalidArgument, "no schema: give --schema FILE or a \"schema\" member on the line");
    auto shaped = schema->from_llm_response(request.text, options);
    if (!shaped) return std::move(shaped).error();
    Value out = Value::object();
    out.append_member("value", std::move(shaped->value));
    out.append_member("diagnostics", diagnostics_to_json(shaped->diagnostics));
    if (!shaped->residual.empty()) out.append_member("residual", std::move(shaped->residual));
    return out;
}

Result<Schema> load_schema(const std::string& path, const SchemaCompileOptions& options) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return Error(ErrorKind::InvalidArgument, "cannot read the schema file");
    std::ostringstream text;
    text << in.rdbuf();
    return Schema::compile_json(text.str(), options);
}

// A usage problem (no schema, an unusable schema file): the error answer, exit status 2.
int usage_error(const Error& e) {
    const std::string line = error_to_json(e).dump() + "\n";
    std::fwrite(line.data(), 1, line.size(), stdout);
    std::fflush(stdout);
    return exit_usage;
}

constexpr const char* footer = R"(Reads all of stdin as a model's answer, finds the JSON payload in it (fences,
<tool_call> tags, prose; <think> skipped), repairs it and shapes it to the
schema: JSON Schema (type, properties, required, additionalProperties, items,
prefixItems, enum, const, default, anyOf, oneOf, allOf, local $ref, numeric and
length limits) or BFCL's parameter dialect (dict, float, tuple, any, Java and
JavaScript type names). The candidate that fits the schema wins.

Modes:   lenient    best-effort coercion ("42" -> 42, "yes" -> true, "1,234"),
                    unknown members dropped where the schema forbids them
         absorbing  safe widening only (2.0 -> 2), forbidden members kept in
                    "residual"
         strict     exact JSON types, valid JSON only, first error, no member
                    the schema does not declare (--strict is the same)
Output:  {"value": ..., "diagnostics": [{"path", "kind", "risk", "message",
          "from", "to", ...}], "residual": {...} (absorbing, when not empty)}
Error:   {"error": {"kind", "message", "offset", "path", "hint"}} and exit status 1
         (missing_field, type_mismatch, shape_error listing every field, ...).
With --jsonl each stdin line {"text": "...", "schema": {...}} gets one compact
answer line, in order; a line's schema overrides --schema; exit status 1 when
any line failed. Line schemas are compiled once per distinct text and kept
(up to N schemas and 16 MiB of schema text, least recently used dropped first;
--schema-cache N, 0 to compile every line).
Exit status: 0 shaped; 1 shaping (or parsing) failed; 2 usage error (no schema,
a schema file that cannot be read or used).

Examples:
  laminate shape --schema weather.json < reply.md
  printf '{"city": "Oslo", "days": "3",}' | laminate shape --schema weather.json --compact
  laminate shape --schema weather.json --mode strict < reply.json
  laminate shape --schema tool.json --mode absorbing --complete-truncated < reply.md
  laminate shape --jsonl < batch.jsonl       # {"text": ..., "schema": ...} per line)";

} // namespace

void add_shape_command(CLI::App& app, int& exit_status) {
    auto* sub = app.add_subcommand("shape", "Shape a model's answer to a JSON Schema, with diagnostics");
    auto flags = std::make_shared<ShapeFlags>();
    add_io_flags(*sub, flags->io, R"({"text": "...", "schema"?: {...}})");
    add_parse_flags(*sub, flags->parse, /*strict_alias=*/false);
    sub->add_option("--schema", flags->schema_file, "JSON Schema or BFCL parameter schema file");
    auto* mode_option = sub->add_option("--mode", flags->mode, "lenient (default), absorbing or strict")
                            ->check(CLI::IsMember({"lenient", "absorbing", "strict"}));
    sub->add_flag("--strict", flags->strict, "The same as --mode strict: exact types, valid JSON only, first error")
        ->excludes(mode_option);
    sub->add_flag("--source-literals", flags->source_literals,
                  "Read strings as Java / JavaScript literals where the schema wants another type");
    sub->add_option("--schema-cache", flags->schema_cache,
                    "Compiled per-line schemas kept with --jsonl (default 4096; 0 compiles every line)")
        ->check(CLI::NonNegativeNumber);
    sub->footer(footer);
    sub->callback([flags, &exit_status] {
        SchemaCompileOptions schema_options;
        schema_options.source_literals = flags->source_literals;
        std::optional<Schema> schema;
        if (!flags->schema_file.empty()) {
            auto loaded = load_schema(flags->schema_file, schema_options);
            if (!loaded) {
                exit_status = usage_error(loaded.error());
                return;
            }
            schema = std::move(*loaded);
        } else if (!flags->io.jsonl) {
            exit_status = usage_error(Error(ErrorKind::InvalidArgument, "--schema FILE is required without --jsonl"));
            return;
        }
        auto mode = DynamicMode::parse(flags->strict ? "strict" : flags->mode);
        ShapeOptions options{.mode = mode ? *mode : DynamicMode()};
        options.parse = flags->parse.to_options();
        auto cache = std::make_shared<SchemaCache>(schema_options, flags->schema_cache);
        // A schema compiled before is not parsed again: only its text is looked up.
        const RawMember raw_schema{"schema", [&cache](std::string_view raw) { return cache->contains(raw); }};
        exit_status = serve(flags->io, options.parse.max_size, [&](const Request& r) {
            return shape_request(r, schema, *cache, options);
        }, &raw_schema);
    });
}

} // namespace laminate::cli
