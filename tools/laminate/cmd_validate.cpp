// laminate validate --schema FILE: stdin is one JSON instance; print every violation of the schema.
//
// Input is read as JSON with the tolerant parser, as every laminate command reads model output:
// an instance that needed repairs is validated as repaired, and each repair is listed under
// "diagnostics" (empty for valid JSON), so a caller can tell "valid" from "valid once repaired".
// --no-repair turns repairs off: such input is then a repair_not_allowed error.
#include "commands.hpp"
#include "json_output.hpp"
#include "json_writer.hpp"
#include "line_reader.hpp"
#include "options.hpp"
#include "serve.hpp"

#include <laminate/parse.hpp>
#include <laminate/schema.hpp>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <memory>
#include <new>
#include <optional>
#include <sstream>
#include <string>
#include <unistd.h>

namespace laminate::cli {

namespace {

struct ValidateFlags {
    IoFlags io;
    ParseFlags parse;
    std::string schema_file;
    bool first = false;
    std::string dialect = "auto";
    bool no_format = false;
};

Value violations_to_json(const ValidationResult& r) {
    Value out = Value::array();
    for (const Violation& v : r.violations) {
        Value item = Value::object();
        item.set("path", Value(display_path(v.path)));
        item.set("message", Value(v.message));
        item.set("keyword", Value(v.keyword));
        item.set("schema_path", Value(v.schema_path));
        item.set("excerpt", Value(v.excerpt));
        out.push_back(std::move(item));
    }
    return out;
}

// {"valid", "violations", "diagnostics"}: the answer for one instance.
Value answer(const Schema& schema, const Value& instance, const Diagnostics& repairs, const ValidateOptions& options) {
    const ValidationResult r = schema.validate(instance, options);
    Value out = Value::object();
    out.set("valid", Value(r.valid));
    out.set("violations", violations_to_json(r));
    out.set("diagnostics", diagnostics_to_json(repairs));
    return out;
}

// About 800 bytes of stack a level in an optimized build (10,000 levels overflowed 8 MiB), but
// AddressSanitizer's redzones make each level ~8 KiB (2,000 levels overflowed): the bound is
// lower there so that the sanitized test suite exercises the same "depth violation, no crash".
#if defined(__SANITIZE_ADDRESS__)
constexpr std::size_t kMaxEvaluationDepth = 512;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
constexpr std::size_t kMaxEvaluationDepth = 512;
#else
constexpr std::size_t kMaxEvaluationDepth = 4096;
#endif
#else
constexpr std::size_t kMaxEvaluationDepth = 4096;
#endif

class Validator {
public:
    explicit Validator(const ValidateFlags& flags) : parse_(flags.parse.to_options()) {
        options_.stop_at_first = flags.first;
        // Room for whatever nesting the parser accepted ($ref hops count too), within a bound
        // that keeps the evaluator's recursion far inside an 8 MiB stack.
        options_.max_depth = std::clamp<std::size_t>(2 * parse_.max_depth + 16, ValidateOptions{}.max_depth, kMaxEvaluationDepth);
        schema_options_.assert_format = !flags.no_format;
        if (flags.dialect == "draft7") schema_options_.draft = Draft::Draft7;
        else if (flags.dialect == "2020-12") schema_options_.draft = Draft::Draft2020_12;
    }

    std::size_t max_input() const { return parse_.max_size; }

    Result<Schema> compile(const Value& schema) const { return Schema::compile(schema, schema_options_); }

    // The schema file as a compiled schema; errors say which file, never what it holds.
    Result<Schema> load(const std::string& path) const {
        std::ifstream in(path, std::ios::binary);
        if (!in) return Error(ErrorKind::InvalidArgument, "cannot read the schema file " + path);
        std::ostringstream text;
        text << in.rdbuf();
        auto value = parse(text.str(), ParseOptions{.repair = false, .max_depth = parse_.max_depth});
        if (!value) {
            const Error& e = value.error();
            return Error(e.kind(), "the schema file " + path + " is not valid JSON: " + e.message(), e.offset());
        }
        return compile(value->value);
    }

    Result<Value> whole(std::string_view text, const Schema& schema) const {
        auto parsed = parse(text, parse_);
        if (!parsed) return std::move(parsed).error();
        return answer(schema, parsed->value, parsed->diagnostics, options_);
    }

    // One --jsonl line: {"schema"?: {...}, "instance": ...} or {"schema"?: ..., "text": "..."}.
    Result<Value> line(std::string_view text, std::size_t number, const std::optional<Schema>& fallback) {
        const std::string label = "request line " + std::to_string(number);
        auto envelope = parse(text, ParseOptions{.repair = false, .max_depth = parse_.max_depth});
        if (!envelope || !envelope->value.is_object())
            return Error(ErrorKind::InvalidArgument,
                         label + " is not a JSON object; expected {\"schema\": {...}, \"instance\": ...}");
        const Value& request = envelope->value;
        const Value* schema_value = request.find("schema");
        const Value* instance = request.find("instance");
        const Value* model_text = request.find("text");
        if (!instance && !(model_text && model_text->is_string()))
            return Error(ErrorKind::InvalidArgument, label + " has neither \"instance\" nor a string \"text\"");
        const Schema* schema = fallback ? &*fallback : nullptr;
        if (schema_value) {
            if (!cached_ || !(cached_value_ == *schema_value)) { // batches usually repeat one schema
                auto compiled = compile(*schema_value);
                if (!compiled) return std::move(compiled).error();
                cached_.emplace(std::move(*compiled));
                cached_value_ = *schema_value;
            }
            schema = &*cached_;
        }
        if (!schema) return Error(ErrorKind::InvalidArgument, label + " has no \"schema\" and no --schema was given");
        if (instance) return answer(*schema, *instance, {}, options_);
        return whole(model_text->as_string(), *schema);
    }

private:
    ParseOptions parse_;
    ValidateOptions options_;
    SchemaCompileOptions schema_options_;
    std::optional<Schema> cached_;
    Value cached_value_;
};

bool is_valid_answer(const Result<Value>& a) { return a && (*a)["valid"].is_bool() && (*a)["valid"].as_bool(); }

template <class F>
Result<Value> guarded(F&& f) {
    try {
        return f();
    } catch (const std::bad_alloc&) {
        return Error(ErrorKind::SizeExceeded, "ran out of memory on this request");
    }
}

bool emit(const Result<Value>& a, Layout layout) {
    return a ? write_json(stdout, *a, layout) : write_json(stdout, error_to_json(a.error()), layout);
}

Result<std::string> read_stdin(std::size_t max_input) {
    std::string text;
    char chunk[64 * 1024];
    for (std::size_t n; (n = std::fread(chunk, 1, sizeof chunk, stdin)) != 0;) {
        if (text.size() + n > max_input)
            return Error(ErrorKind::SizeExceeded, "input is larger than the limit of " + std::to_string(max_input) + " bytes");
        text.append(chunk, n);
    }
    if (std::ferror(stdin)) return Error(ErrorKind::InvalidArgument, "could not read stdin");
    return text;
}

int run_jsonl(Validator& v, const std::optional<Schema>& schema) {
    LineReader reader(STDIN_FILENO, v.max_input());
    std::string line;
    bool all_valid = true;
    for (;;) {
        if (!reader.line_buffered() && std::fflush(stdout) != 0) return exit_usage;
        const auto status = reader.next(line);
        if (status == LineReader::Status::End) break;
        if (status == LineReader::Status::Line && line.find_first_not_of(" \t\r\f\v") == std::string::npos) continue;
        Result<Value> a = status == LineReader::Status::TooLong
                              ? Result<Value>(Error(ErrorKind::SizeExceeded, "request line " + std::to_string(reader.line_number()) +
                                                                                  " is longer than the limit of " +
                                                                                  std::to_string(v.max_input()) + " bytes"))
                              : guarded([&] { return v.line(line, reader.line_number(), schema); });
        if (!is_valid_answer(a)) all_valid = false;
        if (!emit(a, Layout::Compact)) return exit_usage;
    }
    if (std::fflush(stdout) != 0) return exit_usage;
    return all_valid ? exit_ok : exit_failed;
}

int run(const ValidateFlags& flags) {
    Validator v(flags);
    const Layout layout = flags.io.compact || flags.io.jsonl ? Layout::Compact : Layout::Pretty;
    std::optional<Schema> schema;
    if (!flags.schema_file.empty()) {
        auto loaded = v.load(flags.schema_file);
        if (!loaded) {
            // A schema that cannot be used is the caller's mistake, not the input's: usage.
            emit(std::move(loaded).error(), layout);
            std::fflush(stdout);
            return exit_usage;
        }
        schema.emplace(std::move(*loaded));
    } else if (!flags.io.jsonl) {
        std::fputs("laminate validate: --schema FILE is required (or --jsonl with a \"schema\" in each line)\n", stderr);
        return exit_usage;
    }
    if (flags.io.jsonl) return run_jsonl(v, schema);
    Result<Value> a = guarded([&]() -> Result<Value> {
        auto text = read_stdin(v.max_input());
        if (!text) return std::move(text).error();
        return v.whole(*text, *schema);
    });
    if (!emit(a, layout) || std::fflush(stdout) != 0) return exit_usage;
    return is_valid_answer(a) ? exit_ok : exit_failed;
}

constexpr const char* footer = R"(Validates stdin, one JSON instance, against a JSON Schema (2020-12 or draft 7
spellings) and lists every violation with its path and a message that can be
sent back to a model. Input is read like all laminate input: repairs are
applied and listed under "diagnostics" (use --no-repair to refuse them).

Output:  {"valid": bool, "violations": [{"path", "message", "keyword",
          "schema_path", "excerpt"}], "diagnostics": [...]}
Error:   {"error": {"kind", "message", "offset", "path", "hint"}}
With --jsonl each stdin line is {"schema": {...}, "instance": ...} (or
{"schema": ..., "text": "model output"} to parse text); a line's "schema"
overrides --schema, a line without an instance or any schema gets an error
line. One compact answer line per request line, in order.

Exit status: 0 valid (with --jsonl: every line); 1 invalid, or the input
could not be read; 2 usage error, or the --schema file is unreadable or not a
usable schema (invalid_schema), or stdout not writable.

Examples:
  laminate validate --schema order.schema.json < answer.json
  laminate validate --schema s.json --first --compact < answer.json
  laminate validate --jsonl < batch.jsonl       # {"schema":..., "instance":...})";

} // namespace

void add_validate_command(CLI::App& app, int& exit_status) {
    auto* sub = app.add_subcommand("validate", "Validate stdin against a JSON Schema, listing every violation");
    auto flags = std::make_shared<ValidateFlags>();
    sub->add_option("--schema", flags->schema_file, "The JSON Schema file (required unless --jsonl lines carry one)")
        ->type_name("FILE");
    sub->add_flag("--first", flags->first, "Stop at the first violation");
    sub->add_option("--dialect", flags->dialect, "auto (from $schema), draft7 or 2020-12")
        ->check(CLI::IsMember({"auto", "draft7", "2020-12"}))
        ->capture_default_str();
    sub->add_flag("--no-format-assertion", flags->no_format, "Treat \"format\" as an annotation only");
    add_io_flags(*sub, flags->io, R"({"schema"?: {...}, "instance": ...} or {"schema"?: {...}, "text": "..."})");
    add_parse_flags(*sub, flags->parse);
    sub->footer(footer);
    sub->callback([flags, &exit_status] { exit_status = run(*flags); });
}

} // namespace laminate::cli
