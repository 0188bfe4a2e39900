// The marker-delimited raw-text formats: Mistral [TOOL_CALLS], DeepSeek's tool-call markers (R1,
// V3, V3.1) and V3.2's DSML markup, and Functionary's >>>name / <function=name> forms. The
// arguments are JSON read with laminate::parse (make_call); only the markers are found here.
// Text after a marker is a call only when it names one (is_call_name): prose after a stray
// marker stays prose.

#include "raw_text_formats.hpp"

#include <laminate/extract.hpp>
#include <laminate/parse.hpp>

#include <algorithm>

namespace laminate::toolcall::detail {

namespace {

// ---- Mistral -------------------------------------------------------------------------------

constexpr std::string_view kMistral = "[TOOL_CALLS]";

// [TOOL_CALLS] some words [{"name": …, "arguments": …}] more words: calls in a JSON payload after
// text that names no tool. Only objects with an arguments member count; the text around them is
// kept as prose, and a Warning says that the calls did not follow the marker directly.
std::size_t read_calls_after_text(std::string_view segment, RawBuilder& b) {
    auto candidates = extract_candidates(segment);
    std::sort(candidates.begin(), candidates.end(),
              [](const Candidate& x, const Candidate& y) { return x.offset < y.offset; });
    for (const Candidate& c : candidates) {
        if (c.source == CandidateSource::Whole) continue;
        Payload p;
        ErrorKind error{};
        if (!read_payload(c.text, p, error, false)) continue;
        if (!c.closed) p.complete = false;
        b.rebase(p.diagnostics, c.text);
        std::vector<FoundCall> calls;
        if (!calls_from_value(p, calls, nullptr, false, &b.definitions)) continue;
        b.text(segment.substr(0, c.offset));
        b.note(Risk::Warning, DiagnosticKind::Preserved,
               "text between [TOOL_CALLS] and its calls was kept as text");
        for (auto& call : calls) b.call(std::move(call.call), std::move(call.envelope));
        b.text(segment.substr(c.offset + c.text.size()));
        return calls.size();
    }
    return 0;
}

// Where the call at the start of rest ends: at the next [TOOL_CALLS], unless that one sits inside
// the call's JSON arguments (a string value that mentions the marker); then at the first marker
// after the arguments closed, outside any string; none when the arguments closed and no marker
// follows them. When the text ends inside the arguments (an unbalanced quote, arguments cut
// off), the first marker it is, and *plain is set: later calls
// take the first marker too, so the text is scanned to its end once at most.
std::size_t next_marker(std::string_view rest, bool& plain) {
    const std::size_t first = rest.find(kMistral);
    if (plain || first == std::string_view::npos) return first;
    const std::string_view head = rest.substr(0, first);
    std::size_t args = head.find("[ARGS]");
    args = args == std::string_view::npos ? head.find('{') : args + 6;
    if (args == std::string_view::npos) return first;
    // The next call's marker comes after the arguments closed: outside strings, at depth 0.
    // closed: the arguments' outer bracket closed (outside strings) before the text ended.
    bool closed = false;
    const std::size_t at = find_outside_strings(rest, args, rest.size(), [&](std::size_t i, std::size_t depth) {
        if (depth == 1 && (rest[i] == '}' || rest[i] == ']')) closed = true;
        return depth == 0 && rest[i] == '[' && rest.substr(i).starts_with(kMistral);
    });
    if (at != std::string_view::npos) return at;
    // The arguments closed and no marker follows them: every marker in this text sits inside
    // their strings, so this is the last call and it runs to the end of the text.
    if (closed) return std::string_view::npos;
    plain = true;
    return first;
}

} // namespace

std::size_t read_mistral(std::string_view text, RawBuilder& b) {
    constexpr std::string_view args_marker = "[ARGS]";
    constexpr std::string_view id_marker = "[CALL_ID]";
    const std::size_t at = text.find(kMistral);
    if (at == std::string_view::npos) {
        b.text(text);
        return 0;
    }
    b.text(text.substr(0, at));
    std::string_view rest = text.substr(at + kMistral.size());
    // The end of sequence; one written inside a JSON string of the arguments (code about Mistral's
    // tokens) does not end them, and a later one than the first counts only where the JSON has
    // closed. Searched once per text: linear.
    if (const std::size_t eos = rest.find("</s>"); eos != std::string_view::npos) {
        const std::size_t own = find_outside_strings(rest, 0, rest.size(), [&](std::size_t i, std::size_t depth) {
            return rest[i] == '<' && (i == eos || depth == 0) && rest.substr(i).starts_with("</s>");
        });
        rest = rest.substr(0, own == std::string_view::npos ? eos : own);
    }
    std::size_t found = 0;
    const std::string_view head = trim(rest);
    if (head.starts_with('[') || head.starts_with('{')) {
        // [TOOL_CALLS][{"name", "arguments", "id"}, ...] (v3 – v7 tokenizers)
        for (auto& p : read_payloads(head)) {
            b.rebase(p.diagnostics, head);
            std::vector<FoundCall> calls;
            if (calls_from_value(p, calls, nullptr, true, &b.definitions))
                for (auto& c : calls) { b.call(std::move(c.call), std::move(c.envelope)); ++found; }
        }
        if (found == 0) b.note(Risk::Risky, DiagnosticKind::Preserved, "[TOOL_CALLS] payload holds no call");
        // Words after the payload's last closer are prose, kept as text (not dropped).
        const std::size_t close = head.find_last_of("]}");
        if (found > 0 && close != std::string_view::npos && !trim(head.substr(close + 1)).empty())
            b.text(head.substr(close + 1));
        return found;
    }
    // [TOOL_CALLS]name[CALL_ID]id[ARGS]{...} (v11+), repeated for parallel calls; also
    // [TOOL_CALLS]name{...} without [ARGS], as Mistral-Small-3.2 writes it once detokenized.
    // Each call runs to the next [TOOL_CALLS].
    bool plain = false; // see next_marker()
    while (!rest.empty()) {
        const std::size_t next = next_marker(rest, plain);
        const bool last = next == std::string_view::npos;
        const std::string_view segment = rest.substr(0, last ? rest.size() : next);
        const std::size_t args_at = segment.find(args_marker);
        std::string_view name, args;
        std::string id;
        bool cut_off = false;
        if (args_at != std::string_view::npos) {
            name = segment.substr(0, args_at);
            args = segment.substr(args_at + args_marker.size());
            // [ARGS] and nothing after it at the end of the text: cut off before the arguments.
            cut_off = last && trim(args).empty();
            const std::size_t id_at = name.find(id_marker);
            if (id_at != std::string_view::npos) {
                id = std::string(trim(name.substr(id_at + id_marker.size())));
                name = name.substr(0, id_at);
            }
        } else if (const std::size_t brace = segment.find('{'); brace != std::string_view::npos) {
            name = segment.substr(0, brace);
            args = segment.substr(brace);
        } else {
            // A name alone: cut off before its arguments, which are not known yet.
            name = segment;
            cut_off = true;
        }
        if (!is_call_name(trim(name))) {
            if (found == 0)
                if (const std::size_t n = read_calls_after_text(segment, b)) {
                    found += n;
                    if (last) break;
                    rest.remove_prefix(next + kMistral.size());
                    continue;
                }
            if (!trim(segment).empty()) {
                b.note(Risk::Risky, DiagnosticKind::Preserved, "text after [TOOL_CALLS] names no tool");
                if (found > 0) b.text(rest);
            }
            break;
        }
        // The arguments are the JSON value right after [ARGS] (or the name): markup or lines
        // after its closer are text, kept as such, not a place to look for other arguments (a
        // call in another format written after it would lend its own). Words on the closer's
        // line stay with the arguments: a quote left unescaped may have put the closer found
        // here inside a string.
        std::string_view after;
        if (const std::string_view t = trim(args); t.starts_with('{') || t.starts_with('[')) {
            const std::size_t open = static_cast<std::size_t>(t.data() - args.data());
            const std::size_t close = find_outside_strings(args, open, args.size(), [&](std::size_t i, std::size_t depth) {
                return depth == 1 && (args[i] == '}' || args[i] == ']');
            });
            const std::string_view tail = close == std::string_view::npos ? std::string_view() : args.substr(close + 1);
            const std::size_t lead = tail.find_first_not_of(" \t");
            if (lead != std::string_view::npos && (tail[lead] == '\n' || tail[lead] == '\r' || tail[lead] == '<') &&
                !trim(tail).empty()) {
                after = args.substr(close + 1);
                args = args.substr(0, close + 1);
            }
        }
        b.call(make_call(b, name, args, cut_off, std::move(id)));
        ++found;
        if (!after.empty()) b.text(after);
        if (last) break;
        rest.remove_prefix(next + kMistral.size());
    }
    return found;
}

// ---- DeepSeek R1 / V3 / V3.1 markers -----------------------------------------------------------

namespace {

// The markers use U+FF5C (fullwidth |) and U+2581 (lower one-eighth block) between words, as
// DeepSeek's chat template spells them; models (and llama.cpp's grammar) also write the words
// joined by '_', '\_' or ' ', and R1 sometimes opens with the short <｜tool▁calls｜>.
constexpr std::string_view kBar = "\xEF\xBD\x9C";

enum class Mark { None, CallsBegin, CallsEnd, CallBegin, CallEnd, Sep, Eos };

struct Token {
    std::size_t at, end;
    Mark mark;
};

Mark classify(std::string_view words) {
    std::string n;
    for (std::size_t i = 0; i < words.size() && n.size() < 24;) {
        if (words.substr(i).starts_with("\xE2\x96\x81")) { n += ' '; i += 3; }
        else if (words.substr(i).starts_with("\\_")) { n += ' '; i += 2; }
        else if (words[i] == '_' || words[i] == ' ') { n += ' '; ++i; }
        else n += words[i++];
    }
    if (n == "tool calls begin" || n == "tool calls") return Mark::CallsBegin;
    if (n == "tool calls end") return Mark::CallsEnd;
    if (n == "tool call begin") return Mark::CallBegin;
    if (n == "tool call end") return Mark::CallEnd;
    if (n == "tool sep") return Mark::Sep;
    if (n == "end of sentence") return Mark::Eos;
    return Mark::None;
}

std::vector<Token> deepseek_tokens(std::string_view text) {
    std::vector<Token> out;
    constexpr std::string_view opener = "<\xEF\xBD\x9C";
    constexpr std::string_view closer = "\xEF\xBD\x9C>";
    for (std::size_t pos = text.find(opener); pos != std::string_view::npos; pos = text.find(opener, pos + 1)) {
        const std::size_t words = pos + opener.size();
        const std::size_t close = text.substr(words, 48).find(closer);
        if (close == std::string_view::npos) continue;
        const Mark m = classify(text.substr(words, close));
        if (m == Mark::None) continue;
        out.push_back({pos, words + close + closer.size(), m});
        pos = words + close;
    }
    return out;
}

// R1's arguments sit in a ```json fence: the format's syntax, not a wrapper to report.
std::string_view strip_fence(std::string_view args) {
    std::string_view t = trim(args);
    if (!t.starts_with("```")) return args;
    const std::size_t nl = t.find('\n');
    if (nl == std::string_view::npos) return args;
    t.remove_prefix(nl + 1);
    const std::size_t close = t.rfind("```");
    if (close != std::string_view::npos && trim(t.substr(close + 3)).empty()) t = t.substr(0, close);
    return t;
}

bool ends_call(Mark m) { return m == Mark::CallEnd || m == Mark::CallsEnd || m == Mark::Eos || m == Mark::CallBegin; }

// The token that ends the call whose separator is tokens[sep]: the first that ends a call after
// it and outside the arguments' JSON strings (a string argument may mention the markers, as
// code or docs about DeepSeek do), a later one than the first only where the JSON has closed
// (depth 0: two calls whose quotes never close would otherwise pair them and read as one);
// tokens.size() when the text ends first. When the scan reaches
// the end of the text inside a string (a quote never closed), the first ending token it is, and
// `plain` is set: later calls take the first one too, so the text is scanned to its end once at
// most. Each scan covers the text up to the token it returns, where reading goes on: linear.
std::size_t call_end(std::string_view text, const std::vector<Token>& tokens, std::size_t sep, bool& plain) {
    std::size_t first = sep + 1;
    while (first < tokens.size() && !ends_call(tokens[first].mark)) ++first;
    if (plain || first == tokens.size()) return first;
    std::size_t t = sep + 1; // the next token at or after the position scanned
    const std::size_t at = find_outside_strings(text, tokens[sep].end, text.size(), [&](std::size_t i, std::size_t depth) {
        while (t < tokens.size() && tokens[t].at < i) ++t;
        return t < tokens.size() && tokens[t].at == i && ends_call(tokens[t].mark) && (t == first || depth == 0);
    });
    if (at != std::string_view::npos) return t;
    plain = true;
    return first;
}

// ---- DeepSeek V3.2 DSML --------------------------------------------------------------------------

// <｜DSML｜invoke name="f">, </｜DSML｜parameter>, or the same without the DSML prefix.
struct Tag {
    std::size_t at = 0, end = 0;
    bool closing = false;
    bool dsml = false;
    std::string_view name;
    std::string_view attrs;
};

bool tag_at(std::string_view text, std::size_t i, Tag& tag) {
    if (i >= text.size() || text[i] != '<') return false;
    std::size_t j = i + 1;
    tag = {};
    tag.at = i;
    if (j < text.size() && text[j] == '/') { tag.closing = true; ++j; }
    // The prefix: ｜DSML｜ (seen doubled too: ｜｜DSML｜｜).
    const std::size_t prefix = j;
    while (text.substr(j).starts_with(kBar)) j += kBar.size();
    if (j > prefix) {
        if (!text.substr(j).starts_with("DSML")) return false;
        j += 4;
        if (!text.substr(j).starts_with(kBar)) return false;
        while (text.substr(j).starts_with(kBar)) j += kBar.size();
        tag.dsml = true;
    }
    const std::size_t name_at = j;
    while (j < text.size() && ((text[j] >= 'a' && text[j] <= 'z') || text[j] == '_')) ++j;
    tag.name = text.substr(name_at, j - name_at);
    if (tag.name != "function_calls" && tag.name != "tool_calls" && tag.name != "invoke" && tag.name != "parameter")
        return false;
    const std::size_t window = text.substr(j, 513).find('>'); // attributes are short
    if (window == std::string_view::npos) return false;
    const std::size_t gt = j + window;
    tag.attrs = text.substr(j, gt - j);
    tag.end = gt + 1;
    return true;
}

// The next DSML tag at or after `from` (named `name` when not empty); false when there is none.
bool next_tag(std::string_view text, std::size_t from, Tag& tag, std::string_view name = {}, int closing = -1) {
    for (std::size_t at = text.find('<', from); at != std::string_view::npos; at = text.find('<', at + 1)) {
        if (!tag_at(text, at, tag)) continue;
        if (!name.empty() && tag.name != name) continue;
        if (closing >= 0 && tag.closing != (closing == 1)) continue;
        return true;
    }
    return false;
}

// The value of attribute `key` ("name" in name="f"), or empty.
std::string_view attribute(std::string_view attrs, std::string_view key) {
    for (std::size_t at = attrs.find(key); at != std::string_view::npos; at = attrs.find(key, at + 1)) {
        if (at > 0 && attrs[at - 1] != ' ' && attrs[at - 1] != '\t' && attrs[at - 1] != '\n') continue;
        std::size_t j = at + key.size();
        if (j >= attrs.size() || attrs[j] != '=') continue;
        ++j;
        if (j >= attrs.size() || (attrs[j] != '"' && attrs[j] != '\'')) continue;
        const std::size_t end = attrs.find(attrs[j], j + 1);
        if (end == std::string_view::npos) return {};
        return attrs.substr(j + 1, end - j - 1);
    }
    return {};
}

bool opens_calls(const Tag& t) {
    return !t.closing && (t.name == "function_calls" || (t.dsml && t.name == "tool_calls"));
}

// One parameter's value: string="true" is the text itself; otherwise JSON when it reads as
// such (repairs reported at the parameter), else the text.
Value parameter_value(const RawBuilder& b, std::string_view raw, bool is_string, std::string_view key,
                      ToolCall& call) {
    const std::string_view t = trim(raw);
    if (is_string) return Value(t);
    if (auto exact = parse_json(t)) return std::move(*exact);
    ParseOptions options;
    auto parsed = parse(t, options);
    if (parsed && (parsed->value.is_object() || parsed->value.is_array())) {
        b.rebase(parsed->diagnostics, t);
        for (auto d : parsed->diagnostics) {
            std::string path;
            append_path_key(path, key);
            if (!d.path.empty()) path += (d.path.front() == '[' ? "" : ".") + d.path;
            d.path = std::move(path);
            call.diagnostics.push_back(std::move(d));
        }
        return std::move(parsed->value);
    }
    return Value(t);
}

// The next closing tag of one name, remembered: when there is none after one position there is
// none after a later one, so many unclosed elements are not each searched to the end.
struct NextClose {
    explicit NextClose(std::string_view n) : name(n) {}
    std::string_view name;
    bool known = false, none = false;
    Tag tag;
    bool find(std::string_view text, std::size_t from, Tag& out) {
        if (none) return false;
        if (!known || tag.at < from) {
            known = true;
            if (!next_tag(text, from, tag, name, 1)) {
                none = true;
                return false;
            }
        }
        out = tag;
        return true;
    }
};

// Whether a closing parameter tag ends its value: another parameter, the invoke's or the block's
// end, or the end of the call follows it. A value may hold the tag itself (code that writes
// XML); then the first closing tag before the next parameter that is so followed ends it, and
// `close` moves there (false returned). Only the text up to the next parameter is looked at.
bool parameter_value_end(std::string_view body, std::size_t value_at, Tag& close) {
    auto ends = [&](const Tag& c) {
        std::size_t k = c.end;
        while (k < body.size() && (body[k] == ' ' || body[k] == '\t' || body[k] == '\n' || body[k] == '\r')) ++k;
        Tag next;
        if (k >= body.size()) return true;
        if (!tag_at(body, k, next)) return false;
        return next.name == "parameter" ? !next.closing : next.closing;
    };
    if (ends(close)) return true;
    Tag next_open;
    const std::size_t limit = next_tag(body, value_at, next_open, "parameter", 0) ? next_open.at : body.size();
    Tag later;
    for (std::size_t from = close.end; next_tag(body, from, later, "parameter", 1) && later.at < limit; from = later.end)
        if (ends(later)) {
            close = later;
            return false;
        }
    return true;
}

// The </invoke> that closes the invoke opened by `open`, given the first one after it (`first`):
// a value may hold the tag (code that writes DSML). For parameters, the first outside their
// values (between a parameter's tags); for a JSON body, the first outside its strings, a later
// one than the first only where the JSON has closed. False when none does before the text ends:
// `first` stands then, and `plain` is set, so that later invokes take the first as they come
// and the text is scanned to its end once at most. A scan that finds one covers text no later
// invoke looks at again: linear.
bool invoke_end(std::string_view text, const Tag& open, Tag& first, bool& plain) {
    if (plain) return false;
    Tag found;
    bool ok = false;
    if (trim(text.substr(open.end)).starts_with('{')) {
        ok = find_outside_strings(text, open.end, text.size(), [&](std::size_t i, std::size_t depth) {
            return text[i] == '<' && (i == first.at || depth == 0) && tag_at(text, i, found) && found.closing &&
                   found.name == "invoke";
        }) != std::string_view::npos;
    } else {
        bool in_value = false;
        for (std::size_t from = open.end; !ok && next_tag(text, from, found); from = found.end) {
            if (found.name == "parameter") in_value = !found.closing;
            else if (!in_value && found.closing && found.name == "invoke") ok = true;
        }
    }
    if (!ok) {
        plain = true;
        return false;
    }
    first = found;
    return true;
}

// One <invoke name="f">…</invoke>, its opening tag `open`; returns where reading goes on.
std::size_t read_invoke(std::string_view text, const Tag& open, RawBuilder& b, std::size_t& found,
                        NextClose& invoke_close, NextClose& parameter_close, bool& plain) {
    const std::string_view name = trim(attribute(open.attrs, "name"));
    Tag close;
    bool closed = invoke_close.find(text, open.end, close);
    if (closed) invoke_end(text, open, close, plain);
    std::size_t body_end = closed ? close.at : text.size();
    // A call cut off before </invoke> ends where the calls end, or the text does.
    if (!closed) {
        // Cut off before </invoke>: up to the end of the calls block, if it is there.
        NextClose calls_end("function_calls"), tools_end("tool_calls");
        Tag t;
        if (calls_end.find(text, open.end, t)) body_end = std::min(body_end, t.at);
        if (tools_end.find(text, open.end, t)) body_end = std::min(body_end, t.at);
    }
    const std::string_view body = text.substr(open.end, body_end - open.end);
    const std::size_t resume = closed ? close.end : body_end;
    if (!is_call_name(name)) {
        b.note(Risk::Risky, DiagnosticKind::Preserved, "a DSML invoke names no tool; it is kept as text");
        b.text(text.substr(open.at, resume - open.at));
        return resume;
    }
    ToolCall call;
    if (trim(body).starts_with('{')) {
        // Parameters given as one JSON object.
        call = make_call(b, name, body, !closed);
    } else {
        call.name = std::string(name);
        call.arguments = Value::object();
        ArgumentSetter setter;
        bool complete = closed;
        Tag p;
        std::size_t at = open.end;
        const std::string_view in_body = text.substr(0, body_end); // no search past the call
        while (next_tag(in_body, at, p, "parameter", 0)) {
            stray_text(b, text.substr(at, p.at - at), "a DSML invoke");
            const std::string_view key = attribute(p.attrs, "name");
            const bool is_string = attribute(p.attrs, "string") == "true";
            Tag p_end, next_open;
            std::size_t value_end = body_end;
            bool inner = false;
            // The next parameter's opening tag: a value never runs into it (its closer left out).
            const bool has_next = next_tag(in_body, p.end, next_open, "parameter", 0);
            if (parameter_close.find(text, p.end, p_end) && p_end.at <= body_end && (!has_next || p_end.at < next_open.at)) {
                inner = !parameter_value_end(in_body, p.end, p_end);
                value_end = p_end.at;
                at = p_end.end;
            } else if (has_next || closed) {
                // No closer: the value ends where the next parameter or </invoke> begins.
                value_end = at = has_next ? next_open.at : body_end;
                Diagnostic d = b.parameter_warning(DiagnosticKind::Repaired,
                                                   "the value has no closing parameter tag; it ends where the next tag begins",
                                                   key, text.substr(value_end));
                d.repair = RepairKind::MissingCloser;
                if (!key.empty()) call.diagnostics.push_back(std::move(d));
            } else {
                complete = false; // cut off inside the value
                at = body_end;
                Diagnostic d = b.parameter_warning(DiagnosticKind::Repaired,
                                                   "the text ends inside the value; it is taken as far as it goes", key,
                                                   text.substr(p.end));
                d.repair = RepairKind::TruncatedCompleted;
                d.risk = Risk::Risky;
                if (!key.empty()) call.diagnostics.push_back(std::move(d));
            }
            if (!key.empty() &&
                setter.set(call.arguments, key, parameter_value(b, text.substr(p.end, value_end - p.end), is_string, key, call)))
                call.diagnostics.push_back(b.repeated_parameter(key));
            if (inner && !key.empty()) call.diagnostics.push_back(b.closer_in_value(key, text.substr(p.end)));
        }
        if (at < body_end) stray_text(b, text.substr(at, body_end - at), "a DSML invoke");
        call.raw_arguments = call.arguments.dump();
        call.complete = complete;
    }
    b.call(std::move(call));
    ++found;
    return resume;
}

std::size_t read_dsml(std::string_view text, RawBuilder& b) {
    const std::size_t start = find_dsml(text);
    if (start == std::string_view::npos) return 0;
    b.text(text.substr(0, start));
    Tag t;
    tag_at(text, start, t);
    std::size_t at = t.end;
    std::size_t found = 0;
    NextClose invoke_close("invoke"), parameter_close("parameter");
    bool plain = false; // see invoke_end()
    while (next_tag(text, at, t)) {
        // Words between the block's tags (after an invoke, before the block's end) are text.
        stray_text(b, text.substr(at, t.at - at), "a DSML tool-call block");
        if (t.closing && (t.name == "function_calls" || t.name == "tool_calls")) {
            at = t.end;
            // More calls may follow in another block; the text between is prose.
            const std::size_t again = find_dsml(text.substr(at));
            if (again == std::string_view::npos) break;
            b.text(text.substr(at, again));
            Tag open;
            tag_at(text, at + again, open);
            at = open.end;
            continue;
        }
        if (t.name == "invoke" && !t.closing) {
            at = read_invoke(text, t, b, found, invoke_close, parameter_close, plain);
            continue;
        }
        at = t.end; // a stray tag
    }
    if (at < text.size()) b.text(text.substr(at));
    return found;
}

} // namespace

std::size_t find_dsml(std::string_view text) {
    Tag t;
    // The next <invoke> after a position, remembered (none after one position: none after any
    // later one), so that many bare <function_calls> are not each searched to the end.
    Tag invoke;
    bool invoke_known = false, no_invoke = false;
    for (std::size_t at = text.find('<'); at != std::string_view::npos; at = text.find('<', at + 1)) {
        if (!tag_at(text, at, t) || !opens_calls(t)) continue;
        if (t.dsml) return at;
        // Without the DSML prefix <function_calls> is a call block only when an invoke follows.
        if (no_invoke) continue;
        if (!invoke_known || invoke.at < t.end) {
            invoke_known = true;
            if (!next_tag(text, t.end, invoke, "invoke", 0)) {
                no_invoke = true;
                continue;
            }
        }
        return at;
    }
    return std::string_view::npos;
}

std::size_t read_deepseek(std::string_view text, RawBuilder& b) {
    const std::vector<Token> tokens = deepseek_tokens(text);
    std::size_t k = 0;
    while (k < tokens.size() && tokens[k].mark != Mark::CallsBegin && tokens[k].mark != Mark::CallBegin) ++k;
    const std::size_t dsml = find_dsml(text);
    if (dsml != std::string_view::npos && (k == tokens.size() || dsml < tokens[k].at)) return read_dsml(text, b);
    if (k == tokens.size()) {
        b.text(text);
        return 0;
    }
    b.text(text.substr(0, tokens[k].at));
    std::size_t found = 0;
    bool plain = false; // see call_end()
    std::size_t tail = std::string_view::npos; // where prose after the calls begins
    std::size_t after_call = std::string_view::npos; // end of the last <｜tool▁call▁end｜>
    for (; k < tokens.size(); ++k) {
        const Token& tok = tokens[k];
        // Words after a call, before the next marker, are text.
        if (after_call != std::string_view::npos && tok.at >= after_call) {
            stray_text(b, text.substr(after_call, tok.at - after_call), "a DeepSeek tool-call block");
            after_call = std::string_view::npos;
        }
        if (tok.mark == Mark::Eos) break;
        if (tok.mark == Mark::CallsEnd) { tail = tok.end; continue; }
        if (tok.mark != Mark::CallBegin) continue;
        tail = std::string_view::npos;
        std::size_t j = k + 1;
        while (j < tokens.size() && tokens[j].mark != Mark::Sep && !ends_call(tokens[j].mark)) ++j;
        const std::size_t sep = j < tokens.size() && tokens[j].mark == Mark::Sep ? j : std::string_view::npos;
        if (sep != std::string_view::npos) j = call_end(text, tokens, sep, plain);
        const bool cut_off = j == tokens.size();
        const std::size_t body_end = cut_off ? text.size() : tokens[j].at;
        std::string_view name, args;
        if (sep == std::string_view::npos) {
            name = text.substr(tok.end, body_end - tok.end); // cut off before the separator
        } else {
            name = text.substr(tok.end, tokens[sep].at - tok.end);
            args = text.substr(tokens[sep].end, body_end - tokens[sep].end);
            if (trim(name) == "function") {
                // R1 / V3: function<｜tool▁sep｜>name\n```json\n{...}\n```
                const std::size_t nl = args.find('\n');
                name = args.substr(0, nl);
                args = nl == std::string_view::npos ? std::string_view() : args.substr(nl + 1);
                args = strip_fence(args);
            }
        }
        if (is_call_name(trim(name))) {
            b.call(make_call(b, name, args, cut_off));
            ++found;
        } else {
            b.note(Risk::Risky, DiagnosticKind::Preserved, "a DeepSeek tool call names no tool; it is kept as text");
            b.text(text.substr(tok.at, body_end - tok.at));
        }
        if (!cut_off && tokens[j].mark == Mark::CallEnd) after_call = tokens[j].end;
        k = j - 1; // on to the token that ended this call
    }
    if (after_call != std::string_view::npos) {
        // The text ended after a call, with no marker closing the calls: what follows is text.
        stray_text(b, text.substr(after_call), "a DeepSeek tool-call block");
    }
    if (tail != std::string_view::npos) {
        std::size_t end = text.size();
        for (const auto& t : tokens)
            if (t.at >= tail && t.mark == Mark::Eos) { end = t.at; break; }
        b.text(text.substr(tail, end - tail));
    }
    return found;
}

// ---- Functionary ---------------------------------------------------------------------------------

namespace {

// The recipient named after >>> at text[at] (at: just past the >>>): a name and a line break,
// or a name the text ends with.
bool recipient_at(std::string_view text, std::size_t at, std::string_view* name = nullptr) {
    // A recipient line is short: the line break is looked for in the next 301 bytes only.
    const std::size_t window = text.substr(at, 301).find('\n');
    const std::size_t nl = window == std::string_view::npos ? (text.size() - at <= 300 ? std::string_view::npos : at + 301)
                                                            : at + window;
    const std::string_view line = text.substr(at, nl == std::string_view::npos ? std::string_view::npos : nl - at);
    const std::string_view n = trim(line);
    if (!is_call_name(n) || line.size() > 300) return false;
    if (name) *name = n;
    return true;
}

// Segment bodies end before a Llama 3 stop token.
std::string_view strip_stop(std::string_view body) {
    for (std::string_view stop : {"<|eot_id|>", "<|eom_id|>"})
        if (const std::size_t at = body.find(stop); at != std::string_view::npos) body = body.substr(0, at);
    return body;
}

// One recipient segment "name\nbody". implicit: the first segment of a text without a leading
// >>> (the prompt ended with it), a call only when its body is JSON (or python's code).
std::size_t read_segment(std::string_view seg, bool implicit, bool last, RawBuilder& b) {
    const std::size_t nl = seg.find('\n');
    const std::string_view name = trim(seg.substr(0, nl));
    const std::string_view body = nl == std::string_view::npos ? std::string_view() : strip_stop(seg.substr(nl + 1));
    if (name == "all") {
        b.text(body);
        return 0;
    }
    const std::string_view t = trim(body);
    const bool json = t.starts_with('{') || t.starts_with('[');
    if (!is_call_name(name) || (implicit && !json && name != "python" && name != "ipython") ||
        (implicit && t.empty())) {
        b.text(seg);
        return 0;
    }
    if ((name == "python" || name == "ipython") && !json) {
        // Functionary's code interpreter: the body is code, not JSON.
        ToolCall call;
        call.name = std::string(name);
        call.arguments = Value::object();
        call.arguments.set("code", Value(t));
        call.raw_arguments = call.arguments.dump();
        b.call(std::move(call));
        return 1;
    }
    // A recipient the text ends with (">>>f\n" and nothing after it) was cut off before its
    // arguments; a call without arguments is written ">>>f\n{}".
    b.call(make_call(b, name, body, last && t.empty()));
    return 1;
}

} // namespace

bool has_functionary_marker(std::string_view text) {
    std::size_t seen = 0;
    for (std::size_t at = text.find(">>>"); at != std::string_view::npos && seen < 64; at = text.find(">>>", at + 3), ++seen)
        if (recipient_at(text, at + 3)) return true;
    return false;
}

std::size_t read_functionary(std::string_view text, RawBuilder& b) {
    std::size_t found = 0;
    // v3.1: <function=name>{...}</function>
    if (text.find("<function=") != std::string_view::npos || text.find("<function name=") != std::string_view::npos) {
        CloseSearch search;
        // Where each spelling next occurs, as offsets into `all`: one that does not occur again
        // is not searched for again, so many calls stay linear.
        const std::string_view all = text;
        constexpr std::string_view openers[] = {"<function=", "<function name="};
        std::size_t next[2] = {all.find(openers[0]), all.find(openers[1])};
        while (true) {
            const std::size_t from = static_cast<std::size_t>(text.data() - all.data());
            for (std::size_t k = 0; k < 2; ++k)
                if (next[k] != std::string_view::npos && next[k] < from) next[k] = all.find(openers[k], from);
            const std::size_t at = std::min(next[0], next[1]);
            if (at == std::string_view::npos) break;
            b.text(text.substr(0, at - from));
            text.remove_prefix(at - from);
            if (read_function_tag(text, b, search)) { ++found; continue; }
            b.text(text.substr(0, 1));
            text.remove_prefix(1);
        }
        b.text(text);
        return found;
    }
    // v3.2: segments "recipient\nbody" after >>>; "all" carries text. The prompt usually ends
    // with >>>, so the answer's first segment has none.
    std::size_t begin = 0;
    bool implicit = true;
    for (std::size_t at = text.find(">>>"); at != std::string_view::npos; at = text.find(">>>", at + 3)) {
        if (!recipient_at(text, at + 3)) continue;
        if (at > begin || !implicit) found += read_segment(text.substr(begin, at - begin), implicit, false, b);
        begin = at + 3;
        implicit = false;
    }
    found += read_segment(text.substr(begin), implicit, true, b);
    return found;
}

} // namespace laminate::toolcall::detail
