#pragma once
// The normalized model response: whatever provider served the model, whole or streamed, a reply
// reads as one Response. Every provider reader (providers.hpp), raw-text reader (raw_text.hpp)
// and stream assembler ends in this type, so that callers and tests compare them directly.
//
//   Response { id, model, provider,
//              choices: [ Choice { index, content: [ContentBlock...], finish } ],
//              usage, diagnostics }
//
// Providers that answer with several alternatives (OpenAI `choices`, Gemini `candidates`) give
// several Choices; every other provider gives exactly one. primary() is the first choice (or an
// empty one), and text()/reasoning()/tool_calls() read it, which is what most callers want.

#include <laminate/diagnostic.hpp>
#include <laminate/result.hpp>
#include <laminate/value.hpp>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace laminate::toolcall {

// Where a response (or raw text) came from. The OpenAI-compatible servers (Groq, DeepSeek's API,
// xAI, Mistral's API, vLLM, ...) answer in the `openai` format. The last six read tool calls a
// model wrote as plain text.
enum class Format : unsigned char {
    AutoDetect,      // "auto": detect from the body
    OpenAi,          // Chat Completions (and compatible servers)
    OpenAiResponses, // the Responses API
    Anthropic,       // Messages
    Gemini,          // generateContent
    Ollama,          // /api/chat
    Hermes,          // <tool_call>{...}</tool_call> (Hermes, Qwen 2.5/3)
    Llama3,          // <|python_tag|> / {"name", "parameters"}
    Mistral,         // [TOOL_CALLS][...] and [TOOL_CALLS]name[ARGS]{...}
    DeepSeek,        // <｜tool▁calls▁begin｜> ... markers
    Functionary,     // >>>name\n{...} and <function=name>{...}</function>
    BareJson,        // {"name", "arguments"} objects, or arrays of them
    Bedrock,         // Amazon Bedrock Converse
    Cohere,          // Cohere v2 chat
};

// "auto", "openai", "openai-responses", "anthropic", "gemini", "ollama", "hermes", "llama3",
// "mistral", "deepseek", "functionary", "bare-json", "bedrock", "cohere".
std::string_view format_name(Format f) noexcept;
// The inverse of format_name (also accepts '_' for '-'); unknown_format for anything else.
Result<Format> parse_format(std::string_view name);
// True for the formats read from a model's plain text rather than a provider's JSON body.
bool is_raw_text_format(Format f) noexcept;

// --- content blocks ---------------------------------------------------------------------------

struct Text {
    std::string text;
    friend bool operator==(const Text&, const Text&) = default;
};

struct ToolCall {
    std::string id;   // the call id as sent; "call_<n>" when none was (n: the call's position)
    std::string name;
    // The arguments as a value: parsed from the provider's string with the tolerant parser, or
    // taken as is when the provider sends an object. An object unless the model sent otherwise;
    // null when nothing could be read (raw_arguments then holds what was sent).
    Value arguments;
    // The arguments exactly as sent (a provider's string, or the object rendered compactly).
    std::string raw_arguments;
    // False when the arguments were cut off (a truncated stream or text) and `arguments` holds
    // only what was read, completed with Risky diagnostics.
    bool complete = true;
    // Repairs and problems reading the arguments (paths relative to the arguments). A broken
    // argument string keeps raw_arguments, arguments null and one error-kind diagnostic here.
    Diagnostics diagnostics;
    // Gemini's thoughtSignature on the part that held the call: an opaque token the provider
    // needs back, with the call, when the call is replayed in a later turn. Empty elsewhere.
    std::optional<std::string> signature = {};

    // Equal when id, name, arguments (as values) and completeness are: raw text and diagnostics
    // record how a call was read, not what it says, and differ between a streamed and a whole
    // response (Anthropic streams argument text, but answers whole with an object).
    friend bool operator==(const ToolCall& a, const ToolCall& b) noexcept {
        return a.id == b.id && a.name == b.name && a.arguments == b.arguments &&
               a.complete == b.complete;
    }
};

struct Reasoning {
    std::string text;                     // the thinking text (empty when redacted)
    std::optional<std::string> signature; // Anthropic's signature / an opaque encrypted blob
    bool redacted = false;                // Anthropic redacted_thinking: signature holds the data
    friend bool operator==(const Reasoning&, const Reasoning&) = default;
};

struct Refusal {
    std::string text;
    friend bool operator==(const Refusal&, const Refusal&) = default;
};

// A block of a type laminate does not read (a provider's newer block type), kept as sent.
struct Unknown {
    Value raw;
    friend bool operator==(const Unknown&, const Unknown&) = default;
};

using ContentBlock = std::variant<Text, ToolCall, Reasoning, Refusal, Unknown>;

// "text", "tool_call", "reasoning", "refusal", "unknown".
std::string_view block_type_name(const ContentBlock& block) noexcept;

// --- finish and usage -------------------------------------------------------------------------

enum class FinishReason : unsigned char {
    None,          // the response did not say (raw text, a stream cut off before its end)
    Stop,          // natural end or a stop sequence
    Length,        // max tokens
    ToolCalls,     // stopped to let tools run
    ContentFilter, // safety / recitation filters
    Refusal,       // the model refused
    Other,         // anything else; Finish::raw says what
};

// "none", "stop", "length", "tool_calls", "content_filter", "refusal", "other".
std::string_view finish_reason_name(FinishReason r) noexcept;

struct Finish {
    FinishReason reason = FinishReason::None;
    std::string raw; // the provider's own word ("end_turn", "STOP", "tool_use", ...), or empty
    friend bool operator==(const Finish&, const Finish&) = default;
};

// Maps a provider's finish word to a reason (case-insensitive): stop/end_turn/stop_sequence/
// STOP/completed -> stop; length/max_tokens/MAX_TOKENS -> length; tool_calls/function_call/
// tool_use -> tool_calls; content_filter/SAFETY/RECITATION/... -> content_filter; refusal ->
// refusal; empty -> none; anything else -> other. raw keeps the word.
Finish finish_from(std::string_view provider_word);

struct Choice;
// Gemini, Ollama and the Responses API say "stop" (or "completed") when the model stopped to call
// tools: a stop finish on a choice holding tool calls becomes tool_calls (raw word kept).
void settle_tool_call_finish(Choice& choice);

// Token counts; absent where the provider did not report them.
struct Usage {
    std::optional<std::uint64_t> input_tokens;
    std::optional<std::uint64_t> output_tokens;
    std::optional<std::uint64_t> cached_tokens;    // input tokens read from a cache
    std::optional<std::uint64_t> reasoning_tokens; // output tokens spent thinking
    std::optional<std::uint64_t> total_tokens;
    bool empty() const noexcept {
        return !input_tokens && !output_tokens && !cached_tokens && !reasoning_tokens && !total_tokens;
    }
    friend bool operator==(const Usage&, const Usage&) = default;
};

// --- the response -----------------------------------------------------------------------------

struct Choice {
    std::size_t index = 0;
    std::vector<ContentBlock> content; // in the order the model produced them
    Finish finish;
    friend bool operator==(const Choice&, const Choice&) = default;
};

struct Response {
    std::string id;
    std::string model;
    Format provider = Format::AutoDetect; // the format that was read
    std::vector<Choice> choices;
    Usage usage;
    // Problems reading the response itself (unknown block types kept, a field of the wrong type
    // ignored, ...). Tool-call argument diagnostics stay with each ToolCall.
    Diagnostics diagnostics;

    // The first choice, or an empty one when there is none.
    const Choice& primary() const noexcept;
    // The primary choice's Text blocks joined (no separator), Reasoning blocks joined with "\n".
    std::string text() const;
    std::string reasoning() const;
    // The primary choice's tool calls, in order.
    std::vector<const ToolCall*> tool_calls() const;
    const Finish& finish() const noexcept { return primary().finish; }

    // Equal when everything but the diagnostics is (see ToolCall's equality).
    friend bool operator==(const Response& a, const Response& b) noexcept {
        return a.id == b.id && a.model == b.model && a.provider == b.provider &&
               a.choices == b.choices && a.usage == b.usage;
    }
};

// --- reading arguments ------------------------------------------------------------------------

// Fills call.arguments, raw_arguments, complete and diagnostics from an argument string as a
// provider sends it, the way every reader and stream assembler does:
// * empty, blank or null -> {} (Info diagnostic: a call without arguments);
// * laminate::parse with repairs (each repair a diagnostic);
// * a truncated text (value_not_closed, or truncated = true) is completed with
//   complete_truncated, Risky, and complete = false;
// * JSON inside prose or a fence -> laminate::extract;
// * nothing readable: arguments null, raw kept, one Risky Dropped diagnostic naming the error
//   kind. Never fails, never loses the text.
void read_arguments(ToolCall& call, std::string_view raw, bool truncated = false);
// The same for arguments the provider sent as a value (Ollama, Anthropic, Gemini): arguments
// taken as is, raw_arguments its compact rendering.
void set_arguments(ToolCall& call, Value arguments);

// --- rendering --------------------------------------------------------------------------------

// The primary choice in the command line's shape:
//   {"id", "model", "provider", "text", "reasoning", "tool_calls": [{"id", "name", "arguments",
//    "complete"?: false, "raw_arguments"? (when arguments could not be read)}],
//    "finish_reason": "tool_calls", "finish_raw": "tool_use", "usage": {...present counts...},
//    "diagnostics": [...response and argument diagnostics; argument paths prefixed with
//    tool_calls[i].arguments], "choices"?: [...] (only when there are several, each in full form)}
Value to_value(const Response& response);
// Every block of one choice: {"index", "content": [{"type", ...}], "finish_reason", "finish_raw"}.
Value to_value(const Choice& choice);
Value to_value(const Usage& usage);
// {"path", "kind", "risk", "message", "repair"?, "offset"?, "suggestion"?, "from"?, "to"?,
// "count"? (the sites a style repair stands for, when more than one; offset and path are the first's)}
Value diagnostic_to_value(const Diagnostic& d);

} // namespace laminate::toolcall
