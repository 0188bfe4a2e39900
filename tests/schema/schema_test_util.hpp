#pragma once
// Helpers for the schema-shaping tests: schemas and inputs written as JSON text.
#include <laminate/parse.hpp>
#include <laminate/schema_shape.hpp>

#include <gtest/gtest.h>

#include <string_view>

namespace schema_test {

inline laminate::Value json(std::string_view text) {
    auto v = laminate::parse_json(text);
    EXPECT_TRUE(v) << (v ? "" : v.error().to_string());
    return v ? *v : laminate::Value();
}

inline laminate::CompiledSchema compiled(std::string_view schema_json, laminate::SchemaOptions options = {}) {
    auto s = laminate::CompiledSchema::compile_json(schema_json, options);
    if (!s) ADD_FAILURE() << s.error().to_string();
    return s ? *s : *laminate::CompiledSchema::compile(laminate::Value(true));
}

// Shapes JSON text `input` by `schema_json` in `mode`.
inline laminate::Result<laminate::SchemaShaped> shape_text(std::string_view schema_json, std::string_view input,
                                                           laminate::Mode mode = laminate::Mode::Lenient) {
    return laminate::shape_json(input, compiled(schema_json), laminate::ShapeOptions{.mode = mode});
}

inline bool has_diagnostic(const laminate::Diagnostics& ds, laminate::DiagnosticKind kind, std::string_view path) {
    for (const auto& d : ds)
        if (d.kind == kind && d.path == path) return true;
    return false;
}

} // namespace schema_test
