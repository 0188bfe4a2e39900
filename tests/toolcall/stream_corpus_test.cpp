// Every recorded stream in the corpus, assembled: vercel-ai `*.chunks.txt` (one JSON chunk a
// line, fed as bare chunks, as NDJSON bytes and wrapped as SSE `data:` events), openai-python's raw SSE
// `.bin` transcripts and anthropic-sdk-python's raw SSE fixtures. Each transcript is re-chunked
// and must give the same Response as one chunk:
// * at every byte boundary (two chunks) for transcripts up to kEveryBoundaryMax bytes; bigger
//   ones at 48 boundaries spread evenly (keeps the test at a few seconds; every-boundary
//   coverage of the framing itself is sse_gauntlet_test);
// * in 1-byte chunks, and at random sizes 1..64 with a fixed seed.
// Where a stream's vercel-ai sibling `.json` body reads to an equal Response, that is counted;
// bodies are separate recordings, so most differ in content, and only the counts are printed.
// Per provider: streams, assembled, tool calls, provider error streams, left unread and why.

#include <laminate/toolcall/providers.hpp>
#include <laminate/toolcall/stream.hpp>

#include "corpora.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <iostream>
#include <map>
#include <random>
#include <set>
#include <sstream>

using namespace laminate;
using namespace laminate::toolcall;
namespace fs = std::filesystem;

namespace {

constexpr std::size_t kEveryBoundaryMax = 6000;

struct Group {
    std::string name;
    bool read = true;
    std::string why;
};

Group group_of(const std::string& rel) {
    auto has = [&](std::string_view s) { return rel.find(s) != std::string::npos; };
    if (has("transcription") || has("speech-translation") || has("/completion/"))
        return {"other-endpoints", false, "not a chat stream (speech, legacy completions)"};
    if (has("amazon-bedrock/")) return {"bedrock", false, "Bedrock ConverseStream is not a supported format"};
    if (has("cohere/")) return {"cohere", false, "Cohere v2 chat is not a supported format"};
    if (has("google/src/interactions")) return {"gemini-interactions", false, "Gemini Interactions API is not generateContent"};
    if (has("openai/src/responses") || has("open-responses/") || has("xai/src/responses")) return {"openai-responses", true, ""};
    if (has("anthropic")) return {"anthropic", true, ""};
    if (has("google/")) return {"gemini", true, ""};
    if (has("groq/")) return {"groq", true, ""};
    if (has("deepseek/")) return {"deepseek", true, ""};
    if (has("mistral/")) return {"mistral", true, ""};
    if (has("xai/") || has("openai-compatible/")) return {"xai", true, ""};
    if (has("openai")) return {"openai", true, ""};
    return {"unknown", false, "unclassified"};
}

struct Stream {
    std::string rel;         // path below providers/
    std::string transcript;  // SSE bytes
    std::vector<std::string> chunks; // bare JSON chunks (vercel-ai only)
    fs::path sibling;        // a non-stream body of the same fixture, if any
};

std::vector<Stream> all_streams() {
    std::vector<Stream> out;
    const fs::path root = test::corpora_dir() / "providers";
    for (const auto& e : fs::recursive_directory_iterator(root / "vercel-ai")) {
        const std::string name = e.path().filename().string();
        if (!e.is_regular_file() || !name.ends_with(".chunks.txt")) continue;
        Stream s;
        s.rel = fs::relative(e.path(), root).string();
        std::istringstream in(test::read_file(e.path()));
        for (std::string line; std::getline(in, line);) {
            if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
            s.transcript += "data: " + line + "\n\n";
            s.chunks.push_back(line);
        }
        s.sibling = e.path().parent_path() / (name.substr(0, name.size() - 11) + ".json");
        out.push_back(std::move(s));
    }
    for (const auto& e : fs::directory_iterator(root / "openai-python/.inline-snapshot/external"))
        if (e.path().extension() == ".bin")
            out.push_back({fs::relative(e.path(), root).string(), test::read_file(e.path()), {}, {}});
    for (const auto& e : fs::directory_iterator(root / "anthropic-sdk-python/tests/lib/streaming/fixtures"))
        if (e.path().extension() == ".txt")
            out.push_back({fs::relative(e.path(), root).string(), test::read_file(e.path()), {}, {}});
    std::sort(out.begin(), out.end(), [](auto& a, auto& b) { return a.rel < b.rel; });
    return out;
}

Result<Response> read_chunked(std::string_view t, const std::vector<std::size_t>& cuts) {
    StreamAssembler s;
    std::size_t at = 0;
    for (std::size_t cut : cuts) {
        if (auto r = s.feed(t.substr(at, cut - at)); !r) return r.error();
        at = cut;
    }
    if (auto r = s.feed(t.substr(at)); !r) return r.error();
    return s.finish();
}

std::size_t calls_in(const Response& r) {
    std::size_t n = 0;
    for (const auto& c : r.choices)
        for (const auto& b : c.content) n += std::holds_alternative<ToolCall>(b);
    return n;
}

struct Tally {
    int streams = 0, assembled = 0, tool_calls = 0, provider_errors = 0, unread = 0, bodies = 0, equal_bodies = 0;
    std::set<std::string> why;
};

TEST(StreamCorpus, EveryRecordedStreamReChunkedGivesTheSameResponse) {
    const fs::path root = test::corpora_dir() / "providers";
    LAMINATE_REQUIRE_CORPUS(root / "vercel-ai");
    const auto streams = all_streams();
    ASSERT_GE(streams.size(), 140u);
    std::map<std::string, Tally> tallies;
    std::mt19937 rng(20261202);
    std::size_t assemblies = 0;
    for (const auto& s : streams) {
        SCOPED_TRACE(s.rel);
        const Group g = group_of(s.rel);
        Tally& t = tallies[g.name];
        ++t.streams;
        auto whole = read_chunked(s.transcript, {});
        if (!g.read) {
            ++t.unread;
            t.why.insert(g.why);
            continue;
        }
        if (!whole) {
            if (whole.error().kind() == ErrorKind::StreamError) {
                ++t.provider_errors;
            } else {
                ++t.unread;
                t.why.insert(s.rel + ": " + whole.error().to_string());
            }
            continue;
        }
        ++t.assembled;
        t.tool_calls += static_cast<int>(calls_in(*whole));

        // The same chunks without SSE framing.
        if (!s.chunks.empty()) {
            StreamAssembler bare;
            for (const auto& c : s.chunks) ASSERT_TRUE(bare.feed_json(c));
            auto r = bare.finish();
            ASSERT_TRUE(r);
            EXPECT_EQ(*r, *whole) << "bare JSON chunks differ from SSE";
            // And as NDJSON bytes (one chunk a line), split into 7-byte pieces.
            std::string ndjson;
            for (const auto& c : s.chunks) ndjson += c + "\n";
            std::vector<std::size_t> cuts;
            for (std::size_t i = 7; i < ndjson.size(); i += 7) cuts.push_back(i);
            auto nd = read_chunked(ndjson, cuts);
            ASSERT_TRUE(nd) << nd.error();
            EXPECT_EQ(*nd, *whole) << "NDJSON framing differs from SSE";
        }
        // Two chunks at every (or at sampled) byte boundaries.
        const std::size_t n = s.transcript.size();
        const std::size_t step = n <= kEveryBoundaryMax ? 1 : std::max<std::size_t>(1, n / 48);
        for (std::size_t cut = 0; cut <= n; cut += step) {
            auto r = read_chunked(s.transcript, {cut});
            ++assemblies;
            ASSERT_TRUE(r) << "cut " << cut;
            ASSERT_EQ(*r, *whole) << "cut " << cut;
        }
        // 1-byte chunks and random sizes.
        std::vector<std::size_t> ones, random;
        for (std::size_t i = 1; i < n; ++i) ones.push_back(i);
        for (std::size_t i = 1 + rng() % 64; i < n; i += 1 + rng() % 64) random.push_back(i);
        auto one = read_chunked(s.transcript, ones);
        ASSERT_TRUE(one);
        EXPECT_EQ(*one, *whole) << "1-byte chunks";
        auto rnd = read_chunked(s.transcript, random);
        ASSERT_TRUE(rnd);
        EXPECT_EQ(*rnd, *whole) << "random chunks";
        assemblies += 2;

        if (!s.sibling.empty() && fs::exists(s.sibling)) {
            auto body = read_response(test::read_file(s.sibling));
            if (body) {
                ++t.bodies;
                if (*body == *whole) ++t.equal_bodies;
                else if (std::getenv("LAMINATE_STREAM_DEBUG"))
                    std::cout << s.rel << "\n  stream " << to_value(*whole).dump() << "\n  body   " << to_value(*body).dump() << "\n";
            }
        }
    }
    std::ostringstream out;
    out << "stream corpus (" << assemblies << " re-chunked assemblies)\n"
        << "provider             streams assembled tool_calls provider_errors unread bodies equal_to_body\n";
    for (const auto& [name, t] : tallies) {
        out << name << std::string(21 - std::min<std::size_t>(20, name.size()), ' ') << t.streams << "\t"
            << t.assembled << "\t" << t.tool_calls << "\t" << t.provider_errors << "\t" << t.unread << "\t"
            << t.bodies << "\t" << t.equal_bodies;
        for (const auto& w : t.why) out << "  (" << w << ")";
        out << "\n";
    }
    std::cout << out.str();
    for (const auto& [name, t] : tallies) {
        if (name != "other-endpoints" && name != "bedrock" && name != "cohere" && name != "gemini-interactions") {
            EXPECT_EQ(t.unread, 0) << name;
        }
    }
}

} // namespace
