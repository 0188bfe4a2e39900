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

std::string_view cli_hint(const Error& e) {
    const std::string& m = e.message();
    switch (e.kind()) {
    case ErrorKind::ValueNotClosed:
        return "the text ends inside a value: --complete-truncated closes it (each completion a risky diagnostic)";
    case ErrorKind::NoPayload:
        if (m.find("not closed") != std::string::npos)
            return "the JSON in the text is cut off: --complete-truncated closes it (each completion a risky "
                   "diagnostic)";
        return {};
    case ErrorKind::InvalidJson:
        if (m.find("unexpected content after the JSON value") != std::string::npos)
            return "the text holds more than one JSON value: `laminate extract` (or `laminate shape`) takes the "
                   "JSON out of prose, fences and tags";
        return {};
    case ErrorKind::RepairNotAllowed:
        return "the input needs a repair: without --no-repair (or --mode strict) laminate makes it, with a "
               "diagnostic";
    default: return {};
    }
}

Value error_to_json(const Error& e) {
    Value detail = Value::object();
    detail.set("kind", Value(e.kind_name()));
    detail.set("message", Value(e.message()));
    if (e.has_offset()) detail.set("offset", offset_value(e.offset()));
    if (!e.path().empty()) detail.set("path", Value(display_path(e.path())));
    // The command line's own way out (its flags and commands), beside the library's message.
    if (const std::string_view hint = cli_hint(e); !hint.empty()) detail.set("hint", Value(hint));
    Value out = Value::object();
    out.set("error", std::move(detail));
    return out;
}

} // namespace laminate::cli
