// The state machine: containers, commas, colons and closers. The labelled loop in machine() is the
// fast path for valid JSON; any byte it does not expect goes to one of the *_cold handlers, which
// repair what they can and say where the machine continues.

#include "hot_paths.hpp"

#include "value/value_access.hpp"

#include <algorithm>
#include <bit>
#include <cstddef>
#include <functional>
#include <utility>

namespace laminate::parse_detail {

static_assert(sizeof(Member) == 2 * sizeof(Value) && offsetof(Member, value) == sizeof(Value),
              "objects adopt key/value pairs straight from the value stack");

Next Parser::machine(Next start) {
    Next next = start;
    goto dispatch;

value:
    skip_ws();
    if (p_ != end_) {
        switch (*p_) {
        case '"':
            if (!read_string<false>()) return Next::Fail;
            goto after_value;
        case '\'': {
            // A Python dict repr's string, repaired here rather than after three cold calls. The
            // repair is written before the value, whose path it names (as quoted_string() does).
            const char* const open = p_;
            const char* const close = single_quoted_plain_end_hot(open, false);
            if (!close) break;
            if (!repair(RepairKind::SingleQuotes, open, "replaced quotes")) return Next::Fail;
            push_single_quoted(open, close, false);
            goto after_value;
        }
        case '{':
            if (!open_frame(FrameKind::Object)) return Next::Fail;
            ++p_;
            comma_ = nullptr;
            skip_ws();
            if (p_ != end_ && *p_ == '"') goto key_string;
            if (p_ != end_ && *p_ == '}') {
                ++p_;
                close_frame();
                goto after_value;
            }
            goto key_other;
        case '[':
            if (!open_frame(FrameKind::Array)) return Next::Fail;
            ++p_;
            comma_ = nullptr;
            skip_ws();
            if (p_ != end_ && *p_ == ']') {
                ++p_;
                close_array();
                goto after_value;
            }
            goto value;
        case 't':
            if (!at_keyword("true", 4)) break;
            ws_.values.emplace(true);
            p_ += 4;
            goto after_value;
        case 'f':
            if (!at_keyword("false", 5)) break;
            ws_.values.emplace(false);
            p_ += 5;
            goto after_value;
        case 'n':
            if (!at_keyword("null", 4)) break;
            ws_.values.emplace();
            p_ += 4;
            goto after_value;
        case '-':
        case '0':
        case '1':
        case '2':
        case '3':
        case '4':
        case '5':
        case '6':
        case '7':
        case '8':
        case '9':
            if (read_number()) goto after_value;
            break;
        default: break;
        }
    }
    next = value_cold();
    goto dispatch;

after_value:
    skip_ws();
    if (p_ != end_) {
        switch (*p_) {
        case ',':
            if (top().kind == FrameKind::Array) {
                comma_ = p_++;
                goto value;
            }
            if (top().kind == FrameKind::Object) {
                comma_ = p_++;
                goto key;
            }
            break;
        case ']':
            if (top().kind != FrameKind::Array) break;
            ++p_;
            close_array();
            goto after_value;
        case '}':
            if (top().kind != FrameKind::Object) break;
            ++p_;
            if (!close_object()) return Next::Fail;
            goto after_value;
        default: break;
        }
    } else if (top().kind == FrameKind::Root && !concatenated_ && !ws_.values.top().is_string()) {
        // The usual end of a document: its container closed the input (see root_after_value()).
        return Next::Done;
    }
    next = after_value_cold();
    goto dispatch;

key:
    skip_ws();
    if (p_ != end_ && *p_ == '"') goto key_string;
key_other:
    if (p_ != end_ && *p_ == '\'') {
        // A single-quoted key; its repair is written after it, to name it (see quoted_string()).
        const char* const open = p_;
        if (const char* const close = single_quoted_plain_end_hot(open, true)) {
            push_single_quoted(open, close, true);
            if (!repair(RepairKind::SingleQuotes, open, "replaced quotes")) return Next::Fail;
            goto after_key;
        }
    }
    next = key_cold();
    goto dispatch;

key_string:
    if (!read_string<true>()) return Next::Fail;
after_key:
    skip_ws();
    if (p_ != end_ && *p_ == ':') {
        ++p_;
        goto value;
    }
    next = after_key_cold();
    goto dispatch;

dispatch:
    switch (next) {
    case Next::Value: goto value;
    case Next::AfterValue: goto after_value;
    case Next::Key: goto key;
    case Next::AfterKey: goto after_key;
    case Next::Done:
    case Next::Fail: break;
    }
    return next;
}

// --- containers ----------------------------------------------------------------------------------

bool Parser::depth_exceeded() {
    return error(ErrorKind::DepthExceeded, p_, "the document is nested deeper than max_depth");
}

inline void Parser::pop_frame() noexcept {
    --open_count(closer_of(top().kind));
    ws_.frames.pop_back();
}

bool Parser::close_frame() {
    switch (top().kind) {
    case FrameKind::Array:
    case FrameKind::Tuple: close_array(); return true;
    case FrameKind::Set: {
        // {"name", "John", "age", 30}: a dict whose colons became commas, not a set; Python's
        // sets of names or of numbers hold one kind.
        const Value* v = ws_.values.data() + top().first;
        const Value* const last = ws_.values.data() + ws_.values.size();
        for (const Value* e = v; e != last; ++e)
            if (e->type() != v->type())
                return error(ErrorKind::AmbiguousRepair, begin_ + top().open,
                             "a set holds values of different kinds", PathAt::Container);
        close_array();
        return true;
    }
    case FrameKind::Object: return close_object();
    case FrameKind::Call: return close_call();
    case FrameKind::Root: break;
    }
    return true;
}

void Parser::close_array() {
    const std::size_t first = top().first;
    const std::size_t n = ws_.values.size() - first;
    Value array = value_detail::ValueAccess::adopt_array(ws_.values.data() + first, n);
    ws_.values.forget(n);
    pop_frame();
    ws_.values.emplace(std::move(array));
}

namespace {
// Whether any two of `members` fingerprints are equal, by a filter of Words x 64 bits: a key whose
// bit is already set is compared with the fingerprints before it (at most members - 1 compares,
// and members is bounded by the caller, so this stays linear in the object's size).
template <std::size_t Words>
[[gnu::always_inline]] inline bool repeated_fingerprint(const KeyInfo* info, std::size_t members) noexcept {
    constexpr unsigned kShift = 64 - std::bit_width(Words * 64 - 1);
    std::uint64_t seen[Words] = {};
    for (std::size_t j = 0; j < members; ++j) {
        const std::uint64_t fingerprint = info[j].fingerprint;
        const std::uint64_t bit = (fingerprint * 0x9E3779B97F4A7C15ull) >> kShift;
        const std::uint64_t mask = std::uint64_t{1} << (bit & 63);
        if (seen[bit >> 6] & mask) {
            for (std::size_t i = 0; i < j; ++i)
                if (info[i].fingerprint == fingerprint) return true;
        }
        seen[bit >> 6] |= mask;
    }
    return false;
}

// Out of line, so that the common small case keeps close_object's registers to itself.
[[gnu::noinline]] bool repeated_fingerprint_mid(const KeyInfo* info, std::size_t members) noexcept {
    return repeated_fingerprint<16>(info, members);
}

// The same question for at most 8 members, with a 64-bit filter that stays in a register: no
// store and reload of a filter word per key, and no branch until the end. A hit (false positives
// included: about one 4-member object in ten) compares the fingerprints pairwise, 28 at most.
[[gnu::always_inline]] inline bool repeated_fingerprint_small(const KeyInfo* info,
                                                              std::size_t members) noexcept {
    std::uint64_t seen = 0;
    std::uint64_t hits = 0;
    for (std::size_t j = 0; j < members; ++j) {
        const std::uint64_t mask = std::uint64_t{1}
                                   << ((info[j].fingerprint * 0x9E3779B97F4A7C15ull) >> 58);
        hits |= seen & mask;
        seen |= mask;
    }
    if (!hits) [[likely]]
        return false;
    for (std::size_t j = 1; j < members; ++j)
        for (std::size_t i = 0; i < j; ++i)
            if (info[i].fingerprint == info[j].fingerprint) return true;
    return false;
}
} // namespace

// Whether the last `members` keys may repeat one another: false when no two of them have the same
// fingerprint (the usual case), which is decided here without check_duplicates' setup (a sort and
// two vectors). A filter of the fingerprints answers for most keys, 64 bits up to 8 members, 256
// up to 16 and 1,024 up to 64; only a key whose bit is already set (about one 8-member object in ten) is
// compared with the fingerprints before it, so that only equal fingerprints (a repeated key, or a
// rare collision of long keys) reach check_duplicates. Larger objects always go there: the
// compares on a filter hit would grow with the square of their size.
inline bool Parser::may_repeat_keys(std::size_t members) const noexcept {
    const KeyInfo* info = ws_.keys.data() + (ws_.keys.size() - members);
    if (members <= 8) return repeated_fingerprint_small(info, members);
    if (members > 16) return members > 64 || repeated_fingerprint_mid(info, members);
    return repeated_fingerprint<4>(info, members);
}

bool Parser::close_object() {
    const std::size_t first = top().first;
    if ((ws_.values.size() - first) % 2 != 0) ws_.values.emplace(); // a key without a value
    if (ws_.values.size() - first >= 4 && may_repeat_keys((ws_.values.size() - first) / 2) &&
        !check_duplicates(first, (ws_.values.size() - first) / 2))
        return false;
    const std::size_t n = ws_.values.size() - first;
    // Key, value, key, value... is the memory layout of Member pairs (see the static_assert).
    Value object = value_detail::ValueAccess::adopt_object(
        reinterpret_cast<Member*>(ws_.values.data() + first), n / 2);
    ws_.values.forget(n);
    ws_.keys.resize(ws_.keys.size() - n / 2);
    --open_count('}'); // pop_frame(), with the closer known
    ws_.frames.pop_back();
    ws_.values.emplace(std::move(object));
    return true;
}

bool Parser::close_call() {
    // callback(value) is the value, NumberLong(2) the literal. callback(), callback(a, b) and
    // NumberLong([1]) hold no such value: null or an array would be an invention.
    const std::size_t n = count_in_top();
    const bool jsonp = ws_.frames[ws_.frames.size() - 2].kind == FrameKind::Root;
    if (n != 1 || (!jsonp && !ws_.values.top().is_string() && !ws_.values.top().is_number()))
        return error(ErrorKind::AmbiguousRepair, begin_ + top().open,
                     jsonp ? "a callback around no single value"
                           : "a type wrapper around no single literal",
                     PathAt::Container);
    if (jsonp && !ws_.values.top().is_object() && python_ordered_dict_call())
        // OrderedDict([('a', 1)]) is the dict {"a": 1}, not the list of pairs the wrapper holds;
        // OrderedDict({'a': 1}) (Python 3.12's repr) is read as the dict it holds.
        return error(ErrorKind::AmbiguousRepair, begin_ + top().open,
                     "a Python OrderedDict written as a list of pairs", PathAt::Container);
    pop_frame();
    return true;
}

// Whether the Call frame on top opened after the name OrderedDict (collections.OrderedDict).
bool Parser::python_ordered_dict_call() const {
    const char* e = begin_ + top().open;
    while (e != begin_ && is_space_or_tab(static_cast<unsigned char>(e[-1])))
        --e;
    const char* b = e;
    while (b != begin_ && is_identifier_char(static_cast<unsigned char>(b[-1])))
        --b;
    const std::string_view name(b, static_cast<std::size_t>(e - b));
    return name == "OrderedDict" || name == "collections.OrderedDict";
}

// Finds repeated keys among the members of the object being closed and applies the policy of
// ParseOptions::duplicate_keys. Keys are compared by fingerprint first (see key_fingerprint());
// small objects compare pairwise, large ones sort by fingerprint, so the cost stays O(n log n).
bool Parser::check_duplicates(std::size_t first, std::size_t members) {
    auto& values = ws_.values;
    const std::size_t key_base = ws_.keys.size() - members;
    const KeyInfo* info = ws_.keys.data() + key_base;
    auto key = [&](std::size_t i) { return values[first + 2 * i].as_string(); };
    auto same = [&](std::size_t i, std::size_t j) {
        return info[i].fingerprint == info[j].fingerprint && key(i) == key(j);
    };
    std::vector<std::pair<std::size_t, std::size_t>>
        repeats; // (later member, its first occurrence)
    if (members <= 16) {
        // A 256-bit filter of the fingerprints seen so far: a key whose bit is still clear
        // cannot repeat an earlier one, so most objects need no pairwise comparison at all.
        std::uint64_t seen[4] = {0, 0, 0, 0};
        for (std::size_t j = 0; j < members; ++j) {
            const std::uint64_t bit = (info[j].fingerprint * 0x9E3779B97F4A7C15ull) >> 56;
            std::uint64_t& word = seen[bit >> 6];
            const std::uint64_t mask = std::uint64_t{1} << (bit & 63);
            if (!(word & mask)) {
                word |= mask;
                continue;
            }
            for (std::size_t i = 0; i < j; ++i) {
                if (same(i, j)) {
                    repeats.emplace_back(j, i);
                    break;
                }
            }
        }
    } else {
        auto& order = ws_.order;
        order.resize(members);
        for (std::size_t i = 0; i < members; ++i)
            order[i] = i;
        std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
            return info[a].fingerprint != info[b].fingerprint
                       ? info[a].fingerprint < info[b].fingerprint
                       : a < b;
        });
        std::vector<std::size_t>
            distinct; // first occurrences of the distinct keys of one fingerprint
        for (std::size_t a = 0; a < members;) {
            std::size_t b = a + 1;
            while (b < members && info[order[b]].fingerprint == info[order[a]].fingerprint)
                ++b;
            distinct.clear();
            for (std::size_t k = a; k < b; ++k) { // ascending member index within the run
                const std::size_t j = order[k];
                auto it = std::find_if(distinct.begin(), distinct.end(),
                                       [&](std::size_t i) { return key(i) == key(j); });
                if (it == distinct.end())
                    distinct.push_back(j);
                else
                    repeats.emplace_back(j, *it);
            }
            a = b;
        }
        std::sort(repeats.begin(), repeats.end());
    }
    if (repeats.empty()) return true;
    flush_pending(); // the duplicates' diagnostics come after the repairs recorded before them

    std::vector<bool> removed(members, false);
    for (const auto& [j, i] : repeats) {
        const char* at = begin_ + info[j].offset;
        if (opt_.duplicate_keys == DuplicateKeys::Error)
            return error(ErrorKind::InvalidJson, at, "an object repeats a key", PathAt::Container);
        // ["name": "A", "age": 1, "name": "B", ...]: members written straight into an array
        // (members_in_array(): the frame opened at a colon) repeating a key are several records
        // whose braces were lost; one object would drop all but one of them.
        if (begin_[top().open] == ':')
            return error(ErrorKind::AmbiguousRepair, at,
                         "members written inside an array repeat a key", PathAt::Container);
        Diagnostic d;
        d.path = path(PathAt::Container);
        append_path_key(d.path, key(j));
        d.kind = DiagnosticKind::DuplicateKey;
        d.risk = Risk::Warning;
        d.offset = offset(at);
        switch (opt_.duplicate_keys) {
        case DuplicateKeys::LastWins:
            d.message = "last value won";
            values[first + 2 * i + 1] = std::move(values[first + 2 * j + 1]);
            removed[j] = true;
            break;
        case DuplicateKeys::FirstWins:
            d.message = "first value won";
            removed[j] = true;
            break;
        case DuplicateKeys::KeepAll: d.message = "kept both"; break;
        case DuplicateKeys::Error: break;
        }
        diags_.push_back(std::move(d));
        ++written_;
        unordered_ = true;
    }
    // Close the gaps left by removed members, keeping the order of the others.
    std::size_t kept = 0;
    for (std::size_t i = 0; i < members; ++i) {
        if (removed[i]) continue;
        if (kept != i) {
            std::swap(values[first + 2 * kept], values[first + 2 * i]);
            std::swap(values[first + 2 * kept + 1], values[first + 2 * i + 1]);
            ws_.keys[key_base + kept] = ws_.keys[key_base + i];
        }
        ++kept;
    }
    values.truncate(first + 2 * kept);
    ws_.keys.resize(key_base + kept);
    return true;
}

// --- cold handlers -------------------------------------------------------------------------------

Next Parser::value_cold() {
    switch (skip_junk(true)) {
    case Junk::Skipped: return Next::Value;
    case Junk::Failed: return Next::Fail;
    case Junk::None: break;
    }
    if (p_ == end_ || (top().kind != FrameKind::Root && at_closing_fence())) return eof_at_value();
    const FrameKind kind = top().kind;
    const char c = *p_;
    switch (c) {
    case ',':
        if (kind == FrameKind::Object) return value_missing_in_object();
        if (!repair(RepairKind::LeadingComma, p_, "removed comma", PathAt::Container))
            return Next::Fail;
        ++p_;
        return Next::Value;
    case ']':
    case '}':
    case ')':
        if (kind == FrameKind::Object) return value_missing_in_object();
        if (kind == FrameKind::Root)
            return fail(ErrorKind::InvalidJson, p_, "expected a value, found a closing bracket");
        // A tuple's trailing comma is Python syntax for (1,), not a slip.
        if (comma_ && kind != FrameKind::Tuple &&
            !repair(RepairKind::TrailingComma, comma_, "removed comma", PathAt::Container))
            return Next::Fail;
        return close_with(c);
    case '(':
        if (kind == FrameKind::Object && parenthesized_words()) return word_value();
        if (!repair(RepairKind::PythonTuple, p_, "tuple to array")) return Next::Fail;
        if (!open_frame(FrameKind::Tuple)) return Next::Fail;
        ++p_;
        comma_ = nullptr;
        return Next::Value;
    case '/': return regex_value();
    case '\xE2': // "…", one character for "..."
    case '.':
        if (is_ellipsis(p_, end_)) {
            if (kind == FrameKind::Root)
                return fail(ErrorKind::InvalidJson, p_, "expected a value, found an ellipsis");
            if (!repair(RepairKind::Ellipsis, p_, "removed '...'", PathAt::Container))
                return Next::Fail;
            p_ += 3;
            if (kind == FrameKind::Object) ws_.values.emplace(); // {"a": ...}: the value is unknown
            return Next::AfterValue;
        }
        if (c == '.') return number_cold();
        break; // another character that starts with 0xE2: a typographic quote, a space...

    case '-':
    case '+':
    case '0':
    case '1':
    case '2':
    case '3':
    case '4':
    case '5':
    case '6':
    case '7':
    case '8':
    case '9': return number_cold();
    case ':':
    case ';':
    case '=': return fail(ErrorKind::InvalidJson, p_, "expected a value");
    default: break;
    }
    QuoteStyle style = QuoteStyle::Double;
    if (opening_quote(p_, end_, style)) return any_string(false);
    if (c == '\\') return fail(ErrorKind::InvalidJson, p_, "expected a value, found a backslash");
    {
        // b'abc', r'C:\x', u'x', f'x': Python's string prefixes (prefixed_strings.cpp).
        Next next = Next::Fail;
        if (prefixed_string(false, next)) return next;
    }
    // The Python constants of a dict repr, without going through unquoted text.
    for (const auto& [word, value] :
         {std::pair<std::string_view, int>{"True", 1}, {"False", 0}, {"None", -1}}) {
        if (!at_keyword(word.data(), word.size())) continue;
        // Only a whole value: "True story" is text, "True(" a call.
        const char* after = p_ + word.size();
        const char* t = after;
        while (t != end_ && is_space_or_tab(static_cast<unsigned char>(*t)))
            ++t;
        if (t != end_ && *t != ',' && *t != ']' && *t != '}' && *t != ')' && *t != '\n' &&
            *t != '\r')
            break;
        if (!repair(RepairKind::PythonLiteral, p_, "mapped literal")) return Next::Fail;
        if (value < 0)
            ws_.values.emplace();
        else
            ws_.values.emplace(value == 1);
        p_ = after;
        return Next::AfterValue;
    }
    return word_value();
}

Next Parser::value_missing_in_object() {
    if (!repair(RepairKind::MissingValue, p_, "inserted null")) return Next::Fail;
    ws_.values.emplace();
    return Next::AfterValue;
}

Next Parser::eof_at_value() {
    const Frame& f = top();
    switch (f.kind) {
    case FrameKind::Root: return fail(ErrorKind::EmptyInput, p_, "the input has no JSON value");
    case FrameKind::Object: return drop_dangling_key(end_);
    case FrameKind::Array:
    case FrameKind::Tuple:
    case FrameKind::Call:
    case FrameKind::Set: break;
    }
    if (comma_ && !complete(RepairKind::TruncatedCompleted, comma_, begin_ + f.open,
                            "removed comma", PathAt::Container))
        return Next::Fail;
    return close_all_at_end();
}

// The input ended inside containers: each one is closed, a Risky completion.
Next Parser::close_all_at_end() {
    while (top().kind != FrameKind::Root) {
        if (!complete(RepairKind::MissingCloser, end_, begin_ + top().open, "added closer",
                      PathAt::Container))
            return Next::Fail;
        if (!close_frame()) return Next::Fail;
    }
    return Next::AfterValue;
}

Next Parser::after_value_cold() {
    const FrameKind kind = top().kind;
    if (kind == FrameKind::Root) return root_after_value();
    Next next = Next::Fail;
    if (misquoted(false, next)) return next;
    if (expression_after_number(next)) return next; // {"a": 1/3} (numbers.cpp)
    switch (skip_junk(false)) {
    case Junk::Skipped: return Next::AfterValue;
    case Junk::Failed: return Next::Fail;
    case Junk::None: break;
    }
    if (p_ == end_ || at_closing_fence()) return close_all_at_end();
    const char c = *p_;
    if ((kind == FrameKind::Tuple || kind == FrameKind::Call || kind == FrameKind::Set) &&
        c == ',') {
        comma_ = p_++;
        return Next::Value;
    }
    if (c == ']' || c == '}' || c == ')') return close_with(c);
    if (c == '+' && ws_.values.size() > top().first && ws_.values.top().is_string())
        return concatenate_strings();
    if (c == '*' || ((c == '+' || c == '-') && p_ + 1 != end_ &&
                     !is_digit(static_cast<unsigned char>(p_[1])) && p_[1] != '.')) {
        // {"a": ["x", "y"] + ["z"]}, [1 + 2]: an operator between two values computes one
        // (["x","y","z"], 3) that laminate does not evaluate; the operator is no key, nor text.
        // (+2 and -2 are numbers: [1 -2] lost a comma.)
        return fail(ErrorKind::AmbiguousRepair, p_, "an operator between values",
                    PathAt::Container);
    }
    if (c == '"' && p_ != begin_ && is_digit(static_cast<unsigned char>(p_[-1])) &&
        ws_.values.size() > top().first && ws_.values.top().is_number() &&
        quote_ends_string(p_ + 1, false, 0, 0, 0)) {
        // {"n": 12345", "m": 1}: a stray quote glued to a number (that lost its opening one).
        if (!repair(RepairKind::StrayText, p_, "removed quote", PathAt::Container))
            return Next::Fail;
        ++p_;
        return Next::AfterValue;
    }
    if (c == ':' && kind == FrameKind::Array && ws_.values.size() > top().first &&
        ws_.values.top().is_string() && value_follows_colon(p_))
        return members_in_array();
    if (kind == FrameKind::Set && c == ':') // {'a', 'b': 1}: read as a set, then a member
        return fail(ErrorKind::InvalidJson, p_, "a ':' inside a set", PathAt::Container);
    if (c == ',' || c == ':' || c == ';' || c == '=')
        return fail(ErrorKind::InvalidJson, p_, "expected ',' or a closing bracket after a value",
                    PathAt::Container);
    // Another value follows without a comma.
    if (kind == FrameKind::Object) {
        if (c == '[' && !inside_array() && previous_member_is_array()) return join_previous_array();
        if (c == '{' || c == '[') {
            // [{"i":1{"i":2}]: the object ended before the next array element.
            if (!object_may_end_early()) return Next::Fail;
            if (!repair(RepairKind::MissingCloser, p_, "closed object", PathAt::Container))
                return Next::Fail;
            return close_frame() ? Next::AfterValue : Next::Fail;
        }
        if (!repair(RepairKind::MissingComma, p_, "inserted comma", PathAt::Container))
            return Next::Fail;
        comma_ = nullptr;
        return Next::Key;
    }
    // [10 kg], [hello "world"]: a unit or more text, as much as a value that lost its comma.
    if (!value_may_follow_without_comma())
        return fail(ErrorKind::InvalidJson, p_, "expected ',' or a closing bracket after a value",
                    PathAt::Container);
    if (!repair(RepairKind::MissingComma, p_, "inserted comma", PathAt::Container))
        return Next::Fail;
    comma_ = nullptr;
    return Next::Value;
}

// In an array, at what follows a value with no comma: ["a" "b"], [1 2], ["a" true] lost a comma,
// and so did values one a line; on one line, after or before unquoted text, the words may as
// well be one value's.
bool Parser::value_may_follow_without_comma() const {
    const char* last = p_;
    bool line_break = false;
    while (last != begin_ && is_ws(static_cast<unsigned char>(last[-1]))) {
        --last;
        line_break = line_break || *last == '\n' || *last == '\r';
    }
    if (line_break) return true; // [\n a\n b\n]: one value a line
    // ([..., x]: the ellipsis left no value behind it.)
    if (ws_.values.size() > top().first && ws_.values.top().is_string()) {
        const auto q = last == begin_ ? 0 : static_cast<unsigned char>(last[-1]);
        if (q != '"' && q != '\'' && q != '`' && q < 0x80) return false; // text without quotes
    }
    const auto c = static_cast<unsigned char>(*p_);
    return !is_identifier_start(c) || keyword_at(p_, end_);
}

// A closing bracket arrived. It may be this container's, an outer container's (then this one lost
// its closer), or nobody's (then it stands in for this container's closer).
Next Parser::close_with(char closer) {
    const FrameKind kind = top().kind;
    if (closer_of(kind) == closer) {
        if (kind == FrameKind::Tuple && count_in_top() == 1 && parenthesized_value()) {
            ++p_;
            return Next::AfterValue;
        }
        ++p_;
        if (!close_frame()) return Next::Fail;
        if (kind == FrameKind::Call) {
            // callback_123({});
            const char* t = p_;
            while (t != end_ && is_space_or_tab(static_cast<unsigned char>(*t)))
                ++t;
            if (t != end_ && *t == ';') p_ = t + 1;
        }
        return Next::AfterValue;
    }
    if (open_count(closer) > 0) {
        // {"x": [{"a": 1}}, {"a": 2}]}: the closer repeats the one just before it and the
        // container goes on after it: written twice, not this container's lost closer.
        const char* before = p_;
        while (before != begin_ && is_ws(static_cast<unsigned char>(before[-1])))
            --before;
        const char* after = p_ + 1;
        while (after != end_ && is_ws(static_cast<unsigned char>(*after)))
            ++after;
        if (kind != FrameKind::Root && before != begin_ && before[-1] == closer &&
            after != end_ && *after == ',') {
            if (!repair(RepairKind::RedundantCloser, p_, "removed closer", PathAt::Container))
                return Next::Fail;
            ++p_;
            return Next::AfterValue;
        }
        // [{"a": 1], {"b": 2}]: the closer would end the whole document with elements still to
        // come after the comma: it was written for this container's own.
        if (kind != FrameKind::Root && after != end_ && *after == ',' && ws_.frames.size() == 3 &&
            closer_of(ws_.frames[1].kind) == closer) {
            if (!repair(RepairKind::MissingCloser, p_, "replaced closer", PathAt::Container))
                return Next::Fail;
            ++p_;
            return close_frame() ? Next::AfterValue : Next::Fail;
        }
        if (!repair(RepairKind::MissingCloser, p_, "added closer", PathAt::Container))
            return Next::Fail;
        return close_frame() ? Next::AfterValue : Next::Fail;
    }
    // A closer that closes nothing open. Followed by a comma, the container goes on:
    // [{"a": 1}}, {"a": 2}] has one closer too many. Otherwise it stands in for this container's.
    const char* t = p_ + 1;
    while (t != end_ && is_ws(static_cast<unsigned char>(*t)))
        ++t;
    if (t != end_ && *t == ',' && kind != FrameKind::Root) {
        if (!repair(RepairKind::RedundantCloser, p_, "removed closer", PathAt::Container))
            return Next::Fail;
        ++p_;
        return Next::AfterValue;
    }
    if (!repair(RepairKind::MissingCloser, p_, "replaced closer", PathAt::Container))
        return Next::Fail;
    ++p_;
    return close_frame() ? Next::AfterValue : Next::Fail;
}

// At the ')' of a Tuple frame holding one value: without a comma before the ')', Python's (1) is
// the value 1, not the tuple (1,). The value stays where it is, the frame is dropped, and the
// repair noted at the '(' says so.
bool Parser::parenthesized_value() {
    const char* before = p_;
    while (before != begin_ && is_ws(static_cast<unsigned char>(before[-1])))
        --before;
    if (before != begin_ && before[-1] == ',') return false;
    const std::size_t open = top().open;
    pop_frame();
    for (std::size_t k = ws_.pending.size(); k-- > 0;)
        if (ws_.pending[k].offset == open && ws_.pending[k].repair == RepairKind::PythonTuple) {
            ws_.pending[k].message = "removed parens";
            return true;
        }
    for (std::size_t k = diags_.size(); k-- > 0;)
        if (diags_[k].offset == open && diags_[k].repair == RepairKind::PythonTuple) {
            diags_[k].message = "removed parens";
            break;
        }
    return true;
}

// At a '(' in a member's value: words in parentheses up to the ')', a remark such as
// {"note": (optional), "b": 1}, which is text, parentheses included. A tuple holds values
// ((1, 2), ("a", True), and (None) is a parenthesized constant); words with a comma are no text a
// reader would choose either, and a tuple's unquoted word is an error (word_value()). The look
// stops at the first delimiter, which the text's own scan then reads again: linear.
bool Parser::parenthesized_words() const {
    const char* t = p_ + 1;
    while (t != end_ && is_space_or_tab(static_cast<unsigned char>(*t)))
        ++t;
    if (t == end_ || !is_alpha(static_cast<unsigned char>(*t))) return false;
    const char* const word = t;
    while (t != end_ && is_word_char(static_cast<unsigned char>(*t)))
        ++t;
    const std::string_view w(word, static_cast<std::size_t>(t - word));
    while (t != end_ && is_space_or_tab(static_cast<unsigned char>(*t)))
        ++t;
    if (t != end_ && *t == ')') {
        for (const std::string_view constant :
             {"true", "false", "null", "True", "False", "None", "TRUE", "FALSE", "NULL", "Null",
              "NaN", "Infinity", "undefined"})
            if (w == constant) return false;
    }
    while (t != end_ && *t != ')' && *t != '(' && *t != ',' && *t != '"' && *t != '\'' &&
           *t != '[' && *t != ']' && *t != '{' && *t != '}' && *t != '\n' && *t != '\r')
        ++t;
    return t != end_ && *t == ')';
}

// A value without a key inside an object ({"a": [1], [2]}): the object ended early only when it
// is an element of an array ([{"i":1},{"i":2}] lost a closer); anywhere else the value could as
// well belong to a member before it, so no reading is the careful one.
bool Parser::object_may_end_early() {
    if (inside_array()) return true;
    return error(ErrorKind::AmbiguousRepair, p_, "an object holds a value without a key",
                 PathAt::Container);
}

// The input ends (or a closing fence does) where a member's value should be, or after its key:
// the key is dropped, never given an invented value (nor allowed to replace an earlier member).
Next Parser::drop_dangling_key(const char* at) {
    const bool reported = key_cut_;
    key_cut_ = false;
    if (!reported &&
        !complete(RepairKind::TruncatedCompleted, at, begin_ + top().open, "dropped key"))
        return Next::Fail;
    ws_.values.pop();
    ws_.keys.pop_back();
    hot_close_ = nullptr;
    return close_all_at_end();
}

// A value that the end of the input cut off before any of it could be read ("[-", "[\""): it is
// dropped, and with it the key it was the value of.
Next Parser::drop_cut_value(const char* start) {
    if (top().kind == FrameKind::Root)
        return fail(ErrorKind::ValueNotClosed, start, "the input ended before a value was read");
    if (!complete(RepairKind::TruncatedCompleted, start, start, "dropped value")) return Next::Fail;
    if (top().kind == FrameKind::Object) {
        ws_.values.pop();
        ws_.keys.pop_back();
    }
    p_ = end_;
    hot_close_ = nullptr;
    return close_all_at_end();
}

// ``` and nothing but white space after it: a markdown fence closes the text where the document
// was cut off, and the document ends there (root_after_value() strips the fence).
bool Parser::at_closing_fence() const noexcept {
    if (end_ - p_ < 3 || p_[0] != '`' || p_[1] != '`' || p_[2] != '`') return false;
    const char* t = p_ + 3;
    while (t != end_ && is_ws(static_cast<unsigned char>(*t)))
        ++t;
    return t == end_;
}

const char* Parser::closing_fence_start() const noexcept {
    if (fence_start_) return fence_start_; // found once: the input's tail does not change
    const char* t = end_;
    while (t != begin_ && is_ws(static_cast<unsigned char>(t[-1])))
        --t;
    fence_start_ = (t - begin_ < 3 || t[-1] != '`' || t[-2] != '`' || t[-3] != '`') ? end_ : t - 3;
    return fence_start_;
}

const char* Parser::last_fence_before_close() const noexcept {
    if (inner_fence_known_) return inner_fence_;
    inner_fence_known_ = true;
    const char* const fence = closing_fence_start();
    if (fence == end_) return nullptr;
    const std::string_view before(begin_, static_cast<std::size_t>(fence - begin_));
    const std::size_t at = before.rfind("```");
    inner_fence_ = at == std::string_view::npos ? nullptr : begin_ + at;
    return inner_fence_;
}

Next Parser::key_cold() {
    switch (skip_junk(false)) {
    case Junk::Skipped: return Next::Key;
    case Junk::Failed: return Next::Fail;
    case Junk::None: break;
    }
    if (p_ == end_ || at_closing_fence()) {
        if (comma_ && !complete(RepairKind::TruncatedCompleted, comma_, begin_ + top().open,
                                "removed comma", PathAt::Container))
            return Next::Fail;
        return close_all_at_end();
    }
    const char c = *p_;
    switch (c) {
    case '}':
    case ']':
    case ')':
        if (comma_ &&
            !repair(RepairKind::TrailingComma, comma_, "removed comma", PathAt::Container))
            return Next::Fail;
        return close_with(c);
    case ',':
        if (!repair(RepairKind::LeadingComma, p_, "removed comma", PathAt::Container))
            return Next::Fail;
        ++p_;
        return Next::Key;
    case '{':
    case '[':
        if (c == '[' && !inside_array() && previous_member_is_array()) return join_previous_array();
        // [{"i":1,{"i":2}]: the object ended before the next array element.
        if (!object_may_end_early()) return Next::Fail;
        if (comma_ &&
            !repair(RepairKind::TrailingComma, comma_, "removed comma", PathAt::Container))
            return Next::Fail;
        if (!repair(RepairKind::MissingCloser, p_, "closed object", PathAt::Container))
            return Next::Fail;
        return close_frame() ? Next::AfterValue : Next::Fail;
    case '\xE2':
    case '.':
        if (is_ellipsis(p_, end_)) {
            if (!repair(RepairKind::Ellipsis, p_, "removed '...'", PathAt::Container))
                return Next::Fail;
            p_ += 3;
            return Next::AfterValue;
        }
        break;
    case ':': return fail(ErrorKind::InvalidJson, p_, "expected an object key", PathAt::Container);
    default: break;
    }
    QuoteStyle style = QuoteStyle::Double;
    if (opening_quote(p_, end_, style)) return any_string(true);
    if (is_digit(static_cast<unsigned char>(c))) {
        // {"x": 2,000}: the "key" is the number's next group of digits.
        Next next = Next::Fail;
        if (digit_groups(next)) return next;
    }
    {
        // {u'name': 1}: a Python 2 dict's key (prefixed_strings.cpp).
        Next next = Next::Fail;
        if (prefixed_string(true, next)) return next;
    }
    // {"a": 1, NOTE "b": 2}: words before the next member belong to none.
    if (const char* end = stray_words_end(p_)) return drop_stray_words(end, Next::Key);
    return unquoted_key();
}

Next Parser::after_key_cold() {
    Next next = Next::Fail;
    if (misquoted(true, next)) return next;
    switch (skip_junk(false)) {
    case Junk::Skipped: return Next::AfterKey;
    case Junk::Failed: return Next::Fail;
    case Junk::None: break;
    }
    if (p_ == end_ || at_closing_fence()) return drop_dangling_key(p_);
    key_cut_ = false;
    if (is_fullwidth_colon(p_, end_)) {
        // {"a"：1}: the full-width colon of CJK text, where JSON's belongs.
        if (!repair(RepairKind::MissingColon, p_, "replaced colon")) return Next::Fail;
        p_ += 3;
        return Next::Value;
    }
    if (*p_ == ',' && python_set(next)) return next; // {'a', 'b'} (sets.cpp)
    switch (*p_) {
    case ',':
    case '}':
    case ']':
    case ')':
    case ';':
    case '=': return fail(ErrorKind::InvalidJson, p_, "expected ':' after an object key");
    default: break;
    }
    if (!repair(RepairKind::MissingColon, p_, "inserted colon")) return Next::Fail;
    return Next::Value;
}

} // namespace laminate::parse_detail
