#pragma once
// The fast path of from_json<T>: valid JSON read straight from the text into T, building a
// Value only for each scalar (on the stack), which then goes through the very read_value /
// read_field the Value path uses, so coercions and diagnostics are the same code.
//
// It handles only the common case and gives up (returns false, nothing kept) on anything else:
// any syntax the strict grammar does not allow, a key that matches no field exactly, a field
// out of declaration order or given twice, an escaped or non-ASCII key, a \u surrogate, any
// error, a container where the target is not a struct or vector. The caller then runs the
// Value path from the start, so correctness never depends on this file being complete.

#include <laminate/detail/shape_read.hpp>
#include <laminate/detail/shape_state.hpp>
#include <laminate/shape_options.hpp>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>

namespace laminate::shape_detail {

// The parser's repairs that the fast path makes itself (src/shape/fast_repair.cpp): each the
// Repaired diagnostic the parser writes, in text order. They go before shaping's own diagnostics,
// where the Value path has the parser's.
// The fast path's repairs are all style repairs (is_style_repair()): unless per_site, each kind's
// sites are one diagnostic, as the parser merges them (ParseOptions::diagnostics_per_site).
struct FastRepairs {
    const char* begin = nullptr; // the text, for offsets
    std::size_t left = 0;        // repairs still allowed (ParseOptions::max_repairs)
    bool key_spelled_otherwise = false; // a key other than its field's own matched (see fast_struct)
    Diagnostics list;
    bool per_site = false; // ParseOptions::diagnostics_per_site
    // Where in `list` the diagnostic of single_quotes, python_literal and trailing_comma is, plus
    // one; 0 while there is none.
    std::size_t merged_at[3] = {0, 0, 0};
};

struct FastCursor {
    const char* p;
    const char* end;
    std::size_t depth = 0;
    std::size_t max_depth = 0;
    FastRepairs* repairs = nullptr; // null: the strict grammar only (syntax repair off, or schema shaping)

    static bool ws(char ch) noexcept { return ch == ' ' || ch == '\n' || ch == '\r' || ch == '\t'; }
    // Always inline: it runs three times per member, and out of line its call costs as much as
    // the scan (the compiler's choice shifted with unrelated edits, by 2% of F).
    [[gnu::always_inline]] void skip_ws() noexcept {
        // The cases of rendered JSON first: no blank (one compare rejects every non-blank byte,
        // all of them are above ' '), or the one space after a ':' or ','.
        if (p == end || static_cast<unsigned char>(*p) > ' ') return;
        if (*p == ' ' && end - p > 1 && static_cast<unsigned char>(p[1]) > ' ') {
            ++p;
            return;
        }
        while (p != end && static_cast<unsigned char>(*p) <= ' ' && ws(*p)) ++p;
    }
    bool at(char c) noexcept { return p != end && *p == c; }

    // The step after an array item: blanks, then ',' (another item follows) or ']' (the array is
    // done), c.p past it. False, with `done` unspecified, for anything else.
    bool next_item(bool& done) noexcept {
        skip_ws();
        if (at(',')) {
            ++p;
            done = false;
            return true;
        }
        if (!at(']')) return false;
        ++p;
        done = true;
        return true;
    }
};

// A string, number, true, false or null at c.p into out (exactly what the parser makes of valid
// JSON); false when it is anything else.
bool fast_scalar(FastCursor& c, Value& out);
// An object key of plain ASCII (no escape), then the ':' after it: c.p past the ':'. False, c.p
// unchanged, otherwise.
bool fast_key(FastCursor& c, std::string_view& key);
// The parser's message for a quoting repair.
inline constexpr std::string_view kQuotesReplaced = "replaced quotes";
// Records the repair of `kind` at `at` as the parser would: its path is the current one (st.path),
// then `step` (a path step as FieldInfo::path_key has it) when not empty. False when max_repairs
// allows no more.
bool fast_note_repair(FastCursor& c, ShapeState& st, RepairKind kind, const char* at, std::string_view message,
                      std::string_view step);
// With c.repairs: a value that only a repair makes JSON, where the parser's rules give one answer
// and nothing else to flag (a single-quoted string, valid UTF-8 and simple escapes, that its first
// unescaped quote ends; True, False or None as a whole value): into out, c.p past it, its repair
// recorded at st.path and `step`. False, c.p unchanged, for anything else.
bool fast_repaired_scalar(FastCursor& c, Value& out, ShapeState& st, std::string_view step);
// The single-quoted string of fast_repaired_scalar straight into a std::string.
bool fast_single_quoted(FastCursor& c, std::string& out, ShapeState& st, std::string_view step);
// With c.p at a closer that follows a comma and blanks only ([1, 2,] or {"a": 1,}): the comma the
// parser drops, a repair of the container at st.path; c.p past the closer. False when
// max_repairs allows no more.
bool fast_trailing_comma(FastCursor& c, ShapeState& st);
// A single-quoted key of plain ASCII (no escape) and the ':' after it, its quote ending it by the
// parser's rules: c.p past the ':'. False, c.p unchanged, otherwise. The caller records the repair.
bool fast_single_quoted_key(FastCursor& c, std::string_view& key) noexcept;
// An integer lexeme of at most 18 digits, no leading zero, not "-0", at c.p: its value, c.p past
// it. False, c.p unchanged, otherwise (fractions and exponents included).
bool fast_small_integer(FastCursor& c, std::int64_t& value) noexcept;
// A string at c.p decoded into out exactly as the parser decodes valid JSON, c.p past it; false
// (c.p unchanged, out unspecified) for what the parser would repair or flag.
bool fast_string(FastCursor& c, std::string& out);
// A non-integral number lexeme (fraction or exponent) whose double make_number would hold exactly
// with no "inexact" flag: that double, c.p past it. False, c.p unchanged, otherwise.
bool fast_double(FastCursor& c, double& value) noexcept;
// A string at c.p with nothing to decode (plain ASCII, no escape): its text, c.p past it. False,
// c.p unchanged, otherwise.
bool fast_plain_string(FastCursor& c, std::string_view& text) noexcept;
// Whether the first and the last sizeof(Word) of the n bytes at a and b are equal (n >= that size):
// two overlapping word compares cover every byte up to twice the word.
template <class Word>
inline bool ends_equal(const char* a, const char* b, std::size_t n) noexcept {
    Word x, y, u, v;
    std::memcpy(&x, a, sizeof(Word));
    std::memcpy(&y, b, sizeof(Word));
    std::memcpy(&u, a + n - sizeof(Word), sizeof(Word));
    std::memcpy(&v, b + n - sizeof(Word), sizeof(Word));
    return x == y && u == v;
}
// Whether the n bytes at a and b are equal: overlapping word compares for the short keys of field
// names (no library call), memcmp for the middle beyond 16 bytes.
inline bool same_bytes(const char* a, const char* b, std::size_t n) noexcept {
    if (n >= 8)
        return ends_equal<std::uint64_t>(a, b, n) && (n <= 16 || std::memcmp(a + 8, b + 8, n - 16) == 0);
    if (n >= 4) return ends_equal<std::uint32_t>(a, b, n);
    for (std::size_t i = 0; i < n; ++i)
        if (a[i] != b[i]) return false;
    return true;
}

// The key `key` (plain, as plain_text says) at c.p, then the ':' after it: c.p past the ':'. False,
// c.p unchanged, for any other text. The common case of fast_key + fast_find_field in one compare,
// inline: it runs once per member.
// Past the ':' that follows p after blanks, or null when none does: the end of every key.
inline const char* past_colon(const char* p, const char* end) noexcept {
    if (p != end && *p == ':') return p + 1; // "key": the usual spelling, no blank to skip
    FastCursor after{p, end};
    after.skip_ws();
    return after.at(':') ? after.p + 1 : nullptr;
}

inline bool fast_expected_key(FastCursor& c, std::string_view key) noexcept {
    const std::size_t n = key.size();
    const char* p = c.p;
    // n + 3: the quotes and at least the ':' (without it the text cannot match anyway).
    if (static_cast<std::size_t>(c.end - p) < n + 3 || p[0] != '"' || p[n + 1] != '"' ||
        !same_bytes(p + 1, key.data(), n))
        return false;
    const char* value = past_colon(p + n + 2, c.end);
    if (!value) return false;
    c.p = value;
    return true;
}
// Whether every byte of text stands for itself inside a JSON string (what fast_key accepts).
bool plain_text(std::string_view text) noexcept;
// Whether text ends in ',' then '}' (blanks between and after): a trailing comma, which the strict
// grammar refuses only at the very end. Such a ',' cannot sit in a string (that string would hold
// the last '}' and never close), so true means the fast path would fail: an O(1) early no.
bool ends_in_trailing_comma(std::string_view text) noexcept;
// The field of an exact key (its key or an alias), npos when none; `hint` follows declaration order.
std::size_t fast_find_field(const StructTable& table, std::string_view key, std::size_t& hint) noexcept;

template <class T>
inline constexpr bool fast_struct_v = [] {
    if constexpr (has_shaper<T> || std::is_same_v<T, Value> || std::is_same_v<T, Overflow> ||
                  std::is_same_v<T, std::monostate> || std::is_same_v<T, std::string> || is_coercible_scalar_v<T> ||
                  std::is_enum_v<T> || is_open_v<T> || is_optional_v<T> || is_vector_v<T> || is_std_array_v<T> ||
                  is_map_v<T> || is_variant_v<T> || !std::is_class_v<T>)
        return false;
    else
        return reflect::is_reflectable<T>;
}();

// Which containers the fast path reads itself (a Shaper<T> always gets the Value it expects).
template <class T>
struct fast_container {
    static constexpr bool array = is_vector_v<T> && !has_shaper<T>;
    static constexpr bool object = fast_struct_v<T>;
};
template <class T>
struct fast_container<std::optional<T>> {
    static constexpr bool array = !has_shaper<std::optional<T>> && fast_container<T>::array;
    static constexpr bool object = !has_shaper<std::optional<T>> && fast_container<T>::object;
};

template <class T>
bool fast_read(FastCursor& c, T& out, ShapeState& st);

// The exact-type cases that the Value path reads with no diagnostic at any level (a string
// into std::string, true/false into bool, a small integer into an integer type that holds it),
// written straight into `out`: no Value, no path. False (nothing consumed) for anything else; a
// string it refuses, fast_scalar refuses too.
template <class T>
bool fast_direct(FastCursor& c, T& out) {
    if constexpr (has_shaper<T>) {
        return false;
    } else if constexpr (is_optional_v<T>) {
        using U = typename T::value_type;
        if constexpr (is_direct_member_v<U>) {
            U v{};
            if (!fast_direct(c, v)) return false;
            out.emplace(std::move(v));
            return true;
        } else {
            return false;
        }
    } else if constexpr (std::is_same_v<T, std::string>) {
        return fast_string(c, out);
    } else if constexpr (std::is_same_v<T, bool>) {
        if (c.end - c.p >= 4 && std::string_view(c.p, 4) == "true") {
            c.p += 4;
            out = true;
            return true;
        }
        if (c.end - c.p >= 5 && std::string_view(c.p, 5) == "false") {
            c.p += 5;
            out = false;
            return true;
        }
        return false;
    } else if constexpr (std::is_same_v<T, double>) {
        return fast_double(c, out);
    } else if constexpr (std::is_enum_v<T> && !is_coercible_scalar_v<T>) {
        // A declared name, exactly: coerce_enum's first, diagnostic-free case.
        const char* start = c.p;
        std::string_view text;
        if (!fast_plain_string(c, text)) return false;
        const auto& names = reflect::enum_names<T>();
        for (std::size_t i = 0; i < names.size(); ++i) {
            if (names[i] == text) {
                out = reflect::enum_values<T>()[i];
                return true;
            }
        }
        c.p = start;
        return false;
    } else if constexpr (is_coercible_scalar_v<T> && std::is_integral_v<T>) {
        const char* start = c.p;
        std::int64_t v = 0;
        if (!fast_small_integer(c, v)) return false;
        if (!std::in_range<T>(v)) {
            c.p = start;
            return false;
        }
        out = static_cast<T>(v);
        return true;
    } else {
        return false;
    }
}

// key: the field's key when the array is a field's value whose path is not built yet (a field
// with no FieldSpec, so nothing but its items can report): it is built on the first item that
// needs a path, so an array of exact-type items costs no path at all (a key past 13 bytes would
// cost a heap block for the path string, per document).
template <class T, class A>
bool fast_vector(FastCursor& c, std::vector<T, A>& out, ShapeState& st, const std::string_view* key = nullptr) {
    std::optional<PathScope> key_path;
    auto field_path = [&] {
        if (key && !key_path) key_path.emplace(st, *key);
    };
    ++c.p; // '['
    if (++c.depth >= c.max_depth) return false;
    out.clear();
    c.skip_ws();
    if (c.at(']')) {
        ++c.p;
        --c.depth;
        return true;
    }
    // The item count is not known before reading them; room for a few saves the growth steps
    // of short arrays (1, 2, 4: three allocations and the moves between them).
    out.reserve(4);
    for (std::size_t i = 0;; ++i) {
        // [1, 2,]: an item was due after a comma, a repair at the field's path. Checked where an
        // item fails to read directly, off the path of valid text.
        auto trailing_comma = [&] {
            field_path();
            return fast_trailing_comma(c, st);
        };
        if constexpr (std::is_same_v<T, bool>) {
            c.skip_ws();
            if (i && c.at(']') && c.repairs) {
                if (!trailing_comma()) return false;
                break;
            }
            field_path();
            PathScope path(st, i);
            bool b = false;
            if (!fast_read(c, b, st)) return false;
            out.push_back(b);
        } else {
            T& item = out.emplace_back();
            // An exact-type item makes no diagnostic, so it needs no path: none is built for it.
            c.skip_ws();
            if (!fast_direct(c, item)) {
                if (i && c.at(']') && c.repairs) {
                    out.pop_back();
                    if (!trailing_comma()) return false;
                    break;
                }
                // A single value where items are arrays is an error read_elements words.
                if constexpr (is_array_only_v<T>)
                    if (!c.at('[')) return false;
                field_path();
                PathScope path(st, i);
                if (!fast_read(c, item, st)) return false;
            }
        }
        bool done = false;
        if (st.stopped || !c.next_item(done)) return false;
        if (done) break;
    }
    --c.depth;
    return true;
}

// One field, as read_field does it.
template <class M>
bool fast_field(FastCursor& c, M& member, const FieldInfo& field, ShapeState& st) {
    c.skip_ws();
    if (c.p == c.end) return false;
    const bool array = *c.p == '[', object = *c.p == '{';
    if (array || object) {
        if (!(array ? fast_container<M>::array : fast_container<M>::object)) return false;
        if (field.spec && (field.spec->has_default || field.spec->override_value)) return false;
        if constexpr (fast_container<M>::array) {
            // No spec: no policy, no constraint to check, so the path waits for an item that needs it.
            if (array && !field.spec) {
                if constexpr (is_vector_v<M>) return fast_vector(c, member, st, &field.key);
                else return fast_vector(c, member.emplace(), st, &field.key); // optional<vector>
            }
        }
        PathScope path(st, field.key);
        PolicyScope policy(st, field.spec);
        const std::size_t errors = st.errors.size();
        if (!fast_read(c, member, st)) return false;
        if (st.errors.size() == errors && field.spec) check_constraints(member, *field.spec, st);
        return true;
    }
    if (!field.spec && fast_direct(c, member)) return true;
    if constexpr (std::is_same_v<M, std::string>) {
        if (!field.spec && c.repairs && *c.p == '\'') return fast_single_quoted(c, member, st, field.path_key);
    }
    Value v;
    if (!fast_scalar(c, v) && !(c.repairs && fast_repaired_scalar(c, v, st, field.path_key))) return false;
    read_field(Slot{&v, 0, false}, member, field, st);
    return true;
}

// fast_field for a member given by its address: one function per member type, not per field.
using FastFieldFn = bool (*)(FastCursor&, void*, const FieldInfo&, ShapeState&);
template <class M>
bool fast_field_at(FastCursor& c, void* member, const FieldInfo& field, ShapeState& st) {
    if constexpr (std::is_same_v<M, Overflow>) return false; // matched by no key: cannot happen
    else return fast_field(c, *static_cast<M*>(member), field, st);
}

template <class T>
bool fast_struct(FastCursor& c, T& out, ShapeState& st) {
    const StructTable& table = struct_table<T>();
    if (table.invalid || table.has_overrides) return false; // an absent overridden field is still set
    constexpr std::size_t n = reflect::field_count<T>;
    static constexpr auto reads = []<class... M>(reflect::type_list<M...>) {
        return std::array<FastFieldFn, n>{&fast_field_at<M>...};
    }(reflect::field_types<T>{});
    static constexpr auto optional = []<class... M>(reflect::type_list<M...>) {
        return std::array<bool, n>{is_optional_v<M>...};
    }(reflect::field_types<T>{});
    // An absent field (an Overflow is never present, and never missing either).
    auto missing = [&](std::size_t i) {
        if (!table.fields[i].overflow) missing_field_at(table.fields[i], optional[i], st);
    };

    // Keys that match themselves byte for byte in the text (no escape), so a plain compare finds them.
    static const bool plain_keys = [&table] {
        for (std::string_view k : table.keys)
            if (!plain_text(k)) return false;
        return true;
    }();

    ++c.p; // '{'
    if (++c.depth >= c.max_depth) return false;
    const auto members = field_addresses(out);
    std::size_t next = 0, hint = 0;
    bool after_comma = false; // the member that failed to start follows a comma (not the '{')
    c.skip_ws();
    if (c.at('}')) {
        ++c.p;
    } else {
        for (;;) {
            std::size_t f;
            if (plain_keys && hint < table.keys.size() && fast_expected_key(c, table.keys[hint])) {
                // Past the fields' own keys come their aliases (build_struct_table): see below.
                if (c.repairs && hint >= table.primary_keys.size()) c.repairs->key_spelled_otherwise = true;
                f = table.key_field[hint++];
            } else {
                std::string_view key;
                const char* open = c.p;
                if (fast_key(c, key)) {
                    f = fast_find_field(table, key, hint);
                    // A repair's path names the key as written, shaping's the field: they differ
                    // under an alias or a loose match, so fast_shape leaves such a text with
                    // repairs to the Value path.
                    if (c.repairs && f < n && key != table.fields[f].key)
                        c.repairs->key_spelled_otherwise = true;
                } else if (c.repairs && c.at('\'') && fast_single_quoted_key(c, key)) {
                    // Its repair's path names the key: the field's own step (an alias: the Value path).
                    f = fast_find_field(table, key, hint);
                    if (f >= n || key != table.fields[f].key ||
                        !fast_note_repair(c, st, RepairKind::SingleQuotes, open, kQuotesReplaced,
                                          table.fields[f].path_key))
                        return false;
                } else if (after_comma && c.at('}') && c.repairs) {
                    // {"a": 1,}: a key was due after a comma. Checked here, off the path of valid text.
                    if (!fast_trailing_comma(c, st)) return false;
                    break;
                } else {
                    return false;
                }
            }
            // Unknown keys, duplicates and fields out of declaration order: the Value path.
            if (f >= n || f < next) return false;
            for (; next < f; ++next) missing(next);
            if (st.stopped || !reads[f](c, members[f], table.fields[f], st) || st.stopped) return false;
            next = f + 1;
            c.skip_ws();
            if (c.at(',')) {
                ++c.p;
                c.skip_ws();
                after_comma = true;
                continue;
            }
            if (!c.at('}')) return false;
            ++c.p;
            break;
        }
    }
    for (; next < n; ++next) missing(next);
    --c.depth;
    return !st.stopped;
}

template <class T>
bool fast_read(FastCursor& c, T& out, ShapeState& st) {
    c.skip_ws();
    if (c.p == c.end) return false;
    if (*c.p == '[') {
        if constexpr (!fast_container<T>::array) return false;
        else if constexpr (is_vector_v<T>) return fast_vector(c, out, st);
        else return fast_vector(c, out.emplace(), st); // optional<vector>
    }
    if (*c.p == '{') {
        if constexpr (!fast_container<T>::object) return false;
        else if constexpr (fast_struct_v<T>) return fast_struct(c, out, st);
        else return fast_struct(c, out.emplace(), st); // optional<struct>
    }
    if (fast_direct(c, out)) return true;
    if constexpr (std::is_same_v<T, std::string>) {
        if (c.repairs && *c.p == '\'') return fast_single_quoted(c, out, st, {});
    }
    Value v;
    if (!fast_scalar(c, v) && !(c.repairs && fast_repaired_scalar(c, v, st, {}))) return false;
    read_value(v, out, st);
    return true;
}

// The parser's repairs before shaping's diagnostics, in `shaping` (as the Value path lists them).
void put_repairs_first(Diagnostics& repairs, Diagnostics& shaping);

// Shapes `text` into `out` when it is valid JSON of the common case and shapes without error;
// false (with `out` and `st` to be discarded) otherwise. With `repairs`, the text may also need
// the repairs fast_repair.cpp makes: they are made, and recorded there.
template <class T>
bool fast_shape(std::string_view text, T& out, ShapeState& st, std::size_t max_size, std::size_t max_depth,
                FastRepairs* repairs = nullptr) {
    if constexpr (!fast_struct_v<T>) {
        return false;
    } else {
        if (text.size() > max_size || (!repairs && ends_in_trailing_comma(text))) return false;
        FastCursor c{text.data(), text.data() + text.size(), 0, max_depth, repairs};
        c.skip_ws();
        if (!c.at('{') || !fast_struct(c, out, st) || !st.errors.empty()) return false;
        if (repairs && repairs->key_spelled_otherwise && !repairs->list.empty()) return false;
        c.skip_ws();
        return c.p == c.end;
    }
}

} // namespace laminate::shape_detail
