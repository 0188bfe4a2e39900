// Ollama /api/chat (message {content, thinking, tool_calls: [{function: {name, arguments: {}}}]})
// and /api/generate (response, thinking): done_reason, prompt_eval_count / eval_count.

#include "reader_support.hpp"
#include "readers.hpp"

namespace laminate::toolcall::detail {

Result<Response> read_ollama(const Value& body) {
    const bool chat = body["message"].is_object();
    if (!body.is_object() || (!chat && !body["response"].is_string()))
        return Error(ErrorKind::UnknownFormat, "not an Ollama response: no message or response");
    Response r;
    r.provider = Format::Ollama;
    r.model = str(body, "model");
    Choice choice;
    const Value& m = chat ? body["message"] : body;
    add_reasoning(choice, str(m, "thinking"));
    add_text(choice, chat ? str(m, "content") : str(m, "response"));
    for (const auto& call : m["tool_calls"].items()) {
        const Value& fn = call["function"];
        ToolCall tc;
        tc.id = str(call, "id");
        tc.name = str(fn, "name");
        const Value& args = fn["arguments"];
        if (args.is_string()) read_arguments(tc, args.as_string());
        else set_arguments(tc, args.is_null() ? Value::object() : args);
        choice.content.emplace_back(std::move(tc));
    }
    std::string reason = str(body, "done_reason");
    const Value* done = body.find("done");
    if (reason.empty() && done && done->is_bool() && done->as_bool()) reason = "stop";
    choice.finish = finish_from(reason);
    settle_tool_call_finish(choice);
    r.choices.push_back(std::move(choice));
    r.usage.input_tokens = count(body, "prompt_eval_count");
    r.usage.output_tokens = count(body, "eval_count");
    return r;
}

} // namespace laminate::toolcall::detail
