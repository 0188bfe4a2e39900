// Big and hostile inputs: one linear pass, bounded candidates, no recursion. The time bound is
// a generous sanity check (sanitizer builds are slow); the assertions are on the results.
#include "extract/extract_test_util.hpp"

#include <chrono>

using laminate::CandidateSource;
using laminate::ErrorKind;
using laminate::ExtractOptions;
using laminate::extract;
using laminate::extract_candidates;

namespace {

constexpr std::size_t MB = std::size_t(1) << 20;

template <class F>
auto timed(F&& f) {
    const auto t0 = std::chrono::steady_clock::now();
    auto result = f();
    const auto elapsed = std::chrono::steady_clock::now() - t0;
    EXPECT_LT(elapsed, std::chrono::seconds(20));
    return result;
}

std::string repeat(std::string_view unit, std::size_t total) {
    std::string s;
    s.reserve(total + unit.size());
    while (s.size() < total) s += unit;
    return s;
}

// Appending, not operator+ (g++ 12 warns falsely about memcpy overlap on `"x" + std::string`).
std::string concat(std::initializer_list<std::string_view> parts) {
    std::string s;
    for (std::string_view p : parts) s += p;
    return s;
}

} // namespace

TEST(ExtractLimits, MegabyteOfOpenBrackets) {
    const std::string text(MB, '[');
    auto cs = timed([&] { return extract_candidates(text); });
    ASSERT_EQ(cs.size(), 1u); // one unclosed span, which is also the whole text
    EXPECT_EQ(cs[0].text.size(), MB);
    auto r = timed([&] { return extract(text); });
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().kind(), ErrorKind::NoPayload);
}

TEST(ExtractLimits, MegabyteOfOpenBraces) {
    const std::string text(MB, '{'); // `{{` never opens a payload
    EXPECT_TRUE(timed([&] { return extract_candidates(text); }).empty());
}

TEST(ExtractLimits, MegabyteOfClosers) {
    EXPECT_TRUE(timed([&] { return extract_candidates(repeat("]}", MB)); }).empty());
    // Closers that never match inside one open span.
    const std::string text = concat({"[1", repeat("}", MB)});
    auto cs = timed([&] { return extract_candidates(text); });
    ASSERT_EQ(cs.size(), 1u);
    EXPECT_FALSE(cs[0].closed);
}

TEST(ExtractLimits, HundredThousandSmallSpansAreBounded) {
    const std::string noise = repeat("[1] and ", 800'000); // 100k spans in prose
    auto cs = timed([&] { return extract_candidates(noise); });
    ASSERT_EQ(cs.size(), ExtractOptions{}.max_candidates);
    EXPECT_EQ(cs[0].source, CandidateSource::Whole); // the text starts like a payload
    for (std::size_t k = 1; k < cs.size(); ++k) {
        EXPECT_EQ(cs[k].text, "[1]");
        EXPECT_EQ(cs[k].offset, 8 * (k - 1)); // the earliest of equal spans
    }
    // The payload after them is kept (the largest spans are) and chosen.
    const std::string text = concat({noise, "{\"payload\": true}"});
    auto r = timed([&] { return extract(text); });
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(r->parsed.value.dump(), R"({"payload":true})");
    EXPECT_EQ(r->candidate.offset, noise.size());
}

TEST(ExtractLimits, MaxCandidatesIsRespected) {
    ExtractOptions o;
    o.max_candidates = 3;
    const std::string text = "```\n[1]\n```\n<json>[2]</json>\n{\"a\": 1} [4] [5, 6]";
    auto cs = extract_candidates(text, o);
    ASSERT_EQ(cs.size(), 3u); // fences and tags first, then the largest span
    EXPECT_EQ(cs[0].text, "[1]");
    EXPECT_EQ(cs[1].text, "[2]");
    EXPECT_EQ(cs[2].text, "{\"a\": 1}");
    o.max_candidates = 0;
    EXPECT_TRUE(extract_candidates(text, o).empty());
}

TEST(ExtractLimits, HostileMarkup) {
    // Many openers of tags and fences, many think blocks, many '<'.
    for (const std::string& text :
         {repeat("<tool_call>", MB), repeat("```\n", MB), repeat("<think>\n", MB),
          repeat("</think>", MB), repeat("<", MB), repeat("<json a=\"", MB),
          repeat("<|begin_of_thought|>", MB), repeat("\"[", MB), repeat("{\"a\":\"", MB),
          repeat("{'", MB), repeat("[\"\\", MB), concat({"<function ", std::string(MB, 'a')})}) {
        auto cs = timed([&] { return extract_candidates(text); });
        EXPECT_LE(cs.size(), ExtractOptions{}.max_candidates);
        for (auto& c : cs) EXPECT_LE(c.offset + c.text.size(), text.size());
    }
}

TEST(ExtractLimits, NestedScopesAreBounded) {
    const std::string text = concat({repeat("<answer>\n```\n", 100'000), "{\"a\": 1}"});
    auto cs = timed([&] { return extract_candidates(text); });
    EXPECT_LE(cs.size(), ExtractOptions{}.max_candidates);
    auto r = timed([&] { return extract(text); });
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(r->parsed.value.dump(), R"({"a":1})");
}

TEST(ExtractLimits, DeepButClosedPayload) {
    const std::string text = concat({"x ", repeat("[", 100'000), repeat("]", 100'000), " y"});
    auto cs = timed([&] { return extract_candidates(text); });
    ASSERT_EQ(cs.size(), 1u);
    EXPECT_TRUE(cs[0].closed);
    EXPECT_EQ(cs[0].text.size(), 200'000u);
    auto r = timed([&] { return extract(text); }); // deeper than max_depth: refused, no crash
    EXPECT_FALSE(r);
}
