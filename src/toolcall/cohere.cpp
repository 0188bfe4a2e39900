// Cohere v2 chat: message.content parts text / thinking, tool_plan (the model's stated plan,
// kept as reasoning), tool_calls like OpenAI's (string arguments, "null" for none);
// finish_reason COMPLETE / MAX_TOKENS / TOOL_CALL; usage.tokens and cached_tokens.

#include "reader_support.hpp"
#include "readers.hpp"

namespace laminate::toolcall::detail {

Result<Response> read_cohere(const Value& body) {
    const Value& message = body["message"];
    if (!message.is_object())
        return Error(ErrorKind::UnknownFormat, "not a Cohere chat response: no message");
    Response r;
    r.provider = Format::Cohere;
    r.id = str(body, "id");
    Choice choice;
    add_reasoning(choice, str(message, "tool_plan"));
    for (const auto& part : message["content"].items()) {
        const std::string type = str(part, "type");
        if (type == "text") add_text(choice, str(part, "text"));
        else if (type == "thinking") add_reasoning(choice, str(part, "thinking"));
        else keep_unknown(r, choice, part, type.empty() ? "untyped" : type);
    }
    for (const auto& call : message["tool_calls"].items()) {
        ToolCall tc;
        tc.id = str(call, "id");
        const Value& fn = call["function"];
        tc.name = str(fn, "name");
        const Value& args = fn["arguments"];
        if (args.is_string()) read_arguments(tc, args.as_string());
        else set_arguments(tc, args.is_null() ? Value::object() : args);
        choice.content.emplace_back(std::move(tc));
    }
    choice.finish = finish_from(str(body, "finish_reason"));
    r.choices.push_back(std::move(choice));
    const Value& u = body["usage"];
    if (u.is_object()) {
        r.usage.input_tokens = count(u["tokens"], "input_tokens");
        r.usage.output_tokens = count(u["tokens"], "output_tokens");
        r.usage.cached_tokens = count(u, "cached_tokens");
    }
    return r;
}

} // namespace laminate::toolcall::detail
