#pragma once
// Balanced {…} / […] spans in prose, found with an explicit stack in one pass (no recursion, no
// rescans). Fed one byte at a time by the scanner, within one scope (the top level, or the
// inside of one fence or tag); the scanner resets it at every scope boundary.
//
// * At depth 0 an opener counts only when it opens_payload(): `[note]`, `{{x}}` stay prose.
// * Inside a span, "…" strings (and '…' strings where a value can start: after [ { , : or ( )
//   hide brackets; backslash escapes are honoured; strings may run across lines, as the tolerant
//   parser reads raw newlines in strings.
// * A closer that does not match the innermost opener closes down to the nearest opener of its
//   kind (the parser may repair the missing closers); one with no opener of its kind is ignored.
//   Per-kind counts make that decision O(1), so mismatched input stays linear.
// * Spans nested in a span are part of it; only the outermost is reported.

#include "extract/text_scan.hpp"

#include <cstddef>
#include <string>
#include <string_view>

namespace laminate::extract_detail {

class SpanTracker {
public:
    // Feeds text[i]; returns true when it closed an outermost span, which is then last_span().
    bool feed(std::string_view text, std::size_t i) {
        const char c = text[i];
        if (quote_) {
            if (escaped_) escaped_ = false;
            else if (c == '\\') escaped_ = true;
            else if (c == quote_) { quote_ = 0; last_ = c; }
            return false;
        }
        if (stack_.empty()) {
            if ((c == '{' || c == '[') && opens_payload(text, i)) {
                start_ = i;
                push(c);
            }
            return false;
        }
        switch (c) {
        case '{':
        case '[': push(c); break;
        case '}': return close('{', i);
        case ']': return close('[', i);
        case '"':
            // {\"key\": \"value\"}: JSON escaped once; its \" opens no string here (the parser
            // removes the escapes).
            if (i > 0 && text[i - 1] == '\\') break;
            quote_ = c;
            break;
        case '\'':
            if (last_ == '[' || last_ == '{' || last_ == ',' || last_ == ':' || last_ == '(')
                quote_ = c;
            else
                last_ = c; // an apostrophe in a word, not a string
            break;
        default:
            if (!is_space(c)) last_ = c;
        }
        return false;
    }

    bool open() const noexcept { return !stack_.empty(); }
    bool in_string() const noexcept { return quote_ != 0; }
    std::size_t start() const noexcept { return start_; }
    // The span closed by the last feed() that returned true: [start, end).
    Range last_span() const noexcept { return last_span_; }

    void reset() noexcept {
        stack_.clear();
        braces_ = brackets_ = 0;
        quote_ = 0;
        escaped_ = false;
        last_ = 0;
    }

private:
    void push(char c) {
        stack_.push_back(c);
        (c == '{' ? braces_ : brackets_)++;
        last_ = c;
    }

    bool close(char opener, std::size_t i) {
        last_ = opener == '{' ? '}' : ']';
        if ((opener == '{' ? braces_ : brackets_) == 0) return false; // stray closer
        char popped = 0;
        while (popped != opener) {
            popped = stack_.back();
            stack_.pop_back();
            (popped == '{' ? braces_ : brackets_)--;
        }
        if (!stack_.empty()) return false;
        last_span_ = {start_, i + 1};
        reset();
        return true;
    }

    std::string stack_; // the open brackets, innermost last
    std::size_t braces_ = 0, brackets_ = 0;
    std::size_t start_ = 0; // offset of the outermost open bracket
    Range last_span_;
    char quote_ = 0;        // the quote of the string being read, or 0
    bool escaped_ = false;
    char last_ = 0;         // last significant byte outside strings
};

} // namespace laminate::extract_detail
