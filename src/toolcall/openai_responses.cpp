// OpenAI Responses API (and xAI / LM Studio's open-responses): output items message
// (output_text, refusal), function_call (arguments a string; the id is call_id, the one a reply
// names), custom_tool_call (free-form input kept as a string argument), reasoning (summary or
// reasoning_text content; encrypted_content as the signature). Built-in tool items (web search,
// file search, MCP, shell, ...) run server side and are kept as Unknown.

#include "reader_support.hpp"
#include "readers.hpp"

namespace laminate::toolcall::detail {

namespace {

void read_message(Response& r, Choice& choice, const Value& item) {
    for (const auto& part : item["content"].items()) {
        const std::string type = str(part, "type");
        if (type == "output_text" || type == "text") add_text(choice, str(part, "text"));
        else if (type == "refusal") choice.content.emplace_back(Refusal{str(part, "refusal")});
        else keep_unknown(r, choice, part, type.empty() ? "untyped" : type);
    }
}

void read_reasoning(Choice& choice, const Value& item) {
    std::string text;
    auto append = [&](const Value& list) {
        for (const auto& p : list.items()) {
            const std::string t = str(p, "text");
            if (t.empty()) continue;
            if (!text.empty()) text += '\n';
            text += t;
        }
    };
    append(item["summary"]);
    append(item["content"]);
    std::optional<std::string> signature;
    if (item["encrypted_content"].is_string()) signature = str(item, "encrypted_content");
    // An empty reasoning item (no summary requested) still marks that the model reasoned.
    choice.content.emplace_back(Reasoning{std::move(text), std::move(signature), false});
}

Finish finish_of(const Value& body) {
    const std::string status = str(body, "status");
    if (status == "incomplete") {
        const std::string why = str(body["incomplete_details"], "reason");
        if (!why.empty()) return finish_from(why);
    }
    return finish_from(status);
}

} // namespace

Result<Response> read_openai_responses(const Value& body) {
    if (!body.is_object() || !body["output"].is_array())
        return Error(ErrorKind::UnknownFormat, "not an OpenAI Responses body: no output array");
    Response r;
    r.provider = Format::OpenAiResponses;
    r.id = str(body, "id");
    r.model = str(body, "model");
    Choice choice;
    for (const auto& item : body["output"].items()) {
        const std::string type = str(item, "type");
        if (type == "message") {
            read_message(r, choice, item);
        } else if (type == "function_call" || type == "custom_tool_call") {
            ToolCall tc;
            tc.id = str(item, "call_id");
            if (tc.id.empty()) tc.id = str(item, "id");
            tc.name = str(item, "name");
            if (type == "function_call") {
                read_arguments(tc, str(item, "arguments"));
            } else {
                tc.raw_arguments = str(item, "input");
                tc.arguments = Value(tc.raw_arguments);
            }
            choice.content.emplace_back(std::move(tc));
        } else if (type == "reasoning") {
            read_reasoning(choice, item);
        } else {
            keep_unknown(r, choice, item, type.empty() ? "untyped" : type);
        }
    }
    choice.finish = finish_of(body);
    settle_tool_call_finish(choice);
    r.choices.push_back(std::move(choice));

    const Value& u = body["usage"];
    if (u.is_object()) {
        r.usage.input_tokens = count(u, "input_tokens");
        r.usage.output_tokens = count(u, "output_tokens");
        r.usage.total_tokens = count(u, "total_tokens");
        r.usage.cached_tokens = count(u["input_tokens_details"], "cached_tokens");
        r.usage.reasoning_tokens = count(u["output_tokens_details"], "reasoning_tokens");
    }
    return r;
}

} // namespace laminate::toolcall::detail
