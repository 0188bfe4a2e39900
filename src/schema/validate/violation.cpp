// Violations as text: one line each, and a whole result summed up as one error.
#include <laminate/schema.hpp>

#include <ostream>

namespace laminate {

std::string to_string(const Violation& v) {
    return display_path(v.path) + ": " + v.message;
}

std::ostream& operator<<(std::ostream& os, const Violation& v) {
    return os << to_string(v);
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
                 n ? result.violations[0].path : std::string());
}

} // namespace laminate
