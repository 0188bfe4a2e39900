// Gemini generateContent (POST /models/{model}:generateContent, streamGenerateContent?alt=sse):
// turns as contents with parts, system text as systemInstruction, the schema as
// generationConfig.responseSchema, tools as functionDeclarations, the choice as
// toolConfig.functionCallingConfig.
#include "common.hpp"

#include <laminate/parse.hpp>

namespace laminate::lm {

namespace {

constexpr Capabilities kGemini{.native_schema = true, .tool_calls = true, .json_mode = true, .streaming = true,
                               .dialect = Dialect::Gemini, .strict_schema = false};

Value text_part(const std::string& text) { return Value::object({{"text", Value(text)}}); }

// A functionResponse's response must be an object: the tool's JSON object, or {"result": text}.
Value response_object(const std::string& content) {
    if (auto parsed = parse_json(content); parsed && parsed->is_object()) return std::move(*parsed);
    return Value::object({{"result", Value(content)}});
}

} // namespace

Gemini::Gemini(ProviderOptions options)
    : HttpProvider(std::move(options), "https://generativelanguage.googleapis.com/v1beta", "gcp.gemini", kGemini) {}

Gemini Gemini::from_env(std::string model, ProviderOptions options) {
    options.model = std::move(model);
    if (options.api_key.empty()) {
        options.api_key = detail::env("GEMINI_API_KEY");
        if (options.api_key.empty()) options.api_key = detail::env("GOOGLE_API_KEY");
    }
    if (options.api_key_env.empty()) options.api_key_env = "GEMINI_API_KEY";
    return Gemini(std::move(options));
}

std::string Gemini::endpoint(const ChatRequest& request, bool stream) const {
    const std::string& model = model_for(request);
    std::string path = model.starts_with("models/") || model.starts_with("tunedModels/") ? "/" + model : "/models/" + model;
    return path + (stream ? ":streamGenerateContent?alt=sse" : ":generateContent");
}

std::vector<Header> Gemini::auth_headers() const {
    if (options_.api_key.empty()) return {};
    return {{"x-goog-api-key", options_.api_key}};
}

Result<Value, ProviderError> Gemini::request_body(const ChatRequest& request, bool) const {
    Value body = Value::object();
    Value contents = Value::array();
    for (std::size_t i = 0; i < request.messages.size(); ++i) {
        const Message& m = request.messages[i];
        switch (m.role) {
        case Role::System: break;
        case Role::User:
            contents.push_back(Value::object({{"role", Value("user")}, {"parts", Value::array({text_part(m.content)})}}));
            break;
        case Role::Assistant: {
            Value parts = Value::array();
            if (!m.content.empty() || m.tool_calls.empty()) parts.push_back(text_part(m.content));
            for (const auto& call : m.tool_calls) {
                Value part = Value::object({{"functionCall", Value::object({{"name", Value(call.name)},
                                                                            {"args", detail::arguments_object(call)}})}});
                // Gemini 3 rejects a replayed call without the signature it was answered with.
                if (call.signature) part.set("thoughtSignature", *call.signature);
                parts.push_back(std::move(part));
            }
            contents.push_back(Value::object({{"role", Value("model")}, {"parts", std::move(parts)}}));
            break;
        }
        case Role::Tool: {
            Value part = Value::object({{"functionResponse", Value::object({{"name", Value(detail::tool_name_for(request.messages, i))},
                                                                            {"response", response_object(m.content)}})}});
            // The responses to one model turn's calls go in one user turn.
            if (!contents.empty()) {
                Value& last = contents[contents.size() - 1];
                const Value& parts = last["parts"];
                if (last["role"].is_string() && last["role"].as_string() == "user" && !parts.empty() &&
                    parts[0].contains("functionResponse")) {
                    last.find("parts")->push_back(std::move(part));
                    break;
                }
            }
            contents.push_back(Value::object({{"role", Value("user")}, {"parts", Value::array({std::move(part)})}}));
            break;
        }
        }
    }
    body.set("contents", std::move(contents));
    if (std::string system = detail::system_text(request.messages); !system.empty())
        body.set("systemInstruction", Value::object({{"parts", Value::array({text_part(system)})}}));

    Value config = Value::object();
    if (request.temperature) config.set("temperature", Value(*request.temperature));
    if (request.max_tokens) config.set("maxOutputTokens", Value(*request.max_tokens));
    switch (request.strategy) {
    case Strategy::NativeSchema: {
        auto schema = detail::native_schema(request);
        if (!schema) return std::move(schema).error();
        config.set("responseMimeType", Value("application/json"));
        config.set("responseSchema", **schema);
        break;
    }
    case Strategy::JsonMode: config.set("responseMimeType", Value("application/json")); break;
    case Strategy::ToolCall:
        if (request.tools.empty()) return detail::invalid_request("the tool_call strategy needs at least one tool");
        break;
    case Strategy::Auto:
    case Strategy::PromptOnly: break;
    }
    if (!config.empty()) body.set("generationConfig", std::move(config));

    if (!request.tools.empty()) {
        Value declarations = Value::array();
        for (const ToolSpec& tool : request.tools) {
            Value d = Value::object({{"name", Value(tool.name)}});
            if (!tool.description.empty()) d.set("description", Value(tool.description));
            d.set("parameters", tool.parameters);
            declarations.push_back(std::move(d));
        }
        body.set("tools", Value::array({Value::object({{"functionDeclarations", std::move(declarations)}})}));
        Value calling;
        switch (request.tool_choice.mode) {
        case ToolChoice::Mode::Auto: break;
        case ToolChoice::Mode::None: calling = Value::object({{"mode", Value("NONE")}}); break;
        case ToolChoice::Mode::Required: calling = Value::object({{"mode", Value("ANY")}}); break;
        case ToolChoice::Mode::Named:
            calling = Value::object({{"mode", Value("ANY")},
                                     {"allowedFunctionNames", Value::array({Value(request.tool_choice.name)})}});
            break;
        }
        if (!calling.is_null())
            body.set("toolConfig", Value::object({{"functionCallingConfig", std::move(calling)}}));
    }
    return body;
}

} // namespace laminate::lm
