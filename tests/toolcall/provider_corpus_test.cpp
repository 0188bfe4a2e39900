// Every recorded non-streamed provider body in the corpus is read: per provider, how many
// fixtures there are, how many parse, how many tool calls they yield, and what is left unread
// and why (printed; the figures go into the closing note).

#include <laminate/parse.hpp>
#include <laminate/toolcall/providers.hpp>

#include "corpora.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <iostream>
#include <map>
#include <set>
#include <sstream>

using namespace laminate;
using namespace laminate::toolcall;
namespace fs = std::filesystem;

namespace {

fs::path providers_dir() { return test::corpora_dir() / "providers"; }

struct Group {
    std::string name;
    Format expected = Format::AutoDetect; // auto_detect: not a chat response laminate reads
    std::string why;                       // why it is unread, when expected is auto_detect
};

// Which provider a vercel-ai fixture is from, by its package folder.
Group group_of(const std::string& rel) {
    auto has = [&](std::string_view s) { return rel.find(s) != std::string::npos; };
    if (has("transcription") || has("embedding") || has("/image/") || has("skills/") ||
        has("reranking"))
        return {"other-endpoints", Format::AutoDetect, "not a chat response (embedding, image, transcription, skills, reranking)"};
    if (has("amazon-bedrock/")) return {"bedrock", Format::Bedrock, ""};
    if (has("cohere/src/__fixtures__/cohere-embedding")) return {"other-endpoints", Format::AutoDetect, "not a chat response (embedding, image, transcription, skills, reranking)"};
    if (has("cohere/")) return {"cohere", Format::Cohere, ""};
    if (has("google/src/interactions")) return {"gemini-interactions", Format::AutoDetect, "Gemini Interactions API is not generateContent"};
    if (has("openai/src/responses") || has("open-responses/") || has("xai/src/responses"))
        return {"openai-responses", Format::OpenAiResponses, ""};
    if (has("anthropic/")) return {"anthropic", Format::Anthropic, ""};
    if (has("google/")) return {"gemini", Format::Gemini, ""};
    if (has("groq/")) return {"groq", Format::OpenAi, ""};
    if (has("deepseek/")) return {"deepseek", Format::OpenAi, ""};
    if (has("mistral/")) return {"mistral", Format::OpenAi, ""};
    if (has("xai/") || has("openai-compatible/")) return {"xai", Format::OpenAi, ""};
    if (has("openai/")) return {"openai", Format::OpenAi, ""};
    return {"unknown", Format::AutoDetect, "unclassified"};
}

bool is_error_body(const std::string& body) {
    auto v = parse_json(body);
    return v && v->is_object() && (*v)["error"].is_object() && !v->contains("choices") && !v->contains("output");
}

struct Tally {
    int fixtures = 0, parsed = 0, tool_calls = 0, provider_errors = 0, unread = 0;
    std::set<std::string> why;
};

std::size_t calls_in(const Response& r) {
    std::size_t n = 0;
    for (const auto& c : r.choices)
        for (const auto& b : c.content) n += std::holds_alternative<ToolCall>(b);
    return n;
}

void print(const std::map<std::string, Tally>& tallies) {
    std::ostringstream out;
    out << "provider             fixtures parsed tool_calls provider_errors unread\n";
    for (const auto& [name, t] : tallies) {
        out << name << std::string(21 - std::min<std::size_t>(20, name.size()), ' ') << t.fixtures
            << "\t" << t.parsed << "\t" << t.tool_calls << "\t" << t.provider_errors << "\t"
            << t.unread;
        for (const auto& w : t.why) out << "  (" << w << ")";
        out << "\n";
    }
    std::cout << out.str();
}

} // namespace

TEST(ToolcallProviderCorpus, EveryVercelFixtureOfASupportedProviderParses) {
    const fs::path root = providers_dir() / "vercel-ai" / "packages";
    LAMINATE_REQUIRE_CORPUS(root);
    std::vector<fs::path> files;
    for (const auto& e : fs::recursive_directory_iterator(root))
        if (e.is_regular_file() && e.path().extension() == ".json") files.push_back(e.path());
    std::sort(files.begin(), files.end());
    ASSERT_GT(files.size(), 100u);

    std::map<std::string, Tally> tallies;
    for (const auto& path : files) {
        const std::string rel = fs::relative(path, root).string();
        const Group g = group_of(rel);
        Tally& t = tallies[g.name];
        ++t.fixtures;
        const std::string body = test::read_file(path);
        auto r = read_response(body);
        if (g.expected == Format::AutoDetect) {
            ++t.unread;
            t.why.insert(g.why);
            continue;
        }
        if (is_error_body(body)) {
            // A provider's error object: reported as such, never mistaken for a response.
            ++t.provider_errors;
            ASSERT_FALSE(r) << rel;
            EXPECT_EQ(r.error().kind(), ErrorKind::UnknownFormat) << rel;
            continue;
        }
        ASSERT_TRUE(r) << rel << ": " << r.error();
        EXPECT_EQ(r->provider, g.expected) << rel;
        EXPECT_FALSE(r->choices.empty()) << rel;
        ++t.parsed;
        t.tool_calls += static_cast<int>(calls_in(*r));
        for (const auto& c : r->choices)
            for (const auto& b : c.content)
                if (const auto* call = std::get_if<ToolCall>(&b)) {
                    EXPECT_FALSE(call->name.empty()) << rel;
                    EXPECT_FALSE(call->id.empty()) << rel;
                    EXPECT_TRUE(call->arguments.is_object() || call->arguments.is_string()) << rel;
                }
    }
    print(tallies);
    EXPECT_EQ(tallies["anthropic"].parsed, 31);
    EXPECT_EQ(tallies["gemini"].parsed, 5);
    EXPECT_EQ(tallies["bedrock"].parsed, 11);
    EXPECT_EQ(tallies["cohere"].parsed, 6);
}

TEST(ToolcallProviderCorpus, EveryOpenAiPythonBodyParses) {
    const fs::path file = providers_dir() / "openai-python" / "openai_chat_completion_responses.jsonl";
    LAMINATE_REQUIRE_CORPUS(file);
    std::istringstream lines(test::read_file(file));
    std::string line;
    int bodies = 0, parsed = 0, calls = 0, refusals = 0;
    while (std::getline(lines, line)) {
        if (line.empty()) continue;
        auto entry = parse_json(line);
        ASSERT_TRUE(entry);
        ++bodies;
        auto r = read_response((*entry)["response_body"]);
        ASSERT_TRUE(r) << (*entry)["test"].as_string() << ": " << r.error();
        ++parsed;
        calls += static_cast<int>(calls_in(*r));
        for (const auto& c : r->choices)
            for (const auto& b : c.content) refusals += std::holds_alternative<Refusal>(b);
    }
    std::cout << "openai-python bodies " << bodies << " parsed " << parsed << " tool_calls " << calls
              << " refusals " << refusals << "\n";
    EXPECT_EQ(parsed, bodies);
    EXPECT_GE(calls, 4);
    EXPECT_GE(refusals, 1);
}

TEST(ToolcallProviderCorpus, OllamaDocumentationExamples) {
    const fs::path file = providers_dir() / "ollama" / "ollama_api_md_json_blocks.json";
    LAMINATE_REQUIRE_CORPUS(file);
    auto doc = parse_json(test::read_file(file));
    ASSERT_TRUE(doc && doc->is_array());
    int docs = 0, responses = 0, calls = 0, unread = 0;
    for (const auto& block : doc->items())
        for (const auto& d : block["docs"].items()) {
            ++docs;
            if (detect_format(d) != Format::Ollama) {
                ++unread; // requests, model lists, embeddings: not responses
                continue;
            }
            auto r = read_response(d);
            ASSERT_TRUE(r) << r.error();
            ++responses;
            calls += static_cast<int>(calls_in(*r));
            for (const ToolCall* c : r->tool_calls()) EXPECT_TRUE(c->arguments.is_object());
        }
    std::cout << "ollama docs " << docs << " responses " << responses << " tool_calls " << calls
              << " unread (not responses) " << unread << "\n";
    EXPECT_GE(responses, 10);
    EXPECT_GE(calls, 2);
}

TEST(ToolcallProviderCorpus, ResponseGauntlet) {
    const fs::path file = providers_dir() / "laminate" / "response_gauntlet.json";
    LAMINATE_REQUIRE_CORPUS(file);
    auto doc = parse_json(test::read_file(file));
    ASSERT_TRUE(doc);
    int cases = 0;
    for (const auto& c : (*doc)["cases"].items()) {
        ++cases;
        const std::string id(c["id"].as_string());
        auto r = read_response(c["input"]);
        ASSERT_TRUE(r) << id << ": " << r.error();
        EXPECT_EQ(format_name(r->provider), c["provider"].as_string()) << id;
        if (c["expected_text"].is_string()) {
            EXPECT_EQ(r->text(), c["expected_text"].as_string()) << id;
        }
        if (c["expected_tool_count"].is_number()) {
            EXPECT_EQ(static_cast<double>(r->tool_calls().size()), c["expected_tool_count"].as_double()) << id;
        }
        if (c["expected_cache_read"].is_number()) {
            EXPECT_EQ(static_cast<double>(r->usage.cached_tokens.value_or(0)), c["expected_cache_read"].as_double()) << id;
        }
        if (c["expected_stop"].is_string()) {
            // The gauntlet names finishes in Anthropic's words.
            const std::string_view want = c["expected_stop"].as_string();
            const FinishReason reason = want == "end_turn" ? FinishReason::Stop
                                      : want == "tool_use" ? FinishReason::ToolCalls
                                      : want == "max_tokens" ? FinishReason::Length
                                                             : FinishReason::Other;
            EXPECT_EQ(r->finish().reason, reason) << id;
        }
        // Round trip: rendering and reading the same body again gives an equal Response.
        auto again = read_response(c["input"].dump());
        ASSERT_TRUE(again) << id;
        EXPECT_EQ(*again, *r) << id;
    }
    EXPECT_EQ(cases, 10);
}
