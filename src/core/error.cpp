#include <laminate/error.hpp>

#include <ostream>

namespace laminate {

std::string_view kind_name(ErrorKind kind) noexcept {
    switch (kind) {
    case ErrorKind::invalid_json: return "invalid_json";
    case ErrorKind::value_not_closed: return "value_not_closed";
    case ErrorKind::depth_exceeded: return "depth_exceeded";
    case ErrorKind::size_exceeded: return "size_exceeded";
    case ErrorKind::too_many_repairs: return "too_many_repairs";
    case ErrorKind::repair_not_allowed: return "repair_not_allowed";
    case ErrorKind::invalid_utf8: return "invalid_utf8";
    case ErrorKind::no_payload: return "no_payload";
    case ErrorKind::empty_input: return "empty_input";
    case ErrorKind::invalid_path: return "invalid_path";
    case ErrorKind::invalid_argument: return "invalid_argument";
    case ErrorKind::type_mismatch: return "type_mismatch";
    case ErrorKind::out_of_range: return "out_of_range";
    case ErrorKind::lossy_conversion: return "lossy_conversion";
    case ErrorKind::unknown_variant: return "unknown_variant";
    case ErrorKind::ambiguous_value: return "ambiguous_value";
    case ErrorKind::shape_error: return "shape_error";
    case ErrorKind::missing_field: return "missing_field";
    case ErrorKind::unknown_field: return "unknown_field";
    case ErrorKind::constraint_violation: return "constraint_violation";
    case ErrorKind::risk_exceeded: return "risk_exceeded";
    case ErrorKind::invalid_schema: return "invalid_schema";
    case ErrorKind::schema_violation: return "schema_violation";
    case ErrorKind::unknown_format: return "unknown_format";
    case ErrorKind::unknown_tool: return "unknown_tool";
    case ErrorKind::buffer_exceeded: return "buffer_exceeded";
    case ErrorKind::stream_error: return "stream_error";
    }
    return "unknown";
}

std::string Error::to_string() const {
    std::string out(kind_name());
    if (!path_.empty()) {
        out += " at '";
        out += path_;
        out += '\'';
    }
    if (has_offset()) {
        out += " (offset ";
        out += std::to_string(offset_);
        out += ')';
    }
    out += ": ";
    out += message_;
    return out;
}

std::ostream& operator<<(std::ostream& os, const Error& e) { return os << e.to_string(); }

} // namespace laminate
