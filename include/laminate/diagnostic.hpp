#pragma once
// A Diagnostic is the written account of one liberty taken with the input: a syntax repair by
// the parser, a coercion or a default by shaping. Every one has a path, a kind and a risk.

#include <cstddef>
#include <iosfwd>
#include <string>
#include <string_view>
#include <vector>

namespace laminate {

// Ordered: Info < Warning < Risky.
enum class Risk : unsigned char {
    Info,    // lossless and conventional
    Warning, // the meaning could have changed (precision, guessed syntax, sentinel, fuzzy match)
    Risky,   // data was invented or dropped (completing a truncated value, discarding an element)
};

enum class DiagnosticKind : unsigned char {
    Repaired,       // the parser changed the syntax (see RepairKind)
    Coerced,        // a value was converted from one type to another (from -> to)
    Defaulted,      // a missing field was filled with its default
    Dropped,        // an unknown field or element was discarded
    Preserved,      // an unknown field was kept in an overflow / residual
    ErrorDefaulted, // an invalid value was replaced by a default
    Overridden,     // a value was replaced by configuration
    DuplicateKey,   // an object repeated a key; which one won is in the message
};

// What the tolerant parser repaired. Stable names via repair_name().
enum class RepairKind : unsigned char {
    None,
    TrailingComma,
    LeadingComma,
    MissingComma,
    MissingColon,
    SingleQuotes,
    SmartQuotes,
    MissingQuote,
    UnquotedKey,
    UnquotedString,
    Comment,
    PythonLiteral,
    PythonTuple,
    ControlCharacter,
    InvalidEscape,
    NanInfinity,
    UndefinedValue,
    MissingValue,
    InvalidNumber,
    ConcatenatedPayloads,
    DoubleEncoded,
    RedundantCloser,
    MissingCloser,
    TruncatedCompleted,
    StringConcatenation,
    WrapperStripped, // JSONP callback, MongoDB constructor, markdown fence around the document
    Ellipsis,
    SpecialWhitespace,
    InvalidUtf8,
    UnescapedQuote,
    BareAnswer,        // shaping: the whole answer was a bare word, number or sentence for a scalar target
    EnvelopeUnwrapped, // shaping: a tool-call envelope's arguments were shaped, not the envelope
    DoubledQuotes, // ""text"": every quote written twice
    TripleQuotes,  // """text""" or ```text``` around a string
    OtherCandidates, // extraction: other payloads were found and passed over
    StrayText,      // words between an object's members, not part of any: dropped
    MembersInArray, // ["k": "v"]: members written straight into an array, wrapped in an object
    JoinedArrays,   // {"a": [1], [2]}: an array without a key continues the member's array before it
    PythonSet,          // {'a', 'b'}: a Python set's elements, read as an array
    ExpressionAsString, // {"ratio": 1/3}: arithmetic where a number belongs, kept as its text
    DigitSeparator,     // 82_461_110: underscores between digits (Python, C++14) removed
    BareAnswerQuotes,   // shaping: quotes around a bare answer ('Paris', “Paris”) removed
    BareAnswerMarkup,   // shaping: markdown emphasis or inline code around a bare answer (**Paris**, `Paris`) removed
    MissingOpener,      // "a": 1, "b": 2}: the root object's '{' was missing (a prefilled '{' left out), inserted
};

std::string_view risk_name(Risk r) noexcept;            // "info", "warning", "risky"
std::string_view kind_name(DiagnosticKind k) noexcept;  // "repaired", "coerced", ...
std::string_view repair_name(RepairKind k) noexcept;    // "trailing_comma", ...

// Whether a repair undoes a writing style that a document tends to use throughout rather than a
// local slip: single_quotes, smart_quotes, unquoted_key, python_literal, trailing_comma, comment,
// special_whitespace. Each site of such a repair says the same thing, so the parser reports all
// the sites of one kind as one diagnostic with their count (Diagnostic::count), unless
// ParseOptions::diagnostics_per_site. Every other repair (missing_comma, unescaped_quote,
// invalid_escape, ...) is a guess about one place and keeps a diagnostic per site.
bool is_style_repair(RepairKind k) noexcept;

struct Diagnostic {
    static constexpr std::size_t no_offset = static_cast<std::size_t>(-1);

    std::string path;     // below the root, in laminate's path syntax ("days", "items[2]"; "" is the root)
    DiagnosticKind kind = DiagnosticKind::Repaired;
    Risk risk = Risk::Info;
    std::string message;  // what was done, never the input's content
    std::string suggestion;             // how to make the source stricter, if useful
    std::size_t offset = no_offset;     // byte offset in the input text, for parser repairs
    RepairKind repair = RepairKind::None;
    std::string from;     // Coerced: source type
    std::string to;       // Coerced: target type
    // The sites this diagnostic stands for: a style repair (is_style_repair()) made at several
    // places is one diagnostic whose path and offset are those of its first site (the lowest
    // offset) and whose risk is the highest of them. 1 for everything else.
    std::size_t count = 1;

    // "[info] $.passengers: coerced string -> uint8",
    // "[warning] $.city: replaced quotes (single_quotes, offset 9)": risk, path, message, then
    // the repair and the byte offset when there are. A diagnostic for several sites says how many
    // and where the first is: "[warning] $.name: replaced quotes (single_quotes, 20 sites, first
    // at offset 1)".
    std::string to_string() const;
};

std::ostream& operator<<(std::ostream& os, const Diagnostic& d);

using Diagnostics = std::vector<Diagnostic>;

// The highest risk in a list (Info when empty).
Risk max_risk(const Diagnostics& ds) noexcept;

} // namespace laminate
