#pragma once
// Typed shaping: plain C++ structs from what a model emitted, with a diagnostic for every
// liberty taken.
//
//   struct SearchFlights {
//       std::string origin, destination, depart_date;
//       std::uint8_t passengers;                // "2" -> 2 (Info)
//       bool nonstop;                           // "true" -> true (Info)
//       std::string cabin;
//       std::optional<std::uint32_t> max_price; // absent -> nullopt (Defaulted, Info)
//       laminate::Overflow extra;               // unknown members, kept (Preserved, Info)
//   };
//   auto shaped = laminate::from_llm_response<SearchFlights>(text);   // lenient by default
//   if (!shaped) return shaped.error();
//   auto& [flights, diagnostics] = *shaped;
//
// Entry points (each takes ShapeOptions, or just a Mode):
//   from_value<T>(value)          a Value already parsed
//   from_json<T>(text)            tolerant parse first: repairs become Repaired diagnostics
//   from_llm_response<T>(text)    extraction first: the candidate that shapes into T wins; a
//                                 bare answer ("TWO", "yes", "12,111") for a scalar T; several
//                                 objects in prose for a std::vector T (Warning); a tool-call
//                                 envelope's arguments when they fit and the envelope does not
//                                 (or fits only by ignoring them: T declares none of its keys)
//                                 (envelope_unwrapped, Warning; ShapeOptions::expected_tool)
//   shape_lenient / shape_absorbing<T>(value)   the mode forced; absorbing fills .residual
//   shape_strict<T>(value)        Result<T>: exact types, no unknown member, first error
//   to_value(x) / to_json(x)      back to JSON, Overflow members re-inserted
//
// Supported members: bool, 8..64-bit integers, float, double, std::string, enums (by name),
// nested structs (aggregates, or described with LAMINATE_REFLECT / laminate::Describe),
// std::optional, std::vector, std::array (length checked), std::map / std::unordered_map with
// string keys, std::variant (every alternative tried at Exact first: one that needs no coercion
// wins; else at the policy's level, the lowest-risk fit), laminate::Value,
// laminate::Overflow, laminate::Open<E>, and any T with a laminate::Shaper<T>. Per-field keys,
// defaults, constraints and modes: laminate::Fields<T> (field_options.hpp).
//
// Semantics:
// * Keys match exactly (the field's key, then its aliases); at BestEffort also ignoring case,
//   spaces, '_' and '-' (a Warning).
// * A missing std::optional is nullopt and a missing defaulted field keeps its initializer
//   (Defaulted, Info, unless the policy does not record defaults); any other missing field is a
//   missing_field error in every mode. null in an optional is nullopt; a null sentinel too at
//   BestEffort (a Warning).
// * null (or a null sentinel) in a number or bool field with no declared default is missing_field:
//   0 or false would be invented. In Lenient mode, when fewer than half of a std::vector's
//   elements are invalid, they are dropped and the others kept (Dropped, Risky, at each element);
//   otherwise every element's error is reported.
// * Unknown members: into the struct's Overflow (Preserved), else dropped (Dropped) under
//   UnknownFields::Drop or kept in Shaped::residual (Preserved) under Keep; unknown_field under
//   Error. Every diagnostic is Info.
// * Errors: under ErrorCollection::All every failing field is reported; one failure comes back
//   as itself (its kind and path), several as one shape_error whose message lists each
//   ("$.items[2].quantity: ...") and ShapeOptions::field_errors receives them all. Under First
//   shaping stops at the first.
// * Errors and diagnostics never quote string values from the input; unknown keys are named.

#include <laminate/coerce.hpp>
#include <laminate/detail/shape_fast.hpp>
#include <laminate/detail/shape_read.hpp>
#include <laminate/detail/shape_state.hpp>
#include <laminate/detail/shape_write.hpp>
#include <laminate/diagnostic.hpp>
#include <laminate/extract.hpp>
#include <laminate/field_options.hpp>
#include <laminate/mode.hpp>
#include <laminate/open.hpp>
#include <laminate/overflow.hpp>
#include <laminate/parse.hpp>
#include <laminate/reflect.hpp>
#include <laminate/result.hpp>
#include <laminate/shape_options.hpp>
#include <laminate/shaped.hpp>
#include <laminate/value.hpp>

#include <algorithm>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

namespace laminate {

namespace shape_detail {

template <class T>
Result<Shaped<T>> finish(Shaped<T>&& out, ShapeState& st, const ShapeOptions& options) {
    if (auto e = conclude(st, options, out.diagnostics, out.residual)) return std::move(*e);
    return std::move(out);
}

// Shapes a parse into `out` (fresh: its value as T{} leaves it, no diagnostics, an empty
// residual), the parser's diagnostics first; the error, if any. The entry points build `out`
// inside the Result they return by name, so the struct is never moved on the way out.
template <class T>
std::optional<Error> shape_parsed_into(Parsed&& parsed, const ShapeOptions& options, Shaped<T>& out) {
    ShapeState st(options);
    st.diagnostics = std::move(parsed.diagnostics);
    read_value(parsed.value, out.value, st);
    return conclude(st, options, out.diagnostics, out.residual);
}

template <class T>
Result<Shaped<T>> shape_parsed(Parsed&& parsed, const ShapeOptions& options) {
    static_assert(check_shapeable<T>());
    Result<Shaped<T>> r(std::in_place);
    if (auto e = shape_parsed_into(std::move(parsed), options, *r)) r = std::move(*e);
    return r;
}

// Targets a bare answer can be: an enum, a bool, a number, a string (or an optional of one).
// Structure is never invented around a scalar (no object or array target takes one).
template <class T>
inline constexpr bool bare_target_v = std::is_enum_v<T> || is_open_v<T> || std::is_arithmetic_v<T> ||
                                      std::is_same_v<T, std::string>;
template <class T>
inline constexpr bool bare_target_v<std::optional<T>> = bare_target_v<T>;

// The parse a bare answer stands for: the text as one string, with the Info diagnostic that
// says so (its offset in the whole text); quotes or markdown around all of it ('Paris',
// **Paris**, `Paris`) removed, a Warning for each layer (bare_answer_quotes, bare_answer_markup).
Parsed bare_parse(std::string_view text, std::string_view bare);

// Several objects in the text (fences, tags, spans in prose) for an array target: the array of
// them, with a Warning; nullopt when there are fewer than two.
std::optional<Parsed> objects_as_array(std::string_view text, const ParseOptions& parse_options,
                                       const ExtractOptions& options);

// Whether T takes a tool-call envelope as it is: it declares one of the envelope's keys, or it
// takes any object (Value, a map). Other targets are given an envelope's arguments.
template <class T>
bool takes_envelopes() {
    if constexpr (is_optional_v<T>) {
        return takes_envelopes<typename T::value_type>();
    } else if constexpr (std::is_same_v<T, Value> || is_map_v<T> || has_shaper<T>) {
        return true;
    } else if constexpr (std::is_class_v<T> && reflect::is_reflectable<T> && !std::is_same_v<T, Overflow> &&
                         !is_vector_v<T> && !is_std_array_v<T> && !is_variant_v<T> && !is_open_v<T> &&
                         !std::is_same_v<T, std::string>) {
        for (std::string_view key : struct_table<T>().keys)
            if (is_envelope_key(key)) return true;
        return false;
    } else {
        return false;
    }
}

// A struct read field by field (its keys from struct_table<T>()).
template <class T>
inline constexpr bool is_field_struct_v =
    std::is_class_v<T> && reflect::is_reflectable<T> && !std::is_same_v<T, Overflow> && !is_vector_v<T> &&
    !is_std_array_v<T> && !is_variant_v<T> && !is_open_v<T> && !std::is_same_v<T, std::string> &&
    !std::is_same_v<T, Value> && !is_map_v<T> && !has_shaper<T>;

// Whether the arguments of the envelope `candidate` hold one of T's keys at least (T a struct
// that takes no envelope).
template <class T>
bool arguments_hold_fields(const Value& candidate, const ParseOptions& parse_options) {
    if constexpr (is_optional_v<T>) {
        return arguments_hold_fields<typename T::value_type>(candidate, parse_options);
    } else if constexpr (is_field_struct_v<T>) {
        auto envelope = tool_envelope(candidate, parse_options);
        if (!envelope) return false;
        for (std::string_view key : struct_table<T>().keys)
            if (envelope->arguments.find(key)) return true;
        return false;
    } else {
        return false;
    }
}

// Whether `key` is one of T's (a struct's field or alias): then an object of that one key is T's
// data, not a wrapper around it.
template <class T>
bool declares_key(std::string_view key) {
    if constexpr (is_optional_v<T>) {
        return declares_key<typename T::value_type>(key);
    } else if constexpr (is_field_struct_v<T>) {
        const auto& keys = struct_table<T>().keys;
        return std::find(keys.begin(), keys.end(), key) != keys.end();
    } else {
        return false;
    }
}

inline ShapeOptions with_mode(ShapeOptions options, ModeSetting mode) {
    options.mode = mode;
    return options;
}

// Text where a parsed Value belongs (Value converts from a string, so without these overloads
// `shape_strict<T>(model_text)` would shape one JSON string and fail at run time).
template <class A>
concept text_argument = std::is_convertible_v<const A&, std::string_view> && !std::is_same_v<std::remove_cvref_t<A>, Value>;

template <class A>
inline constexpr bool text_is_not_a_value = false;

} // namespace shape_detail

// These take a parsed laminate::Value. Given text, they do not compile: read text with
// from_json<T>(text, {.mode = Mode::Strict}) or from_llm_response<T>(text, {.mode = ...}).
#define LAMINATE_DETAIL_TEXT_IS_NOT_A_VALUE(function)                                                              \
    template <class T, shape_detail::text_argument Text, class... Rest>                                            \
    Result<Shaped<T>> function(const Text&, Rest&&...) {                                                           \
        static_assert(shape_detail::text_is_not_a_value<Text>,                                                     \
                      "laminate::" #function "<T> takes a parsed laminate::Value, not text: for model text use "   \
                      "from_json<T>(text, {.mode = laminate::Mode::Strict}) (JSON) or from_llm_response<T>(text, " \
                      "{.mode = ...}) (JSON in prose, fences or tags).");                                           \
        return Error(ErrorKind::InvalidArgument, "text given where a Value belongs");                             \
    }
LAMINATE_DETAIL_TEXT_IS_NOT_A_VALUE(from_value)
LAMINATE_DETAIL_TEXT_IS_NOT_A_VALUE(shape_lenient)
LAMINATE_DETAIL_TEXT_IS_NOT_A_VALUE(shape_absorbing)
#undef LAMINATE_DETAIL_TEXT_IS_NOT_A_VALUE

template <class T, shape_detail::text_argument Text, class... Rest>
Result<T> shape_strict(const Text&, Rest&&...) {
    static_assert(shape_detail::text_is_not_a_value<Text>,
                  "laminate::shape_strict<T> takes a parsed laminate::Value, not text: for model text use "
                  "from_json<T>(text, {.mode = laminate::Mode::Strict}) (JSON) or from_llm_response<T>(text, "
                  "{.mode = laminate::Mode::Strict}) (JSON in prose, fences or tags).");
    return Error(ErrorKind::InvalidArgument, "text given where a Value belongs");
}

template <class T>
Result<Shaped<T>> from_value(const Value& value, const ShapeOptions& options = {}) {
    static_assert(shape_detail::check_shapeable<T>());
    shape_detail::ShapeState st(options);
    Shaped<T> out;
    shape_detail::read_value(value, out.value, st);
    return shape_detail::finish(std::move(out), st, options);
}

template <class T>
Result<Shaped<T>> from_value(const Value& value, Mode mode) {
    return from_value<T>(value, ShapeOptions{.mode = mode});
}

template <class T>
Result<Shaped<T>> from_json(std::string_view text, const ShapeOptions& options = {}) {
    static_assert(shape_detail::check_shapeable<T>());
    const ParseOptions parse_options = shape_detail::parse_options_for(options);
    // One Result, filled in place and returned by name on every path (no move of the struct).
    Result<Shaped<T>> r(std::in_place);
    Shaped<T>& out = *r;
    if constexpr (shape_detail::fast_struct_v<T>) {
        // Valid JSON of the common case straight into T (shape_fast.hpp); anything else, and any
        // error, goes the Value path below from the start.
        // The repairs it makes itself are only those the parser would make (repair on).
        shape_detail::ShapeState st(options);
        shape_detail::FastRepairs repairs{text.data(), parse_options.max_repairs, false, {},
                                          parse_options.diagnostics_per_site};
        if (shape_detail::fast_shape(text, out.value, st, parse_options.max_size, parse_options.max_depth,
                               parse_options.repair ? &repairs : nullptr)) {
            if (!repairs.list.empty()) shape_detail::put_repairs_first(repairs.list, st.diagnostics);
            if (auto e = shape_detail::conclude(st, options, out.diagnostics, out.residual)) r = std::move(*e);
            return r;
        }
        out.value = T{}; // what the fast path wrote before it gave up (st is dropped with it)
    }
    auto parsed = parse_detail::parse_for_shaping(text, parse_options);
    if (!parsed) r = std::move(parsed).error();
    else if (auto e = shape_detail::shape_parsed_into(std::move(*parsed), options, out)) r = std::move(*e);
    return r;
}

template <class T>
Result<Shaped<T>> from_json(std::string_view text, Mode mode) {
    return from_json<T>(text, ShapeOptions{.mode = mode});
}

template <class T>
Result<Shaped<T>> from_llm_response(std::string_view text, const ShapeOptions& options = {}) {
    static_assert(shape_detail::check_shapeable<T>());
    const ParseOptions parse_options = shape_detail::parse_options_for(options);
    std::optional<shape_detail::ShapeState> winner_state;
    std::optional<Shaped<T>> winner;
    bool winner_is_array = false, other_tool = false, half_envelope = false;
    static const bool takes_envelopes = shape_detail::takes_envelopes<T>();
    // extract() returns the first candidate accepted, so the last one shaped here is it.
    auto accept = [&](const Value& candidate) {
        shape_detail::ShapeState st(options);
        Shaped<T> out;
        // A tool-call envelope: its arguments, when they fit and the envelope does not (tried
        // first when T has no key of an envelope: the envelope could only seem to fit).
        enum class Unwrap { Taken, OtherTool, NoFit };
        auto arguments = [&]() -> Unwrap {
            auto envelope = shape_detail::tool_envelope(candidate, parse_options);
            if (!envelope) return Unwrap::NoFit;
            if (!options.expected_tool.empty() && envelope->name != options.expected_tool) return Unwrap::OtherTool;
            st = shape_detail::ShapeState(options);
            out.value = T{}; // what an earlier reading wrote (its state is dropped with st)
            st.diagnostics = std::move(envelope->diagnostics);
            shape_detail::read_value(envelope->arguments, out.value, st);
            if (st.errors.empty()) return Unwrap::Taken;
            st = shape_detail::ShapeState(options);
            out.value = T{}; // what an earlier reading wrote (its state is dropped with st)
            return Unwrap::NoFit;
        };
        const bool envelope = shape_detail::looks_like_envelope(candidate);
        Unwrap u = envelope && !takes_envelopes ? arguments() : Unwrap::NoFit;
        // Arguments that hold T's fields but do not fit, around an envelope that would fit only
        // by dropping them: neither reading is clearly right (the tool's name would become data).
        if (u == Unwrap::NoFit && envelope && !takes_envelopes && shape_detail::arguments_hold_fields<T>(candidate, parse_options)) {
            half_envelope = true;
            return false;
        }
        if (u == Unwrap::NoFit) {
            shape_detail::read_value(candidate, out.value, st);
            if (!st.errors.empty()) u = envelope && takes_envelopes ? arguments() : Unwrap::NoFit;
            else u = Unwrap::Taken;
        }
        // A one-member object around what fits ({"result": {...}}, {"items": [...]}): the value
        // inside, said, when the wrapper does not fit and its key is none of T's.
        if (u == Unwrap::NoFit && !envelope)
            if (const Value* inner = shape_detail::wrapped_payload(candidate);
                inner && !shape_detail::declares_key<T>(candidate.members()[0].key())) {
                st = shape_detail::ShapeState(options);
                out.value = T{}; // what the reading of the wrapper wrote
                st.diagnostics.push_back(shape_detail::wrapper_note());
                shape_detail::read_value(*inner, out.value, st);
                if (st.errors.empty()) u = Unwrap::Taken;
            }
        if (u == Unwrap::OtherTool) other_tool = true;
        if (u != Unwrap::Taken) return false;
        winner_state.emplace(std::move(st));
        winner.emplace(std::move(out));
        winner_is_array = candidate.is_array();
        return true;
    };
    auto extracted = extract(text, parse_options, options.extract, accept);
    if constexpr (shape_detail::is_vector_v<T>) {
        // An array target and several objects in prose: all of them, not the first one wrapped.
        if (!extracted || !winner_is_array)
            if (auto many = shape_detail::objects_as_array(text, parse_options, options.extract))
                if (auto r = shape_detail::shape_parsed<T>(std::move(*many), options)) return r;
    }
    if (!extracted && other_tool) return shape_detail::wrong_tool(options.expected_tool);
    if (!extracted && half_envelope) return shape_detail::envelope_fits_neither();
    if (!extracted) {
        // A scalar target and an answer that is one bare word, number or sentence: that is the
        // payload ("TWO", "yes", "12,111"). Its own shaping error stands when no JSON is found.
        if constexpr (shape_detail::bare_target_v<T>)
            if (options.mode.policy.syntax_repair)
                if (auto bare = bare_answer(text, options.extract)) {
                    auto r = shape_detail::shape_parsed<T>(shape_detail::bare_parse(text, *bare), options);
                    if (r || extracted.error().kind() == ErrorKind::NoPayload) return r;
                }
        // Nothing shapes into T: report why the payload that parses does not.
        auto payload = extract(text, parse_options, options.extract);
        if (!payload) return std::move(extracted).error();
        return shape_detail::shape_parsed<T>(std::move(payload->parsed), options);
    }
    Diagnostics& ds = winner_state->diagnostics;
    ds.insert(ds.begin(), std::make_move_iterator(extracted->parsed.diagnostics.begin()),
              std::make_move_iterator(extracted->parsed.diagnostics.end()));
    return shape_detail::finish(std::move(*winner), *winner_state, options);
}

template <class T>
Result<Shaped<T>> from_llm_response(std::string_view text, Mode mode) {
    return from_llm_response<T>(text, ShapeOptions{.mode = mode});
}

// BestEffort coercion, unknown members dropped or into Overflow, every error collected.
template <class T>
Result<Shaped<T>> shape_lenient(const Value& value, ShapeOptions options = {}) {
    return from_value<T>(value, shape_detail::with_mode(std::move(options), Mode::Lenient));
}

// SafeWidening coercion, unknown members kept (Overflow or Shaped::residual), every error collected.
template <class T>
Result<Shaped<T>> shape_absorbing(const Value& value, ShapeOptions options = {}) {
    return from_value<T>(value, shape_detail::with_mode(std::move(options), Mode::Absorbing));
}

// Exact JSON types, no unknown member, the first error. Missing optional and defaulted fields
// are still filled.
template <class T>
Result<T> shape_strict(const Value& value, ShapeOptions options = {}) {
    auto shaped = from_value<T>(value, shape_detail::with_mode(std::move(options), Mode::Strict));
    if (!shaped) return std::move(shaped).error();
    return std::move(shaped->value);
}

template <class T>
Value to_value(const T& value) {
    static_assert(shape_detail::check_shapeable<T>());
    return shape_detail::write_value(value);
}

template <class T>
std::string to_json(const T& value) {
    return shape_detail::write_value(value).dump();
}

} // namespace laminate
