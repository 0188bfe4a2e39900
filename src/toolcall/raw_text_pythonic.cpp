// Python-style calls, as Llama 3.2 / 4 write them ("pythonic" tool calls) and as Llama 3.1 writes
// built-in tools after <|python_tag|>:
//   [get_weather(city="Paris", days=3), get_time()]      brave_search.call(query="x")
// Keyword arguments only; each value is read with the tolerant parser (Python literals True,
// None, single quotes and tuples included), else kept as a string. One left-to-right scan with a
// bracket counter: no recursion, linear in the text.

#include "raw_text_formats.hpp"

#include <laminate/parse.hpp>

#include <optional>
#include <vector>

namespace laminate::toolcall::detail {

namespace {

bool ident_start(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
bool ident_char(char c) { return ident_start(c) || (c >= '0' && c <= '9'); }
bool space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

struct Scanner {
    std::string_view s;
    std::size_t i = 0;
    void skip() { while (i < s.size() && space(s[i])) ++i; }
    bool eat(char c) {
        skip();
        if (i < s.size() && s[i] == c) { ++i; return true; }
        return false;
    }
    std::string_view name(bool dotted) {
        skip();
        const std::size_t from = i;
        if (i >= s.size() || !ident_start(s[i])) return {};
        while (i < s.size() && (ident_char(s[i]) || (dotted && s[i] == '.'))) ++i;
        return s.substr(from, i - from);
    }
    // Whether a word starts right after the quote at i - 1, spaces skipped: `'don't'` or
    // `'x 'y'`. Such a quote is text inside the string (the parser says so, unescaped_quote):
    // taken as the string's end, the rest of the call would become one value.
    bool word_follows(std::size_t j) const {
        while (j < s.size() && (s[j] == ' ' || s[j] == '\t')) ++j;
        return j < s.size() && ident_char(s[j]);
    }
    // Whether the next keyword starts after the quote at j - 1, the comma missing:
    // `f(city='Paris' country='FR')`. A blank, a name, then '=' (not '==').
    bool keyword_follows(std::size_t j) const {
        if (j >= s.size() || (s[j] != ' ' && s[j] != '\t' && s[j] != '\n')) return false;
        while (j < s.size() && space(s[j])) ++j;
        if (j >= s.size() || !ident_start(s[j])) return false;
        while (j < s.size() && ident_char(s[j])) ++j;
        while (j < s.size() && (s[j] == ' ' || s[j] == '\t')) ++j;
        return j < s.size() && s[j] == '=' && (j + 1 == s.size() || s[j + 1] != '=');
    }
    // Where the value starting at `from` ends: the next top-level ',' or ')', strings and
    // brackets skipped over; s.size() when the text ends first. With words_inside, a quote with
    // a word after it is text, not the string's end.
    std::size_t value_end(std::size_t from, bool words_inside) const {
        std::size_t depth = 0;
        char quote = 0;
        std::size_t j = from;
        for (; j < s.size(); ++j) {
            const char c = s[j];
            if (quote) {
                // An escape skips the next character, but never past the end: a text cut after
                // the backslash is an unclosed string, not an index beyond it.
                if (c == '\\') { if (j + 1 < s.size()) ++j; }
                else if (c == quote && depth == 0 && keyword_follows(j + 1)) return j + 1;
                else if (c == quote && !(words_inside && word_follows(j + 1))) quote = 0;
                continue;
            }
            if (c == '"' || c == '\'') quote = c;
            else if (c == '[' || c == '{' || c == '(') ++depth;
            else if ((c == ']' || c == '}' || c == ')') && depth > 0) --depth;
            else if (depth == 0 && (c == ',' || c == ')')) break;
        }
        return j;
    }
    // A value up to the next top-level ',' or ')'. Quotes with a word after them are read as
    // text first; when that runs the value to the end of the text while taking every quote as a
    // closer ends it (`'x 'y' 'z)`: quotes that open as often as they close), the plain reading
    // stands. Two scans at most: linear.
    // comma_missing: the value ended at a string that the next keyword follows with no comma
    // between them.
    std::string_view value(bool& closed, bool& comma_missing) {
        skip();
        const std::size_t from = i;
        i = value_end(from, true);
        if (i == s.size()) i = value_end(from, false);
        closed = i < s.size();
        comma_missing = closed && s[i] != ',' && s[i] != ')';
        return trim(s.substr(from, i - from));
    }
};

Diagnostic warning(RepairKind repair, std::string message, std::size_t offset) {
    Diagnostic d;
    d.kind = DiagnosticKind::Repaired;
    d.repair = repair;
    d.risk = Risk::Warning;
    d.message = std::move(message);
    d.offset = offset;
    return d;
}

// An expression Python would evaluate (1+2, len(a), f'{x}'): kept as its text, and said so.
Value kept_expression(std::string_view text, Diagnostics& ds) {
    ds.push_back(warning(RepairKind::ExpressionAsString, "kept expression", 0));
    return Value(text);
}

// Python's string prefixes before a quote: b, r, u, f, or r with b or f in either order, in any
// case; the set laminate::parse reads inside containers. length 0: text starts with none.
struct StringPrefix {
    std::size_t length = 0;
    bool raw = false, format = false;
};

StringPrefix string_prefix(std::string_view text) {
    bool raw = false, format = false, bytes = false, unicode = false;
    std::size_t n = 0;
    while (n < 2 && n < text.size()) {
        const char c = static_cast<char>(text[n] | 0x20); // 'R' and 'r' alike
        bool* const seen = c == 'r' ? &raw : c == 'f' ? &format : c == 'b' ? &bytes : c == 'u' ? &unicode : nullptr;
        if (!seen || *seen) break;
        *seen = true;
        ++n;
    }
    if (n == 0 || n == text.size() || (text[n] != '\'' && text[n] != '"')) return {};
    if (n == 2 && !(raw && (bytes || format))) return {}; // Python has no ub, uf, bf, ur
    return {n, raw, format};
}

// A value that starts with a prefixed string (r'C:\new', b"x", f'done'), read as Python reads
// it, the prefix gone (python_literal Warning, as the parser says it): a raw string keeps its
// backslashes. No value (the caller keeps the text as an expression) when Python would compute
// it or join it, or it is no single literal: an f-string that interpolates ({ or } inside,
// rf'\d{3}' too), anything after the closing quote (r'x' 'y' is Python's "xy", but adjacent
// strings are ambiguous_repair to the parser), a triple-quoted string, a string that does not
// end on its line. One scan to the closing quote: linear.
std::optional<Value> prefixed_string(std::string_view text, StringPrefix prefix, bool closed, Diagnostics& ds) {
    const std::size_t open = prefix.length;
    const char quote = text[open];
    if (text.size() >= open + 3 && text[open + 1] == quote && text[open + 2] == quote) return std::nullopt;
    std::size_t i = open + 1;
    // A backslash keeps the quote after it from ending the string, raw or not, as in Python.
    while (i < text.size() && text[i] != quote && text[i] != '\n' && text[i] != '\r')
        i += text[i] == '\\' && i + 1 < text.size() && text[i + 1] != '\n' && text[i + 1] != '\r' ? 2 : 1;
    const bool cut_off = i >= text.size();
    if (cut_off ? closed : (text[i] != quote || i + 1 != text.size())) return std::nullopt;
    const std::string_view body = text.substr(open + 1, i - open - 1);
    if (prefix.format && body.find_first_of("{}") != std::string_view::npos) return std::nullopt;
    Diagnostics read;
    read.push_back(warning(RepairKind::PythonLiteral, "removed prefix", 0));
    Value value;
    if (prefix.raw) {
        if (quote == '\'') read.push_back(warning(RepairKind::SingleQuotes, "replaced quotes", open));
        if (cut_off) {
            Diagnostic d = warning(RepairKind::TruncatedCompleted, "closed string", open);
            d.risk = Risk::Risky;
            read.push_back(std::move(d));
        }
        value = Value(body);
    } else {
        // The quoted string as JSON-ish text: its escapes decoded, its quotes and a cut-off end
        // said as the parser says them.
        ParseOptions options;
        options.complete_truncated = cut_off;
        auto parsed = parse(text.substr(open), options);
        if (!parsed || !parsed->value.is_string()) return std::nullopt;
        for (auto& d : parsed->diagnostics) {
            if (d.offset != Diagnostic::no_offset) d.offset += open;
            read.push_back(std::move(d));
        }
        value = std::move(parsed->value);
    }
    for (auto& d : read) ds.push_back(std::move(d));
    return value;
}

Value read_value(std::string_view text, bool closed, Diagnostics& ds) {
    // A prefixed string is read here: the parser reads prefixes inside containers only, and
    // at the top would take r'x' 'y' as one unquoted text.
    if (const StringPrefix prefix = string_prefix(text); prefix.length > 0) {
        if (auto v = prefixed_string(text, prefix, closed, ds)) return std::move(*v);
        return kept_expression(text, ds);
    }
    ParseOptions options;
    options.complete_truncated = !closed;
    auto parsed = parse(text, options);
    // A call inside the value (x=g(1), x=[g(1)]): the parser takes g( … ) for a JSONP-style
    // wrapper and keeps only what is inside it, which loses the inner call and gives a value
    // the model did not write. Python would call g: the value is that expression's text.
    if (parsed)
        for (const auto& d : parsed->diagnostics)
            if (d.repair == RepairKind::WrapperStripped) return kept_expression(text, ds);
    if (parsed && !parsed->value.is_null()) {
        for (auto& d : parsed->diagnostics) ds.push_back(std::move(d));
        return std::move(parsed->value);
    }
    // None, and JSON's null as models also write it in a call: no value. (The parser reads a
    // few other words as null too; those stay text below.)
    if (parsed && (text == "None" || text == "null")) return Value();
    // A bare word (an enum-like name, a dotted constant): its text. Anything else (1+2, x * 3,
    // len(a)) is an expression Python would evaluate: kept as its text, and said so.
    bool word = !text.empty() && ident_start(text.front());
    for (char c : text) word = word && (ident_char(c) || c == '.');
    if (!word && !text.empty()) return kept_expression(text, ds);
    return Value(text);
}

} // namespace

bool looks_pythonic(std::string_view text) {
    Scanner sc{trim(text)};
    sc.eat('[');
    return !sc.name(true).empty() && sc.eat('(');
}

std::size_t read_pythonic(std::string_view text, RawBuilder& b) {
    Scanner sc{trim(text)};
    const bool bracketed = sc.eat('[');
    std::vector<ToolCall> calls;
    while (true) {
        const std::size_t start = sc.i;
        std::string_view name = sc.name(true);
        if (name.empty() || !sc.eat('(')) {
            sc.i = start;
            break;
        }
        if (name.ends_with(".call")) name.remove_suffix(5); // Llama 3.1 built-ins
        ToolCall call;
        call.name = std::string(name);
        call.arguments = Value::object();
        ArgumentSetter setter;
        bool complete = false;
        while (true) {
            if (sc.eat(')')) { complete = true; break; }
            const std::string_view key = sc.name(false);
            if (key.empty() || !sc.eat('=')) {
                sc.skip();
                // Positional arguments or code (print(1 + 1)): not a tool call. Only a text that
                // ends here was cut off inside the call.
                if (sc.i < sc.s.size()) return 0;
                break;
            }
            bool closed = true, comma_missing = false;
            const std::string_view raw = sc.value(closed, comma_missing);
            Diagnostics ds;
            if (comma_missing) {
                // Read as JSON reads {"a": "x" "b": 1}: the next member, a comma missing.
                Diagnostic d;
                d.kind = DiagnosticKind::Repaired;
                d.repair = RepairKind::MissingComma;
                d.risk = Risk::Warning;
                d.message = "inserted missing comma";
                d.offset = raw.size();
                ds.push_back(std::move(d));
            }
            const bool repeated = setter.set(call.arguments, key, read_value(raw, closed, ds));
            // The value's repairs: at its parameter, offsets from the start of the text.
            b.rebase(ds, raw);
            // f(a=1, a=2) is a SyntaxError in Python; read as JSON reads {"a": 1, "a": 2}.
            if (repeated) call.diagnostics.push_back(b.repeated_parameter(key));
            for (auto& d : ds) {
                std::string path;
                append_path_key(path, key);
                if (!d.path.empty()) path += (d.path.front() == '[' ? "" : ".") + d.path;
                d.path = std::move(path);
                call.diagnostics.push_back(std::move(d));
            }
            if (!closed) break;
            sc.eat(',');
        }
        call.raw_arguments = call.arguments.dump();
        call.complete = complete;
        calls.push_back(std::move(call));
        if (!complete || !sc.eat(',')) break;
    }
    bool list_cut_off = false;
    if (bracketed && !sc.eat(']')) {
        // No ']' and nothing after the calls: the text ended inside the list, so calls after
        // the last one may be missing (the last call itself says whether it was cut off).
        Scanner end = sc;
        end.skip();
        list_cut_off = !calls.empty() && end.i >= end.s.size();
    }
    for (auto& c : calls) b.call(std::move(c));
    if (list_cut_off) {
        Diagnostics ds(1);
        ds[0].kind = DiagnosticKind::Repaired;
        ds[0].repair = RepairKind::MissingCloser;
        ds[0].risk = Risk::Risky;
        ds[0].message = "the text ends inside the call list, before its closing ]: calls after the last one may be missing";
        ds[0].offset = sc.s.size();
        b.rebase(ds, sc.s);
        b.response.diagnostics.push_back(std::move(ds[0]));
    }
    b.text(sc.s.substr(sc.i));
    return calls.size();
}

bool cut_off_pythonic_list(std::string_view text) {
    const std::string_view t = trim(text);
    if (!t.starts_with('[') || t.ends_with(']') || !looks_pythonic(t)) return false;
    // Read into a builder of its own: a call list only when its calls take the whole text, the
    // text ending inside the list. Prose that starts like one ("[see(note)] and more", a
    // positional argument, words after a closed call) leaves text behind or reads no call.
    const RawTextOptions options;
    RawBuilder probe(options, t);
    return read_pythonic(t, probe) > 0 && trim(probe.prose).empty();
}

std::size_t pythonic_after_prose(std::string_view text) {
    const std::string_view t = trim(text);
    if (!t.ends_with(']')) return std::string_view::npos;
    const std::size_t newline = t.rfind('\n');
    if (newline == std::string_view::npos) return std::string_view::npos;
    const std::string_view line = trim(t.substr(newline + 1));
    if (!line.starts_with('[') || !looks_pythonic(line)) return std::string_view::npos;
    // As cut_off_pythonic_list: read into a builder of its own, a call list only when its calls
    // take the whole line.
    const RawTextOptions options;
    RawBuilder probe(options, line);
    if (read_pythonic(line, probe) == 0 || !trim(probe.prose).empty()) return std::string_view::npos;
    return static_cast<std::size_t>(line.data() - text.data());
}

} // namespace laminate::toolcall::detail
