// Errors: every failing field with its path, one shape_error summarizing them, no input quoted.
#include "schema/schema_test_util.hpp"

using namespace laminate;
using namespace schema_test;

namespace {
const char* kOrder = R"({"type":"object","properties":{
    "items":{"type":"array","items":{"type":"object","properties":{
        "sku":{"type":"string"},"quantity":{"type":"integer","minimum":1,"maximum":255}},"required":["sku","quantity"]}}},
  "required":["items"]})";
}

TEST(SchemaErrors, PathsOfEveryFailingField) {
    std::vector<Error> errors;
    auto r = compiled(kOrder).from_json(R"({"items":[{"sku":"a","quantity":1},{"sku":"b"},{"sku":"c","quantity":300},
                                     {"sku":"d","quantity":"secret-value"}]})", ShapeOptions{.field_errors = &errors});
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().kind(), ErrorKind::ShapeError);
    ASSERT_EQ(errors.size(), 3u);
    EXPECT_EQ(errors[0].path(), "items[1].quantity");
    EXPECT_EQ(errors[0].kind(), ErrorKind::MissingField);
    EXPECT_EQ(errors[1].path(), "items[2].quantity");
    EXPECT_EQ(errors[1].kind(), ErrorKind::OutOfRange);
    EXPECT_EQ(errors[2].path(), "items[3].quantity");
    EXPECT_NE(r.error().message().find("$.items[2].quantity"), std::string::npos);
    EXPECT_EQ(r.error().message().find("secret-value"), std::string::npos);
}

TEST(SchemaErrors, StrictStopsAtTheFirst) {
    std::vector<Error> errors;
    auto r = compiled(kOrder).from_json(R"({"items":[{"sku":"b"},{"sku":"c","quantity":300}]})", ShapeOptions{.mode = Mode::Strict, .field_errors = &errors});
    ASSERT_FALSE(r);
    EXPECT_EQ(errors.size(), 1u);
    EXPECT_EQ(r.error().path(), "items[0].quantity");
}

TEST(SchemaErrors, WrongRootType) {
    auto r = shape_text(kOrder, "[1]", Mode::Strict);
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().kind(), ErrorKind::TypeMismatch);
    EXPECT_EQ(r.error().path(), "");
}

TEST(SchemaErrors, UnknownKeysAreNamedValuesAreNot) {
    auto r = shape_text(R"({"type":"object","properties":{},"additionalProperties":false})",
                        R"({"extra":"do-not-quote"})", Mode::Strict);
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().kind(), ErrorKind::UnknownField);
    EXPECT_NE(r.error().message().find("extra"), std::string::npos);
    EXPECT_EQ(r.error().message().find("do-not-quote"), std::string::npos);
}
