// Arrays: items, prefixItems (tuples), item counts, wrapping a scalar at BestEffort.
#include "schema/schema_test_util.hpp"

using namespace laminate;
using namespace schema_test;

TEST(SchemaArray, ItemsShapedWithPaths) {
    const char* schema = R"({"type":"array","items":{"type":"integer"}})";
    auto r = shape_text(schema, R"([1,"2",3.0])");
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(r->value.dump(), "[1,2,3]");
    EXPECT_TRUE(has_diagnostic(r->diagnostics, DiagnosticKind::Coerced, "[1]"));
    auto bad = shape_text(schema, R"([1,"x",2.5])");
    ASSERT_FALSE(bad);
    EXPECT_EQ(bad.error().kind(), ErrorKind::ShapeError);
    EXPECT_NE(bad.error().message().find("$[1]"), std::string::npos);
    EXPECT_NE(bad.error().message().find("$[2]"), std::string::npos);
}

TEST(SchemaArray, StrictStopsAtTheFirstError) {
    std::vector<Error> errors;
    auto r = compiled(R"({"type":"array","items":{"type":"integer"}})").from_json(R"([1,"x",2.5])", ShapeOptions{.mode = Mode::Strict, .field_errors = &errors});
    ASSERT_FALSE(r);
    EXPECT_EQ(errors.size(), 1u);
    EXPECT_EQ(r.error().path(), "[1]");
}

TEST(SchemaArray, PrefixItemsAndDraft7TupleForm) {
    const char* modern = R"({"type":"array","prefixItems":[{"type":"string"},{"type":"integer"}],"items":false})";
    EXPECT_EQ(shape_text(modern, R"(["a","2"])")->value.dump(), R"(["a",2])");
    EXPECT_FALSE(shape_text(modern, R"(["a",2,3])"));
    const char* draft7 = R"({"type":"array","items":[{"type":"string"},{"type":"integer"}],"additionalItems":{"type":"boolean"}})";
    EXPECT_EQ(shape_text(draft7, R"(["a",2,"yes"])")->value.dump(), R"(["a",2,true])");
}

TEST(SchemaArray, ItemCounts) {
    const char* schema = R"({"type":"array","minItems":1,"maxItems":2})";
    EXPECT_TRUE(shape_text(schema, "[1]"));
    auto r = shape_text(schema, "[1,2,3]");
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().kind(), ErrorKind::ConstraintViolation);
}

TEST(SchemaArray, ScalarWrappedOnlyAtBestEffort) {
    const char* schema = R"({"type":"array","items":{"type":"string"}})";
    EXPECT_EQ(shape_text(schema, R"("a")")->value.dump(), R"(["a"])");
    EXPECT_FALSE(shape_text(schema, R"("a")", Mode::Strict));
    EXPECT_EQ(shape_text(schema, R"("[\"a\",\"b\"]")")->value.dump(), R"(["a","b"])");
}

TEST(SchemaArray, BfclTupleIsAnArray) {
    EXPECT_EQ(shape_text(R"({"type":"tuple","items":{"type":"float"}})", "[1, 2.5]")->value.dump(), "[1,2.5]");
}

// null as an element of a number array is no 0: the element is invalid (Lenient drops a minority
// of invalid elements, Risky; Strict fails).
TEST(SchemaArray, NullElementIsNeverZero) {
    const char* schema = R"({"type":"object","properties":{"a":{"type":"array","items":{"type":"number"}}}})";
    auto r = shape_text(schema, R"({"a":[1.5,null,2]})");
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(r->value, json(R"({"a":[1.5,2]})"));
    ASSERT_EQ(r->diagnostics.size(), 1u);
    EXPECT_EQ(r->diagnostics[0].kind, DiagnosticKind::Dropped);
    EXPECT_EQ(r->diagnostics[0].risk, Risk::Risky);
    EXPECT_EQ(r->diagnostics[0].path, "a[1]");
    EXPECT_FALSE(shape_text(schema, R"({"a":[1.5,null,2]})", Mode::Strict));
    EXPECT_FALSE(shape_text(schema, R"({"a":[null]})"));
    auto d = shape_text(R"({"type":"array","items":{"type":"integer","default":7}})", "[1,null]");
    ASSERT_TRUE(d) << d.error();
    EXPECT_EQ(d->value, json("[1,7]"));
}

// [1, 2] where each element is an array: [[1], [2]] is as likely as [[1, 2]]. An error.
TEST(SchemaArray, ScalarsWhereElementsAreArraysAreAnError) {
    const char* schema = R"({"type":"object","properties":{"a":{"type":"array","items":{"type":"array","items":{"type":"integer"}}}}})";
    auto r = shape_text(schema, R"({"a":[1,2]})");
    ASSERT_FALSE(r) << r->value.dump();
    auto prose = compiled(schema).from_llm_response(R"(Here: {"a":[1,2]})");
    ASSERT_FALSE(prose) << prose->value.dump();
    // Arrays, and a string holding one, are read.
    auto ok = shape_text(schema, R"({"a":[[1,2],"[3]"]})");
    ASSERT_TRUE(ok) << ok.error();
    EXPECT_EQ(ok->value, json(R"({"a":[[1,2],[3]]})"));
    // ...and so is a string holding the whole array of arrays (parsed, not wrapped).
    auto whole = shape_text(schema, R"({"a":"[[1,2],[3]]"})");
    ASSERT_TRUE(whole) << whole.error();
    EXPECT_EQ(whole->value, json(R"({"a":[[1,2],[3]]})"));
    EXPECT_FALSE(shape_text(schema, R"({"a":"1, 2"})"));
}

// uniqueItems holds for the array as shaped: coercion must not make two elements equal.
TEST(SchemaArray, UniqueItemsCheckedAfterCoercion) {
    const char* schema = R"({"type":"object","properties":{"a":{"type":"array","items":{"type":"integer"},"uniqueItems":true}}})";
    for (const char* input : {R"({"a":[1,"1"]})", R"({"a":[1,1]})"}) {
        auto r = shape_text(schema, input);
        ASSERT_FALSE(r) << input << " read as " << r->value.dump();
        EXPECT_EQ(r.error().kind(), ErrorKind::ConstraintViolation);
        auto m = compiled(schema).from_llm_response(input);
        ASSERT_FALSE(m) << input;
    }
    EXPECT_EQ(shape_text(schema, R"({"a":[1,"2"]})")->value, json(R"({"a":[1,2]})"));
}

// The check sorts scalars instead of comparing every pair: 200,000 distinct items are read at
// once (pairwise, 20 billion comparisons), and equal ones far apart are still found.
TEST(SchemaArray, UniqueItemsOnAHugeArrayStayLinear) {
    const char* schema = R"({"type":"array","items":{"type":"string"},"uniqueItems":true})";
    std::string many = "[";
    for (int i = 0; i < 200000; ++i) many += (i ? ",\"" : "\"") + std::to_string(i) + "\"";
    auto r = shape_text(schema, many + "]");
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(r->value.size(), 200000u);
    auto dup = shape_text(schema, many + ",\"17\"]");
    ASSERT_FALSE(dup);
    EXPECT_EQ(dup.error().kind(), ErrorKind::ConstraintViolation);
    EXPECT_NE(dup.error().message().find("items 17 and 200000"), std::string::npos) << dup.error().message();
    // Numbers equal as values are equal, whatever their spelling; objects are compared too.
    const char* numbers = R"({"type":"array","uniqueItems":true})";
    EXPECT_FALSE(shape_text(numbers, "[1, 2, 1.0]"));
    EXPECT_FALSE(shape_text(numbers, R"([{"a": 1}, 2, {"a": 1}])"));
    EXPECT_TRUE(shape_text(numbers, R"([{"a": 1}, "1", 1, true, null, [1]])"));
}
