// The JSON-bodied raw-text formats: Hermes/Qwen <tool_call> tags (and Qwen3-Coder's XML form
// inside them; Hermes 2 Pro's other spellings <function_call>, <tool>, <tools>,
// <function=name>{…}</function> and <function name="name">{…}</function>, as llama.cpp reads
// them), Llama 3.x <|python_tag|> and bare {"name", "arguments"|"parameters"} objects.

#include "raw_text_formats.hpp"

#include <laminate/extract.hpp>
#include <laminate/parse.hpp>

#include <algorithm>

namespace laminate::toolcall::detail {

namespace {

std::size_t add_calls(RawBuilder& b, const Payload& p) {
    std::vector<FoundCall> calls;
    if (!calls_from_value(p, calls)) return 0;
    for (auto& c : calls) b.call(std::move(c.call), std::move(c.envelope));
    return calls.size();
}

// <function=name><parameter=key>value</parameter>...</function> (Qwen3-Coder). A value that
// reads as JSON (number, bool, object) is taken as such, else as a string.
bool read_xml_function(std::string_view body, RawBuilder& b, bool closed) {
    constexpr std::string_view open = "<function=";
    if (!body.starts_with(open)) return false;
    const std::size_t gt = body.find('>');
    if (gt == std::string_view::npos) return false;
    ToolCall call;
    call.name = std::string(trim(body.substr(open.size(), gt - open.size())));
    call.arguments = Value::object();
    std::string_view rest = body.substr(gt + 1);
    constexpr std::string_view popen = "<parameter=";
    constexpr std::string_view pclose = "</parameter>";
    bool complete = closed;
    for (std::size_t at = rest.find(popen); at != std::string_view::npos; at = rest.find(popen)) {
        rest.remove_prefix(at + popen.size());
        const std::size_t name_end = rest.find('>');
        if (name_end == std::string_view::npos) { complete = false; break; }
        const std::string key(trim(rest.substr(0, name_end)));
        rest.remove_prefix(name_end + 1);
        std::size_t end = rest.find(pclose);
        if (end == std::string_view::npos) { complete = false; end = rest.size(); }
        std::string_view raw = rest.substr(0, end);
        if (raw.starts_with('\n')) raw.remove_prefix(1);
        if (raw.ends_with('\n')) raw.remove_suffix(1);
        auto json = parse_json(trim(raw));
        call.arguments.set(key, json && !json->is_string() ? std::move(*json) : Value(raw));
        rest.remove_prefix(std::min(rest.size(), end + pclose.size()));
    }
    if (body.find("</function>") == std::string_view::npos) complete = false;
    call.raw_arguments = call.arguments.dump();
    call.complete = complete;
    b.call(std::move(call));
    return true;
}

// A fenced call leaves no fence behind in the prose: [begin, end) grows to the opening fence
// line and past the closing one.
void widen_to_fence(std::string_view text, std::size_t& begin, std::size_t& end) {
    // The fence line is the last non-blank line before the candidate's text.
    std::size_t stop = begin;
    while (stop > 0 && (text[stop - 1] == ' ' || text[stop - 1] == '\t' || text[stop - 1] == '\n' ||
                        text[stop - 1] == '\r'))
        --stop;
    const std::size_t line = stop == 0 ? std::string_view::npos : text.rfind('\n', stop - 1);
    const std::size_t open = line == std::string_view::npos ? 0 : line + 1;
    const std::string_view opener = trim(text.substr(open, stop - open));
    if (opener.starts_with("```") || opener.starts_with("~~~")) begin = open;
    std::size_t at = end;
    while (at < text.size() && (text[at] == ' ' || text[at] == '\t' || text[at] == '\n' || text[at] == '\r')) ++at;
    const std::string_view rest = text.substr(at);
    if (rest.starts_with("```") || rest.starts_with("~~~")) {
        const std::size_t nl = text.find('\n', at);
        end = nl == std::string_view::npos ? text.size() : nl;
    }
}

} // namespace

bool read_function_tag(std::string_view& text, RawBuilder& b) {
    // <function=name>{…}</function> or <function name="name">{…}</function>; text starts at '<'.
    std::string_view name;
    std::size_t after = 0;
    if (text.starts_with("<function=")) {
        const std::size_t gt = text.find('>');
        if (gt == std::string_view::npos) {
            name = trim(text.substr(10));
            if (!is_call_name(name)) return false;
            b.call(make_call(b, name, {}, true)); // cut off inside the opening tag
            text = {};
            return true;
        }
        name = trim(text.substr(10, gt - 10));
        after = gt + 1;
    } else {
        constexpr std::string_view open = "<function name=";
        if (!text.starts_with(open)) return false;
        std::string_view rest = text.substr(open.size());
        const char q = rest.empty() ? '\0' : rest.front();
        if (q != '"' && q != '\'') return false;
        const std::size_t end = rest.find(q, 1);
        if (end == std::string_view::npos) return false;
        name = rest.substr(1, end - 1);
        const std::size_t gt = rest.find('>', end);
        if (gt == std::string_view::npos) return false;
        after = open.size() + gt + 1;
    }
    if (!is_call_name(name)) return false;
    std::string_view body = text.substr(after);
    constexpr std::string_view close = "</function>";
    const std::size_t end = body.find(close);
    const bool cut_off = end == std::string_view::npos;
    b.call(make_call(b, name, body.substr(0, cut_off ? body.size() : end), cut_off));
    text = cut_off ? std::string_view() : body.substr(end + close.size());
    return true;
}

std::size_t read_hermes(std::string_view text, RawBuilder& b) {
    // JSON wrappers llama.cpp's Hermes 2 Pro reader accepts besides <tool_call>.
    struct Wrapper {
        std::string_view name, open, close;
    };
    static constexpr Wrapper wrappers[] = {{"tool_call", "<tool_call>", "</tool_call>"},
                                           {"function_call", "<function_call>", "</function_call>"},
                                           {"tools", "<tools>", "</tools>"},
                                           {"tool", "<tool>", "</tool>"}};
    static constexpr std::string_view functions[] = {"<function=", "<function name="};
    std::size_t found = 0;
    // Where each opener next occurs, as offsets into `all`: an opener that does not occur
    // again is not searched for again, so many blocks stay linear.
    const std::string_view all = text;
    std::size_t next[6] = {0, 0, 0, 0, 0, 0};
    auto next_of = [&](std::size_t k, std::string_view opener) {
        const std::size_t from = static_cast<std::size_t>(text.data() - all.data());
        if (next[k] != std::string_view::npos && next[k] < from) next[k] = all.find(opener, from);
        return next[k] == std::string_view::npos ? next[k] : next[k] - from;
    };
    for (std::size_t k = 0; k < 6; ++k) next[k] = all.find(k < 4 ? wrappers[k].open : functions[k - 4]);
    while (true) {
        // The first opener of any kind.
        std::size_t at = std::string_view::npos;
        const Wrapper* tag = nullptr;
        for (std::size_t k = 0; k < 4; ++k) {
            const std::size_t pos = next_of(k, wrappers[k].open);
            if (pos < at) { at = pos; tag = &wrappers[k]; }
        }
        for (std::size_t k = 4; k < 6; ++k) {
            const std::size_t pos = next_of(k, functions[k - 4]);
            if (pos < at) { at = pos; tag = nullptr; }
        }
        if (at == std::string_view::npos) break;
        b.text(text.substr(0, at));
        text.remove_prefix(at);
        if (!tag) {
            if (read_function_tag(text, b)) { ++found; continue; }
            b.text(text.substr(0, 1)); // not a call after all: prose
            text.remove_prefix(1);
            continue;
        }
        const std::string_view block_start = text;
        const std::string_view close = tag->close;
        text.remove_prefix(tag->open.size());
        std::size_t end = text.find(close);
        const bool closed = end != std::string_view::npos;
        if (!closed) end = text.size();
        const std::string_view body = trim(text.substr(0, end));
        text.remove_prefix(std::min(text.size(), end + close.size()));
        const std::string_view block = block_start.substr(0, static_cast<std::size_t>(text.data() - block_start.data()));
        if (body.empty()) continue;
        if (read_xml_function(body, b, closed)) { ++found; continue; }
        Payload p;
        ErrorKind error{};
        if (!read_payload(body, p, error)) {
            std::string message = "a ";
            message.append(tag->open).append(" block could not be read (").append(kind_name(error));
            b.note(Risk::Risky, DiagnosticKind::Preserved, message.append("); it is kept as text"));
            b.text(block);
            continue;
        }
        b.rebase(p.diagnostics, body);
        if (!closed) p.complete = false;
        const std::size_t n = add_calls(b, p);
        if (n == 0) {
            std::string message = "a ";
            message.append(tag->open).append(" block names no tool; it is kept as text");
            b.note(Risk::Risky, DiagnosticKind::Preserved, std::move(message));
            b.text(block);
        }
        found += n;
    }
    b.text(text);
    return found;
}

std::size_t read_llama3(std::string_view text, RawBuilder& b) {
    constexpr std::string_view tag = "<|python_tag|>";
    const std::size_t at = text.find(tag);
    if (at == std::string_view::npos) {
        if (looks_pythonic(text))
            if (const std::size_t n = read_pythonic(text, b)) return n;
        bool used_parameters = false;
        return read_bare_json(text, b, &used_parameters);
    }
    b.text(text.substr(0, at));
    std::string_view rest = text.substr(at + tag.size());
    std::size_t end = rest.size();
    for (std::string_view stop : {"<|eom_id|>", "<|eot_id|>"}) end = std::min(end, rest.find(stop));
    std::string_view segment = trim(rest.substr(0, end));
    std::size_t found = 0;
    for (auto& p : read_payloads(segment)) {
        b.rebase(p.diagnostics, segment);
        found += add_calls(b, p);
    }
    // Words after the last payload are prose, kept as text (not dropped).
    if (const std::size_t close = segment.find_last_of("]}");
        found > 0 && close != std::string_view::npos && !trim(segment.substr(close + 1)).empty())
        b.text(segment.substr(close + 1));
    if (found == 0 && looks_pythonic(segment))
        if (const std::size_t n = read_pythonic(segment, b)) return n;
    if (found == 0 && !segment.empty()) {
        // A built-in tool in Python syntax (brave_search.call(query=...)): not JSON; kept as text.
        b.note(Risk::Warning, DiagnosticKind::Preserved,
               "<|python_tag|> content is not a JSON call; kept as text");
        b.text(segment);
    }
    return found;
}

namespace {

// Bare JSON has no marker saying that an object is a call: {"name": "Alice"} is as likely an
// answer. Detected (the caller named no format), a call needs an arguments member; with the
// format named, a name alone is a call without arguments, and the call says so.
void add_bare_calls(RawBuilder& b, std::vector<FoundCall>& calls) {
    for (auto& c : calls) {
        if (c.name_only) {
            Diagnostic d;
            d.kind = DiagnosticKind::Defaulted;
            d.risk = Risk::Warning;
            d.message = "an object with a name and no arguments member was read as a call without arguments";
            d.suggestion = "write \"arguments\": {} for a call without arguments";
            c.envelope.push_back(std::move(d));
        }
        b.call(std::move(c.call), std::move(c.envelope));
    }
}

} // namespace

std::size_t read_bare_json(std::string_view text, RawBuilder& b, bool* used_parameters) {
    Payload whole;
    ErrorKind error{};
    std::vector<FoundCall> calls;
    if (read_payload(trim(text), whole, error, false)) {
        b.rebase(whole.diagnostics, trim(text));
        if (calls_from_value(whole, calls, used_parameters, b.named)) {
            add_bare_calls(b, calls);
            return calls.size();
        }
    }
    // Calls inside prose or fences: every candidate span, in text order; the rest is prose.
    auto candidates = extract_candidates(text);
    std::sort(candidates.begin(), candidates.end(),
              [](const Candidate& x, const Candidate& y) { return x.offset < y.offset; });
    std::size_t found = 0;
    std::size_t prose_from = 0;
    for (const auto& c : candidates) {
        if (c.source == CandidateSource::Whole || c.offset < prose_from) continue;
        Payload p;
        if (!read_payload(c.text, p, error, false)) continue;
        b.rebase(p.diagnostics, c.text);
        if (!c.closed) p.complete = false;
        calls.clear();
        if (!calls_from_value(p, calls, used_parameters, b.named)) continue;
        std::size_t begin = c.offset;
        std::size_t end = c.offset + c.text.size();
        if (c.source == CandidateSource::Fence) widen_to_fence(text, begin, end);
        b.text(text.substr(prose_from, begin - prose_from));
        prose_from = end;
        add_bare_calls(b, calls);
        found += calls.size();
    }
    b.text(text.substr(prose_from));
    return found;
}

} // namespace laminate::toolcall::detail
