// Python's string prefixes: b'abc', u'x', f'x', r'C:\x' (and rb, br, fr, rf in any case), as a
// dict's repr or a model writing Python writes them. The prefix goes (a python_literal Warning)
// and the string is read; a raw string keeps its backslashes as written. An f-string that
// interpolates ({name}, raw or not) computes a value laminate cannot know, and a prefixed
// string with another right after it is joined by Python but two values to JSON: both
// ambiguous_repair.

#include "parser.hpp"

#include <string_view>

namespace laminate::parse_detail {

namespace {
struct Prefix {
    std::size_t length = 0; // 0: no prefix
    bool raw = false;
    bool format = false;
};

// The prefix at p, right before a quote: one of b, r, u, f, or r with b or f in either order, in
// any case (the caller is at the start of a value or key, not inside a word).
Prefix prefix_at(const char* p, const char* end) noexcept {
    bool raw = false, format = false, bytes = false, unicode = false;
    std::size_t n = 0;
    while (n < 2 && p + n != end) {
        const char c = static_cast<char>(p[n] | 0x20); // 'R' and 'r' alike; no other byte
        bool* const seen = c == 'r' ? &raw : c == 'f' ? &format : c == 'b' ? &bytes
                                                  : c == 'u' ? &unicode : nullptr;
        if (!seen || *seen) break;
        *seen = true;
        ++n;
    }
    if (n == 0 || p + n == end || (p[n] != '\'' && p[n] != '"')) return {};
    if (n == 2 && !(raw && (bytes || format))) return {}; // Python has no ub, uf, bf, ur
    return Prefix{n, raw, format};
}
} // namespace

bool Parser::prefixed_string(bool key, Next& next) {
    if (top().kind == FrameKind::Root || !opt_.repair) return false;
    const Prefix prefix = prefix_at(p_, end_);
    if (prefix.length == 0) return false;
    const char* const start = p_;
    const char* const open = p_ + prefix.length;
    const char quote = *open;
    const bool triple = end_ - open >= 3 && open[1] == quote && open[2] == quote;
    if (triple && prefix.raw) return false; // r"""...""": read as before (unquoted text)
    if (!triple) {
        // The string must end on its line, its closing quote before what may follow a value (or
        // a key's colon); anything else is read as before, as unquoted text. A backslash keeps
        // the quote after it from ending the string, raw or not, as in Python. This reads up to
        // the next quote: linear.
        const char* s = open + 1;
        while (s != end_ && *s != quote && *s != '\n' && *s != '\r')
            s += (*s == '\\' && s + 1 != end_ && s[1] != '\n' && s[1] != '\r') ? 2 : 1;
        if (s == end_ || *s != quote) return false;
        const char* t = s + 1;
        while (t != end_ && is_space_or_tab(static_cast<unsigned char>(*t)))
            ++t;
        if (t != end_ && (*t == '\'' || *t == '"')) {
            // r'x' 'y': Python joins adjacent literals ("xy"), JSON would see two values that
            // lost a comma; read as before, it became one unquoted text.
            next = fail(ErrorKind::AmbiguousRepair, t, "adjacent strings after a prefixed string");
            return true;
        }
        if (key ? (t == end_ || *t != ':')
                : (t != end_ && *t != ',' && *t != '}' && *t != ']' && *t != ')' && *t != '\n' &&
                   *t != '\r'))
            return false;
        if (prefix.raw) {
            if (prefix.format && std::string_view(open + 1, static_cast<std::size_t>(s - open - 1))
                                         .find_first_of("{}") != std::string_view::npos) {
                // rf'\d{3}', fr'{x}': a raw f-string interpolates as much as f'{x}'.
                next = fail(ErrorKind::AmbiguousRepair, start, "an f-string that interpolates");
                return true;
            }
            return raw_string(key, prefix.length, s, next);
        }
    }
    constexpr RepairMessage message = "removed prefix";
    // The quoted string as any other, its prefix gone.
    if (!key && !repair(RepairKind::PythonLiteral, start, message)) {
        next = Next::Fail;
        return true;
    }
    p_ = open;
    next = any_string(key);
    if (next == Next::Fail) return true;
    if (prefix.format) {
        const std::string_view text = ws_.values.top().as_string();
        if (text.find('{') != std::string_view::npos || text.find('}') != std::string_view::npos) {
            ws_.values.pop(); // so that the error's path names the member, not the one after it
            if (key) ws_.keys.pop_back();
            next = fail(ErrorKind::AmbiguousRepair, start, "an f-string that interpolates");
            return true;
        }
    }
    if (key && !repair(RepairKind::PythonLiteral, start, message)) next = Next::Fail;
    return true;
}

// r'...' at p_, its prefix `length` bytes long, its closing quote at close: the text as written,
// backslashes included.
bool Parser::raw_string(bool key, std::size_t length, const char* close, Next& next) {
    const char* const start = p_;
    const char* const open = p_ + length;
    if (*start == 'R' && length == 1 && *open == '"' && close - open >= 3 && open[1] == '(' &&
        close[-1] == ')') {
        // R"(text)": C++'s raw string, whose parentheses are delimiters, as much as Python's.
        next = fail(ErrorKind::AmbiguousRepair, start, "a raw string of C++ or of Python");
        return true;
    }
    constexpr RepairMessage message = "removed prefix";
    const bool single = *open == '\'';
    auto note = [&] {
        return repair(RepairKind::PythonLiteral, start, message) &&
               (!single || repair(RepairKind::SingleQuotes, open, "replaced quotes"));
    };
    if (!key && !note()) {
        next = Next::Fail;
        return true;
    }
    ws_.text.clear();
    for (const char* c = open + 1; c != close;) {
        const char* const run = c;
        while (c != close && static_cast<unsigned char>(*c) >= 0x20)
            ++c;
        if (!append_checked(run, c)) {
            next = Next::Fail;
            return true;
        }
        if (c == close) break;
        if (!control_character(c)) {
            next = Next::Fail;
            return true;
        }
        ws_.text += *c++;
    }
    p_ = close + 1;
    next = push_text(key, start);
    if (next != Next::Fail && key && !note()) next = Next::Fail;
    return true;
}

} // namespace laminate::parse_detail
