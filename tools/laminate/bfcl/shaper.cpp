#include "shaper.hpp"

#include <laminate/schema.hpp>

#include <optional>

namespace laminate::bfcl {

// Schema-driven shaping (schema_shape.hpp), lenient. Two choices of the benchmark, not of BFCL's
// data: the root object is closed (additionalProperties false when the schema does not say),
// since BFCL's checker rejects every parameter a function does not declare; and the java and
// javascript categories read argument strings as source literals, as BFCL's checker does.
struct ArgumentShaper::Impl {
    std::optional<Schema> schema;
    std::optional<Error> error;
};

ArgumentShaper::ArgumentShaper(const Value& parameters, bool source_literals)
    : impl_(std::make_unique<Impl>()) {
    Value closed = parameters;
    if (closed.is_object() && !closed.contains("additionalProperties"))
        closed.set("additionalProperties", Value(false));
    SchemaCompileOptions options;
    options.source_literals = source_literals;
    auto compiled = Schema::compile(closed, options);
    if (compiled) impl_->schema.emplace(std::move(*compiled));
    else impl_->error.emplace(std::move(compiled).error());
}
ArgumentShaper::~ArgumentShaper() = default;
ArgumentShaper::ArgumentShaper(ArgumentShaper&&) noexcept = default;
ArgumentShaper& ArgumentShaper::operator=(ArgumentShaper&&) noexcept = default;

const Error* ArgumentShaper::schema_error() const noexcept {
    return impl_->error ? &*impl_->error : nullptr;
}

Result<ShapedArguments> ArgumentShaper::shape(std::string_view text, bool complete_truncated) const {
    if (impl_->error) return *impl_->error;
    ShapeOptions options;
    options.parse.complete_truncated = complete_truncated;
    auto shaped = impl_->schema->from_llm_response(text, options);
    if (!shaped) return std::move(shaped).error();
    ShapedArguments out;
    out.value = std::move(shaped->value);
    out.diagnostics = shaped->diagnostics.size();
    // Members filled from their default, at any depth: the model did not write them.
    for (const auto& d : shaped->diagnostics)
        if (d.kind == DiagnosticKind::Defaulted) out.defaulted.push_back(d.path);
    return out;
}

} // namespace laminate::bfcl
