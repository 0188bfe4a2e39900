// The public face of the schema module: Schema::compile, validate, and violation formatting.
#include <laminate/validate.hpp>

#include "schema/compile.hpp"
#include "schema/evaluate.hpp"

#include <ostream>

namespace laminate {

std::string to_string(const Violation& v) {
    return v.path + ": " + v.message;
}

std::ostream& operator<<(std::ostream& os, const Violation& v) {
    return os << to_string(v);
}

Result<Schema> Schema::compile(const Value& schema, const SchemaCompileOptions& options) {
    auto compiled = validate_detail::compile_schema(schema, options);
    if (!compiled) return std::move(compiled).error();
    return Schema(std::move(*compiled));
}

ValidationResult Schema::validate(const Value& instance, const ValidateOptions& options) const {
    return validate_detail::evaluate(*compiled_, instance, options);
}

bool Schema::is_valid(const Value& instance) const {
    ValidateOptions options;
    options.stop_at_first = true;
    return validate_detail::evaluate(*compiled_, instance, options).valid;
}

Result<ValidationResult> validate(const Value& instance, const Value& schema, const ValidateOptions& options,
                                  const SchemaCompileOptions& schema_options) {
    auto compiled = Schema::compile(schema, schema_options);
    if (!compiled) return std::move(compiled).error();
    return compiled->validate(instance, options);
}

Error violations_error(const ValidationResult& result) {
    constexpr std::size_t listed = 5;
    const std::size_t n = result.violations.size();
    std::string message = n == 1 ? "1 violation: " : std::to_string(n) + " violations: ";
    for (std::size_t i = 0; i < n && i < listed; ++i) {
        if (i) message += "; ";
        message += to_string(result.violations[i]);
    }
    if (n > listed) message += "; ...";
    return Error(ErrorKind::SchemaViolation, std::move(message), Error::no_offset,
                 n ? result.violations[0].path : std::string("$"));
}

} // namespace laminate
