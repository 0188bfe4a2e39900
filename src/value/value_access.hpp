#pragma once
// Internal construction fast paths for the parser: adopt already-built elements into an exactly
// sized container without copying them one by one. Not part of the public API.

#include <laminate/value.hpp>

#include <cstring>
#include <new>

namespace laminate::detail {

struct ValueAccess {
    // Values and Members are trivially relocatable (no self-pointers): a memcpy moves them, and
    // the source must then be forgotten, not destroyed.
    static Value adopt_array(Value* src, std::size_t n) {
        Value v;
        v.type_ = Type::Array;
        if (n) {
            check_size(n);
            auto* block = static_cast<Value*>(::operator new(n * sizeof(Value)));
            std::memcpy(static_cast<void*>(block), static_cast<const void*>(src), n * sizeof(Value));
            v.p_.arr.ptr = block;
            v.p_.arr.cap = static_cast<std::uint32_t>(n);
            v.len_ = static_cast<std::uint32_t>(n);
        }
        return v;
    }

    static Value adopt_object(Member* src, std::size_t n) {
        Value v;
        v.type_ = Type::Object;
        if (n) {
            check_size(n);
            auto* block = static_cast<Member*>(::operator new(n * sizeof(Member)));
            std::memcpy(static_cast<void*>(block), static_cast<const void*>(src), n * sizeof(Member));
            v.p_.obj.ptr = block;
            v.p_.obj.cap = static_cast<std::uint32_t>(n);
            v.len_ = static_cast<std::uint32_t>(n);
        }
        return v;
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
        if (!lexeme.empty()) v.set_lexeme(lexeme);
        if (inexact) v.flags_ |= Value::kInexact;
        return v;
    }

    static void check_size(std::size_t n);
};

} // namespace laminate::detail
