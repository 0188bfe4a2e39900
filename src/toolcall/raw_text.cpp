// Raw-text tool calls: reasoning split off, the format detected by its markers (or JSON shape),
// one reader per format (raw_text_json.cpp, raw_text_markers.cpp).

#include <laminate/toolcall/raw_text.hpp>

#include "raw_text_formats.hpp"
#include "utf8_repair.hpp"

#include <array>

namespace laminate::toolcall {

namespace {

struct Split {
    std::string reasoning;
    bool has_reasoning = false;
    std::string_view rest;
};

// <think>…</think> (also thinking, reasoning) before the answer; unclosed, the rest is all
// reasoning; a closer with no opener (the opener was in the prompt, as with DeepSeek-R1) ends
// the reasoning that began the text.
Split split_reasoning(std::string_view text) {
    struct Tags {
        std::string_view open, close;
    };
    static constexpr std::array<Tags, 3> tags{{{"<think>", "</think>"},
                                               {"<thinking>", "</thinking>"},
                                               {"<reasoning>", "</reasoning>"}}};
    Split out;
    out.rest = text;
    while (true) {
        const std::string_view head = detail::trim(out.rest);
        bool matched = false;
        for (const auto& [open, close] : tags) {
            if (head.starts_with(open)) {
                std::string_view inner = head.substr(open.size());
                const std::size_t end = inner.find(close);
                if (!out.reasoning.empty()) out.reasoning += '\n';
                out.reasoning += detail::trim(inner.substr(0, end));
                out.has_reasoning = true;
                out.rest = end == std::string_view::npos ? std::string_view() : inner.substr(end + close.size());
                matched = true;
                break;
            }
            if (!out.has_reasoning) {
                const std::size_t end = head.find(close);
                if (end != std::string_view::npos && head.find(open) == std::string_view::npos) {
                    out.reasoning = std::string(detail::trim(head.substr(0, end)));
                    out.has_reasoning = true;
                    out.rest = head.substr(end + close.size());
                    matched = true;
                    break;
                }
            }
        }
        if (!matched) return out;
    }
}

constexpr std::string_view kDeepseekMarker = "tool\xE2\x96\x81" "call"; // tool▁call(s)▁begin

Format detect_markers(std::string_view text) {
    if (text.find("<tool_call>") != std::string_view::npos) return Format::Hermes;
    if (text.find("[TOOL_CALLS]") != std::string_view::npos) return Format::Mistral;
    if (text.find(kDeepseekMarker) != std::string_view::npos) return Format::DeepSeek;
    if (text.find("<|python_tag|>") != std::string_view::npos) return Format::Llama3;
    if (text.find("<function=") != std::string_view::npos) return Format::Functionary;
    if (text.starts_with(">>>") || text.find("\n>>>") != std::string_view::npos) return Format::Functionary;
    // [f(a=1)] alone (not prose that happens to start with a word and a parenthesis).
    const std::string_view t = detail::trim(text);
    if (t.starts_with('[') && t.ends_with(']') && detail::looks_pythonic(t)) return Format::Llama3;
    return Format::AutoDetect;
}

std::size_t read_format(Format f, std::string_view text, detail::RawBuilder& b) {
    switch (f) {
    case Format::Hermes: return detail::read_hermes(text, b);
    case Format::Llama3: return detail::read_llama3(text, b);
    case Format::Mistral: return detail::read_mistral(text, b);
    case Format::DeepSeek: return detail::read_deepseek(text, b);
    case Format::Functionary: return detail::read_functionary(text, b);
    case Format::BareJson: return detail::read_bare_json(text, b);
    default: b.text(text); return 0;
    }
}

} // namespace

Format detect_raw_text_format(std::string_view text) {
    const Split split = split_reasoning(text);
    const Format marked = detect_markers(split.rest);
    if (marked != Format::AutoDetect) return marked;
    RawTextOptions options;
    detail::RawBuilder b{options, {}, {}, {}, 0, 0};
    bool used_parameters = false;
    if (detail::read_bare_json(split.rest, b, &used_parameters) == 0) return Format::AutoDetect;
    return used_parameters ? Format::Llama3 : Format::BareJson;
}

Result<Response> read_raw_text(std::string_view text, Format format, const RawTextOptions& options) {
    if (format != Format::AutoDetect && !is_raw_text_format(format))
        return Error(ErrorKind::UnknownFormat, "not a raw-text tool-call format");
    if (text.size() > options.max_size)
        return Error(ErrorKind::SizeExceeded, "raw text larger than RawTextOptions::max_size");
    std::size_t replaced = 0;
    const std::string repaired = detail::repair_utf8(text, replaced);
    if (replaced > 0) {
        auto r = read_raw_text(repaired, format, options);
        if (r) {
            Diagnostic d;
            d.kind = DiagnosticKind::Repaired;
            d.repair = RepairKind::InvalidUtf8;
            d.risk = Risk::Warning;
            d.message = std::to_string(replaced) + " invalid UTF-8 sequence(s) replaced by U+FFFD";
            r->diagnostics.insert(r->diagnostics.begin(), std::move(d));
        }
        return r;
    }
    Split split = split_reasoning(text);
    if (format == Format::AutoDetect) {
        format = detect_markers(split.rest);
        if (format == Format::AutoDetect) {
            detail::RawBuilder probe{options, {}, {}, {}, 0, 0};
            bool used_parameters = false;
            if (detail::read_bare_json(split.rest, probe, &used_parameters) > 0)
                return probe.finish(used_parameters ? Format::Llama3 : Format::BareJson,
                                    std::move(split.reasoning), split.has_reasoning);
            // No call at all: the text itself.
            return probe.finish(Format::AutoDetect, std::move(split.reasoning), split.has_reasoning);
        }
    }
    detail::RawBuilder b{options, {}, {}, {}, 0, 0};
    const std::size_t found = read_format(format, split.rest, b);
    if (found == 0 && b.calls == 0 && b.dropped_calls == 0 &&
        (format == Format::Mistral || format == Format::DeepSeek ||
         format == Format::Functionary)) {
        // The format was named but the text holds no call it can read: the text comes back as
        // it was, never a call made of prose.
        detail::RawBuilder plain{options, {}, {}, {}, 0, 0};
        plain.text(split.rest);
        plain.note(Risk::Warning, DiagnosticKind::Preserved,
                   "no readable tool call in the text; it is kept as text");
        return plain.finish(format, std::move(split.reasoning), split.has_reasoning);
    }
    return b.finish(format, std::move(split.reasoning), split.has_reasoning);
}

} // namespace laminate::toolcall
