#pragma once
// laminate::Overflow — a member that keeps the object members its struct does not declare.
//
//   struct SearchFlights { std::string origin; ...; laminate::Overflow extra; };
//
// Shaping moves every unknown member into it (a Preserved Info diagnostic each) instead of
// dropping it, in Lenient and Absorbing modes; Strict rejects unknown members either way.
// to_value / to_json put the members back, after the declared fields, so a value survives a
// round trip through the struct.

#include <laminate/value.hpp>

#include <cstddef>
#include <span>
#include <string_view>

namespace laminate {

class Overflow {
public:
    Overflow() : fields_(Value::object()) {}

    // The kept members, in input order: always an object.
    const Value& fields() const noexcept { return fields_; }
    std::span<const Member> members() const noexcept { return fields_.members(); }

    bool empty() const noexcept { return fields_.empty(); }
    std::size_t size() const noexcept { return fields_.size(); }
    const Value* find(std::string_view key) const noexcept { return fields_.find(key); }
    bool contains(std::string_view key) const noexcept { return fields_.contains(key); }

    // Keeps a member; a repeated key is kept too (the input's order and multiplicity survive).
    void add(std::string_view key, Value value) { fields_.append_member(key, std::move(value)); }
    void clear() { fields_ = Value::object(); }

    friend bool operator==(const Overflow& a, const Overflow& b) noexcept { return a.fields_ == b.fields_; }

private:
    Value fields_;
};

} // namespace laminate
