#pragma once
// Text helpers for validation: lengths in code points, bounded excerpts of instance values, and
// the ECMA-262 to RE2 pattern translation.

#include <laminate/value.hpp>

#include <cstddef>
#include <string>
#include <string_view>

namespace laminate::schema_detail {

// JSON Schema lengths count code points: every byte that does not continue a UTF-8 sequence.
std::size_t code_points(std::string_view s) noexcept;

// Compact JSON of v cut after about max_bytes (at a UTF-8 boundary) with "..." appended when
// cut. Never walks more of a container than it prints, so it is cheap on huge values.
std::string excerpt(const Value& v, std::size_t max_bytes);

// An ECMA-262 pattern rewritten for RE2: \uXXXX (and surrogate pairs) become \x{...}, \cX a
// control character, (?<name> a named group. Everything else is passed through; features RE2
// lacks (lookaround, backreferences) then fail to compile there.
std::string ecma_to_re2(std::string_view pattern);

} // namespace laminate::schema_detail
