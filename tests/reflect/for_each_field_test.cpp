// tie_fields / for_each_field: references to the members, readable and writable, in order.

#include "sample_types.hpp"

#include <laminate/reflect.hpp>

#include <gtest/gtest.h>

#include <string>
#include <tuple>
#include <type_traits>
#include <vector>

namespace reflect_test {
namespace {

namespace r = laminate::reflect;

struct Record {
    int id;
    std::string name;
    double scores[3];
    Point where;
    std::optional<int> age;
};

static_assert(std::is_same_v<decltype(r::tie_fields(std::declval<Record&>())),
                             std::tuple<int&, std::string&, double (&)[3], Point&, std::optional<int>&>>);
static_assert(std::is_same_v<decltype(r::tie_fields(std::declval<const Record&>())),
                             std::tuple<const int&, const std::string&, const double (&)[3], const Point&,
                                        const std::optional<int>&>>);
static_assert(std::is_same_v<r::field_type<Record, 2>, double[3]>);
static_assert(std::is_same_v<r::field_type<const Record, 1>, const std::string>);

// Works during constant evaluation too.
constexpr int sum_of_point(Point p) {
    int sum = 0;
    r::for_each_field(p, [&](std::string_view, int value) { sum += value; });
    return sum;
}
static_assert(sum_of_point({3, 4}) == 7);

TEST(ReflectForEachField, ReadsNamesValuesAndIndexes) {
    Record record{7, "seven", {1.0, 2.0, 3.0}, {4, 5}, 42};
    std::vector<std::string> seen;
    r::for_each_field(record, [&](std::string_view name, const auto& member, auto index) {
        using M = std::remove_cvref_t<decltype(member)>;
        std::string entry = std::to_string(index()) + ":" + std::string(name) + "=";
        if constexpr (std::is_same_v<M, int>) entry += std::to_string(member);
        else if constexpr (std::is_same_v<M, std::string>) entry += member;
        else if constexpr (std::is_same_v<M, double[3]>) entry += std::to_string(static_cast<int>(member[2]));
        else if constexpr (std::is_same_v<M, Point>) entry += std::to_string(member.x + member.y);
        else entry += std::to_string(member.value_or(-1));
        seen.push_back(entry);
    });
    EXPECT_EQ(seen, (std::vector<std::string>{"0:id=7", "1:name=seven", "2:scores=3", "3:where=9", "4:age=42"}));
}

TEST(ReflectForEachField, IndexIsACompileTimeConstant) {
    Record record{};
    std::size_t total = 0;
    r::for_each_field(record, [&](std::string_view, auto&, auto index) {
        static_assert(decltype(index)::value < 5);
        total += decltype(index)::value;
    });
    EXPECT_EQ(total, 0u + 1 + 2 + 3 + 4);
}

TEST(ReflectForEachField, WritesThroughReferences) {
    Record record{};
    r::for_each_field(record, [](std::string_view name, auto& member) {
        using M = std::remove_cvref_t<decltype(member)>;
        if constexpr (std::is_same_v<M, int>) member = 99;
        else if constexpr (std::is_same_v<M, std::string>) member = std::string(name) + "!";
        else if constexpr (std::is_same_v<M, double[3]>) member[1] = 2.5;
        else if constexpr (std::is_same_v<M, Point>) member = Point{1, 2};
        else member = 64;
    });
    EXPECT_EQ(record.id, 99);
    EXPECT_EQ(record.name, "name!");
    EXPECT_EQ(record.scores[1], 2.5);
    EXPECT_EQ(record.where.y, 2);
    EXPECT_EQ(record.age, 64);
}

TEST(ReflectForEachField, ConstObjectGivesConstReferences) {
    const Point point{10, 20};
    int sum = 0;
    r::for_each_field(point, [&](std::string_view, auto& member, auto) {
        static_assert(std::is_const_v<std::remove_reference_t<decltype(member)>>);
        sum += member;
    });
    EXPECT_EQ(sum, 30);
}

TEST(ReflectForEachField, EmptyStructCallsNothing) {
    Empty empty;
    int calls = 0;
    r::for_each_field(empty, [&](std::string_view, auto&, auto) { ++calls; });
    EXPECT_EQ(calls, 0);
}

TEST(ReflectTieFields, ReadAndWriteAsTuple) {
    Point point{1, 2};
    auto [x, y] = r::tie_fields(point);
    x = 10;
    y += 5;
    EXPECT_EQ(point.x, 10);
    EXPECT_EQ(point.y, 7);
    EXPECT_EQ(std::apply([](int a, int b) { return a * b; }, r::tie_fields(point)), 70);
    EXPECT_EQ(&std::get<1>(r::tie_fields(point)), &point.y);
}

TEST(ReflectTieFields, EverythingAliasesTheObject) {
    Everything all{};
    auto fields = r::tie_fields(all);
    static_assert(std::tuple_size_v<decltype(fields)> == 19);
    std::get<3>(fields) = "text";
    std::get<11>(fields)[3] = 4;
    std::get<13>(fields).y = 6;
    std::get<18>(fields) = Mood::Angry;
    EXPECT_EQ(all.text, "text");
    EXPECT_EQ(all.c_array[3], 4);
    EXPECT_EQ(all.nested.y, 6);
    EXPECT_EQ(all.mood, Mood::Angry);
    EXPECT_EQ(&std::get<9>(fields), &all.raw);
}

} // namespace
} // namespace reflect_test
