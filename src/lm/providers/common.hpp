#pragma once
// Helpers the provider request builders share.
#include <laminate/lm/providers.hpp>

#include <cstdlib>
#include <string>
#include <string_view>

namespace laminate::lm::detail {

// The system messages' text, joined by a blank line (empty when there is none).
std::string system_text(const std::vector<Message>& messages);

// The arguments of a replayed tool call as the JSON text OpenAI-style APIs take.
std::string arguments_text(const toolcall::ToolCall& call);
// The arguments as an object (Anthropic input, Gemini args, Ollama arguments).
Value arguments_object(const toolcall::ToolCall& call);

// The tool name a tool turn answers (searched in the earlier assistant turns), or "".
std::string tool_name_for(const std::vector<Message>& messages, std::size_t tool_index);

ProviderError invalid_request(std::string message);

// getenv as a string ("" when unset).
std::string env(const char* name);

// OpenAI's hosted API, for both of its request formats: the model, and OPENAI_BASE_URL and
// OPENAI_API_KEY where the options leave them empty.
ProviderOptions openai_options(std::string model, ProviderOptions options);

// `Authorization: Bearer <key>`, or no header when there is no key.
std::vector<Header> bearer(const std::string& api_key);

// The output schema, or an InvalidRequest error when NativeSchema has none.
Result<const Value*, ProviderError> native_schema(const ChatRequest& request);

} // namespace laminate::lm::detail
