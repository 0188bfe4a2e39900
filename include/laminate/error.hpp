#pragma once
// Errors are values with a stable kind name. An error message never quotes model output or
// secrets; the offending input stays with the caller.

#include <cstddef>
#include <iosfwd>
#include <string>
#include <string_view>

namespace laminate {

enum class ErrorKind {
    invalid_json,       // input that cannot be read as JSON, even with repairs
    value_not_closed,   // truncated input (completion not requested)
    depth_exceeded,     // nesting deeper than ParseOptions::max_depth
    size_exceeded,      // input larger than ParseOptions::max_size
    too_many_repairs,   // more repairs than ParseOptions::max_repairs
    repair_not_allowed, // input needs repairs but repairs are switched off
    invalid_utf8,       // malformed UTF-8 with InvalidUtf8::error
    no_payload,         // extraction found nothing that parses
    empty_input,        // nothing but whitespace
    invalid_path,       // malformed JSON Pointer or path expression
    invalid_argument,   // a caller-supplied option or argument is unusable
    type_mismatch,      // the value's type does not fit the target at the coercion level in force
    out_of_range,       // a number outside the target's range (integer bounds, float overflow)
    lossy_conversion,   // the conversion would lose information (a fraction, digits of precision)
    unknown_variant,    // a name that matches none of an enum's declared names
    ambiguous_value,    // the value reads several ways (digit grouping, names matching alike)
    shape_error,        // several fields failed to shape; the message lists each with its path
    missing_field,      // a required field (not optional, no default) is absent
    unknown_field,      // a member the target does not declare, where unknown fields are errors
    constraint_violation, // a value outside a declared range, length, pattern or item count
    risk_exceeded,      // a diagnostic at or above the risk the caller would accept
    invalid_schema,     // a JSON Schema (or BFCL parameter schema) that cannot be used
    schema_violation,   // a value that breaks its schema; the violations are listed
    unknown_format,     // a provider response, stream or tool-call text of no known format
    unknown_tool,       // a tool call naming no registered tool
    buffer_exceeded,    // a stream line, event or buffer larger than its configured limit
    stream_error,       // a stream that is malformed or ended in the middle of an event
};

// Stable, documented identifier ("invalid_json", ...): safe to match on and to log.
std::string_view kind_name(ErrorKind kind) noexcept;

class Error {
public:
    static constexpr std::size_t no_offset = static_cast<std::size_t>(-1);

    Error(ErrorKind kind, std::string message, std::size_t offset = no_offset,
          std::string path = {})
        : kind_(kind), message_(std::move(message)), offset_(offset), path_(std::move(path)) {}

    ErrorKind kind() const noexcept { return kind_; }
    std::string_view kind_name() const noexcept { return laminate::kind_name(kind_); }
    // Human-readable, free of input content.
    const std::string& message() const noexcept { return message_; }
    // Byte offset into the input where the problem was seen, or no_offset.
    std::size_t offset() const noexcept { return offset_; }
    bool has_offset() const noexcept { return offset_ != no_offset; }
    // Path of the value being read ("" for the root), in laminate's path syntax.
    const std::string& path() const noexcept { return path_; }

    // "invalid_json at offset 12: expected ':' after an object key"
    std::string to_string() const;

private:
    ErrorKind kind_;
    std::string message_;
    std::size_t offset_;
    std::string path_;
};

std::ostream& operator<<(std::ostream& os, const Error& e);

} // namespace laminate
