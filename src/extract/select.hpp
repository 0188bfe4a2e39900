#pragma once
// Choosing the payload among the candidates (the rule is documented on laminate::extract()).
// The parser is a parameter so that the selection rule can be tested with a scripted parser.

#include <laminate/extract.hpp>

#include <functional>
#include <span>
#include <string_view>
#include <vector>

namespace laminate::extract_detail {

using ParseFunction = std::function<Result<Parsed>(std::string_view, const ParseOptions&)>;

// True when the parse of `text` guessed where a string begins or ends (an unquoted string, a
// missing quote): the repairs that can turn prose into data. A member's value of one token that
// starts with '/' ({route: /}, {path: /api/v1}) is no guess: prose does not write that.
bool guessed_string_boundaries(const Diagnostics& diagnostics, std::string_view text) noexcept;

// Whether v is a string whose content opens a JSON object or array (a double-encoded payload).
bool encodes_container(const Value& v) noexcept;

// Every candidate but the whole text that parses to an object (refusing guessed strings as
// select_payload does), in text order.
std::vector<Extracted> all_objects(std::span<const Candidate> candidates, const ParseOptions& parse_options,
                                   const ParseFunction& parse_fn);

Result<Extracted> select_payload(std::span<const Candidate> candidates,
                                 const ParseOptions& parse_options, const CandidateFilter& accept,
                                 const ParseFunction& parse_fn);

} // namespace laminate::extract_detail
