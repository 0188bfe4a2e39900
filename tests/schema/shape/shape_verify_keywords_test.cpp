// Keywords shaping does not enforce itself, checked on the shaped value by the schema's validator:
// multipleOf, the object keywords (min/maxProperties, dependentRequired, dependentSchemas,
// propertyNames, patternProperties), the array ones (contains, min/maxContains), if/then/else and
// draft 4's boolean exclusive bounds. Patterns and formats are checked as limits are.
#include "schema/schema_test_util.hpp"
#include "schema/shape/node.hpp"

using namespace laminate;
using namespace schema_test;

namespace {

void expect_violation(const char* schema, const char* input, std::string_view path) {
    auto r = shape_text(schema, input);
    ASSERT_FALSE(r) << "shaped " << input << " as " << r->value.dump();
    EXPECT_EQ(r.error().kind(), ErrorKind::ConstraintViolation) << r.error();
    EXPECT_EQ(r.error().path(), path) << r.error();
}

void expect_shaped(const char* schema, const char* input, const char* expected) {
    auto r = shape_text(schema, input);
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(r->value.dump(), expected);
}

} // namespace

TEST(SchemaVerifyKeywords, MultipleOfIsCheckedAfterCoercion) {
    expect_violation(R"({"type":"integer","multipleOf":5})", "7", "");
    expect_shaped(R"({"type":"integer","multipleOf":5})", "10", "10");
    expect_violation(R"({"type":"number","multipleOf":0.01})", R"("1.005")", "");
    expect_shaped(R"({"type":"number","multipleOf":0.01})", R"("1.25")", "1.25");
    // In a property: the path names it (the fast path's value is checked as well).
    expect_violation(R"({"type":"object","properties":{"q":{"type":"integer","multipleOf":5}}})", R"({"q":7})", "q");
}

TEST(SchemaVerifyKeywords, PropertyCounts) {
    const char* schema = R"({"type":"object","minProperties":1,"maxProperties":2})";
    expect_violation(schema, "{}", "");
    expect_violation(schema, R"({"a":1,"b":2,"c":3})", "");
    expect_shaped(schema, R"({"a":1})", R"({"a":1})");
}

TEST(SchemaVerifyKeywords, DependentRequiredAndDependentSchemas) {
    expect_violation(R"({"type":"object","dependentRequired":{"card":["billing"]}})", R"({"card":"x"})", "");
    expect_shaped(R"({"type":"object","dependentRequired":{"card":["billing"]}})", R"({"card":"x","billing":"y"})",
                  R"({"card":"x","billing":"y"})");
    expect_violation(R"({"type":"object","dependentSchemas":{"card":{"properties":{"n":{"type":"integer"}}}}})",
                     R"({"card":1,"n":"x"})", "n");
}

TEST(SchemaVerifyKeywords, IfThenElse) {
    const char* schema = R"({"type":"object","properties":{"kind":{"type":"string"},"size":{"type":"integer"}},
        "if":{"properties":{"kind":{"const":"big"}}},"then":{"properties":{"size":{"minimum":10}}},
        "else":{"properties":{"size":{"maximum":5}}}})";
    expect_violation(schema, R"({"kind":"big","size":3})", "size");
    expect_violation(schema, R"({"kind":"small","size":7})", "size");
    expect_shaped(schema, R"({"kind":"big","size":"12"})", R"({"kind":"big","size":12})");
}

TEST(SchemaVerifyKeywords, ContainsAndItsCounts) {
    const char* schema = R"({"type":"array","items":{"type":"integer"},"contains":{"minimum":10},"maxContains":1})";
    expect_violation(schema, "[1,2]", "");
    expect_violation(schema, "[10,11]", "");
    expect_shaped(schema, R"([1,"12"])", "[1,12]");
    expect_violation(R"({"type":"array","contains":{"type":"string"},"minContains":2})", R"(["a",1])", "");
}

TEST(SchemaVerifyKeywords, PropertyNames) {
    const char* schema = R"({"type":"object","propertyNames":{"maxLength":3}})";
    expect_violation(schema, R"({"long_key":1})", "long_key");
    expect_shaped(schema, R"({"abc":1})", R"({"abc":1})");
}

TEST(SchemaVerifyKeywords, EveryMatchingPatternAndDeclaredPropertyApplies) {
    // Shaping gives a member the first matching pattern's schema; the others apply too.
    const char* schema = R"({"type":"object","patternProperties":{"^n":{"type":"integer"},"_x$":{"maximum":5}}})";
    expect_violation(schema, R"({"n_x":7})", "n_x");
    expect_shaped(schema, R"({"n_x":"4"})", R"({"n_x":4})");
    // A declared property whose key a pattern matches takes both schemas.
    expect_violation(R"({"type":"object","properties":{"n_id":{"type":"string"}},
                         "patternProperties":{"^n_":{"type":"integer"}}})",
                     R"({"n_id":"7"})", "n_id");
}

TEST(SchemaVerifyKeywords, Draft4BooleanExclusiveBound) {
    expect_violation(R"({"type":"integer","minimum":5,"exclusiveMinimum":true})", "5", "");
    expect_shaped(R"({"type":"integer","minimum":5,"exclusiveMinimum":true})", "6", "6");
}

TEST(SchemaVerifyKeywords, PatternsAndFormatsAreCheckedAsLimitsAre) {
    // A shaped string that the schema's pattern or format refuses is constraint_violation at its
    // path, as a length beyond maxLength is: never a value the schema's validator rejects.
    const char* schema = R"({"type":"object","properties":{"code":{"type":"string","pattern":"^[A-Z]+$"},
        "day":{"type":"string","format":"date"}}})";
    expect_violation(schema, R"({"code":"abc"})", "code");
    expect_violation(schema, R"({"day":"soon"})", "day");
    expect_shaped(schema, R"({"code":"ABC","day":"2024-05-31"})", R"({"code":"ABC","day":"2024-05-31"})");
    // A number read as a string is checked as the string it became.
    expect_violation(R"({"type":"string","format":"date"})", "20240531", "");
    // A format the validator does not assert is an annotation.
    expect_shaped(R"({"type":"string","format":"color"})", R"("blue")", R"("blue")");
    // The message names the rule, never the string.
    auto r = shape_text(schema, R"({"code":"secret-value"})");
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().message().find("secret"), std::string::npos) << r.error();
}

// Only a schema that uses such a keyword is checked: the common one (BFCL's: types, properties,
// required, enum, items, limits, formats, patterns) costs nothing more.
TEST(SchemaVerifyKeywords, OnlySchemasWithSuchKeywordsAreChecked) {
    const char* common = R"({"type":"object","properties":{"n":{"type":"integer","minimum":1},
        "s":{"type":"string","enum":["a","b"],"description":"not, oneOf"},"d":{"type":"string","format":"date"},
        "xs":{"type":"array","items":{"type":"string","pattern":"^x"},"maxItems":3},
        "contains":{"type":"string"}},"required":["n"],"additionalProperties":false})";
    EXPECT_FALSE(compiled(common).shape_root().verify);
    const Schema nested = compiled(R"({"type":"object","properties":{"q":{"type":"integer","multipleOf":5}}})");
    EXPECT_TRUE(nested.shape_root().verify);
    ASSERT_NE(nested.hot_root(), nullptr); // the fast path reads the flag from the compact form
    EXPECT_TRUE(nested.hot_root()->verify);
    EXPECT_TRUE(compiled(R"({"$ref":"#/$defs/p","$defs":{"p":{"type":"integer"}},"maximum":5})").shape_root().verify);
    EXPECT_FALSE(compiled(R"({"$ref":"#/$defs/p","$defs":{"p":{"type":"integer"}},"description":"p"})").shape_root().verify);
}

TEST(SchemaVerifyKeywords, UnevaluatedPropertiesReadAsAdditionalWhereNothingElseEvaluates) {
    // Only the schema's own properties evaluate members: an unknown one is dropped (Lenient) or
    // an error (Strict), as with additionalProperties false; never kept.
    const char* schema = R"({"type":"object","properties":{"a":{"type":"integer"}},"unevaluatedProperties":false})";
    auto r = shape_text(schema, R"({"a": 1, "b": 2})");
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(r->value.dump(), R"({"a":1})");
    EXPECT_TRUE(has_diagnostic(r->diagnostics, DiagnosticKind::Dropped, "b"));
    auto strict = shape_text(schema, R"({"a": 1, "b": 2})", Mode::Strict);
    ASSERT_FALSE(strict);
    EXPECT_EQ(strict.error().path(), "b");
    // A schema for the rest coerces it as additionalProperties would.
    expect_shaped(R"({"type":"object","properties":{"a":{}},"unevaluatedProperties":{"type":"integer"}})",
                  R"({"a": "x", "n": "3"})", R"({"a":"x","n":3})");
    // allOf's parts are merged, so their properties are evaluated ones.
    expect_shaped(R"({"allOf":[{"properties":{"id":{"type":"integer"}}}],"properties":{"name":{"type":"string"}},
                      "unevaluatedProperties":false})",
                  R"({"id": 1, "name": "x"})", R"({"name":"x","id":1})");
}

TEST(SchemaVerifyKeywords, UnevaluatedPropertiesBesideAlternativesAreChecked) {
    // Which members count depends on the branch that matches: the validator decides, and an
    // unknown member kept by shaping is the violation, at its path.
    const char* schema = R"({"type":"object","anyOf":[{"properties":{"a":{"type":"integer"}},"required":["a"]},
                                                      {"properties":{"b":{"type":"integer"}},"required":["b"]}],
                             "unevaluatedProperties":false})";
    expect_shaped(schema, R"({"a": 1})", R"({"a":1})");
    expect_violation(schema, R"({"a": 1, "c": 2})", "c");
}

TEST(SchemaVerifyKeywords, UnevaluatedItemsReadAsItemsWhereNothingElseEvaluates) {
    const char* schema = R"({"type":"array","prefixItems":[{"type":"string"}],"unevaluatedItems":{"type":"integer"}})";
    expect_shaped(schema, R"(["a", "2"])", R"(["a",2])");
    const char* closed = R"({"type":"array","prefixItems":[{"type":"string"}],"unevaluatedItems":false})";
    auto r = shape_text(closed, R"(["a", 2])", Mode::Strict);
    EXPECT_FALSE(r);
    expect_shaped(closed, R"(["a"])", R"(["a"])");
}
