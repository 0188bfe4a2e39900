#pragma once
// Interop with nlohmann/json for code that already uses it. Header-only so that the library
// itself does not depend on nlohmann/json; include this after <nlohmann/json.hpp> is available.
//
//   nlohmann::json j = laminate::to_nlohmann(value);   // or: nlohmann::json j = value;
//   laminate::Value v = laminate::from_nlohmann(j);    // or: auto v = j.get<laminate::Value>();
//
// Works with any nlohmann::basic_json, nlohmann::ordered_json included:
//   auto oj = laminate::to_nlohmann<nlohmann::ordered_json>(value);
//
// What survives the trip:
// * Integers stay exact (int64 / uint64). Other numbers become doubles: nlohmann/json keeps no
//   lexeme, so numbers beyond a double (is_lossless() == false: 2^64, 1e400, 30 digits) are
//   rounded there (1e400 becomes infinity, which nlohmann dumps as null), and the source
//   spelling of exact ones ("1E2", "1.50") is lost.
// * Key order: nlohmann::json stores objects in a std::map, so its objects come out sorted by
//   key (byte order) and duplicate keys collapse to the last value. nlohmann::ordered_json keeps
//   insertion order; duplicate keys keep the first position and the last value (as
//   Value::object({...}) and Value::set do). From nlohmann to laminate, members are appended in
//   the order nlohmann iterates them.
// * nlohmann binary values become arrays of byte numbers; discarded values become null.

#include <laminate/value.hpp>

#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>

namespace laminate {

template <class Json = nlohmann::json>
Json to_nlohmann(const Value& v) {
    switch (v.type()) {
    case Type::Null: return Json(nullptr);
    case Type::Bool: return Json(v.as_bool());
    case Type::Number: {
        std::int64_t i = 0;
        std::uint64_t u = 0;
        if (v.get_int64(i)) return Json(i);
        if (v.get_uint64(u)) return Json(u);
        return Json(v.as_double());
    }
    case Type::String: return Json(typename Json::string_t(v.as_string()));
    case Type::Array: {
        Json out = Json::array();
        for (const auto& item : v.items()) out.push_back(to_nlohmann<Json>(item));
        return out;
    }
    case Type::Object: {
        Json out = Json::object();
        for (const auto& m : v.members())
            out[typename Json::string_t(m.key())] = to_nlohmann<Json>(m.value);
        return out;
    }
    }
    return Json(nullptr);
}

template <class Json>
Value from_nlohmann(const Json& j) {
    using t = nlohmann::detail::value_t;
    switch (j.type()) {
    case t::null:
    case t::discarded: return Value();
    case t::boolean: return Value(j.template get<bool>());
    case t::number_integer: return Value(j.template get<std::int64_t>());
    case t::number_unsigned: return Value(j.template get<std::uint64_t>());
    case t::number_float: return Value(j.template get<double>());
    case t::string: return Value(j.template get_ref<const typename Json::string_t&>());
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

// ADL hooks so that `nlohmann::json j = value;` and `j.get<laminate::Value>()` work, for every
// basic_json specialization.
template <class Json>
void to_json(Json& j, const Value& v) {
    j = to_nlohmann<Json>(v);
}
template <class Json>
void from_json(const Json& j, Value& v) {
    v = from_nlohmann(j);
}

} // namespace laminate
