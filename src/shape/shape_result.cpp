// Typed shaping, the end of the run: errors summarized, risk limits, diagnostic sinks.
#include <laminate/detail/shape_state.hpp>

#include <ostream>

namespace laminate {

DiagnosticSink DiagnosticSink::print(std::ostream& os, Risk at) {
    return forward(at, [&os](const Diagnostic& d) { os << d << '\n'; });
}

Diagnostics DiagnosticSink::deliver(Diagnostics diagnostics) const {
    switch (kind_) {
    case Kind::Collect: return diagnostics;
    case Kind::Drop: return {};
    case Kind::Forward:
        if (callback_)
            for (const Diagnostic& d : diagnostics)
                if (d.risk >= at_) callback_(d);
        return {};
    }
    return {};
}

std::optional<Error> require_below(const Diagnostics& diagnostics, Risk limit) {
    const Diagnostic* first = nullptr;
    std::size_t count = 0;
    for (const Diagnostic& d : diagnostics) {
        if (d.risk < limit) continue;
        if (!first) first = &d;
        ++count;
    }
    if (!first) return std::nullopt;
    std::string m = std::to_string(count) + (count == 1 ? " diagnostic" : " diagnostics") + " at or above " +
                    std::string(risk_name(limit)) + ", the first: " + first->to_string();
    return Error(ErrorKind::RiskExceeded, std::move(m), first->offset, first->path);
}

namespace shape_detail {

Error summarize(std::span<const Error> errors) {
    if (errors.size() == 1) return errors.front();
    constexpr std::size_t kListed = 20;
    std::string m = std::to_string(errors.size()) + " fields failed: ";
    for (std::size_t i = 0; i < errors.size() && i < kListed; ++i) {
        if (i) m += "; ";
        m += display_path(errors[i].path());
        m += ": ";
        m += errors[i].message();
    }
    if (errors.size() > kListed) m += "; and " + std::to_string(errors.size() - kListed) + " more";
    return Error(ErrorKind::ShapeError, std::move(m));
}

std::optional<Error> conclude_general(ShapeState& st, const ShapeOptions& options, Diagnostics& diagnostics,
                                      Value& residual) {
    if (!st.errors.empty()) {
        if (options.field_errors) *options.field_errors = st.errors;
        return summarize(st.errors);
    }
    if (options.fail_at)
        if (auto e = require_below(st.diagnostics, *options.fail_at)) return e;
    diagnostics = options.sink.deliver(std::move(st.diagnostics));
    residual = std::move(st.residual);
    return std::nullopt;
}

ParseOptions parse_options_for(const ShapeOptions& options) {
    ParseOptions p = options.parse;
    if (!options.mode.policy.syntax_repair) {
        p.repair = false;
        p.complete_truncated = false;
    }
    return p;
}

std::string_view type_label_from_pretty(std::string_view pretty) noexcept {
    std::size_t start = pretty.find("T = ");
    if (start == std::string_view::npos) return "value";
    start += 4;
    std::size_t end = start;
    int depth = 0;
    bool templated = false;
    for (; end < pretty.size(); ++end) {
        char c = pretty[end];
        // clang spells an unnamed namespace "(anonymous namespace)::": parentheses nest but do
        // not make the name a template's, so the namespaces are still stripped.
        if (c == '<' || c == '(') {
            ++depth;
            templated = templated || c == '<';
        } else if (c == '>' || c == ')') {
            --depth;
        } else if (depth == 0 && (c == ';' || c == ']' || c == ',')) {
            break;
        }
    }
    std::string_view name = pretty.substr(start, end - start);
    if (!templated)
        if (std::size_t colons = name.rfind("::"); colons != std::string_view::npos) name.remove_prefix(colons + 2);
    return name;
}

} // namespace shape_detail
} // namespace laminate
