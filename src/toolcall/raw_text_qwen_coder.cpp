// Qwen3-Coder's XML tool calls, <function=name><parameter=key>value</parameter>…</function>,
// inside a <tool_call> block or written alone (raw_text_json.cpp finds them).

#include "raw_text_formats.hpp"

#include <laminate/parse.hpp>

#include <algorithm>

namespace laminate::toolcall::detail {

namespace {

// Where a parameter's value ends in rest (the text after <parameter=key>): at a </parameter>
// that is followed by the next parameter, </function> or the end. A value may hold the closing
// tag itself (code that writes XML): a </parameter> followed by anything else is then part of
// the value, and *inner says so. Only the closers before the next <parameter= are looked at,
// so each value is searched once. With none there, the closer was left out: the value ends at
// a </function> before the next parameter, or at the next parameter (*unclosed), never taking
// the next parameter into it. npos: the value was cut off.
std::size_t parameter_end(std::string_view rest, bool& inner, bool& unclosed) {
    constexpr std::string_view pclose = "</parameter>";
    const std::size_t next = rest.find(kXmlParameter);
    const std::string_view own = rest.substr(0, std::min(rest.size(), next));
    const std::size_t first = own.find(pclose);
    inner = unclosed = false;
    for (std::size_t at = first; at != std::string_view::npos; at = own.find(pclose, at + 1)) {
        const std::string_view after = skip_blanks(rest.substr(at + pclose.size()));
        if (after.empty() || after.starts_with(kXmlParameter) || after.starts_with("</function>")) {
            inner = at != first;
            return at;
        }
    }
    if (first != std::string_view::npos) return first;
    if (const std::size_t fend = own.find("</function>"); fend != std::string_view::npos) {
        unclosed = true;
        return fend;
    }
    if (next != std::string_view::npos) unclosed = true;
    return next;
}

// A parameter's repair at its path, offset where `part` (a view into source) begins.
Diagnostic parameter_repair(const RawBuilder& b, RepairKind repair, Risk risk, std::string message, std::string_view key,
                            std::string_view part) {
    Diagnostic d = b.parameter_warning(DiagnosticKind::Repaired, std::move(message), key, part);
    d.repair = repair;
    d.risk = risk;
    return d;
}

} // namespace

std::string_view unquoted_name(std::string_view name) {
    if (name.size() < 3 || (name.front() != '"' && name.front() != '\'')) return name;
    // Only one pair, around the whole name: "a"b" is no quoted name.
    if (name.find(name.front(), 1) != name.size() - 1) return name;
    return name.substr(1, name.size() - 2);
}

Diagnostic quoted_name(const RawBuilder& b, std::string path, std::string_view quoted) {
    Diagnostics one(1);
    Diagnostic& d = one.front();
    d.path = std::move(path);
    d.kind = DiagnosticKind::Repaired;
    // Markup around the name, removed: the nearest repair there is (no quote was replaced or
    // added, which is what the quote repairs say).
    d.repair = RepairKind::WrapperStripped;
    d.risk = Risk::Warning;
    d.message = "removed the quotes around a name in the call's markup";
    d.suggestion = "write names in the markup without quotes: <function=name>, <parameter=name>";
    d.offset = 0;
    b.rebase(one, quoted); // offsets count from the start of the whole text
    return std::move(one.front());
}

// One <function=name><parameter=key>value</parameter>...</function> call (Qwen3-Coder) at the
// start of body, its opening tag's '>' at gt; returns the text after its </function> (empty when
// the text ends first). A value that reads as JSON (number, bool, object) is taken as such, else
// as a string. Text beside the parameters is kept as text, with a warning. closed: the block
// around the call (if any) was closed; the call is complete when it is and </function> is there.
std::string_view read_xml_call(std::string_view body, std::size_t gt, RawBuilder& b, bool closed) {
    constexpr std::string_view pclose = "</parameter>";
    constexpr std::string_view fclose = "</function>";
    ToolCall call;
    const std::string_view name_in_text = trim(body.substr(kXmlOpen.size(), gt - kXmlOpen.size()));
    call.name = std::string(unquoted_name(name_in_text));
    Diagnostics envelope; // repairs of the call's markup, at tool_calls[i]
    if (call.name.size() != name_in_text.size()) envelope.push_back(quoted_name(b, "name", name_in_text));
    call.arguments = Value::object();
    ArgumentSetter setter;
    std::string_view rest = body.substr(gt + 1);
    bool complete = closed, function_closed = false;
    while (true) {
        const std::string_view next = skip_blanks(rest);
        if (next.starts_with(fclose)) {
            rest = next.substr(fclose.size());
            function_closed = true;
            break;
        }
        const std::size_t at = rest.find(kXmlParameter);
        // </function> before the next parameter (looked for up to it only: linear).
        const std::size_t fend = rest.substr(0, at).find(fclose);
        // The next call's <function=…> before them: this one was left unclosed and ends there,
        // its parameters not taken into it.
        if (const std::size_t next_call = rest.substr(0, std::min(at, fend)).find(kXmlOpen);
            next_call != std::string_view::npos) {
            stray_text(b, rest.substr(0, next_call), "a <function=...> call");
            rest.remove_prefix(next_call);
            break;
        }
        if (at == std::string_view::npos || fend != std::string_view::npos) {
            // No more parameters: the call ends at </function> (or the text, cut off).
            stray_text(b, rest.substr(0, fend), "a <function=...> call");
            rest = fend == std::string_view::npos ? std::string_view() : rest.substr(fend + fclose.size());
            function_closed = fend != std::string_view::npos;
            break;
        }
        stray_text(b, rest.substr(0, at), "a <function=...> call");
        rest.remove_prefix(at + kXmlParameter.size());
        const std::size_t name_end = rest.find('>');
        if (name_end == std::string_view::npos) { complete = false; rest = {}; break; }
        const std::string_view key_in_text = trim(rest.substr(0, name_end));
        const std::string key(unquoted_name(key_in_text));
        if (key.size() != key_in_text.size()) {
            Diagnostic d = quoted_name(b, {}, key_in_text);
            append_path_key(d.path, key);
            call.diagnostics.push_back(std::move(d));
        }
        rest.remove_prefix(name_end + 1);
        bool inner = false, unclosed = false;
        std::size_t end = parameter_end(rest, inner, unclosed);
        const bool cut_off = end == std::string_view::npos;
        if (cut_off) {
            complete = false;
            end = rest.size();
            // Cut inside the closing tag itself ("print(1)\n</param"): the tag's start is markup,
            // not part of the value.
            constexpr std::string_view pclose_tag = "</parameter>";
            for (std::size_t n = std::min(pclose_tag.size() - 1, end); n >= 2; --n)
                if (rest.substr(end - n) == pclose_tag.substr(0, n)) {
                    end -= n;
                    break;
                }
            call.diagnostics.push_back(parameter_repair(b, RepairKind::TruncatedCompleted, Risk::Risky,
                                                        "the text ends inside the value; it is taken as far as it goes",
                                                        key, rest));
        } else if (unclosed) {
            call.diagnostics.push_back(parameter_repair(b, RepairKind::MissingCloser, Risk::Warning,
                                                        "the value has no </parameter>; it ends where the next tag begins",
                                                        key, rest.substr(end)));
        }
        std::string_view raw = rest.substr(0, end);
        if (raw.starts_with('\n')) raw.remove_prefix(1);
        if (raw.ends_with('\n')) raw.remove_suffix(1);
        auto json = parse_json(trim(raw));
        if (setter.set(call.arguments, key, json && !json->is_string() ? std::move(*json) : Value(raw)))
            call.diagnostics.push_back(b.repeated_parameter(key_in_text));
        if (inner) call.diagnostics.push_back(b.closer_in_value(key, raw));
        rest.remove_prefix(unclosed ? end : std::min(rest.size(), end + pclose.size()));
    }
    call.raw_arguments = call.arguments.dump();
    call.complete = complete && function_closed;
    b.call(std::move(call), std::move(envelope));
    return rest;
}

// A <tool_call> block's body of Qwen3-Coder calls, several in one block too; words after the
// last call are kept as text, with a warning. How many calls were read.
std::size_t read_xml_function(std::string_view body, RawBuilder& b, bool closed) {
    std::size_t found = 0;
    while (body.starts_with(kXmlOpen)) {
        const std::size_t gt = body.find('>');
        if (gt == std::string_view::npos) break;
        const std::string_view rest = read_xml_call(body, gt, b, closed);
        ++found;
        body = skip_blanks(rest);
        if (!body.starts_with(kXmlOpen)) {
            stray_text(b, rest, "a <tool_call> block");
            break;
        }
    }
    return found;
}

} // namespace laminate::toolcall::detail
