// What a violation carries: laminate paths, schema paths, excerpts cut short, messages free of
// instance text; every violation collected or only the first; the summary Error.
#include "schema/schema_test_util.hpp"

#include <gmock/gmock.h>

#include <sstream>

using namespace laminate;
using laminate::test::check;
using laminate::test::validate;
using laminate::test::json;
using laminate::test::lines;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::Not;

namespace {
const char* order_schema = R"({"type": "object", "required": ["items", "customer"],
  "properties": {"items": {"type": "array", "items": {"type": "object", "required": ["sku"],
    "properties": {"sku": {"type": "string", "pattern": "^[A-Z]+-[0-9]+$"}, "quantity": {"type": "integer", "minimum": 1, "maximum": 255}}}}}})";
}

TEST(SchemaMessages, TheSpecExample) {
    const auto r = check(order_schema, R"({"customer": 1, "items": [{"sku": "A-1"}, {"sku": "B-2"}, {"sku": "C-3", "quantity": 300}]})");
    ASSERT_EQ(r.violations.size(), 1u);
    const Violation& v = r.violations[0];
    EXPECT_EQ(to_string(v), "$.items[2].quantity: expected a value <= 255, got 300");
    EXPECT_EQ(v.keyword, "maximum");
    EXPECT_EQ(v.schema_path, "#/properties/items/items/properties/quantity/maximum");
    EXPECT_EQ(v.excerpt, "300");
    std::ostringstream os;
    os << v;
    EXPECT_EQ(os.str(), to_string(v));
}

TEST(SchemaMessages, EveryViolationIsCollectedInDocumentOrder) {
    const auto r = check(order_schema, R"({"items": [{"quantity": 0}, {"sku": "bad sku", "quantity": "x"}]})");
    EXPECT_THAT(lines(r), ElementsAre(R"($: missing required property "customer")",
                                      R"($.items[0]: missing required property "sku")",
                                      "$.items[0].quantity: expected a value >= 1, got 0",
                                      R"($.items[1].sku: expected a string matching the pattern "^[A-Z]+-[0-9]+$")",
                                      "$.items[1].quantity: expected an integer, got a string"));
}

TEST(SchemaMessages, StopAtFirst) {
    ValidateOptions o;
    o.stop_at_first = true;
    const auto r = check(order_schema, R"({"items": [{"quantity": 0}, {"sku": 1}]})", o);
    EXPECT_FALSE(r.valid);
    EXPECT_EQ(r.violations.size(), 1u);
    auto s = Schema::compile(json(order_schema));
    ASSERT_TRUE(s);
    EXPECT_FALSE(s->is_valid(json("{}")));
    EXPECT_TRUE(s->is_valid(json(R"({"items": [], "customer": null})")));
}

TEST(SchemaMessages, MaxViolationsCapsTheList) {
    ValidateOptions o;
    o.max_violations = 3;
    const auto r = check(R"({"items": {"type": "string"}})", "[1, 2, 3, 4, 5, 6]", o);
    EXPECT_FALSE(r.valid);
    EXPECT_EQ(r.violations.size(), 3u);
}

TEST(SchemaMessages, MessagesNeverQuoteInstanceText) {
    const std::string secret = "sk-live-SECRET-TOKEN";
    const std::string instance = R"({"key": ")" + secret + R"(", "list": [")" + secret + R"("], "obj": {"k": ")" + secret + R"("}})";
    const auto r = check(R"({"properties": {"key": {"type": "integer", "maxLength": 3, "pattern": "^x$", "format": "date", "enum": [1]},
                                            "list": {"type": "string", "const": 1}, "obj": {"type": "array"}}})", instance);
    EXPECT_EQ(r.violations.size(), 8u);
    for (const auto& v : r.violations) EXPECT_THAT(v.message, Not(HasSubstr("SECRET"))) << v.message;
    EXPECT_THAT(r.violations[0].excerpt, HasSubstr("SECRET")); // the excerpt is where the value lives
}

TEST(SchemaMessages, ExcerptsAreCutShortAtCharacterBoundaries) {
    ValidateOptions o;
    o.excerpt_bytes = 10;
    std::string text;
    for (int i = 0; i < 20; ++i) text += "\xC3\xA9"; // é
    const auto r = check(R"({"type": "integer"})", "\"" + text + "\"", o);
    ASSERT_EQ(r.violations.size(), 1u);
    const std::string& e = r.violations[0].excerpt;
    EXPECT_LE(e.size(), 10u + 5u);
    EXPECT_EQ(e.substr(e.size() - 3), "...");
    EXPECT_EQ(e[0], '"');
    // The cut is between code points: "é" x 4 = 8 bytes after the quote... never half of one.
    EXPECT_EQ(e.find("\xC3..."), std::string::npos);

    std::string big = "[";
    for (int i = 0; i < 100000; ++i) big += (i ? ",1" : "1");
    big += "]";
    const auto r2 = check(R"({"type": "object"})", big, o);
    ASSERT_EQ(r2.violations.size(), 1u);
    EXPECT_EQ(r2.violations[0].excerpt, "[1,1,1,1,1...");
    EXPECT_EQ(check(R"({"type": "object"})", "[1, [2]]", o).violations[0].excerpt, "[1,[2]]");
}

TEST(SchemaMessages, PathsUseLaminateSyntaxAndReadBack) {
    const Value instance = json(R"({"odd key": [{"x.y": 5}]})");
    auto r = validate(instance, json(R"({"additionalProperties": {"items": {"additionalProperties": {"type": "string"}}}})"));
    ASSERT_TRUE(r);
    ASSERT_EQ(r->violations.size(), 1u);
    EXPECT_EQ(r->violations[0].path, R"(["odd key"][0]["x.y"])"); // kept below the root
    EXPECT_EQ(to_string(r->violations[0]).rfind(R"($["odd key"][0]["x.y"]: )", 0), 0u); // printed from $
    const Value* at = instance.at_path(r->violations[0].path);
    ASSERT_NE(at, nullptr);
    EXPECT_EQ(*at, Value(5));
}

TEST(SchemaMessages, ViolationsErrorSummarises) {
    const auto r = check(R"({"items": {"type": "string"}})", "[1, 2, 3, 4, 5, 6]");
    const Error e = violations_error(r);
    EXPECT_EQ(e.kind(), ErrorKind::SchemaViolation);
    EXPECT_EQ(e.path(), "[0]");
    EXPECT_THAT(e.message(), HasSubstr("6 violations: $[0]: expected a string, got 1; $[1]:"));
    EXPECT_THAT(e.message(), HasSubstr("; ..."));
}
