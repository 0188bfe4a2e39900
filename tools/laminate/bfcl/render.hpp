#pragma once
// The renderers: the intended arguments of a call written as a model might write them, one
// class of DESIGN.md each (the exact definitions are in README.md, "BFCL recovery benchmark").
// Every renderer is deterministic: no randomness, the same call always gives the same text.

#include "corpus.hpp"

#include <array>
#include <optional>
#include <string>
#include <string_view>

namespace laminate::bfcl {

enum class Class {
    Valid, // the baseline: compact JSON as json.dumps writes it
    R1, R2, R3, R4, R5, R6,
    S1, S2, S3, S4, S5,
    X1, X2, X3, X4, X5, X6, X7,
};

inline constexpr std::array<Class, 19> all_classes = {
    Class::Valid, Class::R1, Class::R2, Class::R3, Class::R4, Class::R5, Class::R6,
    Class::S1,    Class::S2, Class::S3, Class::S4, Class::S5, Class::X1, Class::X2,
    Class::X3,    Class::X4, Class::X5, Class::X6, Class::X7};

std::string_view class_name(Class c) noexcept;        // "valid", "R1", ...
std::string_view class_description(Class c) noexcept; // "stringified numbers", ...
std::optional<Class> class_from_name(std::string_view name) noexcept;

// The call's intended arguments written under the class, or nullopt when the class does not
// apply to the call (R1 without a numeric argument, X2 without a control character in a string,
// ...): the text would be the valid rendering, or the class cannot be shown on these arguments.
std::optional<std::string> render(Class c, const Call& call);

// The call a class is graded against when it is not the corpus call itself. BFCL's intended
// strings hold no newline, so X2 derives one: its first string-typed argument without an enum,
// a format or a pattern gets a second line
// ("<value>\nsecond line"), put first in that parameter's accepted list. nullopt for every
// other class, and for X2 when the call has no string argument.
std::optional<Call> derived_call(Class c, const Call& call);

} // namespace laminate::bfcl
