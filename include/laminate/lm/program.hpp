#pragma once
// laminate::lm::Program<Sig> — a model call as a typed function: the signature's input in, its
// output type out, every answer checked by the output pipeline (output.hpp) and, when it fails a
// repairable check, sent back with all of its violations at once, up to max_repairs times.
//
//   laminate::lm::Program<ClassifyTicket> classify{laminate::lm::OpenAiCompatible::ollama("qwen3:32b")};
//   auto ticket = classify.run({.text = "Production database is down since 9:00"});
//   if (ticket) use(ticket->urgency); else log(ticket.error());          // Result<Output, lm::Error>
//
//   auto exec = classify.execute({.text = "..."});     // the whole history, on failure too
//   for (const auto& a : exec.attempts) log(a.error ? a.error->kind_name() : "ok", a.usage);
//
// Requests. The system message is the instructions (ProgramOptions::instructions, else
// Sig::instructions), the input field descriptions when there are ("\n\nInput fields:\n- key:
// text"), then "\n\nThe input is given as JSON. Respond with a single JSON value that matches the
// output schema."; under JsonMode and PromptOnly also "\n\nOutput JSON Schema:\n" and the schema in
// the provider's dialect, compact. Demonstrations follow as user/assistant pairs (compact JSON);
// the last message is the input as compact JSON.
// * NativeSchema: the schema in the provider's dialect (to_dialect), named "output", strict when
//   the provider takes strict schemas (an output that is no object is wrapped as {"value": ...}
//   for the OpenAI strict and Anthropic dialects, which take objects only at the root).
// * ToolCall: one tool "respond" ("Return the result.") whose parameters are the schema (an output
//   that is no object is wrapped as {"value": ...}), forced by tool_choice; for an output that is a
//   std::variant of structs, one tool per struct (its name; its Fields<A> description), with
//   tool_choice required.
// * Strategy::Auto picks from the provider's Capabilities: NativeSchema > ToolCall > JsonMode >
//   PromptOnly.
//
// The repair loop. A repairable error (invalid_json, schema_violation, deserialize, validation)
// starts a repair round: the original messages, the last answer as an assistant turn (with its
// tool calls), and the feedback "Your previous response does not satisfy the output contract.
// {details}\nReturn a corrected response." listing every violation — as a user turn, or, when the
// answer was a tool call, as the tool turn answering each call (providers reject a user turn after
// unanswered tool calls). Only the last answer is sent: round N costs what round 1 did. refusal,
// truncated and provider errors end the call at once. After max_repairs rounds the error is
// retry_limit_exceeded, holding each attempt's error; with max_repairs 0 the first error comes back
// as it is. The caller's input is never modified (it is taken by const reference).
//
// Usage and budget. Every attempt's usage and latency is recorded and summed, failures included.
// token_budget bounds the input + output tokens of one call: when an attempt fails and the tokens
// spent reach the budget, no repair round is sent and the error is budget_exceeded. (A valid answer
// is returned even if it crossed the budget: it is paid for.) Attempts whose provider reports no
// usage count as zero.
//
// Tracing hook. ProgramOptions::on_call is called after every model call (on the calling thread)
// with a ModelCall — provider, server, model, strategy, sampling, the request and response, usage,
// latency, the attempt's outcome — and on_run once per run()/execute() with the totals. A tracer
// (tracing.hpp) plugs in here; it must only read the messages when ModelCall::record_content is
// true. Both hooks may be empty. ProgramOptions::tracer does this for OpenTelemetry GenAI: one
// client span per run() ("chat <model>"), tokens summed over every attempt, laminate.attempts and
// laminate.outcome ("success", "repaired", "error"), error.type the lm::Error kind, the metrics
// at the end; messages only with record_content.
//
// Thread safety: run() and execute() are const and may be called from several threads at once
// (the provider must be thread-safe, as every Provider is).

#include <laminate/lm/error.hpp>
#include <laminate/lm/output.hpp>
#include <laminate/lm/provider.hpp>
#include <laminate/lm/signature.hpp>

#include <chrono>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace laminate::lm {

class Tracer; // tracing.hpp

// A worked example shown to the model before the input: a user turn with `input`, an assistant
// turn with `output` (both compact JSON).
struct Demonstration {
    Value input;
    Value output;
};

// A demonstration from typed values.
template <Signature S> Demonstration demonstration(const S& input, const typename S::output& output) {
    return Demonstration{to_value(input), to_value(output)};
}

// One model call, for tracing (ProgramOptions::on_call).
struct ModelCall {
    std::string_view provider_name;   // gen_ai.provider.name
    std::string server_address;       // server.address ("" when none)
    int server_port = 0;              // server.port (0 when none)
    std::string request_model;        // gen_ai.request.model (the request's, else the provider's)
    Strategy strategy = Strategy::PromptOnly;
    std::size_t attempt = 1;          // 1-based
    const ChatRequest* request = nullptr;         // always set; its messages only if record_content
    const toolcall::Response* response = nullptr; // null when the provider failed
    const Error* error = nullptr;     // this attempt's error; null when its answer was accepted
    toolcall::Usage usage;
    std::chrono::nanoseconds latency{0};
    bool record_content = false;      // whether messages and answers may be recorded
};

// One run()/execute(), for tracing (ProgramOptions::on_run).
struct RunSummary {
    std::string_view provider_name;
    std::string request_model;
    std::string response_model;       // the model that answered last ("" when none did)
    Strategy strategy = Strategy::PromptOnly;
    std::size_t attempts = 0;
    toolcall::Usage usage;            // summed over the attempts
    std::chrono::nanoseconds latency{0};
    const Error* error = nullptr;     // null: success
};

struct ProgramOptions {
    std::optional<std::string> instructions = std::nullopt; // replaces Sig::instructions
    Strategy strategy = Strategy::Auto;
    std::string model = {};                                 // empty: the provider's model
    std::optional<double> temperature = std::nullopt;
    std::optional<std::uint32_t> max_tokens = std::nullopt;
    std::size_t max_repairs = 2;                            // repair rounds after the first answer
    std::vector<Demonstration> demonstrations = {};
    bool record_content = false;                            // see ModelCall
    ModeSetting mode = Mode::Lenient;                       // steps 3-4 of the pipeline
    std::optional<std::uint64_t> token_budget = std::nullopt; // input + output tokens of one call
    std::function<void(const ModelCall&)> on_call = {};
    std::function<void(const RunSummary&)> on_run = {};
    std::shared_ptr<Tracer> tracer = {};                    // OpenTelemetry GenAI spans and metrics
};

// One request and what came of it.
struct Attempt {
    std::vector<Message> messages;               // the request's messages
    std::optional<toolcall::Response> response;  // none when the provider failed
    std::string raw_answer;                      // the text, or the tool call's arguments
    std::optional<Error> error;                  // none: this answer was accepted
    toolcall::Usage usage;
    std::chrono::nanoseconds latency{0};

    std::string_view error_kind() const noexcept { return error ? error->kind_name() : std::string_view(); }
    const std::vector<Violation>& violations() const noexcept;
};

// Everything a run did: the output or the error, every attempt, usage summed over attempts.
template <class T> struct Execution {
    std::optional<T> output;        // set on success
    std::optional<Error> error;     // set on failure
    std::vector<Attempt> attempts;
    toolcall::Usage usage;          // summed over attempts (a count is present when any had it)
    std::string model;              // the model that answered last, else the one requested
    Strategy strategy = Strategy::PromptOnly;
    std::chrono::nanoseconds latency{0}; // summed over attempts
    Diagnostics diagnostics;        // shaping diagnostics of the accepted answer

    bool ok() const noexcept { return output.has_value(); }
    Result<T, Error> result() const& {
        if (output) return *output;
        return *error;
    }
    Result<T, Error> result() && {
        if (output) return std::move(*output);
        return std::move(*error);
    }
};

// Usage added up: a count is present when either side has it.
toolcall::Usage add_usage(const toolcall::Usage& a, const toolcall::Usage& b);

// The strategy Auto picks for these capabilities.
Strategy resolve_strategy(Strategy wanted, const Capabilities& capabilities) noexcept;

namespace detail {

// The parts of every request that depend only on the program and its provider's capabilities:
// the system message and the request without messages (the schema in the provider's dialect).
struct PreparedRequest {
    Strategy strategy = Strategy::PromptOnly;
    Capabilities capabilities;
    std::string system;    // instructions, the JSON sentence, the schema for JSON mode / prompt only
    ChatRequest frame;     // model, sampling, schema or tools, tool choice; no messages
    bool wrapped = false;  // a non-object output wrapped as {"value": ...}
};

// What a program knows about its output, type-erased.
struct Contract {
    std::string instructions;       // with the input field descriptions
    Value schema;                   // the original schema shown to the model
    bool actions = false;           // a variant of structs: one tool each
    std::vector<std::pair<std::string, std::string>> action_names; // name, description
    std::vector<Value> action_schemas;
    // Made when the program is, for its provider's capabilities at that time: converting the
    // schema to the provider's dialect and rendering it cost more than the rest of a request.
    // A run whose capabilities or strategy differ prepares its own.
    std::shared_ptr<const PreparedRequest> prepared;
};

// The request parts for this contract, options and capabilities.
std::shared_ptr<const PreparedRequest> prepare_request(const Contract& contract, const ProgramOptions& options,
                                                       const Capabilities& capabilities);

// The non-template part of Execution.
struct RunState {
    std::vector<Attempt> attempts;
    toolcall::Usage usage;
    std::string model;
    Strategy strategy = Strategy::PromptOnly;
    std::chrono::nanoseconds latency{0};
    std::optional<Error> error;
};

// A run's state and the accepted answer (if any) as the caller's Execution.
template <class T> Execution<T> to_execution(RunState&& state, std::optional<Shaped<T>>&& accepted) {
    Execution<T> exec;
    exec.attempts = std::move(state.attempts);
    exec.usage = state.usage;
    exec.model = std::move(state.model);
    exec.strategy = state.strategy;
    exec.latency = state.latency;
    if (accepted && !state.error) {
        exec.output.emplace(std::move(accepted->value));
        exec.diagnostics = std::move(accepted->diagnostics);
    } else {
        exec.error = std::move(state.error);
    }
    return exec;
}

// Interprets one response: nullopt when accepted (the typed value kept by the caller).
using Interpret = std::function<std::optional<Error>(const toolcall::Response&, const OutputOptions&)>;

// Called with the output so far while an answer streams in (a fresh value each attempt).
using OnPartial = std::function<void(const Value& so_far, std::size_t attempt)>;

RunState run_program(Provider& provider, const Contract& contract, const ProgramOptions& options,
                     const Value& input, const CallOptions& call, const Interpret& interpret,
                     const OnPartial& on_partial = {});

// The messages before any answer: system, demonstrations, input.
std::vector<Message> base_messages(const Contract& contract, const ProgramOptions& options, Strategy strategy,
                                   Dialect dialect, const Value& input);

} // namespace detail

// The output so far while an answer streams in (Program::stream): the JSON fields filled so far
// (the member still being written included, completed as far as it goes), and the attempt it
// belongs to (a repair round starts again from an empty value).
template <class T> struct PartialOutput {
    const Value& value;
    std::size_t attempt = 1;
    // The fields so far shaped into T (Lenient; fields not written yet take their defaults), or
    // nullopt while they do not shape (a required field not yet written, say).
    std::optional<T> typed() const {
        auto shaped = from_value<T>(value, Mode::Lenient);
        if (!shaped) return std::nullopt;
        return std::move(shaped->value);
    }
};

template <Signature S> class Program {
public:
    using signature = S;
    using Output = typename S::output;

    // Shares the provider.
    explicit Program(std::shared_ptr<Provider> provider, ProgramOptions options = {})
        : provider_(std::move(provider)), options_(std::move(options)), contract_(make_contract()) {
        contract_.prepared = detail::prepare_request(contract_, options_, provider_->capabilities());
    }
    // Borrows the provider: it must outlive the program.
    explicit Program(Provider& provider, ProgramOptions options = {})
        : Program(std::shared_ptr<Provider>(std::shared_ptr<Provider>(), &provider), std::move(options)) {}
    // Takes a provider by value: Program<Sig> p{OpenAiCompatible::ollama("qwen3:32b")}.
    template <class P>
        requires std::derived_from<std::remove_cvref_t<P>, Provider> && (!std::is_lvalue_reference_v<P>)
    explicit Program(P&& provider, ProgramOptions options = {})
        : Program(std::shared_ptr<Provider>(std::make_shared<std::remove_cvref_t<P>>(std::forward<P>(provider))),
                  std::move(options)) {}

    // The output, or why there is none.
    Result<Output, Error> run(const S& input, const CallOptions& call = {}) const { return execute(input, call).result(); }

    // execute(), streaming: on_partial receives the output so far as the answer's bytes arrive
    // (on the calling thread), when the provider streams (Capabilities::streaming); the final
    // answer goes through the same pipeline. A provider that does not stream calls it never.
    Execution<Output> stream(const S& input, std::function<void(const PartialOutput<Output>&)> on_partial,
                             const CallOptions& call = {}) const {
        return execute_impl(input, call, [&](const Value& so_far, std::size_t attempt) {
            on_partial(PartialOutput<Output>{so_far, attempt});
        });
    }

    // The output or the error, with every attempt.
    Execution<Output> execute(const S& input, const CallOptions& call = {}) const { return execute_impl(input, call, {}); }

private:
    Execution<Output> execute_impl(const S& input, const CallOptions& call, const detail::OnPartial& on_partial) const {
        std::optional<Shaped<Output>> accepted;
        detail::Interpret interpret = [&](const toolcall::Response& response,
                                          const OutputOptions& oo) -> std::optional<Error> {
            Rules<Output> rules = [&](const Output& out) { return run_rules(input, out); };
            auto parsed = [&] {
                if constexpr (detail::is_actions_v<Output>)
                    return parse_output<Output>(response, *compiled_dummy(), oo, rules);
                else
                    return parse_output<Output>(response, *compiled_, oo, rules);
            }();
            if (!parsed) return std::move(parsed).error();
            accepted.emplace(std::move(*parsed));
            return std::nullopt;
        };
        return detail::to_execution(
            detail::run_program(*provider_, contract_, options_, input_value(input), call, interpret, on_partial),
            std::move(accepted));
    }

public:
    const ProgramOptions& options() const noexcept { return options_; }
    // The output schema (output_schema<Output>(); for actions, the call envelope).
    const Value& output_schema() const noexcept { return contract_.schema; }
    Provider& provider() const noexcept { return *provider_; }
    // The strategy requests use (Auto resolved against the provider's capabilities).
    Strategy strategy() const noexcept { return resolve_strategy(options_.strategy, provider_->capabilities()); }

private:
    detail::Contract make_contract() {
        detail::Contract c;
        c.instructions = options_.instructions ? *options_.instructions : std::string(S::instructions);
        std::string fields = input_field_descriptions<S>();
        if (!fields.empty()) c.instructions += "\n\nInput fields:\n" + fields;
        c.schema = request_schema<Output>();
        if constexpr (detail::is_actions_v<Output>) {
            c.actions = true;
            for (const auto& a : detail::actions_of<Output>()) {
                c.action_names.emplace_back(a.name, a.description);
                c.action_schemas.push_back(a.schema);
            }
        } else {
            auto compiled = Schema::compile(c.schema);
            compiled_ = std::make_shared<const Schema>(std::move(*compiled));
        }
        return c;
    }
    static const Schema* compiled_dummy() {
        static const Schema s = *Schema::compile(Value::object());
        return &s;
    }

    std::shared_ptr<Provider> provider_;
    ProgramOptions options_;
    std::shared_ptr<const Schema> compiled_;
    detail::Contract contract_;
};

} // namespace laminate::lm
