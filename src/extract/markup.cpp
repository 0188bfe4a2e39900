#include "extract/markup.hpp"

#include <algorithm>
#include <array>

namespace laminate::extract_detail {
namespace {

// Longest tag name and longest attribute list we read before deciding "not a tag".
constexpr std::size_t max_name = 32;
constexpr std::size_t max_attributes = 256;

// Tags whose content is a payload candidate (sorted, lower case).
constexpr std::array<std::string_view, 23> payload_tags = {
    "answer",         "args",           "arguments",   "data",
    "final",          "final_answer",   "function",    "function_call",
    "function_calls", "functioncall",   "json",        "output",
    "parameters",     "payload",        "response",    "result",
    "solution",       "structured_output", "tool",     "tool_call",
    "tool_calls",     "tool_use",       "toolcall",
};

// Tags holding a model's reasoning (sorted, lower case).
constexpr std::array<std::string_view, 7> reasoning_tags = {
    "reasoning", "reflection", "scratchpad", "think", "thinking", "thought", "thoughts",
};

static_assert(std::is_sorted(payload_tags.begin(), payload_tags.end()));
static_assert(std::is_sorted(reasoning_tags.begin(), reasoning_tags.end()));

TagRole role_of(std::string_view name) {
    if (std::binary_search(payload_tags.begin(), payload_tags.end(), name)) return TagRole::Payload;
    if (std::binary_search(reasoning_tags.begin(), reasoning_tags.end(), name))
        return TagRole::Reasoning;
    return TagRole::Other;
}

bool is_name_char(char c) { return is_ident(c) || c == ':' || c == '.'; }

// Reads a lower-cased name at pos; returns its end, or pos when there is none or it is too long.
std::size_t read_name(std::string_view t, std::size_t pos, std::string& out) {
    std::size_t j = pos;
    while (j < t.size() && j - pos <= max_name && is_name_char(t[j])) ++j;
    if (j == pos || j - pos > max_name || !is_alpha(t[pos])) return pos;
    out.clear();
    for (std::size_t k = pos; k < j; ++k) out += to_lower(t[k]);
    return j;
}

// <|begin_of_thought|>, <|end_of_solution|>: the special tokens some reasoning models emit.
std::optional<Tag> match_special_token(std::string_view t, std::size_t pos) {
    // t[pos] == '<', t[pos + 1] == '|'
    std::size_t j = pos + 2;
    Tag tag;
    constexpr std::string_view begin_of = "begin_of_", end_of = "end_of_";
    if (t.substr(j, begin_of.size()) == begin_of) {
        j += begin_of.size();
    } else if (t.substr(j, end_of.size()) == end_of) {
        j += end_of.size();
        tag.closing = true;
    } else {
        return std::nullopt;
    }
    const std::size_t name_end = read_name(t, j, tag.name);
    if (name_end == j || t.substr(name_end, 2) != "|>") return std::nullopt;
    tag.role = role_of(tag.name);
    if (tag.role == TagRole::Other) return std::nullopt;
    tag.end = name_end + 2;
    return tag;
}

} // namespace

std::optional<FenceOpen> match_fence_open(std::string_view text, std::size_t pos) noexcept {
    if (pos >= text.size() || (text[pos] != '`' && text[pos] != '~')) return std::nullopt;
    FenceOpen f;
    f.marker = text[pos];
    std::size_t j = pos;
    while (j < text.size() && text[j] == f.marker) ++j;
    f.run = j - pos;
    if (f.run < 3) return std::nullopt;
    std::size_t line_end = text.find('\n', j);
    if (line_end == std::string_view::npos) line_end = text.size();
    const Range info = trim(text, j, line_end);
    f.info = text.substr(info.begin, info.size());
    if (f.marker == '`' && f.info.find('`') != std::string_view::npos) return std::nullopt;
    f.next_line = line_end < text.size() ? line_end + 1 : line_end;
    return f;
}

std::optional<std::size_t> match_fence_close(std::string_view text, std::size_t pos,
                                             const FenceOpen& open) noexcept {
    std::size_t j = pos;
    while (j < text.size() && text[j] == open.marker) ++j;
    if (j - pos < open.run) return std::nullopt;
    while (j < text.size() && text[j] != '\n') {
        if (!is_space(text[j])) return std::nullopt;
        ++j;
    }
    return j < text.size() ? j + 1 : j;
}

std::optional<Tag> match_tag(std::string_view t, std::size_t pos) {
    if (pos + 1 >= t.size()) return std::nullopt;
    if (t[pos + 1] == '|') return match_special_token(t, pos);
    Tag tag;
    std::size_t j = pos + 1;
    if (t[j] == '/') {
        tag.closing = true;
        ++j;
    }
    const std::size_t name_end = read_name(t, j, tag.name);
    if (name_end == j) return std::nullopt;
    j = name_end;
    tag.role = role_of(tag.name);
    if (tag.role == TagRole::Other) return std::nullopt; // HTML and the like: plain text
    if (tag.closing) {
        while (j < t.size() && is_blank(t[j])) ++j;
        if (j >= t.size() || t[j] != '>') return std::nullopt;
        tag.end = j + 1;
        return tag;
    }
    if (j < t.size() && t[j] == '>') {
        tag.end = j + 1;
        return tag;
    }
    if (t.substr(j, 2) == "/>") {
        tag.self_closing = true;
        tag.end = j + 2;
        return tag;
    }
    // Attributes (`<tool_call id="1">`) or Llama's `<function=name>`: read up to the '>' outside
    // quotes, within a bounded distance.
    if (j >= t.size() || !(is_space(t[j]) || t[j] == '=')) return std::nullopt;
    const std::size_t limit = std::min(t.size(), j + max_attributes);
    char quote = 0;
    for (; j < limit; ++j) {
        const char c = t[j];
        if (quote) {
            if (c == quote) quote = 0;
        } else if (c == '"' || c == '\'') {
            quote = c;
        } else if (c == '<') {
            return std::nullopt; // a '<' before any '>': prose such as "a <b and c"
        } else if (c == '>') {
            tag.self_closing = t[j - 1] == '/';
            tag.end = j + 1;
            return tag;
        }
    }
    return std::nullopt;
}

} // namespace laminate::extract_detail
