#pragma once
// What the raw-text tests share: reading a text that must read, and the i-th call of an answer.
#include <laminate/toolcall/raw_text.hpp>

#include <gtest/gtest.h>

#include <cstddef>
#include <string_view>

// DeepSeek's markers, spelt with U+FF5C and U+2581: DS_("tool" SP "call" SP "begin"). Macros, so
// that tests can join them with other literals.
#define DS_(x) "<\xEF\xBD\x9C" x "\xEF\xBD\x9C>"
#define SP "\xE2\x96\x81"

namespace laminate::toolcall::test {

// The text read in format `f`; a failed read fails the test and gives an empty Response.
inline Response read(std::string_view text, Format f = Format::AutoDetect) {
    auto r = read_raw_text(text, f);
    if (!r) ADD_FAILURE() << r.error();
    return r ? *r : Response{};
}

inline const ToolCall& call(const Response& r, std::size_t i) { return *r.tool_calls().at(i); }

} // namespace laminate::toolcall::test
