// The evaluator walks schema nodes and the instance together. It runs in one of two modes: with
// a sink it records every violation (up to the limit); without one it only needs the verdict and
// returns at the first failure, which is how anyOf, oneOf, not, if and contains probe branches.
#include "schema/validate/evaluate.hpp"

#include "schema/validate/formats.hpp"
#include "number/compare.hpp"
#include "schema/validate/text.hpp"

#include <algorithm>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace laminate::schema_detail {

using number_detail::compare_numbers;
using number_detail::is_integral;
using number_detail::is_multiple_of;

namespace {

std::string quote_schema_value(const Value& v) { return excerpt(v, 80); }

class Evaluator {
public:
    Evaluator(const Rules& c, const ValidateOptions& o, std::vector<Violation>* sink)
        : c_(c), o_(o), sink_(sink), limit_(o.stop_at_first ? 1 : (o.max_violations == 0 ? 1 : o.max_violations)) {}

    bool eval(RuleId id, const Value& v) {
        if (halted_) return false;
        if (++steps_ > o_.max_steps) return fail_once(id, v, "limits", "validation stopped: the schema and value need more work than the limit allows");
        if (depth_ >= o_.max_depth)
            return fail_once(id, v, "depth", "the value nests deeper than the validation limit of " + std::to_string(o_.max_depth) + " levels");
        ++depth_;
        const bool ok = eval_node(node(id), v);
        --depth_;
        return ok;
    }

private:
    const Rule& node(RuleId id) const { return c_.nodes[static_cast<std::size_t>(id)]; }

    // More violations wanted: there is a sink and it is not full.
    bool more() const { return sink_ != nullptr && !halted_; }

    // Records a violation; returns more().
    bool fail(const Rule& n, const Value& v, std::string_view keyword, std::string message) {
        if (sink_ && !halted_) {
            std::string schema_path = n.location;
            if (!keyword.empty()) {
                schema_path += '/';
                schema_path += keyword;
            }
            sink_->push_back({path_, std::move(message), std::string(keyword), std::move(schema_path), excerpt(v, o_.excerpt_bytes)});
            if (sink_->size() >= limit_) halted_ = true;
        }
        return more();
    }

    // Limits are reported once and end the evaluation, whichever mode found them.
    bool fail_once(RuleId id, const Value& v, std::string_view keyword, std::string message) {
        if (!limit_hit_) {
            limit_hit_ = true;
            std::vector<Violation>* sink = root_sink_ ? root_sink_ : sink_;
            if (sink) {
                std::swap(sink, sink_);
                fail(node(id), v, keyword, std::move(message));
                std::swap(sink, sink_);
            }
        }
        halted_ = true;
        return false;
    }

    // Runs f with the sink switched off (a probe) and returns its verdict.
    template <class F>
    bool probe(F&& f) {
        std::vector<Violation>* saved = sink_;
        if (!root_sink_) root_sink_ = saved;
        sink_ = nullptr;
        const bool ok = f();
        sink_ = saved;
        return ok;
    }

    bool child(RuleId id, const Value& v, std::string_view key) {
        const std::size_t mark = path_.size();
        if (sink_) append_path_key(path_, key);
        const bool ok = eval(id, v);
        path_.resize(mark);
        return ok;
    }

    bool child(RuleId id, const Value& v, std::size_t index) {
        const std::size_t mark = path_.size();
        if (sink_) append_path_index(path_, index);
        const bool ok = eval(id, v);
        path_.resize(mark);
        return ok;
    }

    std::string got(const Value& v) const {
        switch (v.type()) {
        case Type::Null: return "null";
        case Type::Bool: return v.as_bool() ? "true" : "false";
        case Type::Number: return o_.quote_numbers ? excerpt(v, 40) : (is_integral(v) ? "an integer" : "a number");
        case Type::String: return "a string";
        case Type::Array: return "an array";
        case Type::Object: return "an object";
        }
        return "a value";
    }

    static bool has_type(std::uint8_t types, const Value& v) {
        switch (v.type()) {
        case Type::Null: return types & rt_null;
        case Type::Bool: return types & rt_boolean;
        case Type::Object: return types & rt_object;
        case Type::Array: return types & rt_array;
        case Type::String: return types & rt_string;
        case Type::Number: return (types & rt_number) || ((types & rt_integer) && is_integral(v));
        }
        return false;
    }

    static std::string type_list(std::uint8_t types) {
        static constexpr std::pair<std::uint8_t, const char*> names[] = {
            {rt_object, "an object"}, {rt_array, "an array"}, {rt_string, "a string"}, {rt_integer, "an integer"},
            {rt_number, "a number"}, {rt_boolean, "a boolean"}, {rt_null, "null"}};
        std::string out;
        for (auto [bit, name] : names) {
            if (!(types & bit)) continue;
            if (!out.empty()) out += " or ";
            out += name;
        }
        return out;
    }

    bool eval_node(const Rule& n, const Value& v) {
        if (n.always) {
            if (*n.always) return true;
            fail(n, v, "false", "no value is allowed here (the schema is false)");
            return false;
        }
        bool ok = true;
        if (n.ref != no_rule) {
            if (!follow_ref(n.ref, v)) {
                ok = false;
                if (!more()) return false;
            }
            if (n.ref_overrides) return ok;
        }
        if (n.types && !has_type(n.types, v)) {
            ok = false;
            if (!fail(n, v, "type", "expected " + type_list(n.types) + ", got " + got(v))) return false;
        }
        if (n.rare().const_value && !(v == *n.rare().const_value)) {
            ok = false;
            if (!fail(n, v, "const", "expected the constant " + quote_schema_value(*n.rare().const_value) + ", got " + got(v))) return false;
        }
        if (n.enum_values && !in_enum(*n.enum_values, v)) {
            ok = false;
            std::string message = "expected one of " + enum_list(*n.enum_values) + ", got " + got(v);
            if (const Value* near = near_enum(*n.enum_values, v)) message += " (did you mean " + quote_schema_value(*near) + "?)";
            if (!fail(n, v, "enum", std::move(message))) return false;
        }
        switch (v.type()) {
        case Type::Number: ok = numbers(n, v) && ok; break;
        case Type::String: ok = strings(n, v) && ok; break;
        case Type::Array: ok = arrays(n, v) && ok; break;
        case Type::Object: ok = objects(n, v) && ok; break;
        default: break;
        }
        if (!ok && !more()) return false;
        ok = combinators(n, v) && ok;
        // unevaluated*: last, as they read what every other keyword here evaluated.
        if (!ok && !more()) return false;
        if (v.is_object() && n.rare().unevaluated_properties != no_rule) ok = unevaluated<Part::members>(n, v) && ok;
        if (v.is_array() && n.rare().unevaluated_items != no_rule) ok = unevaluated<Part::items>(n, v) && ok;
        return ok;
    }

    // The members (Part::members) or items (Part::items) of `v` that the schema `n` evaluates
    // (JSON Schema 2020-12's annotations), marked in `seen`: see evaluated_members_here and
    // evaluated_items_here. `own_unevaluated` false leaves out n's own unevaluatedProperties /
    // unevaluatedItems (the keyword being applied). Each call counts against the step budget, so
    // nested applicators cannot multiply the work past the limit.
    enum class Part { members, items };
    template <Part P>
    void evaluated(const Rule& n, const Value& v, std::vector<char>& seen, bool own_unevaluated) {
        if (n.always || halted_) return;
        if (++steps_ > o_.max_steps || depth_ >= o_.max_depth) {
            fail_once(0, v, "limits", "validation stopped: the schema and value need more work than the limit allows");
            return;
        }
        ++depth_;
        if constexpr (P == Part::members)
            evaluated_members_here(n, v, seen, own_unevaluated);
        else
            evaluated_items_here(n, v, seen, own_unevaluated);
        --depth_;
    }

    // Of an object: its properties, patternProperties and additionalProperties (then every
    // member), and those of the in-place subschemas `v` passes: $ref, allOf, the anyOf/oneOf
    // branches that match, if with then or else, dependentSchemas.
    void evaluated_members_here(const Rule& n, const Value& v, std::vector<char>& seen, bool own_unevaluated) {
        const auto members = v.members();
        auto mark_all = [&] { std::fill(seen.begin(), seen.end(), char{1}); };
        if (n.ref != no_rule) {
            evaluated<Part::members>(node(n.ref), v, seen, true);
            if (n.ref_overrides) return;
        }
        if (n.additional_properties != no_rule || (own_unevaluated && n.rare().unevaluated_properties != no_rule))
            return mark_all();
        for (std::size_t i = 0; i < members.size(); ++i) {
            if (seen[i]) continue;
            for (const auto& [name, id] : n.properties)
                if (name == members[i].key()) seen[i] = 1;
            for (const auto& [pattern, id] : n.rare().pattern_properties)
                if (!seen[i] && RE2::PartialMatch(members[i].key(), *pattern.re)) seen[i] = 1;
        }
        in_place(n, v, [&](RuleId id) { evaluated<Part::members>(node(id), v, seen, true); });
    }

    // Of an array: prefixItems, items (then every item), the items `contains` matches, and the
    // in-place subschemas' own.
    void evaluated_items_here(const Rule& n, const Value& v, std::vector<char>& seen, bool own_unevaluated) {
        const auto items = v.items();
        if (n.ref != no_rule) {
            evaluated<Part::items>(node(n.ref), v, seen, true);
            if (n.ref_overrides) return;
        }
        if (n.items != no_rule || (own_unevaluated && n.rare().unevaluated_items != no_rule)) {
            std::fill(seen.begin(), seen.end(), char{1});
            return;
        }
        for (std::size_t i = 0; i < items.size() && i < n.rare().prefix_items.size(); ++i) seen[i] = 1;
        if (n.rare().contains != no_rule)
            for (std::size_t i = 0; i < items.size(); ++i)
                if (!seen[i] && probe([&] { return eval(n.rare().contains, items[i]); })) seen[i] = 1;
        in_place(n, v, [&](RuleId id) { evaluated<Part::items>(node(id), v, seen, true); });
    }

    // Calls f on each in-place subschema of n whose annotations count for `v`: every allOf part,
    // the anyOf/oneOf branches `v` matches, if and then (or else), and the dependentSchemas of the
    // members `v` has.
    template <class F>
    void in_place(const Rule& n, const Value& v, F&& f) {
        for (RuleId id : n.rare().all_of) f(id);
        for (RuleId id : n.any_of)
            if (probe([&] { return eval(id, v); })) f(id);
        for (RuleId id : n.rare().one_of)
            if (probe([&] { return eval(id, v); })) f(id);
        if (n.rare().if_ != no_rule) {
            if (probe([&] { return eval(n.rare().if_, v); })) {
                f(n.rare().if_);
                if (n.rare().then_ != no_rule) f(n.rare().then_);
            } else if (n.rare().else_ != no_rule) {
                f(n.rare().else_);
            }
        }
        if (v.is_object())
            for (const auto& [name, id] : n.rare().dependent_schemas)
                if (v.contains(name)) f(id);
    }

    // unevaluatedProperties / unevaluatedItems: the members or items no keyword evaluates must
    // match its schema (false: there must be none).
    template <Part P>
    bool unevaluated(const Rule& n, const Value& v) {
        constexpr bool members = P == Part::members;
        const std::size_t count = members ? v.members().size() : v.items().size();
        std::vector<char> seen(count, 0);
        evaluated<P>(n, v, seen, false);
        if (limit_hit_) return false;
        const RuleId rest = members ? n.rare().unevaluated_properties : n.rare().unevaluated_items;
        bool ok = true;
        for (std::size_t i = 0; i < count; ++i) {
            if (seen[i]) continue;
            const Value& value = members ? v.members()[i].value : v.items()[i];
            if (node(rest).always == false) {
                ok = false;
                const std::size_t mark = path_.size();
                if (sink_) {
                    if constexpr (members)
                        append_path_key(path_, v.members()[i].key());
                    else
                        append_path_index(path_, i);
                }
                const bool go_on =
                    members ? fail(n, value, "unevaluatedProperties",
                                   "unexpected property: no keyword of the schema evaluates it and "
                                   "'unevaluatedProperties' allows no others")
                            : fail(n, value, "unevaluatedItems",
                                   "unexpected item: no keyword of the schema evaluates it and 'unevaluatedItems' "
                                   "allows no others");
                path_.resize(mark);
                if (!go_on) return false;
            } else if (!(members ? child(rest, value, v.members()[i].key()) : child(rest, value, i))) {
                ok = false;
                if (!more()) return false;
            }
        }
        return ok;
    }

    bool follow_ref(RuleId target, const Value& v) {
        // A $ref that comes back to a schema already being applied to this same value is a cycle
        // that would never end ({"$ref": "#"}): the value matches nothing there.
        for (auto it = ref_stack_.rbegin(); it != ref_stack_.rend() && it->second == &v; ++it)
            if (it->first == target) return fail_once(target, v, "$ref", "the schema's $ref loops back to itself without reaching into the value");
        ref_stack_.emplace_back(target, &v);
        const bool ok = eval(target, v);
        ref_stack_.pop_back();
        return ok;
    }

    static bool in_enum(const std::vector<Value>& values, const Value& v) {
        for (const Value& e : values)
            if (e == v) return true;
        return false;
    }

    // The string member a string differs from only in case, spaces, '-' and '_' ("Business
    // class" for "business_class"): the likely intent, named from the schema.
    static const Value* near_enum(const std::vector<Value>& values, const Value& v) {
        if (!v.is_string()) return nullptr;
        auto fold = [](std::string_view s) {
            std::string out;
            for (char c : s) {
                if (c == ' ' || c == '-' || c == '_') continue;
                out += (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
            }
            return out;
        };
        const std::string key = fold(v.as_string());
        for (const Value& e : values)
            if (e.is_string() && fold(e.as_string()) == key) return &e;
        return nullptr;
    }

    static std::string enum_list(const std::vector<Value>& values) {
        std::string out;
        std::size_t shown = 0;
        for (const Value& e : values) {
            if (shown == 20) { out += ", ..."; break; }
            if (shown++) out += ", ";
            out += quote_schema_value(e);
        }
        return out;
    }

    bool numbers(const Rule& n, const Value& v) {
        bool ok = true;
        auto bound = [&](const std::optional<Value>& limit, const char* keyword, const char* op, bool pass_when_below, bool exclusive) {
            if (!limit) return true;
            const int c = compare_numbers(v, *limit);
            const bool pass = pass_when_below ? (exclusive ? c < 0 : c <= 0) : (exclusive ? c > 0 : c >= 0);
            if (pass) return true;
            ok = false;
            return fail(n, v, keyword, std::string("expected a value ") + op + " " + quote_schema_value(*limit) + ", got " + got(v));
        };
        if (!bound(n.minimum, "minimum", ">=", false, false)) return false;
        if (!bound(n.exclusive_minimum, "exclusiveMinimum", ">", false, true)) return false;
        if (!bound(n.maximum, "maximum", "<=", true, false)) return false;
        if (!bound(n.exclusive_maximum, "exclusiveMaximum", "<", true, true)) return false;
        if (n.rare().multiple_of && !is_multiple_of(v, *n.rare().multiple_of)) {
            ok = false;
            if (!fail(n, v, "multipleOf", "expected a multiple of " + quote_schema_value(*n.rare().multiple_of) + ", got " + got(v))) return false;
        }
        return ok;
    }

    bool strings(const Rule& n, const Value& v) {
        bool ok = true;
        const std::string_view s = v.as_string();
        if (n.rare().min_length || n.rare().max_length) {
            const std::size_t len = code_points(s);
            if (n.rare().min_length && len < *n.rare().min_length) {
                ok = false;
                if (!fail(n, v, "minLength", "expected at least " + std::to_string(*n.rare().min_length) + " characters, got " + std::to_string(len))) return false;
            }
            if (n.rare().max_length && len > *n.rare().max_length) {
                ok = false;
                if (!fail(n, v, "maxLength", "expected at most " + std::to_string(*n.rare().max_length) + " characters, got " + std::to_string(len))) return false;
            }
        }
        if (n.rare().pattern && !RE2::PartialMatch(s, *n.rare().pattern->re)) {
            ok = false;
            if (!fail(n, v, "pattern", "expected a string matching the pattern " + quote_schema_value(Value(n.rare().pattern->source)))) return false;
        }
        if (n.format != Format::None && !matches_format(n.format, s)) {
            ok = false;
            if (!fail(n, v, "format", "expected " + std::string(format_description(n.format)))) return false;
        }
        return ok;
    }

    bool arrays(const Rule& n, const Value& v) {
        bool ok = true;
        const auto items = v.items();
        if (n.rare().min_items && items.size() < *n.rare().min_items) {
            ok = false;
            if (!fail(n, v, "minItems", "expected at least " + std::to_string(*n.rare().min_items) + " items, got " + std::to_string(items.size()))) return false;
        }
        if (n.rare().max_items && items.size() > *n.rare().max_items) {
            ok = false;
            if (!fail(n, v, "maxItems", "expected at most " + std::to_string(*n.rare().max_items) + " items, got " + std::to_string(items.size()))) return false;
        }
        for (std::size_t i = 0; i < items.size(); ++i) {
            const RuleId id = i < n.rare().prefix_items.size() ? n.rare().prefix_items[i] : n.items;
            if (id == no_rule) {
                if (i >= n.rare().prefix_items.size()) break;
                continue;
            }
            if (!child(id, items[i], i)) {
                ok = false;
                if (!more()) return false;
            }
        }
        if (n.rare().unique_items) {
            // Quadratic, like the definition; bounded by the step budget through the equality
            // count on huge arrays.
            for (std::size_t i = 0; i < items.size(); ++i) {
                for (std::size_t j = i + 1; j < items.size(); ++j) {
                    if (!(items[i] == items[j])) continue;
                    ok = false;
                    if (!fail(n, v, "uniqueItems", "expected unique items, items " + std::to_string(i) + " and " + std::to_string(j) + " are equal")) return false;
                    i = items.size();
                    break;
                }
                if ((steps_ += items.size()) > o_.max_steps) return fail_once(0, v, "limits", "validation stopped: the schema and value need more work than the limit allows");
            }
        }
        if (n.rare().contains != no_rule) {
            std::uint64_t matches = 0;
            for (std::size_t i = 0; i < items.size(); ++i)
                if (probe([&] { return eval(n.rare().contains, items[i]); })) ++matches;
            const std::uint64_t min = n.rare().min_contains.value_or(1);
            if (matches < min) {
                ok = false;
                if (!fail(n, v, min == 1 ? "contains" : "minContains", "expected at least " + std::to_string(min) + (min == 1 ? " item" : " items") + " matching the 'contains' schema, got " + std::to_string(matches))) return false;
            }
            if (n.rare().max_contains && matches > *n.rare().max_contains) {
                ok = false;
                if (!fail(n, v, "maxContains", "expected at most " + std::to_string(*n.rare().max_contains) + " items matching the 'contains' schema, got " + std::to_string(matches))) return false;
            }
        }
        return ok;
    }

    bool objects(const Rule& n, const Value& v) {
        bool ok = true;
        const auto members = v.members();
        if (n.rare().min_properties && members.size() < *n.rare().min_properties) {
            ok = false;
            if (!fail(n, v, "minProperties", "expected at least " + std::to_string(*n.rare().min_properties) + " properties, got " + std::to_string(members.size()))) return false;
        }
        if (n.rare().max_properties && members.size() > *n.rare().max_properties) {
            ok = false;
            if (!fail(n, v, "maxProperties", "expected at most " + std::to_string(*n.rare().max_properties) + " properties, got " + std::to_string(members.size()))) return false;
        }
        for (const std::string& name : n.required) {
            if (v.contains(name)) continue;
            ok = false;
            if (!fail(n, v, "required", "missing required property " + quote_schema_value(Value(name)))) return false;
        }
        for (const auto& [name, needed] : n.rare().dependent_required) {
            if (!v.contains(name)) continue;
            for (const std::string& other : needed) {
                if (v.contains(other)) continue;
                ok = false;
                if (!fail(n, v, "dependentRequired", "property " + quote_schema_value(Value(name)) + " requires property " + quote_schema_value(Value(other)))) return false;
            }
        }
        for (const auto& [name, schema] : n.rare().dependent_schemas) {
            if (!v.contains(name)) continue;
            if (!eval(schema, v)) {
                ok = false;
                if (!more()) return false;
            }
        }
        for (const Member& m : members) {
            bool matched = false;
            for (const auto& [name, id] : n.properties) {
                if (name != m.key()) continue;
                matched = true;
                if (!child(id, m.value, m.key())) {
                    ok = false;
                    if (!more()) return false;
                }
            }
            for (const auto& [pattern, id] : n.rare().pattern_properties) {
                if (!RE2::PartialMatch(m.key(), *pattern.re)) continue;
                matched = true;
                if (!child(id, m.value, m.key())) {
                    ok = false;
                    if (!more()) return false;
                }
            }
            if (!matched && n.additional_properties != no_rule) {
                const Rule& extra = node(n.additional_properties);
                if (extra.always == false) { // the common case gets a message that says what to do
                    ok = false;
                    const std::size_t mark = path_.size();
                    if (sink_) append_path_key(path_, m.key());
                    const bool go_on = fail(n, m.value, "additionalProperties", "unexpected property: the schema allows no properties besides those it lists");
                    path_.resize(mark);
                    if (!go_on) return false;
                } else if (!child(n.additional_properties, m.value, m.key())) {
                    ok = false;
                    if (!more()) return false;
                }
            }
            if (n.rare().property_names != no_rule) {
                const Value name(m.key());
                if (!probe([&] { return eval(n.rare().property_names, name); })) {
                    ok = false;
                    const std::size_t mark = path_.size();
                    if (sink_) append_path_key(path_, m.key());
                    const bool go_on = fail(n, name, "propertyNames", "property name does not satisfy the 'propertyNames' schema");
                    path_.resize(mark);
                    if (!go_on) return false;
                }
            }
        }
        return ok;
    }

    // The types a branch admits, looking through $ref-only wrappers; 0 when it admits any.
    std::uint8_t branch_types(RuleId id) const {
        for (int hops = 0; hops < 16 && id != no_rule; ++hops) {
            const Rule& b = node(id);
            if (b.always) return *b.always ? 0 : 0xFF;
            if (b.types || b.ref == no_rule) return b.types;
            id = b.ref;
        }
        return 0;
    }

    // Why no branch of anyOf/oneOf matched, said so that a model can act on it: when the value's
    // type fits no branch, the types that would; when it fits exactly one branch (a nullable
    // object: [{...}, {"type": "null"}]), that branch's own violations; otherwise the summary.
    bool explain_branches(const Rule& n, const Value& v, const std::vector<RuleId>& branches, std::string_view keyword,
                          std::string summary) {
        if (!sink_) return false;
        std::uint8_t all = 0;
        std::vector<RuleId> fitting;
        bool untyped = false;
        for (RuleId id : branches) {
            const std::uint8_t t = branch_types(id);
            if (t == 0xFF) continue; // a false branch fits nothing
            all |= t;
            untyped = untyped || t == 0;
            if (t == 0 || has_type(t, v)) fitting.push_back(id);
        }
        if (fitting.empty() && all != 0)
            return fail(n, v, keyword, "expected " + type_list(all) + ", got " + got(v));
        if (fitting.size() == 1 && !untyped) {
            const std::size_t before = sink_->size();
            eval(fitting[0], v);
            if (sink_->size() > before || halted_) return more();
        }
        return fail(n, v, keyword, std::move(summary));
    }

    bool combinators(const Rule& n, const Value& v) {
        bool ok = true;
        for (RuleId id : n.rare().all_of) {
            if (!eval(id, v)) {
                ok = false;
                if (!more()) return false;
            }
        }
        if (!n.any_of.empty()) {
            bool any = false;
            for (RuleId id : n.any_of)
                if (probe([&] { return eval(id, v); })) { any = true; break; }
            if (!any) {
                ok = false;
                if (!explain_branches(n, v, n.any_of, "anyOf", "expected the value to match at least one of the " + std::to_string(n.any_of.size()) + " schemas in 'anyOf', it matches none")) return false;
            }
        }
        if (!n.rare().one_of.empty()) {
            std::vector<std::size_t> matching;
            for (std::size_t i = 0; i < n.rare().one_of.size() && matching.size() < 2; ++i)
                if (probe([&] { return eval(n.rare().one_of[i], v); })) matching.push_back(i);
            if (matching.empty()) {
                ok = false;
                if (!explain_branches(n, v, n.rare().one_of, "oneOf", "expected the value to match exactly one of the " + std::to_string(n.rare().one_of.size()) + " schemas in 'oneOf', it matches none")) return false;
            } else if (matching.size() > 1) {
                ok = false;
                if (!fail(n, v, "oneOf", "expected the value to match exactly one of the " + std::to_string(n.rare().one_of.size()) + " schemas in 'oneOf', it matches schemas " + std::to_string(matching[0]) + " and " + std::to_string(matching[1]))) return false;
            }
        }
        if (n.rare().not_ != no_rule && probe([&] { return eval(n.rare().not_, v); }) && !limit_hit_) {
            ok = false;
            if (!fail(n, v, "not", "expected the value not to match the schema in 'not'")) return false;
        }
        if (n.rare().if_ != no_rule) {
            const bool cond = probe([&] { return eval(n.rare().if_, v); });
            const RuleId branch = cond ? n.rare().then_ : n.rare().else_;
            if (branch != no_rule && !eval(branch, v)) {
                ok = false;
                if (!more()) return false;
            }
        }
        return ok;
    }

public:
    bool limit_hit() const { return limit_hit_; }

private:
    const Rules& c_;
    const ValidateOptions& o_;
    std::vector<Violation>* sink_;
    std::vector<Violation>* root_sink_ = nullptr;
    std::size_t limit_;
    std::string path_;
    std::size_t depth_ = 0;
    std::size_t steps_ = 0;
    bool halted_ = false;
    bool limit_hit_ = false;
    std::vector<std::pair<RuleId, const Value*>> ref_stack_;
};

} // namespace

ValidationResult evaluate(const Rules& schema, const Value& instance, const ValidateOptions& options) {
    ValidationResult result;
    Evaluator e(schema, options, &result.violations);
    result.valid = e.eval(0, instance) && !e.limit_hit();
    if (!result.valid && result.violations.empty()) // cannot happen, but never say invalid silently
        result.violations.push_back({"", "the value does not match the schema", "", "#", excerpt(instance, options.excerpt_bytes)});
    return result;
}

} // namespace laminate::schema_detail
