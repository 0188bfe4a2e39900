#include "arguments.hpp"

#include <algorithm>

namespace laminate::bfcl {

namespace {

bool is_omission(const Value& v) noexcept { return v.is_string() && v.as_string().empty(); }

bool allows_omission(const Value& accepted_list) noexcept {
    const auto items = accepted_list.items();
    return std::any_of(items.begin(), items.end(), is_omission);
}

// BFCL writes a dict as {key: [accepted values]}; a literal member (not a list) stands for itself.
Value literal_from_accepted(const Value& accepted);

Value first_of(const Value& accepted_list, bool& present) {
    present = false;
    if (!accepted_list.is_array()) {
        present = true;
        return literal_from_accepted(accepted_list);
    }
    if (accepted_list.empty() || is_omission(accepted_list[0])) return {};
    present = true;
    return literal_from_accepted(accepted_list[0]);
}

Value literal_from_accepted(const Value& accepted) {
    if (accepted.is_object()) {
        Value out = Value::object();
        for (const auto& m : accepted.members()) {
            bool present = false;
            Value v = first_of(m.value, present);
            if (present) out.set(m.key(), std::move(v));
        }
        return out;
    }
    if (accepted.is_array()) {
        Value out = Value::array();
        for (const auto& item : accepted.items()) out.push_back(literal_from_accepted(item));
        return out;
    }
    return accepted;
}

bool is_required(const Value& schema, std::string_view key) noexcept {
    const auto req = schema["required"].items();
    return std::any_of(req.begin(), req.end(),
                       [&](const Value& r) { return r.is_string() && r.as_string() == key; });
}

using Paths = std::span<const std::string>;

bool contains_path(Paths paths, const std::string& path) {
    return std::find(paths.begin(), paths.end(), path) != paths.end();
}

bool matches_at(const Value& value, const Value& accepted, const std::string& path, Paths defaulted);

bool accepted_at(const Value& value, const Value& accepted_list, const std::string& path, Paths defaulted) {
    if (!accepted_list.is_array()) return matches_at(value, accepted_list, path, defaulted);
    const auto items = accepted_list.items();
    return std::any_of(items.begin(), items.end(),
                       [&](const Value& a) { return matches_at(value, a, path, defaulted); });
}

// One value against one accepted value (not a list of them). A member that shaping filled from
// a schema default (its path in `defaulted`) was not written by the model: it is judged as absent
// unless it is itself accepted.
bool matches_at(const Value& value, const Value& accepted, const std::string& path, Paths defaulted) {
    if (accepted.is_object()) {
        if (!value.is_object()) return false;
        for (const auto& m : value.members()) {
            std::string at = path;
            append_path_key(at, m.key());
            const Value* list = accepted.find(m.key());
            if (list && accepted_at(m.value, *list, at, defaulted)) continue;
            if (contains_path(defaulted, at) && (!list || allows_omission(*list))) continue;
            return false;
        }
        for (const auto& m : accepted.members())
            if (!value.contains(m.key()) && !(m.value.is_array() && allows_omission(m.value)))
                return false;
        return true;
    }
    if (accepted.is_array()) {
        if (!value.is_array() || value.size() != accepted.size()) return false;
        for (std::size_t i = 0; i < value.size(); ++i) {
            std::string at = path;
            append_path_index(at, i);
            if (!matches_at(value[i], accepted[i], at, defaulted)) return false;
        }
        return true;
    }
    return value == accepted; // numbers by the decimal they stand for: 1 == 1.0
}

} // namespace

Value intended_arguments(const Call& call, Omission omission) {
    Value out = Value::object();
    for (const auto& m : call.accepted.members()) {
        if (omission == Omission::Defaults && !is_required(call.schema, m.key())) {
            if (allows_omission(m.value)) continue;
            const Value* schema = property_schema(&call.schema, m.key());
            if (schema && schema->contains("default") && accepted_value((*schema)["default"], m.value))
                continue;
        }
        bool present = false;
        Value v = first_of(m.value, present);
        if (!present && is_required(call.schema, m.key())) {
            // BFCL lists "" first for a few required parameters; a model must still send one.
            for (const auto& a : m.value.items()) {
                if (is_omission(a)) continue;
                v = literal_from_accepted(a);
                present = true;
                break;
            }
        }
        if (present) out.set(m.key(), std::move(v));
    }
    return out;
}

const Value* property_schema(const Value* schema, std::string_view key) noexcept {
    if (!schema) return nullptr;
    const Value* props = schema->find("properties");
    return props ? props->find(key) : nullptr;
}

const Value* item_schema(const Value* schema) noexcept {
    if (!schema) return nullptr;
    const Value* items = schema->find("items");
    return items && items->is_object() ? items : nullptr;
}

std::string_view schema_type(const Value* schema) noexcept {
    if (!schema) return {};
    const Value* t = schema->find("type");
    return t && t->is_string() ? t->as_string() : std::string_view{};
}

bool is_numeric_type(std::string_view t) noexcept {
    return t == "integer" || t == "float" || t == "number" || t == "int" || t == "long" ||
           t == "double" || t == "short" || t == "byte";
}

bool is_boolean_type(std::string_view t) noexcept {
    return t == "boolean" || t == "Boolean" || t == "bool";
}

bool accepted_value(const Value& value, const Value& accepted_list) {
    return accepted_at(value, accepted_list, {}, {});
}

Grade grade(const Call& call, const Value& shaped, std::span<const std::string> defaulted) {
    if (!shaped.is_object()) return {false, "the arguments are not an object"};
    for (const auto& m : shaped.members()) {
        std::string path;
        append_path_key(path, m.key());
        const Value* list = call.accepted.find(m.key());
        if (list && accepted_at(m.value, *list, path, defaulted)) continue;
        if (contains_path(defaulted, path) && (!list || allows_omission(*list)))
            continue; // filled by shaping where the model may leave the parameter out
        if (!list) return {false, "unexpected parameter '" + std::string(m.key()) + "'"};
        return {false, "parameter '" + std::string(m.key()) + "' has no accepted value"};
    }
    for (const auto& m : call.accepted.members())
        if (!shaped.contains(m.key()) && !allows_omission(m.value))
            return {false, "parameter '" + std::string(m.key()) + "' is missing"};
    for (const auto& r : call.schema["required"].items())
        if (r.is_string() && !shaped.contains(r.as_string()))
            return {false, "required parameter '" + std::string(r.as_string()) + "' is missing"};
    return {true, {}};
}

} // namespace laminate::bfcl
