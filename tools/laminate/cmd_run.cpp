// laminate run: a typed model call from the command line. stdin holds JSONL inputs (one JSON
// object per line); each is sent to the model with the instructions and the output schema, the
// answer goes through the program layer's pipeline (finish reason, extraction, shaping and
// validation against --schema) and repair rounds, and one line is printed per input, in input
// order:
//   {"output": ..., "attempts": N, "usage": {...}, "diagnostics": [...]}
//   {"error": {"kind", "message"}, "attempts": N, "usage": {...}}
// A line that is not a JSON object gets its own error line (kind invalid_input) and costs no call.
// Inputs run --concurrency at a time; a progress bar goes to stderr when it is a terminal.
// Messages never hold model output, input text or an API key (keys come from the environment).
#include "commands.hpp"
#include "json_output.hpp"
#include "json_writer.hpp"
#include "line_reader.hpp"
#include "serve.hpp"

#include <laminate/lm/batch.hpp>
#include <laminate/lm/providers.hpp>
#include <laminate/lm/schema_program.hpp>
#include <laminate/parse.hpp>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <unistd.h>
#include <vector>

namespace laminate::cli {

namespace {

struct RunFlags {
    std::string schema_file;
    std::string instructions;
    std::string provider;
    std::string model;
    std::string base_url;
    std::string strategy = "auto";
    std::string mode = "lenient";
    std::size_t max_repairs = 2;
    std::size_t concurrency = 4;
    double requests_per_second = 0;
    std::optional<double> temperature;
    std::optional<std::uint32_t> max_tokens;
    double timeout = 300;
    bool no_progress = false;
};

constexpr std::size_t kMaxLine = std::size_t(16) << 20;

std::optional<std::string> read_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return std::nullopt;
    std::ostringstream text;
    text << in.rdbuf();
    return std::move(text).str();
}

int fail(const std::string& message) {
    write_json(stdout, error_to_json(Error(ErrorKind::InvalidArgument, message)), Layout::Compact);
    std::fflush(stdout);
    return exit_usage;
}

std::optional<lm::Strategy> strategy_from(std::string_view name) {
    for (lm::Strategy s : {lm::Strategy::Auto, lm::Strategy::NativeSchema, lm::Strategy::ToolCall,
                           lm::Strategy::JsonMode, lm::Strategy::PromptOnly})
        if (lm::strategy_name(s) == name) return s;
    return std::nullopt;
}

Value usage_to_json(const toolcall::Usage& u) {
    Value out = Value::object();
    auto put = [&](const char* key, const std::optional<std::uint64_t>& n) {
        if (n) out.set(key, Value(static_cast<std::int64_t>(*n)));
    };
    put("input_tokens", u.input_tokens);
    put("output_tokens", u.output_tokens);
    put("total_tokens", u.total_tokens);
    return out;
}

// One input line, parsed (or why not), kept in input order.
struct Input {
    std::size_t line = 0;
    std::optional<Value> value;
    std::string problem; // set when value is empty
};

std::vector<Input> read_inputs() {
    std::vector<Input> inputs;
    LineReader reader(STDIN_FILENO, kMaxLine);
    std::string text;
    for (;;) {
        const auto status = reader.next(text);
        if (status == LineReader::Status::End) break;
        Input in;
        in.line = reader.line_number();
        if (status == LineReader::Status::TooLong) {
            in.problem = "input line " + std::to_string(in.line) + " is longer than the limit of " +
                         std::to_string(kMaxLine) + " bytes";
        } else {
            if (text.find_first_not_of(" \t\r\f\v") == std::string::npos) continue;
            auto parsed = parse(text, ParseOptions{.repair = false});
            if (!parsed || !parsed->value.is_object())
                in.problem = "input line " + std::to_string(in.line) + " is not a JSON object";
            else
                in.value = std::move(parsed->value);
        }
        inputs.push_back(std::move(in));
    }
    return inputs;
}

Value answer_to_json(const lm::Execution<Value>& exec) {
    Value out = Value::object();
    if (exec.output) {
        out.set("output", *exec.output);
    } else {
        Value error = Value::object();
        error.set("kind", Value(std::string(exec.error->kind_name())));
        error.set("message", Value(exec.error->to_string()));
        out.set("error", std::move(error));
    }
    out.set("attempts", Value(static_cast<std::int64_t>(exec.attempts.size())));
    out.set("usage", usage_to_json(exec.usage));
    if (exec.output) out.set("diagnostics", diagnostics_to_json(exec.diagnostics));
    return out;
}

class Progress {
public:
    explicit Progress(bool on, std::size_t total) : on_(on && total > 0), total_(total) {}
    void update(std::size_t done, std::size_t failures) {
        if (!on_) return;
        constexpr int width = 30;
        const int filled = static_cast<int>(width * done / total_);
        std::string bar(static_cast<std::size_t>(filled), '#');
        bar.append(static_cast<std::size_t>(width - filled), '.');
        std::fprintf(stderr, "\r[%s] %zu/%zu%s", bar.c_str(), done, total_,
                     failures ? (" (" + std::to_string(failures) + " failed)").c_str() : "");
        if (done == total_) std::fputc('\n', stderr);
        std::fflush(stderr);
    }

private:
    bool on_;
    std::size_t total_;
};

int run(const RunFlags& flags) {
    // The contract.
    auto schema_text = read_file(flags.schema_file);
    if (!schema_text) return fail("cannot read the schema file " + flags.schema_file);
    auto schema = parse(*schema_text, ParseOptions{.repair = false});
    if (!schema) return fail("the schema file " + flags.schema_file + " is not valid JSON: " + schema.error().message());
    std::string instructions = flags.instructions;
    if (!instructions.empty() && instructions[0] == '@') {
        auto text = read_file(instructions.substr(1));
        if (!text) return fail("cannot read the instructions file " + instructions.substr(1));
        instructions = std::move(*text);
    }
    const auto strategy = strategy_from(flags.strategy);
    if (!strategy) return fail("unknown --strategy " + flags.strategy);
    auto mode = DynamicMode::parse(flags.mode);
    if (!mode) return fail("unknown --mode " + flags.mode);

    // The provider: keys from the environment, never from the command line.
    lm::ProviderOptions provider_options;
    provider_options.model = flags.model;
    provider_options.base_url = flags.base_url;
    provider_options.http.total_timeout = std::chrono::milliseconds(static_cast<long long>(flags.timeout * 1000));
    auto provider = lm::make_provider(flags.provider, std::move(provider_options));
    if (!provider) return fail(provider.error().to_string());

    lm::ProgramOptions options;
    options.strategy = *strategy;
    options.max_repairs = flags.max_repairs;
    options.temperature = flags.temperature;
    options.max_tokens = flags.max_tokens;
    options.mode = *mode;
    auto program = lm::SchemaProgram::create(std::shared_ptr<lm::Provider>(std::move(*provider)), schema->value,
                                             instructions, std::move(options));
    if (!program) return fail(program.error().to_string());

    const std::vector<Input> inputs = read_inputs();
    Progress progress(!flags.no_progress && isatty(STDERR_FILENO), inputs.size());
    progress.update(0, 0);
    std::atomic<bool> all_ok = true;
    bool written = true;
    lm::BatchOptions batch;
    batch.concurrency = flags.concurrency ? flags.concurrency : 1;
    batch.requests_per_second = flags.requests_per_second;
    batch.on_progress = [&](std::size_t done, std::size_t, std::size_t failures) { progress.update(done, failures); };
    using Answer = Result<Value, lm::Error>;
    lm::run_batch_ordered(
        std::span<const Input>(inputs),
        [&](const Input& in, std::stop_token stop) -> Answer {
            if (!in.value) return lm::Error::invalid_input(in.problem);
            auto exec = program->execute(*in.value, lm::CallOptions{.stop = stop});
            return answer_to_json(exec);
        },
        [&](std::size_t, Answer&& a) {
            Value line;
            if (a) {
                line = std::move(*a);
                if (!line.find("output")) all_ok = false;
            } else {
                all_ok = false;
                Value error = Value::object();
                error.set("kind", Value(std::string(a.error().kind_name())));
                error.set("message", Value(a.error().to_string()));
                line = Value::object();
                line.set("error", std::move(error));
            }
            written = write_json(stdout, line, Layout::Compact) && written;
            std::fflush(stdout);
        },
        batch);
    if (!written) return exit_usage;
    return all_ok ? exit_ok : exit_failed;
}

constexpr const char* footer = R"(Reads JSONL inputs on stdin, one JSON object per line, and prints one JSON line per input,
in input order: {"output", "attempts", "usage", "diagnostics"} or {"error": {"kind", "message"}}.
Each answer is extracted, repaired, shaped by --schema and validated against it; an answer that
fails is sent back with every violation, up to --max-repairs times. Paths in messages read
$.field[0]. API keys come from the environment: OPENAI_API_KEY, ANTHROPIC_API_KEY, GEMINI_API_KEY.
Error kinds: provider, invalid_input, refusal, truncated, invalid_json, schema_violation,
deserialize, validation, retry_limit_exceeded, budget_exceeded.
Exit status: 0 every input answered, 1 some input failed, 2 bad usage.

Example:
  echo '{"text": "Production database is down"}' |
    laminate run --schema ticket.json --instructions "Classify the ticket." \
                 --provider ollama --model qwen3:8b)";

} // namespace

void add_run_command(CLI::App& app, int& exit_status) {
    auto* sub = app.add_subcommand("run", "Call a model on JSONL inputs and shape each answer to a JSON Schema");
    auto flags = std::make_shared<RunFlags>();
    sub->add_option("--schema", flags->schema_file, "The output's JSON Schema file")->required();
    sub->add_option("--instructions", flags->instructions, "What the model should do: TEXT, or @FILE")->required();
    std::vector<std::string> kinds;
    for (auto k : lm::provider_kinds()) kinds.emplace_back(k);
    sub->add_option("--provider", flags->provider, "openai, openai-responses, anthropic, gemini, ollama, ...")
        ->required()
        ->check(CLI::IsMember(kinds));
    sub->add_option("--model", flags->model, "The model name")->required();
    sub->add_option("--base-url", flags->base_url, "The API's base URL (default: the provider's)");
    sub->add_option("--strategy", flags->strategy, "auto (default), native_schema, tool_call, json_mode, prompt_only");
    sub->add_option("--mode", flags->mode, "lenient (default), absorbing or strict")
        ->check(CLI::IsMember({"lenient", "absorbing", "strict"}));
    sub->add_option("--max-repairs", flags->max_repairs, "Repair rounds after the first answer (default 2)");
    sub->add_option("--concurrency", flags->concurrency, "Inputs in flight at once (default 4)");
    sub->add_option("--rps", flags->requests_per_second, "At most this many inputs started per second (0: no limit)");
    sub->add_option("--temperature", flags->temperature, "Sampling temperature");
    sub->add_option("--max-tokens", flags->max_tokens, "Output token limit per answer");
    sub->add_option("--timeout", flags->timeout, "Seconds per model call, retries included (default 300)");
    sub->add_flag("--no-progress", flags->no_progress, "No progress bar on stderr");
    sub->footer(footer);
    sub->callback([flags, &exit_status] { exit_status = run(*flags); });
}

} // namespace laminate::cli
