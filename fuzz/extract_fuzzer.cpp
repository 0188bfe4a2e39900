// libFuzzer target for laminate::extract_candidates and laminate::extract. The first byte picks
// the options, the rest is the model's text:
//   bit 0  reasoning blocks (<think>…) are not skipped
//   bit 1  at most 3 candidates instead of the default
//   bit 2  candidates are parsed with completion of truncated values
//   bit 3  only objects are accepted (a CandidateFilter)
// The seeds in fuzz/corpus/extract_fuzzer/ start with a printable selector: '@' defaults,
// 'A' reasoning kept, 'B' 3 candidates, 'D' completion, 'H' objects only.
// Properties: never a crash, hang or sanitizer report; every candidate is a view into the input
// at its offset, in input order and within max_candidates; extract() returns one of those
// candidates, its diagnostics' offsets lie inside the input, the filter is honoured, and the
// value round-trips through dump() as strict JSON.

#include "fuzz_checks.hpp"

#include <laminate/extract.hpp>

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

using namespace laminate;

namespace {

void check_subview(const Candidate& c, std::string_view input) {
    LAMINATE_FUZZ_CHECK(c.offset <= input.size(), "a candidate's offset lies beyond the input");
    LAMINATE_FUZZ_CHECK(c.text.size() <= input.size() - c.offset,
                        "a candidate runs past the input");
    if (!c.text.empty())
        LAMINATE_FUZZ_CHECK(c.text.data() == input.data() + c.offset,
                            "a candidate's text is not the input at its offset");
}

bool same_candidate(const Candidate& a, const Candidate& b) {
    return a.offset == b.offset && a.text.size() == b.text.size() && a.source == b.source;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0 || size > fuzz::kMaxInput) return 0;
    const std::uint8_t selector = data[0];
    const std::string_view text(reinterpret_cast<const char*>(data) + 1, size - 1);

    ExtractOptions eo;
    eo.skip_reasoning = (selector & 1u) == 0;
    if (selector & 2u) eo.max_candidates = 3;
    ParseOptions po;
    po.max_size = fuzz::kMaxInput;
    po.complete_truncated = (selector & 4u) != 0;
    const bool objects_only = (selector & 8u) != 0;

    const std::vector<Candidate> candidates = extract_candidates(text, eo);
    LAMINATE_FUZZ_CHECK(candidates.size() <= eo.max_candidates,
                        "more candidates than max_candidates");
    for (std::size_t i = 0; i < candidates.size(); ++i) {
        check_subview(candidates[i], text);
        if (i > 0)
            LAMINATE_FUZZ_CHECK(candidates[i - 1].offset <= candidates[i].offset,
                                "candidates are not in input order");
        (void)source_name(candidates[i].source);
    }

    CandidateFilter accept;
    if (objects_only) accept = [](const Value& v) { return v.is_object(); };
    auto result = extract(text, po, eo, accept);
    if (!result) {
        fuzz::check_error(result.error(), text.size());
        LAMINATE_FUZZ_CHECK(result.error().kind() == ErrorKind::NoPayload ||
                                result.error().kind() == ErrorKind::SizeExceeded,
                            "extract failed with an error other than no_payload");
        return 0;
    }
    check_subview(result->candidate, text);
    bool listed = false;
    for (const auto& c : candidates)
        listed = listed || same_candidate(c, result->candidate);
    LAMINATE_FUZZ_CHECK(listed,
                        "extract() chose a candidate that extract_candidates() did not list");
    fuzz::check_offsets(result->parsed.diagnostics, text.size());
    if (objects_only)
        LAMINATE_FUZZ_CHECK(result->parsed.value.is_object(), "the filter was ignored");
    fuzz::check_round_trip(result->parsed.value);
    return 0;
}
