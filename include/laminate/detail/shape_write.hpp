#pragma once
// Writing a C++ value back to a Value: the inverse of shape_read.hpp. Fields are written under
// their JSON keys in declaration order, an empty std::optional is omitted, and an Overflow's
// members follow the declared fields (unless a declared field already took the key).

#include <laminate/detail/shape_read.hpp>

#include <string>
#include <type_traits>
#include <variant>

namespace laminate::shape_detail {

template <class T>
Value write_value(const T& v);

// One member, given by its address, under its key (an empty optional is omitted): one function
// per member type, not per field.
using WriteFieldFn = void (*)(Value&, std::string_view, const void*);
template <class M>
void write_field_at(Value& out, std::string_view key, const void* member) {
    const M& m = *static_cast<const M*>(member);
    if constexpr (is_optional_v<M>) {
        if (m) out.append_member(key, write_value(*m));
    } else {
        out.append_member(key, write_value(m));
    }
}
template <class M>
constexpr WriteFieldFn write_field_fn() noexcept {
    if constexpr (std::is_same_v<M, Overflow>) return nullptr; // its members follow the fields
    else return &write_field_at<M>;
}

template <class T>
Value write_struct(const T& object) {
    const StructTable& table = struct_table<T>();
    Value out = Value::object();
    const Overflow* overflow = nullptr;
    static constexpr auto writes = []<class... M>(reflect::type_list<M...>) {
        return std::array<WriteFieldFn, sizeof...(M)>{write_field_fn<M>()...};
    }(reflect::field_types<T>{});
    const auto members = field_addresses(object);
    for (std::size_t i = 0; i < writes.size(); ++i) {
        if (writes[i]) writes[i](out, table.fields[i].key, members[i]);
        else if (!overflow) overflow = static_cast<const Overflow*>(members[i]);
    }
    if (overflow)
        for (const Member& m : overflow->members())
            if (!out.contains(m.key())) out.append_member(m.key(), m.value);
    return out;
}

template <class T>
Value write_value(const T& v) {
    if constexpr (has_shaper<T>) {
        return Shaper<T>::to_value(v);
    } else if constexpr (std::is_same_v<T, Value>) {
        return v;
    } else if constexpr (std::is_same_v<T, Overflow>) {
        return v.fields();
    } else if constexpr (std::is_same_v<T, std::monostate>) {
        return Value();
    } else if constexpr (is_open_v<T>) {
        if (v.known()) return write_value(*v.known());
        return Value(v.unknown());
    } else if constexpr (std::is_same_v<T, bool> || std::is_same_v<T, std::string>) {
        return Value(v);
    } else if constexpr (is_coercible_scalar_v<T>) {
        return Value(v);
    } else if constexpr (std::is_enum_v<T>) {
        std::string_view name = reflect::enum_to_string(v);
        if (!name.empty()) return Value(name);
        return Value(static_cast<std::underlying_type_t<T>>(v)); // a value without a name
    } else if constexpr (is_optional_v<T>) {
        return v ? write_value(*v) : Value();
    } else if constexpr (is_vector_v<T> || is_std_array_v<T>) {
        Value out = Value::array();
        for (const auto& e : v) {
            if constexpr (std::is_same_v<T, std::vector<bool>>) out.push_back(Value(static_cast<bool>(e)));
            else out.push_back(write_value(e));
        }
        return out;
    } else if constexpr (is_map_v<T>) {
        Value out = Value::object();
        for (const auto& [key, element] : v) out.append_member(key, write_value(element));
        return out;
    } else if constexpr (is_variant_v<T>) {
        return std::visit([](const auto& alt) { return write_value(alt); }, v);
    } else {
        static_assert(reflect::is_reflectable<T>,
                      "laminate::to_value: T is not reflectable; describe it (LAMINATE_REFLECT, "
                      "laminate::Describe<T>) or specialize laminate::Shaper<T> with to_value.");
        return write_struct(v);
    }
}

} // namespace laminate::shape_detail
