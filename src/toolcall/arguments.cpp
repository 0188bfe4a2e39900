// Tool-call arguments as providers send them: a JSON string that is usually right, sometimes
// repaired, sometimes cut off, occasionally wrapped in prose. Never lost: what cannot be read
// stays in raw_arguments with a diagnostic saying why.

#include <laminate/extract.hpp>
#include <laminate/parse.hpp>
#include <laminate/toolcall/response.hpp>

#include "prose_guess.hpp"

#include <string>
#include <utility>

namespace laminate::toolcall {

namespace {

bool blank(std::string_view s) {
    for (char c : s)
        if (c != ' ' && c != '\t' && c != '\n' && c != '\r') return false;
    return true;
}

Diagnostic note(Risk risk, DiagnosticKind kind, std::string message) {
    Diagnostic d;
    d.kind = kind;
    d.risk = risk;
    d.message = std::move(message);
    return d;
}

void take(ToolCall& call, Parsed parsed) {
    call.arguments = std::move(parsed.value);
    for (auto& d : parsed.diagnostics) call.diagnostics.push_back(std::move(d));
}

} // namespace

void set_arguments(ToolCall& call, Value arguments) {
    call.raw_arguments = arguments.dump();
    call.arguments = std::move(arguments);
}

void read_arguments(ToolCall& call, std::string_view raw, bool truncated) {
    call.raw_arguments = std::string(raw);
    if (blank(raw)) {
        call.arguments = Value::object();
        if (!truncated) {
            call.diagnostics.push_back(note(Risk::Info, DiagnosticKind::Defaulted, "empty tool-call arguments read as {}"));
            return;
        }
        // Cut off before any argument was written: {} stands in for arguments never seen.
        call.complete = false;
        call.diagnostics.push_back(note(Risk::Risky, DiagnosticKind::Defaulted,
                                        "the call was cut off before its arguments; {} stands in for them"));
        return;
    }

    ParseOptions options;
    options.complete_truncated = truncated;
    auto parsed = parse(raw, options);
    if (!parsed && parsed.error().kind() == ErrorKind::ValueNotClosed) {
        // Cut off (max tokens, or a stream read before its end): complete what was said, Risky.
        options.complete_truncated = true;
        parsed = parse(raw, options);
        truncated = true;
    }
    // Arguments are an object (or an array written as JSON): a scalar reading of the whole text
    // is what the tolerant parser makes of prose, so a payload inside the text is looked for
    // first; and an array the parser had to make ("[oops" as ["oops"]) is no arguments.
    const bool arguments_like =
        parsed && (parsed->value.is_object() ||
                   (parsed->value.is_array() && parsed->diagnostics.empty()));
    if (arguments_like && !detail::guessed_from_prose(*parsed)) {
        take(call, std::move(*parsed));
        if (truncated) call.complete = false;
        return;
    }

    auto extracted = extract(raw, options, {}, [](const Value& v) { return v.is_object(); });
    if (extracted) {
        take(call, std::move(extracted->parsed));
        if (!extracted->candidate.closed || truncated) call.complete = false;
        call.diagnostics.push_back(note(Risk::Warning, DiagnosticKind::Repaired,
                                        "tool-call arguments were found inside surrounding text"));
        return;
    }

    // "null" (Cohere, for a call without arguments) is no arguments.
    if (parsed && parsed->value.is_null() && parsed->diagnostics.empty()) {
        call.arguments = Value::object();
        call.diagnostics.push_back(note(Risk::Info, DiagnosticKind::Defaulted,
                                        "null tool-call arguments read as {}"));
        return;
    }

    // A scalar the model really sent as JSON ("42", "\"text\"") is kept as such.
    if (auto exact = parse_json(raw)) {
        call.arguments = std::move(*exact);
        return;
    }

    call.arguments = Value();
    if (truncated) call.complete = false;
    call.diagnostics.push_back(note(
        Risk::Risky, DiagnosticKind::Dropped,
        "tool-call arguments could not be read as JSON (" +
            std::string(parsed ? "no object found" : parsed.error().kind_name()) +
            "); the text is kept in raw_arguments"));
}

} // namespace laminate::toolcall
