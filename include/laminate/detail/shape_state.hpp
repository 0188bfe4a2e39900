#pragma once
// The run-time half of typed shaping: the state one shaping carries (policy in force, path,
// diagnostics, errors, residual) and the non-template steps (key matching, unknown members,
// missing fields, constraints, open enums, errors). Compiled once in src/shape/, so that the
// templates instantiated per user type stay thin.

#include <laminate/coerce.hpp>
#include <laminate/field_options.hpp>
#include <laminate/overflow.hpp>
#include <laminate/shape_options.hpp>

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace laminate::shape_detail {

struct FieldInfo {
    std::string_view name;          // the C++ member name
    std::string_view key;           // the JSON key (renamed, or the name)
    const FieldSpec* spec = nullptr;
    bool overflow = false;          // a laminate::Overflow member: matched by no key
    std::string_view path_key = {}; // the key as a path step at the root: key or ["key"] (struct tables)
};

// What shaping needs to know about a struct's fields, built once per type.
struct StructTable {
    FieldList specs; // owns what fields[].spec and the keys point to
    std::vector<std::string> path_keys; // owns fields[].path_key (built once, never resized)
    std::vector<FieldInfo> fields;
    std::vector<std::string_view> keys; // exact keys: every field's key, then aliases
    std::vector<std::size_t> key_field; // the field of each key
    std::vector<std::string_view> primary_keys; // fields' keys, for loose matching
    std::vector<std::size_t> primary_field;
    std::optional<Error> invalid; // a Fields<T> entry that names no field, or a bad pattern
    bool has_overrides = false;   // a field set by FieldSpec::override_with
};

StructTable build_struct_table(std::span<const std::string_view> names, std::span<const bool> overflow,
                               FieldList specs, std::string_view type);

// The input member found for a field.
struct Slot {
    const Value* value = nullptr;
    std::size_t member = 0; // its index in the object
    bool loose = false;     // matched ignoring case and separators
};

class ShapeState {
public:
    explicit ShapeState(const ShapeOptions& options)
        : policy(options.mode.policy), null_sentinels(options.null_sentinels) {}
    ShapeState(ModePolicy p, std::span<const std::string_view> sentinels) : policy(p), null_sentinels(sentinels) {}

    ModePolicy policy;
    std::span<const std::string_view> null_sentinels;
    std::string path;
    Diagnostics diagnostics;
    std::vector<Error> errors;
    Value residual = Value::object();
    bool stopped = false;    // an error under ErrorCollection::First: stop reading
    bool first_only = false; // a trial (a variant alternative): any error stops it
    // Alternatives a schema may still try in this call, shared by its trials: nested anyOf /
    // oneOf can multiply (a $ref back into them, or a choice at each level of a deep value), and
    // the budget keeps that from running exponentially long. Null: no budget (typed shaping).
    std::size_t* trials_left = nullptr;

    CoerceContext coerce() noexcept { return CoerceContext{diagnostics, policy.coercion, path, null_sentinels}; }

    // Records an error (its path is the current one when it has none); returns false.
    bool fail(Error e);
    // Records a diagnostic at the current path; `from`/`to` name the types of a coercion.
    void note(DiagnosticKind kind, Risk risk, std::string message, std::string suggestion = {},
              std::string from = {}, std::string to = {});
    // A state for trying a value without committing: same policy and path, nothing recorded.
    ShapeState trial() const;
    // Takes a successful trial's diagnostics and residual.
    void adopt(ShapeState&& trial);
};

// Restores the path on scope exit.
class PathScope {
public:
    PathScope(ShapeState& st, std::string_view key) : st_(st), size_(st.path.size()) { append_path_key(st.path, key); }
    PathScope(ShapeState& st, std::size_t index) : st_(st), size_(st.path.size()) { append_path_index(st.path, index); }
    ~PathScope() { st_.path.resize(size_); }
    PathScope(const PathScope&) = delete;
    PathScope& operator=(const PathScope&) = delete;

private:
    ShapeState& st_;
    std::size_t size_;
};

// Applies a field's level or mode for its subtree.
class PolicyScope {
public:
    PolicyScope(ShapeState& st, const FieldSpec* spec) : st_(st), saved_(st.policy) {
        if (!spec) return;
        if (spec->policy) st.policy = *spec->policy;
        if (spec->coercion_level) st.policy.coercion = *spec->coercion_level;
    }
    ~PolicyScope() { st_.policy = saved_; }
    PolicyScope(const PolicyScope&) = delete;
    PolicyScope& operator=(const PolicyScope&) = delete;

private:
    ShapeState& st_;
    ModePolicy saved_;
};

// A member no field takes: its key matches no field, or names a field (exactly or loosely) that
// another key already gave a value. The second kind is a conflict, not an extra: dropping it
// quietly would hide that the model gave the field two values.
struct UnknownMember {
    std::size_t member = 0;      // its index in the object
    std::string_view field;      // the field it names, when it is a second value
    const Slot* slot = nullptr;  // that field's slot: its value, once every key is matched, is the one shaped
};

// Finds each field's member in `object`; members that match no field (or a field another key
// already gave a value) go to `unknown`. Returns false when shaping must stop.
bool match_members(const Value& object, const StructTable& table, std::span<Slot> slots,
                   std::vector<UnknownMember>& unknown, ShapeState& st);

// Moves the unknown members into `overflow` (Preserved), the residual (Keep, no overflow,
// Preserved) or drops them (Dropped), each with an Info diagnostic at its path; under
// UnknownFields::Error each is an unknown_field error instead (after the declared fields').
// A second value for a field that differs from the value shaped is a Warning, whichever way it goes;
// so is an unknown member dropped while a declared field is absent (`field_absent`): its value may
// be the one meant for that field ("quantiy" for "quantity", a wrapper object around the fields).
void keep_unknown(const Value& object, std::span<const UnknownMember> unknown, Overflow* overflow, ShapeState& st,
                  bool by_schema = false, bool field_absent = false);

// Whether a field has no member in the object (after match_members).
inline bool any_field_absent(std::span<const Slot> slots) noexcept {
    for (const Slot& s : slots)
        if (!s.value) return true;
    return false;
}

// A field whose key is absent: Defaulted when optional or defaulted, else missing_field.
// The Defaulted messages of an absent field, written once for typed and schema shaping. The path
// names the field, so they only say what was done, in at most 15 bytes: std::string keeps that
// inline, and a Defaulted note (about one a call on BFCL-like input) costs no allocation.
inline constexpr std::string_view kDefaultedLeftEmpty = "left empty";     // optional, nothing filled in
inline constexpr std::string_view kDefaultedKept = "kept default";        // the struct's initializer kept
inline constexpr std::string_view kDefaultedFilled = "set to default";    // a schema's default filled in

void missing_field(const FieldInfo& field, bool optional_like, ShapeState& st);
// The same at the field's own path and under its policy, as if called inside a PathScope of its
// key and a PolicyScope of its spec, without building either: the Defaulted diagnostic's path is
// made in place from the current path and the field's path_key.
void missing_field_at(const FieldInfo& field, bool optional_like, ShapeState& st);

// Undoes what reading a default_on_error field recorded since `mark` (its errors and
// diagnostics; a stop they caused) and records one Risky ErrorDefaulted naming the first error.
struct ReadMark {
    std::size_t errors, diagnostics;
    bool stopped;
};
inline ReadMark mark(const ShapeState& st) noexcept { return {st.errors.size(), st.diagnostics.size(), st.stopped}; }
void error_to_default(const ReadMark& mark, ShapeState& st);

// Lenient (BestEffort with every error collected), outside a variant trial: when fewer than half
// of an array's elements are invalid, they are dropped and the others kept, each with a Risky
// Dropped diagnostic at the element. The valid majority says what the list is; a list mostly
// invalid is reported element by element, as in the other modes.
inline bool drops_invalid_elements(const ShapeState& st) noexcept {
    return st.policy.coercion == CoercionLevel::BestEffort && st.policy.errors == ErrorCollection::All && !st.first_only;
}
// What reading one element recorded: its index, and the ranges of st.errors and st.diagnostics
// it added.
struct ElementFailure {
    std::size_t index, errors_begin, errors_end, diagnostics_begin, diagnostics_end;
};
// Records an element's failure when reading it (begun at `before`) added errors.
inline void note_element(std::vector<ElementFailure>& failures, std::size_t index, const ReadMark& before,
                         const ShapeState& st) {
    if (st.errors.size() != before.errors)
        failures.push_back({index, before.errors, st.errors.size(), before.diagnostics, st.diagnostics.size()});
}
// Whether the failures of an array of `count` elements are dropped (see drops_invalid_elements);
// if so, removes their errors and diagnostics and records one Risky Dropped diagnostic at each
// element's path. The caller then removes the elements themselves.
bool drop_failed_elements(std::span<const ElementFailure> failures, std::size_t count, ShapeState& st);

// Records the Overridden diagnostic of a field set from configuration (`present`: the input had
// a value for it, now replaced), or turns the override's own error into invalid_argument.
void note_override(bool present, const ReadMark& mark, ShapeState& st);

// An array whose elements are arrays themselves (vector<vector<int>>), given a value it would
// wrap at BestEffort (a number, a bool, a string spelling no array; for the whole array an
// object too): [x] or [[x]] is a guess, as schema shaping has it. Records type_mismatch and
// returns true then; `whole`: the array's own value, else one of its elements.
bool refuses_wrapping(const Value& in, bool whole, ShapeState& st);

// ["a"] where a string belongs, at BestEffort: its one scalar element (string, number, bool),
// with the Warning schema shaping records; nullptr otherwise (coerce_string then makes a longer
// array, or an array of a container, its JSON text).
const Value* single_scalar(const Value& in, ShapeState& st);

// The Warning for a key matched loosely (at the field's path).
void note_loose_key(const FieldInfo& field, ShapeState& st);

// A defaulted field given null (or a sentinel, when `sentinels`) at BestEffort: records the
// Warning and returns true (the initializer's value stays).
bool null_keeps_default(const Value& in, bool sentinels, ShapeState& st);

// null (or a null sentinel) for a required number or bool field with no declared default: the
// missing_field error; returns false.
bool null_without_default(const FieldInfo& field, ShapeState& st);

// Constraint checks; each records constraint_violation and returns false on failure.
bool check_number(double value, const FieldSpec& spec, ShapeState& st);
bool check_text(std::string_view value, const FieldSpec& spec, ShapeState& st);
bool check_count(std::size_t count, const FieldSpec& spec, ShapeState& st);

// Reads an open enum: a declared name (`index` set) or an unrecognized string kept in `unknown`.
bool read_open_enum(const Value& in, EnumTarget target, ShapeState& st, std::optional<std::size_t>& index,
                    std::string& unknown);

// Copies an object's members into an Overflow read as a value of its own.
bool read_overflow(const Value& in, Overflow& out, ShapeState& st);

// type_mismatch when no variant alternative fits; `failures` holds each one's first error.
bool variant_failed(std::span<const std::string_view> labels, std::span<const Error> failures, ShapeState& st);
// The diagnostic naming the chosen alternative when several fit: Info, or Warning when another
// fits as well and gives another value (the choice is then the order's, a guess).
void note_variant_choice(std::string_view label, std::size_t fits, std::size_t alternatives, const Value& in,
                         ShapeState& st, Risk risk = Risk::Info);
// The ranking of the alternatives that fit a value, shared by schema anyOf/oneOf and typed
// std::variant; the caller offers each fitting alternative in order and keeps the one offer()
// takes. An alternative that keeps the value's JSON type wins over one that changes it ("Yes" as
// an enum's "yes", not true), then the lowest risk, then the fewest diagnostics, then the first.
// contested() says the choice was a guess: another alternative as good by every measure gave
// another value ("1" for [boolean, integer]: the order of the alternatives is no reason), or
// alternatives of different JSON types gave different values.
class AlternativeRanking {
public:
    // Whether the alternative that fit in `trial`, giving `json` (of the value's own JSON type
    // when keeps_type), becomes the best. Where values are not compared (an exact pass), give an
    // empty json and keeps_type true: then only risk and count rank.
    bool offer(const ShapeState& trial, Value json, bool keeps_type);
    bool contested() const noexcept { return tied_ || type_contest_; }
    // The best alternative's JSON (as given to offer()).
    Value& best_json() noexcept { return best_json_; }

private:
    bool has_best_ = false;
    bool best_keeps_type_ = false;
    Risk best_risk_ = Risk::Info;
    std::size_t best_count_ = 0;
    Value best_json_;
    bool tied_ = false;
    bool type_contest_ = false;
};

// A fixed-size array given another number of elements.
bool array_length_mismatch(std::size_t expected, std::size_t got, ShapeState& st);

// The end of shaping: errors summarized (and copied to options.field_errors), fail_at applied,
// diagnostics delivered to the sink. Returns the error, if any.
std::optional<Error> conclude_general(ShapeState& st, const ShapeOptions& options, Diagnostics& diagnostics,
                                      Value& residual);
// conclude_general, with its common case inline (no error, no fail_at, a collecting sink, which
// would hand the list back as it is): the list and the residual swapped into place, no call.
inline std::optional<Error> conclude(ShapeState& st, const ShapeOptions& options, Diagnostics& diagnostics,
                                     Value& residual) {
    if (st.errors.empty() && !options.fail_at && options.sink.kind() == DiagnosticSink::Kind::Collect) {
        diagnostics.swap(st.diagnostics);
        residual.swap(st.residual);
        return std::nullopt;
    }
    return conclude_general(st, options, diagnostics, residual);
}

// A tool-call envelope around the payload ({"name", "arguments"|"parameters"}, {"function":
// {...}}, {"tool_calls": [one]}), arguments as an object or a JSON string: the tool's name, the
// arguments object, and the diagnostics of taking it (envelope_unwrapped, Warning, first; then
// the repairs of a stringified arguments object). nullopt when `v` is no such envelope.
struct Envelope {
    std::string name;
    Value arguments;
    Diagnostics diagnostics;
};
std::optional<Envelope> tool_envelope(const Value& v, const ParseOptions& parse_options);
// An envelope's keys: "arguments", "parameters", "function", "tool_calls". A target that declares
// one of them takes an envelope as it is; any other target is given its arguments when they fit.
bool is_envelope_key(std::string_view key) noexcept;
// Whether `v` is an object with the keys of an envelope (cheap: no parse of the arguments).
bool looks_like_envelope(const Value& v) noexcept;
// A one-member object around the payload ({"result": {...}}, {"items": [...]}), as models write
// when JSON mode has them answer with an object: the object or array inside; null when `v` is no
// such wrapper. The callers read it only when the wrapper does not fit the target and its key is
// none of the target's, and record wrapper_note() then.
const Value* wrapped_payload(const Value& v) noexcept;
// The Warning of a payload read inside such a wrapper (wrapper_stripped, at the root; the key,
// the model's text, is not quoted).
Diagnostic wrapper_note();
// The error of a call to another tool than ShapeOptions::expected_tool (its name not quoted).
Error wrong_tool(std::string_view expected);
// The error of an envelope whose arguments hold the target's fields but do not fit it, while the
// envelope itself would fit only by dropping them (ambiguous_value).
Error envelope_fits_neither();

// "$.items[2].quantity: expected ..." lines joined in one shape_error; one error is returned as is.
Error summarize(std::span<const Error> errors);

// The parser options for from_json / from_llm_response under this policy.
ParseOptions parse_options_for(const ShapeOptions& options);

// A readable name for a type ("CabinClass") from a __PRETTY_FUNCTION__ spelling that says
// "T = CabinClass" (g++ and clang both do); namespaces are dropped unless it is a template.
std::string_view type_label_from_pretty(std::string_view pretty) noexcept;

} // namespace laminate::shape_detail
