// Ollama's native chat API (POST /api/chat): the schema as `format`, sampling in `options`,
// tool-call arguments as objects, NDJSON streaming. "stream" is always sent: Ollama streams by
// default.
#include "common.hpp"

namespace laminate::lm {

namespace {

constexpr Capabilities kOllama{.native_schema = true, .tool_calls = true, .json_mode = true, .streaming = true,
                               .dialect = Dialect::Generic, .strict_schema = false};

std::string ollama_host() {
    std::string host = detail::env("OLLAMA_HOST");
    if (host.empty()) return "http://localhost:11434";
    if (!host.starts_with("http://") && !host.starts_with("https://")) host = "http://" + host;
    return host;
}

} // namespace

Ollama::Ollama(ProviderOptions options) : HttpProvider(std::move(options), "http://localhost:11434", "ollama", kOllama) {}

Ollama Ollama::local(std::string model, ProviderOptions options) {
    options.model = std::move(model);
    if (options.base_url.empty()) options.base_url = ollama_host();
    return Ollama(std::move(options));
}

std::string Ollama::endpoint(const ChatRequest&, bool) const { return "/api/chat"; }

std::vector<Header> Ollama::auth_headers() const { return detail::bearer(options_.api_key); }

Result<Value, ProviderError> Ollama::request_body(const ChatRequest& request, bool stream) const {
    Value body = Value::object({{"model", Value(model_for(request))}});
    Value messages = Value::array();
    for (std::size_t i = 0; i < request.messages.size(); ++i) {
        const Message& m = request.messages[i];
        Value out = Value::object({{"role", Value(role_name(m.role))}, {"content", Value(m.content)}});
        if (m.role == Role::Assistant && !m.tool_calls.empty()) {
            Value calls = Value::array();
            for (const auto& call : m.tool_calls)
                calls.push_back(Value::object({{"function", Value::object({{"name", Value(call.name)},
                                                                           {"arguments", detail::arguments_object(call)}})}}));
            out.set("tool_calls", std::move(calls));
        }
        if (m.role == Role::Tool)
            if (std::string name = detail::tool_name_for(request.messages, i); !name.empty())
                out.set("tool_name", Value(std::move(name)));
        messages.push_back(std::move(out));
    }
    body.set("messages", std::move(messages));
    body.set("stream", Value(stream));
    switch (request.strategy) {
    case Strategy::NativeSchema: {
        auto schema = detail::native_schema(request);
        if (!schema) return std::move(schema).error();
        body.set("format", **schema);
        break;
    }
    case Strategy::JsonMode: body.set("format", Value("json")); break;
    case Strategy::ToolCall:
        if (request.tools.empty()) return detail::invalid_request("the tool_call strategy needs at least one tool");
        break;
    case Strategy::Auto:
    case Strategy::PromptOnly: break;
    }
    if (!request.tools.empty() && request.tool_choice.mode != ToolChoice::Mode::None) {
        // No tool_choice in Ollama: a named choice offers only that tool.
        Value tools = Value::array();
        for (const ToolSpec& tool : request.tools) {
            if (request.tool_choice.mode == ToolChoice::Mode::Named && tool.name != request.tool_choice.name) continue;
            Value function = Value::object({{"name", Value(tool.name)}});
            if (!tool.description.empty()) function.set("description", Value(tool.description));
            function.set("parameters", tool.parameters);
            tools.push_back(Value::object({{"type", Value("function")}, {"function", std::move(function)}}));
        }
        body.set("tools", std::move(tools));
    }
    Value options = Value::object();
    if (request.temperature) options.set("temperature", Value(*request.temperature));
    if (request.max_tokens) options.set("num_predict", Value(*request.max_tokens));
    if (!options.empty()) body.set("options", std::move(options));
    return body;
}

} // namespace laminate::lm
