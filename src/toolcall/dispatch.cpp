// The tool registry: per-call dispatch and tool definitions per provider request format.

#include <laminate/schema_dialect.hpp>
#include <laminate/toolcall/dispatch.hpp>

#include <algorithm>

namespace laminate::toolcall {

namespace detail {

std::optional<Error> check_strict(const ToolCall& call, Mode mode) {
    if (mode != Mode::Strict) return std::nullopt;
    for (const auto& d : call.diagnostics)
        if (d.kind == DiagnosticKind::Repaired)
            return Error(ErrorKind::RepairNotAllowed,
                         "the tool is strict and its arguments needed syntax repairs", d.offset, d.path);
    return std::nullopt;
}

} // namespace detail

ToolRegistry& ToolRegistry::add_untyped(ToolDefinition definition, Invoke invoke) {
    auto it = std::find_if(tools_.begin(), tools_.end(),
                           [&](const Entry& e) { return e.name == definition.name; });
    if (it != tools_.end()) {
        const auto at = static_cast<std::size_t>(it - tools_.begin());
        it->invoke = std::move(invoke);
        definitions_[at] = std::move(definition);
        return *this;
    }
    tools_.push_back({definition.name, std::move(invoke)});
    definitions_.push_back(std::move(definition));
    return *this;
}

bool ToolRegistry::contains(std::string_view name) const noexcept {
    return std::any_of(tools_.begin(), tools_.end(), [&](const Entry& e) { return e.name == name; });
}

CallResult ToolRegistry::call(const ToolCall& call) const {
    CallResult out{call.id, call.name, Value(), call.diagnostics};
    auto it = std::find_if(tools_.begin(), tools_.end(), [&](const Entry& e) { return e.name == call.name; });
    if (it == tools_.end()) {
        out.result = Error(ErrorKind::UnknownTool, "the call names no registered tool");
        return out;
    }
    if (!call.complete) {
        out.result = Error(ErrorKind::ValueNotClosed,
                           "the call's arguments were cut off; it is not run on a completed guess");
        return out;
    }
    if (call.arguments.is_null() && !call.raw_arguments.empty()) {
        out.result = Error(ErrorKind::InvalidJson,
                           "the call's arguments could not be read; the text is in raw_arguments");
        return out;
    }
    out.result = it->invoke(call, out.diagnostics);
    return out;
}

std::vector<CallResult> ToolRegistry::dispatch(const Response& response) const {
    std::vector<CallResult> out;
    for (const ToolCall* c : response.tool_calls()) out.push_back(call(*c));
    return out;
}

Result<Value> ToolRegistry::definitions(Format format, bool openai_strict) const {
    if (format == Format::AutoDetect)
        return Error(ErrorKind::InvalidArgument, "tool definitions need a provider format, not auto");
    Dialect dialect = Dialect::Generic;
    if (format == Format::Anthropic) dialect = Dialect::Anthropic;
    else if (format == Format::Gemini) dialect = Dialect::Gemini;
    const bool openai_like = format != Format::Anthropic && format != Format::Gemini;
    if (openai_strict && openai_like) dialect = Dialect::OpenAiStrict;

    Value list = Value::array();
    for (const auto& def : definitions_) {
        auto params = to_dialect(def.parameters, dialect);
        if (!params) return std::move(params).error();
        Value tool = Value::object();
        if (format == Format::Anthropic) {
            tool.set("name", Value(def.name));
            tool.set("description", Value(def.description));
            tool.set("input_schema", std::move(*params));
        } else if (format == Format::Gemini || format == Format::OpenAiResponses) {
            if (format == Format::OpenAiResponses) tool.set("type", Value("function"));
            tool.set("name", Value(def.name));
            tool.set("description", Value(def.description));
            tool.set("parameters", std::move(*params));
            if (format == Format::OpenAiResponses && openai_strict) tool.set("strict", Value(true));
        } else {
            Value fn = Value::object();
            fn.set("name", Value(def.name));
            fn.set("description", Value(def.description));
            fn.set("parameters", std::move(*params));
            if (openai_strict) fn.set("strict", Value(true));
            tool.set("type", Value("function"));
            tool.set("function", std::move(fn));
        }
        list.push_back(std::move(tool));
    }
    if (format == Format::Gemini) {
        Value wrapper = Value::object();
        wrapper.set("functionDeclarations", std::move(list));
        Value tools = Value::array();
        tools.push_back(std::move(wrapper));
        return tools;
    }
    return list;
}

} // namespace laminate::toolcall
