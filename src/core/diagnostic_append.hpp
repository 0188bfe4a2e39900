#pragma once
// Appending a Diagnostic that the caller fills in place, and making a repair's diagnostic.

#include <laminate/diagnostic.hpp>

#include <cstddef>
#include <cstdint>
#include <new>
#include <string>
#include <string_view>

namespace laminate::core_detail {

// The style repairs (is_style_repair()) as a set of bits, bit k for the RepairKind of value k:
// mergers test a kind with one AND and keep a table by kind without clearing it (see
// parse_detail::Parser::flush_pending()).
inline constexpr std::uint64_t style_repair_bit(RepairKind k) noexcept {
    return std::uint64_t(1) << static_cast<unsigned>(k);
}
inline constexpr std::uint64_t style_repairs =
    style_repair_bit(RepairKind::SingleQuotes) | style_repair_bit(RepairKind::SmartQuotes) |
    style_repair_bit(RepairKind::UnquotedKey) | style_repair_bit(RepairKind::PythonLiteral) |
    style_repair_bit(RepairKind::TrailingComma) | style_repair_bit(RepairKind::Comment) |
    style_repair_bit(RepairKind::SpecialWhitespace);
static_assert(static_cast<unsigned>(RepairKind::MissingOpener) < 64, "a RepairKind is a bit of a uint64_t");
inline constexpr bool style_repair(RepairKind k) noexcept {
    return (style_repairs & style_repair_bit(k)) != 0;
}

// Makes the Repaired diagnostics of each style repair in `ds` one (ParseOptions::
// diagnostics_per_site off), in one pass: the first of a kind stays where it is and takes the
// others' counts and highest risk, and the path, message and offset of the lowest offset. For a
// list gathered from several parses, or from one parse made per site and then split by path (the
// tool-call readers), so that each list reports a style once.
void merge_style_repairs(Diagnostics& ds);

// Appends a default-initialized Diagnostic and returns it. Not `emplace_back()`: that
// value-initializes, which for an aggregate zero-fills every byte before running the member
// initializers anyway, and g++ 12 does it with `rep stos` over the 184 bytes (a large share of
// the time spent on malformed small objects went there). `Diagnostic{...}` with the members spelled out fares no better: g++ clears the
// object first when most of its members are empty.
inline Diagnostic& append_diagnostic(Diagnostics& ds) {
    struct DefaultInitialized {
        operator Diagnostic() const { // NOLINT: implicit on purpose, so emplace_back builds in place
            Diagnostic d;
            return d;
        }
    };
    return ds.emplace_back(DefaultInitialized{});
}

// The Repaired diagnostic of one repair at `offset` (a byte offset in the text read). The
// message and suggestion are the library's words: never the input's content.
inline Diagnostic repaired(RepairKind repair, Risk risk, std::string message, std::string suggestion,
                           std::size_t offset = Diagnostic::no_offset) {
    Diagnostic d;
    d.kind = DiagnosticKind::Repaired;
    d.repair = repair;
    d.risk = risk;
    d.message = std::move(message);
    d.suggestion = std::move(suggestion);
    d.offset = offset;
    return d;
}

// Gives the empty string `s` (a member of a Diagnostic just appended) the n bytes at `p`, built
// over it in place: std::string's constructor is inline (one copy, no call), where assign() calls
// into the library and `s = std::string(p, n)` copies a short string twice.
inline void fill_empty(std::string& s, const char* p, std::size_t n) {
    s.~basic_string(); // empty: nothing to free
    try {
        ::new (static_cast<void*>(&s)) std::string(p, n);
    } catch (...) {
        ::new (static_cast<void*>(&s)) std::string(); // the owner destroys a live string
        throw;
    }
}

// The longest string std::string keeps inline (libstdc++ and libc++ alike keep 15 bytes or more).
inline constexpr std::size_t short_string_capacity = 15;

// Gives the empty string `s` the n <= 15 bytes at `p`, where 15 bytes may be read: the copy has a
// fixed size, two moves inline, where one of n bytes is a call to memcpy (a parse with repairs
// writes two such strings per Diagnostic: its path and its message).
inline void fill_short(std::string& s, const char* p, std::size_t n) noexcept {
    s.~basic_string(); // empty: nothing to free
    ::new (static_cast<void*>(&s)) std::string(p, short_string_capacity); // inline: no allocation
    s.erase(n);
}

// Gives the empty string `s` the path `path` followed by `step`, a path step as append_path_key
// writes it ("key" or ["odd key"], "[3]"): joined by a '.' unless the step is bracketed or the
// path is the root. Either may be empty; then the other is copied in one go.
inline void fill_joined_path(std::string& s, std::string_view path, std::string_view step) {
    if (path.empty() || step.empty()) {
        const std::string_view whole = path.empty() ? step : path;
        fill_empty(s, whole.data(), whole.size());
        return;
    }
    const bool dot = step.front() != '[';
    s.reserve(path.size() + dot + step.size());
    s = path;
    if (dot) s += '.';
    s += step;
}

} // namespace laminate::core_detail
