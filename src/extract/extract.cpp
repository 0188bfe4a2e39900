// PLACEHOLDER extraction: the whole text only. Replaced by the real extractor.
#include <laminate/extract.hpp>

namespace laminate {

std::string_view source_name(CandidateSource s) noexcept {
    switch (s) {
    case CandidateSource::whole: return "whole";
    case CandidateSource::fence: return "fence";
    case CandidateSource::tag: return "tag";
    case CandidateSource::balanced: return "balanced";
    }
    return "unknown";
}

std::vector<Candidate> extract_candidates(std::string_view text, const ExtractOptions&) {
    return {Candidate{text, 0, CandidateSource::whole, {}, true}};
}

Result<Extracted> extract(std::string_view text, const ParseOptions& po, const ExtractOptions& eo,
                          const CandidateFilter& accept) {
    for (auto& c : extract_candidates(text, eo)) {
        auto p = parse(c.text, po);
        if (p && (!accept || accept(p->value))) return Extracted{c, std::move(*p)};
    }
    return Error(ErrorKind::no_payload, "no candidate parsed");
}

} // namespace laminate
