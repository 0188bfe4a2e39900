// Every recorded provider response and stream in the corpora, served by the loopback server
// and read through the matching provider: the Completion must hold exactly the Response the
// toolcall readers give for the same bytes (so the HTTP path loses and adds nothing), a body
// the readers refuse must be MalformedResponse, and a stream that never says it finished must
// be a Transport error.
#include "fixtures.hpp"

#include <laminate/toolcall/providers.hpp>
#include <laminate/toolcall/stream.hpp>

#include "corpora.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <iostream>
#include <map>
#include <sstream>

using namespace laminate;
using namespace laminate::lm;
using laminate::test::LoopbackServer;
using laminate::test::Reply;
using toolcall::Format;
namespace fs = std::filesystem;

namespace {

struct Case {
    std::string rel;
    Format format;
    std::string text;
    bool stream;
};

// The vercel-ai fixture's format, or AutoDetect for endpoints and providers not served here.
Format format_of(const std::string& rel) {
    auto has = [&](std::string_view s) { return rel.find(s) != std::string::npos; };
    if (has("transcription") || has("speech-translation") || has("/completion/") || has("embedding") || has("image") ||
        has("skills") || has("reranking") || has("amazon-bedrock/") || has("cohere/") || has("google/src/interactions"))
        return Format::AutoDetect;
    if (has("openai/src/responses") || has("open-responses/") || has("xai/src/responses")) return Format::OpenAiResponses;
    if (has("anthropic/")) return Format::Anthropic;
    if (has("google/")) return Format::Gemini;
    if (has("groq/") || has("deepseek/") || has("mistral/") || has("xai/") || has("openai-compatible/") || has("openai/"))
        return Format::OpenAi;
    return Format::AutoDetect;
}

std::vector<Case> all_cases() {
    std::vector<Case> out;
    const fs::path root = laminate::test::corpora_dir() / "providers";
    for (const auto& e : fs::recursive_directory_iterator(root / "vercel-ai")) {
        if (!e.is_regular_file()) continue;
        const std::string name = e.path().filename().string();
        const std::string rel = fs::relative(e.path(), root).string();
        const Format f = format_of(rel);
        if (f == Format::AutoDetect) continue;
        if (name.ends_with(".chunks.txt")) {
            std::istringstream in(laminate::test::read_file(e.path()));
            std::string transcript;
            for (std::string line; std::getline(in, line);)
                if (line.find_first_not_of(" \t\r") != std::string::npos) transcript += "data: " + line + "\n\n";
            if (f == Format::OpenAi) transcript += "data: [DONE]\n\n";
            out.push_back({rel, f, std::move(transcript), true});
        } else if (name.ends_with(".json")) {
            out.push_back({rel, f, laminate::test::read_file(e.path()), false});
        }
    }
    const fs::path snapshots = root / "openai-python" / ".inline-snapshot" / "external";
    if (fs::exists(snapshots))
        for (const auto& e : fs::directory_iterator(snapshots))
            out.push_back({fs::relative(e.path(), root).string(), Format::OpenAi, laminate::test::read_file(e.path()), true});
    const fs::path bodies = root / "openai-python" / "openai_chat_completion_responses.jsonl";
    if (fs::exists(bodies)) {
        std::istringstream in(laminate::test::read_file(bodies));
        int n = 0;
        for (std::string line; std::getline(in, line); ++n) {
            auto v = parse_json(line);
            if (v && v->find("response_body")) out.push_back({"openai-python/jsonl#" + std::to_string(n), Format::OpenAi, (*v)["response_body"].dump(), false});
        }
    }
    const fs::path anthropic = root / "anthropic-sdk-python" / "tests" / "lib" / "streaming" / "fixtures";
    if (fs::exists(anthropic))
        for (const auto& e : fs::directory_iterator(anthropic))
            out.push_back({fs::relative(e.path(), root).string(), Format::Anthropic, laminate::test::read_file(e.path()), true});
    const fs::path ollama = root / "ollama" / "ollama_api_md_json_blocks.json";
    if (fs::exists(ollama)) {
        auto blocks = parse_json(laminate::test::read_file(ollama));
        if (blocks && blocks->is_array())
            for (std::size_t i = 0; i < blocks->size(); ++i)
                for (const Value& doc : (*blocks)[i]["docs"].items())
                    if (toolcall::detect_format(doc) == Format::Ollama && doc.contains("message") && doc["done"].is_bool() &&
                        doc["done"].as_bool())
                        out.push_back({"ollama/api.md#" + std::to_string(i), Format::Ollama, doc.dump(), false});
    }
    return out;
}

} // namespace

TEST(ProviderCorpusReplay, EveryRecordedResponseAndStreamReadsThroughItsProvider) {
    const fs::path root = laminate::test::corpora_dir() / "providers";
    LAMINATE_REQUIRE_CORPUS(root);
    LoopbackServer server;
    auto client = std::make_shared<HttpClient>(HttpOptions{.retry = {.max_attempts = 1}});
    auto options = [&](std::string path) {
        return ProviderOptions{.base_url = server.url() + path, .model = "m", .api_key = "k", .client = client};
    };
    OpenAiCompatible openai(options("/v1"));
    OpenAiResponses responses(options("/v1"));
    Anthropic anthropic(options("/v1"));
    Gemini gemini(options("/v1beta"));
    Ollama ollama(options(""));
    auto provider_for = [&](Format f) -> Provider& {
        switch (f) {
        case Format::OpenAiResponses: return responses;
        case Format::Anthropic: return anthropic;
        case Format::Gemini: return gemini;
        case Format::Ollama: return ollama;
        default: return openai;
        }
    };
    const ChatRequest request{.messages = {{Role::User, "hi"}}};
    struct Tally {
        std::size_t read = 0, malformed = 0, unfinished = 0;
    };
    std::map<std::string, Tally> tally;
    const auto cases = all_cases();
    ASSERT_GT(cases.size(), 200u);
    for (const Case& c : cases) {
        SCOPED_TRACE(c.rel);
        const std::string key = std::string(toolcall::format_name(c.format)) + (c.stream ? " stream" : " body");
        Tally& t = tally[key];
        if (!c.stream) {
            server.enqueue(Reply::json(c.text));
            auto expected = toolcall::read_response(c.text, c.format);
            auto got = provider_for(c.format).complete(request, {});
            if (!expected) {
                ASSERT_FALSE(got);
                EXPECT_EQ(got.error().reason, ProviderError::Reason::MalformedResponse);
                EXPECT_EQ(got.error().body, c.text);
                ++t.malformed;
                continue;
            }
            ASSERT_TRUE(got) << got.error().to_string();
            EXPECT_TRUE(got->response == *expected);
            ++t.read;
            continue;
        }
        server.enqueue(Reply::stream_text(c.text, "text/event-stream", 97));
        auto expected = toolcall::read_stream(c.text, c.format);
        // The deltas the assembler hands out for the same bytes, fed whole.
        std::string direct_text;
        {
            toolcall::StreamAssembler direct(c.format);
            auto text_of = [&](const std::vector<toolcall::StreamDelta>& deltas) {
                for (const auto& d : deltas)
                    if (d.kind == toolcall::DeltaKind::Text && d.choice == 0) direct_text += d.text;
            };
            if (direct.feed(c.text)) {
                text_of(direct.take_deltas());
                if (direct.finish()) text_of(direct.take_deltas());
            }
        }
        std::string streamed_text;
        auto got = provider_for(c.format).complete(request, CallOptions{.on_delta = [&](const toolcall::StreamDelta& d) {
                                                       if (d.kind == toolcall::DeltaKind::Text && d.choice == 0) streamed_text += d.text;
                                                   }});
        if (!expected) {
            ASSERT_FALSE(got);
            EXPECT_EQ(got.error().reason, ProviderError::Reason::MalformedResponse) << got.error().to_string();
            ++t.malformed;
            continue;
        }
        if (expected->finish().reason == toolcall::FinishReason::None) {
            ASSERT_FALSE(got);
            EXPECT_EQ(got.error().reason, ProviderError::Reason::Transport);
            ++t.unfinished;
            continue;
        }
        ASSERT_TRUE(got) << got.error().to_string();
        EXPECT_TRUE(got->response == *expected);
        EXPECT_EQ(streamed_text, direct_text); // every delta handed out, in order, none twice
        ++t.read;
    }
    EXPECT_EQ(server.unscripted_count(), 0u);
    for (const auto& [k, t] : tally)
        std::cout << "  " << k << ": " << t.read << " read, " << t.malformed << " malformed (provider errors), "
                  << t.unfinished << " unfinished (transport)\n";
}
