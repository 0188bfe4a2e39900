#pragma once
// The format keyword as an assertion, for the formats that model output most often carries.
// Each checker is a small hand-written recognizer of the RFC grammar: no regex, linear time.

#include "schema/validate/compiled.hpp"

#include <string_view>

namespace laminate::schema_detail {

// Format::None for a name that is not asserted.
Format format_from_name(std::string_view name) noexcept;

bool matches_format(Format f, std::string_view s) noexcept;

// "a date (RFC 3339 full-date, e.g. 2024-05-31)", for messages.
std::string_view format_description(Format f) noexcept;

} // namespace laminate::schema_detail
