// The public entry points: candidates come from the scanner (scanner.cpp), the choice from
// select_payload (select.cpp), with the real parser.
#include <laminate/extract.hpp>

#include "extract/select.hpp"

#include <algorithm>

namespace laminate {

std::string_view source_name(CandidateSource s) noexcept {
    switch (s) {
    case CandidateSource::Whole: return "whole";
    case CandidateSource::Fence: return "fence";
    case CandidateSource::Tag: return "tag";
    case CandidateSource::Balanced: return "balanced";
    }
    return "unknown";
}

namespace {
// Where the text after a chosen object goes on like its members (`{"a": 1}, "b": 2}`: the
// object's closer came early), the offset of that comma; npos otherwise. A bounded look-ahead: a
// key is short.
std::size_t members_after(std::string_view text, std::size_t end) {
    auto ws = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; };
    std::size_t i = end;
    while (i < text.size() && ws(text[i]))
        ++i;
    if (i >= text.size() || text[i] != ',') return std::string_view::npos;
    const std::size_t comma = i++;
    while (i < text.size() && ws(text[i]))
        ++i;
    if (i >= text.size() || (text[i] != '"' && text[i] != '\'')) return std::string_view::npos;
    const char quote = text[i];
    const std::size_t limit = std::min(text.size(), i + 256);
    std::size_t j = i + 1;
    while (j < limit && text[j] != quote && text[j] != '\n')
        j += text[j] == '\\' ? 2 : 1;
    if (j >= limit || text[j] != quote) return std::string_view::npos;
    ++j;
    while (j < text.size() && (text[j] == ' ' || text[j] == '\t'))
        ++j;
    return j < text.size() && text[j] == ':' ? comma : std::string_view::npos;
}
} // namespace

Result<Extracted> extract(std::string_view text, const ParseOptions& parse_options,
                          const ExtractOptions& options, const CandidateFilter& accept) {
    const std::vector<Candidate> candidates = extract_candidates(text, options);
    auto result = extract_detail::select_payload(
        candidates, parse_options, accept,
        [](std::string_view t, const ParseOptions& o) { return parse(t, o); });
    if (result && result->parsed.value.is_object()) {
        // The payload is an object that text like more members follows: they were dropped with
        // the text around the payload. Never silently.
        const Candidate& c = result->candidate;
        const std::size_t at = members_after(text, c.offset + c.text.size());
        if (at != std::string_view::npos) {
            Diagnostic d;
            d.kind = DiagnosticKind::Dropped;
            d.risk = Risk::Risky;
            d.message = "members after the object's early closer were dropped";
            d.suggestion = "remove the '}' before this comma";
            d.offset = at;
            result->parsed.diagnostics.push_back(std::move(d));
        }
    }
    return result;
}

std::vector<Extracted> extract_objects(std::string_view text, const ParseOptions& parse_options,
                                       const ExtractOptions& options) {
    const std::vector<Candidate> candidates = extract_candidates(text, options);
    return extract_detail::all_objects(candidates, parse_options,
                                       [](std::string_view t, const ParseOptions& o) { return parse(t, o); });
}

} // namespace laminate
