#pragma once
// Strictness is a dial: a Mode names a preset of orthogonal switches (ModePolicy), and each
// switch can be overridden per call and per field by editing a copy of the policy.
//
//   switch              Lenient      Absorbing     Strict
//   coercion level      BestEffort   SafeWidening  Exact
//   unknown fields      Drop         Keep          Error
//   record defaults     yes          yes           no     (missing optional/defaulted: filled)
//   syntax repair       yes          yes           no
//   errors              All          All           First
//
// A missing required field is an error in every mode, so it is not a switch.

#include <laminate/result.hpp>

#include <string_view>

namespace laminate {

// Ordered: each level accepts everything the levels below it accept.
enum class CoercionLevel : unsigned char {
    Exact,          // JSON types as declared; an integer literal fits a floating field
    SafeWidening,   // 2.0 -> int, bool <-> 0/1, float narrowing that keeps the digits
    StringCoercion, // " 42 " -> 42, "yes" -> true, number/bool -> string, 0x1F (warning)
    BestEffort,     // "1,234.5", "$4.99", null sentinels, null -> default, unwrapping, fuzzy names
};

// "exact", "safe_widening", "string_coercion", "best_effort".
std::string_view level_name(CoercionLevel level) noexcept;

enum class Mode : unsigned char { Lenient, Absorbing, Strict };

// "lenient", "absorbing", "strict".
std::string_view mode_name(Mode mode) noexcept;

// What shaping does with an object member the target does not declare.
enum class UnknownFields : unsigned char {
    Drop,  // discarded with an Info diagnostic, or moved into the target's Overflow if it has one
    Keep,  // kept in the residual / Overflow
    Error, // shaping fails
};

enum class ErrorCollection : unsigned char {
    All,   // report every violation at once
    First, // stop at the first one
};

struct ModePolicy {
    CoercionLevel coercion = CoercionLevel::BestEffort;
    UnknownFields unknown_fields = UnknownFields::Drop;
    // Missing optional or defaulted fields are always filled; this says whether each fill is
    // recorded as a Defaulted diagnostic.
    bool record_defaults = true;
    // Let the tolerant parser repair syntax (off: the input must be RFC 8259 JSON).
    bool syntax_repair = true;
    ErrorCollection errors = ErrorCollection::All;

    friend constexpr bool operator==(const ModePolicy&, const ModePolicy&) = default;
};

constexpr ModePolicy policy_for(Mode mode) noexcept {
    switch (mode) {
    case Mode::Lenient:
        return {CoercionLevel::BestEffort, UnknownFields::Drop, true, true, ErrorCollection::All};
    case Mode::Absorbing:
        return {CoercionLevel::SafeWidening, UnknownFields::Keep, true, true, ErrorCollection::All};
    case Mode::Strict:
        return {CoercionLevel::Exact, UnknownFields::Error, false, false, ErrorCollection::First};
    }
    return {};
}

// A mode chosen at run time, e.g. from a configuration file or a --mode flag.
class DynamicMode {
public:
    constexpr DynamicMode() noexcept = default; // lenient, the library's default
    constexpr DynamicMode(Mode mode) noexcept : mode_(mode) {}

    // Exactly "lenient", "absorbing" or "strict"; anything else is an invalid_argument error.
    static Result<DynamicMode> parse(std::string_view text);

    constexpr Mode mode() const noexcept { return mode_; }
    constexpr ModePolicy policy() const noexcept { return policy_for(mode_); }
    std::string_view name() const noexcept { return mode_name(mode_); }

    friend constexpr bool operator==(DynamicMode, DynamicMode) = default;

private:
    Mode mode_ = Mode::Lenient;
};

} // namespace laminate
