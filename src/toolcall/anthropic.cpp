// Anthropic Messages: text, tool_use (input is an object), thinking with its signature,
// redacted_thinking; server-side tool blocks (server_tool_use, *_tool_result, mcp_*) are not
// the caller's to run, so they are kept as Unknown. stop_reason and cache-read tokens mapped.

#include "reader_support.hpp"
#include "readers.hpp"

namespace laminate::toolcall::detail {

Result<Response> read_anthropic(const Value& body) {
    if (!body.is_object() || !body["content"].is_array())
        return Error(ErrorKind::UnknownFormat, "not an Anthropic message: no content array");
    Response r;
    r.provider = Format::Anthropic;
    r.id = str(body, "id");
    r.model = str(body, "model");
    Choice choice;
    for (const auto& block : body["content"].items()) {
        const std::string type = str(block, "type");
        if (type == "text") {
            add_text(choice, str(block, "text"));
        } else if (type == "tool_use") {
            ToolCall tc;
            tc.id = str(block, "id");
            tc.name = str(block, "name");
            const Value& input = block["input"];
            if (input.is_string()) read_arguments(tc, input.as_string());
            else set_arguments(tc, input.is_null() ? Value::object() : input);
            choice.content.emplace_back(std::move(tc));
        } else if (type == "thinking") {
            const Value* sig = block.find("signature");
            std::optional<std::string> signature;
            if (sig && sig->is_string()) signature = std::string(sig->as_string());
            choice.content.emplace_back(Reasoning{str(block, "thinking"), std::move(signature), false});
        } else if (type == "redacted_thinking") {
            choice.content.emplace_back(Reasoning{"", str(block, "data"), true});
        } else {
            keep_unknown(r, choice, block, type.empty() ? "untyped" : type);
        }
    }
    choice.finish = finish_from(str(body, "stop_reason"));
    r.choices.push_back(std::move(choice));

    const Value& u = body["usage"];
    if (u.is_object()) {
        r.usage.input_tokens = count(u, "input_tokens");
        r.usage.output_tokens = count(u, "output_tokens");
        r.usage.cached_tokens = count(u, "cache_read_input_tokens");
        r.usage.reasoning_tokens = count(u["output_tokens_details"], "reasoning_tokens");
    }
    return r;
}

} // namespace laminate::toolcall::detail
