#include <laminate/value.hpp>

#include "arena.hpp"
#include "number/lexeme.hpp"
#include "small_stack.hpp"
#include "value_access.hpp"

#include <algorithm>
#include <cassert>
#include <cstring>
#include <limits>
#include <new>
#include <stdexcept>
#include <vector>

namespace laminate {

std::string_view type_name(Type t) noexcept {
    switch (t) {
    case Type::Null: return "null";
    case Type::Bool: return "bool";
    case Type::Number: return "number";
    case Type::String: return "string";
    case Type::Array: return "array";
    case Type::Object: return "object";
    }
    return "unknown";
}

namespace value_detail {
void ValueAccess::size_exceeded() {
    throw std::length_error("laminate::Value: more than 2^32-1 elements");
}
} // namespace value_detail

namespace {
// Containers grow geometrically; relocation is a memcpy (see value_access.hpp).
// Doubling, but never past the 2^32-1 elements a container can count.
std::size_t next_capacity(std::uint32_t cap) noexcept {
    if (cap == 0) return 4;
    std::size_t doubled = std::size_t(cap) * 2;
    std::size_t limit = std::numeric_limits<std::uint32_t>::max();
    return doubled > limit && cap < limit ? limit : doubled;
}

// Frees a heap block of a value: from the parser's arena or from operator new.
inline void release_block(void* p, bool arena) noexcept {
    if (arena)
        value_detail::arena_release(p);
    else
        ::operator delete(p);
}

// The new block always comes from operator new: the caller clears the arena flag.
template <class T>
T* grow_block(T* old, std::size_t len, std::size_t new_cap, bool old_in_arena) {
    value_detail::ValueAccess::check_size(new_cap);
    auto* block = static_cast<T*>(::operator new(new_cap * sizeof(T)));
    if (len) std::memcpy(static_cast<void*>(block), static_cast<const void*>(old), len * sizeof(T));
    if (old) release_block(old, old_in_arena);
    return block;
}

const Value& shared_null() noexcept {
    static const Value null_value;
    return null_value;
}
} // namespace

// --- construction and lifetime -----------------------------------------------------------------

Value Value::array() {
    Value v;
    v.type_ = Type::Array;
    return v;
}

Value Value::array(std::initializer_list<Value> items) {
    Value v = array();
    v.reserve_items(items.size());
    for (const auto& item : items) v.push_back(item);
    return v;
}

Value Value::object() {
    Value v;
    v.type_ = Type::Object;
    return v;
}

Value Value::object(std::initializer_list<std::pair<std::string_view, Value>> members) {
    Value v = object();
    v.reserve_members(members.size());
    for (const auto& [key, value] : members) v.set(key, value);
    return v;
}

Value Value::number_from_lexeme(std::string_view lexeme) {
    bool integral = false;
    if (!number_detail::is_json_number(lexeme, integral)) return Value();
    return number_detail::make_number(lexeme, integral);
}

void Value::assign_string(const char* s, std::size_t n) {
    value_detail::ValueAccess::check_size(n);
    type_ = Type::String;
    len_ = static_cast<std::uint32_t>(n);
    flags_ &= static_cast<std::uint8_t>(~(kHeapString | kArena | kCapacity));
    if (n <= kInlineString) {
        if (n) std::memcpy(p_.inline_chars, s, n);
    } else {
        auto* heap = static_cast<char*>(::operator new(n));
        std::memcpy(heap, s, n);
        p_.heap_chars = heap;
        flags_ |= kHeapString;
    }
}

void Value::append_string(std::string_view s) {
    if (is_null()) {
        init_null();
        type_ = Type::String;
    }
    if (!is_string()) throw std::logic_error("laminate::Value::append_string on a non-string");
    if (s.empty()) return;
    const std::size_t len = len_;
    const std::size_t need = len + s.size();
    value_detail::ValueAccess::check_size(need);
    const bool heap = flags_ & kHeapString;
    if (!heap && need <= kInlineString) {
        std::memcpy(p_.inline_chars + len, s.data(), s.size());
    } else if (heap && (flags_ & kCapacity) && need <= p_.raw[1]) {
        std::memcpy(p_.heap_chars + len, s.data(), s.size());
    } else {
        // s may point into this string: copy it before the old block goes.
        const std::size_t cap = heap && (flags_ & kCapacity) ? p_.raw[1] : len;
        const std::size_t new_cap = std::max({need, 2 * cap, std::size_t(32)});
        auto* block = static_cast<char*>(::operator new(new_cap));
        std::memcpy(block, heap ? p_.heap_chars : p_.inline_chars, len);
        std::memcpy(block + len, s.data(), s.size());
        if (heap) release_block(p_.heap_chars, flags_ & kArena);
        p_.heap_chars = block;
        p_.raw[1] = new_cap;
        flags_ = static_cast<std::uint8_t>((flags_ & ~kArena) | kHeapString | kCapacity);
    }
    len_ = static_cast<std::uint32_t>(need);
}

void Value::set_lexeme(std::string_view lex) {
    value_detail::ValueAccess::check_size(lex.size());
    if (lex.size() <= kInlineLexeme) {
        std::memcpy(p_.num.inline_lexeme, lex.data(), lex.size());
    } else {
        auto* heap = static_cast<char*>(::operator new(lex.size()));
        std::memcpy(heap, lex.data(), lex.size());
        p_.num.heap_lexeme = heap;
        flags_ |= kHeapString;
    }
    len_ = static_cast<std::uint32_t>(lex.size());
    flags_ |= kHasLexeme;
}

void Value::destroy() noexcept {
    switch (type_) {
    case Type::String:
        if (flags_ & kHeapString) release_block(p_.heap_chars, flags_ & kArena);
        break;
    case Type::Number:
        if (flags_ & kHeapString) release_block(p_.num.heap_lexeme, flags_ & kArena);
        break;
    case Type::Array:
    case Type::Object: destroy_container(); break;
    default: break;
    }
}

namespace {
// While destroy_container walks down into a child container, the child's 24-byte slot in its
// parent is dead memory: it stores where to resume in the parent. This is pointer reversal, so
// freeing any depth takes constant stack and no allocation (destructors must not throw).
// Elements are freed first to last, the order malloc handles best.
struct ResumePoint {
    std::uintptr_t block; // the parent's element block; bit 0 set when it holds Members, bit 1
                          // when it is an arena block
    ResumePoint* up;      // the parent's own resume point, nullptr at the root
    std::uint32_t next;   // the parent's next element to free
    std::uint32_t len;    // the parent's element count
};
static_assert(sizeof(ResumePoint) <= sizeof(Value) && alignof(ResumePoint) <= alignof(Value));
static_assert(alignof(Value) > 2 && alignof(Member) > 2);
} // namespace

void Value::destroy_container() noexcept {
    void* block = p_.arr.ptr; // same bytes as p_.obj.ptr
    if (flags_ & kTreeBlocks) { // the whole tree is in one chunk: no walk
        value_detail::arena_release(block, p_.arr.blocks);
        return;
    }
    std::uint32_t next = 0, len = len_;
    bool is_object = type_ == Type::Object;
    bool in_arena = flags_ & kArena;
    ResumePoint* up = nullptr;
    value_detail::ArenaReleaseBatch blocks;
    for (;;) {
        if (next == len) {
            if (block) blocks.release(block, in_arena);
            if (!up) return;
            ResumePoint resume = *up;
            block = reinterpret_cast<void*>(resume.block & ~std::uintptr_t{3});
            is_object = resume.block & 1u;
            in_arena = resume.block & 2u;
            next = resume.next;
            len = resume.len;
            up = resume.up;
            continue;
        }
        Value* child;
        if (is_object) {
            Member& m = static_cast<Member*>(block)[next];
            if (m.name.flags_ & kHeapString) // a string
                blocks.release(m.name.p_.heap_chars, m.name.flags_ & kArena);
            child = &m.value;
        } else {
            child = static_cast<Value*>(block) + next;
        }
        ++next;
        if (child->type_ != Type::Array && child->type_ != Type::Object) {
            // Only strings and numbers set kHeapString.
            if (child->flags_ & kHeapString)
                blocks.release(child->type_ == Type::String ? child->p_.heap_chars : child->p_.num.heap_lexeme,
                              child->flags_ & kArena);
            continue;
        }
        void* child_block = child->p_.arr.ptr;
        std::uint32_t child_len = child->len_;
        bool child_is_object = child->type_ == Type::Object;
        bool child_in_arena = child->flags_ & kArena;
        if (child->flags_ & kTreeBlocks) { // its tree is in one chunk: released without a walk
            blocks.release_many(child_block, child->p_.arr.blocks);
            continue;
        }
        if (child_len == 0) {
            if (child_block) blocks.release(child_block, child_in_arena);
            continue;
        }
        std::uintptr_t tagged = reinterpret_cast<std::uintptr_t>(block) | (is_object ? 1u : 0u) |
                                (in_arena ? 2u : 0u);
        up = ::new (static_cast<void*>(child)) ResumePoint{tagged, up, next, len};
        block = child_block;
        next = 0;
        len = child_len;
        is_object = child_is_object;
        in_arena = child_in_arena;
    }
}

void Value::copy_scalar(const Value& other) {
    if (!(other.flags_ & kHeapString)) { // null, bool, inline string or number: the bytes are the value
        relocate_from(other);
        return;
    }
    if (other.type_ == Type::String) {
        assign_string(other.p_.heap_chars, other.len_);
        return;
    }
    // A number with a heap lexeme: do not share it; if the copy throws, this is a plain number.
    relocate_from(other);
    flags_ &= static_cast<std::uint8_t>(~(kHeapString | kHasLexeme | kArena));
    len_ = 0;
    set_lexeme(other.lexeme());
}

// An empty container of other's type with room for all of other's elements.
void Value::init_container_like(const Value& other) {
    type_ = other.type_;
    if (other.len_ == 0) return;
    if (type_ == Type::Array) reserve_items(other.len_);
    else reserve_members(other.len_);
}

// Depth-first over an explicit stack so that copying does not recurse with depth. Every
// container is complete (len_ counts its constructed elements) at every step, so when an
// allocation throws, destroying *this frees exactly what was built.
void Value::copy_from(const Value& other) {
    init_null();
    if (other.type_ != Type::Array && other.type_ != Type::Object) {
        copy_scalar(other);
        return;
    }
    struct Open {
        const Value* src;
        Value* dst;
        std::uint32_t next; // next element of src to copy
    };
    try {
        init_container_like(other);
        if (other.len_ == 0) return; // an empty default ([] or {}): nothing to walk
        value_detail::SmallStack<Open> open;
        open.push({&other, this, 0});
        while (!open.empty()) {
            Open& top = open.back();
            if (top.next == top.src->len_) {
                open.pop();
                continue;
            }
            const std::uint32_t i = top.next++;
            const Value* from;
            Value* to;
            if (top.src->type_ == Type::Array) {
                from = top.src->p_.arr.ptr + i;
                to = ::new (static_cast<void*>(top.dst->p_.arr.ptr + i)) Value();
                ++top.dst->len_;
            } else {
                const Member& m = top.src->p_.obj.ptr[i];
                Member* copy = ::new (static_cast<void*>(top.dst->p_.obj.ptr + i)) Member{};
                ++top.dst->len_;
                copy->name.copy_scalar(m.name);
                from = &m.value;
                to = &copy->value;
            }
            if (from->type_ == Type::Array || from->type_ == Type::Object) {
                to->init_container_like(*from);
                if (from->len_) open.push({from, to, 0}); // top is not used after this
            } else {
                to->copy_scalar(*from);
            }
        }
    } catch (...) {
        destroy();
        init_null();
        throw;
    }
}

Value::Value(const Value& other) { copy_from(other); }

Value& Value::operator=(const Value& other) {
    if (this != &other) {
        Value tmp(other);
        swap(tmp);
    }
    return *this;
}

// --- scalars -----------------------------------------------------------------------------------

// --- containers --------------------------------------------------------------------------------

void Value::reserve_items(std::size_t n) {
    flags_ &= static_cast<std::uint8_t>(~kTreeBlocks);
    if (n <= p_.arr.cap) return;
    p_.arr.ptr = grow_block(p_.arr.ptr, len_, n, flags_ & kArena);
    p_.arr.cap = static_cast<std::uint32_t>(n);
    flags_ &= static_cast<std::uint8_t>(~kArena);
}

void Value::push_back(Value v) {
    if (is_null()) *this = array();
    if (!is_array()) throw std::logic_error("laminate::Value::push_back on a non-array");
    flags_ &= static_cast<std::uint8_t>(~kTreeBlocks); // the new element is not counted
    if (len_ == p_.arr.cap) reserve_items(next_capacity(p_.arr.cap));
    new (p_.arr.ptr + len_) Value(std::move(v));
    ++len_;
}

void Value::reserve_members(std::size_t n) {
    flags_ &= static_cast<std::uint8_t>(~kTreeBlocks);
    if (n <= p_.obj.cap) return;
    p_.obj.ptr = grow_block(p_.obj.ptr, len_, n, flags_ & kArena);
    p_.obj.cap = static_cast<std::uint32_t>(n);
    flags_ &= static_cast<std::uint8_t>(~kArena);
}

const Value* Value::find(std::string_view key) const noexcept {
    if (!is_object()) return nullptr;
    // Last one wins, as with duplicate keys in a parsed document.
    for (std::uint32_t i = len_; i-- > 0;)
        if (p_.obj.ptr[i].key() == key) return &p_.obj.ptr[i].value;
    return nullptr;
}

Value* Value::find(std::string_view key) noexcept {
    flags_ &= static_cast<std::uint8_t>(~kTreeBlocks); // the member found may leave the tree
    return const_cast<Value*>(static_cast<const Value*>(this)->find(key));
}

const Value& Value::operator[](std::string_view key) const noexcept {
    const Value* v = find(key);
    return v ? *v : shared_null();
}

Value& Value::set(std::string_view key, Value v) {
    if (is_null()) *this = object();
    if (!is_object()) throw std::logic_error("laminate::Value::set on a non-object");
    flags_ &= static_cast<std::uint8_t>(~kTreeBlocks); // a member is replaced
    if (Value* existing = find(key)) {
        *existing = std::move(v);
        return *existing;
    }
    return append_member(key, std::move(v));
}

Value& Value::append_member(std::string_view key, Value v) {
    if (is_null()) *this = object();
    if (!is_object()) throw std::logic_error("laminate::Value::append_member on a non-object");
    flags_ &= static_cast<std::uint8_t>(~kTreeBlocks); // the new member is not counted
    // Build the name first: key may point into this object's own members, which growing moves.
    Value name(key);
    if (len_ == p_.obj.cap) reserve_members(next_capacity(p_.obj.cap));
    Member* m = new (p_.obj.ptr + len_) Member{std::move(name), std::move(v)};
    ++len_;
    return m->value;
}

bool Value::erase(std::string_view key) {
    if (!is_object()) return false;
    flags_ &= static_cast<std::uint8_t>(~kTreeBlocks); // erased members leave the tree
    std::uint32_t out = 0;
    for (std::uint32_t i = 0; i < len_; ++i) {
        if (p_.obj.ptr[i].key() == key) {
            p_.obj.ptr[i].~Member();
            continue;
        }
        if (out != i)
            std::memcpy(static_cast<void*>(p_.obj.ptr + out), static_cast<const void*>(p_.obj.ptr + i), sizeof(Member));
        ++out;
    }
    bool removed = out != len_;
    len_ = out;
    return removed;
}

} // namespace laminate
