#pragma once
// The one place the benchmark calls laminate's shaping: model text + the function's parameter
// schema -> shaped arguments. Everything else in the benchmark is independent of how shaping is
// done, so this file is what changes when the shaping API does.

#include <laminate/result.hpp>
#include <laminate/value.hpp>

#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace laminate::bfcl {

struct ShapedArguments {
    Value value;
    std::vector<std::string> defaulted; // paths that shaping filled from a schema default
    std::size_t diagnostics = 0;
};

class ArgumentShaper {
public:
    // The BFCL parameter schema of one function ({type: "dict", properties, required}).
    // source_literals: argument strings may be Java / JavaScript source literals ("42L").
    ArgumentShaper(const Value& parameters, bool source_literals);
    ~ArgumentShaper();
    ArgumentShaper(ArgumentShaper&&) noexcept;
    ArgumentShaper& operator=(ArgumentShaper&&) noexcept;

    // Lenient, schema-driven shaping of one model answer; complete_truncated opts in to closing
    // a value the model did not finish.
    Result<ShapedArguments> shape(std::string_view text, bool complete_truncated) const;

    // The error of compiling the schema, if it could not be used (then shape() returns it).
    const Error* schema_error() const noexcept;

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

} // namespace laminate::bfcl
