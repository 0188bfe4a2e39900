#include "json_output.hpp"

#include <laminate/toolcall/response.hpp>

#include <cstdint>

namespace laminate::cli {

namespace {
Value offset_value(std::size_t offset) { return Value(static_cast<std::uint64_t>(offset)); }
} // namespace

// One JSON form of a diagnostic for the whole library: the CLI prints what toolcall embeds.
Value diagnostic_to_json(const Diagnostic& d) { return toolcall::diagnostic_to_value(d); }

Value diagnostics_to_json(const Diagnostics& ds) {
    Value out = Value::array();
    for (const auto& d : ds) out.push_back(diagnostic_to_json(d));
    return out;
}

Value candidate_to_json(const Candidate& c) {
    Value out = Value::object();
    out.set("source", Value(source_name(c.source)));
    out.set("label", Value(c.label));
    out.set("offset", offset_value(c.offset));
    out.set("closed", Value(c.closed));
    return out;
}

Value error_to_json(const Error& e) {
    Value detail = Value::object();
    detail.set("kind", Value(e.kind_name()));
    detail.set("message", Value(e.message()));
    if (e.has_offset()) detail.set("offset", offset_value(e.offset()));
    if (!e.path().empty()) detail.set("path", Value(e.path()));
    Value out = Value::object();
    out.set("error", std::move(detail));
    return out;
}

} // namespace laminate::cli
