#pragma once
// The struct types that the fast path's repairs are checked on (tests/shape/fast_repair_test.cpp)
// and fuzzed on (fuzz/shape_fuzzer.cpp): nested structs, vectors, optionals, an enum, a key that
// is no identifier and an aliased one.
#include <laminate/laminate.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace fast_test {

enum class Color { red, dark_blue };

struct Inner {
    std::string label;
    std::optional<bool> on;
};

// Every member but name may be absent (count by its default), so that short documents shape.
struct Outer {
    std::string name;
    std::int32_t count = 0;
    std::optional<bool> flag;
    std::optional<Color> color;
    std::optional<std::vector<std::string>> tags;
    std::optional<Inner> inner;
    std::optional<std::vector<Inner>> items;
    std::optional<double> ratio;
    std::optional<std::vector<bool>> bits;
    std::optional<std::string> note;
};

// A renamed key that is no identifier (its path step is bracketed) and an aliased one.
struct Keyed {
    std::string odd;
    std::vector<std::string> list;
    std::optional<std::int32_t> n;
};

} // namespace fast_test

template <>
struct laminate::Fields<fast_test::Outer> {
    static FieldList options() { return {field("count").defaulted()}; }
};

template <>
struct laminate::Fields<fast_test::Keyed> {
    static FieldList options() { return {field("odd").rename("odd key"), field("list").alias("items")}; }
};
