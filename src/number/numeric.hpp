#pragma once
// Numbers read for numeric targets: the exact integer a JSON number denotes (decided from its
// digits, never from a rounded double), and how faithfully a floating target holds one.

#include <laminate/value.hpp>

#include <cstdint>
#include <string>

namespace laminate::number_detail {

struct Integer {
    bool negative = false;
    std::uint64_t magnitude = 0;
};

enum class IntegerRead : unsigned char {
    Ok,
    Fractional, // the number has a fraction: never an integer
    TooBig,     // beyond 64 bits (or an infinity)
    NotFinite,  // NaN
};

// Precondition: n.is_number().
IntegerRead number_as_integer(const Value& n, Integer& out);

// "-300", for messages.
std::string integer_text(const Integer& v);

enum class FloatRead : unsigned char {
    Exact,     // the target holds the number as written
    Narrowed,  // float32 holds every digit written, not the double (12.99): SafeWidening
    Rounded,   // digits were lost (an integer beyond 2^53, too many digits for float32)
    Overflow,  // beyond the target's range
    Underflow, // a nonzero number the target would hold as zero
};

// Precondition: n.is_number(). out is the value in the target's precision.
FloatRead number_as_float(const Value& n, bool single_precision, double& out);

} // namespace laminate::number_detail
