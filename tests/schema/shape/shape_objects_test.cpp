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

// A key that two properties match loosely (user-name for user_name and userName) is for neither
// more than the other: an error at the key, never dropped or kept quietly. Case alone decides first.
TEST(SchemaObject, KeyMatchingSeveralPropertiesIsAmbiguous) {
    const char* schema = R"({"type":"object","properties":{"user_name":{"type":"string"},"userName":{"type":"string"}}})";
    auto r = shape_text(schema, R"({"user-name":"x"})");
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().kind(), ErrorKind::AmbiguousValue);
    EXPECT_EQ(r.error().path(), "user-name");
    auto by_case = shape_text(schema, R"({"USER_NAME":"x"})");
    ASSERT_TRUE(by_case) << by_case.error();
    EXPECT_EQ(by_case->value["user_name"], Value("x"));
    // Below BestEffort keys match exactly only: an unknown key, as before.
    EXPECT_TRUE(shape_text(schema, R"({"user-name":"x"})", Mode::Absorbing));
}

// {"user_name": "a", "userName": "b"} under a closed schema: the field holds one of two values
// the model gave. The other is dropped with a Warning naming the field, whichever key came first;
// an unknown key alone stays Info.
TEST(SchemaObject, ASecondValueForAFieldIsAWarning) {
    const char* schema = R"({"type":"object","properties":{"user_name":{"type":"string"}},"additionalProperties":false})";
    for (const char* text : {R"({"user_name":"a","userName":"b"})", R"({"userName":"b","user_name":"a"})"}) {
        auto r = shape_text(schema, text);
        ASSERT_TRUE(r) << r.error();
        EXPECT_EQ(r->value.dump(), R"({"user_name":"a"})") << text;
        bool warned = false;
        for (const Diagnostic& d : r->diagnostics)
            if (d.path == "userName" && d.kind == DiagnosticKind::Dropped && d.risk == Risk::Warning &&
                d.message.find("'user_name'") != std::string::npos)
                warned = true;
        EXPECT_TRUE(warned) << text;
    }
    auto other = shape_text(schema, R"({"user_name":"a","nickname":"b"})");
    ASSERT_TRUE(other) << other.error();
    for (const Diagnostic& d : other->diagnostics) EXPECT_EQ(d.risk, Risk::Info) << d.to_string();
}

// A key that marks a word by case ("UserName") is username by case alone and user_name by its
// words: neither is clearly meant. Without a word boundary written by case, case alone decides.
TEST(SchemaObject, CaseHumpWithTwoReadingsIsAmbiguous) {
    const char* schema = R"({"type":"object","properties":{"user_name":{"type":"string"},"username":{"type":"string"}}})";
    auto r = shape_text(schema, R"({"UserName":"x"})");
    ASSERT_FALSE(r) << r->value.dump();
    EXPECT_EQ(r.error().kind(), ErrorKind::AmbiguousValue);
    auto plain = shape_text(schema, R"({"USERNAME":"x"})");
    ASSERT_TRUE(plain) << plain.error();
    EXPECT_EQ(plain->value["username"], Value("x"));
    auto alone = shape_text(R"({"type":"object","properties":{"username":{"type":"string"}}})", R"({"UserName":"x"})");
    ASSERT_TRUE(alone) << alone.error();
    EXPECT_EQ(alone->value["username"], Value("x"));
}

// '_' and '-' at a key's edge are part of it: "_id" is another key than "id" (MongoDB has both).
TEST(SchemaObject, EdgeMarksAreKeptInLooseKeys) {
    const char* schema = R"({"type":"object","properties":{"id":{"type":"string"},"user_name":{"type":"string"}}})";
    auto r = shape_text(schema, R"({"_id":"x","user_name_":"y"})");
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(r->value.find("id"), nullptr) << r->value.dump();
    EXPECT_EQ(r->value.find("user_name"), nullptr) << r->value.dump();
    auto inner = shape_text(schema, R"({" User-Name ":"y"})");
    ASSERT_TRUE(inner) << inner.error();
    EXPECT_EQ(inner->value["user_name"], Value("y"));
}

// An unknown member dropped while a declared property is absent may hold that property's value
// ("quantiy", a wrapper around the fields): a Warning. With every property there it is Info.
TEST(SchemaObject, UnknownDroppedWhileAPropertyIsAbsentIsAWarning) {
    const char* schema = R"({"type":"object","properties":{"sku":{"type":"string"},"quantity":{"type":"integer"}},"required":["sku"],"additionalProperties":false})";
    auto typo = shape_text(schema, R"({"sku": "A", "quantiy": 3})");
    ASSERT_TRUE(typo) << typo.error();
    bool warned = false;
    for (const Diagnostic& d : typo->diagnostics)
        if (d.path == "quantiy" && d.kind == DiagnosticKind::Dropped && d.risk == Risk::Warning) warned = true;
    EXPECT_TRUE(warned);
    auto complete = shape_text(schema, R"({"sku": "A", "quantity": 3, "extra": 1})");
    ASSERT_TRUE(complete) << complete.error();
    for (const Diagnostic& d : complete->diagnostics) EXPECT_EQ(d.risk, Risk::Info) << d.to_string();
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

// null in a required member with no default is missing_field for every type: 0, false, "", []
// and {} would all be invented.
TEST(SchemaObject, NullInARequiredMemberIsMissing) {
    const char* schema = R"({"type":"object","properties":{"s":{"type":"string"},"a":{"type":"array"},
        "o":{"type":"object"},"n":{"type":"number"},"b":{"type":"boolean"}},"required":["s","a","o","n","b"]})";
    for (const char* key : {"s", "a", "o", "n", "b"}) {
        std::string input = R"({"s":"x","a":[],"o":{},"n":1,"b":true})";
        const std::string member = std::string("\"") + key + "\":";
        const std::size_t at = input.find(member) + member.size();
        const std::size_t end = input.find_first_of(",}", at);
        input.replace(at, end - at, "null");
        auto r = shape_text(schema, input);
        ASSERT_FALSE(r) << key << " read as " << r->value.dump();
        EXPECT_EQ(r.error().kind(), ErrorKind::MissingField) << key;
    }
    // A sentinel where no string is allowed is null too; in a string it is text.
    EXPECT_FALSE(shape_text(R"({"type":"object","properties":{"n":{"type":"integer"}},"required":["n"]})",
                            R"({"n":"N/A"})"));
    EXPECT_EQ(shape_text(R"({"type":"object","properties":{"s":{"type":"string"}},"required":["s"]})",
                         R"({"s":"N/A"})")->value, json(R"({"s":"N/A"})"));
}

TEST(SchemaObject, ARequiredPropertysDefaultStandsInWithAWarning) {
    // The model had to give it: the declared default stands in, and that is no quiet fill-in.
    const char* schema = R"({"type":"object","properties":{"n":{"type":"integer"},"unit":{"type":"string","default":"kg"}},
                             "required":["n","unit"]})";
    for (Mode m : {Mode::Lenient, Mode::Strict}) {
        auto r = shape_text(schema, R"({"n": 3})", m);
        ASSERT_TRUE(r) << r.error();
        EXPECT_EQ(r->value.dump(), R"({"n":3,"unit":"kg"})");
        ASSERT_EQ(r->diagnostics.size(), 1u);
        EXPECT_EQ(r->diagnostics[0].kind, DiagnosticKind::Defaulted);
        EXPECT_EQ(r->diagnostics[0].risk, Risk::Warning);
        EXPECT_EQ(r->diagnostics[0].path, "unit");
    }
}

TEST(SchemaObject, AnOpenObjectKeepsASecondSpellingOfAFieldWithADiagnostic) {
    // additionalProperties allows "COUNT" as a property of its own; it also names "count", so
    // keeping it is said, at Warning when its value differs from the one "count" took.
    const char* schema = R"({"type":"object","properties":{"count":{"type":"integer"}},"required":["count"]})";
    auto r = shape_text(schema, R"({"count": 1, "COUNT": 5})");
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(r->value.dump(), R"({"count":1,"COUNT":5})");
    ASSERT_EQ(r->diagnostics.size(), 1u);
    EXPECT_EQ(r->diagnostics[0].path, "COUNT");
    EXPECT_EQ(r->diagnostics[0].risk, Risk::Warning);
    auto same = shape_text(schema, R"({"count": 1, "Count": 1})");
    ASSERT_TRUE(same) << same.error();
    EXPECT_EQ(max_risk(same->diagnostics), Risk::Info);
}
