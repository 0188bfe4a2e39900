// Deep schemas, deep instances, $ref cycles and exponential combinator blow-ups end with an
// error or a violation, never a crash or a hang.
#include "schema/schema_test_util.hpp"

#include <gmock/gmock.h>

using namespace laminate;
using laminate::test::check;
using laminate::test::json;
using ::testing::HasSubstr;

namespace {
Value nested_arrays(std::size_t depth) {
    Value v = Value::array();
    for (std::size_t i = 0; i < depth; ++i) {
        Value outer = Value::array();
        outer.push_back(std::move(v));
        v = std::move(outer);
    }
    return v;
}
} // namespace

TEST(SchemaLimits, DeepSchemaIsAnInvalidSchemaError) {
    Value schema = Value::object({{"type", "integer"}});
    for (int i = 0; i < 5000; ++i) {
        Value outer = Value::object();
        outer.set("not", std::move(schema));
        schema = std::move(outer);
    }
    auto r = Schema::compile(schema);
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().kind(), ErrorKind::InvalidSchema);
    EXPECT_THAT(r.error().message(), HasSubstr("deeper"));
}

TEST(SchemaLimits, DeepInstanceEndsWithADepthViolation) {
    auto s = Schema::compile(json(R"({"items": {"$ref": "#"}})"));
    ASSERT_TRUE(s);
    EXPECT_TRUE(s->validate(nested_arrays(100)).valid);
    const auto r = s->validate(nested_arrays(100000));
    EXPECT_FALSE(r.valid);
    ASSERT_EQ(r.violations.size(), 1u);
    EXPECT_EQ(r.violations[0].keyword, "depth");
}

TEST(SchemaLimits, RefCyclesDoNotHang) {
    // A $ref that reaches itself with nothing between means nothing: no Schema is made of it.
    for (const char* schema : {R"({"$ref": "#"})", R"({"$defs": {"a": {"$ref": "#/$defs/b"}, "b": {"$ref": "#/$defs/a"}}, "$ref": "#/$defs/a"})"}) {
        auto s = Schema::compile(json(schema));
        ASSERT_FALSE(s) << schema;
        EXPECT_EQ(s.error().kind(), ErrorKind::InvalidSchema) << schema;
    }
    // Through a combinator it compiles, and validation stops at the cycle.
    for (const char* schema : {R"({"anyOf": [{"$ref": "#"}, {"$ref": "#"}]})", R"({"not": {"$ref": "#"}})"}) {
        auto s = Schema::compile(json(schema));
        ASSERT_TRUE(s) << schema;
        const auto r = s->validate(json(R"({"a": [1, 2]})"));
        EXPECT_FALSE(r.valid) << schema;
        ASSERT_FALSE(r.violations.empty());
        EXPECT_EQ(r.violations[0].keyword, "$ref") << schema;
    }
}

TEST(SchemaLimits, ExponentialBranchingStopsAtTheWorkLimit) {
    // Each level tries both branches and both fail at the bottom: 2^depth probes without a limit.
    auto s = Schema::compile(json(R"({"anyOf": [{"items": {"$ref": "#"}}, {"items": {"$ref": "#"}, "minItems": 0}], "type": "array"})"));
    ASSERT_TRUE(s);
    Value deep = Value::array({Value("leaf")});
    for (int i = 0; i < 60; ++i) deep = Value::array({std::move(deep)});
    ValidateOptions o;
    o.max_steps = 100'000;
    const auto r = s->validate(deep, o);
    EXPECT_FALSE(r.valid);
    ASSERT_EQ(r.violations.size(), 1u);
    EXPECT_EQ(r.violations[0].keyword, "limits");
    EXPECT_THAT(r.violations[0].message, HasSubstr("limit"));
}

TEST(SchemaLimits, SchemaMustBeAnObjectOrBoolean) {
    for (const char* schema : {"1", R"("string")", "[]", "null", R"({"properties": {"a": 3}})", R"({"type": "integr"})",
                               R"({"required": "a"})", R"({"minLength": -1})", R"({"allOf": []})"}) {
        auto r = Schema::compile(json(schema));
        ASSERT_FALSE(r) << schema;
        EXPECT_EQ(r.error().kind(), ErrorKind::InvalidSchema) << schema;
    }
}

TEST(SchemaLimits, CompiledSchemaIsReusableAndCopyable) {
    auto s = Schema::compile(json(R"({"type": "integer"})"));
    ASSERT_TRUE(s);
    const Schema copy = *s;
    for (int i = 0; i < 100; ++i) EXPECT_EQ(copy.is_valid(Value(i)), true);
    EXPECT_FALSE(copy.is_valid(Value("x")));
}
