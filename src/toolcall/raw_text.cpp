// Raw-text tool calls: reasoning split off, the format detected by its markers (or JSON shape),
// one reader per format (raw_text_json.cpp, raw_text_markers.cpp).

#include <laminate/toolcall/raw_text.hpp>

#include "raw_text_formats.hpp"
#include "utf8_repair.hpp"

#include <algorithm>
#include <array>
#include <vector>

namespace laminate::toolcall {

namespace {

// Functionary's own way of answering in text: the `all` recipient (`all\n...`, `>>>all\n...`).
bool functionary_text_channel(Format format, std::string_view rest) {
    if (format != Format::Functionary) return false;
    while (!rest.empty() && (rest.front() == ' ' || rest.front() == '\n' || rest.front() == '\r' || rest.front() == '\t'))
        rest.remove_prefix(1);
    if (rest.starts_with(">>>")) rest.remove_prefix(3);
    return rest.starts_with("all\n") || rest == "all" || rest.starts_with("all\r");
}

} // namespace

namespace {

struct Split {
    std::string reasoning;
    bool has_reasoning = false;
    std::string_view rest;
};

// <think>…</think> (also thinking, reasoning, Magistral's [THINK]…[/THINK]) before the answer; unclosed, the rest is all
// reasoning; a closer with no opener (the opener was in the prompt, as with DeepSeek-R1) ends
// the reasoning that began the text.
Split split_reasoning(std::string_view text) {
    struct Tags {
        std::string_view open, close;
    };
    static constexpr std::array<Tags, 4> tags{{{"<think>", "</think>"},
                                               {"<thinking>", "</thinking>"},
                                               {"<reasoning>", "</reasoning>"},
                                               {"[THINK]", "[/THINK]"}}}; // (Magistral)
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

// <｜tool▁call▁begin｜> and the other DeepSeek markers (any spelling of the words).
constexpr std::string_view kDeepseekMarker = "<\xEF\xBD\x9Ctool";

Format detect_markers(std::string_view text) {
    if (text.find("<tool_call>") != std::string_view::npos) return Format::Hermes;
    if (text.find("<function name=") != std::string_view::npos) return Format::Hermes;
    if (text.find("<function_call>") != std::string_view::npos) return Format::Hermes;
    if (text.find("[TOOL_CALLS]") != std::string_view::npos) return Format::Mistral;
    if (text.find(kDeepseekMarker) != std::string_view::npos) return Format::DeepSeek;
    if (detail::find_dsml(text) != std::string_view::npos) return Format::DeepSeek;
    if (text.find("<|python_tag|>") != std::string_view::npos) return Format::Llama3;
    if (text.find("<|python_start|>") != std::string_view::npos) return Format::Llama3; // Llama 4
    if (const std::size_t at = text.find("<function="); at != std::string_view::npos) {
        // Qwen3-Coder's <function=f><parameter=p>…, written without <tool_call>: Hermes' family
        // (Functionary v3.1 writes a JSON body).
        const std::size_t gt = text.find('>', at);
        if (gt != std::string_view::npos && detail::trim(text.substr(gt + 1)).starts_with("<parameter="))
            return Format::Hermes;
        return Format::Functionary;
    }
    if (detail::has_functionary_marker(text)) return Format::Functionary;
    // [f(a=1)] alone (not prose that happens to start with a word and a parenthesis).
    const std::string_view t = detail::trim(text);
    if (t.starts_with('[') && t.ends_with(']') && detail::looks_pythonic(t)) return Format::Llama3;
    // The same list cut off before its ']' (the answer stopped mid-call): read as Llama 3 reads
    // it (the cut said, Risky) only when its calls take the whole text, so prose that starts
    // with "[name(" stays prose.
    if (detail::cut_off_pythonic_list(t)) return Format::Llama3;
    // A whole call list on the last line, after lines of prose.
    if (detail::pythonic_after_prose(t) != std::string_view::npos) return Format::Llama3;
    return Format::AutoDetect;
}

// The format whose unmistakable markup (a tag or special token, not a pattern prose can make)
// the text holds, other than `own`; AutoDetect when none. A model that mixes formats in one
// answer leaves the calls of the second in the text the reader of the first keeps.
Format other_format_markup(std::string_view text, Format own) {
    const auto has = [&](std::string_view marker) { return text.find(marker) != std::string_view::npos; };
    const std::pair<Format, bool> marks[] = {
        {Format::Hermes, has("<tool_call>") || has("<function name=") || has("<function_call>")},
        {Format::Mistral, has("[TOOL_CALLS]")},
        {Format::DeepSeek, has(kDeepseekMarker) || detail::find_dsml(text) != std::string_view::npos},
        {Format::Llama3, has("<|python_tag|>") || has("<|python_start|>")},
        {Format::Functionary, has("<function=") && own != Format::Hermes}, // (Qwen3-Coder's is Hermes')
    };
    for (const auto& [format, present] : marks)
        if (present && format != own) return format;
    return Format::AutoDetect;
}

// Stop tokens a server may leave at the end of the text it returns: the end of the model's turn
// or message (Llama 3's <|eot_id|> <|eom_id|>, Llama 4's <|eot|> <|eom|>, ChatML's <|im_end|>,
// Phi's <|end|>, </s>, <|endoftext|>, <|end_of_text|>, Gemma's <end_of_turn>, DeepSeek's
// <｜end▁of▁sentence｜>). None is part of the answer; left in, they read as words after the
// calls (a pythonic list then looks cut off, a tagged call sits in a line of prose).
constexpr std::string_view kStopTokens[] = {
    "<|eot_id|>",    "<|eom_id|>",      "<|eot|>",       "<|eom|>",
    "<|im_end|>",    "<|end|>",         "</s>",          "<|endoftext|>",
    "<|end_of_text|>", "<end_of_turn>", "<\xEF\xBD\x9C" "end\xE2\x96\x81" "of\xE2\x96\x81" "sentence\xEF\xBD\x9C>"};

struct StopTokens {
    std::size_t at = 0;    // where the first of them begins (the text's size when none)
    std::size_t count = 0; // how many there are
};

// The stop tokens at the very end of text, blanks between and after them included. </s> is one
// only when the text has no <s>: HTML's strikethrough closes with the same tag. A token that
// ends a call in the format's own markup (<|eom_id|> and <|eot_id|> after a <|python_tag|>
// call, </s> after a Mistral call) is left to its reader, with what comes before it: the reader
// takes the last one outside the call's strings as its end, which it can tell only with that one
// still there. One scan from the end over what is removed: linear.
StopTokens trailing_stop_tokens(std::string_view text) {
    const bool strikethrough = text.find("<s>") != std::string_view::npos;
    const bool python_tag = text.find("<|python_tag|>") != std::string_view::npos;
    const bool mistral = text.find("[TOOL_CALLS]") != std::string_view::npos;
    StopTokens out;
    out.at = text.size();
    while (true) {
        std::size_t end = out.at;
        while (end > 0 && (text[end - 1] == ' ' || text[end - 1] == '\t' || text[end - 1] == '\n' || text[end - 1] == '\r'))
            --end;
        const std::string_view head = text.substr(0, end);
        const std::string_view* found = nullptr;
        for (const std::string_view& token : kStopTokens)
            if (head.ends_with(token) && !(token == "</s>" && strikethrough)) found = &token;
        if (!found) return out;
        const bool llama_stop = *found == "<|eot_id|>" || *found == "<|eom_id|>";
        if ((python_tag && llama_stop) || (mistral && *found == "</s>")) return out;
        out.at = head.size() - found->size();
        ++out.count;
    }
}

// Offsets in text the UTF-8 repair changed, taken back to the bytes as sent: each U+FFFD put in
// for one invalid byte made the text two bytes longer from there on.
void unrepair_offsets(Diagnostics& ds, const std::vector<std::size_t>& replaced_at) {
    for (auto& d : ds) {
        if (d.offset == Diagnostic::no_offset) continue;
        const auto before = std::lower_bound(replaced_at.begin(), replaced_at.end(), d.offset) - replaced_at.begin();
        d.offset -= 2 * static_cast<std::size_t>(before);
    }
}

// An answer whose only calls sit in its reasoning (a draft, or a model that ran out of tokens
// before closing its <think>): none is read, as none was made, but a caller waiting for a call
// is told where the markup went.
void note_calls_in_reasoning(const Split& split, detail::RawBuilder& b) {
    if (!split.has_reasoning || b.calls > 0) return;
    if (detect_markers(split.reasoning) == Format::AutoDetect) return;
    b.note(Risk::Info, DiagnosticKind::Preserved,
           "the reasoning holds tool-call markup; calls there are not read (only the answer's are)");
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

// The Info of stop tokens removed from the end of the text (offset of the first).
void note_stop_tokens(const StopTokens& stops, detail::RawBuilder& b) {
    if (stops.count == 0) return;
    Diagnostic d;
    d.kind = DiagnosticKind::Repaired;
    // Markup around the answer, not part of it, removed: what wrapper_stripped says.
    d.repair = RepairKind::WrapperStripped;
    d.risk = Risk::Info;
    d.message = stops.count == 1 ? "removed a stop token left at the end of the text"
                                 : "removed " + std::to_string(stops.count) + " stop tokens left at the end of the text";
    d.offset = stops.at;
    b.response.diagnostics.push_back(std::move(d));
}

} // namespace

Format detect_raw_text_format(std::string_view text) {
    const Split split = split_reasoning(text.substr(0, trailing_stop_tokens(text).at));
    const Format marked = detect_markers(split.rest);
    if (marked != Format::AutoDetect) return marked;
    RawTextOptions options;
    detail::RawBuilder b(options, text);
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
    std::vector<std::size_t> replaced_at;
    const std::string repaired = detail::repair_utf8(text, replaced, &replaced_at);
    if (replaced > 0) {
        auto r = read_raw_text(repaired, format, options);
        if (r) {
            unrepair_offsets(r->diagnostics, replaced_at);
            for (auto& c : r->choices)
                for (auto& block : c.content)
                    if (auto* call = std::get_if<ToolCall>(&block)) unrepair_offsets(call->diagnostics, replaced_at);
            Diagnostic d;
            d.kind = DiagnosticKind::Repaired;
            d.repair = RepairKind::InvalidUtf8;
            d.risk = Risk::Warning;
            d.message = std::to_string(replaced) + " invalid UTF-8 sequence(s) replaced by U+FFFD";
            r->diagnostics.insert(r->diagnostics.begin(), std::move(d));
        }
        return r;
    }
    // Stop tokens the server left at the end are no part of the answer: read without them.
    const StopTokens stops = trailing_stop_tokens(text);
    Split split = split_reasoning(text.substr(0, stops.at));
    const bool named = format != Format::AutoDetect; // the caller said which format
    if (format == Format::AutoDetect) {
        format = detect_markers(split.rest);
        if (format == Format::AutoDetect) {
            detail::RawBuilder probe(options, text);
            probe.locate(split.rest);
            bool used_parameters = false;
            const std::size_t bare = detail::read_bare_json(split.rest, probe, &used_parameters);
            note_stop_tokens(stops, probe);
            if (bare > 0)
                return probe.finish(used_parameters ? Format::Llama3 : Format::BareJson,
                                    std::move(split.reasoning), split.has_reasoning);
            // No call at all: the text itself. One that starts like a pythonic call list and
            // stops before its ']' may be a call list that could not be read: said, not silent.
            const std::string_view t = detail::trim(split.rest);
            if (t.starts_with('[') && !t.ends_with(']') && detail::looks_pythonic(t))
                probe.note(Risk::Warning, DiagnosticKind::Preserved,
                           "the text starts like a pythonic tool-call list that was cut off, but no call could be read "
                           "from it; it is kept as text");
            note_calls_in_reasoning(split, probe);
            return probe.finish(Format::AutoDetect, std::move(split.reasoning), split.has_reasoning);
        }
    }
    detail::RawBuilder b(options, text);
    b.named = named;
    b.locate(split.rest);
    const std::size_t found = read_format(format, split.rest, b);
    const Format markers = detect_markers(split.rest); // (what the text's markup says, once)
    if (found == 0 && named && format == Format::Hermes && b.response.diagnostics.empty() &&
        markers == Format::AutoDetect) {
        // Hermes-style models (Qwen above all) drop their <tool_call> tags at times: the JSON
        // call written bare is read as auto-detection reads it, and said.
        detail::RawBuilder bare(options, text);
        bare.named = true;
        bare.locate(split.rest);
        if (detail::read_bare_json(split.rest, bare) > 0) {
            bare.note(Risk::Warning, DiagnosticKind::Repaired,
                      "the tool call is written without its <tool_call> tags; it was read as a JSON call");
            note_stop_tokens(stops, bare);
            return bare.finish(format, std::move(split.reasoning), split.has_reasoning);
        }
    }
    // No call could be read where the text marked one (the reader said why, or the markers are
    // there): the text comes back as it was, never a call made up from it. Functionary's
    // markers also carry plain text (>>>all), which is its reading.
    const bool marked =
        !b.response.diagnostics.empty() || (format != Format::Functionary && markers != Format::AutoDetect);
    if (found == 0 && b.dropped_calls == 0 && marked) {
        // Unchanged: the stop tokens too.
        const bool in_text = split.rest.data() >= text.data() && split.rest.data() <= text.data() + text.size();
        b.prose = in_text ? std::string(text.substr(static_cast<std::size_t>(split.rest.data() - text.data())))
                          : std::string(split.rest);
        b.note(Risk::Risky, DiagnosticKind::Preserved,
               "no tool call could be read in the " + std::string(format_name(format)) +
                   " text; it is kept as text");
    } else if (found == 0 && b.dropped_calls == 0 && named && b.response.diagnostics.empty() &&
               (format == Format::Mistral || format == Format::DeepSeek || format == Format::Functionary) &&
               !functionary_text_channel(format, split.rest)) {
        // The caller named a format whose answers are calls (Mistral, DeepSeek, Functionary) and
        // the text holds none: the text is the answer, said once, so that a caller expecting a
        // call is not left with silence. (Hermes and Llama 3 models answer in plain text as a
        // matter of course.)
        b.note(Risk::Warning, DiagnosticKind::Preserved,
               "no " + std::string(format_name(format)) + " tool call in the text; it is kept as text");
    }
    if (!(found == 0 && b.dropped_calls == 0 && marked)) note_stop_tokens(stops, b);
    if (found > 0)
        if (const Format other = other_format_markup(b.prose, format); other != Format::AutoDetect)
            b.note(Risk::Warning, DiagnosticKind::Preserved,
                   "the text kept holds the markup of another tool-call format (" + std::string(format_name(other)) +
                       "): calls written in it were not read");
    note_calls_in_reasoning(split, b);
    return b.finish(format, std::move(split.reasoning), split.has_reasoning);
}

} // namespace laminate::toolcall
