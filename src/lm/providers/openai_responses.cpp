// The OpenAI Responses API (POST /responses): system text as `instructions`, turns as input
// items, the schema as text.format, function tools flat ({type, name, parameters, strict}).
#include "common.hpp"

namespace laminate::lm {

namespace {

constexpr Capabilities kResponses{.native_schema = true, .tool_calls = true, .json_mode = true, .streaming = true,
                                  .dialect = Dialect::OpenAiStrict, .strict_schema = true};

} // namespace

OpenAiResponses::OpenAiResponses(ProviderOptions options)
    : HttpProvider(std::move(options), "https://api.openai.com/v1", "openai", kResponses) {}

OpenAiResponses OpenAiResponses::openai(std::string model, ProviderOptions options) {
    return OpenAiResponses(detail::openai_options(std::move(model), std::move(options)));
}

std::string OpenAiResponses::endpoint(const ChatRequest&, bool) const { return "/responses"; }

std::vector<Header> OpenAiResponses::auth_headers() const { return detail::bearer(options_.api_key); }

Result<Value, ProviderError> OpenAiResponses::request_body(const ChatRequest& request, bool stream) const {
    const bool strict_ok = capabilities_.strict_schema;
    Value body = Value::object({{"model", Value(model_for(request))}});
    if (std::string system = detail::system_text(request.messages); !system.empty())
        body.set("instructions", Value(std::move(system)));
    Value input = Value::array();
    for (const Message& m : request.messages) {
        switch (m.role) {
        case Role::System: break;
        case Role::User: input.push_back(Value::object({{"role", Value("user")}, {"content", Value(m.content)}})); break;
        case Role::Assistant:
            if (!m.content.empty())
                input.push_back(Value::object({{"role", Value("assistant")}, {"content", Value(m.content)}}));
            for (const auto& call : m.tool_calls)
                input.push_back(Value::object({{"type", Value("function_call")},
                                               {"call_id", Value(call.id)},
                                               {"name", Value(call.name)},
                                               {"arguments", Value(detail::arguments_text(call))}}));
            break;
        case Role::Tool:
            input.push_back(Value::object({{"type", Value("function_call_output")},
                                           {"call_id", Value(m.tool_call_id)},
                                           {"output", Value(m.content)}}));
            break;
        }
    }
    body.set("input", std::move(input));
    if (request.temperature) body.set("temperature", Value(*request.temperature));
    if (request.max_tokens) body.set("max_output_tokens", Value(*request.max_tokens));
    switch (request.strategy) {
    case Strategy::NativeSchema: {
        auto schema = detail::native_schema(request);
        if (!schema) return std::move(schema).error();
        body.set("text", Value::object({{"format", Value::object({{"type", Value("json_schema")},
                                                                  {"name", Value(request.schema_name)},
                                                                  {"schema", **schema},
                                                                  {"strict", Value(request.strict && strict_ok)}})}}));
        break;
    }
    case Strategy::JsonMode:
        body.set("text", Value::object({{"format", Value::object({{"type", Value("json_object")}})}}));
        break;
    case Strategy::ToolCall:
        if (request.tools.empty()) return detail::invalid_request("the tool_call strategy needs at least one tool");
        break;
    case Strategy::Auto:
    case Strategy::PromptOnly: break;
    }
    if (!request.tools.empty()) {
        Value tools = Value::array();
        for (const ToolSpec& tool : request.tools) {
            Value t = Value::object({{"type", Value("function")}, {"name", Value(tool.name)}});
            if (!tool.description.empty()) t.set("description", Value(tool.description));
            t.set("parameters", tool.parameters);
            // The Responses API makes function tools strict unless told otherwise: always say.
            t.set("strict", Value(tool.strict && strict_ok));
            tools.push_back(std::move(t));
        }
        body.set("tools", std::move(tools));
        switch (request.tool_choice.mode) {
        case ToolChoice::Mode::Auto: break;
        case ToolChoice::Mode::None: body.set("tool_choice", Value("none")); break;
        case ToolChoice::Mode::Required: body.set("tool_choice", Value("required")); break;
        case ToolChoice::Mode::Named:
            body.set("tool_choice", Value::object({{"type", Value("function")}, {"name", Value(request.tool_choice.name)}}));
            break;
        }
    }
    if (stream) body.set("stream", Value(true));
    return body;
}

} // namespace laminate::lm
