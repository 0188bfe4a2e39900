#pragma once
// Compiling a schema Value into validate_detail::Compiled (see compiled.hpp).

#include "schema/compiled.hpp"

namespace laminate::validate_detail {

Result<std::shared_ptr<const Compiled>> compile_schema(const Value& schema, const SchemaCompileOptions& options);

} // namespace laminate::validate_detail
