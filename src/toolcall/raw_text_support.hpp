#pragma once
// Shared machinery of the raw-text readers: the Response being built, prose collection, JSON
// payloads (parsed with laminate::parse, completed when cut off), and calls from JSON objects.

#include <laminate/toolcall/raw_text.hpp>

#include <string>
#include <string_view>
#include <vector>

namespace laminate::toolcall::detail {

// A JSON value read from a piece of model text.
struct Payload {
    Value value;
    Diagnostics diagnostics;
    bool complete = true; // false: the text ended inside it and it was completed
};

struct RawBuilder {
    const RawTextOptions& options;
    Response response;
    Choice choice;
    std::string prose;
    std::size_t dropped_calls = 0;
    std::size_t calls = 0;

    void text(std::string_view s) { prose.append(s.data(), s.size()); }
    // Adds a call (id "call_<n>" when it has none), up to options.max_calls.
    void call(ToolCall call);
    // A response-level diagnostic (no input quoted).
    void note(Risk risk, DiagnosticKind kind, std::string message);
    // The finished Response: reasoning and prose blocks first, then the calls.
    Response finish(Format format, std::string reasoning, bool has_reasoning);
};

// Parses s as one JSON document (repairs on). A value cut off at the end is completed
// (complete = false). With fallback_extract, text around the payload (a fence, prose) is skipped
// via laminate::extract. False when nothing could be read; error then says why.
bool read_payload(std::string_view s, Payload& out, ErrorKind& error, bool fallback_extract = true);

// Every JSON value in s, in text order: s whole if it parses, else each balanced span / fence.
std::vector<Payload> read_payloads(std::string_view s);

// Calls from a value: an object {"name", "arguments"|"parameters"|"args"|"input", "id"?}
// (also wrapped as {"function": {...}} or {"tool_calls": [...]}), or an array of them. False
// when the value holds no call. parameters_key is set when a call used "parameters".
bool calls_from_value(const Payload& payload, std::vector<ToolCall>& out, bool* used_parameters = nullptr);

// Trims ASCII whitespace at both ends.
std::string_view trim(std::string_view s);

} // namespace laminate::toolcall::detail
