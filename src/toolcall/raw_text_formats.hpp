#pragma once
// One reader per raw-text tool-call format (raw_text_*.cpp). Each takes the text after the
// reasoning was split off, adds prose and calls to the builder, and returns how many calls it
// found.

#include "raw_text_support.hpp"

namespace laminate::toolcall::detail {

std::size_t read_hermes(std::string_view text, RawBuilder& b);
std::size_t read_llama3(std::string_view text, RawBuilder& b);
std::size_t read_mistral(std::string_view text, RawBuilder& b);
std::size_t read_deepseek(std::string_view text, RawBuilder& b);
std::size_t read_functionary(std::string_view text, RawBuilder& b);
// <function=name>{…}</function> or <function name="name">{…}</function> at the start of text:
// the call added and text moved past it; false (text untouched) when it is no such call.
// `plain` starts false and is kept across the calls of one text: it keeps the search for each
// closer from scanning the same text twice (see block_close in raw_text_json.cpp).
bool read_function_tag(std::string_view& text, RawBuilder& b, bool& plain);
// Whether text holds a Functionary v3.2 recipient marker: >>> then a name and a line break.
bool has_functionary_marker(std::string_view text);
// DeepSeek V3.2's DSML markup (<｜DSML｜function_calls>, also without the DSML prefix): position
// of its opening tag, or npos.
std::size_t find_dsml(std::string_view text);
// [f(a=1), g()] and name.call(a=1) (Llama 3.2 / 4 pythonic calls, Llama 3.1 built-ins).
bool looks_pythonic(std::string_view text);
std::size_t read_pythonic(std::string_view text, RawBuilder& b);
// bare_json; *used_parameters tells llama3's {"name", "parameters"} apart.
std::size_t read_bare_json(std::string_view text, RawBuilder& b, bool* used_parameters = nullptr);

} // namespace laminate::toolcall::detail
