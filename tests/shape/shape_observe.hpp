#pragma once
// Everything a caller can observe of a typed shaping, as text, and the two ways from_json can
// reach it: the fast path (detail/shape_fast.hpp) and the Value path it short-cuts (parse, then
// shape). No test framework here: tests/shape/fast_path_compare.hpp builds its checks on it, and
// fuzz/shape_fuzzer.cpp its property.
#include <laminate/laminate.hpp>

#include <sstream>
#include <string>
#include <string_view>

namespace fast_test {

inline std::string describe(const laminate::Diagnostic& d) {
    std::ostringstream os;
    os << d.path << '|' << laminate::kind_name(d.kind) << '|' << laminate::risk_name(d.risk) << '|' << d.message << '|'
       << d.suggestion << '|' << d.offset << '|' << laminate::repair_name(d.repair) << '|' << d.from << '|' << d.to;
    if (d.count != 1) os << "|x" << d.count; // a merged style repair: its sites
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
    auto parsed = laminate::parse(text, laminate::shape_detail::parse_options_for(options));
    if (!parsed) return std::move(parsed).error();
    return laminate::shape_detail::shape_parsed<T>(std::move(*parsed), options);
}

// Whether from_json takes the fast path for this text and these options.
template <class T>
inline bool fast_taken(std::string_view text, const laminate::ShapeOptions& options = {}) {
    laminate::shape_detail::ShapeState st(options);
    T out{};
    const auto po = laminate::shape_detail::parse_options_for(options);
    laminate::shape_detail::FastRepairs repairs{text.data(), po.max_repairs, false, {}, po.diagnostics_per_site};
    return laminate::shape_detail::fast_shape(text, out, st, po.max_size, po.max_depth, po.repair ? &repairs : nullptr);
}

} // namespace fast_test
