#pragma once
// Validating an instance against a compiled schema.

#include "schema/compiled.hpp"

namespace laminate::validate_detail {

ValidationResult evaluate(const Compiled& schema, const Value& instance, const ValidateOptions& options);

} // namespace laminate::validate_detail
