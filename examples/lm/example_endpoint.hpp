#pragma once
// The real endpoint the program-layer examples call when LAMINATE_EXAMPLE_BASE_URL is set: any
// OpenAI-compatible server (OpenAI, Ollama's /v1, vLLM, llama.cpp), the model from
// LAMINATE_EXAMPLE_MODEL (default gpt-4.1-mini), the key from OPENAI_API_KEY. Without it the
// examples answer from their scripted or in-process providers, with no network.
#include <laminate/lm/providers.hpp>

#include <cstdlib>
#include <optional>

namespace example {

inline std::optional<laminate::lm::ProviderOptions> endpoint_from_env() {
    const char* base_url = std::getenv("LAMINATE_EXAMPLE_BASE_URL");
    if (!base_url) return std::nullopt;
    const char* model = std::getenv("LAMINATE_EXAMPLE_MODEL");
    const char* key = std::getenv("OPENAI_API_KEY");
    return laminate::lm::ProviderOptions{
        .base_url = base_url, .model = model ? model : "gpt-4.1-mini", .api_key = key ? key : ""};
}

} // namespace example
