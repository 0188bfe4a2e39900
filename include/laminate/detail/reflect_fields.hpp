#pragma once
// Field names and references: automatic for aggregates, from laminate::Describe<T> otherwise.
//
// Names of an aggregate's members come from the compiler: structured bindings give the address
// of each member of a static object of type T, the addresses become template arguments, and
// __PRETTY_FUNCTION__ spells them as "&object.member". The object is a union member that is
// never constructed, so T needs no default constructor. A plain `extern` declaration (no
// definition) would emit nothing, but g++ rejects it for local types and clang for types in an
// anonymous namespace. With the union, clang emits nothing either; g++ keeps one zeroed object of
// sizeof(T) in .bss per reflected type and registers its empty destructor at startup.
// clang 14 accepts a pointer to a subobject as a template argument only inside a class, hence
// MemberAddress.

#include <laminate/detail/reflect_count.hpp>
#include <laminate/detail/reflect_pretty.hpp>
#include <laminate/detail/reflect_visit.hpp>

#include <array>
#include <cstddef>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>

namespace laminate {

// Customization point for types that cannot be reflected automatically (classes with
// constructors or private members, base classes with data...), or to override what automatic
// reflection finds. A specialization lists pointers to data members and the name of each:
//
//   template <> struct laminate::Describe<Account> {
//       static constexpr auto members = std::tuple{&Account::id_, &Account::owner_};
//       static constexpr std::array<std::string_view, 2> names{"id", "owner"};
//   };
//
// LAMINATE_REFLECT(Account, id_, owner_) writes the same with the member names as names. For
// private members, Account declares `friend struct laminate::Describe<Account>;`.
template <class T>
struct Describe {
    using laminate_primary_template = void; // marks "not specialized"
};

namespace reflect::detail {

template <class T>
concept described = !requires { typename Describe<T>::laminate_primary_template; };

template <class T, class P>
concept member_pointer_of = std::is_member_object_pointer_v<P> && requires(T& object, P pointer) { object.*pointer; };

template <class T, class Tuple>
struct MemberPointerTuple : std::false_type {};

template <class T, class... P>
struct MemberPointerTuple<T, std::tuple<P...>> : std::bool_constant<(member_pointer_of<T, P> && ...)> {};

template <class T>
consteval bool description_is_valid() {
    using D = Describe<T>;
    if constexpr (!requires { D::members; D::names; }) {
        return false;
    } else {
        using Members = std::remove_cvref_t<decltype(D::members)>;
        if constexpr (!MemberPointerTuple<T, Members>::value) return false;
        else if constexpr (!requires { std::string_view(D::names[0]); } && std::tuple_size_v<Members> != 0) return false;
        else return std::size(D::names) == std::tuple_size_v<Members>;
    }
}

template <class T>
consteval bool explain_description() {
    using D = Describe<T>;
    static_assert(requires { D::members; },
                  "laminate::Describe<T> needs `static constexpr auto members = std::tuple{&T::a, &T::b};`");
    static_assert(requires { D::names; },
                  "laminate::Describe<T> needs `static constexpr std::array<std::string_view, N> names{\"a\", \"b\"};`");
    if constexpr (requires { D::members; D::names; }) {
        using Members = std::remove_cvref_t<decltype(D::members)>;
        static_assert(MemberPointerTuple<T, Members>::value,
                      "laminate::Describe<T>::members must be a std::tuple of pointers to data members of T");
        static_assert(description_is_valid<T>(),
                      "laminate::Describe<T>::names must hold one string per entry of members");
    }
    return true;
}

// Backing storage whose address is taken, never read: a union member is not constructed.
template <class T>
union FakeObject {
    char nothing;
    T value;
    constexpr FakeObject() : nothing() {}
    constexpr ~FakeObject() {}
};

template <class T>
constinit inline FakeObject<T> fake_object{};

struct MemberAddress {
    const void* address;
};

template <class T, std::size_t N>
consteval std::array<MemberAddress, N> member_addresses() {
    return visit_members<N>(fake_object<T>.value,
                            [](auto&... member) { return std::array<MemberAddress, N>{MemberAddress{&member}...}; });
}

// The names as views into the compiler's spelling, parsed once per type.
template <class T, std::size_t N, const std::array<MemberAddress, N>& Addresses>
consteval std::array<std::string_view, N> parse_member_names() {
    return []<std::size_t... I>(std::index_sequence<I...>) {
        // One instantiation for all fields; one per field if that spelling is unreadable.
        constexpr auto args = split_arguments<N>(pretty_args<Addresses[I]...>());
        if constexpr (args.count == N) {
            std::array<std::string_view, N> out{};
            for (std::size_t i = 0; i < N; ++i) out[i] = last_identifier(args.items[i]);
            return out;
        } else {
            return std::array<std::string_view, N>{
                last_identifier(split_arguments<1>(pretty_args<Addresses[I]>()).items[0])...};
        }
    }(std::make_index_sequence<N>{});
}

template <class T>
struct AggregateNames {
    static constexpr std::size_t count = layout<T>.fields;
    static constexpr std::array<MemberAddress, count> addresses = member_addresses<T, count>();
    static constexpr std::array<std::string_view, count> parsed = [] {
        if constexpr (count == 0) return std::array<std::string_view, 0>{};
        else return parse_member_names<T, count, addresses>();
    }();
    static consteval std::array<std::string_view, count> raw() { return parsed; }
};

template <std::size_t N>
inline constexpr std::array<std::string_view, N> no_names{};

template <class T>
struct DescribedNames {
    static constexpr std::size_t count = std::tuple_size_v<std::remove_cvref_t<decltype(Describe<T>::members)>>;
    static consteval std::array<std::string_view, count> raw() {
        std::array<std::string_view, count> out{};
        for (std::size_t i = 0; i < count; ++i) out[i] = std::string_view(Describe<T>::names[i]);
        return out;
    }
};

} // namespace reflect::detail
} // namespace laminate
