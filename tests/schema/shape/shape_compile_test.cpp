// Compiling schemas: unusable ones are invalid_schema errors, never crashes.
#include "schema/schema_test_util.hpp"

#include <string>

using namespace laminate;
using namespace schema_test;

namespace {
ErrorKind compile_error(std::string_view schema) {
    auto r = Schema::compile_json(schema);
    return r ? ErrorKind::InvalidArgument : r.error().kind();
}
} // namespace

TEST(SchemaCompile, UnusableSchemasAreInvalidSchema) {
    EXPECT_EQ(compile_error("42"), ErrorKind::InvalidSchema);
    EXPECT_EQ(compile_error(R"({"type":"integr"})"), ErrorKind::InvalidSchema);
    EXPECT_EQ(compile_error(R"({"type":[]})"), ErrorKind::InvalidSchema);
    EXPECT_EQ(compile_error(R"({"properties":[1]})"), ErrorKind::InvalidSchema);
    EXPECT_EQ(compile_error(R"({"$ref":"#/nowhere"})"), ErrorKind::InvalidSchema);
    EXPECT_EQ(compile_error(R"({"$ref":"#"})"), ErrorKind::InvalidSchema);
    EXPECT_EQ(compile_error(R"({"$defs":{"a":{"$ref":"#/$defs/b"},"b":{"$ref":"#/$defs/a"}},"$ref":"#/$defs/a"})"),
              ErrorKind::InvalidSchema);
    EXPECT_EQ(compile_error(R"({"$ref":"http://x/y.json"})"), ErrorKind::InvalidSchema);
    EXPECT_EQ(compile_error(R"({"minimum":"3"})"), ErrorKind::InvalidSchema);
    EXPECT_EQ(compile_error(R"({"anyOf":[]})"), ErrorKind::InvalidSchema);
    EXPECT_EQ(compile_error("{not json"), ErrorKind::InvalidSchema);
}

TEST(SchemaCompile, DeepSchemasAreBounded) {
    std::string deep;
    for (int i = 0; i < 2000; ++i) deep += R"({"type":"array","items":)";
    deep += "{}";
    for (int i = 0; i < 2000; ++i) deep += "}";
    auto parsed = parse(deep, ParseOptions{.max_depth = 5000});
    ASSERT_TRUE(parsed);
    auto r = Schema::compile(parsed->value);
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().kind(), ErrorKind::InvalidSchema);
}

TEST(SchemaCompile, UnknownKeywordsAreIgnored) {
    EXPECT_TRUE(Schema::compile_json(R"({"type":"string","description":"x","x-custom":[1],"format":"date"})"));
}

TEST(SchemaCompile, RecursiveInputIsBounded) {
    auto schema = compiled(R"({"type":"array","items":{"$ref":"#"}})");
    Value v = Value::array();
    for (int i = 0; i < 1000; ++i) {
        Value outer = Value::array();
        outer.push_back(std::move(v));
        v = std::move(outer);
    }
    auto r = schema.from_value(v);
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().kind(), ErrorKind::DepthExceeded);
}

TEST(SchemaCompile, CompiledOnceSharedByCopies) {
    auto a = compiled(R"({"type":"integer"})");
    Schema b = a;
    EXPECT_EQ(&a.shape_root(), &b.shape_root());
    EXPECT_EQ(b.from_value(Value("5"))->value, Value(5));
}
