// libFuzzer target for laminate::toolcall::read_response (every provider reader and raw-text
// reader behind it). The first byte picks the format (byte % 14: auto, openai, openai-responses,
// anthropic, gemini, ollama, hermes, llama3, mistral, deepseek, functionary, bare-json, bedrock,
// cohere), the rest is the body or text. Seeds in fuzz/corpus/toolcall_fuzzer/ start with a
// printable selector: '8' auto (56 % 14 = 0), '9' openai, ':' openai-responses, ';' anthropic,
// '<' gemini, '=' ollama, '>' hermes, '?' llama3, '@' mistral, 'A' deepseek, 'B' functionary,
// 'C' bare-json, 'D' bedrock, 'E' cohere.
// Properties: never a crash, hang or sanitizer report; an error has a stable kind; every tool
// call has an id and a name string; the rendered Response is strict JSON that parses back.

#include "fuzz_checks.hpp"

#include <laminate/toolcall/providers.hpp>

#include <cstddef>
#include <cstdint>
#include <string_view>

using namespace laminate;
using namespace laminate::toolcall;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0 || size > fuzz::kMaxInput) return 0;
    const auto format = static_cast<Format>(data[0] % 14);
    const std::string_view text(reinterpret_cast<const char*>(data) + 1, size - 1);

    auto r = read_response(text, format);
    if (!r) {
        LAMINATE_FUZZ_CHECK(!r.error().kind_name().empty(), "an error without a kind name");
        return 0;
    }
    for (const auto& choice : r->choices)
        for (const auto& block : choice.content)
            if (const auto* call = std::get_if<ToolCall>(&block))
                LAMINATE_FUZZ_CHECK(!call->id.empty(), "a tool call without an id");
    const std::string rendered = to_value(*r).dump();
    LAMINATE_FUZZ_CHECK(parse_json(rendered).has_value(), "the rendered Response is not strict JSON");
    return 0;
}
