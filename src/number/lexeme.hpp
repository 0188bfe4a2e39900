#pragma once
// Number lexemes: validation against the RFC 8259 grammar, conversion to the exact
// representation, canonical rendering. Shared by Value and the parser.

#include <laminate/value.hpp>

#include <string>
#include <string_view>

namespace laminate::number_detail {

// True when text is exactly one JSON number; integral is set when it has no fraction or
// exponent.
bool is_json_number(std::string_view text, bool& integral) noexcept;

// Precondition: lexeme is a valid JSON number; integral as reported by is_json_number.
// Integers become Int/UInt when they fit, doubles otherwise (flagged inexact with the lexeme
// kept). The lexeme is kept whenever rendering the value would not give it back.
Value make_number(std::string_view lexeme, bool integral);

// Significant digits of a valid JSON number's mantissa (leading and trailing zeros excluded).
std::size_t significant_digits(std::string_view lexeme) noexcept;

// Whether a double read from a lexeme of `digits` significant digits certainly renders back as
// that lexeme (make_number's quick test; false means "render and compare to know").
inline bool double_surely_lossless(double d, std::size_t digits) noexcept {
    const double magnitude = d < 0 ? -d : d;
    return digits == 0 || (digits <= 15 && magnitude >= 2.2250738585072014e-308 && magnitude < 9007199254740992.0);
}

// Appends the canonical JSON rendering of a double: shortest round-trip digits, ".0" for
// integral values so the type survives a round trip, "null" for NaN and infinities (JSON has
// no spelling for them).
void append_double(std::string& out, double d);

// A decimal number reduced to a comparable form: sign, significant digits without leading or
// trailing zeros, and a decimal exponent ("-1.50e2" and "-150" give the same text).
std::string canonical_decimal(std::string_view lexeme);

} // namespace laminate::number_detail
