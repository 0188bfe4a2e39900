#pragma once
// Validating an instance against a compiled schema.

#include "schema/validate/compiled.hpp"

namespace laminate::schema_detail {

ValidationResult evaluate(const Rules& schema, const Value& instance, const ValidateOptions& options);

} // namespace laminate::schema_detail
