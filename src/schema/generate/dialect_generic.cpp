// Dialect::Generic: local $refs inlined; recursive ones kept, with just their $defs.
#include "schema/generate/schema_tree.hpp"

#include <algorithm>
#include <string>
#include <vector>

namespace laminate::schema_detail {
namespace {

bool is_local_ref(const Value* ref) {
    return ref && ref->is_string() && ref->as_string().starts_with('#');
}

// "A~1B" -> "A/B" (RFC 6901).
std::string unescape_token(std::string_view token) {
    std::string out;
    for (std::size_t i = 0; i < token.size(); ++i) {
        if (token[i] == '~' && i + 1 < token.size() &&
            (token[i + 1] == '0' || token[i + 1] == '1')) {
            out.push_back(token[i + 1] == '0' ? '~' : '/');
            ++i;
        } else {
            out.push_back(token[i]);
        }
    }
    return out;
}

// "A/B" -> "A~1B" (RFC 6901).
std::string escape_token(std::string_view name) {
    std::string out;
    for (char c : name) {
        if (c == '~')
            out += "~0";
        else if (c == '/')
            out += "~1";
        else
            out.push_back(c);
    }
    return out;
}

class Inliner {
public:
    Inliner(const Value& root, TreeLimits& limits) : root_(root), limits_(limits) {}

    Value walk(const Value& node, std::size_t depth) {
        if (!limits_.enter(depth)) return Value();
        if (!node.is_object()) return node;
        const Value* ref = node.find("$ref");
        if (is_local_ref(ref)) return expand(node, std::string(ref->as_string()), depth);
        return map_subschemas(node, [&](const Value& s) { return walk(s, depth + 1); });
    }

    // The definitions referred to by a kept $ref, each walked with itself on the stack so that
    // its own recursion stays a $ref; walking one may keep others.
    void close_definitions(Value& out) {
        Value defs = Value::object(), definitions = Value::object();
        for (std::size_t i = 0; i < kept_.size() && !limits_.failed(); ++i) {
            const std::string pointer = kept_[i];
            std::string_view rest = std::string_view(pointer).substr(1);
            Value* container = nullptr;
            if (rest.starts_with("/$defs/")) {
                container = &defs;
                rest.remove_prefix(7);
            } else if (rest.starts_with("/definitions/")) {
                container = &definitions;
                rest.remove_prefix(13);
            }
            // A recursive ref into anything else ("#", "#/properties/x") stays as written.
            if (!container || rest.find('/') != std::string_view::npos) continue;
            const Value* target = root_.at_pointer(std::string_view(pointer).substr(1));
            if (!target) continue; // reported where it was met
            stack_.assign({"#", pointer});
            Value body = walk(*target, 1);
            container->set(unescape_token(rest), std::move(body));
        }
        if (!defs.empty()) out.set("$defs", std::move(defs));
        if (!definitions.empty()) out.set("definitions", std::move(definitions));
    }

    // The root is being expanded from the start: "#", and a definition that is the root itself
    // (output_schema<T>() of a recursive T inlines T and keeps it in $defs too), so that a
    // reference back to the root stays a $ref instead of unrolling the recursion once more.
    void start(const Value& top) {
        stack_.assign({"#"});
        for (std::string_view keyword : {"$defs", "definitions"})
            for (const Member& m : root_[keyword].members())
                if (m.value == top)
                    stack_.push_back("#/" + std::string(keyword) + "/" + escape_token(m.key()));
    }

private:
    Value expand(const Value& node, const std::string& ref, std::size_t depth) {
        auto walk_siblings = [&](bool keep_ref) {
            Value siblings = Value::object();
            for (const Member& m : node.members())
                if (keep_ref || m.key() != "$ref") siblings.append_member(m.key(), m.value);
            return map_subschemas(siblings, [&](const Value& s) { return walk(s, depth + 1); });
        };
        if (std::find(stack_.begin(), stack_.end(), ref) != stack_.end()) {
            if (std::find(kept_.begin(), kept_.end(), ref) == kept_.end()) kept_.push_back(ref);
            return walk_siblings(true);
        }
        const Value* target = root_.at_pointer(std::string_view(ref).substr(1));
        if (!target) {
            limits_.fail("unresolvable $ref \"" + ref + "\"");
            return Value();
        }
        stack_.push_back(ref);
        Value expanded = walk(*target, depth + 1);
        stack_.pop_back();
        Value siblings = walk_siblings(false);
        if (expanded.is_bool()) {
            if (expanded.as_bool()) return siblings;
            expanded = Value::object({{"not", Value::object()}});
        }
        if (!expanded.is_object()) return siblings;
        for (Member& m : siblings.members())
            expanded.set(m.key(), std::move(m.value)); // the use site wins
        return expanded;
    }

    const Value& root_;
    TreeLimits& limits_;
    std::vector<std::string> stack_; // the refs being expanded, outermost first
    std::vector<std::string> kept_;  // refs left as $ref (recursion): their definitions stay
};

} // namespace

Value inline_refs(const Value& schema, TreeLimits& limits) {
    if (!schema.is_object()) return schema;
    Value top = Value::object();
    for (const Member& m : schema.members())
        if (m.key() != "$schema" && m.key() != "$defs" && m.key() != "definitions")
            top.append_member(m.key(), m.value);
    Inliner inliner(schema, limits);
    inliner.start(top);
    Value out = inliner.walk(top, 0);
    if (out.is_object()) inliner.close_definitions(out);
    return out;
}

} // namespace laminate::schema_detail
