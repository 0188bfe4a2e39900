#pragma once
// Reading a number written inside a string: the spellings StringCoercion accepts (whitespace,
// a leading '+', ".5", "5.", leading zeros, exponents, 0x / 0o / 0b prefixes) and those only
// BestEffort accepts (digit grouping of several locales, a decimal comma, a currency symbol or
// an ISO 4217 code, NaN and infinities, a typographic minus sign, invisible characters and
// no-break spaces at the edges). The result is a JSON number lexeme, so that one code path decides
// ranges and fractions for numbers and strings alike.

#include <string>
#include <string_view>

namespace laminate::number_detail {

enum class NumberTextStatus : unsigned char {
    Ok,
    NotANumber,    // not a number in any accepted spelling ("12abc", "hello")
    Ambiguous,     // a lone comma that may be grouping or a decimal comma ("12,34")
    RadixOverflow, // a 0x / 0o / 0b literal beyond 64 bits
};

struct NumberText {
    NumberTextStatus status = NumberTextStatus::NotANumber;
    std::string lexeme;          // a valid JSON number when status is ok and !not_finite
    bool radix = false;          // written with a 0x / 0o / 0b prefix
    bool grouping = false;       // digit grouping removed (BestEffort)
    bool decimal_comma = false;  // a comma read as the decimal mark (BestEffort)
    bool currency = false;       // a currency symbol removed (BestEffort)
    bool currency_code = false;  // an ISO 4217 code removed, "USD 12.50" (BestEffort)
    bool minus_sign = false;     // U+2212, U+FE63 or U+FF0D read as '-' (BestEffort)
    bool edge_chars = false;     // zero-width characters or no-break spaces at the edges removed (BestEffort)
    bool not_finite = false;     // NaN or an infinity (BestEffort); the value is in `special`
    double special = 0;
};

// best_effort enables the BestEffort spellings.
NumberText read_number_text(std::string_view text, bool best_effort);

} // namespace laminate::number_detail
