// Answer forms that are no single JSON candidate (shape.hpp, Schema::from_llm_response): a bare
// answer for a scalar target, several objects in prose for an array target.
#include <laminate/shape.hpp>

namespace laminate::shape_detail {

Parsed bare_parse(std::string_view text, std::string_view bare) {
    Parsed p;
    p.value = Value(std::string(bare));
    Diagnostic& d = p.diagnostics.emplace_back();
    d.kind = DiagnosticKind::Repaired;
    d.repair = RepairKind::BareAnswer;
    d.risk = Risk::Info;
    d.message = "read the whole answer, a bare word, number or sentence, as the value";
    d.suggestion = "emit JSON";
    d.offset = static_cast<std::size_t>(bare.data() - text.data());
    return p;
}

std::optional<Parsed> objects_as_array(std::string_view text, const ParseOptions& parse_options,
                                       const ExtractOptions& options) {
    std::vector<Extracted> objects = extract_objects(text, parse_options, options);
    if (objects.size() < 2) return std::nullopt;
    Parsed p;
    p.value = Value::array();
    std::size_t first_offset = objects.front().candidate.offset;
    for (Extracted& e : objects) {
        for (Diagnostic& d : e.parsed.diagnostics) p.diagnostics.push_back(std::move(d));
        p.value.push_back(std::move(e.parsed.value));
    }
    Diagnostic& d = p.diagnostics.emplace_back();
    d.kind = DiagnosticKind::Repaired;
    d.repair = RepairKind::ConcatenatedPayloads;
    d.risk = Risk::Warning;
    d.message = "took the " + std::to_string(objects.size()) + " objects found in the text as the array's elements";
    d.suggestion = "emit one JSON array";
    d.offset = first_offset;
    return p;
}

} // namespace laminate::shape_detail
