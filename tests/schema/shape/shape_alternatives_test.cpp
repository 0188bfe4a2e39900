// anyOf / oneOf / type arrays / nullable: every alternative tried, the lowest-risk fit wins.
#include "schema/schema_test_util.hpp"

using namespace laminate;
using namespace schema_test;

TEST(SchemaAlternatives, TypeArrayTakesTheValueAsWritten) {
    const char* schema = R"({"type":["string","null"]})";
    auto s = shape_text(schema, R"("x")", Mode::Strict);
    ASSERT_TRUE(s);
    EXPECT_EQ(s->value, Value("x"));
    EXPECT_EQ(shape_text(schema, "null", Mode::Strict)->value, Value(nullptr));
    EXPECT_EQ(shape_text(schema, "5")->value, Value("5"));
    EXPECT_FALSE(shape_text(schema, "5", Mode::Strict));
}

TEST(SchemaAlternatives, IntegerOrNumberKeepsAnIntegerAnInteger) {
    auto r = shape_text(R"({"type":["integer","string"]})", R"("7")");
    ASSERT_TRUE(r);
    // "7" is a string as written: the string alternative takes it with no coercion.
    EXPECT_EQ(r->value, Value("7"));
    auto n = shape_text(R"({"type":["integer","boolean"]})", R"("7")");
    ASSERT_TRUE(n);
    EXPECT_EQ(n->value, Value(7));
}

TEST(SchemaAlternatives, NullableAndSentinels) {
    const char* schema = R"({"type":"integer","nullable":true})";
    EXPECT_EQ(shape_text(schema, "null", Mode::Strict)->value, Value(nullptr));
    auto r = shape_text(schema, R"("n/a")");
    ASSERT_TRUE(r);
    EXPECT_EQ(r->value, Value(nullptr));
    EXPECT_EQ(max_risk(r->diagnostics), Risk::Warning);
}

TEST(SchemaAlternatives, AnyOfLowestRiskWins) {
    const char* schema = R"({"anyOf":[{"type":"integer"},{"type":"string"}]})";
    auto r = shape_text(schema, R"("12")");
    ASSERT_TRUE(r);
    EXPECT_EQ(r->value, Value("12")); // the string fits without coercion
    auto i = shape_text(schema, "12");
    ASSERT_TRUE(i);
    EXPECT_EQ(i->value, Value(12));
}

TEST(SchemaAlternatives, OneOfObjectsPickTheFittingShape) {
    const char* schema = R"({"oneOf":[
        {"type":"object","properties":{"kind":{"const":"circle"},"r":{"type":"number"}},"required":["kind","r"]},
        {"type":"object","properties":{"kind":{"const":"square"},"side":{"type":"number"}},"required":["kind","side"]}]})";
    auto r = shape_text(schema, R"({"kind":"square","side":"2"})");
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(r->value, json(R"({"kind":"square","side":2})"));
    auto none = shape_text(schema, R"({"kind":"triangle"})");
    ASSERT_FALSE(none);
    EXPECT_EQ(none.error().kind(), ErrorKind::TypeMismatch);
}

TEST(SchemaAlternatives, RefsAndRecursion) {
    const char* schema = R"({"$defs":{"node":{"type":"object","properties":{
        "v":{"type":"integer"},"next":{"anyOf":[{"$ref":"#/$defs/node"},{"type":"null"}]}},"required":["v"]}},
      "$ref":"#/$defs/node"})";
    auto r = shape_text(schema, R"({"v":"1","next":{"v":2,"next":{"v":"3","next":null}}})");
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(r->value.dump(), R"({"v":1,"next":{"v":2,"next":{"v":3,"next":null}}})");
    auto bad = shape_text(schema, R"({"v":1,"next":{"next":null}})");
    ASSERT_FALSE(bad);
}

TEST(SchemaAlternatives, AllOfMergesObjectParts) {
    const char* schema = R"({"allOf":[{"properties":{"a":{"type":"integer"}},"required":["a"]},
                                      {"properties":{"b":{"type":"string"}}}]})";
    auto r = shape_text(schema, R"({"a":"1","b":2})");
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(r->value.dump(), R"({"a":1,"b":"2"})");
    EXPECT_FALSE(shape_text(schema, R"({"b":"x"})"));
}

// Alternatives that multiply — a $ref back into the anyOf, or a two-way choice at every level of
// a deep value — stop at the trial budget with size_exceeded instead of running exponentially.
TEST(SchemaAlternatives, MultiplyingAlternativesStopAtTheBudget) {
    auto cycle = shape_text(R"({"anyOf":[{"$ref":"#"},{"$ref":"#"}]})", R"({"a":[1,2]})");
    ASSERT_FALSE(cycle);
    EXPECT_EQ(cycle.error().kind(), ErrorKind::SizeExceeded);

    std::string deep;
    for (int i = 0; i < 40; ++i) deep += "[";
    deep += "1";
    for (int i = 0; i < 40; ++i) deep += "]";
    auto levels = shape_text(R"({"anyOf":[{"type":"array","items":{"$ref":"#"}},
                                          {"type":"array","items":{"$ref":"#"}},
                                          {"type":"string"}]})", deep);
    ASSERT_FALSE(levels);
    EXPECT_EQ(levels.error().kind(), ErrorKind::SizeExceeded);
    // A choice per level that resolves at once is cheap: no budget trouble.
    auto fine = shape_text(R"({"anyOf":[{"type":"array","items":{"$ref":"#"}},{"type":"integer"}]})", deep);
    ASSERT_TRUE(fine);
}

// A sentinel is no number: an enum label that matches it ignoring case is the reading, not 0.
TEST(SchemaAlternatives, SentinelMatchesAnEnumLabelNotANumber) {
    const char* schema = R"({"type":"object","properties":{"x":{"anyOf":[{"type":"number"},{"enum":["n/a"]}]}}})";
    for (const char* input : {R"({"x":"N/A"})", R"({"x":"n/a"})"}) {
        auto r = shape_text(schema, input);
        ASSERT_TRUE(r) << r.error();
        EXPECT_EQ(r->value, json(R"({"x":"n/a"})")) << input;
    }
    EXPECT_FALSE(shape_text(R"({"anyOf":[{"type":"number"},{"type":"boolean"}]})", "null"));
}

TEST(SchemaAlternatives, PatternAndFormatDecideWhichAlternativeAValueIs) {
    // "12" is no date: not the date alternative, so the integer one reads it (by coercion, the
    // alternative of its own type having refused it: a Warning). Elsewhere formats and patterns
    // stay validate()'s.
    for (const char* schema : {R"({"oneOf":[{"type":"string","format":"date"},{"type":"integer"}]})",
                               R"({"anyOf":[{"type":"string","format":"date"},{"type":"integer"}]})"}) {
        Schema s = compiled(schema);
        auto twelve = s.from_json(R"("12")");
        ASSERT_TRUE(twelve) << twelve.error();
        EXPECT_EQ(twelve->value, Value(12)) << schema;
        EXPECT_EQ(max_risk(twelve->diagnostics), Risk::Warning);
        auto date = s.from_json(R"("2024-05-01")");
        ASSERT_TRUE(date) << date.error();
        EXPECT_EQ(date->value, Value("2024-05-01"));
        EXPECT_TRUE(date->diagnostics.empty());
    }
    // A pattern, and inside an object alternative.
    Schema code = compiled(R"({"anyOf":[{"type":"string","pattern":"^[A-Z]{3}$"},{"type":"integer"}]})");
    EXPECT_FALSE(code.from_json(R"("usd")"));
    EXPECT_EQ(code.from_json(R"("USD")")->value, Value("USD"));
    Schema objects = compiled(R"({"anyOf":[
        {"type":"object","properties":{"when":{"type":"string","format":"date"}},"required":["when"]},
        {"type":"object","properties":{"when":{"type":"string"},"note":{"type":"string"}},"required":["when","note"]}]})");
    auto note = objects.from_json(R"({"when": "soon", "note": "x"})");
    ASSERT_TRUE(note) << note.error();
    EXPECT_EQ(note->value.dump(), R"({"when":"soon","note":"x"})");
}
