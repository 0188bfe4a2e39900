// The fast path's compact form of a compiled schema (hot.hpp): sized first, then built in one
// block, container by container in the order the fast path walks them (depth first from the root,
// properties in schema order), the absent records (texts, default copies) after every container.
#include "schema/shape/hot.hpp"
#include "schema/shape/hot_block_pool.hpp"
#include "schema/shape/node.hpp"

#include <cstring>
#include <new>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace laminate::schema_detail {
namespace {

constexpr std::size_t align8(std::size_t n) { return (n + 7) & ~std::size_t{7}; }

// fast_node's refusals of a container that do not depend on the text.
bool walkable(const Node& n) { return !n.never && n.alternatives.empty() && !n.has_enum; }

// The d_enum case of direct_read: a string enum whose names fit an entry, read where a string is.
bool direct_enum(const Node& n) {
    return !n.never && n.alternatives.empty() && n.has_enum && !n.enum_names.empty() &&
           n.enum_names.size() <= UINT16_MAX && (!n.types || (n.types & t_string));
}

// The bytes of a child's enum names (and their characters) in the block, 8-aligned; 0 unless d_enum.
std::size_t enum_bytes(const Node* child) {
    if (!child || !direct_enum(*child)) return 0;
    std::size_t bytes = child->enum_names.size() * sizeof(std::string_view);
    for (std::string_view name : child->enum_names) bytes += name.size();
    return align8(bytes);
}

// The fast path's compact array form applies: fast_node's checks pass, and no prefixItems.
bool array_form(const Node& n) { return (n.types & t_array) && walkable(n) && n.prefix_items.empty(); }

// A container's part of the block: its object form (header, entries, keys, enum names) and its
// array form (header with the items' entry, their enum names).
std::size_t object_bytes(const Node& n) {
    if (!(n.types & t_object)) return 0;
    std::size_t keys = 0;
    for (const Property& p : n.properties) keys += p.key.size();
    std::size_t bytes = sizeof(HotObject) + n.properties.size() * sizeof(HotProperty) + align8(keys);
    for (const Property& p : n.properties) bytes += enum_bytes(p.schema);
    return bytes;
}
std::size_t array_bytes(const Node& n) { return array_form(n) ? sizeof(HotArray) + enum_bytes(n.items) : 0; }

// Container nodes reachable from the root, in walk order (pre-order; an explicit stack, since
// recursive schemas make the graph cyclic and paths long).
std::vector<Node*> containers_in_walk_order(Node& root) {
    std::vector<Node*> order;
    std::unordered_set<const Node*> seen;
    std::vector<Node*> stack{&root};
    auto push = [&](const Node* n) {
        if (n && !seen.count(n)) stack.push_back(const_cast<Node*>(n)); // the ShapeTree's own nodes
    };
    while (!stack.empty()) {
        Node* n = stack.back();
        stack.pop_back();
        if (!seen.insert(n).second) continue;
        if ((n->types & t_object) || array_form(*n)) order.push_back(n);
        // Pushed in reverse, so that the first property's subtree comes next.
        for (auto it = n->alternatives.rbegin(); it != n->alternatives.rend(); ++it) push(*it);
        push(n->additional_schema);
        for (auto it = n->prefix_items.rbegin(); it != n->prefix_items.rend(); ++it) push(*it);
        push(n->items);
        for (auto it = n->properties.rbegin(); it != n->properties.rend(); ++it) push(it->schema);
    }
    return order;
}

std::int32_t offset(const void* from, const void* to) {
    return static_cast<std::int32_t>(static_cast<const char*>(to) - static_cast<const char*>(from));
}

// What an entry decides about its child (a property's schema, an array's items): direct bits,
// enum names (written at enum_at, which moves past them), the child's compact forms, limits.
struct EntryFiller {
    std::byte* block;
    std::unordered_map<const Node*, HotObject*> objects;
    std::unordered_map<const Node*, HotArray*> arrays;

    void fill(HotProperty& e, const Node* child, std::uint8_t direct, char*& enum_at) const {
        e.child = child;
        if (!child) return;
        e.direct = direct;
        if (direct_enum(*child)) {
            auto* names = reinterpret_cast<std::string_view*>(enum_at);
            char* chars = enum_at + child->enum_names.size() * sizeof(std::string_view);
            for (std::size_t k = 0; k < child->enum_names.size(); ++k) {
                const std::string_view name = child->enum_names[k];
                std::memcpy(chars, name.data(), name.size());
                ::new (static_cast<void*>(names + k)) std::string_view(chars, name.size());
                chars += name.size();
            }
            e.direct = static_cast<std::uint8_t>(d_enum | (child->has_limits ? d_limits : 0));
            e.aux_at = offset(&e, names);
            e.enum_count = static_cast<std::uint16_t>(child->enum_names.size());
            enum_at = reinterpret_cast<char*>(block) +
                      align8(static_cast<std::size_t>(reinterpret_cast<std::byte*>(chars) - block));
        }
        // d_enum needs an enum, the container forms none: aux_at is one or the other. Every
        // container reachable through an entry is in the walk order, so it has its forms.
        if (walkable(*child) && (child->types & t_object)) {
            e.flags |= h_object;
            e.aux_at = offset(&e, objects.at(child));
        }
        if (walkable(*child) && (child->types & t_array)) {
            e.flags |= h_array;
            if (!(e.flags & h_object) && array_form(*child)) {
                e.flags |= h_array_form;
                e.aux_at = offset(&e, arrays.at(child));
            }
        }
        if (child->has_limits) e.flags |= h_limits;
    }
};

} // namespace

HotForm::~HotForm() {
    for (HotAbsent* a : absents_) a->~HotAbsent();
    release_hot_block(block_, size_);
}

bool HotForm::build(Node& root) {
    const std::vector<Node*> order = containers_in_walk_order(root);
    // Sizes: the containers' forms in walk order, then the absent records (8-aligned), then
    // padding so that every key may be read for kKeyReadable bytes.
    std::size_t containers = 0, absents = 0;
    for (const Node* n : order) {
        containers += object_bytes(*n) + array_bytes(*n);
        if (!(n->types & t_object)) continue;
        for (const Property& p : n->properties) {
            if (p.key.size() > UINT16_MAX) return false;
            absents += align8(sizeof(HotAbsent) + p.text->path_segment.size());
        }
    }
    size_ = containers + absents + kKeyReadable;
    if (size_ > (std::size_t{1} << 30)) return false; // offsets are int32
    block_ = acquire_hot_block(size_);
    EntryFiller filler{block_, {}, {}};
    std::byte* at = block_;
    std::byte* absent_at = block_ + containers;

    // Headers first (an entry points at its child's, wherever the walk put it).
    for (Node* n : order) {
        if (n->types & t_object) {
            auto* h = ::new (static_cast<void*>(at)) HotObject;
            h->node = n;
            h->count = static_cast<std::uint32_t>(n->properties.size());
            for (const Property& p : n->properties) h->notes += p.schema->default_value || !p.required;
            h->plain_keys = n->plain_keys;
            h->walkable = walkable(*n);
            h->limits = n->has_limits;
            h->verify = n->verify;
            filler.objects.emplace(n, h);
            at += object_bytes(*n);
        }
        if (array_form(*n)) {
            auto* a = ::new (static_cast<void*>(at)) HotArray;
            a->items_forbidden = n->items_forbidden;
            filler.arrays.emplace(n, a);
            at += array_bytes(*n);
        }
    }
    for (const Node* n : order) {
        if (array_form(*n)) {
            HotArray* a = filler.arrays.at(n);
            char* enum_at = reinterpret_cast<char*>(a + 1);
            filler.fill(a->element, n->items, n->items ? direct_bits(*n->items) : 0, enum_at);
        }
        if (!(n->types & t_object)) continue;
        HotObject* h = filler.objects.at(n);
        auto* entries = reinterpret_cast<HotProperty*>(h + 1);
        char* key_at = reinterpret_cast<char*>(entries + n->properties.size());
        std::size_t keys = 0;
        for (const Property& p : n->properties) keys += p.key.size();
        char* enum_at = key_at + align8(keys); // 8-aligned: entries and headers are
        for (std::size_t i = 0; i < n->properties.size(); ++i) {
            const Property& p = n->properties[i];
            auto* e = ::new (static_cast<void*>(entries + i)) HotProperty;
            std::memcpy(key_at, p.key.data(), p.key.size());
            e->key_at = offset(e, key_at);
            e->key_size = static_cast<std::uint16_t>(p.key.size());
            key_at += p.key.size();
            // The absent record: the path segment, and the default copied beside it.
            const std::string& segment = p.text->path_segment;
            auto* a = ::new (static_cast<void*>(absent_at)) HotAbsent;
            absents_.push_back(a);
            a->segment_size = static_cast<std::uint32_t>(segment.size());
            if (p.schema->default_value) a->default_value = *p.schema->default_value;
            char* texts = reinterpret_cast<char*>(a + 1);
            std::memcpy(texts, segment.data(), segment.size());
            e->absent_at = offset(e, a);
            absent_at += align8(sizeof(HotAbsent) + segment.size());
            if (p.schema->default_value || !p.required) e->flags |= h_absent_ok;
            if (p.schema->default_value) e->flags |= h_default;
            if (p.required) e->flags |= h_required;
            filler.fill(*e, p.schema, p.direct, enum_at);
        }
    }
    for (Node* n : order)
        if (n->types & t_object) n->hot = filler.objects.at(n);
    return true;
}

} // namespace laminate::schema_detail
