#pragma once
// laminate::lm::parse_output — one model response through the output pipeline, without a
// program: what Program<Sig> runs on every answer, usable on a response you got elsewhere.
//
//   auto out = laminate::lm::parse_output<Analysis>(response, laminate::output_schema<Analysis>());
//   if (!out) { std::cerr << out.error() << '\n'; return; }   // lm::Error, safe to print
//   auto& [analysis, diagnostics] = *out;                      // Shaped<Analysis>
//
// The pipeline, in order; the first step that fails decides the error:
//   1. finish reason: a refusal (a Refusal block, finish reason refusal or content_filter) is
//      `refusal`; a cut answer (finish reason length) is `truncated`. Neither is repaired.
//   2. extraction: the tool call's arguments (tool-call strategy; a tool call the model wrote as
//      text, {"name": "respond", "arguments": {...}}, is unwrapped) or the JSON in the text, found
//      by laminate's extraction (fences, tags, prose, <think> skipped) and read by the tolerant
//      parser (repairs are diagnostics; none in Strict mode). When several candidates parse, the
//      one that fits the schema wins. A value that is not closed is `invalid_json`: it is never
//      completed. Nothing found: `invalid_json` ("no JSON object or array found").
//   3. schema: the value is shaped by the ORIGINAL schema in the options' mode (coercions, repairs
//      and defaults become diagnostics: `"2"` for an integer is accepted in Lenient mode, not in
//      Strict) and validated against it; every violation, with its path, is `schema_violation`.
//      The provider's dialect may have dropped keywords (lengths, ranges): they are checked here.
//   4. shaping into T (typed shaping, the same mode); a failure is `deserialize`.
//   5. the rules: messages returned by `rules` (a signature's validate) are `validation`.
//
// Deliberate differences from the TypedLM crate (whose vectors are in the tests): in Lenient and
// Absorbing modes step 3 accepts what shaping can make fit (a number for a string, an unknown
// member where additionalProperties is false is dropped with a diagnostic) instead of asking for a
// repair; Strict mode checks the answer as it is.
//
// Action outputs: when T is a std::variant of structs, each alternative is an action (a tool of
// its own under the tool-call strategy, named after the struct). The payload is a call: the tool
// call's name picks the alternative, its arguments are checked against that struct's schema
// (output_schema<A>()); as text, {"name": "Pay", "arguments": {...}}. The `schema` argument is
// not consulted for such T (action_schema<T>() is what a request shows the model).

#include <laminate/lm/error.hpp>
#include <laminate/lm/provider.hpp>
#include <laminate/output_schema.hpp>
#include <laminate/schema.hpp>
#include <laminate/shape.hpp>

#include <array>
#include <functional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

namespace laminate::lm {

struct OutputOptions {
    ModeSetting mode = Mode::Lenient;
    // Where the payload is read from. ToolCall: the tool call (first one named in tool_names, else
    // the first), or a call written as text. NativeSchema, JsonMode, PromptOnly: the text. Auto:
    // the tool call when the text holds nothing but whitespace, else the text.
    Strategy strategy = Strategy::Auto;
    // The tools the request offered: a text {"name": <one of these>, "arguments": ...} is a call.
    std::vector<std::string> tool_names = {"respond"};
    // The request wrapped a non-object output as {"value": ...} (the respond tool's parameters, an
    // OpenAI strict response schema): an object whose only member is "value" is unwrapped.
    bool unwrap_value = false;
    // Named in refusal and truncated messages; empty: the response's model.
    std::string model = {};
    ExtractOptions extract = {};
    ValidateOptions validate = {};
};

// Steps 1-3 on a schema known at run time (the command line, a schema file): the value shaped by
// the schema, with the diagnostics of every step.
Result<Shaped<Value>, Error> parse_output_value(const toolcall::Response& response, const Schema& schema,
                                               const OutputOptions& options = {});

namespace detail {

// What extraction found (steps 1-2).
struct Payload {
    Value value;
    Diagnostics diagnostics;
    std::string raw;       // the text or the arguments as sent: kept in errors
    std::string tool_name; // the call's name, when the payload was a call
};

Result<Payload, Error> read_payload(const toolcall::Response& response, const Schema* fits,
                                    const OutputOptions& options);
// Step 3 on a payload.
Result<Shaped<Value>, Error> conform(Payload&& payload, const Schema& schema, const OutputOptions& options);
// A sanitized tool name for an action type's label ([A-Za-z0-9_-], at most 64 characters).
std::string tool_name_for(std::string_view label);
// The schema of an action call written as text: anyOf of {"name": const, "arguments": schema}.
Value action_envelope_schema(const std::vector<std::pair<std::string, Value>>& actions);

template <class T> struct action_traits {
    static constexpr bool is_actions = false;
};
template <class... A> struct action_traits<std::variant<A...>> {
    static constexpr bool is_actions = sizeof...(A) > 0 && (schema_detail::is_struct_schema_v<A> && ...);
};

template <class T> inline constexpr bool is_actions_v = action_traits<T>::is_actions;

template <class T>
Result<Shaped<T>, Error> shape_typed(Shaped<Value>&& checked, const std::string& raw, const OutputOptions& options) {
    ShapeOptions so;
    so.mode = options.mode;
    auto shaped = from_value<T>(checked.value, so);
    if (!shaped) return Error::deserialize(std::move(shaped).error(), raw);
    Shaped<T> out;
    out.value = std::move(shaped->value);
    out.diagnostics = std::move(checked.diagnostics);
    out.diagnostics.insert(out.diagnostics.end(), std::make_move_iterator(shaped->diagnostics.begin()),
                           std::make_move_iterator(shaped->diagnostics.end()));
    out.residual = std::move(shaped->residual);
    return out;
}

// The actions of a variant output, built once: names, descriptions, schemas.
struct ActionInfo {
    std::string name;
    std::string description;
    Value schema;    // output_schema<A>()
    Schema compiled; // for step 3
};

template <class A> ActionInfo make_action() {
    Value schema = output_schema<A>();
    auto compiled = Schema::compile(schema);
    return ActionInfo{tool_name_for(shape_detail::type_label<A>()), std::string(schema_detail::type_description<A>()),
                      std::move(schema), std::move(*compiled)};
}

template <class T> const std::vector<ActionInfo>& actions_of() {
    static const std::vector<ActionInfo> actions = []<class... A>(std::variant<A...>*) {
        return std::vector<ActionInfo>{make_action<A>()...};
    }(static_cast<T*>(nullptr));
    return actions;
}

template <class T, std::size_t I = 0>
Result<Shaped<T>, Error> shape_action(std::size_t index, Shaped<Value>&& checked, const std::string& raw,
                                      const OutputOptions& options) {
    if constexpr (I < std::variant_size_v<T>) {
        if (index != I) return shape_action<T, I + 1>(index, std::move(checked), raw, options);
        using A = std::variant_alternative_t<I, T>;
        auto one = shape_typed<A>(std::move(checked), raw, options);
        if (!one) return std::move(one).error();
        Shaped<T> out;
        out.value.template emplace<I>(std::move(one->value));
        out.diagnostics = std::move(one->diagnostics);
        out.residual = std::move(one->residual);
        return out;
    } else {
        return Error::invalid_input("action index out of range");
    }
}

template <class T>
Result<Shaped<T>, Error> parse_actions(const toolcall::Response& response, OutputOptions options, std::string& raw) {
    const auto& actions = actions_of<T>();
    options.tool_names.clear();
    for (const auto& a : actions) options.tool_names.push_back(a.name);
    options.unwrap_value = false;
    auto payload = read_payload(response, nullptr, options);
    if (!payload) return std::move(payload).error();
    raw = payload->raw;
    std::size_t index = actions.size();
    for (std::size_t i = 0; i < actions.size(); ++i)
        if (actions[i].name == payload->tool_name) index = i;
    if (index == actions.size()) {
        std::string names;
        for (const auto& a : actions) names += (names.empty() ? "" : ", ") + a.name;
        Violation v{"", "expected a call of one of the tools " + names, "tool", "#", {}};
        return Error::schema_violation({std::move(v)}, raw, Value::object());
    }
    auto checked = conform(std::move(*payload), actions[index].compiled, options);
    if (!checked) return std::move(checked).error();
    return shape_action<T>(index, std::move(*checked), raw, options);
}

} // namespace detail

// The rules of a signature, or of your own: messages phrased as instructions to the model
// ("list at least one item in `items`"); none means the output passes.
template <class T> using Rules = std::function<std::vector<std::string>(const T&)>;

// The whole pipeline into T. `schema` is the original output schema (output_schema<T>(), or one
// of your own that T can be shaped from).
template <class T>
Result<Shaped<T>, Error> parse_output(const toolcall::Response& response, const Schema& schema,
                                      const OutputOptions& options = {}, const Rules<T>& rules = {}) {
    std::string raw;
    Result<Shaped<T>, Error> out = [&]() -> Result<Shaped<T>, Error> {
        if constexpr (detail::is_actions_v<T>) {
            (void)schema;
            return detail::parse_actions<T>(response, options, raw);
        } else {
            auto payload = detail::read_payload(response, &schema, options);
            if (!payload) return std::move(payload).error();
            raw = payload->raw;
            auto checked = detail::conform(std::move(*payload), schema, options);
            if (!checked) return std::move(checked).error();
            return detail::shape_typed<T>(std::move(*checked), raw, options);
        }
    }();
    if (out && rules) {
        std::vector<std::string> messages = rules(out->value);
        if (!messages.empty()) return Error::validation(std::move(messages), std::move(raw));
    }
    return out;
}

// The same with the schema as a Value (compiled here; an unusable schema is invalid_input).
template <class T>
Result<Shaped<T>, Error> parse_output(const toolcall::Response& response, const Value& schema,
                                      const OutputOptions& options = {}, const Rules<T>& rules = {}) {
    auto compiled = Schema::compile(schema);
    if (!compiled) return Error::invalid_input("the output schema does not compile: " + compiled.error().to_string());
    return parse_output<T>(response, *compiled, options, rules);
}

// What a request shows the model for T: output_schema<T>(), or for actions the call envelope.
template <class T> Value request_schema() {
    if constexpr (detail::is_actions_v<T>) {
        std::vector<std::pair<std::string, Value>> actions;
        for (const auto& a : detail::actions_of<T>()) actions.emplace_back(a.name, a.schema);
        return detail::action_envelope_schema(actions);
    } else {
        return output_schema<T>();
    }
}

} // namespace laminate::lm
