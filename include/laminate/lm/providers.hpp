#pragma once
// laminate::lm HTTP providers: the hosted and local model APIs behind lm::Provider.
//
//   auto openai = laminate::lm::OpenAiCompatible::openai("gpt-4.1-mini");    // OPENAI_API_KEY
//   auto local  = laminate::lm::OpenAiCompatible::ollama("qwen3:8b");        // localhost:11434/v1
//   laminate::lm::Anthropic claude{{.model = "claude-sonnet-4-5", .api_key = key}};
//   auto any = laminate::lm::make_provider("gemini", {.model = "gemini-2.5-flash"});
//
// Providers and the request each sends (ChatRequest -> the API's own JSON):
//   OpenAiCompatible  POST {base}/chat/completions   Authorization: Bearer   (OpenAI, Ollama /v1,
//                     vLLM, llama.cpp, Groq, ...)
//   OpenAiResponses   POST {base}/responses          Authorization: Bearer
//   Anthropic         POST {base}/messages           x-api-key, anthropic-version: 2023-06-01
//   Gemini            POST {base}/models/{model}:generateContent (streamGenerateContent?alt=sse)
//                     x-goog-api-key
//   Ollama            POST {base}/api/chat           (native API, NDJSON streaming)
//
// Strategies: NativeSchema sends the output schema the provider's way (response_format
// json_schema; text.format; output_config.format; generationConfig.responseSchema; format);
// ToolCall sends the tools and tool_choice in the provider's shape (Ollama has no tool_choice:
// a named choice offers only that tool); JsonMode switches JSON output on (Anthropic has none:
// sent as PromptOnly); PromptOnly adds nothing. "strict" is sent only when the capabilities say
// the provider takes it (ChatRequest::strict / ToolSpec::strict && Capabilities::strict_schema).
// System messages go where each API wants them (Anthropic `system`, Gemini
// `systemInstruction`, Responses `instructions`); assistant turns with tool calls and tool
// results are replayed in each API's format.
//
// Streaming: with CallOptions::on_delta set (and capabilities().streaming) the call streams (SSE,
// NDJSON for Ollama) through toolcall::StreamAssembler; each delta goes to on_delta on the
// calling thread (an exception it throws aborts the transfer and propagates out of complete())
// and the Completion holds the whole Response. A stream that ends before the
// provider said it was finished is a Transport error, never a truncated success.
//
// Errors (ProviderError): InvalidRequest when a key is required and missing (naming the
// environment variable, never a key) or the request cannot be put in the provider's format;
// MalformedResponse when a 2xx body is no response of the provider's format; everything the
// HttpClient reports (http.hpp). Messages never hold a key, a request body or model output.
//
// Thread safety: complete() may be called from many threads at once; a provider is immutable
// after construction and its HttpClient is thread-safe.

#include <laminate/lm/http.hpp>
#include <laminate/lm/provider.hpp>
#include <laminate/toolcall/response.hpp>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace laminate::lm {

struct ProviderOptions {
    std::string base_url = {};          // empty: the provider's default (see each class)
    std::string model = {};             // the model used when ChatRequest::model is empty
    std::string api_key = {};           // empty: no key is sent (local servers)
    std::vector<Header> headers = {};   // extra headers on every request
    HttpOptions http = {};              // timeouts, retries, user agent, body cap
    std::optional<Capabilities> capabilities = {}; // empty: the provider's defaults
    // When set and api_key is empty, calls fail with InvalidRequest naming this variable (the
    // factories set it: a hosted API without a key is a configuration mistake).
    std::string api_key_env = {};
    // Share one client (its connections) between providers; empty: the provider makes its own.
    std::shared_ptr<HttpClient> client = {};
    // gen_ai.provider.name; empty: the provider's own ("openai", "anthropic", "gcp.gemini", ...).
    std::string name = {};
    // OpenAiCompatible: the field max_tokens goes in. Empty: "max_completion_tokens" when the
    // dialect is OpenAiStrict (OpenAI deprecated max_tokens), else "max_tokens" (what
    // compatible servers read).
    std::string max_tokens_field = {};
    // Anthropic: max_tokens is required; this is sent when ChatRequest::max_tokens is unset.
    std::uint32_t default_max_tokens = 4096;
    // OpenAiCompatible streaming: ask for a usage chunk (stream_options.include_usage).
    bool stream_usage = true;
};

// Everything the HTTP providers share: the call (HTTP, retries, streaming, reading the body).
class HttpProvider : public Provider {
public:
    ~HttpProvider() override;
    HttpProvider(HttpProvider&&) noexcept;
    HttpProvider& operator=(HttpProvider&&) noexcept;

    std::string_view name() const noexcept override;
    const std::string& model() const noexcept override;
    Capabilities capabilities() const noexcept override;
    Result<Completion, ProviderError> complete(const ChatRequest& request, const CallOptions& options) override;
    std::string server_address() const override;
    int server_port() const override;

    const ProviderOptions& options() const noexcept { return options_; }
    // The format responses are read in.
    virtual toolcall::Format format() const noexcept = 0;
    // The HTTP request complete() sends (URL, headers with the key, JSON body), for tests and
    // dry runs. InvalidRequest when the request cannot be put in this provider's format.
    Result<HttpRequest, ProviderError> build_request(const ChatRequest& request, bool stream) const;
    // Only the JSON body of that request.
    virtual Result<Value, ProviderError> request_body(const ChatRequest& request, bool stream) const = 0;

protected:
    HttpProvider(ProviderOptions options, std::string_view default_base_url, std::string_view default_name,
                 Capabilities default_capabilities);
    const std::string& model_for(const ChatRequest& request) const noexcept;
    // The URL path after base_url, and the authentication headers.
    virtual std::string endpoint(const ChatRequest& request, bool stream) const = 0;
    virtual std::vector<Header> auth_headers() const = 0;

    ProviderOptions options_;
    Capabilities capabilities_;
};

// OpenAI Chat Completions and every server that speaks it. Default base_url
// https://api.openai.com/v1; capabilities: all on, dialect Generic, not strict (openai(): the
// OpenAiStrict dialect and strict schemas).
class OpenAiCompatible final : public HttpProvider {
public:
    explicit OpenAiCompatible(ProviderOptions options);
    // api.openai.com with OPENAI_API_KEY (and OPENAI_BASE_URL when set).
    static OpenAiCompatible openai(std::string model, ProviderOptions options = {});
    // Ollama's OpenAI-compatible endpoint, http://localhost:11434/v1 (OLLAMA_HOST when set), no key.
    static OpenAiCompatible ollama(std::string model, ProviderOptions options = {});

    toolcall::Format format() const noexcept override { return toolcall::Format::OpenAi; }
    Result<Value, ProviderError> request_body(const ChatRequest& request, bool stream) const override;

private:
    std::string endpoint(const ChatRequest& request, bool stream) const override;
    std::vector<Header> auth_headers() const override;
};

// The OpenAI Responses API. Default base_url https://api.openai.com/v1; OpenAiStrict dialect.
class OpenAiResponses final : public HttpProvider {
public:
    explicit OpenAiResponses(ProviderOptions options);
    // api.openai.com with OPENAI_API_KEY (and OPENAI_BASE_URL when set).
    static OpenAiResponses openai(std::string model, ProviderOptions options = {});

    toolcall::Format format() const noexcept override { return toolcall::Format::OpenAiResponses; }
    Result<Value, ProviderError> request_body(const ChatRequest& request, bool stream) const override;

private:
    std::string endpoint(const ChatRequest& request, bool stream) const override;
    std::vector<Header> auth_headers() const override;
};

// Anthropic Messages. Default base_url https://api.anthropic.com/v1; Anthropic dialect; no JSON
// mode; NativeSchema as output_config.format (structured outputs).
class Anthropic final : public HttpProvider {
public:
    explicit Anthropic(ProviderOptions options);
    // api.anthropic.com with ANTHROPIC_API_KEY (and ANTHROPIC_BASE_URL when set).
    static Anthropic from_env(std::string model, ProviderOptions options = {});

    toolcall::Format format() const noexcept override { return toolcall::Format::Anthropic; }
    Result<Value, ProviderError> request_body(const ChatRequest& request, bool stream) const override;

private:
    std::string endpoint(const ChatRequest& request, bool stream) const override;
    std::vector<Header> auth_headers() const override;
};

// Google Gemini generateContent. Default base_url
// https://generativelanguage.googleapis.com/v1beta; Gemini dialect (responseSchema).
class Gemini final : public HttpProvider {
public:
    explicit Gemini(ProviderOptions options);
    // With GEMINI_API_KEY (GOOGLE_API_KEY when that is unset).
    static Gemini from_env(std::string model, ProviderOptions options = {});

    toolcall::Format format() const noexcept override { return toolcall::Format::Gemini; }
    Result<Value, ProviderError> request_body(const ChatRequest& request, bool stream) const override;

private:
    std::string endpoint(const ChatRequest& request, bool stream) const override;
    std::vector<Header> auth_headers() const override;
};

// Ollama's native /api/chat. Default base_url http://localhost:11434; no key; Generic dialect.
class Ollama final : public HttpProvider {
public:
    explicit Ollama(ProviderOptions options);
    // localhost:11434 (OLLAMA_HOST when set).
    static Ollama local(std::string model, ProviderOptions options = {});

    toolcall::Format format() const noexcept override { return toolcall::Format::Ollama; }
    Result<Value, ProviderError> request_body(const ChatRequest& request, bool stream) const override;

private:
    std::string endpoint(const ChatRequest& request, bool stream) const override;
    std::vector<Header> auth_headers() const override;
};

// A provider by its command-line name: "openai" (Chat Completions), "openai-responses",
// "anthropic", "gemini", "ollama" (native API), "openai-compatible" (needs base_url; key from
// options only) or "ollama-openai". An empty base_url or api_key is filled as the factories do;
// an unknown kind is InvalidRequest.
Result<std::unique_ptr<Provider>, ProviderError> make_provider(std::string_view kind, ProviderOptions options);

// The kinds make_provider accepts, in the order above.
const std::vector<std::string_view>& provider_kinds();

} // namespace laminate::lm
