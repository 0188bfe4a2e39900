// Properties that hold for any text, checked on random mixtures of markup and JSON fragments
// (fixed seed): candidates are exact trimmed views, in text order, unique, within the limit;
// extract() never fails loudly and returns one of the candidates.
#include "extract/extract_test_util.hpp"

#include <random>
#include <set>

using laminate::Candidate;
using laminate::ExtractOptions;

namespace {

std::string random_text(std::mt19937& rng) {
    static const std::vector<std::string> pieces = {
        "{", "}", "[", "]", "\"", "'", "\\", ":", ",", " ", "\n", "\n", "a", "1", "-", "true",
        "{\"k\": ", "[1, ", "\"s\"", "```", "```json\n", "~~~", "\n```\n", "<think>", "</think>",
        "\n<think>\n", "<tool_call>", "</tool_call>", "<json>", "</json>", "<answer x=\"1\">",
        "</answer>", "<|begin_of_thought|>", "<|end_of_thought|>", "<", ">", "don't", "\r\n",
        "{{", "[note]", "\xE2\x80\x9C"};
    std::uniform_int_distribution<std::size_t> count(0, 40), pick(0, pieces.size() - 1);
    std::string s;
    for (std::size_t n = count(rng); n > 0; --n) s += pieces[pick(rng)];
    return s;
}

bool is_ws(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }

void check(const std::string& text, const ExtractOptions& o) {
    const auto cs = laminate::extract_candidates(text, o);
    SCOPED_TRACE(::testing::PrintToString(text));
    EXPECT_LE(cs.size(), o.max_candidates);
    laminate::test::expect_exact_views(text, cs);
    std::set<std::pair<std::size_t, std::size_t>> ranges;
    for (std::size_t k = 0; k < cs.size(); ++k) {
        const Candidate& c = cs[k];
        ASSERT_FALSE(c.text.empty());
        EXPECT_FALSE(is_ws(c.text.front()) || is_ws(c.text.back()));
        EXPECT_TRUE(ranges.insert({c.offset, c.text.size()}).second) << "duplicate range";
        if (k > 0) {
            const Candidate& p = cs[k - 1];
            EXPECT_TRUE(p.offset < c.offset || (p.offset == c.offset && p.text.size() > c.text.size()));
        }
    }
    auto r = laminate::extract(text, {}, o);
    if (r) {
        EXPECT_TRUE(ranges.count({r->candidate.offset, r->candidate.text.size()}));
    } else {
        EXPECT_EQ(r.error().kind(), laminate::ErrorKind::NoPayload);
    }
}

} // namespace

TEST(ExtractInvariants, RandomMarkupMixtures) {
    std::mt19937 rng(20240601);
    ExtractOptions keep_reasoning, few;
    keep_reasoning.skip_reasoning = false;
    few.max_candidates = 2;
    for (int n = 0; n < 3000; ++n) {
        const std::string text = random_text(rng);
        check(text, {});
        check(text, keep_reasoning);
        check(text, few);
        if (HasFailure()) break; // one failing text is enough to read
    }
}
