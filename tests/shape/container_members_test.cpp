// std::optional, std::vector, std::array, std::map / std::unordered_map, nested structs.
#include "shape_test_types.hpp"

#include <gtest/gtest.h>

#include <array>
#include <map>
#include <unordered_map>

namespace laminate::test {
namespace {

struct Containers {
    std::optional<int> maybe;
    std::vector<Point> points;
    std::array<double, 3> rgb;
    std::map<std::string, int> counts;
    std::unordered_map<std::string, std::vector<bool>> flags;
};

TEST(ContainerMembers, ReadsEachKind) {
    auto shaped = from_value<Containers>(js(
        R"({"maybe": 4, "points": [{"x": 1, "y": 2}, {"x": 3, "y": 4}], "rgb": [0.1, 0.2, 0.3], "counts": {"a": 1, "b": 2}, "flags": {"f": [true, false]}})"));
    ASSERT_TRUE(shaped) << shaped.error();
    const Containers& c = shaped->value;
    EXPECT_EQ(c.maybe, 4);
    ASSERT_EQ(c.points.size(), 2u);
    EXPECT_EQ(c.points[1].y, 4);
    EXPECT_EQ(c.rgb[2], 0.3);
    EXPECT_EQ(c.counts.at("b"), 2);
    EXPECT_EQ(c.flags.at("f"), (std::vector<bool>{true, false}));
    EXPECT_TRUE(shaped->diagnostics.empty());
}

TEST(ContainerMembers, OptionalAbsentNullAndSentinel) {
    struct Opt { std::optional<int> n; std::optional<std::string> s; };
    auto absent = from_value<Opt>(js("{}"));
    ASSERT_TRUE(absent);
    EXPECT_FALSE(absent->value.n);
    EXPECT_EQ(count_kind(absent->diagnostics, DiagnosticKind::Defaulted), 2u);

    auto nulls = from_value<Opt>(js(R"({"n": null, "s": null})"));
    ASSERT_TRUE(nulls);
    EXPECT_FALSE(nulls->value.n);
    EXPECT_FALSE(nulls->value.s);
    EXPECT_TRUE(nulls->diagnostics.empty());

    // "N/A" is null-like for a number at BestEffort (a Warning), a fine string for a string.
    auto sentinel = from_value<Opt>(js(R"({"n": "N/A", "s": "N/A"})"));
    ASSERT_TRUE(sentinel);
    EXPECT_FALSE(sentinel->value.n);
    EXPECT_EQ(sentinel->value.s, "N/A");
    ASSERT_EQ(sentinel->diagnostics.size(), 1u);
    EXPECT_EQ(sentinel->diagnostics[0].risk, Risk::Warning);
    EXPECT_FALSE(from_value<Opt>(js(R"({"n": "N/A"})"), Mode::Absorbing));
}

TEST(ContainerMembers, ArrayLengthIsChecked) {
    struct Rgb { std::array<int, 3> rgb; };
    auto shaped = from_value<Rgb>(js(R"({"rgb": [1, 2]})"));
    ASSERT_FALSE(shaped);
    EXPECT_EQ(shaped.error().kind(), ErrorKind::TypeMismatch);
    EXPECT_EQ(shaped.error().path(), "rgb");
    EXPECT_NE(shaped.error().message().find("3 elements, got 2"), std::string::npos);
}

TEST(ContainerMembers, ElementErrorsCarryTheirPath) {
    auto shaped = from_value<Order>(js(R"({"id": "o", "items": [{"sku": "a", "quantity": 1}, {"sku": "b", "quantity": "x"}]})"));
    ASSERT_FALSE(shaped);
    EXPECT_EQ(shaped.error().path(), "items[1].quantity");
}

TEST(ContainerMembers, LenientUnwrapsAndWraps) {
    struct Tags { std::vector<std::string> tags; Point where; };
    auto shaped = from_value<Tags>(js(R"({"tags": "solo", "where": [{"x": 1, "y": 2}]})"));
    ASSERT_TRUE(shaped) << shaped.error();
    EXPECT_EQ(shaped->value.tags, (std::vector<std::string>{"solo"}));
    EXPECT_EQ(shaped->value.where.y, 2);
    EXPECT_EQ(max_risk(shaped->diagnostics), Risk::Warning);
    EXPECT_FALSE(from_value<Tags>(js(R"({"tags": "solo", "where": {"x": 1, "y": 2}})"), Mode::Strict));
}

// A one-element array of a scalar is the scalar where a string belongs (Warning), as for
// numbers and bools; a longer array is still its JSON text.
TEST(ContainerMembers, OneElementArrayIsTheStringItHolds) {
    struct Named { std::string name; std::string list; };
    auto shaped = from_value<Named>(js(R"({"name": ["Ann"], "list": ["a", "b"]})"));
    ASSERT_TRUE(shaped) << shaped.error();
    EXPECT_EQ(shaped->value.name, "Ann");
    EXPECT_EQ(shaped->value.list, R"(["a","b"])");
    ASSERT_EQ(shaped->diagnostics.size(), 2u);
    EXPECT_EQ(shaped->diagnostics[0].path, "name");
    EXPECT_EQ(shaped->diagnostics[0].risk, Risk::Warning);
    EXPECT_EQ(shaped->diagnostics[0].message, "unwrapped a one-element array");
    auto number = from_value<Named>(js(R"({"name": [7], "list": "x"})"));
    ASSERT_TRUE(number) << number.error();
    EXPECT_EQ(number->value.name, "7");
    EXPECT_FALSE(from_value<Named>(js(R"({"name": ["Ann"], "list": "x"})"), Mode::Absorbing));
}

// Where elements are arrays themselves, a single value is no element: [1, [2]] for a list of
// lists could be [[1], [2]] or a slip, and 1 could be [[1]] or [1]. Errors, not readings.
TEST(ContainerMembers, ArraysOfArraysNeverWrapSingleValues) {
    struct Grid { std::vector<std::vector<int>> rows; };
    for (const char* bad : {R"({"rows": [1, [2]]})", R"({"rows": [1, 2]})", R"({"rows": 1})", R"({"rows": ["a"]})"}) {
        std::vector<Error> errors;
        auto shaped = from_value<Grid>(js(bad), ShapeOptions{.mode = Mode::Lenient, .field_errors = &errors});
        ASSERT_FALSE(shaped) << bad;
        ASSERT_FALSE(errors.empty()) << bad;
        for (const Error& e : errors) EXPECT_EQ(e.kind(), ErrorKind::TypeMismatch) << bad;
        EXPECT_FALSE(from_json<Grid>(bad)) << bad; // the text fast path agrees
    }
    std::vector<Error> errors;
    auto one = from_value<Grid>(js(R"({"rows": [[1], 2]})"), ShapeOptions{.mode = Mode::Lenient, .field_errors = &errors});
    ASSERT_FALSE(one);
    ASSERT_EQ(errors.size(), 1u);
    EXPECT_EQ(errors[0].path(), "rows[1]");
    struct Fixed { std::array<std::vector<int>, 2> pair; std::optional<std::vector<std::vector<int>>> maybe; };
    EXPECT_FALSE(from_value<Fixed>(js(R"({"pair": [[1], 2]})")));
    EXPECT_FALSE(from_value<Fixed>(js(R"({"pair": [[1], [2]], "maybe": [3]})")));
    // Arrays as they are and a stringified array still read.
    auto good = from_value<Grid>(js(R"({"rows": [[1, 2], "[3]", []]})"));
    ASSERT_TRUE(good) << good.error();
    EXPECT_EQ(good->value.rows, (std::vector<std::vector<int>>{{1, 2}, {3}, {}}));
}

TEST(ContainerMembers, StringifiedObjectIsParsedWhenLenient) {
    struct Holder { Point p; };
    auto shaped = from_value<Holder>(js(R"({"p": "{\"x\": 5, \"y\": 6}"})"));
    ASSERT_TRUE(shaped) << shaped.error();
    EXPECT_EQ(shaped->value.p.x, 5);
}

TEST(ContainerMembers, RoundTrip) {
    Containers c{7, {{1, 2}}, {1.5, 2, 3}, {{"k", 1}}, {{"f", {true}}}};
    auto back = from_value<Containers>(to_value(c));
    ASSERT_TRUE(back) << back.error();
    EXPECT_EQ(back->value.maybe, 7);
    EXPECT_EQ(back->value.points[0].y, 2);
    EXPECT_EQ(back->value.rgb[0], 1.5);
    EXPECT_EQ(back->value.counts, c.counts);
    EXPECT_EQ(back->value.flags, c.flags);
    EXPECT_TRUE(back->diagnostics.empty());
    Containers empty_optional{};
    EXPECT_FALSE(to_value(empty_optional).contains("maybe"));
}

} // namespace
} // namespace laminate::test
