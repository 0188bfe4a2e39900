#pragma once
// Comparing from_json's fast path (detail/shape_fast.hpp) with the Value path it short-cuts:
// everything a caller can observe of a shaping, as text, from both.
#include <laminate/laminate.hpp>

#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <string_view>

namespace fast_test {

inline std::string describe(const laminate::Diagnostic& d) {
    std::ostringstream os;
    os << d.path << '|' << laminate::kind_name(d.kind) << '|' << laminate::risk_name(d.risk) << '|' << d.message << '|'
       << d.suggestion << '|' << d.offset << '|' << laminate::repair_name(d.repair) << '|' << d.from << '|' << d.to;
    return os.str();
}

// Everything a caller can observe of a shaping, as text.
template <class T>
inline std::string observe(const laminate::Result<laminate::Shaped<T>>& r) {
    std::ostringstream os;
    if (!r) {
        const laminate::Error& e = r.error();
        os << "error " << static_cast<int>(e.kind()) << '|' << e.message() << '|' << e.path() << '|' << e.offset();
        return os.str();
    }
    os << laminate::to_json(r->value) << "\nresidual " << r->residual.dump();
    for (const auto& d : r->diagnostics) os << '\n' << describe(d);
    return os.str();
}

template <class T>
inline laminate::Result<laminate::Shaped<T>> slow_path(std::string_view text, const laminate::ShapeOptions& options) {
    auto parsed = laminate::parse(text, laminate::detail::parse_options_for(options));
    if (!parsed) return std::move(parsed).error();
    return laminate::detail::shape_parsed<T>(std::move(*parsed), options);
}

template <class T>
inline bool fast_taken(std::string_view text, const laminate::ShapeOptions& options = {}) {
    laminate::detail::ShapeState st(options);
    T out{};
    const auto po = laminate::detail::parse_options_for(options);
    laminate::detail::FastRepairs repairs{text.data(), po.max_repairs, false, {}};
    return laminate::detail::fast_shape(text, out, st, po.max_size, po.max_depth, po.repair ? &repairs : nullptr);
}

inline const laminate::Mode kModes[] = {laminate::Mode::Lenient, laminate::Mode::Absorbing, laminate::Mode::Strict};

// Same observation from both paths in every mode; returns how many modes took the fast path.
template <class T>
inline int expect_same(std::string_view text) {
    int taken = 0;
    for (laminate::Mode mode : kModes) {
        const laminate::ShapeOptions options{.mode = mode};
        EXPECT_EQ(observe(laminate::from_json<T>(text, options)), observe(slow_path<T>(text, options)))
            << "mode " << laminate::mode_name(mode) << ", input: " << text;
        taken += fast_taken<T>(text, options);
    }
    return taken;
}

} // namespace fast_test
