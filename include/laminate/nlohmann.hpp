#pragma once
// Interop with nlohmann/json for code that already uses it. Header-only so that the library
// itself does not depend on nlohmann/json; include this after <nlohmann/json.hpp> is available.
//
//   nlohmann::json j = laminate::to_nlohmann(value);   // or: nlohmann::json j = value;
//   laminate::Value v = laminate::from_nlohmann(j);    // or: auto v = j.get<laminate::Value>();
//
// Numbers beyond 64 bits become doubles in nlohmann/json (it has no lexeme to keep them).

#include <laminate/value.hpp>

#include <nlohmann/json.hpp>

namespace laminate {

inline nlohmann::json to_nlohmann(const Value& v) {
    switch (v.type()) {
    case Type::Null: return nullptr;
    case Type::Bool: return v.as_bool();
    case Type::Number: {
        std::int64_t i = 0;
        std::uint64_t u = 0;
        if (v.get_int64(i)) return i;
        if (v.get_uint64(u)) return u;
        return v.as_double();
    }
    case Type::String: return std::string(v.as_string());
    case Type::Array: {
        nlohmann::json out = nlohmann::json::array();
        for (const auto& item : v.items()) out.push_back(to_nlohmann(item));
        return out;
    }
    case Type::Object: {
        nlohmann::json out = nlohmann::json::object();
        for (const auto& m : v.members()) out[std::string(m.key())] = to_nlohmann(m.value);
        return out;
    }
    }
    return nullptr;
}

inline Value from_nlohmann(const nlohmann::json& j) {
    using t = nlohmann::json::value_t;
    switch (j.type()) {
    case t::null:
    case t::discarded: return Value();
    case t::boolean: return Value(j.get<bool>());
    case t::number_integer: return Value(j.get<std::int64_t>());
    case t::number_unsigned: return Value(j.get<std::uint64_t>());
    case t::number_float: return Value(j.get<double>());
    case t::string: return Value(j.get_ref<const std::string&>());
    case t::binary: {
        Value out = Value::array();
        for (auto byte : j.get_binary()) out.push_back(Value(static_cast<unsigned>(byte)));
        return out;
    }
    case t::array: {
        Value out = Value::array();
        for (const auto& item : j) out.push_back(from_nlohmann(item));
        return out;
    }
    case t::object: {
        Value out = Value::object();
        for (const auto& [key, item] : j.items()) out.append_member(key, from_nlohmann(item));
        return out;
    }
    }
    return Value();
}

// ADL hooks so that nlohmann::json j = value; and j.get<laminate::Value>() work.
inline void to_json(nlohmann::json& j, const Value& v) { j = to_nlohmann(v); }
inline void from_json(const nlohmann::json& j, Value& v) { v = from_nlohmann(j); }

} // namespace laminate
