#pragma once
// Prints a Value to a stream without recursion and through a fixed-size buffer: an answer as deep
// as --max-depth allows cannot overflow the stack, and pretty-printing (whose indentation can make
// the output hundreds of times larger than the input) never holds the whole text in memory.
// The layout is byte for byte that of Value::dump() and Value::dump_pretty(2).

#include <laminate/value.hpp>

#include <cstdio>

namespace laminate::cli {

enum class Layout { Pretty, Compact };

// Writes the value and a newline. False when the stream could not take it.
bool write_json(std::FILE* out, const Value& v, Layout layout);

} // namespace laminate::cli
