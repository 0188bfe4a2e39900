#include <laminate/value.hpp>

#include <gtest/gtest.h>

using laminate::Value;

TEST(Value, BuildsAndDumpsAnObjectInKeyOrder) {
    Value v = Value::object({{"b", 1}, {"a", Value::array({true, nullptr, "x"})}});
    EXPECT_EQ(v.dump(), R"({"b":1,"a":[true,null,"x"]})");
}
