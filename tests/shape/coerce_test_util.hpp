#pragma once
// Helpers shared by the coercion tests: a context with its own diagnostics sink, JSON literals.

#include <laminate/coerce.hpp>
#include <laminate/parse.hpp>

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <string_view>

namespace laminate::test {

inline constexpr CoercionLevel kAllLevels[] = {CoercionLevel::Exact, CoercionLevel::SafeWidening,
                                               CoercionLevel::StringCoercion, CoercionLevel::BestEffort};

// A JSON literal; a malformed one is a bug in the test.
inline Value json(std::string_view text) {
    auto r = parse_json(text);
    if (!r) throw std::invalid_argument("bad JSON literal in a test: " + r.error().to_string());
    return *std::move(r);
}

// Owns the diagnostics a context writes to.
struct Probe {
    Diagnostics diagnostics;
    std::string path;
    explicit Probe(std::string value_path = {}) : path(std::move(value_path)) {}
    CoerceContext at(CoercionLevel level) { return CoerceContext{diagnostics, level, path}; }
};

inline constexpr IntTarget i8 = int_target<std::int8_t>();
inline constexpr IntTarget i16 = int_target<std::int16_t>();
inline constexpr IntTarget i32 = int_target<std::int32_t>();
inline constexpr IntTarget i64 = int_target<std::int64_t>();
inline constexpr IntTarget u8 = int_target<std::uint8_t>();
inline constexpr IntTarget u16 = int_target<std::uint16_t>();
inline constexpr IntTarget u32 = int_target<std::uint32_t>();
inline constexpr IntTarget u64 = int_target<std::uint64_t>();

} // namespace laminate::test
