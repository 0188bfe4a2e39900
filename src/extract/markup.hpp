#pragma once
// Recognizing the markup that delimits payloads in model text: markdown fence lines and
// XML-ish tags (<tool_call>, <json>, <think>...). Each matcher looks at one position and reads a
// bounded number of bytes, so calling it at every candidate position keeps the scan linear.

#include "extract/text_scan.hpp"

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace laminate::extract_detail {

// --- fences ----------------------------------------------------------------------------------

struct FenceOpen {
    char marker = '`';         // '`' or '~'
    std::size_t run = 0;       // length of the marker run, >= 3
    std::string_view info;     // info string, trimmed ("json", "" ...)
    std::size_t next_line = 0; // where the fenced content starts
};

// At the first non-blank character of a line: an opening fence (CommonMark: 3+ '`' or '~'; a
// backtick fence's info string has no backtick, else the line is inline code).
std::optional<FenceOpen> match_fence_open(std::string_view text, std::size_t pos) noexcept;

// At the first non-blank character of a line: a fence closing `open` (same marker, a run at
// least as long, nothing but blanks after it). Returns where the next line starts.
std::optional<std::size_t> match_fence_close(std::string_view text, std::size_t pos,
                                             const FenceOpen& open) noexcept;

// --- tags ------------------------------------------------------------------------------------

enum class TagRole : unsigned char {
    Other,     // not a tag we care about (never returned by match_tag)
    Payload,   // <tool_call>, <json>, <answer>... : its content is a candidate
    Reasoning, // <think>, <reasoning>... : skipped with ExtractOptions::skip_reasoning
};

struct Tag {
    bool closing = false;      // </name> or <|end_of_name|>
    bool self_closing = false; // <name/>
    TagRole role = TagRole::Other;
    std::string name;          // lower case, as the label
    std::size_t end = 0;       // just past the tag
};

// text[pos] == '<'. Recognizes <name>, <name attr="...">, <name=value> (Llama's
// <function=get_weather>), <name/>, </name>, and the <|begin_of_name|> / <|end_of_name|> tokens.
// Names are case-insensitive; only the known payload and reasoning names are recognized.
std::optional<Tag> match_tag(std::string_view text, std::size_t pos);

} // namespace laminate::extract_detail
