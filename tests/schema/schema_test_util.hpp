#pragma once
// Helpers for schema tests: expected schemas written as JSON text, compared as laminate::Value.

#include <laminate/output_schema.hpp>
#include <laminate/parse.hpp>
#include <laminate/schema_dialect.hpp>
#include <laminate/value.hpp>

#include <gtest/gtest.h>

#include <string_view>

namespace laminate::test {

// Strict JSON (no repairs): a typo in an expected schema must fail loudly.
inline Value json(std::string_view text) {
    auto parsed = parse(text, ParseOptions{.repair = false});
    EXPECT_TRUE(parsed.has_value()) << "bad expected JSON: " << text;
    return parsed ? parsed->value : Value();
}

// output_schema<T>() without "$schema", so that expectations stay short.
template <class T>
Value schema_without_uri(SchemaOptions options = {}) {
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

// Variadic so that template arguments with commas need no parentheses.
#define EXPECT_SCHEMA_EQ(...) EXPECT_TRUE(::laminate::test::same_schema(__VA_ARGS__))
