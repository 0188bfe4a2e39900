// Names, finish mapping, the primary-choice accessors and the rendering of a Response.

#include <laminate/toolcall/response.hpp>

#include <algorithm>
#include <array>
#include <cctype>
#include <utility>

namespace laminate::toolcall {

namespace {

struct FormatName {
    Format format;
    std::string_view name;
};

constexpr std::array<FormatName, 14> kFormatNames{{
    {Format::AutoDetect, "auto"},
    {Format::OpenAi, "openai"},
    {Format::OpenAiResponses, "openai-responses"},
    {Format::Anthropic, "anthropic"},
    {Format::Gemini, "gemini"},
    {Format::Ollama, "ollama"},
    {Format::Hermes, "hermes"},
    {Format::Llama3, "llama3"},
    {Format::Mistral, "mistral"},
    {Format::DeepSeek, "deepseek"},
    {Format::Functionary, "functionary"},
    {Format::BareJson, "bare-json"},
    {Format::Bedrock, "bedrock"},
    {Format::Cohere, "cohere"},
}};

std::string lower(std::string_view s) {
    std::string out(s);
    for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

Value count_value(std::uint64_t n) { return Value(n); }

Value block_to_value(const ContentBlock& block) {
    Value out = Value::object();
    out.set("type", Value(block_type_name(block)));
    std::visit(
        [&](const auto& b) {
            using B = std::decay_t<decltype(b)>;
            if constexpr (std::is_same_v<B, Text> || std::is_same_v<B, Refusal>) {
                out.set("text", Value(b.text));
            } else if constexpr (std::is_same_v<B, Reasoning>) {
                out.set("text", Value(b.text));
                if (b.signature) out.set("signature", Value(*b.signature));
                if (b.redacted) out.set("redacted", Value(true));
            } else if constexpr (std::is_same_v<B, ToolCall>) {
                out.set("id", Value(b.id));
                out.set("name", Value(b.name));
                out.set("arguments", b.arguments);
                if (!b.complete) out.set("complete", Value(false));
                if (b.arguments.is_null() && !b.raw_arguments.empty())
                    out.set("raw_arguments", Value(b.raw_arguments));
            } else {
                out.set("raw", b.raw);
            }
        },
        block);
    return out;
}

// "finish_reason": the normalized name; "finish_raw": the provider's own word.
void set_finish(Value& out, const Finish& f) {
    out.set("finish_reason", Value(finish_reason_name(f.reason)));
    out.set("finish_raw", Value(f.raw));
}

} // namespace

std::string_view format_name(Format f) noexcept {
    for (const auto& entry : kFormatNames)
        if (entry.format == f) return entry.name;
    return "auto";
}

Result<Format> parse_format(std::string_view name) {
    std::string wanted = lower(name);
    std::replace(wanted.begin(), wanted.end(), '_', '-');
    for (const auto& entry : kFormatNames)
        if (entry.name == wanted) return entry.format;
    if (wanted == "auto-detect") return Format::AutoDetect;
    return Error(ErrorKind::UnknownFormat,
                 "unknown tool-call format; expected auto, openai, openai-responses, anthropic, "
                 "gemini, ollama, bedrock, cohere, hermes, llama3, mistral, deepseek, functionary or "
                 "bare-json");
}

bool is_raw_text_format(Format f) noexcept {
    switch (f) {
    case Format::Hermes:
    case Format::Llama3:
    case Format::Mistral:
    case Format::DeepSeek:
    case Format::Functionary:
    case Format::BareJson: return true;
    default: return false;
    }
}

std::string_view block_type_name(const ContentBlock& block) noexcept {
    switch (block.index()) {
    case 0: return "text";
    case 1: return "tool_call";
    case 2: return "reasoning";
    case 3: return "refusal";
    default: return "unknown";
    }
}

std::string_view finish_reason_name(FinishReason r) noexcept {
    switch (r) {
    case FinishReason::None: return "none";
    case FinishReason::Stop: return "stop";
    case FinishReason::Length: return "length";
    case FinishReason::ToolCalls: return "tool_calls";
    case FinishReason::ContentFilter: return "content_filter";
    case FinishReason::Refusal: return "refusal";
    case FinishReason::Other: return "other";
    }
    return "other";
}

Finish finish_from(std::string_view word) {
    Finish f;
    f.raw = std::string(word);
    const std::string w = lower(word);
    static constexpr std::string_view stops[] = {"stop", "end_turn", "stop_sequence", "completed",
                                                 "finish_reason_stop", "eos", "end", "complete"};
    static constexpr std::string_view lengths[] = {"length", "max_tokens", "max_output_tokens",
                                                   "model_length", "model_context_window_exceeded"};
    static constexpr std::string_view tools[] = {"tool_calls", "function_call", "tool_use",
                                                 "tool_call", "pause_turn_tool_use"};
    static constexpr std::string_view filters[] = {
        "content_filter", "safety", "recitation", "blocklist", "prohibited_content", "spii",
        "image_safety", "language", "guardrail_intervened", "content_filtered"};
    auto in = [&](const auto& list) {
        return std::find(std::begin(list), std::end(list), w) != std::end(list);
    };
    if (w.empty()) f.reason = FinishReason::None;
    else if (in(stops)) f.reason = FinishReason::Stop;
    else if (in(lengths)) f.reason = FinishReason::Length;
    else if (in(tools)) f.reason = FinishReason::ToolCalls;
    else if (in(filters)) f.reason = FinishReason::ContentFilter;
    else if (w == "refusal") f.reason = FinishReason::Refusal;
    else f.reason = FinishReason::Other;
    return f;
}

void settle_tool_call_finish(Choice& choice) {
    if (choice.finish.reason != FinishReason::Stop) return;
    for (const auto& block : choice.content)
        if (std::holds_alternative<ToolCall>(block)) {
            choice.finish.reason = FinishReason::ToolCalls;
            return;
        }
}

const Choice& Response::primary() const noexcept {
    static const Choice empty{};
    return choices.empty() ? empty : choices.front();
}

std::string Response::text() const {
    std::string out;
    for (const auto& block : primary().content)
        if (const auto* t = std::get_if<Text>(&block)) out += t->text;
    return out;
}

std::string Response::reasoning() const {
    std::string out;
    bool first = true;
    for (const auto& block : primary().content)
        if (const auto* r = std::get_if<Reasoning>(&block)) {
            if (r->text.empty()) continue;
            if (!first) out += '\n';
            out += r->text;
            first = false;
        }
    return out;
}

std::vector<const ToolCall*> Response::tool_calls() const {
    std::vector<const ToolCall*> out;
    for (const auto& block : primary().content)
        if (const auto* c = std::get_if<ToolCall>(&block)) out.push_back(c);
    return out;
}

Value diagnostic_to_value(const Diagnostic& d) {
    // Each key once: appended, not looked up first (a batch renders a diagnostic per liberty).
    Value out = Value::object();
    out.append_member("path", Value(display_path(d.path)));
    out.append_member("kind", Value(kind_name(d.kind)));
    if (d.kind == DiagnosticKind::Repaired && d.repair != RepairKind::None)
        out.append_member("repair", Value(repair_name(d.repair)));
    out.append_member("risk", Value(risk_name(d.risk)));
    out.append_member("message", Value(d.message));
    if (!d.suggestion.empty()) out.append_member("suggestion", Value(d.suggestion));
    if (!d.from.empty()) out.append_member("from", Value(d.from));
    if (!d.to.empty()) out.append_member("to", Value(d.to));
    if (d.offset != Diagnostic::no_offset) out.append_member("offset", Value(static_cast<std::uint64_t>(d.offset)));
    if (d.count > 1) out.append_member("count", Value(static_cast<std::uint64_t>(d.count)));
    return out;
}

Value to_value(const Usage& u) {
    Value out = Value::object();
    if (u.input_tokens) out.set("input_tokens", count_value(*u.input_tokens));
    if (u.output_tokens) out.set("output_tokens", count_value(*u.output_tokens));
    if (u.cached_tokens) out.set("cached_tokens", count_value(*u.cached_tokens));
    if (u.reasoning_tokens) out.set("reasoning_tokens", count_value(*u.reasoning_tokens));
    if (u.total_tokens) out.set("total_tokens", count_value(*u.total_tokens));
    return out;
}

Value to_value(const Choice& choice) {
    Value out = Value::object();
    out.set("index", Value(static_cast<std::uint64_t>(choice.index)));
    Value content = Value::array();
    for (const auto& block : choice.content) content.push_back(block_to_value(block));
    out.set("content", std::move(content));
    set_finish(out, choice.finish);
    return out;
}

Value to_value(const Response& r) {
    Value out = Value::object();
    out.set("id", Value(r.id));
    out.set("model", Value(r.model));
    out.set("provider", Value(format_name(r.provider)));
    out.set("text", Value(r.text()));
    const Choice& primary = r.primary();
    const bool has_reasoning = std::any_of(primary.content.begin(), primary.content.end(),
        [](const ContentBlock& b) { return std::holds_alternative<Reasoning>(b); });
    out.set("reasoning", has_reasoning ? Value(r.reasoning()) : Value());

    Value calls = Value::array();
    Value diagnostics = Value::array();
    for (const auto& d : r.diagnostics) diagnostics.push_back(diagnostic_to_value(d));
    std::size_t call_index = 0;
    for (const auto& block : primary.content) {
        if (const auto* refusal = std::get_if<Refusal>(&block)) {
            out.set("refusal", Value(refusal->text));
            continue;
        }
        const auto* call = std::get_if<ToolCall>(&block);
        if (!call) continue;
        Value c = block_to_value(block);
        c.erase("type");
        calls.push_back(std::move(c));
        std::string prefix = "tool_calls";
        append_path_index(prefix, call_index);
        append_path_key(prefix, "arguments");
        for (Diagnostic d : call->diagnostics) {
            // Argument paths are relative to the arguments; in the output they point into it.
            std::string path = prefix;
            if (!d.path.empty()) path += (d.path.front() == '[' ? "" : ".") + d.path;
            d.path = std::move(path);
            diagnostics.push_back(diagnostic_to_value(d));
        }
        ++call_index;
    }
    out.set("tool_calls", std::move(calls));
    set_finish(out, primary.finish);
    out.set("usage", to_value(r.usage));
    out.set("diagnostics", std::move(diagnostics));
    if (r.choices.size() > 1) {
        Value choices = Value::array();
        for (const auto& c : r.choices) choices.push_back(to_value(c));
        out.set("choices", std::move(choices));
    }
    return out;
}

} // namespace laminate::toolcall
