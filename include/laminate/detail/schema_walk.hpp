#pragma once
// Walking a C++ type into a JSON Schema: the compile-time dispatch of output_schema<T>(), the
// same one typed shaping uses (shape_read.hpp), so that every type shaping reads has a schema
// and the keys, defaults and constraints are the ones shaping applies.

#include <laminate/detail/schema_builder.hpp>
#include <laminate/detail/shape_read.hpp>
#include <laminate/detail/shape_write.hpp>
#include <laminate/field_options.hpp>
#include <laminate/reflect.hpp>
#include <laminate/shape_options.hpp>
#include <laminate/value.hpp>

#include <concepts>
#include <string_view>
#include <type_traits>
#include <variant>

namespace laminate::schema_detail {

using shape_detail::write_value;

using shape_detail::check_shapeable;
using shape_detail::struct_table;
using shape_detail::type_label;

using shape_detail::FieldInfo;
using shape_detail::StructTable;
using shape_detail::is_coercible_scalar_v;
using shape_detail::is_map_v;
using shape_detail::is_open_v;
using shape_detail::is_optional_v;
using shape_detail::is_std_array_v;
using shape_detail::is_variant_v;
using shape_detail::is_vector_v;

// A laminate::Shaper<T> may say what its JSON looks like: `static laminate::Value schema();`.
template <class T>
concept has_shaper_schema = shape_detail::has_shaper<T> && requires {
    { Shaper<T>::schema() } -> std::convertible_to<Value>;
};

// A type-level description: `static constexpr std::string_view description = "...";` in
// laminate::Fields<T>.
template <class T> std::string_view type_description() {
    if constexpr (shape_detail::has_field_options<T> && requires { std::string_view(Fields<T>::description); })
        return std::string_view(Fields<T>::description);
    else
        return {};
}

template <class T> Value schema_of(SchemaBuilder& b);

template <class T> Value struct_body(SchemaBuilder& b) {
    const StructTable& table = struct_table<T>();
    Value properties = Value::object();
    Value required = Value::array();
    bool has_overflow = false;
    T defaults{}; // the struct's own initializers: the "default" of a defaulted field
    reflect::for_each_field(defaults, [&](std::string_view, auto& member, auto index) {
        using M = std::remove_cvref_t<decltype(member)>;
        const FieldInfo& field = table.fields[index];
        if constexpr (std::is_same_v<M, Overflow>) {
            has_overflow = true;
        } else {
            Value schema;
            if constexpr (is_optional_v<M>)
                // May be absent (not required) or null: shaping reads null as nullopt, and a model
                // told the field is optional often says so with null.
                schema = nullable_schema(schema_of<typename M::value_type>(b));
            else
                schema = schema_of<M>(b);
            const bool defaulted = field.spec && field.spec->has_default;
            if (field.spec) {
                Value default_value;
                if (defaulted) default_value = write_value(member);
                apply_field_spec(schema, *field.spec, defaulted ? &default_value : nullptr);
            }
            if (!is_optional_v<M> && !defaulted) required.push_back(Value(field.key));
            properties.set(field.key, std::move(schema));
        }
    });
    return object_schema(std::move(properties), std::move(required), has_overflow,
                         type_description<T>(), b.options());
}

// A struct as {"$ref": "#/$defs/Name"}; its body is built once, on first sight.
template <class T> Value struct_ref(SchemaBuilder& b) {
    const SchemaBuilder::Slot slot = b.reserve(&schema_type_tag<T>, type_label<T>());
    if (slot.fresh) b.define(slot.index, struct_body<T>(b));
    return b.ref(slot.index);
}

template <class... A> Value variant_schema(SchemaBuilder& b, std::variant<A...>*) {
    return Value::object({{"anyOf", Value::array({schema_of<A>(b)...})}});
}

template <class T> Value schema_of(SchemaBuilder& b) {
    static_assert(check_shapeable<T>());
    if constexpr (shape_detail::has_shaper<T>) {
        if constexpr (has_shaper_schema<T>)
            return Value(Shaper<T>::schema());
        else
            return Value::object(); // its JSON form is its own: no constraint
    } else if constexpr (std::is_same_v<T, Value>) {
        return Value::object();
    } else if constexpr (std::is_same_v<T, Overflow>) {
        return Value::object({{"type", "object"}});
    } else if constexpr (std::is_same_v<T, std::monostate>) {
        return Value::object({{"type", "null"}});
    } else if constexpr (std::is_same_v<T, bool>) {
        return Value::object({{"type", "boolean"}});
    } else if constexpr (is_coercible_scalar_v<T> && std::is_integral_v<T>) {
        constexpr IntTarget t = int_target<T>();
        return integer_schema(t.min, t.max);
    } else if constexpr (std::is_floating_point_v<T>) {
        return Value::object({{"type", "number"}});
    } else if constexpr (std::is_same_v<T, std::string>) {
        return Value::object({{"type", "string"}});
    } else if constexpr (std::is_enum_v<T>) {
        const auto& names = reflect::enum_names<T>();
        return enum_schema(std::span<const std::string_view>(names.data(), names.size()));
    } else if constexpr (is_open_v<T>) {
        const auto& names = reflect::enum_names<typename T::enum_type>();
        return open_enum_schema(std::span<const std::string_view>(names.data(), names.size()));
    } else if constexpr (is_optional_v<T>) {
        // Not a field (a field's optional means "may be absent"): here only null can say "none".
        return nullable_schema(schema_of<typename T::value_type>(b));
    } else if constexpr (is_vector_v<T>) {
        return Value::object({{"type", "array"}, {"items", schema_of<typename T::value_type>(b)}});
    } else if constexpr (is_std_array_v<T>) {
        constexpr std::size_t n = std::tuple_size_v<T>;
        return Value::object({{"type", "array"},
                              {"items", schema_of<typename T::value_type>(b)},
                              {"minItems", Value(n)},
                              {"maxItems", Value(n)}});
    } else if constexpr (is_map_v<T>) {
        return Value::object(
            {{"type", "object"}, {"additionalProperties", schema_of<typename T::mapped_type>(b)}});
    } else if constexpr (is_variant_v<T>) {
        return variant_schema(b, static_cast<T*>(nullptr));
    } else {
        return struct_ref<T>(b);
    }
}

// Whether schema_of<T> treats T as a reflected struct (the last branch above).
template <class T> consteval bool is_struct_schema() {
    if constexpr (shape_detail::has_shaper<T> || !std::is_class_v<T> || is_optional_v<T> || is_vector_v<T> ||
                  is_std_array_v<T> || is_map_v<T> || is_variant_v<T> || is_open_v<T> ||
                  std::is_same_v<T, Value> || std::is_same_v<T, Overflow> ||
                  std::is_same_v<T, std::string> || std::is_same_v<T, std::monostate>)
        return false;
    else
        return reflect::is_reflectable<T>;
}

template <class T> inline constexpr bool is_struct_schema_v = is_struct_schema<T>();

// The root: a struct is inlined (and kept in $defs too when it refers to itself).
template <class T> Value root_schema(SchemaBuilder& b) {
    if constexpr (is_struct_schema_v<T>) {
        const SchemaBuilder::Slot slot = b.reserve(&schema_type_tag<T>, type_label<T>());
        Value body = struct_body<T>(b);
        b.define(slot.index, body);
        return body;
    } else {
        return schema_of<T>(b);
    }
}

} // namespace laminate::schema_detail
