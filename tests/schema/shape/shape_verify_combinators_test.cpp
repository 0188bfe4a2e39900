// Keywords shaping does not enforce itself, checked on the shaped value by the schema's validator:
// the combinators (oneOf's exclusivity, allOf's parts, not, anyOf beside keywords of its own,
// $ref beside keywords of its own). A value the same schema rejects is constraint_violation at
// the path of the violation, never a quiet success.
#include "schema/schema_test_util.hpp"

using namespace laminate;
using namespace schema_test;

namespace {

// The error of shaping `input` by `schema`, expected to fail with constraint_violation at `path`.
void expect_violation(const char* schema, const char* input, std::string_view path, Mode mode = Mode::Lenient) {
    auto r = shape_text(schema, input, mode);
    ASSERT_FALSE(r) << "shaped " << input << " as " << r->value.dump();
    EXPECT_EQ(r.error().kind(), ErrorKind::ConstraintViolation) << r.error();
    EXPECT_EQ(r.error().path(), path) << r.error();
}

} // namespace

TEST(SchemaVerifyCombinators, OneOfMatchedBySeveralAlternativesIsAnError) {
    const char* lengths = R"({"oneOf":[{"type":"string","maxLength":5},{"type":"string","minLength":3}]})";
    expect_violation(lengths, R"("abcd")", "");
    auto r = shape_text(lengths, R"("abcd")");
    ASSERT_FALSE(r);
    EXPECT_NE(r.error().message().find("oneOf"), std::string::npos) << r.error();
    EXPECT_EQ(r.error().message().find("abcd"), std::string::npos) << r.error(); // never quoted
    // Exactly one alternative: the value stands.
    auto one = shape_text(lengths, R"("ab")");
    ASSERT_TRUE(one) << one.error();
    EXPECT_EQ(one->value, Value("ab"));

    expect_violation(R"({"oneOf":[{"type":"integer"},{"type":"number"}]})", "2", "");
    auto fraction = shape_text(R"({"oneOf":[{"type":"integer"},{"type":"number"}]})", "2.5");
    ASSERT_TRUE(fraction) << fraction.error();

    const char* objects = R"({"oneOf":[{"type":"object","properties":{"a":{"type":"integer"}}},
                                       {"type":"object","properties":{"b":{"type":"string"}}}]})";
    expect_violation(objects, R"({"a":1})", "");
}

TEST(SchemaVerifyCombinators, ConflictingAllOfPartsAreAnErrorAtTheProperty) {
    const char* schema = R"({"allOf":[{"type":"object","properties":{"a":{"type":"integer"}}},
                                      {"type":"object","properties":{"a":{"type":"string"}}}]})";
    expect_violation(schema, R"({"a":1})", "a");
    expect_violation(schema, R"({"a":"1"})", "a");
    // Parts that agree shape as before.
    auto r = shape_text(R"({"allOf":[{"type":"object","properties":{"a":{"type":"integer"}},"required":["a"]},
                                     {"properties":{"b":{"type":"string"}}}]})",
                        R"({"a":"3","b":"x"})");
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(r->value.dump(), R"({"a":3,"b":"x"})");
}

TEST(SchemaVerifyCombinators, NotIsChecked) {
    const char* schema = R"({"type":"string","not":{"const":"x"}})";
    expect_violation(schema, R"("x")", "");
    auto r = shape_text(schema, R"("y")");
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(r->value, Value("y"));
}

TEST(SchemaVerifyCombinators, RefBesideKeywordsOfItsOwn) {
    const char* schema = R"({"$defs":{"p":{"type":"integer"}},"$ref":"#/$defs/p","maximum":5})";
    expect_violation(schema, "7", "");
    auto r = shape_text(schema, R"("4")");
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(r->value, Value(4));
}

TEST(SchemaVerifyCombinators, AnyOfBesideKeywordsOfItsOwn) {
    const char* schema = R"({"type":"object","properties":{"a":{"type":"integer"}},
                             "anyOf":[{"required":["a"]},{"required":["b"]}]})";
    expect_violation(schema, R"({"a":"x","b":1})", "a");
}

TEST(SchemaVerifyCombinators, ValueUnderAnAnchorRefIsChecked) {
    // Shaping takes the value under an anchor's $ref as it comes; the validator resolves it.
    const char* schema = R"({"type":"object","properties":{"n":{"$ref":"#P"}},
                             "$defs":{"p":{"$anchor":"P","type":"integer"}}})";
    expect_violation(schema, R"({"n":"seven"})", "n");
    auto r = shape_text(schema, R"({"n":7})");
    ASSERT_TRUE(r) << r.error();
}

TEST(SchemaVerifyCombinators, EveryViolationUnderAllStrictStopsAtTheFirst) {
    const char* schema = R"({"type":"object","properties":{"a":{"type":"integer","not":{"const":1}},
                                                          "b":{"type":"integer","not":{"const":2}}}})";
    auto all = shape_text(schema, R"({"a":1,"b":2})", Mode::Lenient);
    ASSERT_FALSE(all);
    EXPECT_NE(all.error().message().find("a"), std::string::npos);
    EXPECT_NE(all.error().message().find("b"), std::string::npos) << all.error();
    expect_violation(schema, R"({"a":1,"b":2})", "a", Mode::Strict);
}

TEST(SchemaVerifyCombinators, ModelTextWhoseOnlyPayloadViolatesIsAnError) {
    auto schema = compiled(R"({"type":"object","properties":{"n":{"type":"integer","not":{"const":3}}}})");
    auto r = schema.from_llm_response("Here it is: {\"n\": 3} as asked.");
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().kind(), ErrorKind::ConstraintViolation);
    EXPECT_EQ(r.error().path(), "n");
    // A later candidate that fits wins over one that does not.
    auto later = schema.from_llm_response("First {\"n\": 3}, then corrected: {\"n\": 4}");
    ASSERT_TRUE(later) << later.error();
    EXPECT_EQ(later->value["n"], Value(4));
    // from_value too.
    auto v = schema.from_value(json(R"({"n":3})"));
    ASSERT_FALSE(v);
    EXPECT_EQ(v.error().kind(), ErrorKind::ConstraintViolation);
}
