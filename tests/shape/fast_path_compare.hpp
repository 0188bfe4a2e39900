#pragma once
// Comparing from_json's fast path (detail/shape_fast.hpp) with the Value path it short-cuts, in
// GoogleTest checks: what each path gives is observed as in shape_observe.hpp.
#include "shape_observe.hpp"

#include <gtest/gtest.h>

#include <string_view>

namespace fast_test {

inline const laminate::Mode kModes[] = {laminate::Mode::Lenient, laminate::Mode::Absorbing, laminate::Mode::Strict};

// Same observation from both paths in every mode (the other options `base`'s); returns how many
// modes took the fast path.
template <class T>
inline int expect_same(std::string_view text, const laminate::ShapeOptions& base = {}) {
    int taken = 0;
    for (laminate::Mode mode : kModes) {
        laminate::ShapeOptions options = base;
        options.mode = mode;
        EXPECT_EQ(observe(laminate::from_json<T>(text, options)), observe(slow_path<T>(text, options)))
            << "mode " << laminate::mode_name(mode) << ", input: " << text;
        taken += fast_taken<T>(text, options);
    }
    return taken;
}

} // namespace fast_test
