// Tool-call envelopes around a payload: {"name", "arguments"|"parameters"}, {"function": {...}},
// {"tool_calls": [one]}. When the target declares none of the envelope's keys and the arguments
// fit it, shaping takes the arguments (shape.hpp, Schema::from_llm_response): the envelope could
// only "fit" by dropping its arguments or keeping them as an unknown member.
#include <laminate/detail/shape_state.hpp>
#include <laminate/parse.hpp>

#include "core/diagnostic_append.hpp"

namespace laminate::shape_detail {
namespace {

constexpr std::size_t kMaxNesting = 4; // tool_calls -> function -> name/arguments, and a little more

// The keys of a call itself, not of its arguments: OpenAI's id/type/index, the Responses API's
// call_id and status, and a tool definition's description and strict.
bool is_call_key(std::string_view key) noexcept {
    return key == "name" || key == "arguments" || key == "parameters" || key == "id" || key == "type" ||
           key == "call_id" || key == "index" || key == "status" || key == "description" || key == "strict";
}

// {"name": "get_weather", "arguments": {"city": "Paris"}, "days": 2}: the model wrote an argument
// beside the others. Taken into them (Warning at its path), unless the arguments have it already:
// then it is dropped (Warning), as a second value for a field would be. Losing it quietly when
// the arguments are shaped would drop the model's data without a word.
void take_members_beside(const Value& call, Envelope& e) {
    for (const Member& m : call.members()) {
        if (is_call_key(m.key())) continue;
        Diagnostic d;
        append_path_key(d.path, m.key());
        d.risk = Risk::Warning;
        if (e.arguments.find(m.key())) {
            d.kind = DiagnosticKind::Dropped;
            d.message = "dropped a member beside the tool call's arguments, which have one of the same name";
            d.suggestion = "emit every argument once, inside the arguments";
        } else {
            e.arguments.append_member(m.key(), m.value);
            d.kind = DiagnosticKind::Repaired;
            d.repair = RepairKind::EnvelopeUnwrapped;
            d.message = "a member beside the tool call's arguments taken as one of them";
            d.suggestion = "emit every argument inside the arguments";
        }
        e.diagnostics.push_back(std::move(d));
    }
}

std::optional<Envelope> read_envelope(const Value& v, const ParseOptions& parse_options, std::size_t depth) {
    if (!v.is_object() || depth > kMaxNesting) return std::nullopt;
    if (const Value* calls = v.find("tool_calls")) {
        // Exactly one call: several would be a choice, and choosing is not shaping's to do.
        if (calls->is_array() && calls->size() == 1) return read_envelope(calls->items()[0], parse_options, depth + 1);
        return std::nullopt;
    }
    if (const Value* fn = v.find("function"); fn && fn->is_object()) return read_envelope(*fn, parse_options, depth + 1);
    const Value* name = v.find("name");
    if (!name || !name->is_string()) return std::nullopt;
    const Value* args = v.find("arguments");
    if (!args) args = v.find("parameters");
    if (!args) return std::nullopt;
    Envelope e;
    e.name = std::string(name->as_string());
    if (args->is_object()) {
        e.arguments = *args;
    } else if (args->is_string()) {
        // Arguments as a JSON string (OpenAI's form): parsed, repairs as the caller allows.
        auto parsed = parse(args->as_string(), parse_options);
        if (!parsed || !parsed->value.is_object()) return std::nullopt;
        e.arguments = std::move(parsed->value);
        for (Diagnostic& d : parsed->diagnostics) {
            d.offset = Diagnostic::no_offset; // offsets into the decoded string, not the answer
            e.diagnostics.push_back(std::move(d));
        }
    } else {
        return std::nullopt;
    }
    take_members_beside(v, e);
    return e;
}

} // namespace

std::optional<Envelope> tool_envelope(const Value& v, const ParseOptions& parse_options) {
    auto e = read_envelope(v, parse_options, 0);
    if (!e) return e;
    // The tool's name is the model's text: never in a message (Envelope::name has it).
    e->diagnostics.insert(e->diagnostics.begin(),
                          core_detail::repaired(RepairKind::EnvelopeUnwrapped, Risk::Warning,
                                                "shaped the arguments of a tool call: the tool-call envelope does not fit",
                                                "emit the arguments alone"));
    return e;
}

const Value* wrapped_payload(const Value& v) noexcept {
    if (!v.is_object() || v.size() != 1) return nullptr;
    const Value& inner = v.members()[0].value;
    return inner.is_object() || inner.is_array() ? &inner : nullptr;
}

Diagnostic wrapper_note() {
    return core_detail::repaired(RepairKind::WrapperStripped, Risk::Warning,
                                 "read the value inside a one-member object: the object does not fit the target, the "
                                 "value inside it does",
                                 "emit the value itself, not an object around it");
}

bool is_envelope_key(std::string_view key) noexcept {
    return key == "arguments" || key == "parameters" || key == "function" || key == "tool_calls";
}

bool looks_like_envelope(const Value& v) noexcept {
    if (!v.is_object()) return false;
    return v.find("tool_calls") || v.find("function") || (v.find("name") && (v.find("arguments") || v.find("parameters")));
}

Error wrong_tool(std::string_view expected) {
    return Error(ErrorKind::TypeMismatch,
                 "expected the arguments of tool '" + std::string(expected) + "', got a call to another tool");
}

Error envelope_fits_neither() {
    return Error(ErrorKind::AmbiguousValue,
                 "a tool-call envelope whose arguments hold the target's fields but do not fit it: read as it is, "
                 "the envelope would drop its arguments and take the tool's name as data");
}

} // namespace laminate::shape_detail
