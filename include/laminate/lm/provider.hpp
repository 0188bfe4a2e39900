#pragma once
// laminate::lm — a model behind one interface. A Provider takes a ChatRequest (messages, the
// output contract as the chosen Strategy puts it, sampling settings) and answers with the
// model's reply read into the toolcall module's normalized Response, whoever served it:
//
//   laminate::lm::OpenAiCompatible provider{{.base_url = "http://localhost:11434/v1", .model = "qwen3:32b"}};
//   laminate::lm::ChatRequest request{.messages = {{laminate::lm::Role::User, "Hello"}}};
//   auto done = provider.complete(request, {});
//   if (done) std::cout << done->response.text();
//
// Programs (program.hpp) build the requests; HTTP providers (providers.hpp) and test providers
// (testing.hpp) implement this interface. A Provider must be safe to call from several threads
// at once: batch runs share one.
//
// Errors are ProviderErrors: what went wrong on the way (transport, timeout, cancellation, an
// HTTP status, a body that is no response), with a message that is safe to print — it never
// holds the request, the model's answer or an API key. The raw body, when there was one, is
// kept in a field for debugging.

#include <laminate/result.hpp>
#include <laminate/schema_dialect.hpp>
#include <laminate/toolcall/response.hpp>
#include <laminate/toolcall/stream.hpp>
#include <laminate/value.hpp>

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <stop_token>
#include <string>
#include <string_view>
#include <vector>

namespace laminate::lm {

// ---- messages ----------------------------------------------------------------------------------

enum class Role : unsigned char { System, User, Assistant, Tool };

// "system", "user", "assistant", "tool".
std::string_view role_name(Role role) noexcept;

struct Message {
    Role role = Role::User;
    std::string content; // the text (may be empty for an assistant turn that only called tools)
    // An assistant turn's tool calls (replayed when a repair round sends an answer back).
    std::vector<toolcall::ToolCall> tool_calls = {};
    std::string tool_call_id = {}; // a tool turn: the call it answers
};

// ---- how the output contract is put to the model ----------------------------------------------

enum class Strategy : unsigned char {
    Auto,         // chosen from the provider's capabilities, in the order below
    NativeSchema, // structured outputs: the schema in the request (json_schema response formats)
    ToolCall,     // a tool whose parameters are the schema (one per action), forced by tool_choice
    JsonMode,     // JSON output switched on; the schema in the instructions
    PromptOnly,   // the schema in the instructions only
};

// "auto", "native_schema", "tool_call", "json_mode", "prompt_only".
std::string_view strategy_name(Strategy strategy) noexcept;

// What a provider (and the model behind it) accepts.
struct Capabilities {
    bool native_schema = false;
    bool tool_calls = false;
    bool json_mode = false;
    bool streaming = false;
    Dialect dialect = Dialect::Generic; // the JSON Schema subset its requests take
    bool strict_schema = false;         // accepts "strict": true on schemas and tools
    friend bool operator==(const Capabilities&, const Capabilities&) = default;
};

// A tool offered to the model.
struct ToolSpec {
    std::string name = {};
    std::string description = {};
    Value parameters = Value::object(); // a JSON Schema, already in the provider's dialect
    bool strict = false;
};

struct ToolChoice {
    enum class Mode : unsigned char { Auto, None, Required, Named };
    Mode mode = Mode::Auto;
    std::string name = {}; // Named: the tool to call
};

struct ChatRequest {
    std::string model = {};        // empty: the provider's own model
    std::vector<Message> messages = {}; // a System message, when present, comes first
    Strategy strategy = Strategy::PromptOnly; // never Auto here: the program resolved it
    // NativeSchema: the output schema in the provider's dialect, the name it is sent under
    // ("output") and whether it is strict.
    std::optional<Value> output_schema = {};
    std::string schema_name = "output";
    bool strict = false;
    // ToolCall (or tools of the caller's own).
    std::vector<ToolSpec> tools = {};
    ToolChoice tool_choice = {};
    std::optional<double> temperature = {};
    std::optional<std::uint32_t> max_tokens = {};
};

// ---- calling ----------------------------------------------------------------------------------

struct CallOptions {
    // Cancellation: a requested stop ends the call (and its retries) with Reason::Cancelled.
    std::stop_token stop = {};
    // When set, the answer is streamed and each delta handed over as it arrives (on the
    // calling thread); the Completion still holds the whole Response.
    std::function<void(const toolcall::StreamDelta&)> on_delta = {};
};

struct ProviderError {
    enum class Reason : unsigned char {
        Transport,         // no connection, a reset, a body cut off
        Timeout,           // the connect or total timeout passed
        Cancelled,         // CallOptions::stop was requested
        Status,            // an HTTP status that is not success (after the retries it allows)
        MalformedResponse, // a body that is no response of the provider's format
        NotRecorded,       // a replaying test provider met a request it has no answer for
        InvalidRequest,    // the request cannot be sent (no API key, a strategy it cannot do)
    };
    Reason reason = Reason::Transport;
    std::string message = {}; // safe to print: no request, answer or key
    int status = 0;           // the last HTTP status, when there was one
    std::string body = {};    // the last response body, raw (may quote input or a model's text)
    std::size_t http_attempts = 0;

    // "transport", "timeout", "cancelled", "status", "malformed_response", "not_recorded",
    // "invalid_request".
    static std::string_view reason_name(Reason reason) noexcept;
    // "provider returned status 400: bad schema" / "timeout: ...": reason and message only.
    std::string to_string() const;
};

struct Completion {
    toolcall::Response response;
    std::chrono::nanoseconds latency{0}; // from the first request to the last byte, retries included
    std::size_t http_attempts = 1;
};

class Provider {
public:
    virtual ~Provider() = default;

    // gen_ai.provider.name: "openai", "anthropic", "gcp.gemini", "ollama", or another name.
    virtual std::string_view name() const noexcept = 0;
    // The model requests go to when ChatRequest::model is empty.
    virtual const std::string& model() const noexcept = 0;
    virtual Capabilities capabilities() const noexcept = 0;
    // One model call. Thread-safe.
    virtual Result<Completion, ProviderError> complete(const ChatRequest& request, const CallOptions& options) = 0;

    // server.address and server.port for tracing (empty and 0 when there is no server).
    virtual std::string server_address() const { return {}; }
    virtual int server_port() const { return 0; }
};

} // namespace laminate::lm
