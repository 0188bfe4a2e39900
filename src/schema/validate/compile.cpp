// Compiles a schema in one walk over every keyword that holds subschemas, then resolves $ref:
// "#" and "#/json/pointer" by location (compiling a pointed-to value no keyword reached, such
// as a schema under an unknown keyword, on demand), "#name" by $anchor or draft-7 "$id": "#name",
// and other URIs by the $id they name, joined against the enclosing $id.
#include "schema/validate/compile.hpp"
#include "schema/shape/node.hpp"

#include "schema/keyword_lookup.hpp"
#include "schema/validate/formats.hpp"
#include "number/compare.hpp"
#include "schema/validate/text.hpp"

#include <optional>
#include <string_view>
#include <unordered_map>

namespace laminate::schema_detail {

using number_detail::is_integral;

namespace {

void append_pointer_token(std::string& pointer, std::string_view key) {
    pointer += '/';
    for (char c : key) {
        if (c == '~') pointer += "~0";
        else if (c == '/') pointer += "~1";
        else pointer += c;
    }
}

std::string percent_decode(std::string_view s) {
    std::string out;
    for (std::size_t i = 0; i < s.size(); ++i) {
        auto hex = [](char c) -> int {
            if (c >= '0' && c <= '9') return c - '0';
            if (c >= 'a' && c <= 'f') return c - 'a' + 10;
            if (c >= 'A' && c <= 'F') return c - 'A' + 10;
            return -1;
        };
        if (s[i] == '%' && i + 2 < s.size() && hex(s[i + 1]) >= 0 && hex(s[i + 2]) >= 0) {
            out += static_cast<char>(hex(s[i + 1]) * 16 + hex(s[i + 2]));
            i += 2;
        } else {
            out += s[i];
        }
    }
    return out;
}

bool has_scheme(std::string_view uri) {
    const auto colon = uri.find(':');
    if (colon == std::string_view::npos || colon == 0) return false;
    for (std::size_t i = 0; i < colon; ++i) {
        const char c = uri[i];
        const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
                        (i > 0 && ((c >= '0' && c <= '9') || c == '+' || c == '-' || c == '.'));
        if (!ok) return false;
    }
    return true;
}

std::string_view without_fragment(std::string_view uri) {
    return uri.substr(0, uri.find('#'));
}

// RFC 3986 reference resolution, enough for $id and $ref inside one document (no dot segments).
std::string resolve_uri(std::string_view base, std::string_view ref) {
    if (has_scheme(ref)) return std::string(ref);
    const std::string_view b = without_fragment(base);
    if (ref.empty()) return std::string(b);
    if (ref[0] == '#') return std::string(b) + std::string(ref);
    if (ref.substr(0, 2) == "//") {
        const auto colon = b.find(':');
        return std::string(colon == std::string_view::npos ? std::string_view{} : b.substr(0, colon + 1)) + std::string(ref);
    }
    if (ref[0] == '/') {
        const auto authority = b.find("//");
        const auto path = authority == std::string_view::npos ? b.find('/') : b.find('/', authority + 2);
        return std::string(b.substr(0, path)) + std::string(ref);
    }
    const auto slash = b.rfind('/');
    std::string out(slash == std::string_view::npos ? std::string_view{} : b.substr(0, slash + 1));
    std::string_view r = ref;
    while (r.substr(0, 2) == "./") r.remove_prefix(2);
    return out + std::string(r);
}

// "'minimum' must be a number", built by appending (g++ 12 misreports chains of operator+).
std::string must_be(std::string_view key, std::string_view what) {
    std::string m = "'";
    m += key;
    m += "' ";
    m += what;
    return m;
}

bool is_draft7_uri(std::string_view s) {
    for (std::string_view d : {"draft-07", "draft-06", "draft-04", "draft-03"})
        if (s.find(d) != std::string_view::npos) return true;
    return false;
}

struct Resource {
    const Value* value;
    std::string location;
};

class RuleCompiler {
public:
    RuleCompiler(const Value& root, const SchemaCompileOptions& options) : root_(root), options_(options) {
        draft7_ = options.draft == Draft::Draft7;
        if (options.draft == Draft::Automatic && root.is_object())
            if (const Value* s = root.find("$schema"); s && s->is_string()) draft7_ = is_draft7_uri(s->as_string());
    }

    Result<std::shared_ptr<const Rules>> run() {
        compile(root_, "#", "", 0);
        // Refs may point at schemas compiled on demand, which can hold refs of their own.
        for (std::size_t i = 0; i < pending_.size() && !error_; ++i) resolve(pending_[i]);
        if (error_) return std::move(*error_);
        out_.nodes.shrink_to_fit(); // kept as long as the Schema: no room for rules never added
        return std::shared_ptr<const Rules>(std::make_shared<Rules>(std::move(out_)));
    }

private:
    struct PendingRef {
        RuleId node;
        std::string uri; // resolved against the enclosing base
        std::string base;
    };

    void fail(const std::string& location, const std::string& message) {
        if (!error_) error_.emplace(ErrorKind::InvalidSchema, "schema at " + location + ": " + message);
    }

    RuleId compile(const Value& s, const std::string& location, const std::string& base, std::size_t depth) {
        if (error_) return no_rule;
        if (auto it = by_location_.find(location); it != by_location_.end()) return it->second;
        if (depth > options_.max_depth) {
            fail(location, "nests deeper than the limit of " + std::to_string(options_.max_depth));
            return no_rule;
        }
        const auto id = static_cast<RuleId>(out_.nodes.size());
        out_.nodes.emplace_back();
        out_.nodes[id].location = location;
        by_location_.emplace(location, id);
        if (s.is_bool()) {
            out_.nodes[id].always = s.as_bool();
            return id;
        }
        if (!s.is_object()) {
            fail(location, "a schema must be an object or a boolean");
            return id;
        }
        Rule n;
        n.location = location;
        std::string my_base = base;
        const Value* ref = lookup_.find(s, "$ref");
        const bool ref_only = ref && draft7_;
        if (const Value* v = lookup_.find(s, "$id"); v && v->is_string() && !ref_only) {
            const std::string_view text = v->as_string();
            if (!text.empty() && text[0] == '#') {
                if (draft7_) register_uri(resolve_uri(base, text), &s, location, id);
            } else {
                my_base = resolve_uri(base, text);
                register_uri(std::string(without_fragment(my_base)), &s, location, id);
            }
        }
        if (const Value* v = lookup_.find(s, "$anchor"); v && v->is_string() && !ref_only)
            register_uri(std::string(without_fragment(my_base)) + "#" + std::string(v->as_string()), &s, location, id);
        if (ref) {
            if (!ref->is_string()) {
                fail(location, "'$ref' must be a string");
                return id;
            }
            pending_.push_back({id, resolve_uri(my_base, ref->as_string()), my_base});
            n.ref_overrides = draft7_;
        }
        if (!ref_only) keywords(s, n, location, my_base, depth);
        definitions(s, location, my_base, depth); // even beside a draft-7 $ref: their ids count
        n.location = location;
        out_.nodes[id] = std::move(n);
        return id;
    }

    void register_uri(std::string uri, const Value* value, const std::string& location, RuleId id) {
        by_uri_.emplace(uri, id);
        resources_.emplace(std::move(uri), Resource{value, location});
    }

    RuleId sub(const Value& s, const std::string& location, std::string_view key, const std::string& base,
               std::size_t depth) {
        std::string l = location;
        append_pointer_token(l, key);
        return compile(s, l, base, depth + 1);
    }

    RuleId sub_index(const Value& s, const std::string& location, std::string_view key, std::size_t i,
                     const std::string& base, std::size_t depth) {
        std::string l = location;
        append_pointer_token(l, key);
        append_pointer_token(l, std::to_string(i));
        return compile(s, l, base, depth + 1);
    }

    std::optional<std::uint64_t> count(const Value& s, std::string_view key, const std::string& location) {
        const Value* v = lookup_.find(s, key);
        if (!v) return std::nullopt;
        if (!v->is_number() || !is_integral(*v) || v->as_double() < 0) {
            fail(location, must_be(key, "must be a non-negative integer"));
            return std::nullopt;
        }
        std::uint64_t u = 0;
        if (!v->get_uint64(u)) u = v->as_double() >= 1.8e19 ? UINT64_MAX : static_cast<std::uint64_t>(v->as_double());
        return u;
    }

    std::optional<Value> number(const Value& s, std::string_view key, const std::string& location) {
        const Value* v = lookup_.find(s, key);
        if (!v) return std::nullopt;
        if (!v->is_number()) {
            fail(location, must_be(key, "must be a number"));
            return std::nullopt;
        }
        return *v;
    }

    std::vector<RuleId> schema_list(const Value& s, std::string_view key, const std::string& location,
                                    const std::string& base, std::size_t depth) {
        std::vector<RuleId> out;
        const Value* v = lookup_.find(s, key);
        if (!v) return out;
        if (!v->is_array() || v->empty()) {
            fail(location, must_be(key, "must be a non-empty array of schemas"));
            return out;
        }
        for (std::size_t i = 0; i < v->size(); ++i) out.push_back(sub_index((*v)[i], location, key, i, base, depth));
        return out;
    }

    std::optional<Pattern> pattern(std::string_view source, const std::string& location) {
        RE2::Options o;
        o.set_log_errors(false);
        o.set_encoding(RE2::Options::EncodingUTF8);
        Pattern p;
        p.source = std::string(source);
        p.re = std::make_unique<RE2>(ecma_to_re2(source), o);
        if (!p.re->ok()) {
            fail(location, "pattern is not supported (RE2: " + p.re->error() +
                               "; lookaround and backreferences are not available)");
            return std::nullopt;
        }
        return p;
    }

    void types(const Value& v, Rule& n, const std::string& location) {
        // Type names as shaping reads them (json_types_of): JSON Schema's, and BFCL's "dict",
        // "float", "tuple", "any" and Java / JavaScript names, so that one Schema accepts one set.
        constexpr std::uint8_t any = rt_null | rt_boolean | rt_object | rt_array | rt_number | rt_string;
        auto bit = [&](const Value& name) -> std::uint8_t {
            if (name.is_string())
                if (auto shape_types = json_types_of(name.as_string())) {
                    const unsigned t = *shape_types;
                    if (t == 0) return any;
                    std::uint8_t out = 0;
                    if (t & t_null) out |= rt_null;
                    if (t & t_bool) out |= rt_boolean;
                    if (t & t_object) out |= rt_object;
                    if (t & t_array) out |= rt_array;
                    if (t & t_number) out |= rt_number;
                    if (t & t_string) out |= rt_string;
                    if (t & t_integer) out |= rt_integer;
                    return out;
                }
            fail(location, "'type' must name JSON Schema types (null, boolean, object, array, number, string, integer)");
            return 0;
        };
        if (v.is_array()) {
            for (const Value& t : v.items()) n.types |= bit(t);
            if (v.empty()) fail(location, "'type' must not be an empty array");
        } else {
            n.types = bit(v);
        }
    }

    std::vector<std::string> string_list(const Value& v, std::string_view key, const std::string& location) {
        std::vector<std::string> out;
        if (!v.is_array()) {
            fail(location, must_be(key, "must be an array of strings"));
            return out;
        }
        for (const Value& s : v.items()) {
            if (!s.is_string()) {
                fail(location, must_be(key, "must be an array of strings"));
                return out;
            }
            out.emplace_back(s.as_string());
        }
        return out;
    }

    void keywords(const Value& s, Rule& n, const std::string& loc, const std::string& base, std::size_t depth) {
        if (const Value* v = lookup_.find(s, "type")) types(*v, n, loc);
        // OpenAPI 3.0's nullable (Gemini's dialect), read as shaping reads it: null is allowed too.
        if (const Value* v = lookup_.find(s, "nullable"); v && v->is_bool() && v->as_bool() && n.types) n.types |= rt_null;
        if (const Value* v = lookup_.find(s, "const")) n.rare_mut().const_value = *v;
        if (const Value* v = lookup_.find(s, "enum")) {
            if (!v->is_array()) fail(loc, "'enum' must be an array");
            else n.enum_values.emplace(v->items().begin(), v->items().end());
        }
        numbers(s, n, loc);
        if (auto c = count(s, "minLength", loc)) n.rare_mut().min_length = c;
        if (auto c = count(s, "maxLength", loc)) n.rare_mut().max_length = c;
        if (const Value* v = lookup_.find(s, "pattern")) {
            if (!v->is_string()) fail(loc, "'pattern' must be a string");
            else if (auto p = pattern(v->as_string(), loc)) n.rare_mut().pattern = std::move(p);
        }
        if (const Value* v = lookup_.find(s, "format"); v && v->is_string() && options_.assert_format)
            n.format = format_from_name(v->as_string());
        arrays(s, n, loc, base, depth);
        objects(s, n, loc, base, depth);
        if (auto l = schema_list(s, "allOf", loc, base, depth); !l.empty()) n.rare_mut().all_of = std::move(l);
        n.any_of = schema_list(s, "anyOf", loc, base, depth);
        if (auto l = schema_list(s, "oneOf", loc, base, depth); !l.empty()) n.rare_mut().one_of = std::move(l);
        if (const Value* v = lookup_.find(s, "not")) {
            const RuleId id = sub(*v, loc, "not", base, depth);
            n.rare_mut().not_ = id;
        }
        if (const Value* v = lookup_.find(s, "if")) {
            const RuleId id = sub(*v, loc, "if", base, depth);
            n.rare_mut().if_ = id;
            if (const Value* t = lookup_.find(s, "then")) {
                const RuleId then_id = sub(*t, loc, "then", base, depth);
                n.rare_mut().then_ = then_id;
            }
            if (const Value* e = lookup_.find(s, "else")) {
                const RuleId else_id = sub(*e, loc, "else", base, depth);
                n.rare_mut().else_ = else_id;
            }
        }
    }

    // Definitions are compiled so that their $id and $anchor are known to $ref.
    void definitions(const Value& s, const std::string& loc, const std::string& base, std::size_t depth) {
        for (std::string_view key : {"$defs", "definitions"}) {
            const Value* defs = lookup_.find(s, key);
            if (!defs || !defs->is_object()) continue;
            std::string l = loc;
            append_pointer_token(l, key);
            for (const Member& m : defs->members()) sub(m.value, l, m.key(), base, depth + 1);
        }
    }

    void numbers(const Value& s, Rule& n, const std::string& loc) {
        n.minimum = number(s, "minimum", loc);
        n.maximum = number(s, "maximum", loc);
        // Draft 4 wrote exclusiveMinimum as a boolean beside minimum.
        for (auto [key, plain, exclusive] : {std::tuple{"exclusiveMinimum", &n.minimum, &n.exclusive_minimum},
                                            std::tuple{"exclusiveMaximum", &n.maximum, &n.exclusive_maximum}}) {
            const Value* v = lookup_.find(s, key);
            if (!v) continue;
            if (v->is_bool()) {
                if (v->as_bool() && *plain) {
                    *exclusive = std::move(**plain);
                    plain->reset();
                }
            } else {
                *exclusive = number(s, key, loc);
            }
        }
        if (auto m = number(s, "multipleOf", loc)) {
            if (!(m->as_double() > 0)) fail(loc, "'multipleOf' must be greater than 0");
            n.rare_mut().multiple_of = std::move(m);
        }
    }

    void arrays(const Value& s, Rule& n, const std::string& loc, const std::string& base, std::size_t depth) {
        const Value* items = lookup_.find(s, "items");
        if (const Value* v = lookup_.find(s, "prefixItems")) {
            if (auto l = schema_list(s, "prefixItems", loc, base, depth); !l.empty()) n.rare_mut().prefix_items = std::move(l);
            (void)v;
            if (items) n.items = sub(*items, loc, "items", base, depth);
        } else if (items && items->is_array()) { // draft 7 tuple form
            for (std::size_t i = 0; i < items->size(); ++i) {
                const RuleId id = sub_index((*items)[i], loc, "items", i, base, depth);
                n.rare_mut().prefix_items.push_back(id);
            }
            if (const Value* a = lookup_.find(s, "additionalItems")) n.items = sub(*a, loc, "additionalItems", base, depth);
        } else if (items) {
            n.items = sub(*items, loc, "items", base, depth);
        }
        if (const Value* v = lookup_.find(s, "contains")) {
            const RuleId id = sub(*v, loc, "contains", base, depth);
            RuleRare& r = n.rare_mut();
            r.contains = id;
            r.min_contains = count(s, "minContains", loc);
            r.max_contains = count(s, "maxContains", loc);
        }
        if (auto c = count(s, "minItems", loc)) n.rare_mut().min_items = c;
        if (auto c = count(s, "maxItems", loc)) n.rare_mut().max_items = c;
        if (const Value* v = lookup_.find(s, "uniqueItems"); v && v->is_bool() && v->as_bool()) n.rare_mut().unique_items = true;
        if (const Value* v = lookup_.find(s, "unevaluatedItems")) {
            const RuleId id = sub(*v, loc, "unevaluatedItems", base, depth);
            n.rare_mut().unevaluated_items = id;
        }
    }

    void objects(const Value& s, Rule& n, const std::string& loc, const std::string& base, std::size_t depth) {
        if (const Value* v = lookup_.find(s, "properties")) {
            if (!v->is_object()) return fail(loc, "'properties' must be an object");
            std::string l = loc;
            append_pointer_token(l, "properties");
            for (const Member& m : v->members()) n.properties.emplace_back(std::string(m.key()), sub(m.value, l, m.key(), base, depth + 1));
        }
        if (const Value* v = lookup_.find(s, "patternProperties")) {
            if (!v->is_object()) return fail(loc, "'patternProperties' must be an object");
            std::string l = loc;
            append_pointer_token(l, "patternProperties");
            for (const Member& m : v->members()) {
                auto p = pattern(m.key(), loc);
                const RuleId child = sub(m.value, l, m.key(), base, depth + 1);
                if (p) n.rare_mut().pattern_properties.emplace_back(std::move(*p), child);
            }
        }
        if (const Value* v = lookup_.find(s, "additionalProperties")) n.additional_properties = sub(*v, loc, "additionalProperties", base, depth);
        if (const Value* v = lookup_.find(s, "propertyNames")) {
            const RuleId id = sub(*v, loc, "propertyNames", base, depth);
            n.rare_mut().property_names = id;
        }
        if (const Value* v = lookup_.find(s, "required")) n.required = string_list(*v, "required", loc);
        if (const Value* v = lookup_.find(s, "dependentRequired"); v && v->is_object())
            for (const Member& m : v->members()) n.rare_mut().dependent_required.emplace_back(std::string(m.key()), string_list(m.value, "dependentRequired", loc));
        if (const Value* v = lookup_.find(s, "dependentSchemas"); v && v->is_object()) {
            std::string l = loc;
            append_pointer_token(l, "dependentSchemas");
            for (const Member& m : v->members()) {
                const RuleId id = sub(m.value, l, m.key(), base, depth + 1);
                n.rare_mut().dependent_schemas.emplace_back(std::string(m.key()), id);
            }
        }
        if (const Value* v = lookup_.find(s, "dependencies"); v && v->is_object()) { // draft 7: both forms
            std::string l = loc;
            append_pointer_token(l, "dependencies");
            for (const Member& m : v->members()) {
                if (m.value.is_array()) {
                    n.rare_mut().dependent_required.emplace_back(std::string(m.key()), string_list(m.value, "dependencies", loc));
                } else {
                    const RuleId id = sub(m.value, l, m.key(), base, depth + 1);
                    n.rare_mut().dependent_schemas.emplace_back(std::string(m.key()), id);
                }
            }
        }
        if (auto c = count(s, "minProperties", loc)) n.rare_mut().min_properties = c;
        if (auto c = count(s, "maxProperties", loc)) n.rare_mut().max_properties = c;
        if (const Value* v = lookup_.find(s, "unevaluatedProperties")) {
            const RuleId id = sub(*v, loc, "unevaluatedProperties", base, depth);
            n.rare_mut().unevaluated_properties = id;
        }
    }

    // The node a resolved $ref URI names, compiling it on demand.
    void resolve(PendingRef r) { // a copy: compiling on demand may grow pending_
        const std::string_view uri = r.uri;
        const auto hash = uri.find('#');
        const std::string document(uri.substr(0, hash));
        const std::string fragment = percent_decode(hash == std::string_view::npos ? std::string_view{} : uri.substr(hash + 1));
        if (!document.empty() && !resources_.count(document) && document != root_id()) load_document(document);
        RuleId target = no_rule;
        if (!fragment.empty() && fragment[0] != '/') {
            if (auto it = by_uri_.find(document + "#" + fragment); it != by_uri_.end()) target = it->second;
        } else {
            Resource resource{&root_, "#"};
            if (auto it = resources_.find(document); it != resources_.end()) resource = it->second;
            else if (!document.empty() && document != root_id()) resource.value = nullptr;
            if (resource.value) {
                const std::string location = resource.location + fragment;
                if (auto it = by_location_.find(location); it != by_location_.end()) {
                    target = it->second;
                } else if (const Value* v = resource.value->at_pointer(fragment)) {
                    target = compile(*v, location, resource_base(document, r.base), 0);
                }
            }
        }
        if (target == no_rule) {
            fail(out_.nodes[static_cast<std::size_t>(r.node)].location,
                 "'$ref' does not resolve inside this schema (remote references are not fetched)");
            return;
        }
        out_.nodes[static_cast<std::size_t>(r.node)].ref = target;
    }

    // A document from SchemaCompileOptions::documents, compiled and registered under its URI; its
    // locations start with the URI so they never collide with the main document's.
    void load_document(const std::string& uri) {
        for (const auto& [name, doc] : options_.documents) {
            if (without_fragment(name) != uri) continue;
            const std::string location = uri + "#";
            const RuleId id = compile(doc, location, uri, 0);
            if (!resources_.count(uri)) register_uri(uri, &doc, location, id);
            return;
        }
    }

    std::string root_id() const {
        if (const Value* v = root_.find("$id"); v && v->is_string()) return std::string(without_fragment(v->as_string()));
        return {};
    }

    static std::string resource_base(const std::string& document, const std::string& fallback) {
        return document.empty() ? fallback : document;
    }

    const Value& root_;
    SchemaCompileOptions options_;
    bool draft7_ = false;
    Rules out_;
    std::unordered_map<std::string, RuleId> by_location_;
    std::unordered_map<std::string, RuleId> by_uri_;
    std::unordered_map<std::string, Resource> resources_;
    std::vector<PendingRef> pending_;
    std::optional<Error> error_;
    KeywordLookup lookup_;
};

} // namespace

Result<std::shared_ptr<const Rules>> compile_rules(const Value& schema, const SchemaCompileOptions& options) {
    return RuleCompiler(schema, options).run();
}

} // namespace laminate::schema_detail
