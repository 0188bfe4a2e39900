#include "shaper.hpp"

#include <laminate/extract.hpp>

#include <optional>

namespace laminate::bfcl {

// Placeholder until schema-driven shaping lands: extraction and tolerant parsing only, no
// coercion to the schema.
struct ArgumentShaper::Impl {
    Value schema;
    std::optional<Error> error;
};

ArgumentShaper::ArgumentShaper(const Value& parameters, bool) : impl_(std::make_unique<Impl>()) {
    impl_->schema = parameters;
}
ArgumentShaper::~ArgumentShaper() = default;
ArgumentShaper::ArgumentShaper(ArgumentShaper&&) noexcept = default;
ArgumentShaper& ArgumentShaper::operator=(ArgumentShaper&&) noexcept = default;

const Error* ArgumentShaper::schema_error() const noexcept {
    return impl_->error ? &*impl_->error : nullptr;
}

Result<ShapedArguments> ArgumentShaper::shape(std::string_view text, bool complete_truncated) const {
    if (impl_->error) return *impl_->error;
    ParseOptions options;
    options.complete_truncated = complete_truncated;
    auto extracted = extract(text, options);
    if (!extracted) return std::move(extracted).error();
    ShapedArguments out;
    out.value = std::move(extracted->parsed.value);
    out.diagnostics = extracted->parsed.diagnostics.size();
    return out;
}

} // namespace laminate::bfcl
