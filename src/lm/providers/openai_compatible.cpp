// OpenAI Chat Completions (POST /chat/completions) and the servers that speak it.
#include "common.hpp"

namespace laminate::lm {

namespace {

constexpr Capabilities kGeneric{.native_schema = true, .tool_calls = true, .json_mode = true, .streaming = true,
                                .dialect = Dialect::Generic, .strict_schema = false};
constexpr Capabilities kOpenAi{.native_schema = true, .tool_calls = true, .json_mode = true, .streaming = true,
                               .dialect = Dialect::OpenAiStrict, .strict_schema = true};

Value message_value(const Message& m) {
    Value out = Value::object({{"role", Value(role_name(m.role))}});
    if (m.role == Role::Assistant && !m.tool_calls.empty()) {
        out.set("content", m.content.empty() ? Value() : Value(m.content));
        Value calls = Value::array();
        for (const auto& call : m.tool_calls)
            calls.push_back(Value::object({{"id", Value(call.id)},
                                           {"type", Value("function")},
                                           {"function", Value::object({{"name", Value(call.name)},
                                                                       {"arguments", Value(detail::arguments_text(call))}})}}));
        out.set("tool_calls", std::move(calls));
        return out;
    }
    if (m.role == Role::Tool) out.set("tool_call_id", Value(m.tool_call_id));
    out.set("content", Value(m.content));
    return out;
}

} // namespace

OpenAiCompatible::OpenAiCompatible(ProviderOptions options)
    : HttpProvider(std::move(options), "https://api.openai.com/v1", "openai", kGeneric) {}

OpenAiCompatible OpenAiCompatible::openai(std::string model, ProviderOptions options) {
    options = detail::openai_options(std::move(model), std::move(options));
    if (!options.capabilities) options.capabilities = kOpenAi;
    return OpenAiCompatible(std::move(options));
}

OpenAiCompatible OpenAiCompatible::ollama(std::string model, ProviderOptions options) {
    options.model = std::move(model);
    if (options.base_url.empty()) {
        std::string host = detail::env("OLLAMA_HOST");
        if (host.empty()) host = "http://localhost:11434";
        if (!host.starts_with("http://") && !host.starts_with("https://")) host = "http://" + host;
        while (!host.empty() && host.back() == '/') host.pop_back();
        options.base_url = host + "/v1";
    }
    if (options.name.empty()) options.name = "ollama";
    return OpenAiCompatible(std::move(options));
}

std::string OpenAiCompatible::endpoint(const ChatRequest&, bool) const { return "/chat/completions"; }

std::vector<Header> OpenAiCompatible::auth_headers() const { return detail::bearer(options_.api_key); }

Result<Value, ProviderError> OpenAiCompatible::request_body(const ChatRequest& request, bool stream) const {
    const bool strict_ok = capabilities_.strict_schema;
    Value body = Value::object({{"model", Value(model_for(request))}});
    Value messages = Value::array();
    for (const Message& m : request.messages) messages.push_back(message_value(m));
    body.set("messages", std::move(messages));
    if (request.temperature) body.set("temperature", Value(*request.temperature));
    if (request.max_tokens) {
        std::string field = options_.max_tokens_field;
        if (field.empty())
            field = capabilities_.dialect == Dialect::OpenAiStrict ? "max_completion_tokens" : "max_tokens";
        body.set(field, Value(*request.max_tokens));
    }
    switch (request.strategy) {
    case Strategy::NativeSchema: {
        auto schema = detail::native_schema(request);
        if (!schema) return std::move(schema).error();
        body.set("response_format",
                 Value::object({{"type", Value("json_schema")},
                                {"json_schema", Value::object({{"name", Value(request.schema_name)},
                                                               {"schema", **schema},
                                                               {"strict", Value(request.strict && strict_ok)}})}}));
        break;
    }
    case Strategy::JsonMode: body.set("response_format", Value::object({{"type", Value("json_object")}})); break;
    case Strategy::ToolCall:
        if (request.tools.empty()) return detail::invalid_request("the tool_call strategy needs at least one tool");
        break;
    case Strategy::Auto:
    case Strategy::PromptOnly: break;
    }
    if (!request.tools.empty()) {
        Value tools = Value::array();
        for (const ToolSpec& tool : request.tools) {
            Value function = Value::object({{"name", Value(tool.name)}});
            if (!tool.description.empty()) function.set("description", Value(tool.description));
            function.set("parameters", tool.parameters);
            if (tool.strict && strict_ok) function.set("strict", Value(true));
            tools.push_back(Value::object({{"type", Value("function")}, {"function", std::move(function)}}));
        }
        body.set("tools", std::move(tools));
        switch (request.tool_choice.mode) {
        case ToolChoice::Mode::Auto: break;
        case ToolChoice::Mode::None: body.set("tool_choice", Value("none")); break;
        case ToolChoice::Mode::Required: body.set("tool_choice", Value("required")); break;
        case ToolChoice::Mode::Named:
            body.set("tool_choice", Value::object({{"type", Value("function")},
                                                   {"function", Value::object({{"name", Value(request.tool_choice.name)}})}}));
            break;
        }
    }
    if (stream) {
        body.set("stream", Value(true));
        if (options_.stream_usage) body.set("stream_options", Value::object({{"include_usage", Value(true)}}));
    }
    return body;
}

} // namespace laminate::lm
