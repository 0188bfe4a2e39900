#pragma once
// The compiled form of a schema: one Node per (sub)schema, built once by compile.cpp and
// read by read.cpp. Nodes live in a deque owned by ShapeTree, so pointers between them
// ($ref, recursion) stay valid.

#include <laminate/coerce.hpp>
#include <laminate/detail/shape_state.hpp>
#include <laminate/field_options.hpp>
#include <laminate/schema.hpp>
#include <laminate/value.hpp>

#include "schema/shape/hot.hpp"

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

namespace re2 {
class RE2; // (the pattern is matched in read.cpp; RE2 stays out of this header)
} // namespace re2

namespace laminate::schema_detail {

struct Node;


// JSON types a node accepts, as bits; none set means any value.
enum TypeBit : unsigned {
    t_null = 1u << 0,
    t_bool = 1u << 1,
    t_integer = 1u << 2,
    t_number = 1u << 3,
    t_string = 1u << 4,
    t_array = 1u << 5,
    t_object = 1u << 6,
};

// What the fast path may read for a property straight from the text without looking at its node
// (the node is mostly in another cache line, and cold): direct_read's cases, decided once per
// schema by direct_bits(). None set: ask the node.
enum DirectBit : std::uint8_t {
    d_string = 1u << 0,  // a plain string, kept
    d_bool = 1u << 1,    // true / false, kept
    d_integer = 1u << 2, // a small canonical integer, kept (any int64 fits the node)
    d_number = 1u << 3,  // a short exactly-held fraction, kept
    d_limits = 1u << 4,  // the node has constraints: check_limits after reading
    d_enum = 1u << 5,    // a plain string that is one of a string enum's names, kept (the compact
                         // form's entries only: HotProperty::enum_names)
};

// A property's texts that only absent properties and containers need, kept apart (ShapeTree owns
// them) so that Property stays small: the fast path compares the keys of consecutive properties,
// and several of them then share a cache line.
struct PropertyText {
    // What append_path_key appends for the key below a non-empty path (".key" or "[\"k y\"]"),
    // made once at compile time: shaping enters every container property's path.
    std::string path_segment;
};

struct Property {
    std::string key;
    const Node* schema = nullptr;
    bool required = false;
    std::uint8_t direct = 0;            // DirectBit mask of *schema
    const PropertyText* text = nullptr; // set once every node is compiled
};

// Enters a property's path for the scope (as PathScope(st, key), from the precomputed segment).
class PropertyPathScope {
public:
    PropertyPathScope(shape_detail::ShapeState& st, const Property& p) : PropertyPathScope(st, p.text->path_segment) {}
    PropertyPathScope(shape_detail::ShapeState& st, std::string_view segment) : st_(st), size_(st.path.size()) {
        if (st.path.empty() && !segment.empty() && segment.front() == '.') segment.remove_prefix(1);
        st.path.append(segment);
    }
    ~PropertyPathScope() { st_.path.resize(size_); }
    PropertyPathScope(const PropertyPathScope&) = delete;
    PropertyPathScope& operator=(const PropertyPathScope&) = delete;

private:
    shape_detail::ShapeState& st_;
    std::size_t size_;
};

enum class Additional : unsigned char { Allowed, Forbidden, Schema };

// A patternProperties entry: members whose key the pattern matches (anywhere in the key, as the
// validator matches it) are shaped by `schema`, not taken as additional ones.
struct PatternProperty {
    std::shared_ptr<const re2::RE2> pattern;
    const Node* schema = nullptr;
};

struct Rules;

// What few nodes have, kept apart (ShapeTree owns it) so that every Node stays small: a BFCL run
// compiles thousands of schemas, and their nodes are mostly cold.
struct NodeRare {
    // patternProperties, in schema order (a member takes the first whose pattern matches its key)
    std::vector<PatternProperty> pattern_properties;
    // The root's, when Node::verify: the validator's rules of the same schema (owned beside the tree).
    const Rules* verify_rules = nullptr;
    // A string node's pattern and format (a schema_detail::Format, 0 for none or one not
    // asserted), checked with the limits (Node::has_limits is set for them).
    std::shared_ptr<const re2::RE2> pattern;
    std::uint8_t format = 0;
};

// The key table typed shaping's matcher reads for an object node (keys view the properties' own
// strings), built at the node's first read on the general path: the fast path, which reads most
// calls, never needs it, and building it for every object node was a fair share of compiling a
// schema and of the compiled schema's memory. Safe to build from several threads at once (one
// table wins, the others are dropped).
class LazyStructTable {
public:
    LazyStructTable() = default;
    LazyStructTable(const LazyStructTable&) noexcept {} // a copied node builds its own
    LazyStructTable& operator=(const LazyStructTable&) noexcept {
        reset();
        return *this;
    }
    ~LazyStructTable() { reset(); }

    // The table for these properties (the node's, complete: every node compiled).
    const shape_detail::StructTable& get(const std::vector<Property>& properties) const;

private:
    void reset() noexcept { delete table_.exchange(nullptr); }
    mutable std::atomic<const shape_detail::StructTable*> table_{nullptr};
};

// Fields in the order shaping reads them: the hot ones share the node's first cache lines (a
// BFCL run touches thousands of schemas once each, so nodes are mostly cold).
struct Node {
    unsigned types = 0;            // TypeBit mask; 0 = any
    bool never = false;            // the schema `false`: nothing fits
    bool source_literals = false;  // strings may spell Java / JavaScript literals
    bool has_enum = false;         // enum / const (const is an enum of one)
    bool has_limits = false;
    bool items_forbidden = false;  // "items": false after prefixItems: no further element
    bool unique_items = false;     // uniqueItems: checked by check_limits on the shaped array
    Additional additional = Additional::Allowed;
    bool plain_keys = false;       // every property key is plain ASCII text (the fast path compares bytes)
    // The root's: the schema uses keywords shaping does not enforce itself (oneOf's exclusivity,
    // not, multipleOf, if/then/else, ...), so a shaped value is checked by the validator
    // (`rare->verify_rules`). A flag here, in the line the entry reads anyway: the common schema pays
    // nothing for it.
    bool verify = false;
    const HotObject* hot = nullptr; // the fast path's form of an object node (ShapeTree::hot), or null

    // anyOf / oneOf: alternatives tried in turn (the node's own keywords then do not apply)
    std::vector<const Node*> alternatives;
    // object
    std::vector<Property> properties;
    const Node* additional_schema = nullptr;
    // array
    const Node* items = nullptr;
    std::vector<const Node*> prefix_items;
    // integer
    IntTarget int_target{"integer"};

    std::optional<Value> default_value;
    std::vector<Value> enum_values;
    std::vector<std::string_view> enum_names; // when every entry is a string: views into enum_values
    std::optional<double> exclusive_minimum, exclusive_maximum;

    LazyStructTable table; // keys for match_members: table.get(properties)
    std::string label;             // the `to` of diagnostics: "integer", "string", "String[]"
    // constraints, checked after coercion by typed shaping's checks (minimum / maximum,
    // length_min / length_max, items_min / items_max of a FieldSpec)
    // Shared, so that the node stays small (and its hot fields in few cache lines).
    std::shared_ptr<const FieldSpec> limits;
    NodeRare* rare = nullptr; // null: none of those keywords (one of ShapeTree::rares)
};

// Calls f on n and on every node reachable from it through alternatives (anyOf / oneOf), each
// once, until f returns false (then false). In a recursive schema an alternative may lead back
// ({"anyOf": [X, {"anyOf": [{"$ref": "#"}, ...]}]}): a walk that followed it again would never
// end, or branch exponentially; a node seen once has said all it has to say. A node without
// alternatives costs one call, no allocation.
template <class F>
bool each_alternative(const Node& n, F&& f) {
    if (n.alternatives.empty()) return f(n);
    std::vector<const Node*> stack{&n};
    std::unordered_set<const Node*> seen{&n};
    while (!stack.empty()) {
        const Node* x = stack.back();
        stack.pop_back();
        if (!f(*x)) return false;
        for (const Node* a : x->alternatives)
            if (seen.insert(a).second) stack.push_back(a);
    }
    return true;
}

struct ShapeTree {
    std::deque<Node> nodes;
    // What the properties' `text` point to: sized once, when every node is compiled.
    std::vector<PropertyText> property_texts;
    // What the nodes' `rare` point to: none for most schemas (an empty deque would allocate).
    std::vector<std::unique_ptr<NodeRare>> rares;
    const Node* root = nullptr;
    HotForm hot; // the fast path's compact form of the object nodes (hot.hpp)
};

// Compiles `schema` into `out` (nodes, property texts, the fast path's compact form); the root
// node, or InvalidSchema. A $ref to another document or an anchor becomes a node for any value:
// the validator resolves those (Schema::compile compiles it first). When the schema uses keywords
// shaping does not enforce, the root is marked to have shaped values checked by `rules` (the
// same schema's, outliving the tree).
Result<const Node*> build_shape_tree(const Value& schema, const SchemaCompileOptions& options, ShapeTree& out,
                                     const Rules* rules = nullptr);

// The check of a shaped value by the validator, for a root marked `verify`: each violation but
// of a format or a pattern (left to validate()) is an error at its path. Returns whether there
// was none.
bool verify_shaped(const Node& root, const Value& shaped, shape_detail::ShapeState& st);

// The JSON types a type name allows as a TypeBit mask (0: any value), for JSON Schema's names,
// BFCL's ("dict", "float", "tuple", "any") and the Java / JavaScript ones; nullopt when unknown.
// The validator reads type names through it, so that both accept the same schemas.
std::optional<unsigned> json_types_of(std::string_view type_name);

// The DirectBit mask for a property of schema `n` (complete: every node compiled).
std::uint8_t direct_bits(const Node& n) noexcept;

// Shapes `in` into `out` by `node`; errors and diagnostics go to the state. Returns whether it
// was read without error.
bool read_node(const Value& in, const Node& node, Value& out, shape_detail::ShapeState& st, std::size_t depth = 0);

// The fast path of shape_json (fast_read.cpp): valid JSON of the common case read straight
// from the text into `out` by the schema, with no parsed Value tree. True when it read the whole
// text without error; false (`out` and `st` to be discarded, the caller runs parse + read_node)
// on anything else. Parser limits as ParseOptions::max_size / max_depth.
bool fast_shape(std::string_view text, const Schema& schema, Value& out, shape_detail::ShapeState& st,
                std::size_t max_size, std::size_t max_depth);

} // namespace laminate::schema_detail
