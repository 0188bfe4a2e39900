// The program's loop, without the output type: requests, attempts, usage, budget, repair rounds.
#include <laminate/lm/program.hpp>
#include <laminate/lm/tracing.hpp>
#include <laminate/toolcall/partial_json.hpp>

#include <cmath>
#include <exception>

namespace laminate::lm {

namespace {

const std::vector<Violation> no_violations;

constexpr std::string_view json_sentence =
    "\n\nThe input is given as JSON. Respond with a single JSON value that matches the output schema.";
constexpr std::string_view schema_heading = "\n\nOutput JSON Schema:\n";
constexpr std::string_view respond_tool = "respond";
constexpr std::string_view respond_description = "Return the result.";

std::optional<std::uint64_t> add(const std::optional<std::uint64_t>& a, const std::optional<std::uint64_t>& b) {
    if (!a && !b) return std::nullopt;
    return a.value_or(0) + b.value_or(0);
}

std::uint64_t tokens_of(const toolcall::Usage& u) {
    if (u.input_tokens || u.output_tokens) return u.input_tokens.value_or(0) + u.output_tokens.value_or(0);
    return u.total_tokens.value_or(0);
}

// The first number in the input that JSON cannot carry (NaN, infinity), by path; empty when none.
bool finite_everywhere(const Value& v, std::string& path, int depth = 0) {
    if (depth > 512) return false;
    if (v.is_number() && v.number_kind() == NumberKind::Double && !std::isfinite(v.as_double())) return false;
    if (v.is_array()) {
        for (std::size_t i = 0; i < v.size(); ++i) {
            std::string inner = path;
            append_path_index(inner, i);
            if (!finite_everywhere(v[i], inner, depth + 1)) { path = std::move(inner); return false; }
        }
    } else if (v.is_object()) {
        for (const auto& m : v.members()) {
            std::string inner = path;
            append_path_key(inner, m.key());
            if (!finite_everywhere(m.value, inner, depth + 1)) { path = std::move(inner); return false; }
        }
    }
    return true;
}

Value dialect_schema(const Value& schema, Dialect dialect) {
    auto converted = to_dialect(schema, dialect);
    return converted ? std::move(*converted) : schema;
}

// An output that is no object, as the only property of the respond tool's parameters.
bool is_object_schema(const Value& schema) {
    const Value* type = schema.find("type");
    return type && type->is_string() && type->as_string() == "object";
}

Value wrap_value_schema(const Value& schema) {
    Value inner = schema;
    Value defs;
    if (const Value* d = inner.find("$defs")) defs = *d;
    inner.erase("$defs");
    inner.erase("$schema");
    Value wrapper = Value::object({{"type", "object"},
                                   {"properties", Value::object({{"value", std::move(inner)}})},
                                   {"required", Value::array({Value("value")})},
                                   {"additionalProperties", false}});
    if (!defs.is_null()) wrapper.set("$defs", std::move(defs));
    return wrapper;
}

} // namespace

const std::vector<Violation>& Attempt::violations() const noexcept {
    return error ? error->violations() : no_violations;
}

toolcall::Usage add_usage(const toolcall::Usage& a, const toolcall::Usage& b) {
    toolcall::Usage u;
    u.input_tokens = add(a.input_tokens, b.input_tokens);
    u.output_tokens = add(a.output_tokens, b.output_tokens);
    u.cached_tokens = add(a.cached_tokens, b.cached_tokens);
    u.reasoning_tokens = add(a.reasoning_tokens, b.reasoning_tokens);
    u.total_tokens = add(a.total_tokens, b.total_tokens);
    return u;
}

Strategy resolve_strategy(Strategy wanted, const Capabilities& caps) noexcept {
    if (wanted != Strategy::Auto) return wanted;
    if (caps.native_schema) return Strategy::NativeSchema;
    if (caps.tool_calls) return Strategy::ToolCall;
    if (caps.json_mode) return Strategy::JsonMode;
    return Strategy::PromptOnly;
}

namespace detail {

namespace {

std::string system_message(const Contract& contract, Strategy strategy, Dialect dialect) {
    std::string system = contract.instructions;
    system += json_sentence;
    if (strategy == Strategy::JsonMode || strategy == Strategy::PromptOnly) {
        system += schema_heading;
        system += dialect_schema(contract.schema, dialect).dump();
    }
    return system;
}

std::vector<Message> messages_after(std::string system, const ProgramOptions& options, const Value& input) {
    std::vector<Message> messages;
    messages.reserve(2 + 2 * options.demonstrations.size());
    messages.push_back(Message{Role::System, std::move(system), {}, {}});
    for (const Demonstration& d : options.demonstrations) {
        messages.push_back(Message{Role::User, d.input.dump(), {}, {}});
        messages.push_back(Message{Role::Assistant, d.output.dump(), {}, {}});
    }
    messages.push_back(Message{Role::User, input.dump(), {}, {}});
    return messages;
}

} // namespace

std::vector<Message> base_messages(const Contract& contract, const ProgramOptions& options, Strategy strategy,
                                   Dialect dialect, const Value& input) {
    return messages_after(system_message(contract, strategy, dialect), options, input);
}

namespace {

// The request without messages: the contract as the strategy puts it.
ChatRequest request_frame(const Contract& contract, const ProgramOptions& options, Strategy strategy,
                          const Capabilities& caps, bool& wrapped) {
    ChatRequest r;
    r.model = options.model;
    r.strategy = strategy;
    r.temperature = options.temperature;
    r.max_tokens = options.max_tokens;
    r.strict = caps.strict_schema;
    wrapped = false;
    if (strategy == Strategy::NativeSchema) {
        // OpenAI's structured outputs and Anthropic's schemas take an object at the root only.
        Value schema = contract.schema;
        if ((caps.dialect == Dialect::OpenAiStrict || caps.dialect == Dialect::Anthropic) && !is_object_schema(schema)) {
            schema = wrap_value_schema(schema);
            wrapped = true;
        }
        r.output_schema = dialect_schema(schema, caps.dialect);
        r.schema_name = "output";
    } else if (strategy == Strategy::ToolCall) {
        if (contract.actions) {
            for (std::size_t i = 0; i < contract.action_names.size(); ++i) {
                const auto& [name, description] = contract.action_names[i];
                r.tools.push_back(ToolSpec{name, description.empty() ? name : description,
                                           dialect_schema(contract.action_schemas[i], caps.dialect),
                                           caps.strict_schema});
            }
            r.tool_choice.mode = ToolChoice::Mode::Required;
        } else {
            Value params = contract.schema;
            if (!is_object_schema(params)) {
                params = wrap_value_schema(params);
                wrapped = true;
            }
            r.tools.push_back(ToolSpec{std::string(respond_tool), std::string(respond_description),
                                       dialect_schema(params, caps.dialect), caps.strict_schema});
            r.tool_choice.mode = ToolChoice::Mode::Named;
            r.tool_choice.name = std::string(respond_tool);
        }
    }
    return r;
}

// The answer as an assistant turn, replayed in a repair round.
Message answer_turn(const toolcall::Response& response) {
    Message m{Role::Assistant, response.text(), {}, {}};
    for (const auto* call : response.tool_calls()) m.tool_calls.push_back(*call);
    return m;
}

std::string raw_answer_of(const toolcall::Response& response) {
    std::string text = response.text();
    if (!text.empty()) return text;
    const auto calls = response.tool_calls();
    return calls.empty() ? std::string() : calls.front()->raw_arguments;
}

} // namespace

std::shared_ptr<const PreparedRequest> prepare_request(const Contract& contract, const ProgramOptions& options,
                                                       const Capabilities& capabilities) {
    auto p = std::make_shared<PreparedRequest>();
    p->strategy = resolve_strategy(options.strategy, capabilities);
    p->capabilities = capabilities;
    p->system = system_message(contract, p->strategy, capabilities.dialect);
    p->frame = request_frame(contract, options, p->strategy, capabilities, p->wrapped);
    return p;
}

RunState run_program(Provider& provider, const Contract& contract, const ProgramOptions& options,
                     const Value& input, const CallOptions& call, const Interpret& interpret,
                     const OnPartial& on_partial) {
    RunState state;
    const Capabilities caps = provider.capabilities();
    state.strategy = resolve_strategy(options.strategy, caps);
    const std::string request_model = options.model.empty() ? provider.model() : options.model;
    state.model = request_model;

    // Tracing (ProgramOptions::tracer): one span for the whole run, opened with the first request.
    std::optional<CallRecord> traced;
    CallSpan span;
    auto finish = [&](std::optional<Error> error) {
        state.error = std::move(error);
        if (traced) {
            traced->attempts = state.attempts.size();
            traced->outcome = state.error ? "error" : state.attempts.size() > 1 ? "repaired" : "success";
            traced->error_type = state.error ? std::string(state.error->kind_name()) : std::string();
            traced->duration = state.latency;
            end_call_span(*options.tracer, span, *traced, options.record_content);
        }
        if (options.on_run) {
            RunSummary rr{provider.name(), request_model, {}, state.strategy, state.attempts.size(),
                         state.usage,     state.latency, state.error ? &*state.error : nullptr};
            for (auto it = state.attempts.rbegin(); it != state.attempts.rend(); ++it)
                if (it->response) { rr.response_model = it->response->model; break; }
            options.on_run(rr);
        }
        return std::move(state);
    };

    std::string bad_path;
    if (!finite_everywhere(input, bad_path))
        return finish(Error::invalid_input("a number that JSON cannot carry at " + display_path(bad_path)));

    // The program's own parts, unless the provider's capabilities changed since it was made (no
    // copy of the shared pointer: every thread's run would touch its one count).
    const PreparedRequest* prepared = contract.prepared.get();
    std::shared_ptr<const PreparedRequest> made_now;
    if (!prepared || !(prepared->capabilities == caps)) {
        made_now = prepare_request(contract, options, caps);
        prepared = made_now.get();
    }
    const bool wrapped = prepared->wrapped;
    ChatRequest request = prepared->frame;
    const std::vector<Message> base = messages_after(prepared->system, options, input);

    OutputOptions oo;
    oo.mode = options.mode;
    oo.strategy = state.strategy;
    oo.unwrap_value = wrapped;
    oo.model = request_model;
    if (contract.actions) {
        oo.tool_names.clear();
        for (const auto& [name, description] : contract.action_names) oo.tool_names.push_back(name);
    }

    std::vector<Error> errors;
    const std::size_t max_attempts = options.max_repairs + 1;
    std::vector<Message> repair_turns; // the last answer and its feedback (bounded context)
    for (std::size_t n = 1; n <= max_attempts; ++n) {
        request.messages = base;
        request.messages.insert(request.messages.end(), repair_turns.begin(), repair_turns.end());

        if (options.tracer && !traced) {
            traced = call_record(provider, request);
            span = start_call_span(*options.tracer, *traced, options.record_content);
        }
        Attempt attempt;
        attempt.messages = request.messages;
        Result<Completion, ProviderError> done = [&]() -> Result<Completion, ProviderError> {
            try {
                if (!on_partial) return provider.complete(request, call);
                // Streaming: the answer's text (or the tool call's arguments) read as it grows.
                toolcall::PartialJson partial;
                CallOptions streaming = call;
                streaming.on_delta = [&](const toolcall::StreamDelta& d) {
                    if (call.on_delta) call.on_delta(d);
                    if (d.kind != toolcall::DeltaKind::Text && d.kind != toolcall::DeltaKind::Arguments) return;
                    partial.append(d.text);
                    on_partial(partial.value(), n);
                };
                return provider.complete(request, streaming);
            } catch (const std::exception&) {
                return ProviderError{ProviderError::Reason::Transport, "the provider threw an exception"};
            }
        }();

        ModelCall record{provider.name(), provider.server_address(), provider.server_port(), request_model,
                          state.strategy,  n,                         &request,              nullptr,
                          nullptr,         {},                        {},                    options.record_content};
        if (!done) {
            Error e = Error::provider(done.error());
            attempt.error = e;
            state.attempts.push_back(std::move(attempt));
            record.error = &*state.attempts.back().error;
            if (options.on_call) options.on_call(record);
            return finish(std::move(e));
        }

        Completion& completion = *done;
        if (traced) record_response(*traced, completion.response);
        attempt.usage = completion.response.usage;
        attempt.latency = completion.latency;
        attempt.raw_answer = raw_answer_of(completion.response);
        state.usage = add_usage(state.usage, attempt.usage);
        state.latency += completion.latency;
        if (!completion.response.model.empty()) state.model = completion.response.model;

        std::optional<Error> error = interpret(completion.response, oo);
        attempt.error = error;
        attempt.response = std::move(completion.response);
        state.attempts.push_back(std::move(attempt));
        const Attempt& stored = state.attempts.back();
        record.response = &*stored.response;
        record.error = stored.error ? &*stored.error : nullptr;
        record.usage = stored.usage;
        record.latency = stored.latency;
        if (options.on_call) options.on_call(record);

        if (!error) return finish(std::nullopt);
        if (!error->repairable()) return finish(std::move(*error));
        errors.push_back(*error);
        if (options.max_repairs == 0) return finish(std::move(*error));
        const std::uint64_t used = tokens_of(state.usage);
        if (options.token_budget && used >= *options.token_budget)
            return finish(Error::budget_exceeded(*options.token_budget, used, std::move(errors)));
        if (n == max_attempts) break;

        // The next round: only this answer and its feedback.
        repair_turns.clear();
        Message answer = answer_turn(*stored.response);
        const std::string feedback = error->repair_feedback();
        if (answer.tool_calls.empty()) {
            repair_turns.push_back(std::move(answer));
            repair_turns.push_back(Message{Role::User, feedback, {}, {}});
        } else {
            std::vector<std::string> ids;
            for (const auto& c : answer.tool_calls) ids.push_back(c.id);
            repair_turns.push_back(std::move(answer));
            for (const auto& id : ids) repair_turns.push_back(Message{Role::Tool, feedback, {}, id});
        }
    }
    return finish(Error::retry_limit_exceeded(std::move(errors)));
}

} // namespace detail
} // namespace laminate::lm
