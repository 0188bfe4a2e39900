#pragma once
// Choosing the payload among the candidates (the rule is documented on laminate::extract()).
// The parser is a parameter so that the selection rule can be tested with a scripted parser.

#include <laminate/extract.hpp>

#include <functional>
#include <span>
#include <string_view>

namespace laminate::extract_detail {

using ParseFunction = std::function<Result<Parsed>(std::string_view, const ParseOptions&)>;

// True when the parse guessed where a string begins or ends (an unquoted string, a missing
// quote): the repairs that can turn prose into data.
bool guessed_string_boundaries(const Diagnostics& diagnostics) noexcept;

Result<Extracted> select_payload(std::span<const Candidate> candidates,
                                 const ParseOptions& parse_options, const CandidateFilter& accept,
                                 const ParseFunction& parse_fn);

} // namespace laminate::extract_detail
