// The repairs the from_json fast path makes itself (include/laminate/detail/shape_fast.hpp):
// single-quoted keys and strings, Python's True / False / None, trailing commas. These are what
// models emit most (a dict repr, a list written by hand), and before this each one sent the whole
// text through the tolerant parser and a Value tree.
//
// Each reader takes only the inputs where the parser's own rules give one answer with nothing
// else to flag, and writes the Repaired diagnostic the parser writes there (same kind, message,
// risk, offset and path). Anything else returns false and the caller falls back to the Value path
// from the start. tests/shape/fast_repair_test.cpp compares the two paths.
#include <laminate/detail/shape_fast.hpp>

#include "core/diagnostic_append.hpp"
#include "parse/chars.hpp"

#include <iterator>
#include <string>
#include <utility>

namespace laminate::shape_detail {

using core_detail::append_diagnostic;
using core_detail::fill_empty;
using core_detail::fill_joined_path;
namespace {

using parse_detail::is_space_or_tab;

// Whether a closing quote followed by `after` ends its string by the parser's rules
// (Parser::quote_ends_string) with the next token one the fast path reads: a ',' or ':', a line
// break before it, or a closer when no bracket of any kind sits in the string [text, quote) (the
// parser then weighs their balance; that case is left to it).
bool quote_ends_here(const char* text, const char* quote, const char* end) noexcept {
    const char* t = quote + 1;
    while (t != end && is_space_or_tab(static_cast<unsigned char>(*t))) ++t;
    if (t == end) return false;
    switch (*t) {
    case ',':
    case ':':
    case '\n':
    case '\r': return true;
    case ']':
    case '}':
        for (const char* p = text; p != quote; ++p) {
            switch (*p) {
            case '[': case ']': case '{': case '}': case '(': case ')': return false;
            default: break;
            }
        }
        return true;
    default: return false;
    }
}

// The single-quoted string at c.p (its opening quote): where its closing quote is, with `escaped`
// telling whether it holds escapes. Null for what the fast path leaves to the parser: a control
// character (repaired), malformed or cut UTF-8, an escape the parser repairs or a \u, a quote that
// does not end the string by quote_ends_here. The stops are the parser's own (parse/chars.hpp).
const char* single_quoted_end(const FastCursor& c, bool& escaped) noexcept {
    escaped = false;
    const char* p = c.p + 1;
    for (;;) {
        p = parse_detail::find_string_stop<'\''>(p, c.end);
        if (p == c.end) return nullptr;
        const auto b = static_cast<unsigned char>(*p);
        if (b == '\'') break;
        if (b == '\\') {
            if (c.end - p < 2) return nullptr;
            switch (p[1]) {
            case '"': case '\\': case '/': case '\'': case 'b': case 'f': case 'n': case 'r': case 't': break;
            default: return nullptr;
            }
            escaped = true;
            p += 2;
            continue;
        }
        if (b < 0x80) return nullptr; // a control character
        const int n = parse_detail::utf8_sequence(p, c.end);
        if (n <= 0) return nullptr;
        p += n;
    }
    return quote_ends_here(c.p + 1, p, c.end) ? p : nullptr;
}

char unescaped(char e) noexcept {
    switch (e) {
    case 'b': return '\b';
    case 'f': return '\f';
    case 'n': return '\n';
    case 'r': return '\r';
    case 't': return '\t';
    default: return e; // " \ / '
    }
}

// [p, close) decoded (single_quoted_end accepted every escape in it).
void decode_single_quoted(const char* p, const char* close, std::string& out) {
    out.clear();
    const char* run = p;
    while (p != close) {
        if (*p != '\\') {
            ++p;
            continue;
        }
        out.append(run, p);
        out += unescaped(p[1]);
        p += 2;
        run = p;
    }
    out.append(run, close);
}

bool keyword_at(const FastCursor& c, std::string_view word) noexcept {
    return static_cast<std::size_t>(c.end - c.p) >= word.size() && std::string_view(c.p, word.size()) == word;
}

} // namespace

bool fast_note_repair(FastCursor& c, ShapeState& st, RepairKind kind, const char* at, std::string_view message,
                      std::string_view step) {
    FastRepairs& r = *c.repairs;
    if (r.left == 0) return false; // too_many_repairs, which the Value path reports
    --r.left;
    // The sites of one style repair are one diagnostic (as Parser::flush_pending() merges them);
    // the fast path reads the text in order, so the first site is the one it names.
    std::size_t* merged = nullptr;
    if (!r.per_site) {
        switch (kind) {
        case RepairKind::SingleQuotes: merged = &r.merged_at[0]; break;
        case RepairKind::PythonLiteral: merged = &r.merged_at[1]; break;
        case RepairKind::TrailingComma: merged = &r.merged_at[2]; break;
        default: break;
        }
        if (merged && *merged) {
            ++r.list[*merged - 1].count;
            return true;
        }
        if (merged) *merged = r.list.size() + 1;
    }
    // A dict repr has a quoting repair on every key and string, two per member: when each is a
    // diagnostic, room for a document's worth at once, not the 1, 2, 4, ... steps that move each
    // one again. Other repairs, and merged ones, come few to a document.
    if (r.list.empty()) r.list.reserve(r.per_site && kind == RepairKind::SingleQuotes ? 32 : 4);
    Diagnostic& d = append_diagnostic(r.list);
    fill_joined_path(d.path, st.path, step);
    d.risk = Risk::Warning;
    fill_empty(d.message, message.data(), message.size());
    d.offset = static_cast<std::size_t>(at - r.begin);
    d.repair = kind;
    return true;
}

bool fast_single_quoted(FastCursor& c, std::string& out, ShapeState& st, std::string_view step) {
    bool escaped = false;
    const char* close = single_quoted_end(c, escaped);
    if (!close || !fast_note_repair(c, st, RepairKind::SingleQuotes, c.p, kQuotesReplaced, step)) return false;
    if (escaped) decode_single_quoted(c.p + 1, close, out);
    else out.assign(c.p + 1, close);
    c.p = close + 1;
    return true;
}

bool fast_repaired_scalar(FastCursor& c, Value& out, ShapeState& st, std::string_view step) {
    if (c.p == c.end) return false;
    const char* const start = c.p;
    if (*start == '\'') {
        std::string text;
        if (!fast_single_quoted(c, text, st, step)) return false;
        out = Value(std::string_view(text));
        return true;
    }
    // Python's constants as a whole value (Parser::value_cold): what follows, past blanks, ends it.
    static constexpr std::pair<std::string_view, int> words[] = {{"True", 1}, {"False", 0}, {"None", -1}};
    for (const auto& [word, v] : words) {
        if (!keyword_at(c, word)) continue;
        const char* after = start + word.size();
        const char* t = after;
        while (t != c.end && is_space_or_tab(static_cast<unsigned char>(*t))) ++t;
        if (t == c.end || (*t != ',' && *t != ']' && *t != '}' && *t != '\n' && *t != '\r')) return false;
        if (!fast_note_repair(c, st, RepairKind::PythonLiteral, start, "mapped literal", step)) return false;
        out = v < 0 ? Value() : Value(v == 1);
        c.p = after;
        return true;
    }
    return false;
}

bool fast_trailing_comma(FastCursor& c, ShapeState& st) {
    const char* comma = c.p - 1;
    while (*comma != ',') --comma; // only blanks since it (the caller's precondition)
    if (!fast_note_repair(c, st, RepairKind::TrailingComma, comma, "removed comma", {})) return false;
    ++c.p;
    return true;
}

void put_repairs_first(Diagnostics& repairs, Diagnostics& shaping) {
    repairs.insert(repairs.end(), std::make_move_iterator(shaping.begin()), std::make_move_iterator(shaping.end()));
    shaping.swap(repairs);
}

bool fast_single_quoted_key(FastCursor& c, std::string_view& key) noexcept {
    bool escaped = false;
    const char* close = single_quoted_end(c, escaped);
    if (!close || escaped) return false;
    const char* value = past_colon(close + 1, c.end);
    if (!value) return false;
    key = std::string_view(c.p + 1, static_cast<std::size_t>(close - c.p - 1));
    c.p = value;
    return true;
}

} // namespace laminate::shape_detail
