#include <laminate/error.hpp>
#include <laminate/value.hpp>

#include <ostream>

namespace laminate {

std::string_view kind_name(ErrorKind kind) noexcept {
    switch (kind) {
    case ErrorKind::InvalidJson: return "invalid_json";
    case ErrorKind::ValueNotClosed: return "value_not_closed";
    case ErrorKind::DepthExceeded: return "depth_exceeded";
    case ErrorKind::SizeExceeded: return "size_exceeded";
    case ErrorKind::TooManyRepairs: return "too_many_repairs";
    case ErrorKind::RepairNotAllowed: return "repair_not_allowed";
    case ErrorKind::InvalidUtf8: return "invalid_utf8";
    case ErrorKind::NoPayload: return "no_payload";
    case ErrorKind::EmptyInput: return "empty_input";
    case ErrorKind::InvalidPath: return "invalid_path";
    case ErrorKind::InvalidArgument: return "invalid_argument";
    case ErrorKind::TypeMismatch: return "type_mismatch";
    case ErrorKind::OutOfRange: return "out_of_range";
    case ErrorKind::LossyConversion: return "lossy_conversion";
    case ErrorKind::UnknownVariant: return "unknown_variant";
    case ErrorKind::AmbiguousValue: return "ambiguous_value";
    case ErrorKind::ShapeError: return "shape_error";
    case ErrorKind::MissingField: return "missing_field";
    case ErrorKind::UnknownField: return "unknown_field";
    case ErrorKind::ConstraintViolation: return "constraint_violation";
    case ErrorKind::RiskExceeded: return "risk_exceeded";
    case ErrorKind::InvalidSchema: return "invalid_schema";
    case ErrorKind::SchemaViolation: return "schema_violation";
    case ErrorKind::UnknownFormat: return "unknown_format";
    case ErrorKind::UnknownTool: return "unknown_tool";
    case ErrorKind::BufferExceeded: return "buffer_exceeded";
    case ErrorKind::StreamError: return "stream_error";
    case ErrorKind::AmbiguousRepair: return "ambiguous_repair";
    }
    return "unknown";
}

std::string Error::to_string() const {
    std::string out(kind_name());
    if (!path_.empty()) {
        out += " at ";
        out += display_path(path_);
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
