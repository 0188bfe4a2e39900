#include <laminate/value.hpp>

#include "number.hpp"
#include "value_access.hpp"

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

namespace detail {
void ValueAccess::check_size(std::size_t n) {
    if (n > std::numeric_limits<std::uint32_t>::max())
        throw std::length_error("laminate::Value: more than 2^32-1 elements");
}
} // namespace detail

namespace {
// Containers grow geometrically; relocation is a memcpy (see value_access.hpp).
// Doubling, but never past the 2^32-1 elements a container can count.
std::size_t next_capacity(std::uint32_t cap) noexcept {
    if (cap == 0) return 4;
    std::size_t doubled = std::size_t(cap) * 2;
    std::size_t limit = std::numeric_limits<std::uint32_t>::max();
    return doubled > limit && cap < limit ? limit : doubled;
}

template <class T>
T* grow_block(T* old, std::size_t len, std::size_t new_cap) {
    detail::ValueAccess::check_size(new_cap);
    auto* block = static_cast<T*>(::operator new(new_cap * sizeof(T)));
    if (len) std::memcpy(static_cast<void*>(block), static_cast<const void*>(old), len * sizeof(T));
    ::operator delete(old);
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
    if (!detail::is_json_number(lexeme, integral)) return Value();
    return detail::make_number(lexeme, integral);
}

void Value::assign_string(const char* s, std::size_t n) {
    detail::ValueAccess::check_size(n);
    type_ = Type::String;
    len_ = static_cast<std::uint32_t>(n);
    if (n <= kInlineString) {
        if (n) std::memcpy(p_.inline_chars, s, n);
        flags_ &= static_cast<std::uint8_t>(~kHeapString);
    } else {
        auto* heap = static_cast<char*>(::operator new(n));
        std::memcpy(heap, s, n);
        p_.heap_chars = heap;
        flags_ |= kHeapString;
    }
}

void Value::set_lexeme(std::string_view lex) {
    detail::ValueAccess::check_size(lex.size());
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
        if (flags_ & kHeapString) ::operator delete(p_.heap_chars);
        break;
    case Type::Number:
        if (flags_ & kHeapString) ::operator delete(p_.num.heap_lexeme);
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
struct ResumePoint {
    void* block;          // the parent's element block
    ResumePoint* up;      // the parent's own resume point, nullptr at the root
    std::uint32_t left;   // elements of the parent still to free (indices [0, left))
    bool is_object;
};
static_assert(sizeof(ResumePoint) <= sizeof(Value) && alignof(ResumePoint) <= alignof(Value));
} // namespace

void Value::destroy_container() noexcept {
    void* block = p_.arr.ptr; // same bytes as p_.obj.ptr
    std::uint32_t left = len_;
    bool is_object = type_ == Type::Object;
    ResumePoint* up = nullptr;
    for (;;) {
        if (left == 0) {
            ::operator delete(block);
            if (!up) return;
            ResumePoint resume = *up;
            block = resume.block;
            left = resume.left;
            is_object = resume.is_object;
            up = resume.up;
            continue;
        }
        --left;
        Value* child;
        if (is_object) {
            Member& m = static_cast<Member*>(block)[left];
            m.name.destroy(); // always a string
            child = &m.value;
        } else {
            child = static_cast<Value*>(block) + left;
        }
        if (child->type_ != Type::Array && child->type_ != Type::Object) {
            child->destroy();
            continue;
        }
        void* child_block = child->p_.arr.ptr;
        std::uint32_t child_len = child->len_;
        bool child_is_object = child->type_ == Type::Object;
        if (child_len == 0) {
            ::operator delete(child_block);
            continue;
        }
        up = ::new (static_cast<void*>(child)) ResumePoint{block, up, left, is_object};
        block = child_block;
        left = child_len;
        is_object = child_is_object;
    }
}

void Value::copy_scalar(const Value& other) {
    switch (other.type_) {
    case Type::String: assign_string(other.as_string().data(), other.len_); break;
    case Type::Number:
        relocate_from(other);
        if (other.flags_ & kHeapString) {
            // Do not share the heap lexeme; if the copy throws, this is still a plain number.
            flags_ &= static_cast<std::uint8_t>(~(kHeapString | kHasLexeme));
            len_ = 0;
            set_lexeme(other.lexeme());
        }
        break;
    default: relocate_from(other); break;
    }
}

// An empty container of other's type with room for all of other's elements.
void Value::init_container_like(const Value& other) {
    type_ = other.type_;
    if (other.len_ == 0) return;
    if (type_ == Type::Array) reserve_items(other.len_);
    else reserve_members(other.len_);
}

// Iterative with an explicit work list so that copying does not recurse with depth. Every
// container is complete (len_ counts its constructed elements) at every step, so when an
// allocation throws, destroying *this frees exactly what was built.
void Value::copy_from(const Value& other) {
    init_null();
    if (other.type_ != Type::Array && other.type_ != Type::Object) {
        copy_scalar(other);
        return;
    }
    try {
        init_container_like(other);
        std::vector<std::pair<const Value*, Value*>> pending;
        pending.emplace_back(&other, this);
        while (!pending.empty()) {
            auto [src, dst] = pending.back();
            pending.pop_back();
            for (std::uint32_t i = 0; i < src->len_; ++i) {
                const Value* from;
                Value* to;
                if (src->type_ == Type::Array) {
                    from = src->p_.arr.ptr + i;
                    to = ::new (static_cast<void*>(dst->p_.arr.ptr + i)) Value();
                } else {
                    const Member& m = src->p_.obj.ptr[i];
                    from = &m.value;
                    to = &(::new (static_cast<void*>(dst->p_.obj.ptr + i)) Member{Value(m.name), Value()})->value;
                }
                ++dst->len_;
                if (from->type_ == Type::Array || from->type_ == Type::Object) {
                    to->init_container_like(*from);
                    if (from->len_) pending.emplace_back(from, to);
                } else {
                    to->copy_scalar(*from);
                }
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

Value& Value::operator=(Value&& other) noexcept {
    if (this != &other) {
        // other may live inside *this (v = std::move(v["a"])): take it out before freeing.
        Value taken(std::move(other));
        destroy();
        relocate_from(taken);
        taken.init_null();
    }
    return *this;
}

void Value::swap(Value& other) noexcept {
    Value tmp;
    tmp.relocate_from(*this);
    relocate_from(other);
    other.relocate_from(tmp);
    tmp.init_null();
}

// --- scalars -----------------------------------------------------------------------------------

bool Value::as_bool() const noexcept {
    assert(is_bool());
    return p_.b;
}

std::string_view Value::as_string() const noexcept {
    assert(is_string());
    if (!is_string()) return {};
    return {(flags_ & kHeapString) ? p_.heap_chars : p_.inline_chars, len_};
}

std::string_view Value::lexeme() const noexcept {
    if (!is_number() || !(flags_ & kHasLexeme)) return {};
    return {(flags_ & kHeapString) ? p_.num.heap_lexeme : p_.num.inline_lexeme, len_};
}

bool Value::get_int64(std::int64_t& out) const noexcept {
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

bool Value::get_uint64(std::uint64_t& out) const noexcept {
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

double Value::as_double() const noexcept {
    if (!is_number()) return 0.0;
    switch (number_kind()) {
    case NumberKind::Int: return static_cast<double>(p_.num.i);
    case NumberKind::UInt: return static_cast<double>(p_.num.u);
    case NumberKind::Double: return p_.num.d;
    }
    return 0.0;
}

// --- containers --------------------------------------------------------------------------------

std::span<const Value> Value::items() const noexcept {
    if (!is_array() || len_ == 0) return {};
    return {p_.arr.ptr, len_};
}

std::span<Value> Value::items() noexcept {
    if (!is_array() || len_ == 0) return {};
    return {p_.arr.ptr, len_};
}

void Value::reserve_items(std::size_t n) {
    if (n <= p_.arr.cap) return;
    p_.arr.ptr = grow_block(p_.arr.ptr, len_, n);
    p_.arr.cap = static_cast<std::uint32_t>(n);
}

void Value::push_back(Value v) {
    if (is_null()) *this = array();
    if (!is_array()) throw std::logic_error("laminate::Value::push_back on a non-array");
    if (len_ == p_.arr.cap) reserve_items(next_capacity(p_.arr.cap));
    new (p_.arr.ptr + len_) Value(std::move(v));
    ++len_;
}

std::span<const Member> Value::members() const noexcept {
    if (!is_object() || len_ == 0) return {};
    return {p_.obj.ptr, len_};
}

std::span<Member> Value::members() noexcept {
    if (!is_object() || len_ == 0) return {};
    return {p_.obj.ptr, len_};
}

void Value::reserve_members(std::size_t n) {
    if (n <= p_.obj.cap) return;
    p_.obj.ptr = grow_block(p_.obj.ptr, len_, n);
    p_.obj.cap = static_cast<std::uint32_t>(n);
}

const Value* Value::find(std::string_view key) const noexcept {
    if (!is_object()) return nullptr;
    // Last one wins, as with duplicate keys in a parsed document.
    for (std::uint32_t i = len_; i-- > 0;)
        if (p_.obj.ptr[i].key() == key) return &p_.obj.ptr[i].value;
    return nullptr;
}

Value* Value::find(std::string_view key) noexcept {
    return const_cast<Value*>(static_cast<const Value*>(this)->find(key));
}

const Value& Value::operator[](std::string_view key) const noexcept {
    const Value* v = find(key);
    return v ? *v : shared_null();
}

Value& Value::set(std::string_view key, Value v) {
    if (is_null()) *this = object();
    if (!is_object()) throw std::logic_error("laminate::Value::set on a non-object");
    if (Value* existing = find(key)) {
        *existing = std::move(v);
        return *existing;
    }
    return append_member(key, std::move(v));
}

Value& Value::append_member(std::string_view key, Value v) {
    if (is_null()) *this = object();
    if (!is_object()) throw std::logic_error("laminate::Value::append_member on a non-object");
    // Build the name first: key may point into this object's own members, which growing moves.
    Value name(key);
    if (len_ == p_.obj.cap) reserve_members(next_capacity(p_.obj.cap));
    Member* m = new (p_.obj.ptr + len_) Member{std::move(name), std::move(v)};
    ++len_;
    return m->value;
}

bool Value::erase(std::string_view key) {
    if (!is_object()) return false;
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
