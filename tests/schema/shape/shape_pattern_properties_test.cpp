// patternProperties: a member no property takes whose key a pattern matches is shaped by that
// pattern's schema; it is declared by the schema, so never an additional (dropped, kept as it is
// or unknown_field) member.
#include "schema/schema_test_util.hpp"

using namespace laminate;
using namespace schema_test;

namespace {
const char* kClosed = R"({"type":"object","patternProperties":{"^n_":{"type":"integer"}},"additionalProperties":false})";
} // namespace

TEST(SchemaPatternProperties, MatchingKeyIsShapedByThePatternsSchema) {
    auto r = shape_text(kClosed, R"({"n_a": "1", "x": 2})");
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(r->value.dump(), R"({"n_a":1})");
    EXPECT_TRUE(has_diagnostic(r->diagnostics, DiagnosticKind::Coerced, "n_a"));
    EXPECT_TRUE(has_diagnostic(r->diagnostics, DiagnosticKind::Dropped, "x")); // only x is additional
    EXPECT_FALSE(has_diagnostic(r->diagnostics, DiagnosticKind::Dropped, "n_a"));
    EXPECT_TRUE(compiled(kClosed).is_valid(r->value));
}

TEST(SchemaPatternProperties, MatchingKeyIsNoUnknownFieldInStrictMode) {
    auto r = shape_text(kClosed, R"({"n_a": 1, "n_b": 2})", Mode::Strict);
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(r->value.dump(), R"({"n_a":1,"n_b":2})");
    auto extra = shape_text(kClosed, R"({"n_a": 1, "x": 2})", Mode::Strict);
    ASSERT_FALSE(extra);
    EXPECT_EQ(extra.error().kind(), ErrorKind::UnknownField);
    EXPECT_EQ(extra.error().path(), "x");
}

TEST(SchemaPatternProperties, ValueThePatternsSchemaRejectsIsAnErrorAtItsKey) {
    auto r = shape_text(kClosed, R"({"n_a": "many"})");
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().path(), "n_a");
    EXPECT_EQ(r.error().message().find("many"), std::string::npos); // input text is never quoted
}

TEST(SchemaPatternProperties, DeclaredPropertyComesFirstAndOthersFollowTheirRule) {
    const char* schema = R"({"type":"object","properties":{"n_id":{"type":"string"}},
        "patternProperties":{"^n_.$":{"type":"integer"},"_s$":{"type":"string"}},
        "additionalProperties":{"type":"boolean"}})";
    auto r = shape_text(schema, R"({"n_id": "7", "n_x": "3", "a_s": 5, "flag": "true", "an_x": "yes"})");
    ASSERT_TRUE(r) << r.error();
    // n_id is the property's (a string), n_x the first pattern's, a_s the second's; flag and an_x
    // (the pattern is anchored) are additional, shaped by additionalProperties. (A property whose
    // key a pattern matches takes both schemas: see shape_verify_keywords_test.cpp.)
    EXPECT_EQ(r->value["n_id"], Value("7"));
    EXPECT_EQ(r->value["n_x"], Value(3));
    EXPECT_EQ(r->value["a_s"], Value("5"));
    EXPECT_EQ(r->value["flag"], Value(true));
    EXPECT_EQ(r->value["an_x"], Value(true));
}

TEST(SchemaPatternProperties, SchemaWithOnlyPatternPropertiesIsAnObjectSchema) {
    auto r = shape_text(R"({"patternProperties":{"^q":{"type":"number"}}})", R"({"q1": "2.5", "z": "s"})");
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(r->value.dump(), R"({"q1":2.5,"z":"s"})"); // z: allowed, kept as it is
}

TEST(SchemaPatternProperties, AllOfPartsKeepTheirPatterns) {
    const char* schema = R"({"allOf":[{"type":"object","properties":{"a":{"type":"string"}}},
        {"patternProperties":{"^n_":{"type":"integer"}}}]})";
    auto r = shape_text(schema, R"({"a": "x", "n_1": "4"})");
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(r->value["n_1"], Value(4));
}
