#include <laminate/diagnostic.hpp>

#include <algorithm>
#include <ostream>

namespace laminate {

std::string_view risk_name(Risk r) noexcept {
    switch (r) {
    case Risk::Info: return "info";
    case Risk::Warning: return "warning";
    case Risk::Risky: return "risky";
    }
    return "unknown";
}

std::string_view kind_name(DiagnosticKind k) noexcept {
    switch (k) {
    case DiagnosticKind::Repaired: return "repaired";
    case DiagnosticKind::Coerced: return "coerced";
    case DiagnosticKind::Defaulted: return "defaulted";
    case DiagnosticKind::Dropped: return "dropped";
    case DiagnosticKind::Preserved: return "preserved";
    case DiagnosticKind::ErrorDefaulted: return "error_defaulted";
    case DiagnosticKind::Overridden: return "overridden";
    case DiagnosticKind::DuplicateKey: return "duplicate_key";
    }
    return "unknown";
}

std::string_view repair_name(RepairKind k) noexcept {
    switch (k) {
    case RepairKind::none: return "none";
    case RepairKind::trailing_comma: return "trailing_comma";
    case RepairKind::leading_comma: return "leading_comma";
    case RepairKind::missing_comma: return "missing_comma";
    case RepairKind::missing_colon: return "missing_colon";
    case RepairKind::single_quotes: return "single_quotes";
    case RepairKind::smart_quotes: return "smart_quotes";
    case RepairKind::missing_quote: return "missing_quote";
    case RepairKind::unquoted_key: return "unquoted_key";
    case RepairKind::unquoted_string: return "unquoted_string";
    case RepairKind::comment: return "comment";
    case RepairKind::python_literal: return "python_literal";
    case RepairKind::python_tuple: return "python_tuple";
    case RepairKind::control_character: return "control_character";
    case RepairKind::invalid_escape: return "invalid_escape";
    case RepairKind::nan_infinity: return "nan_infinity";
    case RepairKind::undefined_value: return "undefined_value";
    case RepairKind::missing_value: return "missing_value";
    case RepairKind::invalid_number: return "invalid_number";
    case RepairKind::concatenated_payloads: return "concatenated_payloads";
    case RepairKind::double_encoded: return "double_encoded";
    case RepairKind::redundant_closer: return "redundant_closer";
    case RepairKind::missing_closer: return "missing_closer";
    case RepairKind::truncated_completed: return "truncated_completed";
    case RepairKind::string_concatenation: return "string_concatenation";
    case RepairKind::wrapper_stripped: return "wrapper_stripped";
    case RepairKind::ellipsis: return "ellipsis";
    case RepairKind::special_whitespace: return "special_whitespace";
    case RepairKind::invalid_utf8: return "invalid_utf8";
    case RepairKind::unescaped_quote: return "unescaped_quote";
    }
    return "unknown";
}

std::string Diagnostic::to_string() const {
    std::string out = "[";
    out += risk_name(risk);
    out += "] at '";
    out += path.empty() ? std::string_view("(root)") : std::string_view(path);
    out += "': ";
    out += message;
    return out;
}

std::ostream& operator<<(std::ostream& os, const Diagnostic& d) { return os << d.to_string(); }

Risk max_risk(const Diagnostics& ds) noexcept {
    Risk r = Risk::Info;
    for (const auto& d : ds) r = std::max(r, d.risk);
    return r;
}

} // namespace laminate
