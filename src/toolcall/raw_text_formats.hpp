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
// What the search for blocks' closing tags remembers across the blocks of one text (all views
// into one buffer), so that many blocks stay linear: see block_close in raw_text_json.cpp.
struct CloseSearch {
    bool plain = false; // JSON bodies are searched only up to the next opener
    // Where one closing tag next occurs in the buffer, or that it does not occur again.
    struct Next {
        std::string_view close;
        const char* at = nullptr;
        bool none = false;
    };
    Next next[6];
    // The first `close` in text, npos when none: a closer not found after one position is not
    // searched for again after a later one.
    std::size_t find(std::string_view text, std::string_view close);
};

// <function=name>{…}</function> or <function name="name">{…}</function> at the start of text:
// the call added and text moved past it; false (text untouched) when it is no such call.
// `search` is kept across the calls of one text.
bool read_function_tag(std::string_view& text, RawBuilder& b, CloseSearch& search);
// Whether the <function=…> (or <function name=…>) tag at text[at] is named in words rather than
// written as a call: words before it on its line, and no body after it (a JSON value, a
// <parameter=…>, </function>, or the end of the text). Either alone is not enough: a call may
// follow words on its line, and a call at the start of a line with unreadable arguments is
// still read (and said to be unreadable).
bool function_mention(std::string_view text, std::size_t at);
// Whether text holds a Functionary v3.2 recipient marker: >>> then a name and a line break.
bool has_functionary_marker(std::string_view text);
// DeepSeek V3.2's DSML markup (<｜DSML｜function_calls>, also without the DSML prefix): position
// of its opening tag, or npos.
std::size_t find_dsml(std::string_view text);
// Qwen3-Coder's XML: <function=name><parameter=key>value</parameter>…</function>.
inline constexpr std::string_view kXmlOpen = "<function=";
inline constexpr std::string_view kXmlParameter = "<parameter=";
// A function or parameter name written in quotes (<function="f">, <parameter='city'>): the name
// inside them, or the name as it was when it has no such quotes. The quotes are no part of a
// name in this markup; kept, they would make a parameter "\"city\"" that no tool has.
std::string_view unquoted_name(std::string_view name);
// The Warning of such quotes removed, at `path` (relative to the call: "name", or the
// parameter's key), offset where the quoted name (a view into b.source) begins.
Diagnostic quoted_name(const RawBuilder& b, std::string path, std::string_view quoted);
// One such call at the start of body, its opening tag's '>' at gt, added to b; the text after
// its </function> (empty when the text ends first). closed: the block around it (if any) was
// closed; the call is complete when that is so and its </function> is there.
std::string_view read_xml_call(std::string_view body, std::size_t gt, RawBuilder& b, bool closed);
// A <tool_call> block's body of such calls (several in one block too); words after the last are
// kept as text, with a warning. How many calls were read (0: body is no such call).
std::size_t read_xml_function(std::string_view body, RawBuilder& b, bool closed);
// [f(a=1), g()] and name.call(a=1) (Llama 3.2 / 4 pythonic calls, Llama 3.1 built-ins).
bool looks_pythonic(std::string_view text);
std::size_t read_pythonic(std::string_view text, RawBuilder& b);
// Whether text (blanks aside) is a pythonic call list the text ends inside ("[f(a=1)",
// "[f(a=\"Par"): it starts with '[' and a call, has no closing ']', and read_pythonic reads
// calls from all of it, leaving no words. What lets detection read a cut-off list (as Llama 3)
// without making calls of prose that merely starts with "[name(".
bool cut_off_pythonic_list(std::string_view text);
// Where a last line that is a whole pythonic call list begins, after lines of prose
// ("I will look it up.\n[get_weather(city=\"Paris\")]"), as an offset into text; npos when the
// last line is no such list (its calls must take the whole line, ']' included).
std::size_t pythonic_after_prose(std::string_view text);
// bare_json; *used_parameters tells llama3's {"name", "parameters"} apart.
std::size_t read_bare_json(std::string_view text, RawBuilder& b, bool* used_parameters = nullptr);

} // namespace laminate::toolcall::detail
