// Schema-driven shaping, reading: a Value made to fit a compiled Node, with typed shaping's
// coercion engine (coerce.hpp) and its run-time steps (detail/shape_state.hpp): key matching,
// unknown members, missing fields, constraints, variant choice, errors.
#include "core/ascii.hpp"
#include "core/diagnostic_append.hpp"
#include "schema/shape/node.hpp"
#include "schema/shape/member_builder.hpp"
#include "schema/shape/steps.hpp"
#include "schema/validate/formats.hpp"
#include "schema/shape/source_literal.hpp"

#include <re2/re2.h>

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <limits>
#include <span>
#include <string>
#include <utility>
#include <vector>

namespace laminate::schema_detail {
namespace {

using shape_detail::FieldInfo;
using shape_detail::PathScope;
using shape_detail::ShapeState;
using shape_detail::Slot;

// Deeper input than this (possible with recursive schemas and hand-built values) is an error.
constexpr std::size_t kMaxInputDepth = 512;

template <class T>
bool take(Result<T>&& r, Value& out, ShapeState& st) {
    if (!r) return st.fail(std::move(r).error());
    if constexpr (std::is_same_v<T, std::nullptr_t>) out = Value(nullptr);
    else out = Value(std::move(*r));
    return true;
}

// A number literal that is an integer beyond int64: an unsigned 64-bit one above its maximum, or
// one beyond 64 bits (kept exactly as its lexeme).
bool beyond_64_bits(const Value& in) {
    if (!in.is_number()) return false;
    if (in.is_lossless()) {
        std::uint64_t u = 0;
        return in.number_kind() == NumberKind::UInt && in.get_uint64(u) &&
               u > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max());
    }
    std::string_view lex = in.lexeme();
    if (!lex.empty() && lex.front() == '-') lex.remove_prefix(1);
    if (lex.size() < 19) return false;
    for (char c : lex)
        if (c < '0' || c > '9') return false;
    return true;
}

// A JSON Schema integer with no range narrower than int64 (not a Java int, no bounds in range).
bool unbounded_integer(const Node& n) {
    const IntTarget& t = n.int_target;
    return t.name == "integer" && t.is_signed && t.min == std::numeric_limits<std::int64_t>::min() &&
           t.max == static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max());
}

bool not_finite(ShapeState& st) {
    return st.fail(Error(ErrorKind::TypeMismatch, "expected a finite number, got NaN or an infinity (JSON cannot hold it)"));
}

// Whether null is a value of the node: of one of its alternatives, when it has them (each
// reachable one looked at once, see each_alternative).
bool accepts_null(const Node& n) {
    return !each_alternative(n, [](const Node& x) {
        if (!x.alternatives.empty()) return true;
        bool takes = false;
        if (x.has_enum) {
            for (const Value& v : x.enum_values)
                if (v.is_null()) takes = true;
        } else {
            takes = x.types == 0 ? !x.never : (x.types & t_null) != 0;
        }
        return !takes; // found: stop
    });
}

// A number or boolean node (no enum, no alternatives): reading null there would invent 0 or false.
bool zero_would_be_invented(const Node& n) {
    return n.alternatives.empty() && !n.has_enum && n.types != 0 && (n.types & ~(t_integer | t_number | t_bool)) == 0;
}

// Strings hold null sentinels faithfully ("none" is a fine string), as typed shaping's strings do.
bool holds_sentinels(const Node& n) { return n.types == 0 || (n.types & t_string) != 0; }

// Whether a node's values may be arrays themselves (then wrapping a value in an array for it is
// ambiguous: [x] or [[x]], and under a recursive schema it would never end).
bool may_be_array(const Node& n) {
    return !each_alternative(n, [](const Node& x) {
        if (!x.alternatives.empty()) return true;
        return !(x.types == 0 ? !x.never : (x.types & t_array) != 0); // found: stop
    });
}

// A node whose values are arrays only (or null): no alternatives, no enum.
bool only_arrays(const Node& n) {
    return n.alternatives.empty() && !n.has_enum && !n.never && (n.types & ~t_null) == t_array;
}

// An element that an array node would read by wrapping it in an array: a number, a boolean, a
// string that spells no array (a stringified array is parsed, not wrapped).
bool wrapped_element(const Value& v) {
    if (v.is_number() || v.is_bool()) return true;
    if (!v.is_string()) return false;
    std::string_view s = v.as_string();
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\n' || s.front() == '\r'))
        s.remove_prefix(1);
    return s.empty() || s.front() != '[';
}

bool read_array(const Value& in, const Node& n, Value& out, ShapeState& st, std::size_t depth) {
    // (A string that spells an array is parsed, not wrapped: "[[1, 2], [3]]" is two elements.)
    if (!in.is_array() && !(in.is_string() && !wrapped_element(in)) && n.items && may_be_array(*n.items))
        return st.fail(Error(ErrorKind::TypeMismatch, "expected an array, got " + std::string(in.is_object() ? "an object" : "a single value") +
                                                           " (its elements may be arrays: wrapping it would be a guess)"));
    Value storage;
    auto items = coerce_array(in, st.coerce(), storage);
    if (!items) return st.fail(std::move(items).error());
    const std::size_t errors = st.errors.size();
    std::vector<shape_detail::ElementFailure> failures;
    out = Value::array();
    for (std::size_t i = 0; i < items->size() && !st.stopped; ++i) {
        PathScope path(st, i);
        const Node* element = i < n.prefix_items.size() ? n.prefix_items[i] : n.items;
        if (!element && n.items_forbidden) {
            st.fail(Error(ErrorKind::TypeMismatch, "expected at most " + std::to_string(n.prefix_items.size()) +
                                                        " elements, got " + std::to_string(items->size())));
            break;
        }
        Value v;
        if (element) {
            const shape_detail::ReadMark before = shape_detail::mark(st);
            const Value& item = (*items)[i];
            // [1, 2] where each element is an array: wrapping each ([[1], [2]]) is as much a guess
            // as wrapping the whole ([[1, 2]]). An error, not a reading.
            if (only_arrays(*element) && wrapped_element(item)) {
                st.fail(Error(ErrorKind::TypeMismatch, "expected an array, got a single value "
                                                       "(wrapping each element, or the whole array, would be a guess)"));
                if (n.prefix_items.empty()) shape_detail::note_element(failures, i, before, st);
                continue;
            }
            if (read_node(item, *element, v, st, depth + 1)) out.push_back(std::move(v));
            else if (n.prefix_items.empty()) shape_detail::note_element(failures, i, before, st);
        } else {
            out.push_back((*items)[i]);
        }
    }
    // Lenient: a minority of invalid elements is dropped (they were never added to out).
    if (!failures.empty()) shape_detail::drop_failed_elements(failures, items->size(), st);
    return st.errors.size() == errors;
}

// The Defaulted diagnostic of an absent property (its default filled in, or left empty), built in
// place as missing_field_at builds typed shaping's: the path made once from the current path and
// the property's segment, the message as typed shaping words it (shape_state.hpp).
void note_absent(std::string_view segment, std::string_view note, ShapeState& st, Risk risk = Risk::Info) {
    if (st.diagnostics.capacity() == 0) st.diagnostics.reserve(4); // as note() does
    Diagnostic& d = core_detail::append_diagnostic(st.diagnostics);
    if (st.path.empty()) {
        // At the root, the segment without its leading dot is the whole path: one copy.
        if (!segment.empty() && segment.front() == '.') segment.remove_prefix(1);
        core_detail::fill_empty(d.path, segment.data(), segment.size());
    } else {
        d.path.reserve(st.path.size() + segment.size());
        d.path.append(st.path).append(segment);
    }
    d.kind = DiagnosticKind::Defaulted;
    d.risk = risk;
    core_detail::fill_empty(d.message, note.data(), note.size());
}

constexpr std::string_view kRequiredDefaulted = "required but absent: set to the schema's default";

} // namespace

void absent_property(std::string_view key, const char* key_end, const Value* default_value, std::string_view segment,
                     bool required, MemberBuilder& out, ShapeState& st) {
    if (default_value) ::new (static_cast<void*>(&out.open(key, key_end))) Value(*default_value);
    if (required && default_value) return note_absent(segment, kRequiredDefaulted, st, Risk::Warning); // every mode
    if (st.policy.record_defaults)
        note_absent(segment, default_value ? shape_detail::kDefaultedFilled : shape_detail::kDefaultedLeftEmpty, st);
}

void read_property(const Property& p, const Slot& slot, MemberBuilder& out, ShapeState& st, std::size_t depth) {
    const Node& child = *p.schema;
    if (!slot.value && (child.default_value || !p.required)) {
        // missing_field's outcome for a defaulted or optional field (plus the default itself),
        // without entering the property's path: no diagnostic needs it but the one built here.
        return absent_property(p.key, readable_end(p.key), child.default_value ? &*child.default_value : nullptr,
                               p.text->path_segment, p.required, out, st);
    }
    PropertyPathScope path(st, p);
    const FieldInfo field{p.key, p.key, nullptr, false};
    if (!slot.value) return shape_detail::missing_field(field, false, st); // required: the error
    if (slot.loose) shape_detail::note_loose_key(field, st);
    const Value& v = *slot.value;
    if (!accepts_null(child)) {
        // null where the schema has a default: the default stands in for it (BestEffort, Warning).
        if (child.default_value && shape_detail::null_keeps_default(v, !holds_sentinels(child), st)) {
            out.add(p.key, Value(*child.default_value));
            return;
        }
        // null in a required property with no default: the model gave no value, and the type's
        // zero, "", [] or {} would be invented (not "read as the default": none was declared). A
        // null sentinel counts where the property holds no strings ("N/A" is a fine string).
        if (p.required && !child.default_value &&
            (v.is_null() || (zero_would_be_invented(child) && is_null_like(v, st.coerce()))))
            return (void)st.fail(Error(ErrorKind::MissingField, "expected a value for required field '" + p.key +
                                                                     "', got null and the schema declares no default"));
        // null in an optional property: absent, as null in a std::optional member is nullopt.
        if (!p.required && !child.default_value) {
            if (v.is_null()) return;
            auto ctx = st.coerce();
            if (!holds_sentinels(child) && is_null_like(v, ctx)) {
                (void)coerce_null(v, ctx); // records the sentinel's Warning
                return;
            }
        }
    }
    Value shaped;
    const std::size_t errors = st.errors.size();
    if (read_node(v, child, shaped, st, depth + 1) && st.errors.size() == errors) out.add(p.key, std::move(shaped));
}

namespace {

// The schema of the first patternProperties entry whose pattern matches `key`, or null.
const Node* pattern_schema(const Node& n, std::string_view key) {
    for (const PatternProperty& p : n.rare->pattern_properties)
        if (RE2::PartialMatch(key, *p.pattern)) return p.schema;
    return nullptr;
}

// Members no property takes whose key a patternProperties entry matches: the schema declares
// them, so they are shaped by the pattern's schema (never additional, whatever
// additionalProperties or the mode say). They leave `unknown`; a second value for a declared
// property stays there.
void read_pattern_members(const Value& object, std::vector<shape_detail::UnknownMember>& unknown, const Node& n,
                          MemberBuilder& out, ShapeState& st, std::size_t depth) {
    const auto members = object.members();
    std::size_t kept = 0;
    for (const shape_detail::UnknownMember& u : unknown) {
        const Member& m = members[u.member];
        const Node* schema = u.field.empty() && !st.stopped ? pattern_schema(n, m.key()) : nullptr;
        if (!schema) {
            unknown[kept++] = u;
            continue;
        }
        if (out.find(m.key())) { // the same key twice: the first value stays, as for a property
            unknown[kept++] = u;
            continue;
        }
        PathScope path(st, m.key());
        Value v;
        const std::size_t errors = st.errors.size();
        if (read_node(m.value, *schema, v, st, depth + 1) && st.errors.size() == errors) out.add(m.key(), std::move(v));
    }
    unknown.resize(kept);
}

void read_unknown(const Value& object, std::span<const shape_detail::UnknownMember> unknown, const Node& n, MemberBuilder& out,
                  ShapeState& st, std::size_t depth, bool field_absent) {
    if (unknown.empty()) return;
    if (n.additional == Additional::Forbidden || st.policy.unknown_fields == UnknownFields::Error)
        return shape_detail::keep_unknown(object, unknown, nullptr, st, /*by_schema=*/true, field_absent);
    const auto members = object.members();
    for (const shape_detail::UnknownMember& u : unknown) {
        if (st.stopped) return;
        const Member& m = members[u.member];
        if (out.find(m.key())) { // a second key for a property already given: the first one stays
            PathScope path(st, m.key());
            st.note(DiagnosticKind::Dropped, Risk::Warning, "dropped a second value for a field already given");
            continue;
        }
        if (!u.field.empty()) {
            // {"count": 1, "COUNT": 5}: a key the schema allows as a property of its own, that
            // also names a declared one ignoring case and separators. Kept, and never quietly
            // when its value differs from the one the declared property took.
            PathScope path(st, m.key());
            const bool conflict = u.slot && u.slot->value && !(*u.slot->value == m.value);
            st.note(DiagnosticKind::Preserved, conflict ? Risk::Warning : Risk::Info,
                    "kept as a property of its own a key that also names field '" + std::string(u.field) +
                        "' ignoring case and separators" + (conflict ? ", with another value" : ""),
                    "emit one key per field");
        }
        if (n.additional == Additional::Schema) {
            PathScope path(st, m.key());
            Value v;
            const std::size_t errors = st.errors.size();
            if (read_node(m.value, *n.additional_schema, v, st, depth + 1) && st.errors.size() == errors)
                out.add(m.key(), std::move(v));
        } else {
            out.add(m.key(), Value(m.value)); // allowed by the schema: kept as it is
        }
    }
}

bool read_object(const Value& in, const Node& n, Value& out, ShapeState& st, std::size_t depth) {
    Value storage;
    auto object = coerce_object(in, st.coerce(), storage);
    if (!object) return st.fail(std::move(object).error());
    const Value& obj = **object;
    const std::size_t errors = st.errors.size();
    MemberBuilder members;
    const std::size_t count = n.properties.size();
    // Small objects (every BFCL function) match on the stack.
    std::array<Slot, 16> small{};
    std::vector<Slot> large;
    std::span<Slot> slots = count <= small.size() ? std::span<Slot>(small.data(), count)
                                                  : std::span<Slot>((large.resize(count), large.data()), count);
    std::vector<shape_detail::UnknownMember> unknown;
    if (count) {
        if (!shape_detail::match_members(obj, n.table.get(n.properties), slots, unknown, st)) return false;
    } else {
        for (std::size_t i = 0; i < obj.size(); ++i) unknown.push_back({i, {}, nullptr});
    }
    for (std::size_t i = 0; i < count && !st.stopped; ++i) read_property(n.properties[i], slots[i], members, st, depth);
    if (!unknown.empty() && n.rare && !n.rare->pattern_properties.empty() && !st.stopped)
        read_pattern_members(obj, unknown, n, members, st, depth);
    if (!st.stopped)
        read_unknown(obj, unknown, n, members, st, depth, !unknown.empty() && shape_detail::any_field_absent(slots));
    out = members.finish();
    return st.errors.size() == errors;
}

// One JSON type of the node.
bool read_typed(const Value& in, unsigned type, const Node& n, Value& out, ShapeState& st, std::size_t depth) {
    switch (type) {
    case t_null: return take(coerce_null(in, st.coerce()), out, st);
    case t_bool: return take(coerce_bool(in, st.coerce()), out, st);
    case t_integer:
        // JSON Schema's integer has no range of its own: an integer literal beyond 64 bits is
        // exact as its lexeme (Value keeps it), so it is kept as written. A sized target (Java's
        // int, long, a schema's bounds within int64) still says out_of_range.
        if (beyond_64_bits(in) && unbounded_integer(n)) {
            out = in;
            return true;
        }
        if (n.int_target.is_signed) return take(coerce_signed(in, n.int_target, st.coerce()), out, st);
        return take(coerce_unsigned(in, n.int_target, st.coerce()), out, st);
    case t_number:
        if (in.is_number()) { // every JSON number is a number: kept as written (an integer stays one)
            if (!std::isfinite(in.as_double()) && in.is_lossless()) return not_finite(st);
            out = in;
            return true;
        }
        {
            // NaN and the infinities have no JSON spelling: read into a JSON value they would be
            // written as null, a wrong reading that looks like success. An error in every mode.
            // A numeric string with more digits than a double holds keeps them, as the same
            // digits written as a JSON number are kept: "0.1000000000000000055511151231257827"
            // is not 0.1. Only a plain JSON number spelling ("1,234.5" and "$4.99" are read as
            // doubles); the coercion still decides whether a string may be read at all.
            if (in.is_string()) {
                Value exact = Value::number_from_lexeme(core_detail::trim(in.as_string()));
                if (exact.is_number() && !exact.is_lossless()) {
                    Diagnostics scratch; // coerce_float would say "rounded": the digits are kept
                    auto r = coerce_float(in, float64_target, CoerceContext{scratch, st.policy.coercion, st.path, st.null_sentinels});
                    if (!r) return st.fail(std::move(r).error());
                    st.note(DiagnosticKind::Coerced, Risk::Info, "coerced string -> number, every digit kept",
                            "emit numbers as JSON numbers, not strings", "string", n.label);
                    out = std::move(exact);
                    return true;
                }
            }
            auto r = coerce_float(in, float64_target, st.coerce());
            if (r && !std::isfinite(*r)) return not_finite(st);
            return take(std::move(r), out, st);
        }
    case t_string:
        if (in.is_string()) {
            out = in;
            return true;
        }
        // ["a"]: a one-element array reads as its scalar (BestEffort, Warning), as it does for
        // numbers and booleans; not as the array's JSON text. Longer arrays keep their text.
        if (in.is_array() && in.size() == 1 && st.coerce().allows(CoercionLevel::BestEffort)) {
            const Value& e = in.items()[0];
            if (e.is_string() || e.is_number() || e.is_bool()) {
                st.note(DiagnosticKind::Coerced, Risk::Warning, "unwrapped a one-element array",
                        "emit the value itself, not an array around it", "array", n.label);
                return read_typed(e, t_string, n, out, st, depth + 1);
            }
        }
        return take(coerce_string(in, st.coerce()), out, st);
    case t_array: return read_array(in, n, out, st, depth);
    case t_object: return read_object(in, n, out, st, depth);
    default: return take(coerce_any(in, st.coerce()), out, st);
    }
}

// The type bit a JSON value is as written, for a node that allows several.
unsigned direct_type(const Value& in, unsigned types) {
    switch (in.type()) {
    case Type::Null: return types & t_null;
    case Type::Bool: return types & t_bool;
    case Type::Number:
        if (in.is_integer() && (types & t_integer)) return t_integer;
        return types & t_number;
    case Type::String: return types & t_string;
    case Type::Array: return types & t_array;
    case Type::Object: return types & t_object;
    }
    return 0;
}

// Alternatives (anyOf / oneOf nodes, or the types of a type array) tried in turn, as typed
// shaping tries a std::variant's: the lowest risk, then the fewest diagnostics, then the first.
//
// An alternative that takes the value with no coercion at all (every alternative first tried at
// the Exact level) wins over any that needs one: {"a": 1} under the recursive "any JSON value"
// schema is the object, not a string of it nor an array around it. Only when none fits exactly
// are they tried again at the policy's level. Valid input pays for one pass.
//
// In that second pass an alternative that keeps the value's JSON type wins over one that changes
// it, whatever their risks: "Yes" for anyOf [boolean, enum ["yes", "no"]] is the enum's "yes"
// (the schema names that string) rather than true. When fitting alternatives of different types
// give different values, the choice is a Warning either way.
//
// `own_type(i)` says whether alternative i is of the value's own JSON type. When such an
// alternative fails (7 for anyOf [{"type": "integer", "maximum": 5}, {"type": "string"}]) and one
// of another type takes the value by coercion ("7"), the choice is a Warning: the value may be
// one the schema meant to refuse.
template <class Try, class OwnType>
bool choose(std::size_t count, const Value& in, Value& out, ShapeState& st,
            std::span<const std::string_view> labels, Try&& attempt, OwnType&& own_type) {
    std::optional<ShapeState> best;
    shape_detail::AlternativeRanking ranking; // (see there: type kept, risk, count, first; ties)
    std::vector<Error> failures;
    std::size_t fits = 0, best_index = 0;
    bool own_type_failed = false;
    const bool coercing = st.policy.coercion != CoercionLevel::Exact;
    for (int pass = coercing ? 0 : 1; pass < 2 && !best; ++pass) {
        failures.clear();
        for (std::size_t i = 0; i < count; ++i) {
            if (st.trials_left && (*st.trials_left)-- == 0) {
                *st.trials_left = 0;
                return st.fail(Error(ErrorKind::SizeExceeded,
                                     "shaping stopped: the schema's alternatives need more trials than the limit allows"));
            }
            ShapeState trial = st.trial();
            if (pass == 0) trial.policy.coercion = CoercionLevel::Exact;
            Value candidate;
            if (attempt(i, candidate, trial) && trial.errors.empty()) {
                ++fits;
                const bool keeps_type = candidate.type() == in.type();
                if (ranking.offer(trial, std::move(candidate), keeps_type)) {
                    best.emplace(std::move(trial));
                    best_index = i;
                }
            } else if (!trial.errors.empty()) {
                failures.push_back(std::move(trial.errors.front()));
                if (pass == 1 && own_type(i)) own_type_failed = true;
            }
        }
    }
    if (best) best->policy = st.policy;
    if (!best) return shape_detail::variant_failed(labels, failures, st);
    const bool around_own_type = own_type_failed && ranking.best_json().type() != in.type();
    if (fits > 1 || around_own_type)
        shape_detail::note_variant_choice(labels[best_index], fits, count, in, st,
                                          ranking.contested() || around_own_type ? Risk::Warning : Risk::Info);
    st.adopt(std::move(*best));
    out = std::move(ranking.best_json());
    return true;
}

bool read_alternatives(const Value& in, const Node& n, Value& out, ShapeState& st, std::size_t depth) {
    std::vector<std::string_view> labels;
    labels.reserve(n.alternatives.size());
    for (const Node* a : n.alternatives) labels.push_back(a->label);
    return choose(
        n.alternatives.size(), in, out, st, labels,
        [&](std::size_t i, Value& candidate, ShapeState& trial) {
            // (Its limits, pattern and format included: "12" is not a date alternative's.)
            return read_node(in, *n.alternatives[i], candidate, trial, depth + 1);
        },
        [&](std::size_t i) { return direct_type(in, n.alternatives[i]->types) != 0; });
}

bool read_type_union(const Value& in, const Node& n, Value& out, ShapeState& st, std::size_t depth) {
    if (unsigned direct = direct_type(in, n.types)) return read_typed(in, direct, n, out, st, depth);
    // Numbers before bool: a digit string ("1", "0") is a number first, whichever the schema lists first.
    constexpr std::array<unsigned, 7> order{t_null, t_integer, t_number, t_bool, t_string, t_array, t_object};
    constexpr std::array<std::string_view, 7> names{"null", "integer", "number", "bool", "string", "array", "object"};
    std::vector<unsigned> bits;
    std::vector<std::string_view> labels;
    for (std::size_t i = 0; i < order.size(); ++i)
        if (n.types & order[i]) {
            bits.push_back(order[i]);
            labels.push_back(names[i]);
        }
    // A null sentinel ("none", "n/a") where null is allowed reads as null before anything else.
    if ((n.types & t_null) && !(n.types & t_string) && is_null_like(in, st.coerce()))
        return read_typed(in, t_null, n, out, st, depth);
    // (No type is the value's own here: that one was read directly above.)
    return choose(
        bits.size(), in, out, st, labels,
        [&](std::size_t i, Value& candidate, ShapeState& trial) { return read_typed(in, bits[i], n, candidate, trial, depth); },
        [](std::size_t) { return false; });
}

bool read_enum(const Value& in, const Node& n, Value& out, ShapeState& st) {
    if (!n.enum_names.empty()) {
        auto r = coerce_enum(in, EnumTarget{n.enum_names, "enum"}, st.coerce());
        if (!r) return st.fail(std::move(r).error());
        out = n.enum_values[*r];
        return true;
    }
    for (const Value& v : n.enum_values)
        if (v == in) {
            out = v;
            return true;
        }
    // Mixed or non-string entries: the value coerced to each entry's type, the first equal wins.
    for (const Value& v : n.enum_values) {
        Diagnostics scratch;
        CoerceContext ctx{scratch, st.policy.coercion, st.path, st.null_sentinels};
        bool equal = false;
        if (v.is_number()) {
            auto r = coerce_float(in, float64_target, ctx);
            equal = r && Value(*r) == v;
        } else if (v.is_bool()) {
            auto r = coerce_bool(in, ctx);
            equal = r && *r == v.as_bool();
        } else if (v.is_string()) {
            auto r = coerce_string(in, ctx);
            equal = r && *r == v.as_string();
        } else if (v.is_null()) {
            equal = coerce_null(in, ctx).has_value();
        }
        if (equal) {
            for (auto& d : scratch) st.diagnostics.push_back(std::move(d));
            out = v;
            return true;
        }
    }
    return st.fail(Error(ErrorKind::UnknownVariant,
                         "expected one of the " + std::to_string(n.enum_values.size()) + " values the schema allows"));
}

} // namespace

namespace {

constexpr std::size_t kNoEqualItems = static_cast<std::size_t>(-1);
constexpr std::size_t kTooManyComparisons = static_cast<std::size_t>(-2);

// uniqueItems on an array as shaped: the first pair of equal items (i < j, the smallest j), or
// kNoEqualItems. Scalars are sorted on a key that equal values share (a number by its double),
// so an array of 100,000 strings costs a sort, not 5 billion comparisons; items with the same
// key, and containers (rare in such arrays), are compared pairwise within a budget
// (kTooManyComparisons past it).
std::pair<std::size_t, std::size_t> first_equal_items(std::span<const Value> items) {
    std::vector<std::pair<std::string, std::size_t>> keyed;
    std::vector<std::size_t> containers;
    keyed.reserve(items.size());
    for (std::size_t i = 0; i < items.size(); ++i) {
        const Value& v = items[i];
        std::string key;
        if (v.is_array() || v.is_object()) {
            containers.push_back(i);
            continue;
        }
        if (v.is_string()) {
            key = "s";
            key += v.as_string();
        } else if (v.is_number()) {
            char digits[32];
            const auto r = std::to_chars(digits, digits + sizeof digits, v.as_double());
            key = "d";
            key.append(digits, r.ptr);
        } else if (v.is_bool()) {
            key = v.as_bool() ? "t" : "f";
        } else {
            key = "n";
        }
        keyed.emplace_back(std::move(key), i);
    }
    std::sort(keyed.begin(), keyed.end());
    std::pair<std::size_t, std::size_t> best{kNoEqualItems, kNoEqualItems};
    std::size_t budget = std::size_t(1) << 22;
    const auto consider = [&](std::size_t i, std::size_t j) {
        if (budget == 0) return false;
        --budget;
        if (items[i] == items[j] && (best.second == kNoEqualItems || j < best.second ||
                                     (j == best.second && i < best.first)))
            best = {i, j};
        return true;
    };
    for (std::size_t run = 0; run < keyed.size();) {
        std::size_t end = run + 1;
        while (end < keyed.size() && keyed[end].first == keyed[run].first)
            ++end;
        for (std::size_t a = run; a < end; ++a)
            for (std::size_t b = a + 1; b < end; ++b)
                if (!consider(keyed[a].second, keyed[b].second)) return {kTooManyComparisons, 0};
        run = end;
    }
    for (std::size_t a = 0; a < containers.size(); ++a)
        for (std::size_t b = a + 1; b < containers.size(); ++b)
            if (!consider(containers[a], containers[b])) return {kTooManyComparisons, 0};
    return best;
}

} // namespace

bool check_limits(const Value& out, const Node& n, ShapeState& st) {
    if (out.is_number()) {
        const double d = out.as_double();
        if (!(!n.limits || shape_detail::check_number(d, *n.limits, st))) return false;
        if ((n.exclusive_minimum && !(d > *n.exclusive_minimum)) || (n.exclusive_maximum && !(d < *n.exclusive_maximum))) {
            std::string m = "expected a value";
            if (n.exclusive_minimum) m += " > " + Value(*n.exclusive_minimum).number_text();
            if (n.exclusive_minimum && n.exclusive_maximum) m += " and";
            if (n.exclusive_maximum) m += " < " + Value(*n.exclusive_maximum).number_text();
            return st.fail(Error(ErrorKind::ConstraintViolation, m + ", got " + out.number_text()));
        }
        return true;
    }
    if (out.is_string()) {
        if (n.limits && !shape_detail::check_text(out.as_string(), *n.limits, st)) return false;
        if (!n.rare) return true;
        // The message names the rule, never the string (it is model output).
        if (n.rare->pattern && !RE2::PartialMatch(out.as_string(), *n.rare->pattern))
            return st.fail(Error(ErrorKind::ConstraintViolation, "expected a string matching the schema's pattern"));
        const auto format = static_cast<Format>(n.rare->format);
        if (format != Format::None && !matches_format(format, out.as_string()))
            return st.fail(Error(ErrorKind::ConstraintViolation, "expected " + std::string(format_description(format))));
        return true;
    }
    if (out.is_array()) {
        if (n.limits && !shape_detail::check_count(out.size(), *n.limits, st)) return false;
        if (n.unique_items) {
            const auto [i, j] = first_equal_items(out.items());
            if (i == kTooManyComparisons)
                return st.fail(Error(ErrorKind::SizeExceeded,
                                     "uniqueItems: the array's containers need more comparisons than the limit allows"));
            if (i != kNoEqualItems)
                return st.fail(Error(ErrorKind::ConstraintViolation,
                                     "expected unique items, items " + std::to_string(i) + " and " +
                                         std::to_string(j) + " are equal as shaped"));
        }
    }
    return true;
}

namespace {

// A string where a Java / JavaScript value belongs: the literal it spells, or the expression kept.
bool read_source_text(const Value& in, const Node& n, Value& out, ShapeState& st, std::size_t depth) {
    if (auto literal = read_source_literal(in.as_string())) {
        st.note(DiagnosticKind::Coerced, Risk::Warning, "read a source literal as " + n.label, {}, "string", n.label);
        return read_node(*literal, n, out, st, depth + 1);
    }
    st.note(DiagnosticKind::Coerced, Risk::Warning, "kept a source expression (no " + n.label + " literal)", {},
            "string", n.label);
    out = in;
    return true;
}

} // namespace

bool read_node(const Value& in, const Node& n, Value& out, ShapeState& st, std::size_t depth) {
    if (depth > kMaxInputDepth)
        return st.fail(Error(ErrorKind::DepthExceeded, "value nested deeper than " + std::to_string(kMaxInputDepth) +
                                                            " levels for its schema"));
    if (n.never) return st.fail(Error(ErrorKind::TypeMismatch, "the schema allows no value here"));
    // null (or, where the node holds no strings, a null sentinel: "N/A", "none") where the schema
    // allows no null: its declared default with a Warning, or an error. Never the type's zero,
    // "", [] or {}: that value would be invented. (Enums match sentinels as their own names.)
    if ((in.is_null() || (!n.has_enum && n.alternatives.empty() && !holds_sentinels(n) && in.is_string() &&
                          is_null_like(in, st.coerce()))) &&
        !accepts_null(n)) {
        if (n.default_value && shape_detail::null_keeps_default(in, !holds_sentinels(n), st)) {
            out = *n.default_value;
            return true;
        }
        return st.fail(Error(ErrorKind::TypeMismatch,
                             "expected " + (n.label.empty() ? std::string("a value") : n.label) +
                                 (in.is_null() ? ", got null" : ", got a null sentinel") +
                                 " and the schema declares no default"));
    }
    if (!n.alternatives.empty()) return read_alternatives(in, n, out, st, depth);
    if (n.source_literals && in.is_string() && n.types && !(n.types & t_string) && !n.has_enum)
        return read_source_text(in, n, out, st, depth);
    bool ok;
    if (n.has_enum) ok = read_enum(in, n, out, st);
    else if (n.types == 0) ok = take(coerce_any(in, st.coerce()), out, st);
    else if ((n.types & (n.types - 1)) == 0) ok = read_typed(in, n.types, n, out, st, depth);
    else ok = read_type_union(in, n, out, st, depth);
    if (!ok) return false;
    if (!n.has_limits) return true;
    // A null sentinel ("N/A", "none") where the node takes a string or null, whose string breaks
    // the string's rules (a format, a pattern, a length): the null the schema allows, with a
    // Warning. {"email": "N/A"} for ["string", "null"] with format email is no address.
    if ((n.types & t_null) && (n.types & t_string) && !n.has_enum && in.is_string() && is_null_like(in, st.coerce())) {
        ShapeState trial = st.trial();
        if (check_limits(out, n, trial)) {
            st.adopt(std::move(trial));
            return true;
        }
        st.note(DiagnosticKind::Coerced, Risk::Warning,
                "read a null sentinel as null: as a string it breaks the schema's rules for this field",
                "emit null or omit the field when there is no value", "string", "null");
        out = Value();
        return true;
    }
    return check_limits(out, n, st);
}

} // namespace laminate::schema_detail
