// Schema-driven shaping, compiling: a JSON Schema or BFCL parameter schema into Nodes, once.
#include "schema/shape/node.hpp"

#include "schema/keyword_lookup.hpp"
#include "schema/validate/formats.hpp"
#include "schema/validate/text.hpp"

#include <laminate/detail/shape_fast.hpp>
#include <laminate/parse.hpp>

#include <re2/re2.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <unordered_map>
#include <unordered_set>

namespace laminate::schema_detail {
namespace {

Error bad(std::string message, const std::string& where) {
    return Error(ErrorKind::InvalidSchema, (where.empty() ? std::string("schema: ") : "schema at '" + where + "': ") + message);
}

struct TypeName {
    std::string_view name;
    unsigned types;
    bool source; // a Java / JavaScript type: values may be source literals
    IntTarget integer{"integer"};
};

// JSON Schema's names, BFCL's own, and the Java / JavaScript names of BFCL's java and javascript
// categories (sized integer types keep their Java range).
constexpr TypeName kTypeNames[] = {
    {"null", t_null, false},
    {"boolean", t_bool, false},
    {"integer", t_integer, false},
    {"number", t_number, false},
    {"string", t_string, false},
    {"array", t_array, false},
    {"object", t_object, false},
    {"dict", t_object, false},
    {"float", t_number, false},
    {"tuple", t_array, false},
    {"any", 0, false},
    {"", 0, false},
    {"String", t_string, true},
    {"char", t_string, true},
    {"Character", t_string, true},
    {"CharSequence", t_string, true},
    {"Boolean", t_bool, true},
    {"bool", t_bool, true},
    {"int", t_integer, true, {"int32", true, INT32_MIN, INT32_MAX}},
    {"Integer", t_integer, true, {"int32", true, INT32_MIN, INT32_MAX}},
    {"long", t_integer, true, {"int64"}},
    {"Long", t_integer, true, {"int64"}},
    {"short", t_integer, true, {"int16", true, INT16_MIN, INT16_MAX}},
    {"Short", t_integer, true, {"int16", true, INT16_MIN, INT16_MAX}},
    {"byte", t_integer, true, {"int8", true, INT8_MIN, INT8_MAX}},
    {"Byte", t_integer, true, {"int8", true, INT8_MIN, INT8_MAX}},
    {"BigInteger", t_integer, true},
    {"double", t_number, true},
    {"Double", t_number, true},
    {"Float", t_number, true},
    {"BigDecimal", t_number, true},
    {"Number", t_number, true},
    {"HashMap", t_object, true},
    {"Map", t_object, true},
    {"TreeMap", t_object, true},
    {"LinkedHashMap", t_object, true},
    {"Hashtable", t_object, true},
    {"Properties", t_object, true},
    {"ArrayList", t_array, true},
    {"LinkedList", t_array, true},
    {"List", t_array, true},
    {"Array", t_array, true},
    {"Set", t_array, true},
    {"HashSet", t_array, true},
    {"Collection", t_array, true},
    {"Iterable", t_array, true},
    {"Vector", t_array, true},
    {"Object", 0, true},
};

bool identifier_like(std::string_view s) {
    if (s.empty() || s.size() > 128) return false;
    for (char c : s)
        if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '$' ||
              c == '.' || c == '<' || c == '>' || c == ',' || c == ' ' || c == '[' || c == ']' || c == '?'))
            return false;
    return true;
}

// A type name, or nullopt. Java generics and array suffixes ("List<String>", "int[]") map to their
// container; any other capitalized identifier is a Java / JavaScript class: any value.
std::optional<TypeName> lookup_type(std::string_view name) {
    for (const TypeName& t : kTypeNames)
        if (t.name == name) return t;
    if (name.size() > 2 && name.substr(name.size() - 2) == "[]") return TypeName{name, t_array, true};
    if (std::size_t lt = name.find('<'); lt != std::string_view::npos && lt > 0 && identifier_like(name)) {
        auto base = lookup_type(name.substr(0, lt));
        if (base) return TypeName{name, base->types, true, base->integer};
    }
    if (!name.empty() && name[0] >= 'A' && name[0] <= 'Z' && identifier_like(name)) return TypeName{name, 0, true};
    return std::nullopt;
}

std::string_view label_for(unsigned types) {
    switch (types) {
    case t_null: return "null";
    case t_bool: return "bool";
    case t_integer: return "integer";
    case t_number: return "number";
    case t_string: return "string";
    case t_array: return "array";
    case t_object: return "object";
    case 0: return "value";
    default: return "union";
    }
}

// Enum names, when every entry is a string (views into the node's own values).
void name_enum(Node& n) {
    if (!n.has_enum) return;
    bool strings = !n.enum_values.empty();
    for (const Value& v : n.enum_values) strings = strings && v.is_string();
    if (strings)
        for (const Value& v : n.enum_values) n.enum_names.push_back(v.as_string());
}

class Compiler {
public:
    Compiler(const Value& document, const SchemaCompileOptions& options, ShapeTree& out)
        : doc_(document), options_(options), out_(out) {}

    Result<const Node*> compile(const Value& s, std::size_t depth, const std::string& where);

private:
    Result<const Node*> resolve_ref(const Value& s, std::size_t depth, const std::string& where);
    std::optional<Error> fill(const Value& s, Node& n, std::size_t depth, const std::string& where);
    std::optional<Error> fill_types(const Value& type, Node& n, const std::string& where);
    std::optional<Error> fill_object(const Value& s, Node& n, std::size_t depth, const std::string& where);
    std::optional<Error> fill_array(const Value& s, Node& n, std::size_t depth, const std::string& where);
    std::optional<Error> fill_limits(const Value& s, Node& n, const std::string& where);
    std::optional<Error> fill_alternatives(const Value& list, Node& n, std::size_t depth, const std::string& where,
                                           std::string_view keyword);
    std::optional<Error> merge_all_of(const Value& list, Node& n, std::size_t depth, const std::string& where);

    const Value& doc_;
    const SchemaCompileOptions& options_;
    ShapeTree& out_;
    std::unordered_map<const Value*, const Node*> done_; // by schema location: recursion ends here
    std::unordered_set<const Value*> ref_chain_;         // $refs being followed, for cycles
    bool any_ = false;                                   // fill_types saw a name for any value
    KeywordLookup lookup_;

public:
    // A keyword shaping does not enforce itself was met: the shaped value needs the validator.
    bool unenforced = false;

private:
    void note_unenforced(const Value& s);
    NodeRare& rare_of(Node& n) {
        if (!n.rare) n.rare = out_.rares.emplace_back(std::make_unique<NodeRare>()).get();
        return *n.rare;
    }
    bool has_assertions_besides(const Value& s, std::string_view keyword) const;
    bool evaluated_only_here(const Value& s);
};

// Whether only `s`'s own keywords (and allOf, merged into its node) evaluate an instance's
// members and items: no $ref, anyOf, oneOf, if or dependentSchemas beside them. Then
// unevaluatedProperties reads as additionalProperties and unevaluatedItems as items, so unknown
// members are dropped or kept as the mode says; either way the validator checks the shaped value.
bool Compiler::evaluated_only_here(const Value& s) {
    for (std::string_view k : {"$ref", "$dynamicRef", "anyOf", "oneOf", "if", "dependentSchemas", "dependencies"})
        if (lookup_.find(s, k)) return false;
    return true;
}

// Keywords shaping reads but does not enforce in full, or not at all: oneOf's exclusivity, allOf
// (merged, its parts' conflicts unseen), not, multipleOf, the object and array keywords below,
// if/then/else, and patternProperties (a member takes one pattern's schema; the validator applies
// every pattern that matches, and each to a declared property too). Formats and patterns are
// left to validate() on purpose. unevaluatedProperties/unevaluatedItems are read as
// additionalProperties/items where nothing else evaluates (evaluated_only_here), and checked.
constexpr std::string_view kUnenforced[] = {
    "oneOf", "allOf", "not", "multipleOf", "minProperties", "maxProperties", "dependentRequired",
    "dependentSchemas", "dependencies", "if", "contains", "minContains", "maxContains", "propertyNames",
    "patternProperties", "unevaluatedProperties", "unevaluatedItems",
};

// Keywords that assert nothing (annotations, definitions) or that shaping leaves to validate().
constexpr std::string_view kNoAssertion[] = {
    "$ref", "$schema", "$id", "$anchor", "$dynamicAnchor", "$comment", "$defs", "definitions", "title",
    "description", "default", "examples", "deprecated", "readOnly", "writeOnly", "format", "pattern",
    "contentEncoding", "contentMediaType", "nullable", "$vocabulary",
};

// Whether `s` has a keyword that asserts something besides `keyword` (a $ref's or anyOf's
// siblings: shaping reads the $ref's target or the alternatives alone).
bool Compiler::has_assertions_besides(const Value& s, std::string_view keyword) const {
    for (const Member& m : s.members()) {
        if (m.key() == keyword) continue;
        bool annotation = false;
        for (std::string_view k : kNoAssertion) annotation = annotation || m.key() == k;
        if (!annotation) return true;
    }
    return false;
}

void Compiler::note_unenforced(const Value& s) {
    if (unenforced) return;
    for (std::string_view k : kUnenforced)
        if (lookup_.find(s, k)) {
            unenforced = true;
            return;
        }
    // Draft 4's boolean exclusiveMinimum / exclusiveMaximum: shaping reads the number form only.
    for (std::string_view k : {std::string_view("exclusiveMinimum"), std::string_view("exclusiveMaximum")})
        if (const Value* v = lookup_.find(s, k); v && v->is_bool() && v->as_bool()) unenforced = true;
    // anyOf with keywords of its own: shaping reads the alternatives alone.
    if (lookup_.find(s, "anyOf") && has_assertions_besides(s, "anyOf")) unenforced = true;
}

Result<const Node*> Compiler::compile(const Value& s, std::size_t depth, const std::string& where) {
    if (depth > options_.max_depth) return bad("nested deeper than the limit", where);
    if (auto it = done_.find(&s); it != done_.end()) return it->second;
    if (s.is_object())
        if (const Value* ref = lookup_.find(s, "$ref")) {
            (void)ref;
            return resolve_ref(s, depth, where);
        }
    Node& n = out_.nodes.emplace_back();
    done_.emplace(&s, &n);
    if (s.is_bool()) {
        n.never = !s.as_bool();
        n.label = "value";
        return &n;
    }
    if (!s.is_object()) return bad("a schema must be an object or a boolean", where);
    // A node with structure of its own ends a $ref chain: a $ref met below it that comes back
    // to a schema being compiled finds its node in done_ (recursion through an array or an
    // object, A -> B -> array of A), so only $refs followed since the last such node can loop.
    std::unordered_set<const Value*> outer_chain;
    outer_chain.swap(ref_chain_);
    auto e = fill(s, n, depth, where);
    outer_chain.swap(ref_chain_);
    if (e) return std::move(*e);
    return &n;
}

Result<const Node*> Compiler::resolve_ref(const Value& s, std::size_t depth, const std::string& where) {
    const Value& ref = s["$ref"];
    if (!ref.is_string()) return bad("$ref must be a string", where);
    std::string_view r = ref.as_string();
    // Keywords beside the $ref: shaping reads its target alone (2020-12 applies both; draft 7
    // ignores them, and then the validator's check passes).
    if (has_assertions_besides(s, "$ref")) unenforced = true;
    if (r.empty() || r[0] != '#' || (r.size() > 1 && r[1] != '/')) {
        unenforced = true; // shaping takes any value there; the validator resolved the target
        // Another document (SchemaCompileOptions::documents) or an anchor: the validator resolved
        // it when the Schema was compiled; shaping takes the value under it as it comes.
        Node& any = out_.nodes.emplace_back();
        any.label = "value";
        done_.emplace(&s, &any);
        return &any;
    }
    r.remove_prefix(1);
    // A fragment is a JSON Pointer, possibly percent-encoded; decode the common escapes.
    std::string pointer;
    for (std::size_t i = 0; i < r.size(); ++i) {
        if (r[i] == '%' && i + 2 < r.size()) {
            auto hex = [](char c) { return c >= '0' && c <= '9' ? c - '0' : (c | 0x20) >= 'a' && (c | 0x20) <= 'f' ? (c | 0x20) - 'a' + 10 : -1; };
            int hi = hex(r[i + 1]), lo = hex(r[i + 2]);
            if (hi >= 0 && lo >= 0) {
                pointer += static_cast<char>(hi * 16 + lo);
                i += 2;
                continue;
            }
        }
        pointer += r[i];
    }
    const Value* target = doc_.at_pointer(pointer);
    if (!target) return bad("$ref does not resolve in this document", where);
    if (!ref_chain_.insert(&s).second) return bad("$ref cycle without a structure between", where);
    auto node = compile(*target, depth + 1, where + "$ref");
    ref_chain_.erase(&s);
    if (node) done_.emplace(&s, *node);
    return node;
}

std::optional<Error> Compiler::fill_types(const Value& type, Node& n, const std::string& where) {
    auto one = [&](const Value& t) -> std::optional<Error> {
        if (!t.is_string()) return bad("type names must be strings", where);
        auto name = lookup_type(t.as_string());
        if (!name) return bad("unknown type name", where);
        if (name->types == 0) {
            n.types = 0;
            n.label = "value";
            any_ = true;
        } else {
            n.types |= name->types;
        }
        if (name->source) n.source_literals = true;
        if (name->types == t_integer) n.int_target = name->integer;
        if (name->source && n.label.empty()) n.label = std::string(name->name);
        return std::nullopt;
    };
    any_ = false;
    if (type.is_array()) {
        if (type.empty()) return bad("an empty type array allows nothing", where);
        for (const Value& t : type.items())
            if (auto e = one(t)) return e;
    } else if (auto e = one(type)) {
        return e;
    }
    if (any_) n.types = 0;
    return std::nullopt;
}

std::optional<Error> Compiler::fill_limits(const Value& s, Node& n, const std::string& where) {
    FieldSpec spec;
    auto number = [&](std::string_view key, std::optional<double>& slot) -> std::optional<Error> {
        const Value* v = lookup_.find(s, key);
        if (!v) return std::nullopt;
        if (v->is_bool()) return std::nullopt; // draft 4's boolean exclusiveMinimum: not supported, ignored
        if (!v->is_number()) return bad(std::string(key) + " must be a number", where);
        slot = v->as_double();
        n.has_limits = true;
        return std::nullopt;
    };
    auto count = [&](std::string_view key, std::optional<std::size_t>& slot) -> std::optional<Error> {
        const Value* v = lookup_.find(s, key);
        if (!v) return std::nullopt;
        std::uint64_t c = 0;
        if (!v->get_uint64(c)) {
            double d = v->as_double();
            if (!v->is_number() || d < 0 || d != std::floor(d)) return bad(std::string(key) + " must be a non-negative integer", where);
            c = d >= 1.8e19 ? UINT64_MAX : static_cast<std::uint64_t>(d);
        }
        slot = static_cast<std::size_t>(c);
        n.has_limits = true;
        return std::nullopt;
    };
    for (auto e : {number("minimum", spec.minimum), number("maximum", spec.maximum),
                   number("exclusiveMinimum", n.exclusive_minimum), number("exclusiveMaximum", n.exclusive_maximum),
                   count("minLength", spec.length_min), count("maxLength", spec.length_max),
                   count("minItems", spec.items_min), count("maxItems", spec.items_max)})
        if (e) return e;
    // pattern and format: checked on a shaped string as the limits are (check_limits), and where
    // they decide which alternative a value is (read.cpp's strings_fit).
    if (const Value* v = lookup_.find(s, "format"); v && v->is_string() && options_.assert_format)
        if (const Format f = format_from_name(v->as_string()); f != Format::None) {
            rare_of(n).format = static_cast<std::uint8_t>(f);
            n.has_limits = true;
        }
    if (const Value* v = lookup_.find(s, "pattern"); v && v->is_string()) {
        RE2::Options o;
        o.set_log_errors(false);
        o.set_encoding(RE2::Options::EncodingUTF8);
        auto re = std::make_shared<const RE2>(ecma_to_re2(v->as_string()), o);
        if (!re->ok()) return bad("pattern is not a regular expression RE2 can compile", where);
        rare_of(n).pattern = std::move(re);
        n.has_limits = true;
    }
    // uniqueItems: checked on the array as shaped (coercion can make two elements equal).
    if (const Value* v = lookup_.find(s, "uniqueItems"); v && v->is_bool() && v->as_bool()) {
        n.unique_items = true;
        n.has_limits = true;
    }
    // An integer target carries the schema's range when it lies in int64 (or uint64) range.
    if (n.types == t_integer) {
        IntTarget& t = n.int_target;
        if (spec.minimum && *spec.minimum > -9.2e18) {
            double lo = std::ceil(*spec.minimum);
            if (static_cast<double>(t.min) < lo) t.min = static_cast<std::int64_t>(lo);
        }
        // A negative maximum cannot be an IntTarget's; the constraint check applies it.
        if (spec.maximum && *spec.maximum >= 0 && *spec.maximum < 1.8e19) {
            double hi = std::floor(*spec.maximum);
            if (static_cast<double>(t.max) > hi) t.max = static_cast<std::uint64_t>(hi);
        }
        if (t.min >= 0 && t.max > static_cast<std::uint64_t>(INT64_MAX)) t.is_signed = false;
        else if (t.max > static_cast<std::uint64_t>(INT64_MAX)) t.max = static_cast<std::uint64_t>(INT64_MAX);
    }
    if (n.has_limits) n.limits = std::make_shared<const FieldSpec>(std::move(spec));
    return std::nullopt;
}

std::optional<Error> Compiler::fill_object(const Value& s, Node& n, std::size_t depth, const std::string& where) {
    if (const Value* props = lookup_.find(s, "properties")) {
        if (!props->is_object()) return bad("properties must be an object", where);
        for (const Member& m : props->members()) {
            auto child = compile(m.value, depth + 1, where + "/properties/" + std::string(m.key()));
            if (!child) return std::move(child).error();
            n.properties.push_back(Property{std::string(m.key()), *child, false, 0, nullptr});
        }
    }
    if (const Value* req = lookup_.find(s, "required")) {
        if (req->is_array()) {
            for (const Value& r : req->items()) {
                if (!r.is_string()) return bad("required must list strings", where);
                bool found = false;
                for (Property& p : n.properties)
                    if (p.key == r.as_string()) p.required = found = true;
                // A required name with no property schema: any value, but it must be there.
                if (!found) {
                    Node& any = out_.nodes.emplace_back();
                    any.label = "value";
                    any.source_literals = options_.source_literals;
                    n.properties.push_back(Property{std::string(r.as_string()), &any, true, 0, nullptr});
                }
            }
        } else if (!req->is_bool()) {
            return bad("required must be an array", where);
        }
    }
    if (const Value* patterns = lookup_.find(s, "patternProperties")) {
        if (!patterns->is_object()) return bad("patternProperties must be an object", where);
        for (const Member& m : patterns->members()) {
            // As the validator compiles it (it already accepted the pattern: Schema::compile
            // runs it first).
            RE2::Options o;
            o.set_log_errors(false);
            o.set_encoding(RE2::Options::EncodingUTF8);
            auto re = std::make_shared<const RE2>(ecma_to_re2(m.key()), o);
            if (!re->ok()) return bad("patternProperties has a pattern RE2 cannot compile", where);
            auto child = compile(m.value, depth + 1, where + "/patternProperties/" + std::string(m.key()));
            if (!child) return std::move(child).error();
            rare_of(n).pattern_properties.push_back(PatternProperty{std::move(re), *child});
        }
    }
    const Value* add = lookup_.find(s, "additionalProperties");
    if (!add && evaluated_only_here(s)) add = lookup_.find(s, "unevaluatedProperties");
    if (add) {
        if (add->is_bool()) {
            n.additional = add->as_bool() ? Additional::Allowed : Additional::Forbidden;
        } else {
            auto child = compile(*add, depth + 1, where + (add == lookup_.find(s, "additionalProperties") ? "/additionalProperties" : "/unevaluatedProperties"));
            if (!child) return std::move(child).error();
            n.additional = Additional::Schema;
            n.additional_schema = *child;
        }
    }
    return std::nullopt;
}

std::optional<Error> Compiler::fill_array(const Value& s, Node& n, std::size_t depth, const std::string& where) {
    auto tuple = [&](const Value& list, std::string_view keyword) -> std::optional<Error> {
        for (std::size_t i = 0; i < list.size(); ++i) {
            auto child = compile(list[i], depth + 1, where + "/" + std::string(keyword) + "/" + std::to_string(i));
            if (!child) return std::move(child).error();
            n.prefix_items.push_back(*child);
        }
        return std::nullopt;
    };
    if (const Value* prefix = lookup_.find(s, "prefixItems")) {
        if (!prefix->is_array()) return bad("prefixItems must be an array", where);
        if (auto e = tuple(*prefix, "prefixItems")) return e;
    }
    const Value* rest = nullptr;
    if (const Value* items = lookup_.find(s, "items")) {
        if (items->is_array()) { // draft 7's tuple form
            if (auto e = tuple(*items, "items")) return e;
            rest = lookup_.find(s, "additionalItems");
        } else {
            rest = items;
        }
    } else if (evaluated_only_here(s) && !lookup_.find(s, "contains")) {
        rest = lookup_.find(s, "unevaluatedItems");
    }
    if (rest) {
        if (rest->is_bool() && !rest->as_bool()) {
            n.items_forbidden = true;
        } else {
            auto child = compile(*rest, depth + 1, where + "/items");
            if (!child) return std::move(child).error();
            n.items = *child;
        }
    }
    return std::nullopt;
}

std::optional<Error> Compiler::fill_alternatives(const Value& list, Node& n, std::size_t depth, const std::string& where,
                                                 std::string_view keyword) {
    if (!list.is_array() || list.empty()) return bad(std::string(keyword) + " must be a non-empty array", where);
    for (std::size_t i = 0; i < list.size(); ++i) {
        auto child = compile(list[i], depth + 1, where + "/" + std::string(keyword) + "/" + std::to_string(i));
        if (!child) return std::move(child).error();
        n.alternatives.push_back(*child);
    }
    // An alternative that is this node again ({"anyOf": [X, {"$ref": "#"}]}) allows nothing the
    // others do not: left out, or every reading would try it again without end. (With no other,
    // it is a cycle with no structure, and stays as it is: the trials' budget stops it.)
    const auto self = [&](const Node* a) { return a == &n; };
    if (!std::all_of(n.alternatives.begin(), n.alternatives.end(), self))
        n.alternatives.erase(std::remove_if(n.alternatives.begin(), n.alternatives.end(), self), n.alternatives.end());
    return std::nullopt;
}

// allOf: the common case is object schemas composed from parts; their keywords are merged into
// this node (properties appended, required kept, the first type and limits that are set).
std::optional<Error> Compiler::merge_all_of(const Value& list, Node& n, std::size_t depth, const std::string& where) {
    if (!list.is_array() || list.empty()) return bad("allOf must be a non-empty array", where);
    for (std::size_t i = 0; i < list.size(); ++i) {
        auto child = compile(list[i], depth + 1, where + "/allOf/" + std::to_string(i));
        if (!child) return std::move(child).error();
        const Node& c = **child;
        if (c.never) n.never = true;
        if (!n.types) n.types = c.types;
        else if (c.types) n.types &= c.types;
        for (const Property& p : c.properties) {
            bool merged = false;
            for (Property& q : n.properties)
                if (q.key == p.key) {
                    q.required = q.required || p.required;
                    merged = true;
                }
            if (!merged) n.properties.push_back(p);
        }
        if (c.additional != Additional::Allowed && n.additional == Additional::Allowed) {
            n.additional = c.additional;
            n.additional_schema = c.additional_schema;
        }
        if (c.rare && !c.rare->pattern_properties.empty()) {
            auto& patterns = rare_of(n).pattern_properties;
            patterns.insert(patterns.end(), c.rare->pattern_properties.begin(), c.rare->pattern_properties.end());
        }
        if (!n.items) n.items = c.items;
        if (!n.has_enum && c.has_enum) {
            n.has_enum = true;
            n.enum_values = c.enum_values;
        }
        if (!n.has_limits && c.has_limits) {
            n.has_limits = true;
            n.limits = c.limits;
            n.unique_items = c.unique_items;
            n.exclusive_minimum = c.exclusive_minimum;
            n.exclusive_maximum = c.exclusive_maximum;
        }
        if (c.types == t_integer) n.int_target = c.int_target;
        if (!n.default_value && c.default_value) n.default_value = c.default_value;
        n.source_literals = n.source_literals || c.source_literals;
    }
    return std::nullopt;
}

std::optional<Error> Compiler::fill(const Value& s, Node& n, std::size_t depth, const std::string& where) {
    n.source_literals = options_.source_literals;
    note_unenforced(s);
    if (const Value* type = lookup_.find(s, "type"))
        if (auto e = fill_types(*type, n, where)) return e;
    if (const Value* nullable = lookup_.find(s, "nullable"); nullable && nullable->is_bool() && nullable->as_bool() && n.types)
        n.types |= t_null;
    if (const Value* e = lookup_.find(s, "enum")) {
        if (!e->is_array()) return bad("enum must be an array", where);
        n.has_enum = true;
        n.enum_values.assign(e->items().begin(), e->items().end());
    }
    if (const Value* c = lookup_.find(s, "const")) {
        n.has_enum = true;
        n.enum_values.assign(1, *c);
    }
    if (const Value* d = lookup_.find(s, "default")) n.default_value = *d;
    if (auto e = fill_limits(s, n, where)) return e;
    if (auto e = fill_object(s, n, depth, where)) return e;
    if (auto e = fill_array(s, n, depth, where)) return e;
    if (const Value* any = lookup_.find(s, "anyOf"))
        if (auto e = fill_alternatives(*any, n, depth, where, "anyOf")) return e;
    if (const Value* one = lookup_.find(s, "oneOf"))
        if (auto e = fill_alternatives(*one, n, depth, where, "oneOf")) return e;
    if (const Value* all = lookup_.find(s, "allOf"))
        if (auto e = merge_all_of(*all, n, depth, where)) return e;
    // No type: what the keywords describe.
    if (!n.types && !lookup_.find(s, "type")) {
        if (!n.properties.empty() || (n.rare && !n.rare->pattern_properties.empty()) ||
            lookup_.find(s, "additionalProperties") ||
            lookup_.find(s, "required"))
            n.types = t_object;
        else if (n.items || !n.prefix_items.empty() || n.items_forbidden) n.types = t_array;
    }
    if (n.label.empty()) n.label = std::string(label_for(n.types & ~t_null));
    // BFCL writes the items' enum on an array ({"type":"array","items":{"type":"string"},
    // "enum":["a","b"]}): entries that are no arrays constrain the elements.
    if (n.types == t_array && n.has_enum) {
        bool scalars = true;
        for (const Value& v : n.enum_values) scalars = scalars && !v.is_array();
        if (scalars) {
            Node& item = n.items ? out_.nodes.emplace_back(*n.items) : out_.nodes.emplace_back();
            if (!n.items) item.label = "value";
            item.has_enum = true;
            item.enum_values = std::move(n.enum_values);
            item.enum_names.clear();
            name_enum(item);
            n.items = &item;
            n.has_enum = false;
            n.enum_values.clear();
        }
    }
    name_enum(n);
    // (The key table typed shaping's matcher reads is built at the node's first general read.)
    if (!n.properties.empty()) {
        n.plain_keys = true;
        for (const Property& p : n.properties) n.plain_keys = n.plain_keys && shape_detail::plain_text(p.key);
    }
    return std::nullopt;
}

} // namespace

const shape_detail::StructTable& LazyStructTable::get(const std::vector<Property>& properties) const {
    if (const shape_detail::StructTable* built = table_.load(std::memory_order_acquire)) return *built;
    std::vector<std::string_view> names;
    names.reserve(properties.size());
    for (const Property& p : properties) names.push_back(p.key);
    std::unique_ptr<bool[]> overflow(new bool[names.size()]());
    auto fresh = std::make_unique<const shape_detail::StructTable>(shape_detail::build_struct_table(
        names, std::span<const bool>(overflow.get(), names.size()), {}, "schema"));
    const shape_detail::StructTable* expected = nullptr;
    if (table_.compare_exchange_strong(expected, fresh.get(), std::memory_order_acq_rel)) return *fresh.release();
    return *expected; // another thread built it first
}

std::optional<unsigned> json_types_of(std::string_view type_name) {
    auto name = lookup_type(type_name);
    if (!name) return std::nullopt;
    return name->types;
}

Result<const Node*> build_shape_tree(const Value& schema, const SchemaCompileOptions& options, ShapeTree& out,
                                     const Rules* rules) {
    Compiler compiler(schema, options, out);
    auto root = compiler.compile(schema, 0, "");
    if (!root) return std::move(root).error();
    out.root = *root;
    // Once every node is compiled (a $ref may point at a node compiled after the property naming
    // it): what each property's scalar may be read as, and its path segment.
    std::size_t properties = 0;
    for (const Node& n : out.nodes) properties += n.properties.size();
    out.property_texts.reserve(properties); // never grows past it: `text` pointers stay valid
    for (Node& n : out.nodes)
        for (Property& p : n.properties) {
            p.direct = direct_bits(*p.schema);
            PropertyText& text = out.property_texts.emplace_back();
            std::string path = "$"; // any non-empty path: the segment as it follows one
            append_path_key(path, p.key);
            text.path_segment = path.substr(1);
            p.text = &text;
        }
    Node& root_node = *const_cast<Node*>(out.root); // one of out.nodes
    root_node.verify = compiler.unenforced && rules != nullptr;
    if (root_node.verify) {
        if (!root_node.rare) root_node.rare = out.rares.emplace_back(std::make_unique<NodeRare>()).get();
        root_node.rare->verify_rules = rules;
    }
    out.hot.build(root_node);
    return out.root;
}

} // namespace laminate::schema_detail
