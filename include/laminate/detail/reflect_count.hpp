#pragma once
// How many fields an aggregate has, and why a type cannot be reflected automatically.
//
// C++20 has no reflection, but aggregate initialization answers questions about a type:
// T{p, p, p} compiles only if T has at least three elements that p converts to. The probes
// below are declared and never defined; they appear only in requires-expressions.
//
// A C array member is the hard part: brace elision lets one int[3] member take three
// initializers, so the largest initializer count (the "flat capacity") overcounts. Each field
// is then probed in place: an empty braced list `{}` initializes a whole member, array or not,
// so if T{p x C, {}, p x (rest - 1)} still compiles, the member at flat position C takes one
// initializer; otherwise it is an array and the rest tells how many it takes.

#include <cstddef>
#include <tuple>
#include <type_traits>
#include <utility>

namespace laminate::reflect {

// Why a type cannot be reflected; `None` when it can. The order is the order in which the
// checks run, so a type reports its first obstacle. enum_to_string names them.
enum class Obstacle : unsigned char {
    None,
    Reference,               // T is a reference type
    NotAClass,               // scalars, arrays, functions, void
    UnionType,               // which member of a union is active is unknowable
    Incomplete,              // T is only declared
    NotAggregate,            // a user-declared constructor, private/protected members, virtuals
    TupleLike,               // std::tuple_size<T> is specialized (std::array...): not fields
    NotDefaultInitializable, // T{} does not compile: a reference member, or no default ctor
    BaseWithData,            // a base class with data members (empty bases are fine)
    UnsupportedMember,       // a member that cannot be initialized from a single value
    TooManyFields,           // more than max_fields fields
    InvalidDescription,      // a laminate::Describe<T> specialization without members/names
};

// Structured bindings must be spelled out, one case per count; this is how many are.
inline constexpr std::size_t max_fields = 64;

namespace detail {

// Converts to any member type. Arrays are the exception (a conversion function cannot return
// one), which is what makes brace elision visible. Const so that a member's own constructor
// template taking a forwarding reference (std::optional, std::any) wins instead of clashing.
struct AnyMember {
    template <class U>
    operator U() const noexcept;
};

// Converts only to a base class of T: what the leading elements of a derived aggregate are.
template <class T>
struct AnyBase {
    template <class U>
        requires(std::is_base_of_v<U, T> && !std::is_same_v<U, T>)
    operator U() const noexcept;
};

template <class T>
struct AnyEmptyBase {
    template <class U>
        requires(std::is_base_of_v<U, T> && !std::is_same_v<U, T> && std::is_empty_v<U>)
    operator U() const noexcept;
};

template <class P, std::size_t>
using repeat = P;

template <class T, class Seq>
struct Probe;

template <class T, std::size_t... I>
struct Probe<T, std::index_sequence<I...>> {
    static constexpr bool members = requires { T{repeat<AnyMember, I>{}...}; };
    static constexpr bool bases = requires { T{repeat<AnyBase<T>, I>{}...}; };
    static constexpr bool empty_bases = requires { T{repeat<AnyEmptyBase<T>, I>{}...}; };
    // After the flat capacity, an element that still accepts {} is one the probe could not fill.
    static constexpr bool members_then_braced = requires { T{repeat<AnyMember, I>{}..., {}}; };
};

template <class T, class Before, class After>
struct BracedProbe;

template <class T, std::size_t... B, std::size_t... A>
struct BracedProbe<T, std::index_sequence<B...>, std::index_sequence<A...>> {
    static constexpr bool value = requires { T{repeat<AnyMember, B>{}..., {}, repeat<AnyMember, A>{}...}; };
};

template <class T, std::size_t N>
inline constexpr bool init_members = Probe<T, std::make_index_sequence<N>>::members;

// T{p x Before, {}, p x After} compiles.
template <class T, std::size_t Before, std::size_t After>
inline constexpr bool braced_at =
    BracedProbe<T, std::make_index_sequence<Before>, std::make_index_sequence<After>>::value;

// The largest N in [Lo, Hi) for which Ok<N> holds, given Ok<Lo> holds and Ok is monotone.
template <template <std::size_t> class Ok, std::size_t Lo, std::size_t Hi>
consteval std::size_t last_true() {
    if constexpr (Hi - Lo <= 1) {
        return Lo;
    } else {
        constexpr std::size_t mid = Lo + (Hi - Lo) / 2;
        if constexpr (Ok<mid>::value) return last_true<Ok, mid, Hi>();
        else return last_true<Ok, Lo, mid>();
    }
}

template <class T>
struct MembersOk {
    template <std::size_t N>
    struct test : std::bool_constant<init_members<T, N>> {};
};

// Beyond this the type is unreasonable for laminate (and the probes would get slow).
inline constexpr std::size_t max_flat_capacity = std::size_t{1} << 14;

// How many initializers T{p, p, ...} takes: gallop over powers of two, then bisect.
template <class T, std::size_t Hi = 1>
consteval std::size_t flat_capacity() {
    if constexpr (Hi > max_flat_capacity) return max_flat_capacity + 1;
    else if constexpr (init_members<T, Hi>) return flat_capacity<T, Hi * 2>();
    else return last_true<MembersOk<T>::template test, Hi / 2, Hi>();
}

template <class T, std::size_t K = 0>
consteval std::size_t base_count() {
    if constexpr (K < 16 && Probe<T, std::make_index_sequence<K + 1>>::bases) return base_count<T, K + 1>();
    else return K;
}

template <class T, std::size_t C, std::size_t M>
struct RestOk {
    template <std::size_t R>
    struct test : std::bool_constant<braced_at<T, C, R>> {};
};

// How many flat initializers the member at flat position C takes.
template <class T, std::size_t C, std::size_t M>
consteval std::size_t width_at() {
    if constexpr (braced_at<T, C, M - C - 1>) {
        return 1;
    } else if constexpr (!braced_at<T, C, 0>) {
        return 1; // rejects {} (no default constructor, initialized by its default member
                  // initializer): arrays of such types are rare enough to not be told apart
    } else {
        return M - C - last_true<RestOk<T, C, M>::template test, 0, M - C - 1>();
    }
}

template <class T, std::size_t C, std::size_t M, std::size_t Count>
consteval std::size_t count_fields_from() {
    if constexpr (C >= M || Count > max_fields) return Count;
    else return count_fields_from<T, C + width_at<T, C, M>(), M, Count + 1>();
}

struct Layout {
    Obstacle obstacle = Obstacle::None;
    std::size_t fields = 0;
};

template <class T>
consteval Layout aggregate_layout() {
    constexpr std::size_t capacity = flat_capacity<T>();
    if constexpr (capacity > max_flat_capacity) {
        return {Obstacle::TooManyFields, capacity};
    } else {
        constexpr std::size_t bases = base_count<T>();
        if constexpr (bases > 0 && !Probe<T, std::make_index_sequence<bases>>::empty_bases) {
            return {Obstacle::BaseWithData, 0};
        } else if constexpr (Probe<T, std::make_index_sequence<capacity>>::members_then_braced) {
            return {Obstacle::UnsupportedMember, 0};
        } else {
            constexpr std::size_t fields = count_fields_from<T, bases, capacity, 0>();
            if constexpr (fields > max_fields) return {Obstacle::TooManyFields, fields};
            else return {Obstacle::None, fields};
        }
    }
}

template <class T>
consteval Layout layout_of() {
    if constexpr (std::is_reference_v<T>) return {Obstacle::Reference, 0};
    else if constexpr (std::is_union_v<T>) return {Obstacle::UnionType, 0};
    else if constexpr (!std::is_class_v<T>) return {Obstacle::NotAClass, 0};
    else if constexpr (!requires { sizeof(T); }) return {Obstacle::Incomplete, 0};
    else if constexpr (!std::is_aggregate_v<T>) return {Obstacle::NotAggregate, 0};
    else if constexpr (requires { std::tuple_size<T>::value; }) return {Obstacle::TupleLike, 0};
    else if constexpr (!requires { T{}; }) return {Obstacle::NotDefaultInitializable, 0};
    else return aggregate_layout<T>();
}

template <class T>
inline constexpr Layout layout = layout_of<std::remove_cv_t<T>>();

} // namespace detail
} // namespace laminate::reflect
