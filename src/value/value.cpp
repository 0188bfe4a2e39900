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
        for (std::uint32_t i = 0; i < len_; ++i) p_.arr.ptr[i].~Value();
        ::operator delete(p_.arr.ptr);
        break;
    case Type::Object:
        for (std::uint32_t i = 0; i < len_; ++i) p_.obj.ptr[i].~Member();
        ::operator delete(p_.obj.ptr);
        break;
    default: break;
    }
}

void Value::copy_from(const Value& other) {
    init_null();
    switch (other.type_) {
    case Type::String:
        assign_string(other.as_string().data(), other.len_);
        break;
    case Type::Number:
        relocate_from(other);
        if (other.flags_ & kHeapString) {
            flags_ &= static_cast<std::uint8_t>(~(kHeapString | kHasLexeme));
            set_lexeme(other.lexeme());
        }
        break;
    case Type::Array:
        type_ = Type::Array;
        reserve_items(other.len_);
        for (const auto& item : other.items()) {
            new (p_.arr.ptr + len_) Value(item);
            ++len_;
        }
        break;
    case Type::Object:
        type_ = Type::Object;
        reserve_members(other.len_);
        for (const auto& m : other.members()) {
            new (p_.obj.ptr + len_) Member(m);
            ++len_;
        }
        break;
    default: relocate_from(other); break;
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
        destroy();
        relocate_from(other);
        other.init_null();
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
    if (len_ == p_.arr.cap) reserve_items(p_.arr.cap ? std::size_t(p_.arr.cap) * 2 : 4);
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
    if (len_ == p_.obj.cap) reserve_members(p_.obj.cap ? std::size_t(p_.obj.cap) * 2 : 4);
    Member* m = new (p_.obj.ptr + len_) Member{Value(key), std::move(v)};
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

// --- equality ----------------------------------------------------------------------------------

namespace {
bool numbers_equal(const Value& a, const Value& b) noexcept {
    if (!a.is_lossless() || !b.is_lossless()) {
        // Digits beyond a double: compare the written numbers by canonical decimal form.
        return detail::canonical_decimal(a.number_text()) == detail::canonical_decimal(b.number_text());
    }
    std::int64_t ia = 0, ib = 0;
    std::uint64_t ua = 0, ub = 0;
    if (a.is_integer() && b.is_integer()) {
        if (a.get_int64(ia) && b.get_int64(ib)) return ia == ib;
        if (a.get_uint64(ua) && b.get_uint64(ub)) return ua == ub;
        return false;
    }
    if (a.is_integer() || b.is_integer()) {
        const Value& i = a.is_integer() ? a : b;
        double d = a.is_integer() ? b.as_double() : a.as_double();
        // Exact comparison of an integer with a double, without rounding the integer.
        if (d != d || d < -9.3e18 || d > 1.85e19) return false;
        if (d != static_cast<double>(static_cast<long double>(d))) return false;
        if (d < 0) {
            if (!i.get_int64(ia)) return false;
            return static_cast<long double>(ia) == static_cast<long double>(d);
        }
        if (i.get_int64(ia)) return static_cast<long double>(ia) == static_cast<long double>(d);
        i.get_uint64(ua);
        return static_cast<long double>(ua) == static_cast<long double>(d);
    }
    return a.as_double() == b.as_double();
}
} // namespace

bool operator==(const Value& a, const Value& b) noexcept {
    if (a.type() != b.type()) return false;
    switch (a.type()) {
    case Type::Null: return true;
    case Type::Bool: return a.as_bool() == b.as_bool();
    case Type::Number: return numbers_equal(a, b);
    case Type::String: return a.as_string() == b.as_string();
    case Type::Array: {
        auto x = a.items(), y = b.items();
        if (x.size() != y.size()) return false;
        for (std::size_t i = 0; i < x.size(); ++i)
            if (!(x[i] == y[i])) return false;
        return true;
    }
    case Type::Object: {
        auto x = a.members(), y = b.members();
        if (x.size() != y.size()) return false;
        // Order-insensitive multiset comparison; objects from models are small, so quadratic
        // matching with a used-mark is cheaper than hashing.
        std::vector<bool> used(y.size(), false);
        for (const auto& m : x) {
            bool matched = false;
            for (std::size_t j = 0; j < y.size(); ++j) {
                if (!used[j] && y[j].key() == m.key() && y[j].value == m.value) {
                    used[j] = true;
                    matched = true;
                    break;
                }
            }
            if (!matched) return false;
        }
        return true;
    }
    }
    return false;
}

} // namespace laminate
