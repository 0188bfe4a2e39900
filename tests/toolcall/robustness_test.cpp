// Bad input never crashes or hangs: every recorded body cut at many points, bytes flipped, deep
// nesting and huge counts, through auto-detection (which falls back to the raw-text readers).

#include <laminate/toolcall/providers.hpp>
#include <laminate/toolcall/raw_text.hpp>

#include "corpora.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <random>

using namespace laminate;
using namespace laminate::toolcall;
namespace fs = std::filesystem;

namespace {

// Reading must end in a Response or an error; the Response is well formed.
void expect_sane(std::string_view input) {
    auto r = read_response(input);
    if (!r) return;
    for (const auto& c : r->choices)
        for (const auto& b : c.content)
            if (const auto* call = std::get_if<ToolCall>(&b)) {
                EXPECT_FALSE(call->id.empty());
                // Rendering works whatever was read.
                (void)call->arguments.dump();
            }
    (void)to_value(*r).dump();
}

} // namespace

TEST(ToolcallRobustness, CutAndFlippedFixtures) {
    const fs::path root = laminate::test::corpora_dir() / "providers" / "vercel-ai" / "packages";
    LAMINATE_REQUIRE_CORPUS(root);
    std::mt19937 rng(1234);
    int files = 0;
    for (const auto& e : fs::recursive_directory_iterator(root)) {
        if (!e.is_regular_file() || e.path().extension() != ".json") continue;
        const std::string body = laminate::test::read_file(e.path());
        if (body.size() > 200'000) continue; // base64 images: cutting them tests nothing new
        ++files;
        for (int i = 1; i <= 24; ++i) expect_sane(std::string_view(body).substr(0, body.size() * i / 25));
        for (int i = 0; i < 8; ++i) {
            std::string flipped = body;
            for (int k = 0; k < 4; ++k) flipped[rng() % flipped.size()] = static_cast<char>(rng() % 256);
            expect_sane(flipped);
        }
    }
    EXPECT_GT(files, 100);
}

TEST(ToolcallRobustness, DeepAndWideInputs) {
    const std::string deep_open(200'000, '[');
    auto deep = read_response("{\"choices\": " + deep_open);
    EXPECT_TRUE(!deep || deep->tool_calls().empty());
    std::string many = "{\"choices\":[{\"message\":{\"tool_calls\":[";
    for (int i = 0; i < 5000; ++i) many += std::string(i ? "," : "") + "{\"function\":{\"name\":\"f\",\"arguments\":\"{\\\"i\\\":1\"}}";
    many += "]}}]}";
    auto wide = read_response(many);
    ASSERT_TRUE(wide);
    ASSERT_EQ(wide->tool_calls().size(), 5000u);
    EXPECT_FALSE(wide->tool_calls()[4999]->complete); // each argument string was cut off
    EXPECT_EQ(wide->tool_calls()[4999]->id, "call_4999");

    std::string tags;
    for (int i = 0; i < 2000; ++i) tags += "<tool_call>{\"name\":\"f\",\"arguments\":{}}</tool_call>";
    auto raw = read_raw_text(tags);
    ASSERT_TRUE(raw);
    EXPECT_EQ(raw->tool_calls().size(), 256u); // RawTextOptions::max_calls
}
