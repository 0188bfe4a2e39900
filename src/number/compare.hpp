#pragma once
// Number semantics for validation. A Value number stands for a decimal (see value.hpp), so
// "integer" and multipleOf are decided on that decimal, not on a rounded double: 1.0 is an
// integer, 0.0075 is a multiple of 0.0001, and a 60-digit integer is still an integer.

#include <laminate/value.hpp>

namespace laminate::number_detail {

// Precondition: v.is_number(). True when the number has no fractional part.
bool is_integral(const Value& v);

// Preconditions: both are numbers. -1, 0 or 1 as a is below, equal to or above b. Exact for
// 64-bit integers; otherwise through long double (NaN compares equal to everything).
int compare_numbers(const Value& a, const Value& b);

// Preconditions: both are numbers, divisor > 0. Exact decimal arithmetic when both have at most
// 18 significant digits, a relative tolerance on the quotient otherwise.
bool is_multiple_of(const Value& x, const Value& divisor);

} // namespace laminate::number_detail
