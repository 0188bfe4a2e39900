// The grader: BFCL's checker on shaped arguments (accepted values, omissions, required, unknown
// parameters), and the intended arguments built from the accepted lists.
#include "arguments.hpp"
#include "bfcl_test_util.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace laminate::bfcl {
namespace {

using test::json;
using test::make_call;
using test::rich_call;

TEST(BfclIntended, TakesFirstAcceptedValuesAndSkipsOmittable) {
    const Value v = intended_arguments(rich_call());
    EXPECT_EQ(v, json(R"({"count": 3, "ratio": 0.5, "flag": true, "city": "Rome", "ids": [1, 2],
                          "point": [1.5, 2.0], "opts": {"depth": 2, "mode": "fast"}, "unit": "metric"})"));
    EXPECT_FALSE(v.contains("note")); // ["", "none"]: omitted
}

TEST(BfclIntended, RequiredParameterListedAsOmittableFirstTakesItsNextValue) {
    const auto call = make_call(R"({"type": "dict", "required": ["x"], "properties": {"x": {"type": "float"}}})",
                                R"({"x": ["", 25.0]})");
    EXPECT_EQ(intended_arguments(call), json(R"({"x": 25.0})"));
}

TEST(BfclIntended, ListsOfNestedDictsAndEmptyAcceptedLists) {
    const auto call = make_call(R"({"type": "dict", "properties": {}})",
                                R"({"items": [[{"a": [1], "b": ["", 2]}, {"a": [3]}]], "none": []})");
    EXPECT_EQ(intended_arguments(call), json(R"({"items": [{"a": 1}, {"a": 3}]})"));
}

TEST(BfclGrade, IntendedArgumentsAreRecovered) {
    const Call call = rich_call();
    const auto g = grade(call, intended_arguments(call));
    EXPECT_TRUE(g.recovered) << g.reason;
    EXPECT_TRUE(g.reason.empty());
}

TEST(BfclGrade, NumbersCompareByValueStringsExactly) {
    const Call call = rich_call();
    Value v = intended_arguments(call);
    v.set("ratio", Value(0.50));
    v.set("count", Value(3.0));
    EXPECT_TRUE(grade(call, v).recovered);
    v.set("city", Value("Roma"));
    EXPECT_TRUE(grade(call, v).recovered) << "second accepted value";
    v.set("city", Value("rome"));
    EXPECT_EQ(grade(call, v).reason, "parameter 'city' has no accepted value");
    v.set("city", Value("Rome"));
    v.set("count", Value("3"));
    EXPECT_FALSE(grade(call, v).recovered) << "a string is not the number";
}

TEST(BfclGrade, ListsElementwiseDictsKeyByKey) {
    const Call call = rich_call();
    Value v = intended_arguments(call);
    v.set("ids", json("[2, 1]"));
    EXPECT_FALSE(grade(call, v).recovered);
    v.set("ids", json("[1, 2]"));
    v.set("opts", json(R"({"depth": 2})"));
    EXPECT_TRUE(grade(call, v).recovered) << "mode may be omitted";
    v.set("opts", json(R"({"mode": "fast"})"));
    EXPECT_FALSE(grade(call, v).recovered) << "depth may not";
    v.set("opts", json(R"({"depth": 2, "extra": 1})"));
    EXPECT_FALSE(grade(call, v).recovered);
}

TEST(BfclGrade, MissingUnexpectedAndRequired) {
    const Call call = rich_call();
    Value v = intended_arguments(call);
    v.erase("unit");
    EXPECT_TRUE(grade(call, v).recovered) << "unit may be omitted";
    v.set("bogus", Value(1));
    EXPECT_EQ(grade(call, v).reason, "unexpected parameter 'bogus'");
    v.erase("bogus");
    v.erase("count");
    EXPECT_EQ(grade(call, v).reason, "parameter 'count' is missing");
    EXPECT_EQ(grade(call, Value(3)).reason, "the arguments are not an object");
    const auto req = make_call(R"({"type": "dict", "required": ["x"], "properties": {"x": {"type": "string"}}})",
                               R"({"x": [""]})");
    EXPECT_EQ(grade(req, json("{}")).reason, "required parameter 'x' is missing");
}

TEST(BfclGrade, DefaultsFilledByShapingCountAsOmitted) {
    const auto call = make_call(
        R"({"type": "dict", "properties": {"n": {"type": "integer", "default": 10}, "m": {"type": "integer", "default": 1}}})",
        R"({"n": ["", 5], "m": [2]})");
    const Value shaped = json(R"({"n": 10, "m": 1})");
    const std::vector<std::string> defaulted = {"n", "m"};
    // n: the default is not an accepted value, but n may be omitted. m: it may not.
    EXPECT_EQ(grade(call, shaped, defaulted).reason, "parameter 'm' has no accepted value");
    const Value sent_m = json(R"({"n": 10, "m": 2})");
    const std::vector<std::string> only_n = {"n"};
    EXPECT_TRUE(grade(call, sent_m, only_n).recovered);
    EXPECT_FALSE(grade(call, sent_m).recovered) << "n = 10 written by the model is wrong";
}

TEST(BfclGrade, NestedDefaultsByPath) {
    const auto call = make_call(R"({"type": "dict", "properties": {}})",
                                R"({"body": [{"mode": ["COOL"]}], "rows": [[{"name": ["a"]}]]})");
    const Value shaped = json(R"({"body": {"mode": "COOL", "fan": "LOW"}, "rows": [{"name": "a", "nick": ""}]})");
    EXPECT_FALSE(grade(call, shaped).recovered) << "fan and nick were not asked for";
    const std::vector<std::string> defaulted = {"body.fan", "rows[0].nick"};
    EXPECT_TRUE(grade(call, shaped, defaulted).recovered) << grade(call, shaped, defaulted).reason;
}

TEST(BfclSchemaHelpers, TypesAndSubSchemas) {
    const Call call = rich_call();
    EXPECT_EQ(schema_type(property_schema(&call.schema, "ids")), "array");
    EXPECT_EQ(schema_type(item_schema(property_schema(&call.schema, "ids"))), "integer");
    EXPECT_EQ(property_schema(&call.schema, "nope"), nullptr);
    EXPECT_EQ(schema_type(nullptr), "");
    EXPECT_TRUE(is_numeric_type("float"));
    EXPECT_TRUE(is_numeric_type("long"));
    EXPECT_FALSE(is_numeric_type("string"));
    EXPECT_TRUE(is_boolean_type("Boolean"));
}

} // namespace
} // namespace laminate::bfcl
