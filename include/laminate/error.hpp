#pragma once
// Errors are values with a stable kind name. An error message never quotes model output or
// secrets; the offending input stays with the caller.

#include <cstddef>
#include <iosfwd>
#include <string>
#include <string_view>

namespace laminate {

enum class ErrorKind {
    InvalidJson,         // input that cannot be read as JSON, even with repairs
    ValueNotClosed,      // truncated input (completion not requested)
    DepthExceeded,       // nesting deeper than ParseOptions::max_depth
    SizeExceeded,        // input larger than ParseOptions::max_size
    TooManyRepairs,      // more repairs than ParseOptions::max_repairs
    RepairNotAllowed,    // input needs repairs but repairs are switched off
    InvalidUtf8,         // malformed UTF-8 with InvalidUtf8::Error
    NoPayload,           // extraction found nothing that parses
    EmptyInput,          // nothing but whitespace
    InvalidPath,         // malformed JSON Pointer or path expression
    InvalidArgument,     // a caller-supplied option or argument is unusable
    TypeMismatch,        // the value's type does not fit the target at the coercion level in force
    OutOfRange,          // a number outside the target's range (integer bounds, float overflow)
    LossyConversion,     // the conversion would lose information (a fraction, digits of precision)
    UnknownVariant,      // a name that matches none of an enum's declared names
    AmbiguousValue,      // the value reads several ways (digit grouping, names matching alike)
    ShapeError,          // several fields failed to shape; the message lists each with its path
    MissingField,        // a required field (not optional, no default) is absent
    UnknownField,        // a member the target does not declare, where unknown fields are errors
    ConstraintViolation, // a value outside a declared range, length, pattern or item count
    RiskExceeded,        // a diagnostic at or above the risk the caller would accept
    InvalidSchema,       // a JSON Schema (or BFCL parameter schema) that cannot be used
    SchemaViolation,     // a value that breaks its schema; the violations are listed
    UnknownFormat,       // a provider response, stream or tool-call text of no known format
    UnknownTool,         // a tool call naming no registered tool
    BufferExceeded,      // a stream line, event or buffer larger than its configured limit
    StreamError,         // a stream that is malformed or ended in the middle of an event
    AmbiguousRepair,     // malformed input that more than one repair would read differently
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
    // Path of the value being read, below the root ("" for the root or none), in laminate's
    // path syntax; printed from `$` (display_path).
    const std::string& path() const noexcept { return path_; }

    // "invalid_json at offset 12: expected ':' after an object key",
    // "missing_field at $.legs[1].date: required field is missing"
    std::string to_string() const;

private:
    ErrorKind kind_;
    std::string message_;
    std::size_t offset_;
    std::string path_;
};

std::ostream& operator<<(std::ostream& os, const Error& e);

} // namespace laminate
