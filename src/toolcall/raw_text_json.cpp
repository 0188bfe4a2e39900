// The JSON-bodied raw-text formats: Hermes/Qwen <tool_call> tags (and Qwen3-Coder's XML form,
// read by raw_text_qwen_coder.cpp, inside them or alone; Hermes 2 Pro's other spellings
// <function_call>, <tool>, <tools>, <function=name>{…}</function> and
// <function name="name">{…}</function>, as llama.cpp reads them), Llama 3.x <|python_tag|> and
// bare {"name", "arguments"|"parameters"} objects.

#include "raw_text_formats.hpp"

#include <laminate/extract.hpp>
#include <laminate/parse.hpp>

#include <algorithm>

namespace laminate::toolcall::detail {

namespace {

std::size_t add_calls(RawBuilder& b, const Payload& p) {
    std::vector<FoundCall> calls;
    if (!calls_from_value(p, calls, nullptr, true, &b.definitions)) return 0;
    for (auto& c : calls) b.call(std::move(c.call), std::move(c.envelope));
    return calls.size();
}

// Where a block's closing tag is in text (the text after its opening tag). The first `close`,
// unless that one sits inside the call's own value (a string argument holding "</tool_call>",
// or both tags): for a JSON body, the first `close` outside a JSON string, and a later one than
// the first only where the JSON value has closed (depth 0: two blocks whose quotes never close,
// `"x</tool_call><tool_call>{"`, would otherwise pair their quotes and read as one call); for a
// Qwen3-Coder body, the first outside its parameters' values. When no closer fits, the first
// is taken (the value then reads as cut off, and says so).
// An `open` outside those strings or values, a block's body after it, before any closer that
// counts: the block was left unclosed and ends there, at_opener set (the position is the next
// block's, no closer to skip); for JSON after a closer that sat in a string, only where the
// JSON has closed.
// Linear over many blocks: a search that returns where it stopped covers text no later block
// looks at again. One that runs to the end of the text (a quote never closed) or stops at an
// opener it does not trust, and returns the first closer before it, sets `plain`: from then on
// a body is searched only up to the next `open` (a Qwen3-Coder body for a closer right after a
// </function>), so the text is scanned to its end once at most. The first closer itself is
// found once for many blocks (CloseSearch).
} // namespace

bool function_mention(std::string_view text, std::size_t at) {
    // Words before the tag on its line (a tag's '>' is no word: calls written one after another).
    std::size_t i = at;
    while (i > 0 && (text[i - 1] == ' ' || text[i - 1] == '\t')) --i;
    if (i == 0 || text[i - 1] == '\n' || text[i - 1] == '\r' || text[i - 1] == '>') return false;
    // The tag's '>' within a name's length (looked for in a bounded window: linear however many
    // tags a line holds); none there and the text going on: no tag at all, a mention.
    const std::string_view tag = text.substr(at, 301);
    const std::size_t gt = tag.find('>');
    if (gt == std::string_view::npos) return text.size() - at > 300;
    const std::string_view body = skip_blanks(text.substr(at + gt + 1));
    // A body (JSON, Qwen3-Coder's parameters, the closer of a call without arguments), or the
    // text ending there (cut off): a call.
    return !(body.empty() || body.starts_with('{') || body.starts_with('[') || body.starts_with(kXmlParameter) ||
             body.starts_with("</function>"));
}

namespace {

// Whether `open` at the start of at begins a block, not a mention in prose ("use <tool_call>
// tags"): a JSON or XML body follows it (or the text ends there), or for "<function" a name,
// unless function_mention() says it is words (text: where `at` lies, at offset i).
bool opens_block(std::string_view at, std::string_view open, std::string_view text = {}, std::size_t i = 0) {
    at.remove_prefix(open.size());
    if (open == "<function")
        return (at.starts_with('=') || at.starts_with(" name=")) && (text.empty() || !function_mention(text, i));
    at = skip_blanks(at);
    return at.empty() || at.starts_with('{') || at.starts_with('[') || at.starts_with(kXmlOpen);
}

std::size_t block_close(std::string_view text, std::string_view open, std::string_view close, CloseSearch& search,
                        bool& at_opener) {
    bool& plain = search.plain;
    at_opener = false;
    const std::size_t first = search.find(text, close);
    const std::string_view body = skip_blanks(text);
    const std::size_t from = text.size() - body.size();
    if (!plain && (body.starts_with('{') || body.starts_with('['))) {
        bool opener = false;
        std::size_t opener_depth = 0;
        const std::size_t at = find_outside_strings(text, from, text.size(), [&](std::size_t i, std::size_t depth) {
            if (text[i] != '<') return false;
            if (text.substr(i).starts_with(close)) return i == first || depth == 0;
            opener = text.substr(i).starts_with(open) && opens_block(text.substr(i), open, text, i);
            opener_depth = depth;
            return opener;
        });
        if (at != std::string_view::npos && (!opener || at < first || opener_depth == 0)) {
            at_opener = opener;
            return at;
        }
        if (first != std::string_view::npos) plain = true;
        return first;
    }
    if (!plain && body.starts_with(kXmlOpen)) {
        // Qwen3-Coder's XML: a value is the text between <parameter=…> and </parameter>, and
        // may hold either tag of the block (code that writes them); outside the values, the
        // first closer ends the block, an opener the block left unclosed. One pass over the '<'.
        bool in_value = false;
        for (std::size_t i = text.find('<', from); i != std::string_view::npos; i = text.find('<', i + 1)) {
            const std::string_view tag = text.substr(i);
            if (tag.starts_with(kXmlParameter)) in_value = true;
            else if (tag.starts_with("</parameter>")) in_value = false;
            else if (in_value) continue;
            else if (tag.starts_with(close)) return i;
            else if (tag.starts_with(open) && opens_block(tag, open, text, i)) {
                at_opener = true;
                return i;
            }
        }
        if (first != std::string_view::npos) plain = true;
        return first;
    }
    if (first == std::string_view::npos) return first;
    const std::size_t limit = std::min(text.size(), text.find(open));
    if (body.starts_with('{') || body.starts_with('[')) {
        if (limit <= first) return first;
        const std::size_t at = find_outside_strings(text, from, limit, [&](std::size_t i, std::size_t) {
            return text[i] == '<' && text.substr(i).starts_with(close);
        });
        return at != std::string_view::npos ? at : first;
    }
    if (body.starts_with("<function=")) {
        for (std::size_t at = first; at != std::string_view::npos && at < limit; at = text.find(close, at + 1))
            if (trim(text.substr(0, at)).ends_with("</function>")) return at;
    }
    return first;
}

} // namespace

std::size_t CloseSearch::find(std::string_view text, std::string_view close) {
    Next* slot = nullptr;
    for (Next& n : next)
        if (n.close == close || n.close.empty()) { slot = &n; break; }
    if (!slot) return text.find(close); // more closers than slots: not reached by the readers
    slot->close = close;
    if (slot->none) return std::string_view::npos;
    if (!slot->at || slot->at < text.data()) {
        const std::size_t at = text.find(close);
        if (at == std::string_view::npos) {
            slot->none = true;
            return at;
        }
        slot->at = text.data() + at;
    }
    return static_cast<std::size_t>(slot->at - text.data());
}

namespace {

// The Warning of a block left without its closing tag, read up to the next block's opener
// (`next`, a view into the source from that opener).
void unclosed_block(RawBuilder& b, std::string_view next, std::string_view what) {
    Diagnostics ds(1);
    ds[0].kind = DiagnosticKind::Repaired;
    ds[0].repair = RepairKind::MissingCloser;
    ds[0].risk = Risk::Warning;
    ds[0].message = std::string(what) + " has no closing tag before the next one opens; it ends there";
    ds[0].offset = 0;
    b.rebase(ds, next);
    b.response.diagnostics.push_back(std::move(ds[0]));
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

bool read_function_tag(std::string_view& text, RawBuilder& b, CloseSearch& search) {
    // <function=name>{…}</function> or <function name="name">{…}</function>; text starts at '<'.
    // A tag named in words ("Done. <function=g> is next.") is no call: only the source shows the
    // words before it on its line.
    const char* const src = b.source.data();
    if (text.data() >= src && text.data() < src + b.source.size() &&
        function_mention(b.source, static_cast<std::size_t>(text.data() - src)))
        return false;
    std::string_view name;
    std::string_view quoted; // <function="f">: the name as written, in quotes that are no part of it
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
        if (const std::string_view inner = unquoted_name(name); inner.size() != name.size()) {
            quoted = name;
            name = inner;
        }
        after = gt + 1;
        // Qwen3-Coder's XML parameters (<function=f><parameter=p>v</parameter></function>), written
        // without a <tool_call> around them: not a JSON body (read_xml_call reads the name itself).
        if (is_call_name(name) && skip_blanks(text.substr(after)).starts_with(kXmlParameter)) {
            text = read_xml_call(text, gt, b, true);
            return true;
        }
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
    bool at_opener = false;
    const std::size_t end = block_close(body, "<function", close, search, at_opener);
    const bool cut_off = end == std::string_view::npos;
    std::string_view args = body.substr(0, cut_off ? body.size() : end), after_args;
    if (cut_off) {
        // No </function>: words after the JSON body closed (the answer went on in prose, "…}
        // see <function=g> there") are no arguments; kept as text, said, not lost in the call.
        const std::size_t from = body.size() - skip_blanks(body).size();
        if (from < body.size() && (body[from] == '{' || body[from] == '[')) {
            const std::size_t last = find_outside_strings(body, from, body.size(), [&](std::size_t i, std::size_t depth) {
                return depth == 1 && (body[i] == '}' || body[i] == ']');
            });
            if (last != std::string_view::npos) {
                args = body.substr(0, last + 1);
                after_args = body.substr(last + 1);
            }
        }
    }
    Diagnostics envelope;
    if (!quoted.empty()) envelope.push_back(quoted_name(b, "name", quoted));
    b.call(make_call(b, name, args, cut_off), std::move(envelope));
    stray_text(b, after_args, "a <function=...> call");
    if (at_opener) unclosed_block(b, body.substr(end), "a <function …> call");
    text = cut_off ? std::string_view() : body.substr(end + (at_opener ? 0 : close.size()));
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
    CloseSearch search; // see block_close()
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
            if (read_function_tag(text, b, search)) { ++found; continue; }
            b.text(text.substr(0, 1)); // not a call after all: prose
            text.remove_prefix(1);
            continue;
        }
        const std::string_view block_start = text;
        const std::string_view close = tag->close;
        text.remove_prefix(tag->open.size());
        bool at_opener = false;
        std::size_t end = block_close(text, tag->open, close, search, at_opener);
        // Ended by the next block's opener: closed as far as its content goes (said below).
        const bool closed = end != std::string_view::npos;
        if (!closed) end = text.size();
        const std::string_view body = trim(text.substr(0, end));
        if (at_opener) unclosed_block(b, text.substr(end), std::string("a ").append(tag->open).append(" block"));
        text.remove_prefix(std::min(text.size(), end + (at_opener ? 0 : close.size())));
        const std::string_view block = block_start.substr(0, static_cast<std::size_t>(text.data() - block_start.data()));
        if (body.empty()) continue;
        if (const std::size_t n = read_xml_function(body, b, closed)) { found += n; continue; }
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
        const std::size_t definitions = b.definitions;
        // Words in the block beside the payload (read from a part of it): text, not dropped.
        const bool partial = p.to != std::string_view::npos;
        std::string where = "a ";
        where.append(tag->open).append(" block");
        std::vector<FoundCall> calls;
        calls_from_value(p, calls, nullptr, true, &b.definitions);
        const std::size_t n = calls.size();
        if (partial && n > 0) stray_text(b, body.substr(0, p.from), where);
        for (auto& c : calls) b.call(std::move(c.call), std::move(c.envelope));
        if (partial && n > 0) stray_text(b, body.substr(std::min(body.size(), p.to)), where);
        if (n == 0) {
            std::string message = "a ";
            if (b.definitions > definitions)
                b.note(Risk::Warning, DiagnosticKind::Preserved,
                       message.append(tag->open).append(" block holds a tool's definition, not a call; it is kept as text"));
            else
                b.note(Risk::Risky, DiagnosticKind::Preserved,
                       message.append(tag->open).append(" block names no tool; it is kept as text"));
            b.text(block);
        }
        found += n;
    }
    b.text(text);
    return found;
}

namespace {

// Whether text (after a <|python_tag|>) opens a JSON call, {…} or [{…}], rather than Python code
// (brave_search.call(query="x"), [f(a='x')]), whose quotes are not JSON's.
bool json_call_at(std::string_view text) {
    text = skip_blanks(text);
    if (text.starts_with('[')) text = skip_blanks(text.substr(1));
    return text.starts_with('{');
}

// What one <|python_tag|> (or Llama 4's <|python_start|>, `marker`) wrote, up to its stop token:
// JSON calls, or a pythonic call list. When it holds neither, `kept` (the segment, or the block
// with its markers) goes to the text.
std::size_t read_python_tag(std::string_view segment, RawBuilder& b, std::string_view marker = "<|python_tag|>",
                            std::string_view kept = {}) {
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
               std::string(marker).append(" content is not a JSON or pythonic call; kept as text"));
        b.text(kept.data() ? kept : segment);
    }
    return found;
}

// Llama 4 wraps what it writes as code, its pythonic call list too, in <|python_start|> …
// <|python_end|> (vLLM's llama4_pythonic parser strips the two): each block is read as a
// <|python_tag|> segment is, the text around the blocks is prose. A block whose <|python_end|>
// is missing runs to the end of the text. Each search starts where the last block ended: linear.
std::size_t read_python_blocks(std::string_view text, RawBuilder& b) {
    constexpr std::string_view open = "<|python_start|>", close = "<|python_end|>";
    std::size_t found = 0;
    for (std::size_t at = text.find(open); at != std::string_view::npos; at = text.find(open)) {
        b.text(text.substr(0, at));
        const std::string_view inner = text.substr(at + open.size());
        const std::size_t end = inner.find(close);
        const std::string_view block =
            text.substr(at, end == std::string_view::npos ? std::string_view::npos : open.size() + end + close.size());
        found += read_python_tag(trim(inner.substr(0, end)), b, open, block);
        text = end == std::string_view::npos ? std::string_view() : inner.substr(end + close.size());
    }
    b.text(text);
    return found;
}

} // namespace

std::size_t read_llama3(std::string_view text, RawBuilder& b) {
    constexpr std::string_view tag = "<|python_tag|>";
    std::size_t at = text.find(tag);
    if (at == std::string_view::npos) {
        if (text.find("<|python_start|>") != std::string_view::npos) return read_python_blocks(text, b);
        if (looks_pythonic(text))
            if (const std::size_t n = read_pythonic(text, b)) return n;
        // Prose, then the call list on its own last line: the prose is text.
        if (const std::size_t list = pythonic_after_prose(text); list != std::string_view::npos) {
            b.text(text.substr(0, list));
            return read_pythonic(text.substr(list), b);
        }
        bool used_parameters = false;
        return read_bare_json(text, b, &used_parameters);
    }
    b.text(text.substr(0, at));
    // Each <|python_tag|> runs to its stop token; after <|eom_id|> (the tool's result awaited) a
    // model may go on with another <|python_tag|> call, and what lies between is prose. Where each
    // stop token next occurs is remembered, so many calls stay linear.
    constexpr std::string_view stops[] = {"<|eom_id|>", "<|eot_id|>"};
    std::size_t next_stop[2] = {0, 0};
    std::size_t found = 0;
    std::size_t from = at + tag.size();
    // A JSON call may mention a stop token inside a string value; its own stop is the first
    // outside the call's strings. Once a quote never closes (the scan ran to the end), stop tokens
    // are taken as they come, so the text is scanned to its end once at most.
    bool plain = false;
    while (true) {
        std::size_t end = text.size(), stop_size = 0;
        for (std::size_t k = 0; k < 2; ++k) {
            if (next_stop[k] != std::string_view::npos && next_stop[k] < from) next_stop[k] = text.find(stops[k], from);
            if (next_stop[k] < end) { end = next_stop[k]; stop_size = stops[k].size(); }
        }
        if (!plain && end != text.size() && json_call_at(text.substr(from))) {
            // A later stop than the first stands where the JSON has closed (see block_close).
            const std::size_t first = end;
            const std::size_t own = find_outside_strings(text, from, text.size(), [&](std::size_t i, std::size_t depth) {
                return text[i] == '<' && (i == first || depth == 0) &&
                       (text.substr(i).starts_with(stops[0]) || text.substr(i).starts_with(stops[1]));
            });
            if (own == std::string_view::npos) plain = true;
            else end = own; // both stop tokens are as long
        }
        found += read_python_tag(trim(text.substr(from, end - from)), b);
        if (end == text.size()) break;
        from = end + stop_size;
        at = text.find(tag, from);
        b.text(text.substr(from, at == std::string_view::npos ? std::string_view::npos : at - from));
        if (at == std::string_view::npos) break;
        from = at + tag.size();
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
        if (calls_from_value(whole, calls, used_parameters, b.named, &b.definitions)) {
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
        if (!calls_from_value(p, calls, used_parameters, b.named, &b.definitions)) continue;
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
