// The Schema object: one compiled document, two compiled forms — the validator's rules and the
// shaping tree — built together so that both accept the same schemas.
#include <laminate/schema.hpp>

#include "schema/schema_compiled.hpp"

#include <laminate/parse.hpp>

namespace laminate {

Result<Schema> Schema::compile(const Value& schema, const SchemaCompileOptions& options) {
    return compile(Value(schema), options);
}

Result<Schema> Schema::compile(Value&& schema, const SchemaCompileOptions& options) {
    auto compiled = std::make_shared<schema_detail::Compiled>();
    compiled->document = std::move(schema);
    // The validator first: it resolves every $ref (other documents and anchors included) and
    // checks every keyword, so its error is the one a user can act on.
    auto rules = schema_detail::compile_rules(compiled->document, options);
    if (!rules) return std::move(rules).error();
    compiled->rules = std::move(*rules);
    auto root = schema_detail::build_shape_tree(compiled->document, options, compiled->shaping, compiled->rules.get());
    if (!root) return std::move(root).error();
    const schema_detail::Node* root_node = *root;
    const schema_detail::HotObject* hot_root = root_node->hot && root_node->hot->walkable ? root_node->hot : nullptr;
    return Schema(std::move(compiled), root_node, hot_root);
}

Result<Schema> Schema::compile_json(std::string_view schema_json, const SchemaCompileOptions& options) {
    auto parsed = parse_json(schema_json);
    if (!parsed) return Error(ErrorKind::InvalidSchema, "schema is not valid JSON: " + parsed.error().message(),
                              parsed.error().offset());
    return compile(std::move(*parsed), options);
}

ValidationResult Schema::validate(const Value& instance, const ValidateOptions& options) const {
    return schema_detail::evaluate(*compiled_->rules, instance, options);
}

bool Schema::is_valid(const Value& instance) const {
    ValidateOptions options;
    options.stop_at_first = true;
    return schema_detail::evaluate(*compiled_->rules, instance, options).valid;
}

const Value& Schema::document() const noexcept { return compiled_->document; }

} // namespace laminate
