#pragma once
// laminate::Value — the JSON document model.
//
// * null, bool, number, string (UTF-8), array, object.
// * Numbers are exact int64/uint64 when integral and in range, double otherwise. Each number
//   stands for one decimal: an integer stands for itself; a double for the decimal its canonical
//   rendering spells (shortest round trip, so Value(0.1) is 0.1). A number parsed from text that
//   no int64/uint64 holds and whose double does not spell the same decimal (1e400, 1e-400,
//   30 significant digits), or any integer beyond 64 bits (2^64), is flagged
//   is_lossless() == false and stands for its lexeme, which is kept and written back verbatim.
//   Big or precise numbers are therefore never silently rounded.
// * Strings are bytes, expected to be UTF-8 (the parser guarantees it); dump() escapes quotes,
//   backslashes and control characters and passes every other byte through.
// * Objects keep key order. Lookup is a linear scan (model output objects are small); with
//   duplicate keys the last one wins.
// * 24 bytes a node; strings up to 16 bytes and lexemes up to 8 live inline; every container is
//   one exactly-sized block. The parser takes its blocks from a per-thread arena (a bump pointer
//   in 64 KiB chunks, each freed with its last block), so building and freeing a parsed document
//   costs no malloc per container or long string; every Value still owns its blocks alone.
//   A parsed container whose whole tree lives in one chunk also counts that tree's blocks, so
//   freeing it is one release instead of a walk; any mutable access to its elements drops the
//   count (an element may then be moved out), and the tree is walked as usual.
// * Depth: destruction, copying, dump and == are iterative, so hand-built values nested far
//   deeper than the parser's max_depth are safe.

#include <cassert>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <iosfwd>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>

namespace laminate {

enum class Type : std::uint8_t { Null, Bool, Number, String, Array, Object };
enum class NumberKind : std::uint8_t { Int, UInt, Double };

std::string_view type_name(Type t) noexcept; // "null", "bool", "number", ...

struct Member;
namespace value_detail { struct ValueAccess; }

class Value {
public:
    // --- construction -------------------------------------------------------------------------
    Value() noexcept { init_null(); }
    Value(std::nullptr_t) noexcept { init_null(); }
    Value(bool b) noexcept { init_null(); type_ = Type::Bool; p_.b = b; }
    template <class I>
        requires(std::is_integral_v<I> && !std::is_same_v<I, bool> && !std::is_same_v<I, char>)
    Value(I n) noexcept {
        init_null();
        type_ = Type::Number;
        if constexpr (std::is_signed_v<I>) {
            set_kind(NumberKind::Int);
            p_.num.i = static_cast<std::int64_t>(n);
        } else if (static_cast<std::uint64_t>(n) <= static_cast<std::uint64_t>(INT64_MAX)) {
            set_kind(NumberKind::Int);
            p_.num.i = static_cast<std::int64_t>(n);
        } else {
            set_kind(NumberKind::UInt);
            p_.num.u = static_cast<std::uint64_t>(n);
        }
    }
    Value(double d) noexcept { init_null(); type_ = Type::Number; set_kind(NumberKind::Double); p_.num.d = d; }
    Value(float f) noexcept : Value(static_cast<double>(f)) {}
    Value(std::string_view s) { init_null(); assign_string(s.data(), s.size()); }
    Value(const char* s) : Value(std::string_view(s)) {}
    Value(const std::string& s) : Value(std::string_view(s)) {}
    // Any other pointer would silently become a bool.
    template <class T>
        requires(!std::is_same_v<std::remove_cv_t<T>, char>)
    Value(T*) = delete;

    static Value array();
    static Value array(std::initializer_list<Value> items);
    static Value object();
    // Members in the given order; a repeated key keeps the last value.
    static Value object(std::initializer_list<std::pair<std::string_view, Value>> members);
    // A number from its JSON lexeme, kept verbatim when rendering the value would not give it
    // back. Returns null for text that is not exactly one JSON number (RFC 8259 grammar: no
    // leading zeros, "+", bare "." or whitespace; no NaN or Infinity).
    static Value number_from_lexeme(std::string_view lexeme);

    Value(const Value& other);
    Value(Value&& other) noexcept { relocate_from(other); other.init_null(); }
    Value& operator=(const Value& other);
    // Inline, as the destructor: shaping moves and swaps values that own nothing (nulls, scalars,
    // empty residuals) many times per call, and then they cost no call.
    Value& operator=(Value&& other) noexcept {
        if (this != &other) {
            // other may live inside *this (v = std::move(v["a"])): take it out before freeing.
            Value taken(std::move(other));
            if (owns_memory()) destroy();
            relocate_from(taken);
            taken.init_null();
        }
        return *this;
    }
    // Inline: most values destroyed one by one (moved-from temporaries, scalars) own nothing, and
    // then cost no call. Only strings and numbers set kHeapString.
    ~Value() {
        if (owns_memory()) destroy();
    }

    // --- inspection ---------------------------------------------------------------------------
    Type type() const noexcept { return type_; }
    bool is_null() const noexcept { return type_ == Type::Null; }
    bool is_bool() const noexcept { return type_ == Type::Bool; }
    bool is_number() const noexcept { return type_ == Type::Number; }
    bool is_string() const noexcept { return type_ == Type::String; }
    bool is_array() const noexcept { return type_ == Type::Array; }
    bool is_object() const noexcept { return type_ == Type::Object; }

    // Preconditions: the matching is_*() is true (checked with assert in debug builds).
    bool as_bool() const noexcept;
    std::string_view as_string() const noexcept;
    // Appends UTF-8 text to a string in place, growing its storage geometrically, so that n small
    // appends cost O(n) in all (a streamed string grows this way). A null value becomes an empty
    // string first; throws std::logic_error on other types.
    void append_string(std::string_view s);

    // --- numbers ------------------------------------------------------------------------------
    NumberKind number_kind() const noexcept { return static_cast<NumberKind>(flags_ & kKindMask); }
    bool is_integer() const noexcept { return is_number() && number_kind() != NumberKind::Double; }
    // The value as int64 / uint64 when it is an integer that fits exactly, else false.
    bool get_int64(std::int64_t& out) const noexcept;
    bool get_uint64(std::uint64_t& out) const noexcept;
    // The value as a double (integers converted, possibly rounding beyond 2^53).
    double as_double() const noexcept;
    // False when the source number is held by no int64/uint64 and the double's rendering does
    // not spell it (too many significant digits, out of range, underflow), and for every integer
    // beyond 64 bits: lexeme() then holds the exact digits. True for every non-number and for
    // numbers built from C++ values.
    bool is_lossless() const noexcept { return (flags_ & kInexact) == 0; }
    // The source lexeme when one was kept (non-canonical spelling), else empty.
    std::string_view lexeme() const noexcept;
    // The JSON text of this number: the kept lexeme or the canonical rendering ("null" for NaN and
    // infinities, which JSON cannot spell). Empty for non-numbers.
    std::string number_text() const;

    // --- arrays and objects -------------------------------------------------------------------
    // Element count of an array or object; 0 for every other type.
    std::size_t size() const noexcept { return is_array() || is_object() ? len_ : 0; }
    bool empty() const noexcept { return size() == 0; }

    std::span<const Value> items() const noexcept;
    std::span<Value> items() noexcept;
    // Precondition: is_array() and i < size() (as with std::vector).
    const Value& operator[](std::size_t i) const noexcept { return items()[i]; }
    Value& operator[](std::size_t i) noexcept { return items()[i]; }
    // So that v[0] on a const Value is not ambiguous with the const char* key overload.
    template <class I>
        requires(std::is_integral_v<I> && !std::is_same_v<I, bool> && !std::is_same_v<I, std::size_t>)
    const Value& operator[](I i) const noexcept { return (*this)[static_cast<std::size_t>(i)]; }
    template <class I>
        requires(std::is_integral_v<I> && !std::is_same_v<I, bool> && !std::is_same_v<I, std::size_t>)
    Value& operator[](I i) noexcept { return (*this)[static_cast<std::size_t>(i)]; }
    // Appends; a null value becomes an empty array first. Throws std::logic_error on other types.
    void push_back(Value v);

    std::span<const Member> members() const noexcept;
    std::span<Member> members() noexcept;
    // The value of the last member with this key, or nullptr (also for non-objects).
    const Value* find(std::string_view key) const noexcept;
    Value* find(std::string_view key) noexcept;
    bool contains(std::string_view key) const noexcept { return find(key) != nullptr; }
    // The member's value, or a shared null when absent / not an object.
    const Value& operator[](std::string_view key) const noexcept;
    const Value& operator[](const char* key) const noexcept { return (*this)[std::string_view(key)]; }
    // Replaces the value of an existing key or appends a member; a null value becomes an empty
    // object first; throws std::logic_error on other types. Returns the stored value.
    Value& set(std::string_view key, Value v);
    // Appends a member even if the key exists (used to keep duplicates when asked to).
    Value& append_member(std::string_view key, Value v);
    // Removes every member with this key; returns whether one was removed.
    bool erase(std::string_view key);

    // --- addressing ---------------------------------------------------------------------------
    // RFC 6901 JSON Pointer ("/a/b/0", "" is the whole document, "/" the key ""; ~0 is '~' and
    // ~1 is '/'; array indices are digits without leading zeros, "-" is never present).
    // nullptr when absent or malformed.
    const Value* at_pointer(std::string_view pointer) const noexcept;
    // laminate path syntax: a.b[0]["odd key"], also ['single-quoted'] keys and a leading "$" or
    // "$." for the root ("" and "$" are the whole document). Quoted keys take JSON escapes
    // (\" \\ \n \uXXXX ...) and \'. Every path append_path_key/append_path_index write reads
    // back. nullptr when absent or malformed.
    const Value* at_path(std::string_view path) const noexcept;

    // --- serialization ------------------------------------------------------------------------
    std::string dump() const;                   // compact
    std::string dump_pretty(int indent = 2) const;
    void dump_to(std::string& out) const;       // compact, appended
    void dump_pretty_to(std::string& out, int indent = 2) const;

    // Structural equality. Numbers compare by the decimal they stand for (1 == 1.0 == 1e0,
    // 0.1 == 0.10; see the top of this file), NaN equals NaN so that every value equals its copy.
    // Object member order is ignored but key multiplicity is not. Objects in the same member
    // order cost one comparison a member; otherwise matching is quadratic in an object's size.
    friend bool operator==(const Value& a, const Value& b) noexcept;

    void swap(Value& other) noexcept {
        Value tmp;
        tmp.relocate_from(*this);
        relocate_from(other);
        other.relocate_from(tmp);
        tmp.init_null();
    }

private:
    friend struct value_detail::ValueAccess;
    static constexpr std::uint8_t kKindMask = 0x03;
    static constexpr std::uint8_t kHeapString = 0x04; // string chars or long lexeme on the heap
    static constexpr std::uint8_t kInexact = 0x08;
    static constexpr std::uint8_t kHasLexeme = 0x10;
    static constexpr std::uint8_t kArena = 0x20; // the heap block is the parser's (src/value/arena.hpp)
    // A heap string grown by append_string: its block's capacity is in p_.raw[1] (heap_chars is
    // in raw[0]); other heap strings are exactly len_ bytes.
    static constexpr std::uint8_t kCapacity = 0x40;
    // A container built by the parser (ValueAccess::adopt_*) whose own block and every block of
    // its elements, recursively, are arena blocks of one chunk: their number is in
    // p_.arr.blocks / p_.obj.blocks, and destroying it releases them at once without a walk.
    // Cleared by every member function that exposes an element mutably (items(), members(),
    // find(), set(), ...), since through it an element may leave or change the tree; never set
    // again on that container.
    static constexpr std::uint8_t kTreeBlocks = 0x80;
    static constexpr std::size_t kInlineString = 16;
    static constexpr std::size_t kInlineLexeme = 8;

    // A container without an element block (empty, never reserved) owns nothing: the empty
    // objects and arrays shaping makes and drops (Shaped::residual) then cost no call either.
    bool owns_memory() const noexcept {
        return (flags_ & kHeapString) || ((type_ == Type::Array || type_ == Type::Object) && p_.arr.ptr);
    }
    void init_null() noexcept { p_.raw[0] = p_.raw[1] = 0; len_ = 0; type_ = Type::Null; flags_ = 0; }
    void set_kind(NumberKind k) noexcept { flags_ = static_cast<std::uint8_t>((flags_ & ~kKindMask) | static_cast<std::uint8_t>(k)); }
    void assign_string(const char* s, std::size_t n);
    void set_lexeme(std::string_view lex);
    void destroy() noexcept;
    void destroy_container() noexcept;
    void copy_from(const Value& other);
    void copy_scalar(const Value& other);
    void init_container_like(const Value& other);
    void relocate_from(const Value& other) noexcept {
        p_ = other.p_; len_ = other.len_; type_ = other.type_; flags_ = other.flags_;
    }
    void reserve_items(std::size_t n);
    void reserve_members(std::size_t n);

    union Payload {
        bool b;
        struct { union { std::int64_t i; std::uint64_t u; double d; }; union { char inline_lexeme[8]; char* heap_lexeme; }; } num;
        char inline_chars[16];
        char* heap_chars;
        struct { Value* ptr; std::uint32_t cap; std::uint32_t blocks; } arr; // blocks: see kTreeBlocks
        struct { Member* ptr; std::uint32_t cap; std::uint32_t blocks; } obj;
        std::uint64_t raw[2];
    } p_;
    std::uint32_t len_; // string length, lexeme length, or container size
    Type type_;
    std::uint8_t flags_;
};

struct Member {
    Value name; // always a string
    Value value;
    std::string_view key() const noexcept { return name.as_string(); }
    friend bool operator==(const Member& a, const Member& b) noexcept {
        return a.name == b.name && a.value == b.value;
    }
};

// Accessors used in every loop over a document: inline.
inline bool Value::as_bool() const noexcept {
    assert(is_bool());
    return p_.b;
}

inline std::string_view Value::as_string() const noexcept {
    assert(is_string());
    if (!is_string()) return {};
    return {(flags_ & kHeapString) ? p_.heap_chars : p_.inline_chars, len_};
}

inline std::string_view Value::lexeme() const noexcept {
    if (!is_number() || !(flags_ & kHasLexeme)) return {};
    return {(flags_ & kHeapString) ? p_.num.heap_lexeme : p_.num.inline_lexeme, len_};
}

inline bool Value::get_int64(std::int64_t& out) const noexcept {
    if (!is_number()) return false;
    switch (number_kind()) {
    case NumberKind::Int: out = p_.num.i; return true;
    case NumberKind::UInt:
        if (p_.num.u > static_cast<std::uint64_t>(INT64_MAX)) return false;
        out = static_cast<std::int64_t>(p_.num.u);
        return true;
    case NumberKind::Double: return false;
    }
    return false;
}

inline bool Value::get_uint64(std::uint64_t& out) const noexcept {
    if (!is_number()) return false;
    switch (number_kind()) {
    case NumberKind::Int:
        if (p_.num.i < 0) return false;
        out = static_cast<std::uint64_t>(p_.num.i);
        return true;
    case NumberKind::UInt: out = p_.num.u; return true;
    case NumberKind::Double: return false;
    }
    return false;
}

inline double Value::as_double() const noexcept {
    if (!is_number()) return 0.0;
    switch (number_kind()) {
    case NumberKind::Int: return static_cast<double>(p_.num.i);
    case NumberKind::UInt: return static_cast<double>(p_.num.u);
    case NumberKind::Double: return p_.num.d;
    }
    return 0.0;
}

inline std::span<const Value> Value::items() const noexcept {
    if (!is_array() || len_ == 0) return {};
    return {p_.arr.ptr, len_};
}

inline std::span<Value> Value::items() noexcept {
    if (!is_array() || len_ == 0) return {};
    flags_ &= static_cast<std::uint8_t>(~kTreeBlocks); // an element may leave the tree
    return {p_.arr.ptr, len_};
}

inline std::span<const Member> Value::members() const noexcept {
    if (!is_object() || len_ == 0) return {};
    return {p_.obj.ptr, len_};
}

inline std::span<Member> Value::members() noexcept {
    if (!is_object() || len_ == 0) return {};
    flags_ &= static_cast<std::uint8_t>(~kTreeBlocks); // a member may leave the tree
    return {p_.obj.ptr, len_};
}

static_assert(sizeof(Value) == 24, "a Value node is 24 bytes; keep it so");
static_assert(sizeof(Member) == 48);

inline void swap(Value& a, Value& b) noexcept { a.swap(b); }

std::ostream& operator<<(std::ostream& os, const Value& v); // compact JSON

// Appends a JSON string literal (quotes and escapes; UTF-8 passed through) to out.
void append_json_string(std::string& out, std::string_view s);

// Renders a path segment list in laminate's path syntax: field names as `.name` (or `["odd key"]`
// when not an identifier: [A-Za-z_] then [A-Za-z0-9_$-]*), indices as `[3]`. Used by diagnostics
// and errors; Value::at_path reads the result back.
void append_path_key(std::string& path, std::string_view key);
// The same, but whether a bare key begins a path ("a", not ".a") is first_segment, not whether
// `path` is empty: for callers that keep several paths end to end in one string.
// append_path_key(path, key) is append_path_key(path, key, path.empty()).
void append_path_key(std::string& path, std::string_view key, bool first_segment);
void append_path_index(std::string& path, std::size_t index);

// A path as laminate prints it everywhere (diagnostics, errors, violations, the command line's
// JSON): from the root `$`. Paths are kept without it (Diagnostic::path, Error::path(),
// Violation::path: "days", "items[2].quantity", "" for the root) and shown as "$.days",
// "$.items[2].quantity", "$[\"odd key\"]", "$".
std::string display_path(std::string_view path);

} // namespace laminate
