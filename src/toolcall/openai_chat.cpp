// OpenAI Chat Completions and the servers that speak it (Groq, DeepSeek, xAI, Mistral, vLLM):
// every choice; reasoning_content / reasoning (DeepSeek, xAI, Groq) or Mistral's thinking parts;
// content as a string or as parts; refusal; tool_calls with string arguments; the legacy
// function_call; legacy text completions (choices[].text).

#include "reader_support.hpp"
#include "readers.hpp"

namespace laminate::toolcall::detail {

namespace {

// Mistral's magistral: content is [{type: thinking, thinking: [{type: text, text}]}, {type: text}].
std::string joined_text_parts(const Value& parts) {
    std::string out;
    for (const auto& p : parts.items()) {
        if (p.is_string()) out += p.as_string();
        else out += str(p, "text");
    }
    return out;
}

void read_content(Response& r, Choice& choice, const Value& content) {
    if (content.is_string()) {
        add_text(choice, std::string(content.as_string()));
        return;
    }
    for (const auto& part : content.items()) {
        const std::string type = str(part, "type");
        if (type == "text" || type == "output_text") add_text(choice, str(part, "text"));
        else if (type == "refusal") choice.content.emplace_back(Refusal{str(part, "refusal")});
        else if (type == "thinking") {
            const Value& thinking = part["thinking"];
            add_reasoning(choice, thinking.is_string() ? std::string(thinking.as_string())
                                                       : joined_text_parts(thinking));
        } else keep_unknown(r, choice, part, type.empty() ? "untyped" : type);
    }
}

void read_tool_call(Choice& choice, const Value& call) {
    ToolCall tc;
    tc.id = str(call, "id");
    const Value& fn = call["function"];
    tc.name = str(fn, "name");
    const Value& args = fn["arguments"];
    if (args.is_string()) read_arguments(tc, args.as_string());
    else if (args.is_null()) read_arguments(tc, "");
    else set_arguments(tc, args); // some compatible servers send an object
    choice.content.emplace_back(std::move(tc));
}

Choice read_choice(Response& r, const Value& c, std::size_t position) {
    Choice choice;
    choice.index = count(c, "index").value_or(position);
    const Value& message = c.contains("message") ? c["message"] : c["delta"];
    if (message.is_object()) {
        std::string reasoning = str(message, "reasoning_content");
        if (reasoning.empty()) reasoning = str(message, "reasoning");
        add_reasoning(choice, std::move(reasoning));
        read_content(r, choice, message["content"]);
        const std::string refusal = str(message, "refusal");
        if (!refusal.empty()) choice.content.emplace_back(Refusal{refusal});
        for (const auto& call : message["tool_calls"].items()) read_tool_call(choice, call);
        const Value& legacy = message["function_call"];
        if (legacy.is_object()) {
            Value wrapped = Value::object();
            wrapped.set("function", legacy);
            read_tool_call(choice, wrapped);
        }
    } else if (c["text"].is_string()) {
        add_text(choice, str(c, "text")); // legacy /v1/completions
    }
    choice.finish = finish_from(str(c, "finish_reason"));
    return choice;
}

} // namespace

Result<Response> read_openai_chat(const Value& body) {
    if (!body.is_object() || !body["choices"].is_array())
        return Error(ErrorKind::UnknownFormat, "not an OpenAI chat completion: no choices array");
    Response r;
    r.provider = Format::OpenAi;
    r.id = str(body, "id");
    r.model = str(body, "model");
    std::size_t position = 0;
    for (const auto& c : body["choices"].items()) r.choices.push_back(read_choice(r, c, position++));

    const Value& u = body["usage"];
    if (u.is_object()) {
        r.usage.input_tokens = count(u, "prompt_tokens");
        r.usage.output_tokens = count(u, "completion_tokens");
        r.usage.total_tokens = count(u, "total_tokens");
        r.usage.cached_tokens = count(u["prompt_tokens_details"], "cached_tokens");
        if (!r.usage.cached_tokens) r.usage.cached_tokens = count(u, "prompt_cache_hit_tokens");
        r.usage.reasoning_tokens = count(u["completion_tokens_details"], "reasoning_tokens");
    }
    return r;
}

} // namespace laminate::toolcall::detail
