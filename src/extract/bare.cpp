// The bare answer: the whole text, once reasoning blocks, one fence or payload tag around it and
// whitespace are taken off, when it is one short line with no JSON structure in it (see
// laminate::bare_answer in extract.hpp).
#include <laminate/extract.hpp>

#include "extract/markup.hpp"

namespace laminate {
namespace {

constexpr std::size_t kMaxBare = 512; // a word, a label, a number or a sentence; not a document

bool blank(char c) noexcept { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

std::string_view trim(std::string_view s) noexcept {
    while (!s.empty() && blank(s.front())) s.remove_prefix(1);
    while (!s.empty() && blank(s.back())) s.remove_suffix(1);
    return s;
}

// `s` past a reasoning block at its start (and the blanks after it); nullopt when one is open
// to the end (a model cut off mid-thought has no answer yet).
std::optional<std::string_view> skip_reasoning(std::string_view s) {
    using extract_detail::match_tag;
    using extract_detail::TagRole;
    while (!s.empty() && s.front() == '<') {
        auto open = match_tag(s, 0);
        if (!open || open->role != TagRole::Reasoning || open->closing) break;
        std::size_t at = open->end;
        bool closed = false;
        while ((at = s.find('<', at)) != std::string_view::npos) {
            auto close = match_tag(s, at);
            if (close && close->closing && close->name == open->name) {
                s = trim(s.substr(close->end));
                closed = true;
                break;
            }
            ++at;
        }
        if (!closed) return std::nullopt;
    }
    return s;
}

} // namespace

std::optional<std::string_view> bare_answer(std::string_view text, const ExtractOptions& options) {
    std::string_view s = trim(text);
    if (options.skip_reasoning) {
        // A closer with no opener before it (the opener was in the prompt): what follows it.
        for (std::size_t at = s.find("</"); at != std::string_view::npos; at = s.find("</", at + 1)) {
            auto tag = extract_detail::match_tag(s, at);
            if (tag && tag->closing && tag->role == extract_detail::TagRole::Reasoning &&
                s.substr(0, at).find('<') == std::string_view::npos) {
                s = trim(s.substr(tag->end));
                break;
            }
        }
        auto rest = skip_reasoning(s);
        if (!rest) return std::nullopt;
        s = *rest;
    }
    // One fence around the whole answer: its content.
    if (auto open = extract_detail::match_fence_open(s, 0)) {
        std::string_view body = open->next_line <= s.size() ? s.substr(open->next_line) : std::string_view{};
        const std::size_t last = body.rfind('\n');
        const std::size_t line = last == std::string_view::npos ? 0 : last + 1;
        const std::size_t marker = body.find_first_not_of(" \t", line);
        if (marker != std::string_view::npos && extract_detail::match_fence_close(body, marker, *open))
            body = body.substr(0, line); // closed; an unclosed fence runs to the end
        s = trim(body);
    } else if (!s.empty() && s.front() == '<') {
        // One payload tag around the whole answer (<answer>TWO</answer>): its content.
        auto tag_open = extract_detail::match_tag(s, 0);
        if (tag_open && tag_open->role == extract_detail::TagRole::Payload && !tag_open->closing && !tag_open->self_closing) {
            std::size_t close_at = s.rfind('<');
            auto close = close_at == std::string_view::npos ? std::nullopt : extract_detail::match_tag(s, close_at);
            if (!close || !close->closing || close->name != tag_open->name || close->end != s.size()) return std::nullopt;
            s = trim(s.substr(tag_open->end, close_at - tag_open->end));
        }
    }
    if (s.empty() || s.size() > kMaxBare) return std::nullopt;
    // JSON's null is the JSON value it reads as, not a word: where null is refused, its refusal
    // stands (a string target must not be handed the text "null").
    if (s == "null") return std::nullopt;
    // One inline code span around the whole answer (`Paris`) is markup shaping removes; a
    // backtick anywhere else may open code or a fence.
    const bool code_span = s.size() > 2 && s.front() == '`' && s.back() == '`';
    const std::string_view inside = code_span ? s.substr(1, s.size() - 2) : s;
    for (char c : inside)
        if (c == '\n' || c == '\r' || c == '{' || c == '[' || c == '<' || c == '`') return std::nullopt;
    return s;
}

} // namespace laminate
