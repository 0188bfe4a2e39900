#include "json_output.hpp"

#include <cstdint>

namespace laminate::cli {

namespace {
Value offset_value(std::size_t offset) { return Value(static_cast<std::uint64_t>(offset)); }
} // namespace

Value diagnostic_to_json(const Diagnostic& d) {
    Value out = Value::object();
    out.set("path", Value(d.path));
    out.set("kind", Value(kind_name(d.kind)));
    if (d.kind == DiagnosticKind::Repaired && d.repair != RepairKind::none)
        out.set("repair", Value(repair_name(d.repair)));
    out.set("risk", Value(risk_name(d.risk)));
    out.set("message", Value(d.message));
    if (!d.suggestion.empty()) out.set("suggestion", Value(d.suggestion));
    if (!d.from.empty()) out.set("from", Value(d.from));
    if (!d.to.empty()) out.set("to", Value(d.to));
    if (d.offset != Diagnostic::no_offset) out.set("offset", offset_value(d.offset));
    return out;
}

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
