// Strings. The fast path (read_string) reads a JSON string 8 bytes at a time and, when it has no
// escapes, builds the value straight from the input. Everything else goes through
// quoted_string(), which knows every quoting style and the heuristics for quotes that are missing
// or misplaced:
//
// * a quote only ends a string when what follows it can follow a string (a delimiter, a line
//   break, the end, the next value); otherwise it is an unescaped quote inside the text;
// * `"b,"c":"d"` — a quote right after a comma opens the next string: the string ended at the
// comma;
// * when a quote follows some other delimiter, or the input ends after one, the closing quote is
//   missing: the string is read again and stops at the first delimiter (at most once).
//
// Escapes decode the same way in every style, so "caf\u00e9" is "café" however it was quoted.

#include "hot_paths.hpp"

#include <array>
#include <cstring>
#include <initializer_list>

namespace laminate::parse_detail {

namespace {

// Characters after which a quote that does not end its string means the string lost its closing
// quote earlier: `["abc/*c*/"def"]`, `[“a]`...
bool is_string_delimiter(unsigned char c) noexcept {
    switch (c) {
    case ',':
    case ':':
    case '[':
    case ']':
    case '{':
    case '}':
    case '/':
    case '+': return true;
    default: return false;
    }
}

char unescape_once(char c) noexcept {
    switch (c) {
    case 'b': return '\b';
    case 'f': return '\f';
    case 'n': return '\n';
    case 'r': return '\r';
    case 't': return '\t';
    default: return c;
    }
}

// Printable ASCII that needs no attention inside a quoted string: not a quote, a backslash, a
// bracket, a comma, or the start of a comment or a concatenation.
constexpr auto plain_text_table = [] {
    std::array<bool, 256> t{};
    for (int c = 0x20; c < 0x80; ++c)
        t[static_cast<std::size_t>(c)] = true;
    for (const char c : std::string_view("\"'`\\[]{}(),/+"))
        t[static_cast<unsigned char>(c)] = false;
    return t;
}();

inline bool is_plain_text(unsigned char c) noexcept { return plain_text_table[c]; }

// The balance of brackets, braces and parentheses in [s, end): what quote_ends_string() needs to
// know about the text before a quote.
struct Balance {
    int brackets = 0, braces = 0, parens = 0;
};
Balance balance_of(const char* s, const char* end) noexcept {
    Balance b;
    for (; s != end; ++s) {
        switch (*s) {
        case '[': ++b.brackets; break;
        case ']': --b.brackets; break;
        case '{': ++b.braces; break;
        case '}': --b.braces; break;
        case '(': ++b.parens; break;
        case ')': --b.parens; break;
        default: break;
        }
    }
    return b;
}

// A non-ASCII sequence cut off by the end of the input (rather than malformed).
bool cut_utf8(const char* s, const char* end) noexcept {
    const auto c = static_cast<unsigned char>(*s);
    return c >= 0xC2 && c <= 0xF4 && s + utf8_bad_length(s, end) == end;
}

} // namespace


// The fast path met an escape, a control character or bad UTF-8 at s: decode into the scratch
// text from here on, still ending at the first unescaped '"'.
bool Parser::read_string_slow(const char* open, const char* s, bool key) {
    std::string& out = ws_.text;
    out.assign(open + 1, s);
    for (;;) {
        const char* run = s;
        s = find_string_stop(s, end_);
        out.append(run, s);
        if (s == end_) break;
        const auto c = static_cast<unsigned char>(*s);
        if (c == '"') {
            ws_.values.emplace_string(out.data(), out.size(), out.data() + out.size());
            if (key)
                ws_.keys.push_back(KeyInfo{offset(open), key_fingerprint(out.data(), out.size(),
                                                                         out.data() + out.size())});
            hot_open_ = open;
            hot_close_ = s;
            p_ = s + 1;
            return true;
        }
        if (c == '\\') {
            const Escape e = decode_escape(s, QuoteStyle::Double);
            if (e == Escape::Failed) return false;
            if (e == Escape::CutOff) break;
            continue;
        }
        if (c < 0x20) {
            if (!control_character(s)) return false;
            out += static_cast<char>(c);
            ++s;
            continue;
        }
        const int n = utf8_sequence(s, end_);
        if (n) {
            out.append(s, static_cast<std::size_t>(n));
            s += n;
            continue;
        }
        if (cut_utf8(s, end_)) break;
        if (!invalid_utf8(s)) return false;
        out += replacement_character;
        s += utf8_bad_length(s, end_);
    }
    // No closing quote before the end of the input: the careful reader decides what that means.
    rollback(hot_diag_mark_);
    return quoted_string(open, QuoteStyle::Double, key) != Next::Fail;
}

// --- the careful reader --------------------------------------------------------------------------

Next Parser::any_string(bool key) {
    QuoteStyle style = QuoteStyle::Double;
    opening_quote(p_, end_, style);
    switch (style) {
    case QuoteStyle::Escaped: return escaped_string(p_, key);
    case QuoteStyle::Double:
        if (!(key ? read_string<true>() : read_string<false>())) return Next::Fail;
        return key ? Next::AfterKey : Next::AfterValue;
    default: return quoted_string(p_, style, key);
    }
}

Next Parser::quoted_string(const char* open, QuoteStyle style, bool key) {
    // The quoting repair is written before a value (whose path is known) and after a key (so that
    // its path names the key).
    if (style == QuoteStyle::TypographicSingle && *open == '`') {
        // ```text```: a markdown code span as a string.
        Next next = Next::Fail;
        if (delimited_string(open, key, next)) return next;
    }
    if (style == QuoteStyle::Single && end_ - open > 2 && open[1] == '\'' &&
        (open[2] == '\'' || !single_quoted_plain_end(open, key))) {
        // ''text'' or ''text': doubled quotes, where an empty '' does not fit what follows it;
        // '''text''', Python's triple quotes, wherever it is.
        Next next = Next::Fail;
        if (delimited_string(open, key, next)) return next;
    }
    RepairKind quoting = RepairKind::None;
    constexpr RepairMessage quoting_message = "replaced quotes";
    if (style == QuoteStyle::Single)
        quoting = RepairKind::SingleQuotes;
    else if (style == QuoteStyle::TypographicDouble || style == QuoteStyle::TypographicSingle)
        quoting = RepairKind::SmartQuotes;
    if (!key && quoting != RepairKind::None && !repair(quoting, open, quoting_message))
        return Next::Fail;
    if (style == QuoteStyle::Single && single_quoted_plain(open, key)) {
        if (key && !repair(quoting, open, quoting_message)) return Next::Fail;
        return key ? Next::AfterKey : Next::AfterValue;
    }
    auto done = [&]() -> Next {
        const Next next = push_text(key, open);
        if (key && quoting != RepairKind::None && !repair(quoting, open, quoting_message))
            return Next::Fail;
        return next;
    };
    QuoteStyle opened = style;
    const int open_len = opening_quote(open, end_, opened);
    const std::size_t mark = diag_count();
    std::string& out = ws_.text;
    // Past a budget of scanning (linearity), every quote ends its string and every delimiter an
    // unclosed one: cheap, and never rescans.
    const bool over_budget =
        scanned_to_end_ > 4 * static_cast<std::size_t>(end_ - begin_) + 65536;
    bool stop_at_delimiters = over_budget;
    // {"a": "x}``` : the fence that closes the answer is not a value's text; an unclosed string
    // ends before it (and the fence is stripped where the document ends).
    const char* stop = end_;
    if (!key && opt_.repair) {
        stop = closing_fence_start();
        // Not when the text itself opened a fence ("```python\nx = 1\n```): that one is its own.
        const char* const inner = last_fence_before_close(); // found once per parse
        if (stop <= open + open_len || (inner && inner >= open + open_len)) stop = end_;
    }

restart:
    out.clear();
    const char* s = open + open_len;
    int brackets = 0, braces = 0, parens = 0; // balance inside the text, see quote_ends_string()
    const char* last = nullptr;               // last source character that is not white space
    std::size_t kept = 0;                     // out.size() without trailing white space
    std::size_t before_comma = 0;             // kept before the last comma
    const char* phrase_close = nullptr;       // the quote that closes an inner quoted phrase
    // Quotes kept as text so far: after an odd number, the next one more likely closes the
    // phrase they opened ({"code": "x = "a" + "b""}: no concatenation) than the string.
    int inner_quotes = 0;
    auto keep = [&](const char* source_char) {
        kept = out.size();
        last = source_char;
    };
    // A quote that ends nothing: kept in the text, escaped.
    auto keep_quote = [&](int q) {
        if (!repair(RepairKind::UnescapedQuote, s, "escaped quote")) return false;
        ++inner_quotes;
        out.append(s, static_cast<std::size_t>(q));
        keep(s);
        s += q;
        return true;
    };

    for (;;) {
        // Plain text is copied a run at a time.
        const char* run = s;
        while (s != stop && is_plain_text(static_cast<unsigned char>(*s)))
            ++s;
        if (s != run) {
            out.append(run, static_cast<std::size_t>(s - run));
            const char* t = s;
            while (t != run && t[-1] == ' ')
                --t;
            if (t != run) {
                last = t - 1;
                kept = out.size() - static_cast<std::size_t>(s - t);
            }
        }
        if (s == stop) goto end_of_input;
        if (const int q = closing_quote(s, end_, style)) {
            if (over_budget || (quote_ends_string(s + q, key, brackets, braces, parens) &&
                                !(inner_quotes % 2 == 1 && plus_follows(s + q)))) {
                p_ = s + q;
                return done();
            }
            if (!key && !stop_at_delimiters && inner_quotes == 0 &&
                top().kind == FrameKind::Object && adjacent_strings_end_member(s + q))
                // {"a": "abc" "def"}: Python and C join adjacent literals, but an array's
                // ["a" "b"] is two values that lost a comma; in a member's value the second
                // string is a value without a key as much as the rest of one string.
                return fail(ErrorKind::AmbiguousRepair, s + q,
                            "adjacent strings in a member's value");
            if (key && last && *last == ':' && kept > 1 && out[kept - 1] == ':' &&
                quoted_value_ends_member(s)) {
                // {"key:"value"} or {"key: "value"}: the key lost its closing quote before the
                // colon, and this quote opens its value, a whole string ending the member.
                std::size_t n = kept - 1;
                while (n > 0 && (out[n - 1] == ' ' || out[n - 1] == '\t'))
                    --n;
                if (n > 0) {
                    out.resize(n);
                    p_ = last;
                    const Next next = done();
                    if (next == Next::Fail ||
                        !repair(RepairKind::MissingQuote, last, "inserted quote"))
                        return Next::Fail;
                    return next;
                }
            }
            if (stop_at_delimiters) {
                // Re-reading an unclosed string: a quote that does not fit ends it, unless it
                // opens a quoted phrase ({"key": "lorem "sic " tamet.}: one string, not a key made
                // of a value); {"b": "x" true} still ends at the quote.
                if (s == phrase_close) {
                    phrase_close = nullptr;
                } else {
                    phrase_close = quoted_phrase_end(s + q, stop, style);
                    if (!phrase_close) {
                        p_ = s + q;
                        return done();
                    }
                }
                if (!keep_quote(q)) return Next::Fail;
                continue;
            }
            if (last && *last == ',' && brackets <= 0 && braces <= 0 &&
                (key || (!key && top().kind == FrameKind::Object ? plausible_member(s)
                                                                 : plausible_value(s)))) {
                // {"a":"b,"c":"d"}: this quote opens the next string; ours ended at the comma.
                // Not inside brackets the text opened: {"json": "{"a": 1, "b": 2}"} quotes JSON.
                out.resize(before_comma);
                if (!repair(RepairKind::MissingQuote, last, "inserted quote")) return Next::Fail;
                p_ = last;
                return done();
            }
            // "the answer is {"k": 1}, ...": JSON quoted inside the text (a judge quoting an
            // answer): its quotes are text, not a sign that ours was never closed.
            // Nor is a '+' between quoted phrases of the text ("x = "a" + "b"").
            if (last && *last != ':' && *last != ',' &&
                is_string_delimiter(static_cast<unsigned char>(*last)) &&
                !(*last == '+' && inner_quotes > 0 && inner_quotes % 2 == 0) &&
                !(!key && *last == '{' && last + 1 == s && plausible_member(s))) {
                scanned_to_end_ += static_cast<std::size_t>(s - open);
                rollback(mark);
                stop_at_delimiters = true;
                goto restart;
            }
            if (!keep_quote(q)) return Next::Fail;
            continue;
        }
        if (stop_at_delimiters && stops_unclosed_string(s, open, key)) {
            out.resize(kept);
            if (!repair(RepairKind::MissingQuote, s, "inserted quote")) return Next::Fail;
            p_ = s;
            return done();
        }
        const auto c = static_cast<unsigned char>(*s);
        if (c == '\\') {
            const char* escape = s;
            const Escape e = decode_escape(s, style);
            if (e == Escape::Failed) return Next::Fail;
            if (e == Escape::CutOff) goto end_of_input;
            keep(escape);
            continue;
        }
        if (c < 0x20) {
            if (!control_character(s)) return Next::Fail;
            out += static_cast<char>(c);
            if (!is_ws(c)) keep(s);
            ++s;
            continue;
        }
        if (c >= 0x80) {
            const int n = utf8_sequence(s, end_);
            if (n) {
                out.append(s, static_cast<std::size_t>(n));
                keep(s);
                s += n;
                continue;
            }
            if (cut_utf8(s, end_)) goto end_of_input;
            if (!invalid_utf8(s)) return Next::Fail;
            out += replacement_character;
            keep(s);
            s += utf8_bad_length(s, end_);
            continue;
        }
        switch (c) {
        case '[': ++brackets; break;
        case ']': --brackets; break;
        case '{': ++braces; break;
        case '}': --braces; break;
        case '(': ++parens; break;
        case ')': --parens; break;
        case ',': before_comma = kept; break;
        default: break;
        }
        out += static_cast<char>(c);
        keep(s);
        ++s;
    }

end_of_input:
    // ["hello, world]: the input ends after a delimiter, so the missing quote belongs before the
    // first delimiter, not at the end.
    if (!stop_at_delimiters && opt_.repair && last &&
        is_string_delimiter(static_cast<unsigned char>(*last))) {
        scanned_to_end_ += static_cast<std::size_t>(end_ - open);
        rollback(mark);
        stop_at_delimiters = true;
        goto restart;
    }
    out.resize(kept);
    if (key) {
        // A key cut off by the end is dangling: after_key_cold() drops it (reported here).
        if (!complete(RepairKind::TruncatedCompleted, open, open, "dropped key"))
            return Next::Fail;
        p_ = end_;
        const Next next = push_text(key, open);
        key_cut_ = true;
        return next;
    }
    // ["  or  {"a": "  : nothing of the value was written; completing it would invent "".
    if (out.empty() && !joining_) return drop_cut_value(open);
    if (!complete(RepairKind::TruncatedCompleted, open, open, "closed string")) return Next::Fail;
    p_ = stop;
    return done();
}

// 'text' without escapes or control characters whose first quote ends it (the usual single-quoted
// string of a Python dict repr): what the careful loop below would read, found a block at a time
// and built straight from the input. False, having changed nothing, for any other string (which
// the careful loop then reads from its start: one more pass over it, still linear).
bool Parser::single_quoted_plain(const char* open, bool key) {
    const char* const close = single_quoted_plain_end_hot(open, key);
    if (!close) return false;
    push_single_quoted(open, close, key);
    return true;
}

// The quote that ends the plain single-quoted string at `open` (see single_quoted_plain()), or
// null when it is not one. Reads only: the state machine asks before it writes the repair.
const char* Parser::single_quoted_plain_end(const char* open, bool key) const {
    const char* const text = open + 1;
    const char* s = text;
    for (;;) {
        s = find_string_stop<'\''>(s, end_);
        if (s == end_) return nullptr;
        if (*s == '\'') break;
        if (static_cast<unsigned char>(*s) < 0x80) return nullptr; // an escape or a control
        const int n = utf8_sequence(s, end_);
        if (!n) return nullptr;
        s += n;
    }
    // The balance inside the text only matters before a closer (see quote_ends_string()).
    const char* t = s + 1;
    while (t != end_ && is_space_or_tab(static_cast<unsigned char>(*t)))
        ++t;
    Balance b;
    if (t != end_ && (*t == ']' || *t == '}' || *t == ')')) b = balance_of(text, s);
    if (!quote_ends_string(s + 1, key, b.brackets, b.braces, b.parens)) return nullptr;
    if (static_cast<std::size_t>(s - text) > 0xFFFFFFFFu) return nullptr; // push_text() reports it
    return s;
}

namespace {
// How far past a quote a plausibility check may read: a check must not rescan the rest of the
// text for every quote (the parser stays linear), and the key it looks for is short.
constexpr std::ptrdiff_t kLookAhead = 256;
} // namespace

// The end of the quoted string that opens at t, when it ends on its line within the look-ahead;
// null otherwise (t is not a quote, or the string runs on).
const char* Parser::quoted_within(const char* t) const {
    if (t >= end_) return nullptr; // the text ended: no quote to look at
    QuoteStyle style = QuoteStyle::Double;
    const int n = opening_quote(t, end_, style);
    if (!n || style == QuoteStyle::Escaped) return nullptr;
    const char* const limit = end_ - t > kLookAhead ? t + kLookAhead : end_;
    for (const char* s = t + n; s < limit;) {
        if (*s == '\n' || *s == '\r') return nullptr;
        if (*s == '\\') {
            s = limit - s > 2 ? s + 2 : limit;
            continue;
        }
        if (const int q = closing_quote(s, end_, style)) return s + q;
        ++s;
    }
    return nullptr;
}

// "key": — what the next member of an object starts with. A quote inside a member's value only
// ends the value when a member (or the object's end) follows it: `"The "quick", "lazy" fox"`
// keeps its quotes as text, since `"lazy" fox` is no member.
bool Parser::plausible_member(const char* t) const {
    const char* after = quoted_within(t);
    if (!after) return false;
    after = skip_blanks(after, end_);
    return after != end_ && *after == ':';
}

// What may follow a comma in an array: a value that starts like one (a quoted string must end
// before the next delimiter), or the array's end.
bool Parser::plausible_value(const char* t) const {
    if (t == end_) return true;
    const auto c = static_cast<unsigned char>(*t);
    switch (c) {
    case '{':
    case '[':
    case ']':
    case '}':
    case ')':
    case '-': return true;
    default: break;
    }
    if (is_digit(c)) return true;
    for (const char* word : {"true", "false", "null", "True", "False", "None"}) {
        const std::size_t n = std::strlen(word);
        if (static_cast<std::size_t>(end_ - t) >= n && std::memcmp(t, word, n) == 0 &&
            (static_cast<std::size_t>(end_ - t) == n ||
             !is_word_char(static_cast<unsigned char>(t[n]))))
            return true;
    }
    // A quoted string must end before what may follow a value, or before another such string:
    // ["a" "b" "c" 1] lost every comma. The chain is followed within the look-ahead only.
    const char* const limit = end_ - t > kLookAhead ? t + kLookAhead : end_;
    while (t < limit) {
        const char* after = quoted_within(t);
        if (!after) return false;
        after = skip_blanks(after, end_);
        if (after == end_ || *after == ',' || *after == ']' || *after == '}' || *after == ')' ||
            *after == '\n' || *after == '\r')
            return true;
        if (after == t) return false;
        if (*after != '"' && *after != '\'') return plausible_value(after); // a number, [, ...
        t = after;
    }
    return false;
}

// Whether what follows `comma` continues the container around the string being read: then the
// quote before the comma ended the string.
bool Parser::plausible_after_comma(const char* comma) const {
    const char* u = comma + 1;
    while (u != end_ && is_ws(static_cast<unsigned char>(*u)))
        ++u;
    if (u == end_) return true;
    if (top().kind == FrameKind::Object) return *u == '}' || *u == ']' || plausible_member(u);
    return plausible_value(u);
}

// At a quote after a colon inside a key: whether it opens a string that ends on its line within
// the look-ahead and ends its member there (the object's end, a line break, or a comma and what
// may follow one), as the value of a key that lost its closing quote does.
bool Parser::quoted_value_ends_member(const char* quote) const {
    const char* t = quoted_within(quote);
    if (!t) return false;
    while (t != end_ && is_space_or_tab(static_cast<unsigned char>(*t)))
        ++t;
    if (t == end_ || *t == '}' || *t == '\n' || *t == '\r') return true;
    return *t == ',' && plausible_after_comma(t);
}

// After a member value's closing quote at after - 1: white space, then one or more quoted strings
// (each ending on its line within the look-ahead), then the member's end: adjacent string
// literals, "abc" "def".
bool Parser::adjacent_strings_end_member(const char* after) const {
    const char* t = after;
    const char* const limit = end_ - after > kLookAhead ? after + kLookAhead : end_;
    bool any = false;
    while (t < limit) {
        const char* const gap = t;
        while (t != end_ && is_space_or_tab(static_cast<unsigned char>(*t)))
            ++t;
        if (t == gap && !any) return false; // "abc""def": glued, a doubled quote, not two strings
        if (t == end_ || *t == '}' || *t == '\n' || *t == '\r') return any;
        if (*t == ',') return any && plausible_after_comma(t);
        const char* const next = quoted_within(t);
        if (!next) return false;
        any = true;
        t = next;
    }
    return false;
}

// Whether a quote, followed by `after`, ends its string. brackets/braces/parens are the balance of
// those inside the string so far: "the list [1, 2"] more" keeps its quote, "foo)" does not. A
// member's value ends only before what may follow it in its object (a comma and the next member,
// the object's end); a key before its colon.
bool Parser::quote_ends_string(const char* after, bool key, int brackets, int braces,
                               int parens) const {
    const char* t = skip_blanks(after, end_);
    if (t == end_) return true;
    if (key && t != after) return true; // {"a" true}: a key and its value, colon missing
    if (key && is_fullwidth_colon(t, end_)) return true; // {"a"：1}
    if (*t == '\n' || *t == '\r') {
        // A line break ends the string when what follows on the next lines may follow it.
        while (t != end_ && is_ws(static_cast<unsigned char>(*t)))
            ++t;
        if (t == end_) return true;
    }
    const bool member_value = !key && top().kind == FrameKind::Object;
    const auto c = static_cast<unsigned char>(*t);
    // "3/4" valve, 12"pipe: a quote glued to a word opens or ends a phrase in the text; a value
    // that lost its comma is written after a space.
    if (!key && t == after && is_word_char(c)) return false;
    switch (c) {
    case ',': return key || plausible_after_comma(t);
    case ':':
        // ["key": "value"]: in an array, a member whose object lost its braces (members.cpp).
        // Not after text whose brackets do not balance: "x" y],"k": [ is one string of a
        // broken array, not a key.
        // {"x", "y": 1}: in a set, a member ends the string and is an error (after_value_cold()).
        return key || top().kind == FrameKind::Set ||
               (top().kind == FrameKind::Array && brackets == 0 && braces == 0 &&
                value_follows_colon(t));
    case '[':
    case '{':
    case '+':
    case '#': return true;
    case ']': return brackets <= 0;
    case '}': return braces <= 0;
    case ')': return parens <= 0;
    case '/': return t + 1 != end_ && (t[1] == '/' || t[1] == '*');
    case '`':
        // {"a": "x"``` : the markdown fence that closes the answer.
        if (t == closing_fence_start()) return true;
        break;
    case '"':
        if (t == after) {
            // "The TV is 72"": an inch mark right before the real closing quote.
            const char* u = t + 1;
            while (u != end_ && is_ws(static_cast<unsigned char>(*u)))
                ++u;
            if (u == end_ || *u == ',' || *u == '}' || *u == ']') return false;
        }
        break;
    default: break;
    }
    QuoteStyle style = QuoteStyle::Double;
    // {"a": "x" "b": 1}: the next member, its comma missing; {"d": "a "b" "c" d"}: text.
    if (opening_quote(t, end_, style))
        return key || (member_value ? plausible_member(t) : plausible_value(t));
    // ["a" true], ["a" 2]: the next value of an array; no member starts that way.
    return !member_value && plausible_value(t);
}

// """text""", '''text''' or ```text``` (a Python or markdown habit) and ""text"" or ''text''
// (every quote doubled, as a CSV writer escapes them), or ""text" (only its opening quote
// doubled; a key's only when a colon follows it):
// the text between the delimiters is the string, when what follows the closing delimiter may
// follow a string. False, having changed nothing, otherwise. Called only where an empty string
// "" or '' does not fit, and reads up to the next quote of its kind: linear.
bool Parser::delimited_string(const char* open, bool key, Next& next) {
    auto fits = [&](const char* after) {
        while (after != end_ && is_ws(static_cast<unsigned char>(*after)))
            ++after;
        if (after == end_) return !key;
        if (key) return *after == ':';
        return *after == ',' || *after == '}' || *after == ']' || *after == ')';
    };
    const char* body = nullptr;
    const char* close = nullptr;
    std::size_t close_len = 0;
    RepairKind kind = RepairKind::None;
    const char q = *open;
    if (end_ - open >= 6 && (q == '"' || q == '`' || q == '\'') && open[1] == q && open[2] == q) {
        body = open + 3;
        for (const char* s = body; end_ - s >= 3; ++s) {
            s = static_cast<const char*>(std::memchr(s, q, static_cast<std::size_t>(end_ - s)));
            if (!s || end_ - s < 3) break;
            if (s[1] == q && s[2] == q) {
                close = s;
                break;
            }
        }
        close_len = 3;
        kind = RepairKind::TripleQuotes;
    } else if (end_ - open >= 4 && (q == '"' || q == '\'') && open[1] == q && open[2] != q) {
        body = open + 2;
        const void* found = std::memchr(body, q, static_cast<std::size_t>(end_ - body));
        close = static_cast<const char*>(found);
        if (close && std::memchr(body, '\n', static_cast<std::size_t>(close - body)))
            close = nullptr;
        if (close && close + 1 != end_ && close[1] == q)
            close_len = 2;
        else
            close_len = 1; // {"a": ""value"}, {""key": 1}: only the opening quote doubled, a slip
        kind = RepairKind::DoubledQuotes;
    }
    if (!close || !fits(close + close_len)) return false;
    ws_.text.clear();
    constexpr RepairMessage message = "removed quotes";
    if (!key && !repair(kind, open, message)) {
        next = Next::Fail;
        return true;
    }
    if (!append_checked(body, close)) {
        next = Next::Fail;
        return true;
    }
    p_ = close + close_len;
    next = push_text(key, open);
    if (key && !repair(kind, open, message)) next = Next::Fail;
    return true;
}

// A '+' after the quote at `after` (and white space): a concatenation, if the quote ends a string.
bool Parser::plus_follows(const char* after) const {
    while (after != end_ && is_ws(static_cast<unsigned char>(*after)))
        ++after;
    return after != end_ && *after == '+';
}

// While re-reading a string whose closing quote is missing, after a quote that did not end it:
// the quote that closes the phrase it opened, when one comes before any delimiter.
const char* Parser::quoted_phrase_end(const char* s, const char* stop, QuoteStyle style) const {
    for (; s != stop; ++s) {
        const auto c = static_cast<unsigned char>(*s);
        if (closing_quote(s, end_, style)) return s;
        if (c == '\\' && s + 1 != stop) {
            ++s;
            continue;
        }
        if (c == '\n' || c == '\r' || is_string_delimiter(c)) return nullptr;
    }
    return nullptr;
}

// While re-reading a string whose closing quote is missing: where it should have been.
bool Parser::stops_unclosed_string(const char* s, const char* open, bool key) const {
    switch (*s) {
    case ',':
        // {"a": "sic tamet, quick brown fox. }: in a member's value, only a comma that the next
        // member follows (see ends_member_text()).
        return key || top().kind != FrameKind::Object || ends_member_text(s);
    case '[':
    case ']':
    case '{':
    case '}':
    case '\n':
    case '\r': return true;
    case '/':
        // A comment starts here, unless this is the "//" of a URL.
        return s + 1 != end_ && (s[1] == '/' || s[1] == '*') && !(s > open && s[-1] == ':');
    case '+': {
        // "hello +\n " world": a concatenation starts here.
        const char* t = s + 1;
        while (t != end_ && is_ws(static_cast<unsigned char>(*t)))
            ++t;
        if (t == end_ || *t == ',' || *t == ']' || *t == '}') return true; // a dangling '+'
        QuoteStyle style = QuoteStyle::Double;
        return opening_quote(t, end_, style) != 0 ||
               (*t == '/' && t + 1 != end_ && (t[1] == '/' || t[1] == '*'));
    }
    default: return false;
    }
}

// The fast path ended the last string at its first '"'. If what follows that quote cannot follow
// a string, the quote was text: read the string again, carefully.
bool Parser::misquoted(bool key, Next& next) {
    if (!hot_close_ || !opt_.repair) return false;
    auto& values = ws_.values;
    if (values.size() <= top().first || !values.top().is_string()) return false;
    const char* after = hot_close_ + 1;
    const char* t = after;
    while (t != end_ && is_space_or_tab(static_cast<unsigned char>(*t)))
        ++t;
    if (t != p_) return false;
    // """text""": never an empty string glued to the next one (tried as triple quotes below).
    const bool triple = hot_close_ == hot_open_ + 1 && after != end_ && *after == '"';
    Balance b;
    const char* const u = skip_blanks(p_, end_);
    if (u != end_ && (*u == ']' || *u == '}' || *u == ')'))
        b = balance_of(hot_open_ + 1, hot_close_);
    if (!triple && quote_ends_string(after, key, b.brackets, b.braces, b.parens)) return false;
    const char* open = hot_open_;
    values.pop();
    if (key) ws_.keys.pop_back();
    rollback(hot_diag_mark_);
    hot_close_ = nullptr;
    // ""name"" or """text""": the fast path read an empty string.
    if (after == open + 2 && delimited_string(open, key, next)) return true;
    next = quoted_string(open, QuoteStyle::Double, key);
    return true;
}

Next Parser::push_text(bool key, const char* open) {
    if (ws_.text.size() > 0xFFFFFFFFu)
        return fail(ErrorKind::InvalidJson, open, "a string is longer than 4 GiB");
    ws_.values.emplace_string(ws_.text.data(), ws_.text.size(), ws_.text.data() + ws_.text.size());
    hot_close_ = nullptr;
    if (!key) return Next::AfterValue;
    const std::string& text = ws_.text;
    ws_.keys.push_back(KeyInfo{
        offset(open), key_fingerprint(text.data(), text.size(), text.data() + text.size())});
    return Next::AfterKey;
}

// --- escapes -------------------------------------------------------------------------------------

bool Parser::control_character(const char* s) {
    return repair(RepairKind::ControlCharacter, s, "escaped control");
}

Escape Parser::decode_escape(const char*& s, QuoteStyle style) {
    std::string& out = ws_.text;
    if (end_ - s < 2) return Escape::CutOff;
    switch (s[1]) {
    case '"': out += '"'; break;
    case '\\': out += '\\'; break;
    case '/': out += '/'; break;
    case 'b': out += '\b'; break;
    case 'f': out += '\f'; break;
    case 'n': out += '\n'; break;
    case 'r': out += '\r'; break;
    case 't': out += '\t'; break;
    case 'u': return decode_unicode_escape(s);
    case '\'':
        if (style != QuoteStyle::Single && style != QuoteStyle::TypographicSingle &&
            !repair(RepairKind::InvalidEscape, s, "removed escape"))
            return Escape::Failed;
        out += '\'';
        break;
    case '\n':
    case '\r':
        // A backslash before a line break continues the line (a shell or C habit): it goes.
        if (!repair(RepairKind::InvalidEscape, s, "removed escape")) return Escape::Failed;
        ++s;
        return Escape::Ok;
    default:
        // Not a JSON escape: C:\Users\me is a path, not "C:Usersme". The backslash stays as
        // text, and the character after it is read as text.
        if (!repair(RepairKind::InvalidEscape, s, "kept backslash")) return Escape::Failed;
        out += '\\';
        ++s;
        return Escape::Ok;
    }
    s += 2;
    return Escape::Ok;
}

Escape Parser::decode_unicode_escape(const char*& s) {
    auto hex4 = [this](const char* h, unsigned& cp) {
        cp = 0;
        for (int i = 0; i < 4; ++i) {
            if (h + i == end_) return Escape::CutOff;
            if (!is_hex(static_cast<unsigned char>(h[i]))) return Escape::Failed;
            cp = cp * 16 + hex_value(static_cast<unsigned char>(h[i]));
        }
        return Escape::Ok;
    };
    unsigned cp = 0;
    switch (hex4(s + 2, cp)) {
    case Escape::Ok: break;
    case Escape::CutOff: return Escape::CutOff;
    case Escape::Failed:
        error(ErrorKind::InvalidJson, s, "a \\u escape needs four hexadecimal digits");
        return Escape::Failed;
    }
    const char* next = s + 6;
    std::string& out = ws_.text;
    if (cp >= 0xD800 && cp <= 0xDBFF) {
        // A high surrogate must be followed by an escaped low surrogate.
        if (next == end_ || (next[0] == '\\' && next + 1 == end_)) return Escape::CutOff;
        if (next[0] == '\\' && next[1] == 'u') {
            unsigned low = 0;
            const Escape e = hex4(next + 2, low);
            if (e == Escape::CutOff) return Escape::CutOff;
            if (e == Escape::Ok && low >= 0xDC00 && low <= 0xDFFF) {
                append_utf8(
                    out, static_cast<char32_t>(0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00)));
                s = next + 6;
                return Escape::Ok;
            }
        }
    } else if (cp < 0xDC00 || cp > 0xDFFF) {
        append_utf8(out, static_cast<char32_t>(cp));
        s = next;
        return Escape::Ok;
    }
    if (!opt_.repair) {
        error(ErrorKind::InvalidJson, s, "a \\u escape is an unpaired UTF-16 surrogate");
        return Escape::Failed;
    }
    if (!repair(RepairKind::InvalidEscape, s, "inserted U+FFFD")) return Escape::Failed;
    out += replacement_character;
    s = next;
    return Escape::Ok;
}

// \"hello \\"world\\"\" — a string whose quotes (and escapes) carry one backslash too many. One
// level of escaping is undone as the bytes are read; the result is then read as a JSON string.
Next Parser::escaped_string(const char* open, bool key) {
    constexpr RepairMessage message = "removed escapes";
    if (!key && !repair(RepairKind::DoubleEncoded, open, message)) return Next::Fail;
    std::string& out = ws_.text;
    out.clear();
    const char* s = open + 2;
    auto unit = [&](char& u) {
        if (s == end_) return false;
        if (*s == '\\' && s + 1 != end_) {
            u = unescape_once(s[1]);
            s += 2;
        } else {
            u = *s++;
        }
        return true;
    };
    for (;;) {
        char u = 0;
        if (!unit(u)) goto cut;
        if (u == '"') break;
        if (u != '\\') {
            out += u;
            continue;
        }
        char e = 0;
        if (!unit(e)) goto cut;
        if (e != 'u') {
            out += unescape_once(e);
            continue;
        }
        unsigned cp = 0;
        for (int i = 0; i < 4; ++i) {
            char h = 0;
            if (!unit(h)) goto cut;
            if (!is_hex(static_cast<unsigned char>(h)))
                return fail(ErrorKind::InvalidJson, open,
                            "a \\u escape needs four hexadecimal digits");
            cp = cp * 16 + hex_value(static_cast<unsigned char>(h));
        }
        if (cp >= 0xD800 && cp <= 0xDFFF) {
            // Pairs are rare at this level of escaping; an unpaired half is replaced.
            if (!repair(RepairKind::InvalidEscape, open, "inserted U+FFFD")) return Next::Fail;
            out += replacement_character;
        } else {
            append_utf8(out, static_cast<char32_t>(cp));
        }
    }
    p_ = s;
    goto validate;
cut:
    if (!complete(RepairKind::TruncatedCompleted, open, open, "closed string")) return Next::Fail;
    p_ = end_;
validate:
    // The raw bytes were copied unchecked: validate them now.
    for (std::size_t i = 0; i < out.size();) {
        if (static_cast<unsigned char>(out[i]) < 0x80) {
            ++i;
            continue;
        }
        const char* b = out.data() + i;
        const char* e = out.data() + out.size();
        if (const int n = utf8_sequence(b, e)) {
            i += static_cast<std::size_t>(n);
            continue;
        }
        if (!invalid_utf8(open)) return Next::Fail;
        const auto bad = static_cast<std::size_t>(utf8_bad_length(b, e));
        out.replace(i, bad, replacement_character);
        i += replacement_character.size();
    }
    const Next next = push_text(key, open);
    if (key && !repair(RepairKind::DoubleEncoded, open, message)) return Next::Fail;
    return next;
}

namespace {
struct joined_guard {
    bool& flag;
    explicit joined_guard(bool& f) : flag(f) { flag = true; }
    ~joined_guard() { flag = false; }
    joined_guard(const joined_guard&) = delete;
    joined_guard& operator=(const joined_guard&) = delete;
};
} // namespace

// "a" + "b" + 'c': joined into one string. p_ is at the first '+'.
Next Parser::concatenate_strings() {
    std::string& joined = ws_.joined;
    joined_guard guard{joining_};
    joined.assign(ws_.values.top().as_string());
    ws_.values.pop();
    if (!repair(RepairKind::StringConcatenation, p_, "joined strings")) return Next::Fail;
    auto skip_space = [this] {
        for (;;) {
            skip_ws();
            const Junk j = skip_junk(false);
            if (j != Junk::Skipped) return j != Junk::Failed;
        }
    };
    while (p_ != end_ && *p_ == '+') {
        const char* plus = p_++;
        if (!skip_space()) return Next::Fail;
        // "hello +  or  ["hello +]: a dangling '+' goes.
        if (p_ == end_ || *p_ == ',' || *p_ == ']' || *p_ == '}') break;
        QuoteStyle style = QuoteStyle::Double;
        if (!opening_quote(p_, end_, style))
            return fail(ErrorKind::InvalidJson, plus, "expected a string after '+'");
        const Next n = style == QuoteStyle::Escaped ? escaped_string(p_, false)
                                                    : quoted_string(p_, style, false);
        if (n == Next::Fail) return n;
        joined += ws_.values.top().as_string();
        ws_.values.pop();
        if (!skip_space()) return Next::Fail;
    }
    ws_.values.emplace_string(joined.data(), joined.size(), joined.data() + joined.size());
    hot_close_ = nullptr;
    return Next::AfterValue;
}

} // namespace laminate::parse_detail
