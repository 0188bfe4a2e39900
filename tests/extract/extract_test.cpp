#include <laminate/extract.hpp>

#include <gtest/gtest.h>

TEST(Extract, WholeTextIsACandidate) {
    auto r = laminate::extract(R"({"a": 1})");
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(r->parsed.value.dump(), R"({"a":1})");
}
