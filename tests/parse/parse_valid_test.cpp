#include <laminate/parse.hpp>

#include <gtest/gtest.h>

TEST(ParseValid, ParsesAnObjectWithoutDiagnostics) {
    auto r = laminate::parse(R"({"a": [1, 2.5, "x"], "b": null})");
    ASSERT_TRUE(r) << r.error();
    EXPECT_TRUE(r->diagnostics.empty());
    EXPECT_EQ(r->value.dump(), R"({"a":[1,2.5,"x"],"b":null})");
}
