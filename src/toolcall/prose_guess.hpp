#pragma once
// The tolerant parser reads prose as unquoted strings. As laminate::extract does, a reading
// that guessed a string at the root, or beside joined payloads, is not taken as a payload.

#include <laminate/parse.hpp>

namespace laminate::toolcall::detail {

inline bool guessed_from_prose(const Parsed& p) {
    bool guess_at_root = false, guess = false, joined = false;
    for (const auto& d : p.diagnostics) {
        const bool g = d.repair == RepairKind::UnquotedString || d.repair == RepairKind::MissingQuote;
        guess = guess || g;
        guess_at_root = guess_at_root || (g && d.path.empty());
        joined = joined || d.repair == RepairKind::ConcatenatedPayloads;
    }
    return guess_at_root || (guess && joined);
}

} // namespace laminate::toolcall::detail
