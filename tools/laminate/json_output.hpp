#pragma once
// The JSON shapes every subcommand answers with, so that they read alike:
//   success: {"value": …, "diagnostics": [{"path", "kind", "repair"?, "risk", "message", …}]}
//   error:   {"error": {"kind", "message", "offset"?, "path"?}}
// Nothing here copies input text; messages come from laminate, which never quotes model output.

#include <laminate/diagnostic.hpp>
#include <laminate/error.hpp>
#include <laminate/extract.hpp>
#include <laminate/value.hpp>

namespace laminate::cli {

// One diagnostic: path, kind, repair (for parser repairs), risk, message, and when present
// suggestion, from/to (coercions) and offset.
Value diagnostic_to_json(const Diagnostic& d);
Value diagnostics_to_json(const Diagnostics& ds);

// Which part of the text an extraction used: {"source", "label", "offset", "closed"}.
Value candidate_to_json(const Candidate& c);

// {"error": {"kind", "message", "offset"?, "path"?}}
Value error_to_json(const Error& e);

} // namespace laminate::cli
