#pragma once
// Aggregates shared by the reflect tests: one member of every kind laminate reflects.

#include <laminate/value.hpp>

#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace reflect_test {

enum class Mood { Calm, Angry };

struct Point {
    int x;
    int y;
};

struct Everything {
    bool flag;
    std::int64_t count;
    double ratio;
    std::string text;
    std::string_view view;
    std::vector<int> numbers;
    std::map<std::string, int> table;
    std::optional<std::uint32_t> maybe;
    std::variant<int, std::string> either;
    laminate::Value raw;
    std::array<int, 3> fixed;
    int c_array[4];
    double grid[2][3];
    Point nested;
    Point points[2];
    std::optional<Point> maybe_point;
    std::vector<Point> point_list;
    std::unique_ptr<int> owned;
    Mood mood;
};

struct Empty {};

struct Single {
    std::string only;
};

} // namespace reflect_test
