// Unquoted text: keywords from other languages (True, None, NaN, undefined), function-call
// wrappers (JSONP, MongoDB), regular expression literals, and plain words, which become strings.

#include "parser.hpp"

#include "value/value_access.hpp"

#include <algorithm>
#include <limits>
#include <utility>

namespace laminate::parse_detail {

namespace {
// `lower` written in capitals (TRUE) or capitalized (Null), as other languages write it; not
// tRuE, which is somebody's text.
bool is_constant_in_capitals(std::string_view a, std::string_view lower) noexcept {
    if (a.size() != lower.size() || a.empty()) return false;
    bool upper_rest = true, lower_rest = true;
    for (std::size_t i = 0; i < a.size(); ++i) {
        if (static_cast<char>(a[i] | 0x20) != lower[i]) return false;
        if (i == 0) continue;
        if (a[i] == lower[i]) upper_rest = false;
        else lower_rest = false;
    }
    const bool first_upper = a[0] != lower[0];
    return first_upper && (upper_rest || lower_rest); // TRUE, True (true is JSON itself)
}

bool is_prefix_of(std::string_view word, std::string_view keyword) noexcept {
    return !word.empty() && word.size() < keyword.size() && keyword.substr(0, word.size()) == word;
}
} // namespace

// Appends [from, to) to the scratch text, replacing (or refusing) invalid UTF-8.
bool Parser::append_checked(const char* from, const char* to) {
    std::string& out = ws_.text;
    while (from != to) {
        if (static_cast<unsigned char>(*from) < 0x80) {
            out += *from++;
            continue;
        }
        if (const int n = utf8_sequence(from, to)) {
            out.append(from, static_cast<std::size_t>(n));
            from += n;
            continue;
        }
        if (!invalid_utf8(from)) return false;
        out += replacement_character;
        from += utf8_bad_length(from, to);
    }
    return true;
}

bool Parser::scan_unquoted(bool key, const char*& stop) {
    std::string& out = ws_.text;
    out.clear();
    std::size_t kept = 0; // without trailing white space
    const bool in_parens = top().kind == FrameKind::Tuple || top().kind == FrameKind::Call;
    const bool member_value = !key && top().kind == FrameKind::Object;
    bool inner_quote = false; // a quote in the text opened a quoted phrase, not yet closed
    const char* s = p_;
    while (s != end_) {
        const auto c = static_cast<unsigned char>(*s);
        if (c == ',' && member_value && !ends_member_text(s)) {
            // {"note": fast shipping, great price., "stars": 5}: a comma that no member follows
            // is the text's own.
            out += ',';
            kept = out.size();
            ++s;
            continue;
        }
        if (c == '"' && member_value && kept > 0 &&
            (inner_quote || (!quote_before_colon(s) && !plausible_member(s) &&
                             !quote_ends_string(s + 1, false, 0, 0, 0)))) {
            // {"a": quote something "like this" or that, "b": 1}: a quote that neither closes
            // the text (abc") nor opens the next member is the text's own, and so is the one
            // that closes what it opened ({"quote": She said "no", "n": 1}).
            inner_quote = !inner_quote;
            out += '"';
            kept = out.size();
            ++s;
            continue;
        }
        if ((c == '\n' || c == '\r') && member_value && kept > 0 && !line_ends_member_text(s)) {
            // {a: a sentence that goes on\n  on the next line, b: 1}: so does the text.
            out += static_cast<char>(c);
            ++s;
            continue;
        }
        if (c == ',' || c == '[' || c == ']' || c == '{' || c == '}' || c == '\n' || c == '\r' ||
            c == '"')
            break;
        if (c == ')' && in_parens) break;
        if (key && (c == ':' || c == '\'' || c == '`')) break;
        // A comment ends the text, except for the "//" of a URL.
        if (c == '/' && s + 1 != end_ && (s[1] == '/' || s[1] == '*') && !(s != p_ && s[-1] == ':'))
            break;
        if (c == '\\') {
            // Unquoted text has no escapes: C:\new is a path, not "C:" and a line break. The
            // backslash is text, and so is a quote or backslash right after it (\" opens no
            // string).
            out += '\\';
            ++s;
            if (s != end_ && (*s == '"' || *s == '\'' || *s == '\\')) out += *s++;
            kept = out.size();
            continue;
        }
        if (c >= 0x80) {
            bool double_like = false;
            if (key && (typographic_quote(s, end_, double_like) || is_fullwidth_colon(s, end_)))
                break;
            const int n = utf8_sequence(s, end_);
            const char* next = s + (n ? n : utf8_bad_length(s, end_));
            if (!append_checked(s, next)) return false;
            kept = out.size();
            s = next;
            continue;
        }
        out += static_cast<char>(c);
        if (!is_ws(c)) kept = out.size();
        ++s;
    }
    out.resize(kept);
    stop = s;
    return true;
}

// "…": a quote, then a colon: the end of a key, whatever came before it.
bool Parser::quote_before_colon(const char* quote) const {
    const char* t = skip_blanks(quote + 1, end_);
    return t != end_ && *t == ':';
}

Next Parser::word_value() {
    const char* const start = p_;
    // name(...): a JSONP callback around the document, a MongoDB type around a literal, or a
    // function call, which is no value (see call_value()).
    if (is_identifier_start(static_cast<unsigned char>(*start))) {
        const char* q = start + 1;
        while (q != end_ && is_identifier_char(static_cast<unsigned char>(*q)))
            ++q;
        const char* t = q;
        while (t != end_ && is_space_or_tab(static_cast<unsigned char>(*t)))
            ++t;
        if (t != end_ && *t == '(')
            return call_value(std::string_view(start, static_cast<std::size_t>(q - start)), t);
    }
    const char* stop = nullptr;
    if (!scan_unquoted(false, stop)) return Next::Fail;
    const std::string_view word = ws_.text;
    if (word.empty()) return fail(ErrorKind::InvalidJson, start, "expected a value");
    p_ = stop;
    hot_close_ = nullptr;

    if (stop == end_ && opt_.complete_truncated) {
        // A keyword cut off by the end of the input: "tru", "fals", "nul".
        // Python's and the capitalized forms too (Tru, FALS, Nul), as they are read in full; a
        // lone N could as well start NaN, so it is a fragment, dropped like a lone sign.
        if (word == "N") return drop_cut_value(start);
        static constexpr std::pair<std::string_view, int> keywords[] = {
            {"true", 1}, {"false", 0}, {"null", -1}, {"True", 1},  {"False", 0},
            {"None", -1}, {"TRUE", 1},  {"FALSE", 0}, {"NULL", -1}, {"Null", -1}};
        for (const auto& [keyword, value] : keywords) {
            if (!is_prefix_of(word, keyword)) continue;
            if (!complete(RepairKind::TruncatedCompleted, start, start, "completed value"))
                return Next::Fail;
            if (value < 0)
                ws_.values.emplace();
            else
                ws_.values.emplace(value == 1);
            return Next::AfterValue;
        }
    }
    if (word == "true" || word == "false" || word == "null" || word == "True" ||
        word == "False" || word == "None" || is_constant_in_capitals(word, "true") ||
        is_constant_in_capitals(word, "false") || is_constant_in_capitals(word, "null")) {
        // Python's constants, and JSON's in another case (TRUE, Null: SQL, YAML, C# habits).
        if (word == "true" || word == "false" || word == "null") { // reached only through odd spacing
            if (word == "null")
                ws_.values.emplace();
            else
                ws_.values.emplace(word == "true");
            return Next::AfterValue;
        }
        if (!repair(RepairKind::PythonLiteral, start, "mapped literal")) return Next::Fail;
        const char first = static_cast<char>(word[0] | 0x20);
        if (first == 'n')
            ws_.values.emplace();
        else
            ws_.values.emplace(first == 't');
        return Next::AfterValue;
    }
    if (word == "NaN" || word == "Infinity" || word == "+Infinity" || word == "-Infinity") {
        if (!repair(RepairKind::NanInfinity, start, "kept non-finite")) return Next::Fail;
        const double d = word == "NaN" ? std::numeric_limits<double>::quiet_NaN()
                                       : (word[0] == '-' ? -std::numeric_limits<double>::infinity()
                                                         : std::numeric_limits<double>::infinity());
        ws_.values.emplace(value_detail::ValueAccess::number(NumberKind::Double, 0, 0, d, {}, false));
        return Next::AfterValue;
    }
    if (word == "undefined") {
        if (!repair(RepairKind::UndefinedValue, start, "inserted null")) return Next::Fail;
        ws_.values.emplace();
        return Next::AfterValue;
    }
    if (top().kind == FrameKind::Tuple || top().kind == FrameKind::Call) {
        // (optional, 2), ObjectId(abc): words inside parentheses are neither a tuple's values nor
        // a wrapper's literal; unwrapping them would change the text.
        return fail(ErrorKind::AmbiguousRepair, start, "unquoted text inside parentheses",
                    PathAt::Container);
    }
    if (stop != end_ && *stop == '"' && top().kind == FrameKind::Object &&
        plausible_member(stop)) {
        // {"a": sic tamet. "b": 1}: the quote opens the next member; the text ends before it.
        // When a sentence ended there or a line did; {"msg": Click "OK": done} may as well be
        // one text quoting a word as a member that lost its comma.
        const char* end = stop;
        while (end != start && is_ws(static_cast<unsigned char>(end[-1])))
            --end;
        const bool sentence_ended = end != start && (end[-1] == '.' || end[-1] == '!' ||
                                                     end[-1] == '?' || end[-1] == ';');
        // {"key":value "key2":"value2"}: one word, then a member whose value is written as
        // JSON: a value that lost its comma, not a quotation.
        const bool one_word = std::find_if(start, end, [](char ch) {
                                  return is_ws(static_cast<unsigned char>(ch));
                              }) == end;
        if (!sentence_ended && !(one_word && json_value_follows_key(stop)) &&
            std::find(start, stop, '\n') == stop && std::find(start, stop, '\r') == stop)
            return fail(ErrorKind::AmbiguousRepair, stop,
                        "unquoted text runs into a quoted key without a comma", PathAt::Container);
        if (!repair(RepairKind::UnquotedString, start, "quoted text")) return Next::Fail;
    } else if (stop != end_ && *stop == '"') {
        // abc" : the text lost its opening quote; its closing quote goes with it.
        if (!repair(RepairKind::MissingQuote, start, "inserted quote")) return Next::Fail;
        ++p_;
    } else if (!repair(RepairKind::UnquotedString, start, "quoted text")) {
        return Next::Fail;
    }
    if (top().kind == FrameKind::Root) {
        // Prose is not a payload to join: "Sorry, I cannot help." is no array of two strings.
        if (concatenated_)
            return fail(ErrorKind::InvalidJson, start, "unquoted text after the JSON value",
                        PathAt::Container);
        root_text_ = true;
    }
    return push_text(false, start);
}

namespace {
// MongoDB shell types, each around one literal whose meaning it only annotates:
// NumberLong("2") is the string "2", NumberInt(3) the number 3 (as jsonrepair reads them).
bool is_mongo_type(std::string_view name) noexcept {
    for (const std::string_view known :
         {"ObjectId", "ISODate", "NumberLong", "NumberInt", "NumberDecimal", "UUID"})
        if (name == known) return true;
    return false;
}

// Built-ins that compute a value from their arguments: sum([1, 2]) is not a JSONP callback
// around [1, 2], even as the whole document.
bool is_computation(std::string_view name) noexcept {
    for (const std::string_view known :
         {"not", "sum", "max", "min", "len", "range", "set", "frozenset", "str", "int", "float",
          "bool", "list", "dict", "tuple", "abs", "round", "sorted", "reversed", "any", "all",
          "repr", "map", "filter", "zip", "enumerate", "print", "Date", "String", "Number",
          "Boolean", "Array", "Object", "parseInt", "parseFloat"})
        if (name == known) return true;
    for (const std::string_view module :
         {"Math.", "JSON.", "Object.", "Array.", "Date.", "String.", "Number.", "math.", "json.",
          "datetime.", "time.", "uuid.", "random.", "np.", "os."})
        if (name.substr(0, module.size()) == module) return true;
    return false;
}
} // namespace

// name( in a value position, the '(' at paren. Only a wrapper that annotates a value is
// stripped: a JSONP callback around the whole document, a MongoDB type around one literal
// (close_call() checks what it holds). set() is Python's empty set. Any other call computes a
// value laminate cannot know (sum([1, 2]), not(True), datetime.now()): no reading is right.
Next Parser::call_value(std::string_view name, const char* paren) {
    const char* const start = p_;
    const bool jsonp = top().kind == FrameKind::Root && count_in_top() == 0 && !concatenated_ &&
                       !is_computation(name);
    if (jsonp || is_mongo_type(name)) {
        if (!repair(RepairKind::WrapperStripped, start, "removed wrapper")) return Next::Fail;
        p_ = paren;
        if (!open_frame(FrameKind::Call)) return Next::Fail;
        ++p_;
        comma_ = nullptr;
        return Next::Value;
    }
    if (name == "set") {
        const char* t = paren + 1;
        while (t != end_ && is_ws(static_cast<unsigned char>(*t)))
            ++t;
        if (t != end_ && *t == ')') {
            if (!repair(RepairKind::PythonSet, start, "set to array")) return Next::Fail;
            ws_.values.emplace(Value::array());
            p_ = t + 1;
            hot_close_ = nullptr;
            return Next::AfterValue;
        }
    }
    return fail(ErrorKind::AmbiguousRepair, start, "a function call where a value belongs");
}

// At the quote of a key that plausible_member() accepted: whether the value after its colon
// starts as JSON writes one (a quoted string, a number, a container, a constant).
bool Parser::json_value_follows_key(const char* quote) const {
    const char* t = quoted_within(quote);
    if (!t) return false;
    while (t != end_ && is_space_or_tab(static_cast<unsigned char>(*t)))
        ++t;
    if (t == end_ || *t != ':') return false;
    ++t;
    while (t != end_ && is_space_or_tab(static_cast<unsigned char>(*t)))
        ++t;
    if (t == end_) return false;
    const auto c = static_cast<unsigned char>(*t);
    return c == '"' || c == '\'' || c == '{' || c == '[' || c == '-' || is_digit(c) ||
           keyword_at(t, end_);
}

Next Parser::unquoted_key() {
    const char* const start = p_;
    const char* stop = nullptr;
    if (!scan_unquoted(true, stop)) return Next::Fail;
    if (ws_.text.empty())
        return fail(ErrorKind::InvalidJson, start, "expected an object key", PathAt::Container);
    p_ = stop;
    const bool lost_opening_quote = stop != end_ && *stop == '"'; // {a":1}
    if (lost_opening_quote) ++p_;
    const Next next = push_text(true, start);
    if (!(lost_opening_quote ? repair(RepairKind::MissingQuote, start, "inserted quote")
                             : repair(RepairKind::UnquotedKey, start, "quoted key")))
        return Next::Fail;
    return next;
}

// /pattern/flags as a JavaScript model might write it: kept, slashes included, as a string. A
// '/' that starts no such literal (no closing '/' on its line, or text after the flags) starts
// unquoted text like any other punctuation: {route: /} is "/", {path: /api/v1} is "/api/v1".
Next Parser::regex_value() {
    const char* const start = p_;
    const char* s = start + 1;
    while (s != end_ && *s != '/' && *s != '\n')
        s += (*s == '\\' && s + 1 != end_) ? 2 : 1;
    if (s == end_ || *s != '/') return word_value();
    ++s;
    while (s != end_ && is_alpha(static_cast<unsigned char>(*s)))
        ++s;
    const char* t = s;
    while (t != end_ && is_space_or_tab(static_cast<unsigned char>(*t)))
        ++t;
    if (t != end_ && *t != ',' && *t != ']' && *t != '}' && *t != ')' && *t != '\n' && *t != '\r')
        return word_value();
    if (!repair(RepairKind::UnquotedString, start, "quoted regex")) return Next::Fail;
    ws_.text.clear();
    if (!append_checked(start, s)) return Next::Fail;
    p_ = s;
    return push_text(false, start);
}

} // namespace laminate::parse_detail
