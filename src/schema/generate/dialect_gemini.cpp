// Dialect::Gemini: the OpenAPI 3.0 subset of Gemini's Schema object, on a schema whose refs were
// already inlined (dialect_generic.cpp).
#include "schema/generate/schema_tree.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <string>

namespace laminate::schema_detail {
namespace {

// The fields of Gemini's Schema object; every other keyword is removed.
constexpr std::array<std::string_view, 22> supported = {
    "type",      "format",    "title",      "description", "nullable",      "enum",
    "maxItems",  "minItems",  "properties", "required",    "minProperties", "maxProperties",
    "minLength", "maxLength", "pattern",    "example",     "anyOf",         "propertyOrdering",
    "default",   "items",     "minimum",    "maximum"};

bool among(std::string_view key) {
    return std::find(supported.begin(), supported.end(), key) != supported.end();
}

bool same_word(std::string_view a, std::string_view b) {
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
               return std::tolower(static_cast<unsigned char>(x)) ==
                      std::tolower(static_cast<unsigned char>(y));
           });
}

// {"type": "null"}, or what this dialect made of it ({"nullable": true}).
bool is_null_branch(const Value& s) {
    if (!s.is_object()) return false;
    const Value* t = s.find("type");
    if (t && t->is_string() && same_word(t->as_string(), "null")) return true;
    const Value* n = s.find("nullable");
    return s.size() == 1 && n && n->is_bool() && n->as_bool();
}

// The formats Gemini documents, per type.
bool format_supported(std::string_view type, std::string_view format) {
    if (same_word(type, "string")) return format == "enum" || format == "date-time";
    if (same_word(type, "number")) return format == "float" || format == "double";
    if (same_word(type, "integer")) return format == "int32" || format == "int64";
    return false;
}

std::string enum_text(const Value& v) {
    if (v.is_string()) return std::string(v.as_string());
    if (v.is_number()) return v.number_text();
    return v.dump(); // true, false, or a structure: its JSON
}

class Gemini {
public:
    Gemini(TreeLimits& limits, bool uppercase) : limits_(limits), uppercase_(uppercase) {}

    Value node(const Value& in, std::size_t depth) {
        if (!limits_.enter(depth)) return Value();
        if (in.is_bool()) return Value::object(); // no boolean schemas: `true` is "anything"
        if (!in.is_object()) return in;
        if (in.contains("$ref")) return cut_recursion(in);
        bool nullable = in["nullable"].is_bool() && in["nullable"].as_bool();
        Value n = Value::object();
        Value any = Value::array();
        for (const Member& m : in.members()) {
            const std::string_view key = m.key();
            if (key == "type") {
                nullable = keep_type(m.value, n, any) || nullable;
            } else if (key == "anyOf" || key == "oneOf") {
                for (const Value& s : m.value.items())
                    any.push_back(s);
            } else if (key == "const") {
                if (!in.contains("enum")) n.set("enum", Value::array({m.value}));
            } else if (key == "examples") {
                if (m.value.is_array() && !m.value.empty() && !in.contains("example"))
                    n.set("example", m.value[0]);
            } else if (key == "items") {
                if (!m.value.is_array())
                    n.set(key, m.value); // tuples (prefix items) have no Gemini form
            } else if (key != "nullable" && among(key)) {
                n.append_member(key, m.value);
            }
        }
        if (!any.empty()) n.set("anyOf", std::move(any));
        n = map_subschemas(n, [&](const Value& s) { return node(s, depth + 1); });
        if (limits_.failed()) return n;
        nullable = drop_null_branches(n) || nullable;
        n = merge_single_branch(std::move(n));
        nullable = enum_as_strings(n) || nullable;
        check_format(n);
        if (const Value* p = n.find("properties");
            p && p->is_object() && !p->empty() && !n.contains("propertyOrdering")) {
            Value order = Value::array();
            for (const Member& m : p->members())
                order.push_back(m.name);
            n.set("propertyOrdering", std::move(order));
        }
        if (nullable) n.set("nullable", Value(true));
        if (uppercase_)
            if (Value* t = n.find("type"); t && t->is_string()) {
                std::string upper(t->as_string());
                for (char& c : upper)
                    c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
                *t = Value(upper);
            }
        return n;
    }

private:
    // A $ref the inlining kept is a recursive type: Gemini cannot refer back, so the recursion
    // stops at an object of any content.
    Value cut_recursion(const Value& in) {
        Value n = Value::object({{"type", uppercase_ ? "OBJECT" : "object"}});
        if (const Value* d = in.find("description"); d && d->is_string()) n.set("description", *d);
        return n;
    }

    // "type": T stays; [T, "null"] is T and nullable; several types become anyOf branches.
    // Returns whether null was among them.
    static bool keep_type(const Value& type, Value& n, Value& any) {
        if (type.is_string()) {
            if (same_word(type.as_string(), "null")) return true;
            n.set("type", type);
            return false;
        }
        bool null = false;
        Value others = Value::array();
        for (const Value& t : type.items()) {
            if (t.is_string() && same_word(t.as_string(), "null"))
                null = true;
            else if (t.is_string())
                others.push_back(t);
        }
        if (others.size() == 1)
            n.set("type", others[0]);
        else
            for (const Value& t : others.items())
                any.push_back(Value::object({{"type", t}}));
        return null;
    }

    static bool drop_null_branches(Value& n) {
        Value* any = n.find("anyOf");
        if (!any) return false;
        bool null = false;
        Value kept = Value::array();
        for (const Value& s : any->items()) {
            if (is_null_branch(s)) {
                null = true;
                continue;
            }
            kept.push_back(s);
        }
        if (kept.empty())
            n.erase("anyOf");
        else
            *any = std::move(kept);
        return null;
    }

    // {"anyOf": [X], "description": d} is X with the description.
    static Value merge_single_branch(Value n) {
        const Value* any = n.find("anyOf");
        if (!any || any->size() != 1 || !(*any)[0].is_object()) return n;
        Value out = (*any)[0];
        for (Member& m : n.members())
            if (m.key() != "anyOf") out.set(m.key(), std::move(m.value));
        return out;
    }

    // Gemini enums are strings; null among the values means nullable.
    static bool enum_as_strings(Value& n) {
        Value* e = n.find("enum");
        if (!e || !e->is_array()) return false;
        bool null = false;
        Value strings = Value::array();
        for (const Value& v : e->items()) {
            if (v.is_null())
                null = true;
            else
                strings.push_back(Value(enum_text(v)));
        }
        *e = std::move(strings);
        n.set("type", "string");
        return null;
    }

    static void check_format(Value& n) {
        const Value* f = n.find("format");
        if (!f) return;
        const Value* t = n.find("type");
        if (!f->is_string() || !t || !t->is_string() ||
            !format_supported(t->as_string(), f->as_string()))
            n.erase("format");
    }

    TreeLimits& limits_;
    bool uppercase_;
};

} // namespace

Value gemini_subset(const Value& schema, TreeLimits& limits, bool uppercase_types) {
    return Gemini(limits, uppercase_types).node(schema, 0);
}

} // namespace laminate::schema_detail
