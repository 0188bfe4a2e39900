#pragma once
// Compiling a schema Value into schema_detail::Rules (see compiled.hpp).

#include "schema/validate/compiled.hpp"

namespace laminate::schema_detail {

Result<std::shared_ptr<const Rules>> compile_rules(const Value& schema, const SchemaCompileOptions& options);

} // namespace laminate::schema_detail
