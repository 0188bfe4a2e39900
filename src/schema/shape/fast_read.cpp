// The fast path of schema-driven shaping from JSON text: valid JSON read straight into the output
// Value by the compiled schema, with no parsed Value tree in between. Objects and arrays are walked
// in the text; every scalar becomes a Value on the stack (typed shaping's fast_scalar: exactly
// what the parser makes of valid JSON) and goes through the very read_property / read_node the
// Value path uses, so coercions and diagnostics are the same code.
//
// It handles only the common case and gives up (false) on anything else: any syntax outside the
// strict grammar or that the parser would repair or flag (fast_scalar / fast_key refuse it), a
// key that is no property exactly (unknown, loose, escaped), a property given twice or out of the
// schema's order (diagnostics would come in another order), a container where the schema has
// alternatives, an enum, no type or not that container type, a container kept as it is, any
// error. The caller then parses and shapes from the start, so correctness never depends on this
// file being complete.
#include "schema/shape/node.hpp"
#include "schema/shape/steps.hpp"

#include "schema/shape/member_builder.hpp"
#include <laminate/detail/shape_fast.hpp>

namespace laminate::schema_detail {
namespace {

using shape_detail::FastCursor;
using shape_detail::PathScope;
using shape_detail::ShapeState;
using shape_detail::Slot;

constexpr std::size_t kMaxInputDepth = 512; // as read_node's

// The readers below take a null `out` and build the value in its place (placement new over a null
// Value, which owns nothing): no move assignment and no destructor call per value.
bool fast_node(FastCursor& c, const Node& n, Value& out, ShapeState& st, std::size_t depth);

// The diagnostic-free cases of read_node(v, n, out, st, depth) for a scalar v, made directly: a
// string where strings are allowed and a number where numbers are (taken as they are, moved into
// place), a canonical integer within a signed integer node's range (coerce_signed's Value), a
// string that is exactly one of a string enum's names (equal to the entry, so v is moved too).
// `out` is set only when it returns true; check_limits then still runs (it only records errors).
// Neither read_property's null and default rules nor source literals apply to such a v (no null,
// no sentinel where a sentinel could mean null).
bool direct_scalar(const Node& n, Value& v, Value& out, std::size_t depth) {
    if (depth > kMaxInputDepth || n.never || !n.alternatives.empty()) return false;
    if (n.has_enum) {
        if (n.enum_names.empty() || !v.is_string() || (n.types && !(n.types & t_string))) return false;
        const std::string_view text = v.as_string();
        for (std::size_t i = 0; i < n.enum_names.size(); ++i)
            if (n.enum_names[i] == text) { // the entry is this very string: v stands for it
                out = std::move(v);
                return true;
            }
        return false;
    }
    if (v.is_string()) {
        if (!(n.types & t_string)) return false;
        out = std::move(v);
        return true;
    }
    if (!v.is_number()) return false;
    if (v.is_integer() && (n.types & t_integer)) {
        std::int64_t i = 0;
        if (!n.int_target.is_signed || v.number_kind() != NumberKind::Int || !v.lexeme().empty() ||
            !v.is_lossless() || !v.get_int64(i) || i < n.int_target.min ||
            (i > 0 && static_cast<std::uint64_t>(i) > n.int_target.max))
            return false;
        out = Value(i);
        return true;
    }
    if (!(n.types & t_number)) return false;
    out = std::move(v);
    return true;
}

bool fast_literal(FastCursor& c, std::string_view word) noexcept {
    if (static_cast<std::size_t>(c.end - c.p) < word.size() || std::string_view(c.p, word.size()) != word) return false;
    c.p += word.size();
    return true;
}

// true / false at c.p (its first byte is 't' or 'f') built over the null `out`.
bool direct_bool(FastCursor& c, Value& out) noexcept {
    const bool value = *c.p == 't';
    if (!fast_literal(c, value ? "true" : "false")) return false;
    ::new (static_cast<void*>(&out)) Value(value);
    return true;
}

// A short exactly-held fraction at c.p (the number that starts at `start`, no integer) built over
// the null `out`. make_number keeps a lexeme of up to 8 bytes inline (dump() spells the source);
// longer ones it compares with the rendering, which is the general road's work.
bool direct_double(FastCursor& c, const char* start, Value& out) {
    double d = 0;
    if (!shape_detail::fast_double(c, d)) return false;
    const std::string_view lexeme(start, static_cast<std::size_t>(c.p - start));
    if (lexeme.size() > 8) {
        c.p = start;
        return false;
    }
    ::new (static_cast<void*>(&out)) Value(value_detail::ValueAccess::number(NumberKind::Double, 0, 0, d, lexeme, false));
    return true;
}

// direct_scalar's cases read straight from the text, decided by the node before any Value is made:
// a plain string (no escape) where strings are allowed or that is one of a string enum's names,
// true / false where booleans are, a small canonical integer where integers (in the signed range)
// or numbers are, a short exactly-held fraction where numbers are. The Value made is the one
// fast_scalar would make and direct_scalar would keep. False, c.p unchanged, for anything else
// (the caller then takes fast_scalar + direct_scalar / read_property). `out` must be null: the
// value is built in its place (no move, no destructor call).
bool direct_read(FastCursor& c, const Node& n, Value& out, std::size_t depth) {
    if (c.p == c.end || depth > kMaxInputDepth || n.never || !n.alternatives.empty()) return false;
    const char first = *c.p;
    if (first == '"') {
        if (n.has_enum ? (n.enum_names.empty() || (n.types && !(n.types & t_string))) : !(n.types & t_string))
            return false;
        FastCursor probe = c;
        std::string_view text;
        if (!shape_detail::fast_plain_string(probe, text)) return false;
        if (n.has_enum) {
            bool named = false;
            for (std::string_view name : n.enum_names) named = named || name == text;
            if (!named) return false;
        }
        value_detail::ValueAccess::construct_string(&out, text.data(), text.size(), c.end);
        c.p = probe.p;
        return true;
    }
    if (n.has_enum) return false;
    if (first == 't' || first == 'f') return (n.types & t_bool) && direct_bool(c, out);
    if (first != '-' && (first < '0' || first > '9')) return false;
    const char* start = c.p;
    if (std::int64_t i = 0; shape_detail::fast_small_integer(c, i)) {
        // direct_type: an integer is an integer where the node has integers, else a number.
        if (n.types & t_integer) {
            if (!n.int_target.is_signed || i < n.int_target.min ||
                (i > 0 && static_cast<std::uint64_t>(i) > n.int_target.max)) {
                c.p = start;
                return false;
            }
        } else if (!(n.types & t_number)) {
            c.p = start;
            return false;
        }
        ::new (static_cast<void*>(&out)) Value(i); // make_number's Value of a canonical integer lexeme (no lexeme kept)
        return true;
    }
    return (n.types & t_number) && direct_double(c, start, out);
}

// direct_read for a property by its entry's DirectBit mask (not 0), without its node: the same
// cases decided the same way, as direct_bits() (and for d_enum HotForm::build) encodes them.
// `out` must be null.
// Inline: it runs once per scalar member or item, and a call costs a fifth of its work.
[[gnu::always_inline]] inline bool direct_property(FastCursor& c, const HotProperty& p, Value& out) {
    if (c.p == c.end) return false;
    const std::uint8_t bits = p.direct;
    const char first = *c.p;
    if (first == '"') {
        std::string_view text;
        if (bits & d_enum) {
            FastCursor probe = c;
            if (!shape_detail::fast_plain_string(probe, text)) return false;
            bool named = false;
            for (std::size_t i = 0; i < p.enum_count && !named; ++i) named = p.enum_names()[i] == text;
            if (!named) return false;
            c.p = probe.p;
        } else if (!(bits & d_string) || !shape_detail::fast_plain_string(c, text)) {
            return false;
        }
        value_detail::ValueAccess::construct_string(&out, text.data(), text.size(), c.end);
        return true;
    }
    if (first == 't' || first == 'f') return (bits & d_bool) && direct_bool(c, out);
    if (first != '-' && (first < '0' || first > '9')) return false;
    const char* start = c.p;
    if (std::int64_t i = 0; shape_detail::fast_small_integer(c, i)) {
        if (!(bits & d_integer)) {
            c.p = start;
            return false;
        }
        ::new (static_cast<void*>(&out)) Value(i);
        return true;
    }
    return (bits & d_number) && direct_double(c, start, out);
}

// The property of an exact key, as match_members finds it in the node's table (whose keys are the
// properties' own, in order: no aliases), without touching the table (one cold block less per
// object); npos when none. `hint` follows the schema's order.
std::size_t find_property(const HotObject& h, std::string_view key, std::size_t& hint) noexcept {
    const std::size_t count = h.count;
    const HotProperty* props = h.properties();
    if (hint < count && props[hint].key_view() == key) return hint++;
    for (std::size_t i = 0; i < count; ++i)
        if (props[i].key_view() == key) {
            hint = i + 1;
            return i;
        }
    return static_cast<std::size_t>(-1);
}

// read_property(p, Slot{}, ...) for an absent property of the object `h`, from the compact form
// when it is the quiet case (its default, the Defaulted note).
void absent(const HotObject& h, std::size_t index, MemberBuilder& members, ShapeState& st, std::size_t depth) {
    const HotProperty& p = h.properties()[index];
    if (p.flags & h_absent_ok) {
        // Room for every note the object may add at once: BFCL functions with many defaulted
        // parameters would otherwise regrow the vector (of large Diagnostics) past note()'s four.
        if (st.policy.record_defaults && st.diagnostics.capacity() == 0)
            st.diagnostics.reserve(h.notes > 4 ? h.notes : 4);
        absent_property(p.key_view(), p.key_end(), p.default_value(), p.segment(), p.flags & h_required, members, st);
    } else {
        read_property(h.node->properties[index], Slot{}, members, st, depth); // required: the error
    }
}

bool fast_array(FastCursor& c, const Node& n, Value& out, ShapeState& st, std::size_t depth);
bool fast_array(FastCursor& c, const HotArray& a, Value& out, ShapeState& st, std::size_t depth);

// The object at c.p by its node's compact form (h.walkable: fast_node's checks passed). Reads the
// child nodes only where the entry cannot decide (no direct bits, limits, read_property).
bool fast_object(FastCursor& c, const HotObject& h, Value& out, ShapeState& st, std::size_t depth) {
    ++c.p; // '{'
    if (++c.depth >= c.max_depth) return false;
    const std::size_t count = h.count;
    const HotProperty* props = h.properties();
    MemberBuilder members;
    std::size_t next = 0, hint = 0;
    c.skip_ws();
    if (c.at('}')) {
        ++c.p;
    } else {
        if (!count) return false; // every member unknown: the Value path
        for (;;) {
            std::size_t f;
            if (h.plain_keys && hint < count && shape_detail::fast_expected_key(c, props[hint].key_view())) {
                f = hint++;
            } else {
                std::string_view key;
                if (!shape_detail::fast_key(c, key)) return false;
                f = find_property(h, key, hint);
            }
            if (f >= count || f < next) return false; // unknown, repeated or out of schema order
            for (; next < f; ++next) absent(h, next, members, st, depth);
            if (!st.errors.empty()) return false;
            const HotProperty& p = props[f];
            c.skip_ws();
            if (c.at('{') || c.at('[')) {
                // read_property's steps for a container (its null and default rules do not apply),
                // then fast_node's for the child, decided by the entry.
                const bool object = c.at('{');
                if (!(p.flags & (object ? h_object : h_array)) || depth + 1 > kMaxInputDepth) return false;
                PropertyPathScope path(st, p.segment());
                Value& slot = members.open(p.key_view(), p.key_end());
                if (!(object                      ? fast_object(c, *p.object(), slot, st, depth + 1)
                      : (p.flags & h_array_form) ? fast_array(c, *p.array(), slot, st, depth + 1)
                                                 : fast_array(c, *p.child, slot, st, depth + 1)) ||
                    !st.errors.empty())
                    return false;
                if ((p.flags & h_limits) && !check_limits(slot, *p.child, st)) return false;
            } else if (Value& slot = members.open(p.key_view(), p.key_end());
                       p.direct && depth + 1 <= kMaxInputDepth ? direct_property(c, p, slot)
                                                               : direct_read(c, *p.child, slot, depth + 1)) {
                if ((p.flags & h_limits) && !check_limits(slot, *p.child, st)) return false;
            } else {
                members.drop_last();
                const Node& child = *p.child;
                Value v, shaped;
                if (!shape_detail::fast_scalar(c, v)) {
                    return false;
                } else if (direct_scalar(child, v, shaped, depth + 1)) {
                    if (child.has_limits && !check_limits(shaped, child, st)) return false;
                    members.add(p.key_view(), p.key_end(), std::move(shaped));
                } else {
                    read_property(h.node->properties[f], Slot{&v, f, false}, members, st, depth);
                    if (!st.errors.empty()) return false;
                }
            }
            next = f + 1;
            c.skip_ws();
            if (c.at(',')) {
                ++c.p;
                c.skip_ws();
                continue;
            }
            if (!c.at('}')) return false;
            ++c.p;
            break;
        }
    }
    for (; next < count; ++next) absent(h, next, members, st, depth);
    if (!st.errors.empty()) return false;
    --c.depth;
    ::new (static_cast<void*>(&out)) Value(members.finish());
    return true;
}

// The array at c.p, each element read by read_element(i, v) into a null v in place: the loop
// both forms of array below share.
template <class ReadElement>
[[gnu::always_inline]] inline bool fast_items(FastCursor& c, Value& out, ReadElement read_element) {
    ++c.p; // '['
    if (++c.depth >= c.max_depth) return false;
    ItemBuilder items;
    c.skip_ws();
    if (c.at(']')) {
        ++c.p;
    } else {
        for (std::size_t i = 0;; ++i) {
            c.skip_ws();
            if (!read_element(i, items.open())) return false;
            bool done = false;
            if (!c.next_item(done)) return false;
            if (done) break;
        }
    }
    --c.depth;
    ::new (static_cast<void*>(&out)) Value(items.finish());
    return true;
}

// The array at c.p by its node (prefixItems, or no compact form).
bool fast_array(FastCursor& c, const Node& n, Value& out, ShapeState& st, std::size_t depth) {
    return fast_items(c, out, [&](std::size_t i, Value& v) {
        const Node* element = i < n.prefix_items.size() ? n.prefix_items[i] : n.items;
        // A scalar where an element may be an array: read_array decides (wrapping may be a guess).
        if (element && (element->types & t_array) && !c.at('{') && !c.at('[')) return false;
        if (element && !c.at('{') && !c.at('[') && direct_read(c, *element, v, depth + 1)) {
            // fast_node's first step, taken before entering the element's path: direct_read
            // makes no diagnostic, so only the constraint check needs the path.
            if (!element->has_limits) return true;
            PathScope path(st, i);
            return check_limits(v, *element, st);
        }
        if (element) {
            PathScope path(st, i);
            return fast_node(c, *element, v, st, depth + 1);
        }
        // No schema for it (or none allowed): a scalar is kept as it is; containers go the Value path.
        return !n.items_forbidden && !c.at('{') && !c.at('[') && shape_detail::fast_scalar(c, v);
    });
}

// fast_node(c, *e.child, v, st, depth) for element i of an array by its entry: the element's
// path entered only where a diagnostic may follow (direct reads make none).
bool fast_element(FastCursor& c, const HotArray& a, std::size_t i, Value& v, ShapeState& st, std::size_t depth) {
    const HotProperty& e = a.element;
    if (!e.child) // no schema for it (or none allowed): a scalar is kept as it is; containers go the Value path
        return !a.items_forbidden && !c.at('{') && !c.at('[') && shape_detail::fast_scalar(c, v);
    if (c.at('{') || c.at('[')) {
        const bool object = c.at('{');
        if (!(e.flags & (object ? h_object : h_array)) || depth > kMaxInputDepth) return false;
        PathScope path(st, i);
        if (!(object                      ? fast_object(c, *e.object(), v, st, depth)
              : (e.flags & h_array_form) ? fast_array(c, *e.array(), v, st, depth)
                                         : fast_array(c, *e.child, v, st, depth)) ||
            !st.errors.empty())
            return false;
        return !(e.flags & h_limits) || check_limits(v, *e.child, st);
    }
    // A scalar where an element may be an array: read_array decides (wrapping may be a guess).
    if (e.child->types & t_array) return false;
    if (e.direct && depth <= kMaxInputDepth ? direct_property(c, e, v) : direct_read(c, *e.child, v, depth)) {
        if (!(e.flags & h_limits)) return true;
        PathScope path(st, i);
        return check_limits(v, *e.child, st);
    }
    PathScope path(st, i);
    Value scalar;
    if (!shape_detail::fast_scalar(c, scalar)) return false;
    if (direct_scalar(*e.child, scalar, v, depth)) return !(e.flags & h_limits) || check_limits(v, *e.child, st);
    return read_node(scalar, *e.child, v, st, depth) && st.errors.empty();
}

// The array at c.p by its node's compact form.
bool fast_array(FastCursor& c, const HotArray& a, Value& out, ShapeState& st, std::size_t depth) {
    return fast_items(c, out, [&](std::size_t i, Value& v) { return fast_element(c, a, i, v, st, depth + 1); });
}

// read_node for the value at c.p.
bool fast_node(FastCursor& c, const Node& n, Value& out, ShapeState& st, std::size_t depth) {
    c.skip_ws();
    if (c.p == c.end) return false;
    const bool object = *c.p == '{';
    if (object || *c.p == '[') {
        // read_node's steps for a container: the JSON type is taken directly (one type, or the
        // type union's direct choice); anything needing a choice or a coercion goes the Value path.
        if (depth > kMaxInputDepth || n.never || !n.alternatives.empty() || n.has_enum) return false;
        if (!(n.types & (object ? t_object : t_array))) return false;
        if (object && !n.hot) return false; // not reachable from the root (cannot happen): the Value path
        if (!(object ? fast_object(c, *n.hot, out, st, depth) : fast_array(c, n, out, st, depth))) return false;
        return st.errors.empty() && (!n.has_limits || check_limits(out, n, st));
    }
    if (direct_read(c, n, out, depth)) return !n.has_limits || check_limits(out, n, st);
    Value v;
    if (!shape_detail::fast_scalar(c, v)) return false;
    if (direct_scalar(n, v, out, depth)) return !n.has_limits || check_limits(out, n, st);
    return read_node(v, n, out, st, depth) && st.errors.empty();
}

} // namespace

std::uint8_t direct_bits(const Node& n) noexcept {
    // direct_read's refusals that do not depend on the text.
    if (n.never || !n.alternatives.empty() || n.has_enum) return 0;
    std::uint8_t bits = 0;
    if (n.types & t_string) bits |= d_string;
    if (n.types & t_bool) bits |= d_bool;
    // fast_small_integer reads at most 18 digits: every such integer is within a signed node's
    // range when that range is int64's; a narrower one needs the node's check (direct_read's).
    constexpr std::int64_t kSmall = 999'999'999'999'999'999;
    if (n.types & t_integer) {
        if (!n.int_target.is_signed || n.int_target.min > -kSmall ||
            n.int_target.max < static_cast<std::uint64_t>(kSmall))
            return 0;
        bits |= d_integer;
    } else if (n.types & t_number) {
        bits |= d_integer;
    }
    if (n.types & t_number) bits |= d_number;
    if (bits && n.has_limits) bits |= d_limits;
    return bits;
}

bool fast_shape(std::string_view text, const Schema& schema, Value& out, ShapeState& st,
                std::size_t max_size, std::size_t max_depth) {
    if (text.size() > max_size || shape_detail::ends_in_trailing_comma(text)) return false;
    FastCursor c{text.data(), text.data() + text.size(), 0, max_depth};
    c.skip_ws();
    if (!c.at('{') && !c.at('[')) return false; // scalar documents: the Value path
    if (!out.is_null()) out = Value(); // the readers below build values in place of null ones
    if (c.at('{')) {
        // fast_node's steps for the root object, from its compact form (null: fast_node refuses it)
        // without reading the root node.
        const HotObject* h = schema.hot_root();
        if (!h || !fast_object(c, *h, out, st, 0) || !st.errors.empty()) return false;
        if (h->limits && !check_limits(out, *h->node, st)) return false;
    } else if (!fast_node(c, schema.shape_root(), out, st, 0) || !st.errors.empty()) {
        return false;
    }
    c.skip_ws();
    return c.p == c.end;
}

} // namespace laminate::schema_detail
