#pragma once
// Reading a Value into a C++ type: the compile-time dispatch of typed shaping. Every function
// returns whether the value was read without error; errors and diagnostics go to the state.

#include <laminate/coerce.hpp>
#include <laminate/detail/shape_state.hpp>
#include <laminate/detail/shape_traits.hpp>
#include <laminate/field_options.hpp>
#include <laminate/reflect.hpp>

#include <array>
#include <cmath>
#include <cstddef>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

namespace laminate::shape_detail {

template <class T>
bool read_value(const Value& in, T& out, ShapeState& st);

// The name diagnostics and errors use for a target type: "uint8", "string", "CabinClass".
template <class T>
std::string_view type_label() noexcept {
    if constexpr (std::is_same_v<T, bool>) return "bool";
    else if constexpr (is_coercible_scalar_v<T> && std::is_integral_v<T>) return int_target<T>().name;
    else if constexpr (std::is_same_v<T, float>) return "float32";
    else if constexpr (std::is_same_v<T, double>) return "float64";
    else if constexpr (std::is_same_v<T, std::string>) return "string";
    else if constexpr (std::is_same_v<T, Value>) return "value";
    else if constexpr (std::is_same_v<T, std::monostate>) return "null";
    else if constexpr (is_vector_v<T> || is_std_array_v<T>) return "array";
    else if constexpr (is_map_v<T> || std::is_same_v<T, Overflow>) return "object";
    else if constexpr (is_optional_v<T>) return type_label<typename T::value_type>();
    else if constexpr (is_open_v<T>) return type_label<typename T::enum_type>();
    else {
        static const std::string_view label = type_label_from_pretty(__PRETTY_FUNCTION__);
        return label;
    }
}

// Whether a member of type T can be shaped, looking through optional, vector, array, map and
// variant to their elements; a reflectable struct counts as shapeable here (its own members are
// checked when it is read, so a recursive type does not recurse at compile time).
template <class T>
consteval bool member_type_supported() {
    if constexpr (has_shaper<T> || std::is_same_v<T, Value> || std::is_same_v<T, Overflow> ||
                  std::is_same_v<T, std::monostate> || std::is_same_v<T, std::string> || is_coercible_scalar_v<T> ||
                  std::is_enum_v<T> || is_open_v<T>)
        return true;
    else if constexpr (is_optional_v<T> || is_vector_v<T> || is_std_array_v<T>)
        return member_type_supported<typename T::value_type>();
    else if constexpr (is_map_v<T>)
        return member_type_supported<typename T::mapped_type>();
    else if constexpr (is_variant_v<T>)
        return []<class... A>(std::type_identity<std::variant<A...>>) {
            return (member_type_supported<A>() && ...);
        }(std::type_identity<T>{});
    else
        return std::is_class_v<T> && reflect::is_reflectable<T>;
}

// A member's name as a template argument, so that the compiler prints it in the error of
// member_not_shapeable (g++: `member = MemberName<5>{"name"}`).
template <std::size_t N>
struct MemberName {
    char text[N] = {};
    consteval MemberName(std::string_view name) {
        for (std::size_t i = 0; i + 1 < N; ++i) text[i] = name[i];
    }
};

template <class S, std::size_t I>
consteval auto member_name_of() {
    constexpr std::string_view name = reflect::field_names<S>()[I];
    return MemberName<name.size() + 1>(name);
}

template <class T>
inline constexpr bool is_non_owning_text_v =
    std::is_same_v<T, std::string_view> || std::is_same_v<T, const char*> || std::is_same_v<T, char*>;

// Fails to compile with the struct, the member's name and its type in the "In instantiation of"
// line, and the fix in the message.
template <class Struct, MemberName member, class Type>
consteval bool member_not_shapeable() {
    static_assert(!is_non_owning_text_v<Type>,
                  "laminate::shape: a std::string_view or char* member cannot hold text read from JSON (it "
                  "would point into a buffer that is gone); declare it std::string. The struct and the member "
                  "are named in the 'In instantiation of' line above.");
    static_assert(is_non_owning_text_v<Type> || !std::is_pointer_v<Type>,
                  "laminate::shape: a pointer member has no JSON form; hold the value itself (std::optional when "
                  "it may be absent). The struct and the member are named in the 'In instantiation of' line above.");
    static_assert(is_non_owning_text_v<Type> || std::is_pointer_v<Type>,
                  "laminate::shape: this member's type cannot be shaped (the struct, the member and its type are "
                  "named in the 'In instantiation of' line above). Supported: bool, 8..64-bit integers, float, "
                  "double, std::string, enums, std::optional, std::vector, std::array, std::map / "
                  "std::unordered_map with string keys, std::variant, laminate::Value, laminate::Overflow, "
                  "laminate::Open<E>, reflectable structs, and any T with a laminate::Shaper<T> specialization.");
    return false;
}

template <class S, std::size_t I, class M>
consteval bool check_member() {
    if constexpr (member_type_supported<M>()) return true;
    else return member_not_shapeable<S, member_name_of<S, I>(), M>();
}

template <class S, std::size_t... I>
consteval bool check_members(std::index_sequence<I...>) {
    return []<class... M>(reflect::type_list<M...>) {
        return (check_member<S, I, std::tuple_element_t<I, std::tuple<M...>>>() && ...);
    }(reflect::field_types<S>{});
}

// Explains, in a static_assert, why T cannot be shaped; true when it can. A struct's members are
// checked one level down (each named in the error).
template <class T>
consteval bool check_shapeable() {
    if constexpr (has_shaper<T> || std::is_same_v<T, Value> || std::is_same_v<T, Overflow> ||
                  std::is_same_v<T, std::monostate> || std::is_same_v<T, std::string> || is_coercible_scalar_v<T> ||
                  std::is_enum_v<T> || is_open_v<T> || is_optional_v<T> || is_vector_v<T> || is_std_array_v<T> ||
                  is_map_v<T> || is_variant_v<T>) {
        return true;
    } else if constexpr (is_non_owning_text_v<T>) {
        static_assert(dependent_false<T>,
                      "laminate::shape: std::string_view and char* cannot hold text read from JSON (it would "
                      "point into a buffer that is gone); use std::string.");
        return false;
    } else if constexpr (!std::is_class_v<T>) {
        static_assert(dependent_false<T>,
                      "laminate::shape: unsupported member type. Supported: bool, 8..64-bit integers, float, "
                      "double, std::string, enums, std::optional, std::vector, std::array, std::map / "
                      "std::unordered_map with string keys, std::variant, laminate::Value, laminate::Overflow, "
                      "laminate::Open<E>, reflectable structs, and any T with a laminate::Shaper<T> specialization.");
        return false;
    } else if constexpr (!reflect::is_reflectable<T>) {
        static_assert(reflect::detail::explain_obstacle<T>());
        static_assert(reflect::is_reflectable<T>,
                      "laminate::shape: T cannot be shaped: it is not reflectable (see the reason above). Describe "
                      "it with LAMINATE_REFLECT(T, members...) or a laminate::Describe<T> specialization, or give "
                      "it its own JSON form with a laminate::Shaper<T> specialization (from_value / to_value).");
        return false;
    } else {
        return check_members<T>(std::make_index_sequence<reflect::field_count<T>>{});
    }
}

template <class E>
EnumTarget enum_target() noexcept {
    const auto& names = reflect::enum_names<E>();
    return EnumTarget{std::span<const std::string_view>(names.data(), names.size()), type_label<E>()};
}

template <class T>
const StructTable& struct_table() {
    static const StructTable table = [] {
        constexpr std::size_t n = reflect::field_count<T>;
        constexpr auto overflow = []<class... M>(reflect::type_list<M...>) {
            return std::array<bool, n>{std::is_same_v<M, Overflow>...};
        }(reflect::field_types<T>{});
        FieldList specs;
        if constexpr (has_field_options<T>) specs = Fields<T>::options();
        const auto& names = reflect::field_names<T>();
        return build_struct_table(std::span<const std::string_view>(names.data(), names.size()),
                                  std::span<const bool>(overflow.data(), overflow.size()), std::move(specs),
                                  type_label<T>());
    }();
    return table;
}

// std::string and Value hold a null sentinel faithfully; every other target reads it as null.
template <class T>
inline constexpr bool holds_sentinels_v = std::is_same_v<T, std::string> || std::is_same_v<T, Value>;

template <class M>
void check_constraints(const M& value, const FieldSpec& spec, ShapeState& st) {
    if constexpr (is_optional_v<M>) {
        if (value) check_constraints(*value, spec, st);
    } else if constexpr (std::is_arithmetic_v<M> && !std::is_same_v<M, bool>) {
        if (spec.minimum || spec.maximum) check_number(static_cast<double>(value), spec, st);
    } else if constexpr (std::is_same_v<M, std::string>) {
        check_text(value, spec, st);
    } else if constexpr (is_vector_v<M> || is_std_array_v<M> || is_map_v<M>) {
        if (spec.items_min || spec.items_max) check_count(value.size(), spec, st);
    }
}

// A field set from configuration (FieldSpec::override_with): read at Exact, whatever the input.
template <class M>
void read_override(const Slot& slot, M& member, const FieldSpec& spec, ShapeState& st) {
    const ReadMark before = mark(st);
    const CoercionLevel level = st.policy.coercion;
    st.policy.coercion = CoercionLevel::Exact;
    read_value(*spec.override_value, member, st);
    st.policy.coercion = level;
    note_override(slot.value != nullptr, before, st);
}

// The member types that can be read with no conversion at all: std::string, bool, double, a
// declared enum, an integer type. read_direct and the text fast path (fast_direct) both key on
// this one list.
template <class U>
inline constexpr bool is_direct_member_v = std::is_same_v<U, std::string> || std::is_same_v<U, bool> ||
                                           std::is_same_v<U, double> ||
                                           (std::is_enum_v<U> && !is_coercible_scalar_v<U>) ||
                                           (is_coercible_scalar_v<U> && std::is_integral_v<U>);

// The exact-type cases read_value handles with no diagnostic and no error at any level or mode (a
// string into std::string, a bool into bool, a canonical integer into an integer type that holds
// it, a finite lossless non-integral number into double, a declared enum name, null into an
// optional), written straight into `out`: the caller needs no path for them. False, `out`
// untouched, for anything else.
template <class T>
bool read_direct(const Value& in, T& out) {
    if constexpr (has_shaper<T>) {
        return false;
    } else if constexpr (is_optional_v<T>) {
        using U = typename T::value_type;
        if (in.is_null()) {
            out.reset();
            return true;
        }
        if constexpr (is_direct_member_v<U>) {
            U v{};
            if (!read_direct(in, v)) return false;
            out.emplace(std::move(v));
            return true;
        } else {
            return false;
        }
    } else if constexpr (std::is_same_v<T, std::string>) {
        if (!in.is_string()) return false;
        out.assign(in.as_string());
        return true;
    } else if constexpr (std::is_same_v<T, bool>) {
        if (!in.is_bool()) return false;
        out = in.as_bool();
        return true;
    } else if constexpr (std::is_same_v<T, double>) {
        // What coerce_float reads as exact: a decimal is its nearest double. Integers (a coercion
        // at Exact), inexact lexemes (the underflow and rounding checks) and non-finite values
        // (overflow, repaired NaN) are the general reading's.
        if (!in.is_number() || in.number_kind() != NumberKind::Double || !in.is_lossless()) return false;
        const double d = in.as_double();
        if (!std::isfinite(d)) return false;
        out = d;
        return true;
    } else if constexpr (std::is_enum_v<T> && !is_coercible_scalar_v<T>) {
        if (!in.is_string()) return false;
        const std::string_view text = in.as_string();
        const auto& names = reflect::enum_names<T>();
        for (std::size_t i = 0; i < names.size(); ++i) {
            if (names[i] == text) {
                out = reflect::enum_values<T>()[i];
                return true;
            }
        }
        return false;
    } else if constexpr (is_coercible_scalar_v<T> && std::is_integral_v<T>) {
        std::int64_t v = 0;
        if (!in.is_number() || in.number_kind() != NumberKind::Int || !in.is_lossless() || !in.lexeme().empty() ||
            !in.get_int64(v) || !std::in_range<T>(v))
            return false;
        out = static_cast<T>(v);
        return true;
    } else {
        return false;
    }
}

// A vector, or an optional vector, of exact-type items (not bool, which takes a path per item):
// an array of such items read_direct can read in full, with no path and no diagnostic.
template <class M>
struct direct_items : std::false_type {};
template <class U, class A>
struct direct_items<std::vector<U, A>>
    : std::bool_constant<is_direct_member_v<U> && !std::is_same_v<U, bool> && !has_shaper<U> &&
                         !has_shaper<std::vector<U, A>>> {};
template <class U>
struct direct_items<std::optional<U>> : std::bool_constant<direct_items<U>::value && !has_shaper<std::optional<U>>> {};

// Every item of the array `in` read by read_direct into out, as read_optional and read_vector
// would (emplace, clear, reserve, emplace_back each): true when all were. False at the first item
// that is not exact, with `out` partly filled: the general reading then starts over (it empties
// the vector first), so each item is looked at twice at most.
template <class M>
bool read_direct_items(const Value& in, M& out) {
    if constexpr (is_optional_v<M>) {
        return read_direct_items(in, out.emplace());
    } else {
        const std::span<const Value> items = in.items();
        out.clear();
        out.reserve(items.size());
        for (const Value& item : items)
            if (!read_direct(item, out.emplace_back())) return false;
        return true;
    }
}

template <class M>
void read_field(const Slot& slot, M& member, const FieldInfo& field, ShapeState& st) {
    // A field with no options, matched exactly, whose value needs nothing done: no path to build.
    if (!field.spec && slot.value && !slot.loose) {
        if (read_direct(*slot.value, member)) return;
        if constexpr (direct_items<M>::value)
            if (slot.value->is_array() && read_direct_items(*slot.value, member)) return;
    }
    // An absent field (not overridden): its Defaulted diagnostic made in place at the field's path,
    // the path itself not built (missing_field_at builds it only when it has to).
    if (!slot.value && !(field.spec && field.spec->override_value))
        return missing_field_at(field, is_optional_v<M>, st);
    PathScope path(st, field.key);
    PolicyScope policy(st, field.spec);
    if (field.spec && field.spec->override_value) return read_override(slot, member, *field.spec, st);
    if (slot.loose) note_loose_key(field, st);
    if constexpr (!is_optional_v<M>)
        if (field.spec && field.spec->has_default && null_keeps_default(*slot.value, !holds_sentinels_v<M>, st))
            return;
    // null in a number or bool field with no declared default: no value was given, and 0 or
    // false would be invented (not "read as the default": none was declared).
    if constexpr (std::is_arithmetic_v<M>)
        if (!(field.spec && field.spec->has_default) && is_null_like(*slot.value, st.coerce()))
            return (void)null_without_default(field, st);
    // default_on_error keeps the initializer's value to fall back on.
    std::optional<M> fallback;
    if constexpr (std::is_copy_constructible_v<M>)
        if (field.spec && field.spec->error_default) fallback.emplace(member);
    const ReadMark before = mark(st);
    if (read_value(*slot.value, member, st) && st.errors.size() == before.errors && field.spec)
        check_constraints(member, *field.spec, st);
    if (fallback && st.errors.size() != before.errors) {
        error_to_default(before, st);
        member = std::move(*fallback);
    }
}

// The addresses of `object`'s fields in declaration order, from one visit of all of them.
template <class T, class Ptr = std::conditional_t<std::is_const_v<T>, const void*, void*>>
std::array<Ptr, reflect::field_count<std::remove_cv_t<T>>> field_addresses(T& object) noexcept {
    std::array<Ptr, reflect::field_count<std::remove_cv_t<T>>> out{};
    reflect::visit_fields(object, [&out](auto&... member) noexcept {
        std::size_t i = 0;
        ((out[i++] = static_cast<Ptr>(std::addressof(member))), ...);
        (void)i;
    });
    return out;
}

// read_field for a member given by its address: one function per member type, not per field,
// so a wide struct instantiates (and the compiler optimizes) each type's reading once.
using ReadFieldFn = void (*)(const Slot&, void*, const FieldInfo&, ShapeState&);
template <class M>
void read_field_at(const Slot& slot, void* member, const FieldInfo& field, ShapeState& st) {
    read_field(slot, *static_cast<M*>(member), field, st);
}
template <class M>
constexpr ReadFieldFn read_field_fn() noexcept {
    if constexpr (std::is_same_v<M, Overflow>) return nullptr; // filled from the unknown members
    else return &read_field_at<M>;
}

template <class T>
bool read_struct(const Value& in, T& out, ShapeState& st) {
    static_assert(check_shapeable<T>()); // every member, named when one cannot be shaped
    const StructTable& table = struct_table<T>();
    if (table.invalid) return st.fail(*table.invalid);
    Value storage;
    auto object = coerce_object(in, st.coerce(), storage);
    if (!object) return st.fail(std::move(object).error());
    const std::size_t errors = st.errors.size();
    std::array<Slot, reflect::field_count<T>> slots{};
    std::vector<UnknownMember> unknown;
    if (!match_members(**object, table, slots, unknown, st)) return false;
    static constexpr auto reads = []<class... M>(reflect::type_list<M...>) {
        return std::array<ReadFieldFn, sizeof...(M)>{read_field_fn<M>()...};
    }(reflect::field_types<T>{});
    const auto members = field_addresses(out);
    bool overflow_done = false;
    for (std::size_t i = 0; i < reads.size() && !st.stopped; ++i) {
        if (reads[i]) {
            reads[i](slots[i], members[i], table.fields[i], st);
        } else {
            if (!overflow_done) keep_unknown(**object, unknown, static_cast<Overflow*>(members[i]), st);
            overflow_done = true;
        }
    }
    if (!overflow_done && !st.stopped)
        keep_unknown(**object, unknown, nullptr, st, false, !unknown.empty() && any_field_absent(slots));
    return st.errors.size() == errors;
}

template <class T>
bool read_optional(const Value& in, std::optional<T>& out, ShapeState& st) {
    if (in.is_null()) {
        out.reset();
        return true;
    }
    if constexpr (!holds_sentinels_v<T>) {
        auto ctx = st.coerce();
        if (is_null_like(in, ctx)) {
            (void)coerce_null(in, ctx); // records the sentinel's Warning
            out.reset();
            return true;
        }
    }
    out.emplace();
    return read_value(in, *out, st);
}

template <class T, class Out>
bool read_elements(std::span<const Value> items, Out& out, ShapeState& st) {
    const std::size_t errors = st.errors.size();
    std::vector<ElementFailure> failures; // Lenient drops a minority of invalid elements
    for (std::size_t i = 0; i < items.size() && !st.stopped; ++i) {
        if constexpr (is_vector_v<Out> && !std::is_same_v<T, bool>) {
            auto& item = out.emplace_back();
            if (read_direct(items[i], item)) continue; // nothing recorded: no path needed
            PathScope path(st, i);
            const ReadMark before = mark(st);
            if constexpr (is_array_only_v<T>) {
                if (!refuses_wrapping(items[i], false, st)) read_value(items[i], item, st);
            } else {
                read_value(items[i], item, st);
            }
            note_element(failures, i, before, st);
        } else if constexpr (is_vector_v<Out>) {
            PathScope path(st, i);
            bool b = false;
            const ReadMark before = mark(st);
            read_value(items[i], b, st);
            note_element(failures, i, before, st);
            out.push_back(b);
        } else {
            PathScope path(st, i);
            if constexpr (is_array_only_v<T>)
                if (refuses_wrapping(items[i], false, st)) continue;
            read_value(items[i], out[i], st);
        }
    }
    if constexpr (is_vector_v<Out>)
        if (!failures.empty() && drop_failed_elements(failures, items.size(), st))
            for (auto f = failures.rbegin(); f != failures.rend(); ++f)
                out.erase(out.begin() + static_cast<std::ptrdiff_t>(f->index));
    return st.errors.size() == errors;
}

template <class T, class A>
bool read_vector(const Value& in, std::vector<T, A>& out, ShapeState& st) {
    if constexpr (is_array_only_v<T>)
        if (refuses_wrapping(in, true, st)) return false;
    Value storage;
    auto items = coerce_array(in, st.coerce(), storage);
    if (!items) return st.fail(std::move(items).error());
    out.clear();
    out.reserve(items->size());
    return read_elements<T>(*items, out, st);
}

template <class T, std::size_t N>
bool read_array(const Value& in, std::array<T, N>& out, ShapeState& st) {
    if constexpr (is_array_only_v<T>)
        if (refuses_wrapping(in, true, st)) return false;
    Value storage;
    auto items = coerce_array(in, st.coerce(), storage);
    if (!items) return st.fail(std::move(items).error());
    if (items->size() != N) return array_length_mismatch(N, items->size(), st);
    return read_elements<T>(*items, out, st);
}

template <class Map>
bool read_map(const Value& in, Map& out, ShapeState& st) {
    static_assert(std::is_constructible_v<typename Map::key_type, std::string_view> ||
                      std::is_same_v<typename Map::key_type, std::string>,
                  "laminate: maps are shaped from JSON objects and need string keys");
    Value storage;
    auto object = coerce_object(in, st.coerce(), storage);
    if (!object) return st.fail(std::move(object).error());
    const std::size_t errors = st.errors.size();
    out.clear();
    for (const Member& m : (*object)->members()) {
        if (st.stopped) break;
        PathScope path(st, m.key());
        typename Map::mapped_type element{};
        if (read_value(m.value, element, st)) out.insert_or_assign(typename Map::key_type(m.key()), std::move(element));
    }
    return st.errors.size() == errors;
}

template <class T>
Value write_value(const T& v); // shape_write.hpp: an alternative's JSON, to compare readings

// Tries every alternative in order, first at the Exact level: one that takes the value with no
// coercion wins over any that needs one. When none does, at the policy's level: an alternative
// that keeps the value's JSON type ("Yes" as an enum's yes, not true), then the lowest risk, then
// the fewest diagnostics, then the first. There the choice is a Warning when another alternative
// gives another value as well (as a schema's anyOf does): "1" for variant<bool, int> is true or
// 1, and the order of the alternatives is no reason to pick one.
template <class... A>
bool read_variant(const Value& in, std::variant<A...>& out, ShapeState& st) {
    constexpr std::size_t n = sizeof...(A);
    const std::array<std::string_view, n> labels{type_label<A>()...};
    std::array<std::optional<Error>, n> failures;
    std::optional<ShapeState> best;
    std::optional<std::variant<A...>> best_value;
    std::size_t fits = 0, best_index = 0;
    AlternativeRanking ranking; // (see there: type kept, risk, count, first; ties)
    const bool coercing = st.policy.coercion != CoercionLevel::Exact;
    for (int pass = coercing ? 0 : 1; pass < 2 && !best; ++pass) [&]<std::size_t... I>(std::index_sequence<I...>) {
        (
            [&] {
                using Alt = std::variant_alternative_t<I, std::variant<A...>>;
                ShapeState trial = st.trial();
                if (pass == 0) trial.policy.coercion = CoercionLevel::Exact;
                Alt candidate{};
                if (read_value(in, candidate, trial) && trial.errors.empty()) {
                    ++fits;
                    // Exact fits are ranked by risk and count alone: no JSON written for them.
                    Value json = pass == 0 ? Value() : write_value(candidate);
                    const bool keeps_type = pass == 0 || json.type() == in.type();
                    if (ranking.offer(trial, std::move(json), keeps_type)) {
                        best.emplace(std::move(trial));
                        best_value.emplace(std::in_place_index<I>, std::move(candidate));
                        best_index = I;
                    }
                } else if (!trial.errors.empty()) {
                    failures[I] = std::move(trial.errors.front());
                }
            }(),
            ...);
    }(std::make_index_sequence<n>{});
    if (best) best->policy = st.policy;
    if (!best) {
        std::vector<Error> errs;
        for (auto& f : failures)
            if (f) errs.push_back(std::move(*f));
        return variant_failed(labels, errs, st);
    }
    if (fits > 1) note_variant_choice(labels[best_index], fits, n, in, st, ranking.contested() ? Risk::Warning : Risk::Info);
    st.adopt(std::move(*best));
    out = std::move(*best_value);
    return true;
}

template <class T>
bool read_value(const Value& in, T& out, ShapeState& st) {
    if constexpr (has_shaper<T>) {
        Result<T> r = Shaper<T>::from_value(in, st.coerce());
        if (!r) return st.fail(std::move(r).error());
        out = std::move(*r);
        return true;
    } else if constexpr (std::is_same_v<T, Value>) {
        auto r = coerce_any(in, st.coerce());
        if (!r) return st.fail(std::move(r).error());
        out = std::move(*r);
        return true;
    } else if constexpr (std::is_same_v<T, Overflow>) {
        return read_overflow(in, out, st);
    } else if constexpr (std::is_same_v<T, std::monostate>) {
        auto r = coerce_null(in, st.coerce());
        return r ? true : st.fail(std::move(r).error());
    } else if constexpr (is_open_v<T>) {
        using E = typename T::enum_type;
        std::optional<std::size_t> index;
        std::string unknown;
        if (!read_open_enum(in, enum_target<E>(), st, index, unknown)) return false;
        out = index ? T(reflect::enum_values<E>()[*index]) : T::unrecognized(std::move(unknown));
        return true;
    } else if constexpr (is_coercible_scalar_v<T> || std::is_same_v<T, std::string>) {
        if constexpr (std::is_same_v<T, std::string>)
            if (const Value* e = single_scalar(in, st)) return read_value(*e, out, st);
        auto r = coerce_to<T>(in, st.coerce());
        if (!r) return st.fail(std::move(r).error());
        out = std::move(*r);
        return true;
    } else if constexpr (std::is_enum_v<T>) {
        auto r = coerce_enum(in, enum_target<T>(), st.coerce());
        if (!r) return st.fail(std::move(r).error());
        out = reflect::enum_values<T>()[*r];
        return true;
    } else if constexpr (is_optional_v<T>) {
        return read_optional(in, out, st);
    } else if constexpr (is_vector_v<T>) {
        return read_vector(in, out, st);
    } else if constexpr (is_std_array_v<T>) {
        return read_array(in, out, st);
    } else if constexpr (is_map_v<T>) {
        return read_map(in, out, st);
    } else if constexpr (is_variant_v<T>) {
        return read_variant(in, out, st);
    } else if constexpr (!std::is_class_v<T> || !reflect::is_reflectable<T>) {
        static_assert(check_shapeable<T>());
        return false;
    } else {
        return read_struct(in, out, st);
    }
}

} // namespace laminate::shape_detail
