// Typed shaping, the run-time half: struct tables, key matching, unknown and missing fields.
#include <laminate/detail/shape_fast.hpp> // same_bytes
#include <laminate/detail/shape_state.hpp>

#include "core/diagnostic_append.hpp"
#include "conversion.hpp"

namespace laminate::shape_detail {

using core_detail::fill_empty;
using core_detail::fill_joined_path;
namespace {

// A key is named in a message only when it reads plainly (it is input, unlike a field name).
bool printable_key(std::string_view key) noexcept {
    if (key.empty() || key.size() > 64) return false;
    for (char c : key)
        if (c < 0x20 || c > 0x7e || c == '\'' || c == '\\') return false;
    return true;
}

std::string named(std::string_view what, std::string_view key) {
    std::string m(what);
    if (printable_key(key)) {
        m += " '";
        m += key;
        m += '\'';
    }
    return m;
}


} // namespace

bool ShapeState::fail(Error e) {
    if (e.path().empty() && !path.empty())
        e = Error(e.kind(), e.message(), e.offset(), path);
    errors.push_back(std::move(e));
    if (first_only || policy.errors == ErrorCollection::First) stopped = true;
    return false;
}

void ShapeState::note(DiagnosticKind kind, Risk risk, std::string message, std::string suggestion,
                      std::string from, std::string to) {
    // Defaults come several at a time; four Diagnostics (under 1 KiB) stay in malloc's per-thread cache.
    if (diagnostics.capacity() == 0) diagnostics.reserve(4);
    // Built in place: a Diagnostic is six strings, and moving one in costs as much as filling it.
    Diagnostic& d = core_detail::append_diagnostic(diagnostics);
    d.path = path;
    d.kind = kind;
    d.risk = risk;
    d.message = std::move(message);
    d.suggestion = std::move(suggestion);
    d.from = std::move(from);
    d.to = std::move(to);
}

ShapeState ShapeState::trial() const {
    ShapeState t(policy, null_sentinels);
    t.path = path;
    t.first_only = true;
    t.trials_left = trials_left;
    return t;
}

void ShapeState::adopt(ShapeState&& trial) {
    for (auto& d : trial.diagnostics) diagnostics.push_back(std::move(d));
    for (Member& m : trial.residual.members()) residual.append_member(m.key(), std::move(m.value));
}

StructTable build_struct_table(std::span<const std::string_view> names, std::span<const bool> overflow,
                               FieldList specs, std::string_view type) {
    StructTable t;
    t.specs = std::move(specs);
    t.fields.resize(names.size());
    for (std::size_t i = 0; i < names.size(); ++i) t.fields[i] = FieldInfo{names[i], names[i], nullptr, overflow[i]};
    for (const FieldSpec& spec : t.specs) {
        std::size_t i = 0;
        while (i < names.size() && names[i] != spec.name) ++i;
        std::string where = "laminate::Fields<" + std::string(type) + ">: ";
        if (i == names.size()) {
            t.invalid = Error(ErrorKind::InvalidArgument, where + "'" + spec.name + "' is not a field of the type");
            break;
        }
        if (t.fields[i].spec) {
            t.invalid = Error(ErrorKind::InvalidArgument, where + "field '" + spec.name + "' is listed twice");
            break;
        }
        if (spec.pattern_invalid) {
            t.invalid = Error(ErrorKind::InvalidArgument, where + "the pattern of field '" + spec.name + "' does not compile");
            break;
        }
        t.fields[i].spec = &spec;
        t.has_overrides = t.has_overrides || spec.override_value.has_value();
        t.fields[i].key = spec.json_key();
    }
    t.path_keys.reserve(t.fields.size());
    for (const FieldInfo& f : t.fields) append_path_key(t.path_keys.emplace_back(), f.key);
    for (std::size_t i = 0; i < t.fields.size(); ++i) t.fields[i].path_key = t.path_keys[i];
    for (std::size_t i = 0; i < t.fields.size(); ++i) {
        if (t.fields[i].overflow) continue;
        t.keys.push_back(t.fields[i].key);
        t.key_field.push_back(i);
        t.primary_keys.push_back(t.fields[i].key);
        t.primary_field.push_back(i);
    }
    for (std::size_t i = 0; i < t.fields.size(); ++i) {
        if (!t.fields[i].spec) continue;
        for (const std::string& alias : t.fields[i].spec->aliases) {
            t.keys.push_back(alias);
            t.key_field.push_back(i);
        }
    }
    return t;
}

bool match_members(const Value& object, const StructTable& table, std::span<Slot> slots,
                   std::vector<UnknownMember>& unknown, ShapeState& st) {
    const auto members = object.members();
    std::size_t hint = 0; // models usually write the fields in declaration order
    for (std::size_t i = 0; i < members.size(); ++i) {
        const std::string_view key = members[i].key();
        std::size_t field = NameMatch::npos;
        bool loose = false;
        // Inline word compares, not memcmp: this runs once per member and keys are short.
        if (hint < table.keys.size() && table.keys[hint].size() == key.size() &&
            same_bytes(table.keys[hint].data(), key.data(), key.size())) {
            field = table.key_field[hint++];
        } else if (NameMatch m = match_name(key, table.keys, CoercionLevel::Exact)) {
            field = table.key_field[m.index];
            hint = m.index + 1;
        } else if (NameMatch l = match_name(key, table.primary_keys, st.policy.coercion); l.how == NameMatch::How::Loose) {
            field = table.primary_field[l.index];
            loose = true;
        } else if (l.how == NameMatch::How::Ambiguous) {
            // user-name where user_name and userName are both declared: which field the value
            // is for is a guess, and dropping it would lose it quietly. An error at the key.
            PathScope path(st, key);
            st.fail(Error(ErrorKind::AmbiguousValue,
                          "a key that matches several fields when case and separators are ignored"));
            if (st.stopped) return false;
            continue;
        }
        Slot* slot = field == NameMatch::npos ? nullptr : &slots[field];
        if (slot && (!slot->value || (slot->loose && !loose))) {
            if (slot->value) unknown.push_back({slot->member, table.fields[field].key, slot}); // an exact key displaces a loose one
            *slot = Slot{&members[i].value, i, loose};
            continue;
        }
        // No field, or a field another key already gave a value: handled with the unknown ones.
        unknown.push_back({i, slot ? table.fields[field].key : std::string_view(), slot});
    }
    return true;
}

void keep_unknown(const Value& object, std::span<const UnknownMember> unknown, Overflow* overflow, ShapeState& st,
                  bool by_schema, bool field_absent) {
    const auto members = object.members();
    for (const UnknownMember& u : unknown) {
        if (st.stopped) return;
        const Member& m = members[u.member];
        PathScope path(st, m.key());
        // {"user_name": "a", "userName": "b"}: the field holds one of two values the model gave.
        const bool conflict = u.slot && u.slot->value && !(*u.slot->value == m.value);
        const Risk risk = conflict ? Risk::Warning : Risk::Info;
        std::string what = u.field.empty() ? named("unknown field", m.key())
                                           : "a second value for field '" + std::string(u.field) + "'";
        if (st.policy.unknown_fields == UnknownFields::Error) {
            st.fail(Error(ErrorKind::UnknownField, what + " (unknown fields are errors in this mode)"));
        } else if (overflow) {
            overflow->add(m.key(), m.value);
            st.note(DiagnosticKind::Preserved, risk, "preserved " + what + " in overflow",
                    conflict ? "emit one value per field" : "");
        } else if (st.policy.unknown_fields == UnknownFields::Keep) {
            st.residual.append_member(st.path, m.value);
            st.note(DiagnosticKind::Preserved, risk, "preserved " + what + " in the residual",
                    conflict ? "emit one value per field" : "");
        } else if (!u.field.empty()) {
            st.note(DiagnosticKind::Dropped, risk, "dropped " + what + (conflict ? ", which differs from the one kept" : ""),
                    "emit one value per field");
        } else {
            // The way to keep such fields where the user declares them: a schema, or a struct.
            st.note(DiagnosticKind::Dropped, field_absent ? Risk::Warning : Risk::Info,
                    "dropped " + what + (field_absent ? " while a declared field is absent" : ""),
                    by_schema ? "declare the property in the schema, or shape in absorbing mode to keep such fields"
                              : "declare the field, or add a laminate::Overflow member to keep such fields");
        }
    }
}

namespace {

// The Defaulted message of an absent field (shape_state.hpp).
constexpr std::string_view missing_message(bool optional_like) noexcept {
    return optional_like ? kDefaultedLeftEmpty : kDefaultedKept;
}

} // namespace

void missing_field(const FieldInfo& field, bool optional_like, ShapeState& st) {
    if (optional_like || (field.spec && field.spec->has_default)) {
        if (st.policy.record_defaults)
            st.note(DiagnosticKind::Defaulted, Risk::Info, std::string(missing_message(optional_like)));
        return;
    }
    st.fail(Error(ErrorKind::MissingField, "missing required field '" + std::string(field.key) + "'",
                  Error::no_offset, st.path));
}

void missing_field_at(const FieldInfo& field, bool optional_like, ShapeState& st) {
    if (field.path_key.empty() || (!optional_like && !(field.spec && field.spec->has_default))) {
        PathScope path(st, field.key);
        PolicyScope policy(st, field.spec);
        return missing_field(field, optional_like, st);
    }
    // What PolicyScope would set: only a field's own mode changes record_defaults.
    const bool record = field.spec && field.spec->policy ? field.spec->policy->record_defaults
                                                         : st.policy.record_defaults;
    if (!record) return;
    if (st.diagnostics.capacity() == 0) st.diagnostics.reserve(4); // as note() does
    Diagnostic& d = core_detail::append_diagnostic(st.diagnostics);
    fill_joined_path(d.path, st.path, field.path_key);
    d.kind = DiagnosticKind::Defaulted;
    d.risk = Risk::Info;
    const std::string_view message = missing_message(optional_like);
    fill_empty(d.message, message.data(), message.size());
}

void error_to_default(const ReadMark& mark, ShapeState& st) {
    const Error& first = st.errors[mark.errors];
    std::string message = "invalid value replaced by the field's default (";
    message += first.kind_name();
    message += ": ";
    message += first.message();
    message += ')';
    st.errors.erase(st.errors.begin() + static_cast<std::ptrdiff_t>(mark.errors), st.errors.end());
    st.diagnostics.resize(mark.diagnostics);
    st.stopped = mark.stopped;
    st.note(DiagnosticKind::ErrorDefaulted, Risk::Risky, std::move(message),
             "emit a valid value for this field; the model's value was discarded");
}

bool drop_failed_elements(std::span<const ElementFailure> failures, std::size_t count, ShapeState& st) {
    if (failures.empty() || !drops_invalid_elements(st) || failures.size() * 2 >= count) return false;
    // Last to first, so that the ranges of the earlier ones stay where they were.
    for (auto f = failures.rbegin(); f != failures.rend(); ++f) {
        const Error& first = st.errors[f->errors_begin];
        Diagnostic d;
        d.path = st.path;
        append_path_index(d.path, f->index);
        d.kind = DiagnosticKind::Dropped;
        d.risk = Risk::Risky;
        d.message = "dropped an invalid element, the others kept (";
        d.message += first.kind_name();
        d.message += ": ";
        d.message += first.message();
        d.message += ')';
        d.suggestion = "emit only valid elements; this one was discarded";
        st.errors.erase(st.errors.begin() + static_cast<std::ptrdiff_t>(f->errors_begin),
                        st.errors.begin() + static_cast<std::ptrdiff_t>(f->errors_end));
        auto at = st.diagnostics.erase(st.diagnostics.begin() + static_cast<std::ptrdiff_t>(f->diagnostics_begin),
                                       st.diagnostics.begin() + static_cast<std::ptrdiff_t>(f->diagnostics_end));
        st.diagnostics.insert(at, std::move(d));
    }
    return true;
}

void note_override(bool present, const ReadMark& mark, ShapeState& st) {
    st.diagnostics.resize(mark.diagnostics); // reading configuration is not a liberty with the input
    if (st.errors.size() != mark.errors) {
        Error& e = st.errors[mark.errors];
        e = Error(ErrorKind::InvalidArgument, "the override configured for this field does not fit its type (" +
                                                   std::string(e.kind_name()) + ": " + e.message() + ")",
                  Error::no_offset, e.path());
        return;
    }
    if (present)
        st.note(DiagnosticKind::Overridden, Risk::Warning, "value replaced by the configured override",
                 "drop the field from the model's output, it is set by configuration");
    else
        st.note(DiagnosticKind::Overridden, Risk::Info, "value set by the configured override");
}

void note_loose_key(const FieldInfo& field, ShapeState& st) {
    Diagnostic d;
    d.path = st.path;
    d.kind = DiagnosticKind::Coerced;
    d.risk = Risk::Warning;
    d.from = "key";
    d.to = std::string(field.key);
    d.message = "key matched field '" + std::string(field.key) + "' ignoring case and separators";
    d.suggestion = "use the exact key '" + std::string(field.key) + "'";
    st.diagnostics.push_back(std::move(d));
}

bool null_without_default(const FieldInfo& field, ShapeState& st) {
    return st.fail(Error(ErrorKind::MissingField, "expected a value for required field '" + std::string(field.key) +
                                                      "', got null and no default is declared"));
}

bool null_keeps_default(const Value& in, bool sentinels, ShapeState& st) {
    if (!sentinels && !in.is_null()) return false;
    return null_to_default(in, "default", st.coerce());
}

bool read_open_enum(const Value& in, EnumTarget target, ShapeState& st, std::optional<std::size_t>& index,
                    std::string& unknown) {
    Diagnostics scratch;
    CoerceContext ctx{scratch, st.policy.coercion, st.path, st.null_sentinels};
    auto r = coerce_enum(in, target, ctx);
    if (r) {
        for (auto& d : scratch) st.diagnostics.push_back(std::move(d));
        index = *r;
        return true;
    }
    if (r.error().kind() == ErrorKind::UnknownVariant && in.is_string()) {
        unknown = std::string(in.as_string());
        st.note(DiagnosticKind::Preserved, Risk::Warning, "unrecognized variant kept",
                 "declare the value in " + std::string(target.name) + ", or emit one of its names");
        return true;
    }
    return st.fail(std::move(r).error());
}

bool read_overflow(const Value& in, Overflow& out, ShapeState& st) {
    Value storage;
    auto object = coerce_object(in, st.coerce(), storage);
    if (!object) return st.fail(std::move(object).error());
    out.clear();
    for (const Member& m : (*object)->members()) out.add(m.key(), m.value);
    return true;
}

bool variant_failed(std::span<const std::string_view> labels, std::span<const Error> failures, ShapeState& st) {
    std::string m = "expected one of the variant's alternatives (";
    for (std::size_t i = 0; i < labels.size(); ++i) {
        if (i) m += ", ";
        m += labels[i];
    }
    m += "), none fits";
    for (const Error& e : failures) {
        m += "; ";
        m += e.kind_name();
        m += ": ";
        m += e.message();
    }
    return st.fail(Error(ErrorKind::TypeMismatch, std::move(m), Error::no_offset, st.path));
}

bool AlternativeRanking::offer(const ShapeState& trial, Value json, bool keeps_type) {
    const Risk risk = max_risk(trial.diagnostics);
    const std::size_t count = trial.diagnostics.size();
    const bool other_type = has_best_ && keeps_type != best_keeps_type_;
    if (other_type && !(json == best_json_)) type_contest_ = true;
    const bool better = risk != best_risk_ ? risk < best_risk_ : count < best_count_;
    const bool worse = risk != best_risk_ ? risk > best_risk_ : count > best_count_;
    if (!has_best_ || (other_type ? keeps_type : better)) {
        has_best_ = true;
        tied_ = false;
        best_keeps_type_ = keeps_type;
        best_risk_ = risk;
        best_count_ = count;
        best_json_ = std::move(json);
        return true;
    }
    if (!other_type && !worse && !(json == best_json_)) tied_ = true;
    return false;
}

void note_variant_choice(std::string_view label, std::size_t fits, std::size_t alternatives, const Value& in,
                         ShapeState& st, Risk risk) {
    Diagnostic d;
    d.path = st.path;
    d.kind = DiagnosticKind::Coerced;
    d.risk = risk;
    if (risk != Risk::Info) d.suggestion = "emit the value in the type of the alternative meant";
    d.from = std::string(shape_detail::source_type(in));
    d.to = std::string(label);
    d.message = "chose variant alternative " + std::string(label) + " (" + std::to_string(fits) + " of " +
                std::to_string(alternatives) + " alternatives fit)";
    st.diagnostics.push_back(std::move(d));
}

bool array_length_mismatch(std::size_t expected, std::size_t got, ShapeState& st) {
    return st.fail(Error(ErrorKind::TypeMismatch,
                         "expected an array of " + std::to_string(expected) + " elements, got " + std::to_string(got),
                         Error::no_offset, st.path));
}

} // namespace laminate::shape_detail
