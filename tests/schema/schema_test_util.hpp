#pragma once
// Helpers for the schema tests: JSON from text; validation (compile and validate at once,
// violations as strings);
// generation (expected schemas written as JSON text, compared as laminate::Value).

#include <laminate/output_schema.hpp>
#include <laminate/parse.hpp>
#include <laminate/schema_dialect.hpp>
#include <laminate/schema.hpp>

#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <vector>

namespace laminate::test {

inline Value json(std::string_view text) {
    auto v = parse_json(text);
    EXPECT_TRUE(v) << v.error() << " in " << text;
    return v ? *v : Value();
}

// Compiles `schema` and validates `instance` against it (an invalid schema is the error).
inline Result<ValidationResult> validate(const Value& instance, const Value& schema, const ValidateOptions& options = {},
                                         const SchemaCompileOptions& compile_options = {}) {
    auto compiled = Schema::compile(schema, compile_options);
    if (!compiled) return std::move(compiled).error();
    return compiled->validate(instance, options);
}

inline ValidationResult check(std::string_view schema, std::string_view instance, const ValidateOptions& options = {}) {
    auto r = validate(json(instance), json(schema), options);
    EXPECT_TRUE(r) << r.error();
    return r ? *r : ValidationResult{};
}

inline bool valid(std::string_view schema, std::string_view instance) { return check(schema, instance).valid; }

// "path: message" for each violation.
inline std::vector<std::string> lines(const ValidationResult& r) {
    std::vector<std::string> out;
    for (const auto& v : r.violations) out.push_back(to_string(v));
    return out;
}

inline std::vector<std::string> keywords(const ValidationResult& r) {
    std::vector<std::string> out;
    for (const auto& v : r.violations) out.push_back(v.keyword);
    return out;
}

// output_schema<T>() without "$schema", so that expectations stay short.
template <class T>
Value schema_without_uri(OutputSchemaOptions options = {}) {
    options.schema_uri = false;
    return output_schema<T>(options);
}

inline Value dialect(const Value& schema, Dialect d, const DialectOptions& options = {}) {
    auto r = to_dialect(schema, d, options);
    EXPECT_TRUE(r.has_value()) << (r ? "" : r.error().to_string());
    return r ? *r : Value();
}

// Equality of a schema with one written as JSON text, both printed on failure.
inline ::testing::AssertionResult same_schema(const Value& actual, std::string_view expected_json) {
    const Value expected = json(expected_json);
    if (actual == expected) return ::testing::AssertionSuccess();
    return ::testing::AssertionFailure() << "\nactual:   " << actual.dump() << "\nexpected: " << expected.dump();
}

} // namespace laminate::test

// Helpers for the schema-shaping tests: schemas and inputs written as JSON text.
namespace schema_test {

inline laminate::Value json(std::string_view text) {
    auto v = laminate::parse_json(text);
    EXPECT_TRUE(v) << (v ? "" : v.error().to_string());
    return v ? *v : laminate::Value();
}

inline laminate::Schema compiled(std::string_view schema_json, laminate::SchemaCompileOptions options = {}) {
    auto s = laminate::Schema::compile_json(schema_json, options);
    if (!s) ADD_FAILURE() << s.error().to_string();
    return s ? *s : *laminate::Schema::compile(laminate::Value(true));
}

// Shapes JSON text `input` by `schema_json` in `mode`.
inline laminate::Result<laminate::Shaped<laminate::Value>> shape_text(std::string_view schema_json, std::string_view input,
                                                           laminate::Mode mode = laminate::Mode::Lenient) {
    return compiled(schema_json).from_json(input, laminate::ShapeOptions{.mode = mode});
}

inline bool has_diagnostic(const laminate::Diagnostics& ds, laminate::DiagnosticKind kind, std::string_view path) {
    for (const auto& d : ds)
        if (d.kind == kind && d.path == path) return true;
    return false;
}

} // namespace schema_test


// Variadic so that template arguments with commas need no parentheses.
#define EXPECT_SCHEMA_EQ(...) EXPECT_TRUE(::laminate::test::same_schema(__VA_ARGS__))
