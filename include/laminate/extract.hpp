#pragma once
// Extraction: find the JSON payload in a model's text — fenced blocks (closed or not),
// <tool_call>/<json>-style tags, balanced spans in prose — skipping <think> and other reasoning
// blocks. Every candidate is returned in order; a selector picks one.

#include <laminate/parse.hpp>

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace laminate {

enum class CandidateSource : unsigned char {
    whole,    // the entire text (after trimming) looks like a payload
    fence,    // a markdown fenced block ``` or ~~~
    tag,      // <tool_call>…</tool_call>, <json>…</json>, and similar
    balanced, // a balanced {…} or […] span found in prose
};

std::string_view source_name(CandidateSource s) noexcept; // "whole", "fence", "tag", "balanced"

struct Candidate {
    std::string_view text;  // a view into the input
    std::size_t offset = 0; // byte offset of text in the input
    CandidateSource source = CandidateSource::whole;
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

// The first candidate that parses (and satisfies accept, when given). no_payload when none does;
// the error never quotes the text.
Result<Extracted> extract(std::string_view text, const ParseOptions& parse_options = {},
                          const ExtractOptions& options = {}, const CandidateFilter& accept = {});

} // namespace laminate
