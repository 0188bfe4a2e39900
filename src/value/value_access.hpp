#pragma once
// Internal construction fast paths for the parser: adopt already-built elements into an exactly
// sized container without copying them one by one. Not part of the public API.

#include <laminate/value.hpp>

#include "arena.hpp"

#include <cstddef>
#include <cstring>
#include <limits>
#include <new>

namespace laminate::value_detail {

struct ValueAccess {
    // The 16 bytes that hold a short string's characters inside the Value (its first size()
    // bytes are the string), or null when v is no such string: all 16 may be read at once.
    static const char* inline_string_storage(const Value& v) noexcept {
        return v.type_ == Type::String && !(v.flags_ & Value::kHeapString) ? v.p_.inline_chars
                                                                           : nullptr;
    }

    // Values and Members are trivially relocatable (no self-pointers): a memcpy moves them, and
    // the source must then be forgotten, not destroyed.
    static Value adopt_array(Value* src, std::size_t n) {
        Value v;
        v.type_ = Type::Array;
        if (n) {
            check_size(n);
            auto* block = static_cast<Value*>(block_for(v, n * sizeof(Value)));
            std::memcpy(static_cast<void*>(block), static_cast<const void*>(src), n * sizeof(Value));
            v.p_.arr.ptr = block;
            v.p_.arr.cap = static_cast<std::uint32_t>(n);
            v.len_ = static_cast<std::uint32_t>(n);
            std::uint32_t blocks = 1; // its own
            if ((v.flags_ & Value::kArena) && tree_blocks(src, n, block, blocks)) {
                v.p_.arr.blocks = blocks;
                v.flags_ |= Value::kTreeBlocks;
            }
        }
        return v;
    }

    static Value adopt_object(Member* src, std::size_t n) {
        Value v;
        v.type_ = Type::Object;
        if (n) {
            check_size(n);
            auto* block = static_cast<Member*>(block_for(v, n * sizeof(Member)));
            std::memcpy(static_cast<void*>(block), static_cast<const void*>(src), n * sizeof(Member));
            v.p_.obj.ptr = block;
            v.p_.obj.cap = static_cast<std::uint32_t>(n);
            v.len_ = static_cast<std::uint32_t>(n);
            std::uint32_t blocks = 1; // its own
            // A Member is its name then its value (value_stack.hpp relies on the same layout).
            if ((v.flags_ & Value::kArena) &&
                tree_blocks(&src[0].name, 2 * n, block, blocks)) {
                v.p_.obj.blocks = blocks;
                v.flags_ |= Value::kTreeBlocks;
            }
        }
        return v;
    }

    // Adds to `blocks` the blocks values[0, n) own, when each is an arena block of the chunk
    // `chunk` lies in (see Value::kTreeBlocks); false when one owns any other block.
    static bool tree_blocks(const Value* values, std::size_t n, const void* chunk, std::uint32_t& blocks) noexcept {
        static_assert(sizeof(Member) == 2 * sizeof(Value) && offsetof(Member, value) == sizeof(Value));
        for (std::size_t i = 0; i < n; ++i)
            if (!count_tree_blocks(values[i], chunk, blocks)) return false;
        return true;
    }

    // Adds to `blocks` the blocks v owns, when each is an arena block of the chunk `chunk` lies in
    // (see Value::kTreeBlocks); false when v owns any other block. Inline: once per element of
    // every container the parser closes; most own nothing and cost one test.
    static bool count_tree_blocks(const Value& v, const void* chunk, std::uint32_t& blocks) noexcept {
        static_assert(static_cast<int>(Type::Array) == 4 && static_cast<int>(Type::Object) == 5,
                      "containers are the types from Array on");
        const bool container = static_cast<int>(v.type_) >= static_cast<int>(Type::Array);
        if (!container && !(v.flags_ & Value::kHeapString)) [[likely]]
            return true; // null, bool, inline string or number
        const void* block;
        if (container) {
            if (!(v.flags_ & Value::kTreeBlocks)) return v.p_.arr.ptr == nullptr; // empty, no block
            block = v.p_.arr.ptr;
        } else {
            if (!(v.flags_ & Value::kArena)) return false;
            block = v.type_ == Type::String ? v.p_.heap_chars : v.p_.num.heap_lexeme;
        }
        if (!arena_same_chunk(block, chunk)) return false;
        blocks += container ? v.p_.arr.blocks : 1;
        return true;
    }

    // A number whose value was already computed by the caller. lexeme may be empty (canonical).
    static Value number(NumberKind kind, std::int64_t i, std::uint64_t u, double d,
                        std::string_view lexeme, bool inexact) {
        Value v;
        v.type_ = Type::Number;
        v.set_kind(kind);
        switch (kind) {
        case NumberKind::Int: v.p_.num.i = i; break;
        case NumberKind::UInt: v.p_.num.u = u; break;
        case NumberKind::Double: v.p_.num.d = d; break;
        }
        if (lexeme.size() > Value::kInlineLexeme) { // from the arena, like a long string
            v.p_.num.heap_lexeme = heap_copy(v, lexeme.data(), lexeme.size());
            v.flags_ |= Value::kHasLexeme;
        } else if (!lexeme.empty()) {
            v.set_lexeme(lexeme);
        }
        if (inexact) v.flags_ |= Value::kInexact;
        return v;
    }

    // Builds the string value of [s, s + n) in the raw storage at `at` (which holds no Value).
    // When 16 bytes from s may be read (s + 16 <= readable_end), a short string is copied with
    // one fixed-size move instead of a call to memcpy: the bytes beyond n are never looked at.
    static Value* construct_string(void* at, const char* s, std::size_t n, const char* readable_end) {
        if (n <= Value::kInlineString) {
            auto* v = static_cast<Value*>(at);
            if (readable_end - s >= static_cast<std::ptrdiff_t>(Value::kInlineString)) {
                std::memcpy(v->p_.inline_chars, s, Value::kInlineString);
            } else {
                v->p_.raw[0] = v->p_.raw[1] = 0;
                if (n) std::memcpy(v->p_.inline_chars, s, n);
            }
            v->len_ = static_cast<std::uint32_t>(n);
            v->type_ = Type::String;
            v->flags_ = 0;
            return v;
        }
        auto* v = static_cast<Value*>(at);
        v->flags_ = 0;
        v->p_.heap_chars = heap_copy(*v, s, n);
        v->type_ = Type::String;
        return v;
    }

    // The n bytes at s copied into a block of v's (block_for), v's length and heap flag set: the
    // part a long string and a long number lexeme share. The caller stores the pointer.
    static char* heap_copy(Value& v, const char* s, std::size_t n) {
        check_size(n);
        char* chars = static_cast<char*>(block_for(v, n));
        std::memcpy(chars, s, n);
        v.len_ = static_cast<std::uint32_t>(n);
        v.flags_ |= Value::kHeapString;
        return chars;
    }

    // A block for a value the parser builds: from the arena when small enough (flagging v), else
    // from operator new.
    static void* block_for(Value& v, std::size_t bytes) {
        if (bytes > kArenaMaxBlock) return ::operator new(bytes);
        void* p = arena_allocate(bytes);
        v.flags_ |= Value::kArena;
        return p;
    }

    // Inline (a call per container and long string the parser builds): only the throw is not.
    static void check_size(std::size_t n) {
        if (n > std::numeric_limits<std::uint32_t>::max()) [[unlikely]]
            size_exceeded();
    }
    [[noreturn]] static void size_exceeded();
};

} // namespace laminate::value_detail
