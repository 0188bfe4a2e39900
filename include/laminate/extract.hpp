#pragma once
// Extraction: find the JSON payload in a model's text — fenced blocks (closed or not),
// <tool_call>/<json>-style tags, balanced spans in prose — skipping <think> and other reasoning
// blocks. Every candidate is returned in order; a selector picks one.
//
// Candidates (one linear pass, no recursion; offsets are exact byte offsets into the input;
// each candidate's text is trimmed of surrounding whitespace; a range is reported once, by the
// first of whole > fence/tag > balanced, unclosed if any of them is):
// * whole: the trimmed text (after leading reasoning) when it starts like a payload: `{"`,
//   `{key:`, `[1`, `["`, `"`, a number, true/false/null. None if reasoning follows content.
// * fence: every ``` or ~~~ block (3+ markers, any indentation, optional info string → label;
//   a ``` line whose info string holds a backtick is inline code, as in CommonMark). Unclosed:
//   runs to the end of the text (closed = false). Empty blocks are not candidates.
// * tag: <tool_call> <tool_calls> <function_call> <function> (also <function=name>) <tool_use>
//   <tool> <json> <output> <answer> <final_answer> <result> <response> <arguments> <parameters>
//   <payload> <data> <structured_output> <|begin_of_solution|> ..., case-insensitive, with
//   attributes; label = lower-case name. Unclosed: runs to the end (closed = false). Fences and
//   tags nest; closing an outer one ends the inner ones (closed = false). Openers inside a JSON
//   string are text; the closer of an open fence or tag ends it even there (as markdown, XML
//   and the usual <tool_call>(.*?)</tool_call> readers do), so a broken string cannot swallow
//   the rest of the text.
// * balanced: outermost {…} / […] spans in prose, within one fence/tag/top-level scope. An
//   opener counts only if what follows reads like JSON (`[note]`, `[see below`, `{{x}}` are
//   prose); strings ("…", and '…' where a value can start) hide brackets; escapes honoured. A
//   span still open at the end of the text is a candidate (closed = false) so that a truncated
//   payload can be completed; spans inside it are fragments of it, not candidates.
// * Reasoning (skip_reasoning): <think> <thinking> <thought(s)> <reasoning> <reflection>
//   <scratchpad> <|begin_of_thought|> at the start of a line, outside strings and fences/tags:
//   nothing up to the matching closer is a candidate. Unclosed, it hides the rest of the text
//   (a model cut off mid-thought has no payload yet). A closer with no opener before it (the
//   opener was in the prompt template, as with DeepSeek-R1) hides everything before it.
// * At most max_candidates: the whole text, then fences/tags in text order, then the largest
//   balanced spans.

#include <laminate/parse.hpp>

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace laminate {

enum class CandidateSource : unsigned char {
    Whole,    // the entire text (after trimming) looks like a payload
    Fence,    // a markdown fenced block ``` or ~~~
    Tag,      // <tool_call>…</tool_call>, <json>…</json>, and similar
    Balanced, // a balanced {…} or […] span found in prose
};

std::string_view source_name(CandidateSource s) noexcept; // "whole", "fence", "tag", "balanced"

struct Candidate {
    std::string_view text;  // a view into the input
    std::size_t offset = 0; // byte offset of text in the input
    CandidateSource source = CandidateSource::Whole;
    std::string label;      // fence info string ("json") or tag name ("tool_call"); may be empty
    bool closed = true;     // false for an unclosed fence/tag or an unbalanced span at the end
};

struct ExtractOptions {
    bool skip_reasoning = true; // ignore <think>…</think>, <thinking>, <reasoning>, <reflection>
    std::size_t max_candidates = 64;
};

// All candidates, in the order they appear; never fails.
std::vector<Candidate> extract_candidates(std::string_view text, const ExtractOptions& options = {});

struct Extracted {
    Candidate candidate;
    Parsed parsed; // candidate text parsed; diagnostics offsets are relative to the whole input
};

// Decides whether a parsed candidate is the payload the caller wants.
using CandidateFilter = std::function<bool(const Value&)>;

// The first candidate that parses (and satisfies accept, when given), trying them in this order:
//   1. the whole text, then fences and tags in text order, exactly (no repairs, no completion):
//      an exact reading beats a repaired one;
//   2. the same, with parse_options (skipped when they allow no repair and no completion);
//   3. balanced spans, largest first (prose noise like "[1]" or "[ ]" is small), with
//      parse_options.
// A parse that guessed where a string begins or ends (unquoted_string, missing_quote repairs)
// is refused for a balanced span — in prose that is exactly how `[note]` would become
// ["note"] — and for the whole text, a fence or a tag when the guess is the root value or comes
// with concatenated_payloads (`{"a": 1} let me know` read as two values); inside a structure
// the model delimited (`{"a": hello}`) it is kept. A member's value of one token starting with
// '/' (`{route: /}`, `{path: /api/v1}`) is no guess: prose does not write that. Diagnostics' offsets are relative to the
// whole input. no_payload when nothing fits; the message counts what was tried and why it was
// refused (saying when a value is not closed, with its offset), never quoting the text.
// Never a silent choice: when other candidates (for a fence or a tag: other fences, tags, and spans in prose not inside one that reads; for a span:
// other spans; never a small span such as a citation `[4]`, `[]` or `{}` beside a larger payload)
// also read as payloads, with a different value, and satisfy accept, the reading carries an
// other_candidates Warning that counts them (offset: the first of them); the winner is unchanged. accept is then called
// on them too, and once more on the winner last: a filter that keeps the state of the last
// candidate it accepted keeps the winner's. Where an object is taken out of text that goes on
// like its members (`{"a": 1}, "b": 2}`, `{"a": 1} "b": 2}`), a Risky dropped diagnostic says
// where they begin.
Result<Extracted> extract(std::string_view text, const ParseOptions& parse_options = {},
                          const ExtractOptions& options = {}, const CandidateFilter& accept = {});

// Every object among the candidates other than the whole text (fences, tags, balanced spans),
// parsed with parse_options, in text order; guessed strings are refused as extract() refuses them.
// For an array target, several objects in prose are its elements (from_llm_response).
std::vector<Extracted> extract_objects(std::string_view text, const ParseOptions& parse_options = {},
                                       const ExtractOptions& options = {});

// The bare answer: the whole text when, after reasoning blocks (options.skip_reasoning), one
// fence or payload tag around all of it and surrounding whitespace, it is one line of at most 512
// bytes with no '{', '[', '<' or '`' — a word, a label, a number or a sentence ("TWO", "yes",
// "12,111", "Paris is the capital."), or one inline code span around such a line ("`Paris`",
// backticks included). A view into `text`; nullopt otherwise (a reasoning block
// still open, several lines, anything that looks like structure, and JSON's `null`, a value). Shaping reads it as a string
// for a scalar target when no JSON candidate fits (from_llm_response).
std::optional<std::string_view> bare_answer(std::string_view text, const ExtractOptions& options = {});

} // namespace laminate
