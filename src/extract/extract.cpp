// The public entry points: candidates come from the scanner (scanner.cpp), the choice from
// select_payload (select.cpp), with the real parser.
#include <laminate/extract.hpp>

#include "extract/select.hpp"

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

Result<Extracted> extract(std::string_view text, const ParseOptions& parse_options,
                          const ExtractOptions& options, const CandidateFilter& accept) {
    const std::vector<Candidate> candidates = extract_candidates(text, options);
    return extract_detail::select_payload(
        candidates, parse_options, accept,
        [](std::string_view t, const ParseOptions& o) { return parse(t, o); });
}

std::vector<Extracted> extract_objects(std::string_view text, const ParseOptions& parse_options,
                                       const ExtractOptions& options) {
    const std::vector<Candidate> candidates = extract_candidates(text, options);
    return extract_detail::all_objects(candidates, parse_options,
                                       [](std::string_view t, const ParseOptions& o) { return parse(t, o); });
}

} // namespace laminate
