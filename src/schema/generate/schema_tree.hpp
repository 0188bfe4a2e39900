#pragma once
// Walking a JSON Schema by its keywords: which members hold subschemas, and the limits every
// dialect transform works under.

#include <laminate/error.hpp>
#include <laminate/value.hpp>

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

namespace laminate::schema_detail {

// The budget of one transform; the first failure is kept and every later step returns early.
struct TreeLimits {
    std::size_t max_depth = 64;
    std::size_t max_nodes = 100000;
    std::size_t nodes = 0;
    std::optional<Error> error;

    bool failed() const noexcept { return error.has_value(); }
    void fail(std::string message) {
        if (!error) error.emplace(ErrorKind::InvalidSchema, std::move(message));
    }
    // Accounts for one schema node at `depth`; false (and the error set) beyond a limit.
    bool enter(std::size_t depth) {
        if (failed()) return false;
        if (depth > max_depth) {
            fail("schema nested deeper than " + std::to_string(max_depth) + " levels");
            return false;
        }
        if (++nodes > max_nodes) {
            fail("schema expands to more than " + std::to_string(max_nodes) + " nodes");
            return false;
        }
        return true;
    }
};

enum class SubschemaKind { None, Single, Map, List };

// How the member `key` of a schema object holds subschemas (2020-12 and draft 4-7 keywords).
inline SubschemaKind subschema_kind(std::string_view key, const Value& value) noexcept {
    if (key == "items") return value.is_array() ? SubschemaKind::List : SubschemaKind::Single;
    if (key == "additionalProperties" || key == "not" || key == "if" || key == "then" ||
        key == "else" || key == "contains" || key == "propertyNames" || key == "unevaluatedItems" ||
        key == "unevaluatedProperties" || key == "additionalItems" || key == "contentSchema")
        return SubschemaKind::Single;
    if (key == "properties" || key == "patternProperties" || key == "$defs" ||
        key == "definitions" || key == "dependentSchemas")
        return value.is_object() ? SubschemaKind::Map : SubschemaKind::None;
    if (key == "anyOf" || key == "oneOf" || key == "allOf" || key == "prefixItems")
        return value.is_array() ? SubschemaKind::List : SubschemaKind::None;
    return SubschemaKind::None;
}

// A copy of `node` (an object) with every subschema replaced by f(subschema); other members
// (enum, const, default, examples: data, not schemas) are copied as they are.
template <class F> Value map_subschemas(const Value& node, F&& f) {
    Value out = Value::object();
    for (const Member& m : node.members()) {
        switch (subschema_kind(m.key(), m.value)) {
        case SubschemaKind::None: out.append_member(m.key(), m.value); break;
        case SubschemaKind::Single: out.append_member(m.key(), f(m.value)); break;
        case SubschemaKind::Map: {
            Value map = Value::object();
            for (const Member& s : m.value.members())
                map.append_member(s.key(), f(s.value));
            out.append_member(m.key(), std::move(map));
            break;
        }
        case SubschemaKind::List: {
            Value list = Value::array();
            for (const Value& s : m.value.items())
                list.push_back(f(s));
            out.append_member(m.key(), std::move(list));
            break;
        }
        }
    }
    return out;
}

// The transforms, each over a schema already known to be an object or a boolean.
Value inline_refs(const Value& schema, TreeLimits& limits);   // dialect_generic.cpp
Value openai_strict(const Value& schema, TreeLimits& limits); // dialect_openai.cpp
Value gemini_subset(const Value& schema, TreeLimits& limits,
                    bool uppercase_types); // dialect_gemini.cpp

} // namespace laminate::schema_detail
