// Objects: properties by key, required, defaults, unknown members per mode and additionalProperties.
#include "schema/schema_test_util.hpp"

using namespace laminate;
using namespace schema_test;

namespace {
const char* kPerson = R"({"type":"object","properties":{
    "name":{"type":"string"},
    "age":{"type":"integer"},
    "city":{"type":"string","default":"Paris"},
    "nick":{"type":"string"}},
  "required":["name","age"]})";
const char* kClosed = R"({"type":"object","properties":{"a":{"type":"integer"}},"additionalProperties":false})";
} // namespace

TEST(SchemaObject, PropertiesInSchemaOrderDefaultsFilled) {
    auto r = shape_text(kPerson, R"({"age":"30","name":"Ann"})");
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(r->value.dump(), R"({"name":"Ann","age":30,"city":"Paris"})");
    EXPECT_TRUE(has_diagnostic(r->diagnostics, DiagnosticKind::Defaulted, "city"));
    EXPECT_TRUE(has_diagnostic(r->diagnostics, DiagnosticKind::Coerced, "age"));
}

TEST(SchemaObject, StrictFillsDefaultsWithoutRecordingThem) {
    auto r = shape_text(kPerson, R"({"name":"Ann","age":30})", Mode::Strict);
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(r->value["city"], Value("Paris"));
    EXPECT_TRUE(r->diagnostics.empty());
}

TEST(SchemaObject, MissingRequiredIsAnErrorInEveryMode) {
    for (Mode m : {Mode::Lenient, Mode::Absorbing, Mode::Strict}) {
        auto r = shape_text(kPerson, R"({"name":"Ann"})", m);
        ASSERT_FALSE(r);
        EXPECT_EQ(r.error().kind(), ErrorKind::MissingField);
        EXPECT_EQ(r.error().path(), "age");
    }
}

TEST(SchemaObject, LooseKeysAtBestEffortOnly) {
    auto r = shape_text(kPerson, R"({"Name":"Ann","AGE":3})");
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(r->value["name"], Value("Ann"));
    EXPECT_EQ(r->value["age"], Value(3));
    EXPECT_FALSE(shape_text(kPerson, R"({"Name":"Ann","age":3})", Mode::Absorbing));
}

TEST(SchemaObject, NullOptionalIsAbsentNullDefaultedTakesDefault) {
    auto r = shape_text(kPerson, R"({"name":"Ann","age":3,"nick":null,"city":null})");
    ASSERT_TRUE(r) << r.error();
    EXPECT_FALSE(r->value.contains("nick"));
    EXPECT_EQ(r->value["city"], Value("Paris"));
}

TEST(SchemaObject, UnknownUnderAdditionalFalseFollowsTheMode) {
    auto lenient = shape_text(kClosed, R"({"a":1,"b":2})", Mode::Lenient);
    ASSERT_TRUE(lenient);
    EXPECT_EQ(lenient->value.dump(), R"({"a":1})");
    EXPECT_TRUE(has_diagnostic(lenient->diagnostics, DiagnosticKind::Dropped, "b"));

    auto absorbing = shape_text(kClosed, R"({"a":1,"b":2})", Mode::Absorbing);
    ASSERT_TRUE(absorbing);
    EXPECT_EQ(absorbing->value.dump(), R"({"a":1})");
    EXPECT_EQ(absorbing->residual.dump(), R"({"b":2})");
    EXPECT_TRUE(has_diagnostic(absorbing->diagnostics, DiagnosticKind::Preserved, "b"));

    auto strict = shape_text(kClosed, R"({"a":1,"b":2})", Mode::Strict);
    ASSERT_FALSE(strict);
    EXPECT_EQ(strict.error().kind(), ErrorKind::UnknownField);
}

TEST(SchemaObject, UnknownAllowedByTheSchemaAreKept) {
    const char* open = R"({"type":"object","properties":{"a":{"type":"integer"}}})";
    auto r = shape_text(open, R"({"a":1,"b":[2]})", Mode::Lenient);
    ASSERT_TRUE(r);
    EXPECT_EQ(r->value.dump(), R"({"a":1,"b":[2]})");
    EXPECT_TRUE(r->diagnostics.empty());
    // Strict: no surprises, even where the schema allows them.
    EXPECT_FALSE(shape_text(open, R"({"a":1,"b":[2]})", Mode::Strict));
}

TEST(SchemaObject, AdditionalPropertiesSchemaShapesTheRest) {
    const char* map = R"({"type":"object","additionalProperties":{"type":"integer"}})";
    auto r = shape_text(map, R"({"x":"1","y":2})");
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(r->value.dump(), R"({"x":1,"y":2})");
    auto bad = shape_text(map, R"({"x":"one"})");
    ASSERT_FALSE(bad);
    EXPECT_EQ(bad.error().path(), "x");
}

TEST(SchemaObject, StringifiedObjectAtBestEffort) {
    auto r = shape_text(kPerson, R"("{\"name\":\"Ann\",\"age\":3}")");
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(r->value["age"], Value(3));
    EXPECT_FALSE(shape_text(kPerson, R"("{\"name\":\"Ann\",\"age\":3}")", Mode::Strict));
}

TEST(SchemaObject, RequiredWithoutPropertySchema) {
    auto r = shape_text(R"({"required":["id"]})", R"({"x":1})");
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().kind(), ErrorKind::MissingField);
    EXPECT_TRUE(shape_text(R"({"required":["id"]})", R"({"id":[1]})"));
}
