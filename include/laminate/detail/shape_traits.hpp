#pragma once
// Recognizing the standard types typed shaping treats specially.

#include <laminate/open.hpp>

#include <array>
#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <type_traits>
#include <unordered_map>
#include <variant>
#include <vector>

namespace laminate::shape_detail {

template <class T> inline constexpr bool is_optional_v = false;
template <class T> inline constexpr bool is_optional_v<std::optional<T>> = true;

template <class T> inline constexpr bool is_vector_v = false;
template <class T, class A> inline constexpr bool is_vector_v<std::vector<T, A>> = true;

template <class T> inline constexpr bool is_std_array_v = false;
template <class T, std::size_t N> inline constexpr bool is_std_array_v<std::array<T, N>> = true;

// A type whose values are arrays only (or null): a vector, a std::array, an optional of one.
template <class T> inline constexpr bool is_array_only_v = is_vector_v<T> || is_std_array_v<T>;
template <class T> inline constexpr bool is_array_only_v<std::optional<T>> = is_array_only_v<T>;

template <class T> inline constexpr bool is_map_v = false;
template <class K, class V, class C, class A> inline constexpr bool is_map_v<std::map<K, V, C, A>> = true;
template <class K, class V, class H, class E, class A>
inline constexpr bool is_map_v<std::unordered_map<K, V, H, E, A>> = true;

template <class T> inline constexpr bool is_variant_v = false;
template <class... A> inline constexpr bool is_variant_v<std::variant<A...>> = true;

template <class T> inline constexpr bool is_open_v = false;
template <class E> inline constexpr bool is_open_v<Open<E>> = true;

// Arithmetic types the coercion engine reads (bool, 8..64-bit integers, float, double).
template <class T>
inline constexpr bool is_coercible_scalar_v =
    std::is_same_v<T, bool> || std::is_same_v<T, float> || std::is_same_v<T, double> ||
    (std::is_integral_v<T> && !std::is_same_v<T, char> && !std::is_same_v<T, wchar_t> &&
     !std::is_same_v<T, char8_t> && !std::is_same_v<T, char16_t> && !std::is_same_v<T, char32_t>);

template <class T>
inline constexpr bool dependent_false = false;

} // namespace laminate::shape_detail
