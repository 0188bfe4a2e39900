#pragma once
// laminate::Open<E> — an open enum: one of E's declared values, or the undeclared name a model
// used, kept instead of failing.
//
//   enum class CabinClass { Economy, Premium, Business, First };
//   auto [cabin, d] = *laminate::from_value<laminate::Open<CabinClass>>(laminate::Value("coach"));
//   // cabin.unknown() == "coach"; [warning] $: unrecognized variant kept
//
// Declared names are matched as for a plain enum at the coercion level in force (exact, then
// whitespace, then case and separators at BestEffort). Only a string that matches no name even
// loosely is kept; a near miss the level does not allow ("RED" in Strict) is an error, as is
// any other value that is not a name.

#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>

namespace laminate {

template <class E>
class Open {
    static_assert(std::is_enum_v<E>, "laminate::Open<E>: E must be an enum type");

public:
    using enum_type = E;

    Open() = default; // E{} (usually the first enumerator), known
    Open(E value) noexcept : known_(value) {}
    // An undeclared name.
    static Open unrecognized(std::string name) {
        Open o;
        o.known_.reset();
        o.unknown_ = std::move(name);
        return o;
    }

    bool is_known() const noexcept { return known_.has_value(); }
    explicit operator bool() const noexcept { return is_known(); }
    // The declared value, if the input named one.
    const std::optional<E>& known() const noexcept { return known_; }
    // The value, or `fallback` for an undeclared name.
    E value_or(E fallback) const noexcept { return known_.value_or(fallback); }
    // The undeclared name as the input spelled it; empty when the value is known.
    const std::string& unknown() const noexcept { return unknown_; }

    friend bool operator==(const Open& a, const Open& b) noexcept {
        return a.known_ == b.known_ && a.unknown_ == b.unknown_;
    }
    friend bool operator==(const Open& a, E b) noexcept { return a.known_ == b; }

private:
    std::optional<E> known_ = E{};
    std::string unknown_;
};

} // namespace laminate
