// A struct of 50 fields of mixed types: shaping, the round trip, and (measured) compile time.
#include "shape_test_types.hpp"

#include <gtest/gtest.h>

#include <map>

namespace laminate::test {
namespace {

struct Wide {
    std::string f0;
    std::int32_t f1;
    std::uint16_t f2;
    bool f3;
    double f4;
    std::optional<std::int64_t> f5;
    Color f6;
    std::vector<int> f7;
    Point f8;
    std::map<std::string, double> f9;
    std::string f10;
    std::int32_t f11;
    std::uint16_t f12;
    bool f13;
    double f14;
    std::optional<std::int64_t> f15;
    Color f16;
    std::vector<int> f17;
    Point f18;
    std::map<std::string, double> f19;
    std::string f20;
    std::int32_t f21;
    std::uint16_t f22;
    bool f23;
    double f24;
    std::optional<std::int64_t> f25;
    Color f26;
    std::vector<int> f27;
    Point f28;
    std::map<std::string, double> f29;
    std::string f30;
    std::int32_t f31;
    std::uint16_t f32;
    bool f33;
    double f34;
    std::optional<std::int64_t> f35;
    Color f36;
    std::vector<int> f37;
    Point f38;
    std::map<std::string, double> f39;
    std::string f40;
    std::int32_t f41;
    std::uint16_t f42;
    bool f43;
    double f44;
    std::optional<std::int64_t> f45;
    Color f46;
    std::vector<int> f47;
    Point f48;
    std::map<std::string, double> f49;
};

static_assert(reflect::field_count<Wide> == 50);

const char* kWide = "{\"f0\": \"s0\", \"f1\": \"1\", \"f2\": 2, \"f3\": \"true\", \"f4\": \"4.5\", \"f5\": null, \"f6\": \"Blue\", \"f7\": [7, 7], \"f8\": {\"x\": 8, \"y\": 1}, \"f9\": {\"k\": 9}, \"f10\": \"s10\", \"f11\": \"11\", \"f12\": 12, \"f13\": \"true\", \"f14\": \"14.5\", \"f15\": null, \"f16\": \"Blue\", \"f17\": [17, 17], \"f18\": {\"x\": 18, \"y\": 1}, \"f19\": {\"k\": 19}, \"f20\": \"s20\", \"f21\": \"21\", \"f22\": 22, \"f23\": \"true\", \"f24\": \"24.5\", \"f25\": null, \"f26\": \"Blue\", \"f27\": [27, 27], \"f28\": {\"x\": 28, \"y\": 1}, \"f29\": {\"k\": 29}, \"f30\": \"s30\", \"f31\": \"31\", \"f32\": 32, \"f33\": \"true\", \"f34\": \"34.5\", \"f35\": null, \"f36\": \"Blue\", \"f37\": [37, 37], \"f38\": {\"x\": 38, \"y\": 1}, \"f39\": {\"k\": 39}, \"f40\": \"s40\", \"f41\": \"41\", \"f42\": 42, \"f43\": \"true\", \"f44\": \"44.5\", \"f45\": null, \"f46\": \"Blue\", \"f47\": [47, 47], \"f48\": {\"x\": 48, \"y\": 1}, \"f49\": {\"k\": 49}}";

TEST(LargeStruct, FiftyMixedFields) {
    auto shaped = from_json<Wide>(kWide);
    ASSERT_TRUE(shaped) << shaped.error();
    const Wide& v = shaped->value;
    EXPECT_EQ(v.f0, std::string("s0"));
    EXPECT_EQ(v.f1, 1);
    EXPECT_EQ(v.f2, 2);
    EXPECT_EQ(v.f3, true);
    EXPECT_EQ(v.f4, 4.5);
    EXPECT_EQ(v.f6, Color::Blue);
    EXPECT_EQ(v.f10, std::string("s10"));
    EXPECT_EQ(v.f11, 11);
    EXPECT_EQ(v.f12, 12);
    EXPECT_EQ(v.f13, true);
    EXPECT_EQ(v.f14, 14.5);
    EXPECT_EQ(v.f16, Color::Blue);
    EXPECT_EQ(v.f20, std::string("s20"));
    EXPECT_EQ(v.f21, 21);
    EXPECT_EQ(v.f22, 22);
    EXPECT_EQ(v.f23, true);
    EXPECT_EQ(v.f24, 24.5);
    EXPECT_EQ(v.f26, Color::Blue);
    EXPECT_EQ(v.f30, std::string("s30"));
    EXPECT_EQ(v.f31, 31);
    EXPECT_EQ(v.f32, 32);
    EXPECT_EQ(v.f33, true);
    EXPECT_EQ(v.f34, 34.5);
    EXPECT_EQ(v.f36, Color::Blue);
    EXPECT_EQ(v.f40, std::string("s40"));
    EXPECT_EQ(v.f41, 41);
    EXPECT_EQ(v.f42, 42);
    EXPECT_EQ(v.f43, true);
    EXPECT_EQ(v.f44, 44.5);
    EXPECT_EQ(v.f46, Color::Blue);
    EXPECT_FALSE(v.f5.has_value());
    EXPECT_EQ(v.f7, (std::vector<int>{7, 7}));
    EXPECT_EQ(v.f48.x, 48);
    EXPECT_EQ(v.f49.at("k"), 49.0);
    // Coerced: 5 int32 from strings, 5 bools, 5 doubles.
    EXPECT_EQ(count_kind(shaped->diagnostics, DiagnosticKind::Coerced), 15u);
    EXPECT_EQ(shaped->diagnostics.size(), 15u);
}

TEST(LargeStruct, RoundTripIsExact) {
    auto shaped = from_json<Wide>(kWide);
    ASSERT_TRUE(shaped);
    auto again = from_value<Wide>(to_value(shaped->value), Mode::Strict);
    ASSERT_TRUE(again) << again.error();
    EXPECT_EQ(to_json(again->value), to_json(shaped->value));
}

TEST(LargeStruct, EveryFieldMissingIsReported) {
    std::vector<Error> errors;
    auto shaped = from_value<Wide>(Value::object(), {.field_errors = &errors});
    ASSERT_FALSE(shaped);
    EXPECT_EQ(errors.size(), 45u); // all but the 5 optionals
}

} // namespace
} // namespace laminate::test
