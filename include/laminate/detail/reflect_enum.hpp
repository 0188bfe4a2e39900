#pragma once
// Enumerator names from the compiler's spelling of enum values used as template arguments:
// a value with a name prints as "ns::Color::Red", one without as "(ns::Color)5". Every value of
// the probed range is cast to E and spelled, in packs of enum_chunk values per instantiation.

#include <laminate/detail/reflect_pretty.hpp>

#include <array>
#include <cstddef>
#include <limits>
#include <string_view>
#include <type_traits>
#include <utility>

namespace laminate {

// The values probed for names of E, [min, max], clamped to what E's underlying type holds.
// Specialize it for an enum with enumerators outside the default -128..255:
//   template <> struct laminate::enum_range<HttpStatus> {
//       static constexpr long long min = 100, max = 599;
//   };
template <class E>
struct enum_range {
    static constexpr long long min = -128;
    static constexpr long long max = 255;
};

namespace reflect::detail {

// The widest range probed. Each value costs compile time (0.1 to 0.3 ms, measured with g++ 12
// and clang 14), so a runaway enum_range fails loudly instead of slowly.
inline constexpr long long max_enum_span = 1 << 16;
// Values spelled by one instantiation: fewer instantiations, but each spelling is parsed whole.
inline constexpr std::size_t enum_chunk = 128;

struct EnumSpan {
    long long min;
    long long max;
};

template <class E>
consteval EnumSpan enum_span() {
    // clang spells a value by name only once the enumerators exist; a scoped enum inside a class
    // template gets them on the first lookup into it. Any name will do, found or not.
    constexpr bool looked_up = requires { E::laminate_reflect_instantiates_enumerators; };
    (void)looked_up;
    using U = std::underlying_type_t<E>;
    long long lo = static_cast<long long>(enum_range<E>::min);
    long long hi = static_cast<long long>(enum_range<E>::max);
    if constexpr (std::is_same_v<U, bool>) {
        lo = lo < 0 ? 0 : lo;
        hi = hi > 1 ? 1 : hi;
    } else {
        // By hand rather than std::cmp_less, which refuses char underlying types.
        constexpr long long type_min = std::is_signed_v<U> ? static_cast<long long>(std::numeric_limits<U>::min()) : 0;
        constexpr long long type_max = std::is_signed_v<U> || sizeof(U) < sizeof(long long)
                                           ? static_cast<long long>(std::numeric_limits<U>::max())
                                           : std::numeric_limits<long long>::max();
        lo = lo < type_min ? type_min : lo;
        hi = hi > type_max ? type_max : hi;
    }
    return {lo, hi};
}

template <class E, long long First, std::size_t... I>
consteval std::array<std::string_view, sizeof...(I)> chunk_names(std::index_sequence<I...>) {
    constexpr std::size_t n = sizeof...(I);
    constexpr auto args = split_arguments<n>(pretty_args<static_cast<E>(First + static_cast<long long>(I))...>());
    if constexpr (args.count == n) {
        std::array<std::string_view, n> out{};
        for (std::size_t i = 0; i < n; ++i) out[i] = enumerator_name(args.items[i]);
        return out;
    } else { // unreadable as a pack (a comma inside a type's spelling?): one value at a time
        return {enumerator_name(
            split_arguments<1>(pretty_args<static_cast<E>(First + static_cast<long long>(I))>()).items[0])...};
    }
}

template <class E, std::size_t Span, std::size_t C>
consteval auto chunk_at() {
    constexpr std::size_t first = C * enum_chunk;
    constexpr std::size_t size = Span - first < enum_chunk ? Span - first : enum_chunk;
    return chunk_names<E, enum_span<E>().min + static_cast<long long>(first)>(std::make_index_sequence<size>{});
}

template <std::size_t Span, std::size_t Size>
constexpr void copy_chunk(std::array<std::string_view, Span>& out, std::size_t first,
                          const std::array<std::string_view, Size>& part) {
    for (std::size_t i = 0; i < Size; ++i) out[first + i] = part[i];
}

template <class E>
consteval std::size_t enum_span_size() {
    constexpr EnumSpan range = enum_span<E>();
    static_assert(range.max >= range.min,
                  "laminate::enum_range<E>: no value left once clamped to E's underlying type (max below min)");
    static_assert(range.max - range.min < max_enum_span,
                  "laminate::enum_range<E>: more than 65536 values to probe; narrow the range");
    return range.max >= range.min ? static_cast<std::size_t>(range.max - range.min + 1) : 0;
}

// The name of every probed value, empty where the value has none.
template <class E, std::size_t Span = enum_span_size<E>()>
consteval std::array<std::string_view, Span> names_by_value() {
    std::array<std::string_view, Span> out{};
    // Immediate calls take no reference to `out`: clang 14 rejects those inside consteval code.
    [&]<std::size_t... C>(std::index_sequence<C...>) {
        (copy_chunk(out, C * enum_chunk, chunk_at<E, Span, C>()), ...);
    }(std::make_index_sequence<(Span + enum_chunk - 1) / enum_chunk>{});
    return out;
}

// Parsed once per enum: every probed value's name, empty where it has none.
template <class E>
inline constexpr auto enum_names_by_value = names_by_value<E>();

template <class E>
consteval std::size_t named_count() {
    std::size_t n = 0;
    for (std::string_view name : enum_names_by_value<E>) n += name.empty() ? 0 : 1;
    return n;
}

// Named values in ascending order, and their names (raw() is the Source of InternedNames).
template <class E>
struct EnumTable {
    static constexpr std::size_t count = named_count<E>();

    static consteval std::array<std::string_view, count> raw() {
        std::array<std::string_view, count> out{};
        std::size_t at = 0;
        for (std::string_view name : enum_names_by_value<E>)
            if (!name.empty()) out[at++] = name;
        return out;
    }
    static constexpr std::array<E, count> values = [] {
        std::array<E, count> out{};
        const auto& all = enum_names_by_value<E>;
        std::size_t at = 0;
        for (std::size_t i = 0; i < all.size(); ++i)
            if (!all[i].empty()) out[at++] = static_cast<E>(enum_span<E>().min + static_cast<long long>(i));
        return out;
    }();
};

} // namespace reflect::detail
} // namespace laminate
