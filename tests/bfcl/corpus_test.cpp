// The loader on the real corpus: every category, every call, parallel calls split.
#include "corpus.hpp"
#include "corpora.hpp"

#include <gtest/gtest.h>

namespace laminate::bfcl {
namespace {

std::filesystem::path bfcl_dir() { return laminate::test::corpora_dir() / "bfcl"; }

TEST(BfclCorpus, LoadsEveryCallOfTheTenCategories) {
    LAMINATE_REQUIRE_CORPUS(bfcl_dir() / "possible_answer");
    auto calls = load_corpus(bfcl_dir());
    ASSERT_TRUE(calls) << calls.error();
    EXPECT_EQ(calls->size(), 3302u);
    const auto& first = calls->front();
    EXPECT_EQ(first.id, "simple_python_0");
    EXPECT_EQ(first.function, "calculate_triangle_area");
    EXPECT_EQ(first.schema["type"], Value("dict"));
    EXPECT_EQ(first.accepted["base"][0], Value(10));
}

TEST(BfclCorpus, ParallelIdsBecomeOneCallEach) {
    LAMINATE_REQUIRE_CORPUS(bfcl_dir() / "possible_answer");
    auto calls = load_category(bfcl_dir(), "parallel_multiple");
    ASSERT_TRUE(calls);
    EXPECT_EQ(calls->size(), 607u);
    EXPECT_EQ((*calls)[0].id, "parallel_multiple_0");
    EXPECT_EQ((*calls)[1].id, "parallel_multiple_0");
    EXPECT_EQ((*calls)[1].index, 1u);
    EXPECT_EQ((*calls)[1].function, "math_toolkit.product_of_primes");
}

TEST(BfclCorpus, SelectedCategoriesAndErrors) {
    LAMINATE_REQUIRE_CORPUS(bfcl_dir() / "possible_answer");
    auto two = load_corpus(bfcl_dir(), {"simple_java", "live_parallel"});
    ASSERT_TRUE(two);
    EXPECT_EQ(two->size(), 100u + 39u);
    auto missing = load_corpus("/nonexistent/bfcl");
    ASSERT_FALSE(missing);
    EXPECT_EQ(missing.error().kind(), ErrorKind::InvalidArgument);
}

} // namespace
} // namespace laminate::bfcl
