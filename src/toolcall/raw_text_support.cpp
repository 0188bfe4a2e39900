// JSON payloads and calls inside raw model text.

#include "raw_text_support.hpp"
#include "prose_guess.hpp"

#include "core/diagnostic_append.hpp"

#include <laminate/extract.hpp>
#include <laminate/parse.hpp>

#include <algorithm>

namespace laminate::toolcall::detail {

std::string_view skip_blanks(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\n' || s.front() == '\r'))
        s.remove_prefix(1);
    return s;
}

std::string_view trim(std::string_view s) {
    auto space = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; };
    while (!s.empty() && space(s.front())) s.remove_prefix(1);
    while (!s.empty() && space(s.back())) s.remove_suffix(1);
    return s;
}

bool is_call_name(std::string_view s) {
    if (s.empty() || s.size() > 256) return false;
    const auto alpha = [](char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '$'; };
    const auto digit = [](char c) { return c >= '0' && c <= '9'; };
    if (!alpha(s.front())) return false;
    for (char c : s)
        if (!alpha(c) && !digit(c) && c != '.' && c != '-' && c != ':' && c != '/') return false;
    return true;
}

ToolCall make_call(const RawBuilder& b, std::string_view name, std::string_view args, bool cut_off,
                   std::string id) {
    ToolCall call;
    call.id = std::move(id);
    call.name = std::string(trim(name));
    const std::string_view raw = trim(args);
    read_arguments(call, raw, cut_off);
    b.rebase(call.diagnostics, raw);
    return call;
}

void RawBuilder::rebase(Diagnostics& ds, std::string_view part) const {
    const bool inside = part.data() >= source.data() && part.data() + part.size() <= source.data() + source.size();
    const std::size_t base = inside ? static_cast<std::size_t>(part.data() - source.data()) : 0;
    for (auto& d : ds) {
        if (d.offset == Diagnostic::no_offset) continue;
        d.offset = inside ? d.offset + base : Diagnostic::no_offset;
    }
}

// A Warning at a parameter's path, its offset where `part` (a view into source) begins.
Diagnostic RawBuilder::parameter_warning(DiagnosticKind kind, std::string message, std::string_view key,
                                         std::string_view part) const {
    Diagnostics one(1);
    Diagnostic& d = one.front();
    d.kind = kind;
    d.risk = Risk::Warning;
    d.message = std::move(message);
    d.offset = 0;
    append_path_key(d.path, key);
    rebase(one, part); // offsets count from the start of the whole text
    return std::move(one.front());
}

Diagnostic RawBuilder::repeated_parameter(std::string_view key) const {
    return parameter_warning(DiagnosticKind::DuplicateKey, "last value won", key, key);
}

Diagnostic RawBuilder::closer_in_value(std::string_view key, std::string_view value) const {
    return parameter_warning(DiagnosticKind::Preserved,
                             "the value holds a closing parameter tag that does not end it; it is kept in the value",
                             key, value);
}

bool ArgumentSetter::set(Value& arguments, std::string_view key, Value v) {
    if (!arguments.is_object()) arguments = Value::object();
    auto [at, added] = index_.try_emplace(std::string(key), arguments.size());
    if (!added) {
        arguments.members()[at->second].value = std::move(v);
        return true;
    }
    arguments.append_member(key, std::move(v));
    return false;
}

void RawBuilder::locate(std::string_view region) {
    const bool inside = region.data() >= source.data() && region.data() + region.size() <= source.data() + source.size();
    if (!inside) return;
    located = true;
    region_begin = cursor = static_cast<std::size_t>(region.data() - source.data());
    region_end = region_begin + region.size();
}

constexpr std::string_view kPlaceholderLeftOut =
    "a call named with a placeholder from a prompt template (such as function_name) is not read as a call; it "
    "is left out, beside the calls around it";

void RawBuilder::keep_placeholder(std::size_t until) {
    // Kept only when no call was read since (the stretch then holds the placeholder's markup
    // alone, not a real call's too).
    if (placeholder_from == std::string_view::npos || until <= placeholder_from) return; // not past it yet
    if (calls == placeholder_calls)
        prose.append(source.substr(placeholder_from, until - placeholder_from));
    else // a call was read after it in the same stretch: the stretch is that call's too
        for (std::size_t i : placeholder_notes) response.diagnostics[i].message = kPlaceholderLeftOut;
    placeholder_from = std::string_view::npos;
    placeholder_notes.clear();
}

void RawBuilder::text(std::string_view s) {
    const bool in_source =
        located && s.data() >= source.data() && s.data() + s.size() <= source.data() + source.size();
    if (in_source) keep_placeholder(static_cast<std::size_t>(s.data() - source.data()));
    prose.append(s.data(), s.size());
    if (!located || s.empty()) return;
    if (!in_source) return;
    const std::size_t at = static_cast<std::size_t>(s.data() - source.data());
    if (span_open) {
        spans.back().end = std::max(spans.back().begin, at);
        span_open = false;
    }
    cursor = std::max(cursor, at + s.size());
}

bool placeholder_name(std::string_view name) {
    std::string_view n = trim(name);
    if (n.size() >= 2 && ((n.front() == '<' && n.back() == '>') || (n.front() == '{' && n.back() == '}') ||
                          (n.front() == '[' && n.back() == ']')))
        return true;
    if (n.size() > 64) return false;
    std::string w;
    for (char c : n) {
        if (c == '$' && w.empty()) continue;
        w += c == '-' || c == ' ' ? '_' : static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    }
    // (Qwen3-Coder's system prompt shows <function=example_function_name>.)
    for (std::string_view prefix : {"your_", "the_", "my_", "example_", "sample_"})
        if (w.starts_with(prefix)) w.erase(0, prefix.size());
    if (w.ends_with("_here")) w.resize(w.size() - 5);
    // Numbered as templates number them: func_name1, function_name_2.
    while (!w.empty() && w.back() >= '0' && w.back() <= '9') w.pop_back();
    if (w.ends_with('_')) w.pop_back();
    static constexpr std::string_view words[] = {"name",       "function_name",    "tool_name",
                                                 "func_name",  "fn_name",          "functionname",
                                                 "toolname",   "name_of_function", "name_of_the_function",
                                                 "name_of_tool", "name_of_the_tool"};
    return std::find(std::begin(words), std::end(words), w) != std::end(words);
}

void RawBuilder::call(ToolCall c, Diagnostics envelope) {
    if (placeholder_name(c.name)) {
        // A prompt's template copied out ("name": "function_name", <function-name>): no tool is
        // called by it, and its markup goes back to the text (keep_placeholder()). That markup is
        // known only as the stretch since the last prose: with calls read in that stretch before
        // it, the stretch is theirs too, and the placeholder's text is left out.
        const bool keep = located && !span_open;
        note(Risk::Warning, DiagnosticKind::Preserved,
             keep ? "a call named with a placeholder from a prompt template (such as function_name) is not read as "
                    "a call; it is kept as text"
                  : std::string(kPlaceholderLeftOut));
        if (keep) {
            placeholder_notes.push_back(response.diagnostics.size() - 1);
            if (placeholder_from == std::string_view::npos) { // else the pending stretch holds it too
                placeholder_from = cursor;
                placeholder_calls = calls;
                std::size_t at = cursor; // where its markup begins
                while (at < region_end &&
                       (source[at] == ' ' || source[at] == '\t' || source[at] == '\n' || source[at] == '\r'))
                    ++at;
                response.diagnostics.back().offset = at;
            }
        }
        return;
    }
    if (calls >= options.max_calls) {
        ++dropped_calls;
        return;
    }
    if (located) {
        if (!span_open) {
            spans.push_back({cursor, region_end, calls, 0});
            span_open = true;
        }
        ++spans.back().count;
    }
    if (c.id.empty()) c.id = "call_" + std::to_string(calls);
    std::string prefix = "tool_calls";
    append_path_index(prefix, calls);
    for (auto& d : envelope) {
        d.path = d.path.empty() ? prefix : prefix + (d.path.front() == '[' ? "" : ".") + d.path;
        response.diagnostics.push_back(std::move(d));
    }
    ++calls;
    choice.content.emplace_back(std::move(c));
}

void RawBuilder::note(Risk risk, DiagnosticKind kind, std::string message) {
    Diagnostic d;
    d.kind = kind;
    d.risk = risk;
    d.message = std::move(message);
    response.diagnostics.push_back(std::move(d));
}

namespace {

bool blank_char(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

bool fence_line(std::string_view line) {
    const std::string_view t = trim(line);
    return t.starts_with("```") || t.starts_with("~~~");
}

// Whether s holds words: anything but blanks, backticks and sentence punctuation.
bool has_words(std::string_view s) {
    for (char c : s)
        if (!blank_char(c) && c != '`' && c != '.' && c != ',' && c != ';' && c != ':' && c != '!' && c != '?')
            return true;
    return false;
}

// A label before a call: one word and a colon ("Calling:", "Action:", as ReAct-style answers
// write a call after it), not a word that says an example follows ("Example:", "Format:").
bool call_label(std::string_view before) {
    if (!before.ends_with(':')) return false;
    const std::string_view word = trim(before.substr(0, before.size() - 1));
    if (word.empty() || word.size() > 24) return false;
    std::string lower;
    for (char c : word) {
        const bool letter = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
        if (!letter && c != '_' && c != '-') return false;
        lower += static_cast<char>(c | 0x20);
    }
    for (std::string_view example : {"example", "examples", "eg", "sample", "format", "template", "syntax", "usage",
                                     "instance", "illustration", "demo", "output"})
        if (lower == example) return false;
    return true;
}

// The words of a line, lower-cased: runs of ASCII letters ("won't" is "won", "t").
std::vector<std::string> line_words(std::string_view line) {
    std::vector<std::string> words;
    std::string word;
    for (char c : line) {
        if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')) {
            word += static_cast<char>(c | 0x20);
        } else if (!word.empty()) {
            words.push_back(std::move(word));
            word.clear();
        }
    }
    if (!word.empty()) words.push_back(std::move(word));
    return words;
}

// Whether words speak of an example or of a call not made: "example", "e.g.", "for instance",
// "for reference", "looks like", "like this", a sample, the syntax; "I won't", "will not",
// "not actually", "not going to"; or a hypothetical ("If I could, I'd run").
bool speaks_of_example(const std::vector<std::string>& words) {
    bool conditional = false, would = false;
    for (std::size_t i = 0; i < words.size(); ++i) {
        const std::string_view w = words[i], next = i + 1 < words.size() ? std::string_view(words[i + 1]) : "";
        if (w == "example" || w == "examples" || w == "hypothetical" || w == "illustrative" || w == "syntax" ||
            w == "sample")
            return true;
        if ((w == "e" && next == "g") || (w == "for" && (next == "instance" || next == "reference")) ||
            (w == "like" && next == "this") || ((w == "look" || w == "looks") && next == "like"))
            return true;
        if ((w == "won" && next == "t") || (w == "will" && next == "not") || (w == "not" && next == "actually") ||
            (w == "not" && next == "going"))
            return true;
        if (w == "if") conditional = true;
        if (w == "would" || w == "could" || (w == "i" && next == "d")) would = true;
    }
    return conditional && would;
}

// Whether the line before a call on its own line introduces it as an example: it ends in a colon
// and speaks of one ("Here is an example of the syntax:", "It would look like this:", "If I could,
// I'd run:", "I won't call it, but for reference:") or names a format ("Use the following
// format:", "Usage:"), or it is a short label without the colon ("e.g.", "For example"). A plain
// lead-in ("Let me check the weather:") says nothing of the kind, and neither does a finished
// sentence ("Here is an example of why it matters.").
bool introduces_example(std::string_view line) {
    line = trim(line);
    if (line.size() > 400) return false;
    const std::vector<std::string> words = line_words(line);
    if (words.empty()) return false;
    if (!line.ends_with(':')) return words.size() <= 3 && speaks_of_example(words) && !line.ends_with('?');
    // The thing named last before the colon ("...the format:", "Usage:").
    for (std::string_view last : {"format", "syntax", "template", "usage", "sample", "example", "examples",
                                  "illustration", "demo", "schema"})
        if (words.back() == last) return true;
    return speaks_of_example(words);
}

// Whether the line after a call says it was an example or not made ("^ That is an example of the
// format", "But I won't run it.", "I'm not actually calling it"). A line ending in a colon
// introduces what follows it instead ("For reference, another call would be:").
bool disowns_call(std::string_view line) {
    line = trim(line);
    return line.size() <= 400 && !line.ends_with(':') && speaks_of_example(line_words(line));
}

// The first line holding anything but blanks in s (empty when none).
std::string_view first_line(std::string_view s) {
    while (!s.empty() && blank_char(s.front())) s.remove_prefix(1);
    return s.substr(0, s.find('\n'));
}

// The last line holding anything but blanks in s (empty when none).
std::string_view last_line(std::string_view s) {
    while (!s.empty() && blank_char(s.back())) s.remove_suffix(1);
    const std::size_t nl = s.rfind('\n');
    return nl == std::string_view::npos ? s : s.substr(nl + 1);
}

// Whether the prose kept as text holds words outside fence lines.
bool prose_has_words(std::string_view prose) {
    while (!prose.empty()) {
        const std::size_t nl = prose.find('\n');
        const std::string_view line = prose.substr(0, nl);
        if (!fence_line(line) && has_words(line)) return true;
        if (nl == std::string_view::npos) break;
        prose.remove_prefix(nl + 1);
    }
    return false;
}

} // namespace

// A call the model writes as an example, a format to follow or one it declines to make looks
// like any other call; what it was meant as cannot be read. What can be seen is where it is
// written: inside a markdown code fence or inline code while the answer also holds prose, or in
// the middle of a line of prose. Such a call is still returned, with a warning that it may be an
// example; a call alone in a fence (some models fence their real calls) is only noted, and a call
// on its own line after a sentence ("Let me check.\n<tool_call>...") is not flagged.
// Offsets count from the start of the whole text (the markup's first byte).
void RawBuilder::flag_embedded() {
    if (spans.empty()) return;
    if (span_open) spans.back().end = std::max(spans.back().begin, region_end);
    span_open = false;
    const bool words_elsewhere = prose_has_words(prose);
    std::size_t fences = 0;   // fence lines between region_begin and `counted`
    std::size_t counted = region_begin; // start of the first line not yet counted
    std::size_t scanned = region_begin; // [counted, scanned) holds no line break
    for (std::size_t k = 0; k < spans.size(); ++k) {
        const Span& sp = spans[k];
        // Other calls on the line are no prose: the line is looked at between them.
        const std::size_t prev_end = k == 0 ? region_begin : std::min(spans[k - 1].end, region_end);
        const std::size_t next_begin = k + 1 < spans.size() ? spans[k + 1].begin : region_end;
        std::size_t mb = sp.begin, me = std::max(sp.begin, std::min(sp.end, region_end));
        while (mb < me && blank_char(source[mb])) ++mb;
        while (me > mb && blank_char(source[me - 1])) --me;
        // Every search is bounded by the neighbouring calls, so many calls on one line stay linear.
        const std::size_t lo = std::min(mb, std::max(region_begin, prev_end));
        const std::size_t nl_at = source.substr(lo, mb - lo).rfind('\n');
        const std::size_t line_start = nl_at == std::string_view::npos ? lo : lo + nl_at + 1;
        // Fence lines wholly before the markup's line.
        std::size_t scan = std::max(counted, scanned);
        while (scan < line_start) {
            const std::size_t nl = source.substr(scan, line_start - scan).find('\n');
            if (nl == std::string_view::npos) {
                scan = line_start;
                break;
            }
            if (fence_line(source.substr(counted, scan + nl - counted))) ++fences;
            counted = scan = scan + nl + 1;
        }
        scanned = scan;
        const std::string_view prefix = source.substr(line_start, mb - line_start);
        const std::size_t hi = std::max(me, std::min(next_begin, region_end));
        const std::size_t nl_after = source.substr(me, hi - me).find('\n');
        const std::size_t line_end = nl_after == std::string_view::npos ? hi : me + nl_after;
        const std::string_view suffix = source.substr(me, line_end - me);
        const std::string_view markup = source.substr(mb, me - mb);
        const bool fenced = fences % 2 == 1 || fence_line(markup.substr(0, markup.find('\n')));
        const bool inline_code = trim(prefix).ends_with('`') || (markup.starts_with('`') && !fenced);
        const bool in_code = fenced || inline_code;
        // Special tokens (Mistral's [TOOL_CALLS], DeepSeek's <｜…｜>, Llama's <|python_tag|>,
        // Functionary's >>>) follow the answer's last sentence directly as the template
        // renders them: only prose after them on the line says they sit inside a sentence.
        const bool token = markup.starts_with("[TOOL_CALLS]") || markup.starts_with("<\xEF\xBD\x9C") ||
                           markup.starts_with("<|") || markup.starts_with(">>>");
        // A finished sentence before a tagged call ("Sure, let me check.<tool_call>...") is the
        // common way of answering, the call coming after it; words that run into the call
        // ("write <tool_call>...", "looks like {...}") make it part of the sentence. A colon
        // finishes no sentence: it introduces what follows ("For example:", "Use this
        // format:"), which is as often an example as a call; only a one-word label before it
        // ("Calling:", "Action:") is a call's lead-in (call_label). A bare JSON call has no
        // markup that says it is meant as one: words before it on its line make it part of the
        // prose ("Checking. {...}") unless they are such a label.
        const std::string_view before = trim(prefix);
        const bool bare = !token && (markup.starts_with('{') || markup.starts_with('['));
        const bool sentence_done =
            call_label(before) || (!bare && (before.ends_with('.') || before.ends_with('!') || before.ends_with('?')));
        const bool words_on_line = (!token && !sentence_done && has_words(prefix)) || has_words(suffix);
        // On its own line, the line before it may say an example follows, or the line after it
        // that the call was one or is not made (bounded by the neighbouring calls, as every
        // search here). Special tokens too: the text cannot tell a token the model emitted from
        // the same characters written in prose.
        const std::size_t after_end = std::max(line_end, std::min(next_begin, region_end));
        const bool after_example_lead_in =
            !in_code && !words_on_line && !has_words(prefix) &&
            (introduces_example(last_line(source.substr(lo, line_start - lo))) ||
             disowns_call(first_line(source.substr(line_end, after_end - line_end))));
        Diagnostic d;
        d.kind = DiagnosticKind::Repaired;
        d.repair = RepairKind::WrapperStripped;
        d.offset = mb;
        if (in_code && (words_elsewhere || words_on_line)) {
            d.risk = Risk::Warning;
            d.message = "the call is written inside a code block or inline code, with prose around it: it may be "
                        "an example, not a call";
        } else if (in_code) {
            d.risk = Risk::Info;
            d.message = "the call is written inside a markdown code fence";
        } else if (words_on_line) {
            d.risk = Risk::Warning;
            d.message = "the call is written in the middle of a line of prose: it may be an example or a "
                        "description, not a call";
        } else if (after_example_lead_in) {
            d.risk = Risk::Warning;
            d.message = "the call is written between lines that present it as an example or say it is not "
                        "made: it may be an example, not a call";
        } else {
            continue;
        }
        d.suggestion = after_example_lead_in
                           ? "if the call is meant, have the model write its calls without presenting them as examples"
                           : "have the model write each call on its own line, outside code fences";
        for (std::size_t j = 0; j < sp.count; ++j) {
            Diagnostic one = d;
            one.path = "tool_calls";
            append_path_index(one.path, sp.first + j);
            // A fence the parser already reported removing around the call says it all.
            const bool said = d.risk == Risk::Info &&
                              std::any_of(response.diagnostics.begin(), response.diagnostics.end(),
                                          [&](const Diagnostic& x) {
                                              return x.path == one.path && x.repair == RepairKind::WrapperStripped;
                                          });
            if (!said) response.diagnostics.push_back(std::move(one));
        }
    }
}

Response RawBuilder::finish(Format format, std::string reasoning, bool has_reasoning) {
    if (located) keep_placeholder(region_end);
    flag_embedded();
    if (definitions > 0)
        note(Risk::Info, DiagnosticKind::Preserved,
             "a tool's definition (a name, a description and a JSON Schema for its parameters) is kept as "
             "text, not read as a call");
    if (dropped_calls > 0)
        note(Risk::Risky, DiagnosticKind::Dropped,
             std::to_string(dropped_calls) + " tool call(s) beyond max_calls were dropped");
    // Each list reports a style once (ParseOptions::diagnostics_per_site off), whichever parses
    // its repairs came from.
    core_detail::merge_style_repairs(response.diagnostics);
    for (auto& b : choice.content)
        if (auto* c = std::get_if<ToolCall>(&b)) core_detail::merge_style_repairs(c->diagnostics);
    std::vector<ContentBlock> blocks;
    if (has_reasoning) blocks.emplace_back(Reasoning{std::move(reasoning), std::nullopt, false});
    const std::string_view body = trim(prose);
    if (!body.empty()) blocks.emplace_back(Text{std::string(body)});
    for (auto& b : choice.content) blocks.push_back(std::move(b));
    choice.content = std::move(blocks);
    choice.finish = calls > 0 ? Finish{FinishReason::ToolCalls, ""} : Finish{};
    response.provider = format;
    response.choices.push_back(std::move(choice));
    return std::move(response);
}

// Text the model wrote inside a call's markup beside the call (before a parameter, after the
// call): kept as text, and said, never dropped.
void stray_text(RawBuilder& b, std::string_view s, std::string_view where) {
    // Fence lines around a payload are its wrapper, not text.
    bool words = false;
    for (std::string_view rest = s; !rest.empty() && !words;) {
        const std::size_t nl = rest.find('\n');
        const std::string_view line = trim(rest.substr(0, nl));
        words = !line.empty() && !line.starts_with("```") && !line.starts_with("~~~");
        rest = nl == std::string_view::npos ? std::string_view() : rest.substr(nl + 1);
    }
    if (!words) return;
    b.note(Risk::Warning, DiagnosticKind::Preserved,
           std::string("text inside ").append(where).append(" beside the call is kept as text"));
    const std::string_view t = trim(s);
    if (t.data() >= b.source.data() && t.data() + t.size() <= b.source.data() + b.source.size())
        b.response.diagnostics.back().offset = static_cast<std::size_t>(t.data() - b.source.data());
    b.text(s);
}

bool read_payload(std::string_view s, Payload& out, ErrorKind& error, bool fallback_extract) {
    ParseOptions options;
    // A payload's repairs are split by path among its calls and their arguments (calls_from_value):
    // one per site here, merged per list when the response is built (RawBuilder::finish()).
    options.diagnostics_per_site = true;
    auto parsed = parse(s, options);
    bool complete = true;
    if (!parsed && parsed.error().kind() == ErrorKind::ValueNotClosed) {
        options.complete_truncated = true;
        parsed = parse(s, options);
        complete = false;
    }
    if (parsed && !guessed_from_prose(*parsed)) {
        out = {std::move(parsed->value), std::move(parsed->diagnostics), complete};
        return true;
    }
    error = parsed ? ErrorKind::NoPayload : parsed.error().kind();
    if (!fallback_extract) return false;
    options.complete_truncated = true;
    auto extracted = extract(s, options);
    if (!extracted) return false;
    out = {std::move(extracted->parsed.value), std::move(extracted->parsed.diagnostics),
           extracted->candidate.closed, extracted->candidate.offset,
           extracted->candidate.offset + extracted->candidate.text.size()};
    for (const auto& d : out.diagnostics)
        if (d.repair == RepairKind::TruncatedCompleted || d.repair == RepairKind::MissingCloser)
            out.complete = false;
    return true;
}

std::vector<Payload> read_payloads(std::string_view s) {
    std::vector<Payload> out;
    Payload whole;
    ErrorKind error{};
    if (read_payload(s, whole, error, false)) {
        if (whole.value.is_array() && !whole.diagnostics.empty() &&
            std::any_of(whole.diagnostics.begin(), whole.diagnostics.end(), [](const Diagnostic& d) {
                return d.repair == RepairKind::ConcatenatedPayloads;
            })) {
            // {…}{…} or {…}; {…}: one payload each, as the model wrote them.
            for (auto& item : whole.value.items()) out.push_back({std::move(item), {}, whole.complete});
        } else {
            out.push_back(std::move(whole));
        }
        return out;
    }
    auto candidates = extract_candidates(s);
    std::sort(candidates.begin(), candidates.end(),
              [](const Candidate& a, const Candidate& b) { return a.offset < b.offset; });
    std::size_t covered = 0;
    for (const auto& c : candidates) {
        if (c.source == CandidateSource::Whole || c.offset < covered) continue;
        Payload p;
        if (!read_payload(c.text, p, error, false)) continue;
        if (!c.closed) p.complete = false;
        for (auto& d : p.diagnostics)
            if (d.offset != Diagnostic::no_offset) d.offset += c.offset;
        covered = c.offset + c.text.size();
        out.push_back(std::move(p));
    }
    return out;
}

namespace {

constexpr std::string_view kArgumentKeys[] = {"arguments", "parameters", "args", "input"};

// Where a diagnostic's path points: into the arguments (at `args`, a path below the object),
// the rest of `rest` then holding the path inside them.
bool under(std::string_view path, std::string_view args, std::string_view& rest) {
    if (args.empty() || !path.starts_with(args)) return false;
    rest = path.substr(args.size());
    if (rest.empty()) return true;
    if (rest.front() == '[') return true;
    if (rest.front() != '.') return false;
    rest.remove_prefix(1);
    return true;
}

// A JSON Schema for an object: "properties": {…} with "type": "object" (any case, as Gemini
// writes it; "dict" in BFCL's definitions) or with a "required" list.
bool object_schema(const Value& v) {
    if (!v.is_object()) return false;
    const Value* properties = v.find("properties");
    if (!properties || !properties->is_object()) return false;
    if (const Value* required = v.find("required"); required && required->is_array()) return true;
    const Value* type = v.find("type");
    if (!type || !type->is_string()) return false;
    std::string t(type->as_string());
    for (char& c : t) c = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    return t == "object" || t == "dict";
}

// A tool's definition as a prompt or a request shows it ({"name", "description", "parameters":
// schema}, also in OpenAI's {"type": "function", "function": {...}}): a model echoing its tool
// list writes these, and they are no calls. The tell is the pair: a description beside the name,
// and "arguments" that are a JSON Schema. Either alone is a call (arguments may well hold a
// "type", or even a schema a tool is asked to store).
bool definition(const Value& call, const Value& args) {
    const Value* description = call.find("description");
    return description && description->is_string() && object_schema(args);
}

// v's member k when it is an arguments member. "input" is one only in Anthropic's block
// ({"type": "tool_use", "name", "input"}): elsewhere {"name": "Alice", "input": {…}} is data.
const Value* arguments_member(const Value& v, std::string_view k) {
    const Value* a = v.find(k);
    if (!a || k != "input") return a;
    const Value* type = v.find("type");
    return type && type->is_string() && type->as_string() == "tool_use" ? a : nullptr;
}

// Whether v is an object naming a call with an arguments member (directly or in "function").
bool has_arguments(const Value& v0) {
    if (!v0.is_object()) return false;
    const Value* v = &v0;
    if (!v->contains("name") && (*v)["function"].is_object()) v = &(*v)["function"];
    if (!v->contains("name")) return false;
    for (auto k : kArgumentKeys)
        if (const Value* a = arguments_member(*v, k)) return !definition(*v, *a);
    return false;
}

bool call_from_object(const Value& v0, const Payload& payload, FoundCall& found, bool* used_parameters,
                      bool name_only_calls, std::size_t* definitions) {
    ToolCall& call = found.call;
    const Value* v = &v0;
    std::string wrapper; // "function" when the call sits in {"function": {...}}
    if (!v->contains("name") && (*v)["function"].is_object()) {
        v = &(*v)["function"];
        wrapper = "function";
    }
    const Value* name = v->find("name");
    if (!name || !name->is_string() || name->as_string().empty()) return false;
    call.name = std::string(name->as_string());
    const Value* id = v0.find("id");
    if (id && id->is_string()) call.id = std::string(id->as_string());
    // The arguments: "arguments" (object or string, as OpenAI and Hermes write it), or
    // "parameters" (Llama 3), "args", "input" when they hold an object.
    const Value* args = nullptr;
    std::string_view key;
    for (auto k : kArgumentKeys) {
        const Value* a = arguments_member(*v, k);
        if (!a) continue;
        // null ("arguments": null) is a call written without arguments, read as {} below.
        const bool fits =
            a->is_object() || a->is_null() || (a->is_string() && (k == "arguments" || k == "parameters"));
        if (!fits) return false;
        args = a;
        key = k;
        break;
    }
    if (args && definition(*v, *args)) {
        if (definitions) ++*definitions;
        return false;
    }
    if (used_parameters && key == "parameters") *used_parameters = true;
    if (!args) {
        // Without arguments only a bare {"name"} (with "id" or "type") is a call: an answer
        // object that happens to have a "name" field is not.
        for (const auto& m : v->members())
            if (m.key() != "name" && m.key() != "id" && m.key() != "type") return false;
        if (!name_only_calls) return false;
        found.name_only = true;
        call.arguments = Value::object();
        call.raw_arguments = "{}";
    } else if (args->is_null()) {
        // The marker (or the member itself) says this is a call; null says it has no arguments.
        // Read as {}, but said: a model that meant to write arguments and wrote null lost them.
        call.arguments = Value::object();
        call.raw_arguments = "{}";
    } else if (args->is_string()) {
        read_arguments(call, args->as_string(), !payload.complete);
        // Offsets into the decoded string are no places in the text.
        for (auto& d : call.diagnostics) d.offset = Diagnostic::no_offset;
    } else {
        set_arguments(call, *args);
    }
    if (!payload.complete) call.complete = false;
    // Repairs made while reading the whole call: those inside the arguments move to their
    // paths there; the others are the envelope's (paths relative to the call).
    std::string args_path = wrapper;
    if (!key.empty()) append_path_key(args_path, key);
    for (Diagnostic d : payload.diagnostics) {
        std::string_view rest;
        if (!key.empty() && under(d.path, args_path, rest)) {
            d.path = std::string(rest);
            call.diagnostics.push_back(std::move(d));
            continue;
        }
        if (!wrapper.empty() && under(d.path, wrapper, rest)) d.path = std::string(rest);
        found.envelope.push_back(std::move(d));
    }
    if (args && args->is_null()) {
        Diagnostic d;
        d.path = "arguments"; // the call's arguments, whichever member held them
        d.kind = DiagnosticKind::Defaulted;
        d.risk = Risk::Warning;
        d.message = "null arguments were read as none: the call has {} for its arguments";
        d.suggestion = "write \"arguments\": {} for a call without arguments";
        found.envelope.push_back(std::move(d));
    }
    return true;
}

} // namespace

bool calls_from_value(const Payload& payload, std::vector<FoundCall>& out, bool* used_parameters,
                      bool name_only_calls, std::size_t* definitions) {
    const Value& v = payload.value;
    if (v.is_object() && v["tool_calls"].is_array()) {
        Payload inner{v["tool_calls"], {}, payload.complete};
        for (Diagnostic d : payload.diagnostics) {
            std::string_view rest;
            if (!under(d.path, "tool_calls", rest)) continue;
            d.path = std::string(rest);
            inner.diagnostics.push_back(std::move(d));
        }
        return calls_from_value(inner, out, used_parameters, name_only_calls, definitions);
    }
    if (v.is_array()) {
        bool any = false;
        // Calls with arguments beside it make a name-only element a call without arguments.
        const auto& items = v.items();
        const bool siblings = std::any_of(items.begin(), items.end(), [](const Value& x) { return has_arguments(x); });
        std::size_t index = 0;
        for (const auto& item : v.items()) {
            // Diagnostics of element i have paths "[i]..." : they belong to that call.
            Payload element{Value(), {}, payload.complete};
            std::string prefix;
            append_path_index(prefix, index++);
            for (Diagnostic d : payload.diagnostics) {
                if (!d.path.starts_with(prefix)) continue;
                std::string_view rest = std::string_view(d.path).substr(prefix.size());
                if (!rest.empty() && rest.front() == '.') rest.remove_prefix(1);
                d.path = std::string(rest);
                element.diagnostics.push_back(std::move(d));
            }
            FoundCall call;
            if (call_from_object(item, element, call, used_parameters, name_only_calls || siblings, definitions)) {
                if (siblings) call.name_only = false;
                out.push_back(std::move(call));
                any = true;
            }
        }
        return any;
    }
    if (!v.is_object()) return false;
    FoundCall call;
    if (!call_from_object(v, payload, call, used_parameters, name_only_calls, definitions)) return false;
    out.push_back(std::move(call));
    return true;
}

} // namespace laminate::toolcall::detail
