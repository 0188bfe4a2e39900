#pragma once
// The tolerant parser: valid JSON (RFC 8259) exactly and fast, and what models really emit —
// trailing/missing commas, single and smart quotes, unquoted keys, comments, Python literals,
// control characters in strings, NaN/Infinity, concatenated payloads, quotes escaped once too
// often (double_encoded; a whole document that is one JSON string is read as that string: valid
// JSON reads exactly, and extract() takes the document it holds), quotes
// inside a string's text (unescaped_quote), ""doubled"" quotes (doubled_quotes), """triple""" or
// ```backtick``` delimited strings (triple_quotes), one closer too many (redundant_closer), stray
// words between members (stray_text), members inside an array (members_in_array), a keyless
// array after an array member (joined_arrays), Python sets {'a', 'b'} read as arrays
// (python_set), arithmetic such as 1/3 where a number belongs kept as its text
// (expression_as_string), digit separators 82_461_110 (digit_separator), Python's string
// prefixes b'x' r'C:\x' u'x' f'x' (python_literal; a raw string keeps its backslashes) — with
// one Repaired diagnostic per repair (what, where, how risky), except that a style repair
// (is_style_repair(): quotes, unquoted keys, Python literals, trailing commas, comments, odd
// spaces) is one diagnostic per kind for the whole document, with the number of sites in
// Diagnostic::count and the path and offset of the first (ParseOptions::diagnostics_per_site
// keeps one per site). The repair kinds and their printed names are the RepairKind table in
// diagnostic.hpp (repair_name()).
//
// A repair yields the reading a careful person would choose, or an error: a quote ends a
// member's value only where a comma and a plausible next member ("key":), the object's end or
// the end of the text follow; a value without a key inside an object is ambiguous_repair (unless
// the object is an array element that lost its closer, or the value is an array continuing the
// member's array before it); adjacent strings in a member's value ({"a": "x" "y"}) are
// ambiguous_repair, since ["x" "y"] is two values; prose is never joined into an array.
// Completing truncated text drops a dangling key or an empty fragment ("[\"", "[-") rather than
// inventing "", 0, -0 or null, and a dangling key never replaces an earlier member.

#include <laminate/diagnostic.hpp>
#include <laminate/result.hpp>
#include <laminate/value.hpp>

#include <cstddef>
#include <string_view>

namespace laminate {

enum class InvalidUtf8 : unsigned char {
    Error,   // invalid_utf8 error with the offset
    Replace, // each bad sequence becomes U+FFFD, with a Warning diagnostic
};

enum class DuplicateKeys : unsigned char {
    LastWins,  // diagnostic; the later member replaces the earlier
    FirstWins, // diagnostic; the later member is ignored
    KeepAll,   // diagnostic; both members are kept in order
    Error,     // invalid_json error
};

struct ParseOptions {
    // Apply repairs. With false the parser is a strict RFC 8259 parser: the first deviation is
    // an error (repair_not_allowed, with the offset of what would have been repaired).
    bool repair = true;
    // Close a truncated document (unterminated string, missing closers, dangling key) instead of
    // failing with value_not_closed. Every completion is a Risky diagnostic.
    bool complete_truncated = false;
    // Limits, all enforced without recursion: exceeding one is an error, never a crash.
    std::size_t max_depth = 512;
    std::size_t max_size = std::size_t(256) << 20; // bytes of input
    std::size_t max_repairs = 10'000; // sites repaired, merged ones included (see below)
    InvalidUtf8 invalid_utf8 = InvalidUtf8::Error;
    DuplicateKeys duplicate_keys = DuplicateKeys::LastWins;
    // One diagnostic per repaired site, style repairs included. With false (the default), all the
    // sites of one style repair (is_style_repair()) are one diagnostic: its count is the number of
    // sites, its path and offset are the first site's (lowest offset), its risk the highest; the
    // list stays in offset order. The value parsed and the max_repairs limit (which counts sites)
    // are the same either way.
    bool diagnostics_per_site = false;
};

struct Parsed {
    Value value;
    Diagnostics diagnostics; // empty for valid JSON
};

// Parses one JSON document (after repairs, if allowed). Leading/trailing whitespace is fine;
// several top-level values become an array (concatenated_payloads repair); anything else after
// the value is an error.
Result<Parsed> parse(std::string_view text, const ParseOptions& options = {});

// Strict RFC 8259: no repairs at all. Equivalent to parse(text, {.repair = false}).value.
Result<Value> parse_json(std::string_view text);

namespace parse_detail {
// parse(), for shaping, which appends its own diagnostics (a default, a coercion) to the
// result's list: that list is allocated with room for two more, so that shaping does not move
// every repair to grow it. Plain parse() allocates the list at its size, which keeps most lists
// within malloc's small-size cache.
Result<Parsed> parse_for_shaping(std::string_view text, const ParseOptions& options);
} // namespace parse_detail

} // namespace laminate
