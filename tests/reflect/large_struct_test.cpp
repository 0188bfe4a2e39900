// Wide structs: 50 mixed members, and the 64 members that tie_fields spells out.

#include <laminate/reflect.hpp>
#include <laminate/value.hpp>

#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <vector>

namespace reflect_test {
namespace {

namespace r = laminate::reflect;

// "f" + std::to_string(i) trips g++ 12's -Wrestrict false positive at -O3; append instead.
std::string field_name(std::size_t i) {
    std::string name = "f";
    name += std::to_string(i);
    return name;
}

struct Fifty {
    int f0;
    std::string f1;
    double f2;
    std::optional<int> f3;
    std::vector<int> f4;
    bool f5;
    laminate::Value f6;
    int f7[2];
    int f8;
    std::string f9;
    double f10;
    std::optional<int> f11;
    std::vector<int> f12;
    bool f13;
    laminate::Value f14;
    int f15[2];
    int f16;
    std::string f17;
    double f18;
    std::optional<int> f19;
    std::vector<int> f20;
    bool f21;
    laminate::Value f22;
    int f23[2];
    int f24;
    std::string f25;
    double f26;
    std::optional<int> f27;
    std::vector<int> f28;
    bool f29;
    laminate::Value f30;
    int f31[2];
    int f32;
    std::string f33;
    double f34;
    std::optional<int> f35;
    std::vector<int> f36;
    bool f37;
    laminate::Value f38;
    int f39[2];
    int f40;
    std::string f41;
    double f42;
    std::optional<int> f43;
    std::vector<int> f44;
    bool f45;
    laminate::Value f46;
    int f47[2];
    int f48;
    std::string f49;
};

struct SixtyFour {
    int f0;
    int f1;
    int f2;
    int f3;
    int f4;
    int f5;
    int f6;
    int f7;
    int f8;
    int f9;
    int f10;
    int f11;
    int f12;
    int f13;
    int f14;
    int f15;
    int f16;
    int f17;
    int f18;
    int f19;
    int f20;
    int f21;
    int f22;
    int f23;
    int f24;
    int f25;
    int f26;
    int f27;
    int f28;
    int f29;
    int f30;
    int f31;
    int f32;
    int f33;
    int f34;
    int f35;
    int f36;
    int f37;
    int f38;
    int f39;
    int f40;
    int f41;
    int f42;
    int f43;
    int f44;
    int f45;
    int f46;
    int f47;
    int f48;
    int f49;
    int f50;
    int f51;
    int f52;
    int f53;
    int f54;
    int f55;
    int f56;
    int f57;
    int f58;
    int f59;
    int f60;
    int f61;
    int f62;
    int f63;
};

static_assert(r::field_count<Fifty> == 50);
static_assert(r::field_count<SixtyFour> == r::max_fields);
static_assert(r::field_names<Fifty>()[49] == "f49");
static_assert(r::field_names<SixtyFour>()[63] == "f63");

TEST(ReflectLargeStruct, FiftyMixedFieldsHaveTheirNamesInOrder) {
    const auto& names = r::field_names<Fifty>();
    ASSERT_EQ(names.size(), 50u);
    for (std::size_t i = 0; i < names.size(); ++i) EXPECT_EQ(names[i], field_name(i));
}

TEST(ReflectLargeStruct, FiftyMixedFieldsAreVisitedWithTheirTypes) {
    Fifty fifty{};
    std::size_t strings = 0, values = 0, arrays = 0;
    r::for_each_field(fifty, [&](std::string_view name, auto& member, auto index) {
        using M = std::remove_cvref_t<decltype(member)>;
        EXPECT_EQ(name, field_name(index()));
        if constexpr (std::is_same_v<M, std::string>) {
            member = name;
            ++strings;
        } else if constexpr (std::is_same_v<M, laminate::Value>) {
            ++values;
        } else if constexpr (std::is_same_v<M, int[2]>) {
            member[1] = static_cast<int>(index());
            ++arrays;
        }
    });
    EXPECT_EQ(strings, 7u); // f1, f9, ..., f49
    EXPECT_EQ(values, 6u);  // f6, f14, ..., f46
    EXPECT_EQ(arrays, 6u);  // f7, f15, ..., f47
    EXPECT_EQ(fifty.f49, "f49");
    EXPECT_EQ(fifty.f47[1], 47);
}

TEST(ReflectLargeStruct, SixtyFourFieldsReadAndWrite) {
    SixtyFour wide{};
    r::for_each_field(wide, [](std::string_view, int& member, auto index) { member = static_cast<int>(index()) * 2; });
    EXPECT_EQ(wide.f0, 0);
    EXPECT_EQ(wide.f31, 62);
    EXPECT_EQ(wide.f63, 126);
    int sum = 0;
    std::apply([&](const auto&... member) { ((sum += member), ...); }, r::tie_fields(wide));
    EXPECT_EQ(sum, 2 * (63 * 64 / 2));
    EXPECT_EQ(r::field_names<SixtyFour>()[40], "f40");
}

} // namespace
} // namespace reflect_test
