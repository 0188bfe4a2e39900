#pragma once
// Shared plumbing of the coercion engine: what one coercion did (gathered while reading a
// value, recorded once at the end as a single diagnostic) and the errors it raises.

#include "core/ascii.hpp"

#include <laminate/coerce.hpp>

#include <string>
#include <string_view>

namespace laminate::shape_detail {

// What reading one value took. Empty `from` means the value was taken as it is.
struct Conversion {
    std::string_view from;       // source type ("string", "float", ...)
    Risk risk = Risk::Info;
    std::string note;            // details for the message, joined with "; "
    std::string_view suggestion; // how the source could be stricter

    // Names the source type unless an earlier step did (an unwrapped array stays "array").
    void source(std::string_view type) noexcept {
        if (from.empty()) from = type;
    }
    // Notes a step with its risk; the riskiest step's suggestion is kept.
    void step(Risk r, std::string_view what, std::string_view suggest = {});
    bool changed() const noexcept { return !from.empty(); }
};

// "string", "integer", "float", "bool", "null", "array", "object": the `from` of diagnostics.
std::string_view source_type(const Value& v) noexcept;

// Appends the Coerced diagnostic for a conversion that changed the value (no-op otherwise).
void record(const CoerceContext& ctx, const Conversion& c, std::string_view to);

// An error at the context's path.
Error fail(const CoerceContext& ctx, ErrorKind kind, std::string message);

// type_mismatch: "expected uint8, got a string (coercion level string_coercion is needed, the
// level is exact)"; without the parenthesis when no level would do.
Error mismatch(const CoerceContext& ctx, std::string_view expected, const Value& got,
               const CoercionLevel* needed = nullptr);
Error needs_level(const CoerceContext& ctx, std::string_view expected, const Value& got,
                  CoercionLevel needed);

// "a string", "an integer", ... for messages.
std::string_view described_type(const Value& v) noexcept;

// The one-element array's element at BestEffort (noting the unwrap), else nullptr.
const Value* unwrap_single(const Value& in, const CoerceContext& ctx, Conversion& c) noexcept;

// At BestEffort, a null or a null sentinel read as the target's default: notes it and returns
// true. Sentinels are considered only when `sentinels` is true (never for string targets).
bool take_default(const Value& in, const CoerceContext& ctx, Conversion& c, bool sentinels);

using core_detail::iequals;
using core_detail::trim;

} // namespace laminate::shape_detail
