#pragma once
// The outcome of shaping, typed (from_value<T>, from_json<T>, from_llm_response<T>) or by a
// schema (Schema::from_value, from_json, from_llm_response, where T is Value): the value, every
// liberty taken as a diagnostic, and what was kept aside.
//
//   auto shaped = laminate::from_llm_response<SearchFlights>(text);
//   if (shaped) { auto& [flights, diagnostics] = *shaped; ... }

#include <laminate/diagnostic.hpp>
#include <laminate/value.hpp>

#include <cstddef>
#include <tuple>
#include <type_traits>
#include <utility>

namespace laminate {

// The outcome of lenient shaping: `auto& [value, diagnostics] = *shaped;`.
template <class T>
struct Shaped {
    T value{};
    Diagnostics diagnostics;
    // Unknown members nobody kept under UnknownFields::Keep (Absorbing): those of a struct
    // without an Overflow member, or, shaping by a schema, those additionalProperties false
    // forbids. An object keyed by each member's path ("_trace_id", "legs[0].note").
    Value residual = Value::object();

    template <std::size_t I>
    auto& get() & noexcept {
        if constexpr (I == 0) return value;
        else return diagnostics;
    }
    template <std::size_t I>
    const auto& get() const& noexcept {
        if constexpr (I == 0) return value;
        else return diagnostics;
    }
    template <std::size_t I>
    auto&& get() && noexcept {
        if constexpr (I == 0) return std::move(value);
        else return std::move(diagnostics);
    }
};

} // namespace laminate

template <class T>
struct std::tuple_size<laminate::Shaped<T>> : std::integral_constant<std::size_t, 2> {};
template <class T>
struct std::tuple_element<0, laminate::Shaped<T>> {
    using type = T;
};
template <class T>
struct std::tuple_element<1, laminate::Shaped<T>> {
    using type = laminate::Diagnostics;
};

