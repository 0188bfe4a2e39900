// Bad schemas never crash, hang or grow without bound: invalid_schema instead.
#include "schema/schema_test_util.hpp"

#include <string>

namespace laminate::test::schema_dialect_limits {

void expect_invalid(const Value& schema, Dialect d, const DialectOptions& options = {}) {
    auto r = to_dialect(schema, d, options);
    ASSERT_FALSE(r.has_value()) << schema.dump().substr(0, 200);
    EXPECT_EQ(r.error().kind(), ErrorKind::InvalidSchema);
}

constexpr Dialect all[] = {Dialect::Generic, Dialect::OpenAiStrict, Dialect::Gemini, Dialect::Anthropic};

TEST(DialectLimits, NotASchema) {
    for (Dialect d : all) {
        expect_invalid(Value(3), d);
        expect_invalid(Value("object"), d);
        expect_invalid(Value::array(), d);
    }
}

TEST(DialectLimits, UnresolvableRef) {
    const Value in = json(R"({"type": "object", "properties": {"a": {"$ref": "#/$defs/Missing"}}})");
    for (Dialect d : {Dialect::Generic, Dialect::Gemini, Dialect::Anthropic}) expect_invalid(in, d);
}

TEST(DialectLimits, DeepNesting) {
    Value v = Value::object({{"type", "string"}});
    for (int i = 0; i < 10000; ++i) { // set(), not object({...}): an initializer list would copy v
        Value outer = Value::object();
        outer.set("type", "array");
        outer.set("items", std::move(v));
        v = std::move(outer);
    }
    for (Dialect d : all) expect_invalid(v, d);
}

TEST(DialectLimits, ExponentialRefExpansionIsCapped) {
    // D0 refers to D1 twice, D1 to D2 twice, ...: 2^40 nodes once inlined.
    Value defs = Value::object();
    for (int i = 0; i < 40; ++i) {
        std::string next = "#/$defs/D", name = "D";
        next += std::to_string(i + 1); // appended, not operator+: g++ 12 -O3 warns falsely (-Wrestrict)
        name += std::to_string(i);
        defs.set(name, Value::object({{"type", "object"}, {"properties", Value::object({
            {"a", Value::object({{"$ref", next}})}, {"b", Value::object({{"$ref", next}})}})}}));
    }
    defs.set("D40", Value::object({{"type", "string"}}));
    const Value in = Value::object({{"$ref", "#/$defs/D0"}, {"$defs", std::move(defs)}});
    for (Dialect d : {Dialect::Generic, Dialect::Gemini, Dialect::Anthropic})
        expect_invalid(in, d, DialectOptions{.max_depth = 200});
}

TEST(DialectLimits, SelfReferenceTerminates) {
    const Value in = json(R"({"$defs": {"L": {"$ref": "#/$defs/L"}}, "properties": {"x": {"$ref": "#/$defs/L"}}})");
    const Value out = dialect(in, Dialect::Generic);
    EXPECT_EQ(out["properties"]["x"], json(R"({"$ref": "#/$defs/L"})"));
    const Value root = dialect(json(R"({"properties": {"again": {"$ref": "#"}}})"), Dialect::Generic);
    EXPECT_EQ(root["properties"]["again"], json(R"({"$ref": "#"})"));
}

} // namespace laminate::test::schema_dialect_limits
