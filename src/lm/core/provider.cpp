// Names of the provider vocabulary, and how a provider error prints.
#include <laminate/lm/provider.hpp>

namespace laminate::lm {

std::string_view role_name(Role role) noexcept {
    switch (role) {
    case Role::System: return "system";
    case Role::User: return "user";
    case Role::Assistant: return "assistant";
    case Role::Tool: return "tool";
    }
    return "user";
}

std::string_view strategy_name(Strategy strategy) noexcept {
    switch (strategy) {
    case Strategy::Auto: return "auto";
    case Strategy::NativeSchema: return "native_schema";
    case Strategy::ToolCall: return "tool_call";
    case Strategy::JsonMode: return "json_mode";
    case Strategy::PromptOnly: return "prompt_only";
    }
    return "auto";
}

std::string_view ProviderError::reason_name(Reason reason) noexcept {
    switch (reason) {
    case Reason::Transport: return "transport";
    case Reason::Timeout: return "timeout";
    case Reason::Cancelled: return "cancelled";
    case Reason::Status: return "status";
    case Reason::MalformedResponse: return "malformed_response";
    case Reason::NotRecorded: return "not_recorded";
    case Reason::InvalidRequest: return "invalid_request";
    }
    return "transport";
}

std::string ProviderError::to_string() const {
    if (reason == Reason::Status) {
        std::string out = "provider returned status " + std::to_string(status);
        if (!message.empty()) out += ": " + message;
        return out;
    }
    std::string out(reason_name(reason));
    if (!message.empty()) out += ": " + message;
    return out;
}

} // namespace laminate::lm
