// laminate tool-calls: stdin is a provider's response body or a model's raw text; print the reply
// normalized: text, reasoning, tool calls with their arguments, finish reason, usage.
#include "commands.hpp"
#include "json_output.hpp"
#include "options.hpp"
#include "serve.hpp"

#include <laminate/toolcall/providers.hpp>
#include <laminate/toolcall/raw_text.hpp>
#include <laminate/toolcall/stream.hpp>

#include <memory>
#include <string>

namespace laminate::cli {

namespace {

struct ToolCallFlags {
    IoFlags io;
    std::string format = "auto";
    bool stream = false;
};

Result<Value> tool_calls(const Request& request, toolcall::Format format, bool stream) {
    if (request.fields) {
        // A --jsonl line may name its own format: {"text": ..., "format": "anthropic"}.
        if (const Value* f = request.fields->find("format"); f && f->is_string()) {
            auto parsed = toolcall::parse_format(f->as_string());
            if (!parsed) return std::move(parsed).error();
            format = *parsed;
        }
    }
    if (stream && toolcall::is_raw_text_format(format))
        return Error(ErrorKind::InvalidArgument,
                     "--stream reads a provider's SSE or NDJSON stream; raw-text formats are read whole");
    auto response = stream ? toolcall::read_stream(request.text, format)
                           : toolcall::read_response(request.text, format);
    if (!response) return std::move(response).error();
    return toolcall::to_value(*response);
}

constexpr const char* footer = R"(Reads all of stdin: a provider's response body (OpenAI Chat Completions and
compatible servers, OpenAI Responses, Anthropic Messages, Gemini
generateContent, Ollama /api/chat) or a model's raw text with tool calls in it
(hermes <tool_call> / <function name=...>, llama3 <|python_tag|>, mistral
[TOOL_CALLS], deepseek markers (R1, V3.1) and V3.2 DSML, functionary >>>name /
<function=name>, bare-json {"name", "arguments"}). --format auto detects which;
give it for Functionary when the prompt ended with >>> (the answer then opens
with the function name). Text that names no tool after a marker is kept as
text, with a "preserved" diagnostic: no call is made up from it. With --stream, stdin is a streamed response instead:
an SSE transcript or NDJSON lines; the answer is the same as for the whole body.

Output:  {"id", "model", "provider", "text", "reasoning", "tool_calls": [{"id",
          "name", "arguments", "complete"?, "raw_arguments"?}], "finish_reason",
          "finish_raw", "usage", "diagnostics": [...], "choices"? (several)}
Error:   {"error": {"kind", "message"}} and exit status 1 (unknown_format:
         not a response, or a provider's error body).
With --jsonl each stdin line {"text": "...", "format"?: "..."} gets one compact
answer line, in order.

Examples:
  laminate tool-calls < openai_response.json
  laminate tool-calls --format anthropic < message.json
  echo '<tool_call>{"name": "f", "arguments": {"x": 1}}</tool_call>' | laminate tool-calls
  laminate tool-calls --stream < anthropic_stream.sse
  laminate tool-calls --jsonl < replies.jsonl)";

} // namespace

void add_tool_calls_command(CLI::App& app, int& exit_status) {
    auto* sub = app.add_subcommand("tool-calls", "Read tool calls from a provider response or raw model text");
    auto flags = std::make_shared<ToolCallFlags>();
    add_io_flags(*sub, flags->io);
    sub->add_option("--format", flags->format,
                    "auto, openai, openai-responses, anthropic, gemini, ollama, hermes, llama3, "
                    "mistral, deepseek, functionary or bare-json")
        ->default_str("auto")
        ->check(CLI::Validator(
            [](std::string& name) {
                return toolcall::parse_format(name) ? std::string() : std::string("unknown format: ") + name;
            },
            "FORMAT"));
    sub->add_flag("--stream", flags->stream,
                  "stdin is a streamed response: an SSE transcript (OpenAI, Responses, Anthropic, "
                  "Gemini) or NDJSON (Ollama, or one JSON chunk a line)");
    sub->footer(footer);
    sub->callback([flags, &exit_status] {
        const toolcall::Format f = toolcall::parse_format(flags->format).value(); // checked above
        exit_status = serve(flags->io, std::size_t(256) << 20,
                            [f, stream = flags->stream](const Request& r) { return tool_calls(r, f, stream); });
    });
}

} // namespace laminate::cli
