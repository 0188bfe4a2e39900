// Providers by their command-line names.
#include "common.hpp"

namespace laminate::lm {

const std::vector<std::string_view>& provider_kinds() {
    static const std::vector<std::string_view> kinds{"openai", "openai-responses", "anthropic", "gemini",
                                                     "ollama", "openai-compatible", "ollama-openai"};
    return kinds;
}

Result<std::unique_ptr<Provider>, ProviderError> make_provider(std::string_view kind, ProviderOptions options) {
    std::string model = options.model;
    std::unique_ptr<Provider> out;
    if (kind == "openai") out = std::make_unique<OpenAiCompatible>(OpenAiCompatible::openai(model, std::move(options)));
    else if (kind == "openai-responses") out = std::make_unique<OpenAiResponses>(OpenAiResponses::openai(model, std::move(options)));
    else if (kind == "anthropic") out = std::make_unique<Anthropic>(Anthropic::from_env(model, std::move(options)));
    else if (kind == "gemini") out = std::make_unique<Gemini>(Gemini::from_env(model, std::move(options)));
    else if (kind == "ollama") out = std::make_unique<Ollama>(Ollama::local(model, std::move(options)));
    else if (kind == "ollama-openai") out = std::make_unique<OpenAiCompatible>(OpenAiCompatible::ollama(model, std::move(options)));
    else if (kind == "openai-compatible") {
        if (options.base_url.empty()) return detail::invalid_request("the openai-compatible provider needs a base URL");
        out = std::make_unique<OpenAiCompatible>(std::move(options));
    } else {
        std::string known;
        for (auto k : provider_kinds()) known += (known.empty() ? "" : ", ") + std::string(k);
        return detail::invalid_request("unknown provider kind (known: " + known + ")");
    }
    return out;
}

} // namespace laminate::lm
