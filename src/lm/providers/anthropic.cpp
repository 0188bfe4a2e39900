// Anthropic Messages (POST /messages): max_tokens required, system text top-level, tool calls
// as tool_use blocks and results as tool_result blocks in a user turn, the schema as
// output_config.format (structured outputs).
#include "common.hpp"

namespace laminate::lm {

namespace {

constexpr Capabilities kAnthropic{.native_schema = true, .tool_calls = true, .json_mode = false, .streaming = true,
                                  .dialect = Dialect::Anthropic, .strict_schema = false};

} // namespace

Anthropic::Anthropic(ProviderOptions options)
    : HttpProvider(std::move(options), "https://api.anthropic.com/v1", "anthropic", kAnthropic) {}

Anthropic Anthropic::from_env(std::string model, ProviderOptions options) {
    options.model = std::move(model);
    if (options.base_url.empty()) {
        options.base_url = detail::env("ANTHROPIC_BASE_URL");
        // The SDKs' ANTHROPIC_BASE_URL is the host alone; the API version is in the path.
        if (!options.base_url.empty() && !options.base_url.ends_with("/v1") && !options.base_url.ends_with("/v1/"))
            options.base_url += "/v1";
    }
    if (options.api_key.empty()) options.api_key = detail::env("ANTHROPIC_API_KEY");
    if (options.api_key_env.empty()) options.api_key_env = "ANTHROPIC_API_KEY";
    return Anthropic(std::move(options));
}

std::string Anthropic::endpoint(const ChatRequest&, bool) const { return "/messages"; }

std::vector<Header> Anthropic::auth_headers() const {
    std::vector<Header> headers{{"anthropic-version", "2023-06-01"}};
    if (!options_.api_key.empty()) headers.emplace_back("x-api-key", options_.api_key);
    return headers;
}

Result<Value, ProviderError> Anthropic::request_body(const ChatRequest& request, bool stream) const {
    const bool strict_ok = capabilities_.strict_schema;
    Value body = Value::object({{"model", Value(model_for(request))},
                                {"max_tokens", Value(request.max_tokens.value_or(options_.default_max_tokens))}});
    if (std::string system = detail::system_text(request.messages); !system.empty())
        body.set("system", Value(std::move(system)));
    Value messages = Value::array();
    for (const Message& m : request.messages) {
        switch (m.role) {
        case Role::System: break;
        case Role::User: messages.push_back(Value::object({{"role", Value("user")}, {"content", Value(m.content)}})); break;
        case Role::Assistant: {
            if (m.tool_calls.empty()) {
                messages.push_back(Value::object({{"role", Value("assistant")}, {"content", Value(m.content)}}));
                break;
            }
            Value content = Value::array();
            if (!m.content.empty())
                content.push_back(Value::object({{"type", Value("text")}, {"text", Value(m.content)}}));
            for (const auto& call : m.tool_calls)
                content.push_back(Value::object({{"type", Value("tool_use")},
                                                 {"id", Value(call.id)},
                                                 {"name", Value(call.name)},
                                                 {"input", detail::arguments_object(call)}}));
            messages.push_back(Value::object({{"role", Value("assistant")}, {"content", std::move(content)}}));
            break;
        }
        case Role::Tool: {
            Value result = Value::object({{"type", Value("tool_result")},
                                          {"tool_use_id", Value(m.tool_call_id)},
                                          {"content", Value(m.content)}});
            // Results of one assistant turn's calls go in one user turn.
            if (!messages.empty()) {
                Value& last = messages[messages.size() - 1];
                const Value& content = last["content"];
                if (last["role"].is_string() && last["role"].as_string() == "user" && content.is_array() &&
                    !content.empty() && content[0]["type"].is_string() && content[0]["type"].as_string() == "tool_result") {
                    last.find("content")->push_back(std::move(result));
                    break;
                }
            }
            messages.push_back(Value::object({{"role", Value("user")}, {"content", Value::array({std::move(result)})}}));
            break;
        }
        }
    }
    body.set("messages", std::move(messages));
    if (request.temperature) body.set("temperature", Value(*request.temperature));
    switch (request.strategy) {
    case Strategy::NativeSchema: {
        auto schema = detail::native_schema(request);
        if (!schema) return std::move(schema).error();
        body.set("output_config",
                 Value::object({{"format", Value::object({{"type", Value("json_schema")}, {"schema", **schema}})}}));
        break;
    }
    case Strategy::ToolCall:
        if (request.tools.empty()) return detail::invalid_request("the tool_call strategy needs at least one tool");
        break;
    case Strategy::JsonMode: // no JSON mode: the instructions carry the schema, as for PromptOnly
    case Strategy::Auto:
    case Strategy::PromptOnly: break;
    }
    if (!request.tools.empty()) {
        Value tools = Value::array();
        for (const ToolSpec& tool : request.tools) {
            Value t = Value::object({{"name", Value(tool.name)}});
            if (!tool.description.empty()) t.set("description", Value(tool.description));
            t.set("input_schema", tool.parameters);
            if (tool.strict && strict_ok) t.set("strict", Value(true));
            tools.push_back(std::move(t));
        }
        body.set("tools", std::move(tools));
        switch (request.tool_choice.mode) {
        case ToolChoice::Mode::Auto: break;
        case ToolChoice::Mode::None: body.set("tool_choice", Value::object({{"type", Value("none")}})); break;
        case ToolChoice::Mode::Required: body.set("tool_choice", Value::object({{"type", Value("any")}})); break;
        case ToolChoice::Mode::Named:
            body.set("tool_choice", Value::object({{"type", Value("tool")}, {"name", Value(request.tool_choice.name)}}));
            break;
        }
    }
    if (stream) body.set("stream", Value(true));
    return body;
}

} // namespace laminate::lm
