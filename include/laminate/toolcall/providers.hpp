#pragma once
// Reading a provider's whole (non-streamed) response body into a Response.
//
//   auto r = laminate::toolcall::read_response(body);            // provider detected
//   for (const ToolCall* call : r->tool_calls()) ...
//
// Formats: OpenAI Chat Completions (every choice; string arguments parsed leniently; legacy
// function_call; refusal; reasoning_content of DeepSeek/xAI/Groq; Mistral thinking parts),
// OpenAI Responses (message, function_call, custom_tool_call, reasoning), Anthropic Messages,
// Gemini generateContent, Ollama /api/chat and /api/generate, Amazon Bedrock Converse, Cohere v2
// chat. Raw-text formats (raw_text.hpp)
// are read too when asked for, and tried when auto-detection finds no provider body.
//
// Conventions shared with the stream assemblers, so that both end in equal Responses:
// * empty text is no Text block; blocks keep the provider's order (OpenAI chat: reasoning,
//   text, refusal, tool calls);
// * a call without an id gets "call_<n>" (n counts the choice's calls from 0), assigned after
//   the provider reader ran;
// * a stray invalid UTF-8 byte in a body is replaced by U+FFFD (Warning), not an error;
// * argument strings go through read_arguments (response.hpp), argument objects through
//   set_arguments;
// * "stop" on a choice with tool calls becomes tool_calls (settle_tool_call_finish) for Gemini,
//   Ollama and the Responses API; OpenAI chat and Anthropic say so themselves.
// * blocks of types laminate does not read (server-side tool results, ...) are Unknown, with an
//   Info Preserved diagnostic in Response::diagnostics.

#include <laminate/toolcall/response.hpp>

#include <string>
#include <string_view>

namespace laminate::toolcall {

// The body parsed with the tolerant parser (repairs recorded in Response::diagnostics), then read
// in the given format. A body cut off before its end is completed (Risky diagnostics) and read
// when it is a provider's; an argument string cut with it gives a call with complete = false.
// With auto_detect, text that is no provider body is read as raw text (raw_text.hpp).
// Errors: unknown_format when the body is of no known format (or not of the one asked for), or
// is a provider's error object ({"error": ...}) rather than a response; the parser's error when
// a provider format was asked for and the body is not JSON at all.
Result<Response> read_response(std::string_view body, Format format = Format::AutoDetect);
Result<Response> read_response(const Value& body, Format format = Format::AutoDetect);
// Text, not a Value: std::string converts to both.
inline Result<Response> read_response(const std::string& body, Format format = Format::AutoDetect) {
    return read_response(std::string_view(body), format);
}
inline Result<Response> read_response(const char* body, Format format = Format::AutoDetect) {
    return read_response(std::string_view(body), format);
}

// The provider format of a parsed body, or auto_detect when it matches none.
Format detect_format(const Value& body);

} // namespace laminate::toolcall
