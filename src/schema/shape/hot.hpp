#pragma once
// The fast path's compact form of a compiled schema: what fast_read.cpp reads per object and
// per property, in one exactly-sized block per schema, in the order the fast path walks it.
//
// Why: BFCL shapes thousands of texts, each against its own schema, so every call meets a cold
// schema. Reading it through the Nodes (a deque of large nodes, each property's key and texts in
// their own heap blocks, defaults inside the child nodes) costs a cache miss per property or more;
// here an object's header, its properties' entries and their key bytes are adjacent, the child
// checks fast_node would make (container walkable, limits) are decided at compile time into the
// parent's entry, and what absent properties need (path segment, default value)
// sits together at the end of the block. The Nodes stay the general path's form; every entry
// points back at its Property for the cases the fast path hands to read_property / read_node.

#include <laminate/value.hpp>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string_view>
#include <vector>

namespace laminate::schema_detail {

struct Node;
struct Property;
struct HotObject;
struct HotArray;

// A property's decisions that would otherwise read its child node.
// Bytes readable from any key's first byte (the block ends in that much padding): Value's inline
// string size, so that a key's Value is made with one fixed-size copy (construct_string checks it).
inline constexpr std::size_t kKeyReadable = 16;

enum HotFlag : std::uint8_t {
    h_absent_ok = 1u << 0, // absent: filled with its default or left empty (read_property's quiet case)
    h_object = 1u << 1,    // its node passes fast_node's container checks for an object (`object` set)
    h_array = 1u << 2,     // its node passes fast_node's container checks for an array
    h_limits = 1u << 3,    // its node has constraints: check_limits after reading
    h_default = 1u << 4,   // its node has a default (HotAbsent::default_value)
    h_array_form = 1u << 5, // with h_array, not h_object: aux_at is its node's HotArray
    h_required = 1u << 6,   // a required property (absent with a default: a Warning, not a note)
};

// What an absent property needs, in the block's cold part: its Defaulted note's path segment
// and (h_default) a copy of its node's default value. The segment follows the record.
struct HotAbsent {
    std::uint32_t segment_size = 0;
    Value default_value; // null unless h_default
    const char* texts() const noexcept { return reinterpret_cast<const char*>(this + 1); }
};

// One property, in 32 bytes: where its key, its child's compact form or enum names and its
// absent record lie are offsets from the entry itself (within the block), so that several
// entries share a cache line.
struct HotProperty {
    const Node* child = nullptr; // the general path's node (for what the entry cannot decide)
    std::int32_t key_at = 0;     // the key bytes (readable for kKeyReadable bytes at least)
    std::int32_t aux_at = 0;     // the child's HotObject (h_object), HotArray (h_array_form) or enum names (d_enum)
    std::int32_t absent_at = 0;  // its HotAbsent
    std::uint16_t key_size = 0;
    std::uint16_t enum_count = 0;
    std::uint8_t direct = 0; // DirectBit mask of its node (with d_enum: only that and d_limits)
    std::uint8_t flags = 0;  // HotFlag mask

    const char* key() const noexcept { return at<char>(key_at); }
    std::string_view key_view() const noexcept { return {key(), key_size}; }
    const char* key_end() const noexcept { return key() + kKeyReadable; }
    const HotObject* object() const noexcept { return at<HotObject>(aux_at); }
    const HotArray* array() const noexcept { return at<HotArray>(aux_at); }
    const std::string_view* enum_names() const noexcept { return at<std::string_view>(aux_at); }
    const HotAbsent& absent() const noexcept { return *at<HotAbsent>(absent_at); }
    std::string_view segment() const noexcept { return {absent().texts(), absent().segment_size}; }
    const Value* default_value() const noexcept { return (flags & h_default) ? &absent().default_value : nullptr; }

private:
    template <class T>
    const T* at(std::int32_t offset) const noexcept {
        return reinterpret_cast<const T*>(reinterpret_cast<const char*>(this) + offset);
    }
};

static_assert(sizeof(HotProperty) == 32);

// An object node's header; its `count` HotProperty entries follow it, then their key bytes, then
// the enum names of its d_enum properties. The absent records of all objects come after them.
struct HotObject {
    const Node* node = nullptr;
    std::uint32_t count = 0;
    std::uint32_t notes = 0; // its h_absent_ok properties: the Defaulted notes it may add
    bool plain_keys = false; // every key plain ASCII text (fast_expected_key compares bytes)
    bool walkable = false;   // the node passes fast_node's container checks for an object
    bool limits = false;     // the node has constraints
    bool verify = false;     // the root's Node::verify, read here: the fast path leaves the root node cold
    const HotProperty* properties() const noexcept { return reinterpret_cast<const HotProperty*>(this + 1); }
};

static_assert(sizeof(HotObject) % alignof(HotProperty) == 0);

// An array node's form (fast_node's checks passed, no prefixItems): its items' entry, decided as
// a property's is (no key, no absent record; child null when there is no items schema). Its
// items' enum names follow it.
struct HotArray {
    HotProperty element;
    bool items_forbidden = false;
};

static_assert(sizeof(HotArray) % alignof(HotProperty) == 0);

// The block of one compiled schema. build() makes a HotObject for every object-typed node
// reachable from the root (and sets the nodes' `hot` pointers) and a HotArray for every array
// node an entry may walk.
class HotForm {
public:
    HotForm() = default;
    HotForm(const HotForm&) = delete;
    HotForm& operator=(const HotForm&) = delete;
    ~HotForm();

    // False (no compact form: the fast path then leaves objects to the Value path) when a size
    // does not fit an entry (a key or an enum over 65,535 bytes or names, a block over 1 GB).
    bool build(Node& root);
    std::size_t bytes() const noexcept { return size_; }

private:
    std::byte* block_ = nullptr; // from acquire_hot_block(size_) (hot_block_pool.hpp)
    std::size_t size_ = 0;
    std::vector<HotAbsent*> absents_; // the absent records (their default copies) in the block
};

} // namespace laminate::schema_detail
