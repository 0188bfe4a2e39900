// The public entry points: candidates come from the scanner (scanner.cpp), the choice from
// select_payload (select.cpp), with the real parser.
#include <laminate/extract.hpp>

#include "core/diagnostic_append.hpp"
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
// Where the text after a chosen object goes on like its members (the object's closer came
// early): `{"a": 1}, "b": 2}`, `{"a": 1} "b": 2}`, and with the colon missing too,
// `{"a": 1}, "b" "c"}`. The offset where they begin (the comma, else the key); npos otherwise.
// A bounded look-ahead: a key is short. Prose after a payload rarely starts with a quoted key,
// and never quietly loses data when it does: the diagnostic only says what was not taken.
std::size_t members_after(std::string_view text, std::size_t end) {
    auto ws = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; };
    auto skip = [&](std::size_t i) {
        while (i < text.size() && ws(text[i]))
            ++i;
        return i;
    };
    // The end of a quoted string starting at i (past its closing quote), or npos.
    auto quoted = [&](std::size_t i) {
        if (i >= text.size() || (text[i] != '"' && text[i] != '\'')) return std::string_view::npos;
        const char quote = text[i];
        const std::size_t limit = std::min(text.size(), i + 256);
        std::size_t j = i + 1;
        while (j < limit && text[j] != quote && text[j] != '\n')
            j += text[j] == '\\' ? 2 : 1;
        return j < limit && text[j] == quote ? j + 1 : std::string_view::npos;
    };
    std::size_t i = skip(end);
    const std::size_t begin = i;
    if (i < text.size() && text[i] == ',') i = skip(i + 1);
    const std::size_t key_end = quoted(i);
    if (key_end == std::string_view::npos) return std::string_view::npos;
    std::size_t j = key_end;
    while (j < text.size() && (text[j] == ' ' || text[j] == '\t'))
        ++j;
    if (j < text.size() && text[j] == ':') return begin;
    // "key" "value": a member whose colon is missing too, then the object goes on or ends.
    const std::size_t value_end = quoted(j > key_end ? j : std::string_view::npos);
    if (value_end == std::string_view::npos) return std::string_view::npos;
    const std::size_t after = skip(value_end);
    return after < text.size() && (text[after] == ',' || text[after] == '}') ? begin : std::string_view::npos;
}

// A candidate as extraction reads it: parse(), and with repairs on, a JSON string that holds a
// strictly valid JSON object or array (a document encoded once more) read as the document it
// holds, with a Warning. parse() itself reads such a string as written: it is valid JSON.
Result<Parsed> parse_candidate(std::string_view text, const ParseOptions& options) {
    auto parsed = parse(text, options);
    if (!parsed || !options.repair || !extract_detail::encodes_container(parsed->value)) return parsed;
    ParseOptions strict = options;
    strict.repair = false;
    strict.complete_truncated = false;
    auto inner = parse(parsed->value.as_string(), strict);
    if (!inner || !(inner->value.is_object() || inner->value.is_array())) return parsed;
    const std::size_t at = std::min(text.size(), text.find_first_not_of(" \t\r\n"));
    parsed->diagnostics.push_back(core_detail::repaired(RepairKind::DoubleEncoded, Risk::Warning, "decoded string",
                                                        "emit the JSON itself, not a string holding it", at));
    for (Diagnostic& inner_d : inner->diagnostics) { // a repeated key inside: which value won
        inner_d.offset = at;
        parsed->diagnostics.push_back(std::move(inner_d));
    }
    parsed->value = std::move(inner->value);
    return parsed;
}
} // namespace

Result<Extracted> extract(std::string_view text, const ParseOptions& parse_options,
                          const ExtractOptions& options, const CandidateFilter& accept) {
    const std::vector<Candidate> candidates = extract_candidates(text, options);
    auto result = extract_detail::select_payload(
        candidates, parse_options, accept,
        [](std::string_view t, const ParseOptions& o) { return parse_candidate(t, o); });
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
            d.suggestion = "remove the '}' before them";
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
