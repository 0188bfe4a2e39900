// Dialect::OpenAiStrict: OpenAI structured outputs with "strict": true.
#include <laminate/detail/schema_builder.hpp>

#include "schema/generate/schema_tree.hpp"

#include <algorithm>
#include <array>
#include <string>
#include <vector>

namespace laminate::schema_detail {
namespace {

// The keywords OpenAI documents for strict mode; every other one is removed.
constexpr std::array<std::string_view, 21> supported = {"type",
                                                        "properties",
                                                        "required",
                                                        "additionalProperties",
                                                        "items",
                                                        "enum",
                                                        "anyOf",
                                                        "$ref",
                                                        "$defs",
                                                        "definitions",
                                                        "description",
                                                        "title",
                                                        "pattern",
                                                        "format",
                                                        "minimum",
                                                        "maximum",
                                                        "exclusiveMinimum",
                                                        "exclusiveMaximum",
                                                        "multipleOf",
                                                        "minItems",
                                                        "maxItems"};

// The string formats strict mode accepts.
constexpr std::array<std::string_view, 9> formats = {
    "date-time", "time", "date", "duration", "email", "hostname", "ipv4", "ipv6", "uuid"};

template <std::size_t N>
bool among(const std::array<std::string_view, N>& set, std::string_view key) {
    return std::find(set.begin(), set.end(), key) != set.end();
}

bool names_object(const Value& type) {
    if (type.is_string()) return type.as_string() == "object";
    for (const Value& t : type.items())
        if (t.is_string() && t.as_string() == "object") return true;
    return false;
}

class Strict {
public:
    Strict(const Value& root, TreeLimits& limits) : root_(root), limits_(limits) {}

    Value node(const Value& in, std::size_t depth) {
        if (!limits_.enter(depth)) return Value();
        if (!in.is_object()) return in;
        if (const Value* ref = in.find("$ref"); ref && ref->is_string() && in.size() > 1)
            return ref_with_siblings(in, *ref, depth);
        return rewrite(in, depth);
    }

private:
    // OpenAI rejects keywords beside a $ref ("$ref cannot have keywords {'description'}"): the
    // target is inlined with the siblings over it. A ref back into a definition being inlined
    // (recursion) keeps only the $ref, its siblings dropped.
    Value ref_with_siblings(const Value& in, const Value& ref, std::size_t depth) {
        const std::string_view target_ref = ref.as_string();
        const bool expanding = std::find(stack_.begin(), stack_.end(), target_ref) != stack_.end();
        const Value* target =
            target_ref.starts_with('#') ? root_.at_pointer(target_ref.substr(1)) : nullptr;
        if (expanding || !target || !target->is_object()) {
            if (target_ref.starts_with('#') && !target)
                limits_.fail("unresolvable $ref \"" + std::string(target_ref) + "\"");
            return Value::object({{"$ref", ref}});
        }
        Value merged = *target;
        for (const Member& m : in.members())
            if (m.key() != "$ref") merged.set(m.key(), m.value);
        stack_.emplace_back(target_ref);
        Value out = node(merged, depth + 1);
        stack_.pop_back();
        return out;
    }

    Value rewrite(const Value& schema, std::size_t depth) {
        Value n = Value::object();
        for (const Member& m : schema.members()) {
            const std::string_view key = m.key();
            if (key == "const") {
                if (!schema.contains("enum")) n.set("enum", Value::array({m.value}));
            } else if (key == "format") {
                if (m.value.is_string() && among(formats, m.value.as_string())) n.set(key, m.value);
            } else if (key == "oneOf" && m.value.is_array()) {
                // strict mode has anyOf only; for schemas that exclude each other they mean the
                // same
                Value& any = n.find("anyOf") ? *n.find("anyOf") : n.set("anyOf", Value::array());
                for (const Value& s : m.value.items())
                    any.push_back(s);
            } else if (key == "anyOf" && n.find("anyOf")) {
                for (const Value& s : m.value.items())
                    n.find("anyOf")->push_back(s);
            } else if (among(supported, key)) {
                n.append_member(key, m.value);
            }
        }
        const Value* type = n.find("type");
        const bool object = type ? names_object(*type) : n.contains("properties");
        if (object) {
            if (!type) n.set("type", "object");
            if (const Value* p = n.find("properties"); !p || !p->is_object())
                n.set("properties", Value::object());
        }
        n = map_subschemas(n, [&](const Value& s) { return this->node(s, depth + 1); });
        if (!object || limits_.failed()) return n;
        // Every property required; one that was optional says so by accepting null.
        const Value old_required = n["required"];
        auto was_required = [&](std::string_view key) {
            for (const Value& r : old_required.items())
                if (r.is_string() && r.as_string() == key) return true;
            return false;
        };
        Value required = Value::array();
        for (Member& p : n.find("properties")->members()) {
            required.push_back(p.name);
            if (!was_required(p.key())) p.value = nullable_schema(std::move(p.value));
        }
        n.set("required", std::move(required));
        n.set("additionalProperties",
              Value(false)); // a map's value schema cannot be kept: see the header
        return n;
    }

    const Value& root_;
    TreeLimits& limits_;
    std::vector<std::string> stack_; // refs being inlined, outermost first
};

} // namespace

Value openai_strict(const Value& schema, TreeLimits& limits) {
    return Strict(schema, limits).node(schema, 0);
}

} // namespace laminate::schema_detail
