#include <laminate/diagnostic.hpp>
#include <laminate/value.hpp>

#include "core/diagnostic_append.hpp"

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
    case RepairKind::None: return "none";
    case RepairKind::TrailingComma: return "trailing_comma";
    case RepairKind::LeadingComma: return "leading_comma";
    case RepairKind::MissingComma: return "missing_comma";
    case RepairKind::MissingColon: return "missing_colon";
    case RepairKind::SingleQuotes: return "single_quotes";
    case RepairKind::SmartQuotes: return "smart_quotes";
    case RepairKind::MissingQuote: return "missing_quote";
    case RepairKind::UnquotedKey: return "unquoted_key";
    case RepairKind::UnquotedString: return "unquoted_string";
    case RepairKind::Comment: return "comment";
    case RepairKind::PythonLiteral: return "python_literal";
    case RepairKind::PythonTuple: return "python_tuple";
    case RepairKind::ControlCharacter: return "control_character";
    case RepairKind::InvalidEscape: return "invalid_escape";
    case RepairKind::NanInfinity: return "nan_infinity";
    case RepairKind::UndefinedValue: return "undefined_value";
    case RepairKind::MissingValue: return "missing_value";
    case RepairKind::InvalidNumber: return "invalid_number";
    case RepairKind::ConcatenatedPayloads: return "concatenated_payloads";
    case RepairKind::DoubleEncoded: return "double_encoded";
    case RepairKind::RedundantCloser: return "redundant_closer";
    case RepairKind::MissingCloser: return "missing_closer";
    case RepairKind::TruncatedCompleted: return "truncated_completed";
    case RepairKind::StringConcatenation: return "string_concatenation";
    case RepairKind::WrapperStripped: return "wrapper_stripped";
    case RepairKind::Ellipsis: return "ellipsis";
    case RepairKind::SpecialWhitespace: return "special_whitespace";
    case RepairKind::InvalidUtf8: return "invalid_utf8";
    case RepairKind::UnescapedQuote: return "unescaped_quote";
    case RepairKind::BareAnswer: return "bare_answer";
    case RepairKind::EnvelopeUnwrapped: return "envelope_unwrapped";
    case RepairKind::DoubledQuotes: return "doubled_quotes";
    case RepairKind::TripleQuotes: return "triple_quotes";
    case RepairKind::StrayText: return "stray_text";
    case RepairKind::MembersInArray: return "members_in_array";
    case RepairKind::JoinedArrays: return "joined_arrays";
    case RepairKind::OtherCandidates: return "other_candidates";
    case RepairKind::PythonSet: return "python_set";
    case RepairKind::ExpressionAsString: return "expression_as_string";
    case RepairKind::DigitSeparator: return "digit_separator";
    case RepairKind::BareAnswerQuotes: return "bare_answer_quotes";
    case RepairKind::BareAnswerMarkup: return "bare_answer_markup";
    case RepairKind::MissingOpener: return "missing_opener";
    }
    return "unknown";
}

bool is_style_repair(RepairKind k) noexcept { return core_detail::style_repair(k); }

void core_detail::merge_style_repairs(Diagnostics& ds) {
    std::uint64_t seen = 0;
    std::size_t first[64];
    std::size_t kept = 0;
    for (std::size_t i = 0; i < ds.size(); ++i) {
        Diagnostic& d = ds[i];
        if (d.kind == DiagnosticKind::Repaired && style_repair(d.repair)) {
            const std::uint64_t bit = style_repair_bit(d.repair);
            const auto kind = static_cast<unsigned>(d.repair);
            if (seen & bit) {
                Diagnostic& into = ds[first[kind]];
                into.count += d.count;
                into.risk = std::max(into.risk, d.risk);
                if (d.offset < into.offset) {
                    into.offset = d.offset;
                    into.path = std::move(d.path);
                    into.message = std::move(d.message);
                }
                continue;
            }
            seen |= bit;
            first[kind] = kept;
        }
        if (kept != i) ds[kept] = std::move(d);
        ++kept;
    }
    ds.erase(ds.begin() + static_cast<std::ptrdiff_t>(kept), ds.end());
}

std::string Diagnostic::to_string() const {
    std::string out = "[";
    out += risk_name(risk);
    out += "] ";
    out += display_path(path);
    out += ": ";
    out += message;
    // Which repair, and where in the text: a key and its value repaired alike differ here.
    if (repair != RepairKind::None || offset != no_offset || count > 1) {
        out += " (";
        const char* separator = "";
        if (repair != RepairKind::None) {
            out += repair_name(repair);
            separator = ", ";
        }
        if (count > 1) {
            out += separator;
            out += std::to_string(count);
            out += " sites";
            separator = ", ";
        }
        if (offset != no_offset) {
            out += separator;
            out += count > 1 ? "first at offset " : "offset ";
            out += std::to_string(offset);
        }
        out += ')';
    }
    return out;
}

std::ostream& operator<<(std::ostream& os, const Diagnostic& d) { return os << d.to_string(); }

Risk max_risk(const Diagnostics& ds) noexcept {
    Risk r = Risk::Info;
    for (const auto& d : ds) r = std::max(r, d.risk);
    return r;
}

} // namespace laminate
