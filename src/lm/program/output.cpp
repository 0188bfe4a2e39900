// The output pipeline's steps that do not depend on the output type: finish reason, extraction,
// shaping by the schema and validation against it.
#include <laminate/lm/output.hpp>

#include <algorithm>

namespace laminate::lm {
namespace detail {
namespace {

constexpr std::string_view not_closed_reason = "JSON value is not closed (response truncated?)";
constexpr std::string_view nothing_found_reason = "no JSON object or array found";

bool blank(std::string_view s) {
    return std::all_of(s.begin(), s.end(), [](char c) { return c == ' ' || c == '\n' || c == '\r' || c == '\t'; });
}

ParseOptions parse_options_for(const OutputOptions& options) {
    ParseOptions p;
    p.repair = options.mode.policy.syntax_repair;
    p.complete_truncated = false; // a cut answer is reported, never completed
    return p;
}

std::string_view model_of(const toolcall::Response& response, const OutputOptions& options) {
    return options.model.empty() ? std::string_view(response.model) : std::string_view(options.model);
}

bool offered(const OutputOptions& options, std::string_view name) {
    return std::find(options.tool_names.begin(), options.tool_names.end(), name) != options.tool_names.end();
}

// Why extraction found nothing, in laminate's own words (never a quote of the text): the crate's
// two sentences where they apply, else extraction's own message (what was tried and why not).
std::string invalid_reason(const laminate::Error& e, std::string_view text, const ExtractOptions& options) {
    if (e.kind() == laminate::ErrorKind::ValueNotClosed || e.message().find("not closed") != std::string::npos)
        return std::string(not_closed_reason);
    if (e.kind() == laminate::ErrorKind::NoPayload && extract_candidates(text, options).empty())
        return std::string(nothing_found_reason);
    return e.message();
}

// A call written as text: {"name": <an offered tool>, "arguments": {...} or "{...}"}.
bool unwrap_written_call(Payload& p, const OutputOptions& options, const ParseOptions& parse_options) {
    if (!p.value.is_object()) return false;
    const Value* name = p.value.find("name");
    const Value* args = p.value.find("arguments");
    if (!args) args = p.value.find("parameters");
    if (!name || !args || !name->is_string() || !offered(options, name->as_string())) return false;
    p.tool_name = std::string(name->as_string());
    if (args->is_string()) {
        auto parsed = parse(args->as_string(), parse_options);
        if (!parsed) return false;
        Value v = std::move(parsed->value);
        p.value = std::move(v);
    } else {
        Value v = *args;
        p.value = std::move(v);
    }
    return true;
}

Result<Payload, Error> from_tool_call(const toolcall::ToolCall& call) {
    if (!call.complete) return Error::invalid_json(std::string(not_closed_reason), call.raw_arguments);
    if (call.arguments.is_null() && !call.raw_arguments.empty() && call.raw_arguments != "null")
        return Error::invalid_json("the tool call's arguments are not JSON", call.raw_arguments);
    Payload p;
    p.value = call.arguments.is_null() ? Value::object() : call.arguments;
    p.diagnostics = call.diagnostics;
    p.raw = call.raw_arguments;
    p.tool_name = call.name;
    return p;
}

Result<Payload, Error> from_text(const std::string& text, const Schema* fits, const OutputOptions& options) {
    const ParseOptions parse_options = parse_options_for(options);
    CandidateFilter accept;
    if (fits) {
        // The candidate that fits the schema wins; a call written as text fits through its
        // arguments.
        accept = [&](const Value& candidate) {
            Payload probe{candidate, {}, {}, {}};
            unwrap_written_call(probe, options, parse_options);
            ShapeOptions so;
            so.mode = options.mode;
            so.sink = DiagnosticSink::drop();
            auto shaped = fits->from_value(probe.value, so);
            return shaped && fits->is_valid(shaped->value);
        };
    }
    auto extracted = extract(text, parse_options, options.extract, accept);
    if (!extracted && accept) extracted = extract(text, parse_options, options.extract);
    if (!extracted) return Error::invalid_json(invalid_reason(extracted.error(), text, options.extract), text);
    Payload p;
    p.value = std::move(extracted->parsed.value);
    p.diagnostics = std::move(extracted->parsed.diagnostics);
    p.raw = text;
    unwrap_written_call(p, options, parse_options);
    return p;
}

} // namespace

Result<Payload, Error> read_payload(const toolcall::Response& response, const Schema* fits,
                                    const OutputOptions& options) {
    const toolcall::Choice& choice = response.primary();
    const std::string text = response.text();

    // 1. finish reason
    for (const auto& block : choice.content)
        if (const auto* refusal = std::get_if<toolcall::Refusal>(&block))
            return Error::refusal(std::string(model_of(response, options)), refusal->text, text);
    const auto reason = choice.finish.reason;
    if (reason == toolcall::FinishReason::Refusal || reason == toolcall::FinishReason::ContentFilter)
        return Error::refusal(std::string(model_of(response, options)), text, text);
    if (reason == toolcall::FinishReason::Length) {
        std::string raw = text;
        if (raw.empty() && !response.tool_calls().empty()) raw = response.tool_calls().front()->raw_arguments;
        return Error::truncated(std::string(model_of(response, options)), std::move(raw));
    }

    // 2. extraction
    const auto calls = response.tool_calls();
    const bool use_call = !calls.empty() && (options.strategy == Strategy::ToolCall ||
                                             (options.strategy == Strategy::Auto && blank(text)));
    Result<Payload, Error> payload = [&]() -> Result<Payload, Error> {
        if (use_call) {
            const toolcall::ToolCall* chosen = calls.front();
            for (const auto* call : calls)
                if (offered(options, call->name)) { chosen = call; break; }
            return from_tool_call(*chosen);
        }
        if (blank(text)) return Error::invalid_json(std::string(nothing_found_reason), text);
        return from_text(text, fits, options);
    }();
    if (!payload) return payload;
    if (options.unwrap_value && payload->value.is_object() && payload->value.size() == 1) {
        if (const Value* inner = payload->value.find("value")) {
            Value v = *inner;
            payload->value = std::move(v);
        }
    }
    return payload;
}

namespace {

// The validator reports a missing property at its object ("missing required property \"x\"");
// the model is told at the property itself, as TypedLM does: "$.x: required field is missing".
std::vector<Violation> at_the_field(std::vector<Violation> violations) {
    constexpr std::string_view prefix = "missing required property ";
    for (Violation& v : violations) {
        if (v.keyword != "required" || v.message.rfind(prefix, 0) != 0) continue;
        auto key = parse_json(std::string_view(v.message).substr(prefix.size()));
        if (!key || !key->is_string()) continue;
        append_path_key(v.path, key->as_string());
        v.message = "required field is missing";
    }
    return violations;
}

} // namespace

Result<Shaped<Value>, Error> conform(Payload&& payload, const Schema& schema, const OutputOptions& options) {
    ShapeOptions so;
    so.mode = options.mode;
    std::vector<laminate::Error> field_errors;
    so.field_errors = &field_errors;
    auto shaped = schema.from_value(payload.value, so);
    if (shaped) {
        ValidationResult report = schema.validate(shaped->value, options.validate);
        if (!report.valid)
            return Error::schema_violation(at_the_field(std::move(report.violations)), std::move(payload.raw),
                                           schema.document());
        Shaped<Value> out;
        out.value = std::move(shaped->value);
        out.diagnostics = std::move(payload.diagnostics);
        out.diagnostics.insert(out.diagnostics.end(), std::make_move_iterator(shaped->diagnostics.begin()),
                               std::make_move_iterator(shaped->diagnostics.end()));
        out.residual = std::move(shaped->residual);
        return out;
    }
    // Shaping could not make it fit: the answer as it is, judged by the validator, says why
    // (every violation); shaping's own errors when the validator has nothing to say (Strict mode
    // refusing what the schema allows).
    ValidationResult report = schema.validate(payload.value, options.validate);
    std::vector<Violation> violations = at_the_field(std::move(report.violations));
    if (violations.empty()) {
        if (field_errors.empty()) field_errors.push_back(shaped.error());
        for (const auto& e : field_errors)
            violations.push_back(Violation{e.path(), e.message(), std::string(e.kind_name()), "#", {}});
    }
    return Error::schema_violation(std::move(violations), std::move(payload.raw), schema.document());
}

std::string tool_name_for(std::string_view label) {
    std::string out;
    for (char c : label) {
        const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
        out += ok ? c : '_';
        if (out.size() == 64) break;
    }
    return out.empty() ? std::string("action") : out;
}

Value action_envelope_schema(const std::vector<std::pair<std::string, Value>>& actions) {
    Value any = Value::array();
    for (const auto& [name, schema] : actions) {
        // Inlined: a "$ref" into the action's own $defs would not resolve inside the envelope.
        auto inlined = to_dialect(schema, Dialect::Generic);
        Value args = inlined ? std::move(*inlined) : schema;
        args.erase("$schema");
        any.push_back(Value::object({{"type", "object"},
                                     {"properties", Value::object({{"name", Value::object({{"const", Value(name)}})},
                                                                   {"arguments", std::move(args)}})},
                                     {"required", Value::array({Value("name"), Value("arguments")})},
                                     {"additionalProperties", false}}));
    }
    return Value::object({{"anyOf", std::move(any)}});
}

} // namespace detail

Result<Shaped<Value>, Error> parse_output_value(const toolcall::Response& response, const Schema& schema,
                                               const OutputOptions& options) {
    auto payload = detail::read_payload(response, &schema, options);
    if (!payload) return std::move(payload).error();
    return detail::conform(std::move(*payload), schema, options);
}

} // namespace laminate::lm
