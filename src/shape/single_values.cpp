// Single values and arrays where the other belongs: a one-element array of a scalar where a
// string belongs (read as it, as schema shaping does), and a single value where the elements
// must be arrays (no reading: wrapping it is a guess).
#include <laminate/detail/shape_state.hpp>

#include "core/ascii.hpp"

namespace laminate::shape_detail {

bool refuses_wrapping(const Value& in, bool whole, ShapeState& st) {
    // Below BestEffort nothing is wrapped, and the array's own errors say which level would.
    if (st.policy.coercion < CoercionLevel::BestEffort) return false;
    bool single = in.is_number() || in.is_bool() || (whole && in.is_object());
    if (in.is_string()) {
        // A stringified array is parsed, not wrapped; a null sentinel reads as the default.
        const std::string_view s = core_detail::trim(in.as_string());
        single = (s.empty() || s.front() != '[') && !is_null_sentinel(s, st.null_sentinels);
    }
    if (!single) return false;
    st.fail(Error(ErrorKind::TypeMismatch,
                  whole ? "expected an array, got " + std::string(in.is_object() ? "an object" : "a single value") +
                              " (its elements are arrays: wrapping it would be a guess)"
                        : std::string("expected an array, got a single value "
                                      "(wrapping each element, or the whole array, would be a guess)")));
    return true;
}

const Value* single_scalar(const Value& in, ShapeState& st) {
    if (!in.is_array() || in.size() != 1 || st.policy.coercion < CoercionLevel::BestEffort) return nullptr;
    const Value& e = in.items()[0];
    if (!e.is_string() && !e.is_number() && !e.is_bool()) return nullptr;
    st.note(DiagnosticKind::Coerced, Risk::Warning, "unwrapped a one-element array",
            "emit the value itself, not an array around it", "array", "string");
    return &e;
}

} // namespace laminate::shape_detail
