// The marker-delimited raw-text formats: Mistral [TOOL_CALLS], DeepSeek's tool-call markers and
// Functionary's >>>name / <function=name> forms. The arguments are JSON read with
// laminate::parse (read_arguments); only the markers are found here.

#include "raw_text_formats.hpp"

#include <algorithm>

namespace laminate::toolcall::detail {

namespace {

std::size_t first_of(std::string_view s, std::initializer_list<std::string_view> needles,
                     std::size_t from = 0) {
    std::size_t best = std::string_view::npos;
    for (auto n : needles) best = std::min(best, s.find(n, from));
    return best;
}

// A call whose arguments are the JSON text `args`; cut_off when the text ended inside it.
ToolCall make_call(std::string_view name, std::string_view args, bool cut_off, std::string id = {}) {
    ToolCall call;
    call.id = std::move(id);
    call.name = std::string(trim(name));
    read_arguments(call, trim(args), cut_off);
    return call;
}

// A function name as models write one ("get_weather", "ns.tool", "search-v2"): prose after
// [TOOL_CALLS] ("not json at all") is no call.
bool plausible_name(std::string_view name) {
    name = trim(name);
    if (name.empty() || name.size() > 256) return false;
    return std::all_of(name.begin(), name.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
               c == '_' || c == '.' || c == '-' || c == ':';
    });
}

} // namespace

std::size_t read_mistral(std::string_view text, RawBuilder& b) {
    constexpr std::string_view marker = "[TOOL_CALLS]";
    constexpr std::string_view args_marker = "[ARGS]";
    constexpr std::string_view id_marker = "[CALL_ID]";
    const std::size_t at = text.find(marker);
    if (at == std::string_view::npos) return 0;
    b.text(text.substr(0, at));
    std::string_view rest = text.substr(at + marker.size());
    const std::size_t eos = rest.find("</s>");
    if (eos != std::string_view::npos) rest = rest.substr(0, eos);
    std::size_t found = 0;
    const std::string_view head = trim(rest);
    if (head.starts_with('[') || head.starts_with('{')) {
        // [TOOL_CALLS][{"name", "arguments", "id"}, ...] (v3 – v7 tokenizers)
        for (const auto& p : read_payloads(head)) {
            std::vector<ToolCall> calls;
            if (calls_from_value(p, calls))
                for (auto& c : calls) { b.call(std::move(c)); ++found; }
        }
        if (found == 0) b.note(Risk::Risky, DiagnosticKind::Dropped, "[TOOL_CALLS] payload holds no call");
        return found;
    }
    // [TOOL_CALLS]name[CALL_ID]id[ARGS]{...} (v11+), repeated for parallel calls.
    while (!rest.empty()) {
        const std::size_t args_at = rest.find(args_marker);
        if (args_at == std::string_view::npos) {
            if (!plausible_name(rest)) {
                b.text(rest);
            } else {
                // Cut off before [ARGS]: the name is known, the arguments are not yet.
                ToolCall call = make_call(rest, "", true);
                b.call(std::move(call));
                ++found;
            }
            break;
        }
        std::string_view name = rest.substr(0, args_at);
        std::string id;
        const std::size_t id_at = name.find(id_marker);
        if (id_at != std::string_view::npos) {
            id = std::string(trim(name.substr(id_at + id_marker.size())));
            name = name.substr(0, id_at);
        }
        if (!plausible_name(name)) {
            b.text(rest);
            break;
        }
        rest.remove_prefix(args_at + args_marker.size());
        std::size_t next = rest.find(marker);
        const bool last = next == std::string_view::npos;
        std::string_view args = rest.substr(0, last ? rest.size() : next);
        b.call(make_call(name, args, false, std::move(id)));
        ++found;
        if (last) break;
        rest.remove_prefix(next + marker.size());
    }
    return found;
}

std::size_t read_deepseek(std::string_view text, RawBuilder& b) {
    // The markers use U+FF5C (fullwidth |) and U+2581 (lower one-eighth block) as llama.cpp and
    // DeepSeek's chat template spell them.
    constexpr std::string_view calls_begin = "<\xEF\xBD\x9Ctool\xE2\x96\x81" "calls\xE2\x96\x81" "begin\xEF\xBD\x9C>";
    constexpr std::string_view calls_end = "<\xEF\xBD\x9Ctool\xE2\x96\x81" "calls\xE2\x96\x81" "end\xEF\xBD\x9C>";
    constexpr std::string_view call_begin = "<\xEF\xBD\x9Ctool\xE2\x96\x81" "call\xE2\x96\x81" "begin\xEF\xBD\x9C>";
    constexpr std::string_view call_end = "<\xEF\xBD\x9Ctool\xE2\x96\x81" "call\xE2\x96\x81" "end\xEF\xBD\x9C>";
    constexpr std::string_view sep = "<\xEF\xBD\x9Ctool\xE2\x96\x81" "sep\xEF\xBD\x9C>";
    constexpr std::string_view eos = "<\xEF\xBD\x9C" "end\xE2\x96\x81" "of\xE2\x96\x81" "sentence\xEF\xBD\x9C>";

    const std::size_t start = first_of(text, {calls_begin, call_begin});
    if (start == std::string_view::npos) return 0;
    b.text(text.substr(0, start));
    std::string_view rest = text.substr(start);
    std::size_t found = 0;
    // Where each closing marker next occurs, as offsets into `all`: a marker that does not occur
    // again is not searched for again, so many calls stay linear.
    const std::string_view all = rest;
    std::size_t next_end[3] = {0, 0, 0};
    const std::string_view enders[3] = {call_end, calls_end, eos};
    auto closing = [&](std::size_t from) {
        std::size_t best = std::string_view::npos;
        for (int k = 0; k < 3; ++k) {
            if (next_end[k] != std::string_view::npos && next_end[k] < from) next_end[k] = all.find(enders[k], from);
            best = std::min(best, next_end[k]);
        }
        return best;
    };
    for (std::size_t at = rest.find(call_begin); at != std::string_view::npos; at = rest.find(call_begin)) {
        rest.remove_prefix(at + call_begin.size());
        const std::size_t from = static_cast<std::size_t>(rest.data() - all.data());
        const std::size_t found_end = closing(from);
        std::size_t end = found_end == std::string_view::npos ? found_end : found_end - from;
        const bool cut_off = end == std::string_view::npos;
        std::string_view body = rest.substr(0, cut_off ? rest.size() : end);
        rest.remove_prefix(cut_off ? rest.size() : end);
        const std::size_t sep_at = body.find(sep);
        std::string_view name, args;
        if (sep_at == std::string_view::npos) {
            name = body; // cut off before the separator
        } else {
            name = body.substr(0, sep_at);
            args = body.substr(sep_at + sep.size());
            if (trim(name) == "function") {
                // R1: function<｜tool▁sep｜>name\n```json\n{...}\n```
                const std::size_t nl = args.find('\n');
                name = args.substr(0, nl);
                args = nl == std::string_view::npos ? std::string_view() : args.substr(nl + 1);
            }
        }
        b.call(make_call(name, args, cut_off || sep_at == std::string_view::npos));
        ++found;
    }
    const std::size_t tail = rest.find(calls_end);
    if (tail != std::string_view::npos) b.text(rest.substr(tail + calls_end.size()));
    return found;
}

std::size_t read_functionary(std::string_view text, RawBuilder& b) {
    std::size_t found = 0;
    // v3.1: <function=name>{...}</function>
    constexpr std::string_view fopen = "<function=";
    constexpr std::string_view fclose = "</function>";
    if (text.find(fopen) != std::string_view::npos) {
        while (true) {
            const std::size_t at = text.find(fopen);
            if (at == std::string_view::npos) break;
            b.text(text.substr(0, at));
            text.remove_prefix(at + fopen.size());
            const std::size_t gt = text.find('>');
            if (gt == std::string_view::npos) {
                b.call(make_call(text, "", true));
                ++found;
                text = {};
                break;
            }
            const std::string_view name = text.substr(0, gt);
            text.remove_prefix(gt + 1);
            std::size_t end = text.find(fclose);
            const bool cut_off = end == std::string_view::npos;
            b.call(make_call(name, text.substr(0, cut_off ? text.size() : end), cut_off));
            ++found;
            text.remove_prefix(cut_off ? text.size() : end + fclose.size());
        }
        b.text(text);
        return found;
    }
    // v3.2: >>>name\n{...} segments; >>>all\n carries text.
    std::size_t at = text.starts_with(">>>") ? 0 : text.find("\n>>>");
    if (at == std::string_view::npos) return 0;
    b.text(text.substr(0, at));
    text.remove_prefix(at + (text[at] == '\n' ? 4 : 3));
    while (true) {
        const std::size_t next = text.find(">>>");
        std::string_view segment = text.substr(0, next);
        const std::size_t nl = segment.find('\n');
        const std::string_view name = trim(segment.substr(0, nl));
        const std::string_view body = nl == std::string_view::npos ? std::string_view() : segment.substr(nl + 1);
        if (name == "all") {
            b.text(body);
        } else if (!name.empty()) {
            b.call(make_call(name, body, false));
            ++found;
        }
        if (next == std::string_view::npos) break;
        text.remove_prefix(next + 3);
    }
    return found;
}

} // namespace laminate::toolcall::detail
