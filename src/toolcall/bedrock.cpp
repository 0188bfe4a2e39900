// Amazon Bedrock Converse: output.message.content blocks text, toolUse {toolUseId, name, input},
// reasoningContent {reasoningText {text, signature}} (redactedContent: redacted); stopReason;
// usage inputTokens / outputTokens / totalTokens / cacheReadInputTokens. The body has no id or
// model.

#include "reader_support.hpp"
#include "readers.hpp"

namespace laminate::toolcall::detail {

Result<Response> read_bedrock(const Value& body) {
    const Value& message = body["output"]["message"];
    if (!message.is_object())
        return Error(ErrorKind::UnknownFormat, "not a Bedrock Converse response: no output.message");
    Response r;
    r.provider = Format::Bedrock;
    Choice choice;
    for (const auto& block : message["content"].items()) {
        if (block["toolUse"].is_object()) {
            const Value& use = block["toolUse"];
            ToolCall tc;
            tc.id = str(use, "toolUseId");
            tc.name = str(use, "name");
            const Value& input = use["input"];
            if (input.is_string()) read_arguments(tc, input.as_string());
            else set_arguments(tc, input.is_null() ? Value::object() : input);
            choice.content.emplace_back(std::move(tc));
        } else if (block["reasoningContent"].is_object()) {
            const Value& rc = block["reasoningContent"];
            if (rc["reasoningText"].is_object()) {
                const Value& rt = rc["reasoningText"];
                std::optional<std::string> signature;
                if (rt["signature"].is_string()) signature = str(rt, "signature");
                choice.content.emplace_back(Reasoning{str(rt, "text"), std::move(signature), false});
            } else {
                choice.content.emplace_back(Reasoning{"", str(rc, "redactedContent"), true});
            }
        } else if (block["text"].is_string()) {
            add_text(choice, str(block, "text"));
        } else {
            keep_unknown(r, choice, block, "bedrock block");
        }
    }
    choice.finish = finish_from(str(body, "stopReason"));
    r.choices.push_back(std::move(choice));
    const Value& u = body["usage"];
    if (u.is_object()) {
        r.usage.input_tokens = count(u, "inputTokens");
        r.usage.output_tokens = count(u, "outputTokens");
        r.usage.total_tokens = count(u, "totalTokens");
        r.usage.cached_tokens = count(u, "cacheReadInputTokens");
    }
    return r;
}

} // namespace laminate::toolcall::detail
