// Gemini generateContent: every candidate; parts text (thought: true is reasoning, with its
// thoughtSignature), functionCall {name, args, id?} (the part's thoughtSignature kept on the
// call, which must carry it back when replayed); finishReason; usageMetadata. Gemini says STOP
// when it stopped to call functions, so such a finish becomes tool_calls.

#include "reader_support.hpp"
#include "readers.hpp"

namespace laminate::toolcall::detail {

namespace {

std::optional<std::string> signature_of(const Value& part) {
    const Value* sig = part.find("thoughtSignature");
    if (sig && sig->is_string()) return std::string(sig->as_string());
    return std::nullopt;
}

} // namespace

Result<Response> read_gemini(const Value& body) {
    if (!body.is_object() || !body["candidates"].is_array())
        return Error(ErrorKind::UnknownFormat, "not a Gemini response: no candidates array");
    Response r;
    r.provider = Format::Gemini;
    r.id = str(body, "responseId");
    r.model = str(body, "modelVersion");
    std::size_t position = 0;
    for (const auto& cand : body["candidates"].items()) {
        Choice choice;
        choice.index = count(cand, "index").value_or(position);
        ++position;
        for (const auto& part : cand["content"]["parts"].items()) {
            const Value* thought = part.find("thought");
            const bool is_thought = thought && thought->is_bool() && thought->as_bool();
            if (part["functionCall"].is_object()) {
                const Value& fc = part["functionCall"];
                ToolCall tc;
                tc.id = str(fc, "id");
                tc.name = str(fc, "name");
                const Value& args = fc["args"];
                if (args.is_string()) read_arguments(tc, args.as_string());
                else set_arguments(tc, args.is_null() ? Value::object() : args);
                tc.signature = signature_of(part);
                choice.content.emplace_back(std::move(tc));
            } else if (part["text"].is_string()) {
                if (is_thought) choice.content.emplace_back(Reasoning{str(part, "text"), signature_of(part), false});
                else add_text(choice, str(part, "text"));
            } else {
                // executableCode, codeExecutionResult, inlineData, ...: named by their key.
                const auto members = part.members();
                const std::string_view kind = members.empty() ? std::string_view("gemini part") : members[0].key();
                keep_unknown(r, choice, part, kind.size() < 64 ? kind : std::string_view("gemini part"));
            }
        }
        choice.finish = finish_from(str(cand, "finishReason"));
        settle_tool_call_finish(choice);
        r.choices.push_back(std::move(choice));
    }
    const Value& u = body["usageMetadata"];
    if (u.is_object()) {
        r.usage.input_tokens = count(u, "promptTokenCount");
        r.usage.output_tokens = count(u, "candidatesTokenCount");
        r.usage.cached_tokens = count(u, "cachedContentTokenCount");
        r.usage.reasoning_tokens = count(u, "thoughtsTokenCount");
        r.usage.total_tokens = count(u, "totalTokenCount");
    }
    return r;
}

} // namespace laminate::toolcall::detail
