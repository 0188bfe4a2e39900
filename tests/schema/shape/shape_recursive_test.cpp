// Recursive schemas: a schema that reaches itself through an array or an object ($defs/$ref)
// compiles, shapes and validates ordinary values; the recursive "any JSON value" anyOf reads
// a value as itself; a pure $ref cycle with no structure between stays invalid_schema.
#include "schema/schema_test_util.hpp"

using namespace laminate;
using namespace schema_test;

namespace {

constexpr const char* kAnyJson =
    R"({"$defs":{"json":{"anyOf":[{"type":"string"},{"type":"number"},{"type":"boolean"},{"type":"null"},)"
    R"({"type":"array","items":{"$ref":"#/$defs/json"}},)"
    R"({"type":"object","additionalProperties":{"$ref":"#/$defs/json"}}]}},"$ref":"#/$defs/json"})";

constexpr const char* kTree =
    R"({"$defs":{"A":{"type":"object","properties":{"name":{"type":"string"},"b":{"$ref":"#/$defs/B"}},"required":["name"]},)"
    R"("B":{"type":"object","properties":{"children":{"type":"array","items":{"$ref":"#/$defs/A"}}}}},)"
    R"("$ref":"#/$defs/A"})";

TEST(SchemaRecursive, AnyJsonValueShapesValuesAsThemselves) {
    Schema s = compiled(kAnyJson);
    for (const char* text : {R"({"a": 1})", R"({"a": [1, {"b": null}, "x", true]})", "[[[]]]", R"("s")", "3.5",
                             R"({"deep": {"deeper": {"deepest": [1, 2, {"k": "v"}]}}})"}) {
        auto r = s.from_json(text);
        ASSERT_TRUE(r) << text << ": " << r.error();
        EXPECT_EQ(r->value, json(text)) << text;
        EXPECT_TRUE(r->diagnostics.empty()) << text << ": " << r->diagnostics.front();
        EXPECT_TRUE(s.is_valid(r->value)) << text;
        auto llm = s.from_llm_response(std::string("Here you go:\n```json\n") + text + "\n```");
        ASSERT_TRUE(llm) << text << ": " << llm.error();
        EXPECT_EQ(llm->value, json(text));
    }
}

TEST(SchemaRecursive, ThroughAnArrayOfTheSameDefinition) {
    // A -> B -> array of A: the $ref back to A passes through structure.
    Schema s = compiled(kTree);
    const char* text = R"({"name":"root","b":{"children":[{"name":"leaf","b":{"children":[]}},{"name":"x"}]}})";
    auto r = s.from_json(text);
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(r->value, json(text));
    EXPECT_TRUE(s.is_valid(r->value));
    auto coerced = s.from_json(R"({"name":"root","b":{"children":[{"name":7}]}})");
    ASSERT_TRUE(coerced) << coerced.error();
    EXPECT_EQ(coerced->value, json(R"({"name":"root","b":{"children":[{"name":"7"}]}})"));
    auto missing = s.from_json(R"({"name":"root","b":{"children":[{"b":{}}]}})");
    ASSERT_FALSE(missing);
    EXPECT_EQ(missing.error().kind(), ErrorKind::MissingField);
    EXPECT_EQ(missing.error().path(), "b.children[0].name");
    // The validator agrees on both.
    EXPECT_FALSE(s.is_valid(json(R"({"name":"root","b":{"children":[{"b":{}}]}})")));
}

TEST(SchemaRecursive, RefChainThroughRefsThenStructure) {
    // A is a $ref to B, B an array of A: the chain passes through structure, so it ends.
    Schema s = compiled(R"({"$defs":{"A":{"$ref":"#/$defs/B"},"B":{"type":"array","items":{"$ref":"#/$defs/A"}}},"$ref":"#/$defs/A"})");
    auto r = s.from_json("[[], [[]]]");
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(r->value, json("[[], [[]]]"));
}

// An alternative that is the node itself ({"anyOf": [X, {"$ref": "#"}]}) adds nothing: the walks
// over alternatives (null allowed, envelope keys, bare targets, wrapping) stop instead of
// recursing until the stack overflows, which every null and every envelope did.
TEST(SchemaRecursive, AnAlternativeThatIsTheNodeItselfEnds) {
    Schema s = compiled(R"({"anyOf":[{"type":"string"},{"$ref":"#"}]})");
    auto str = s.from_llm_response("\"x\"");
    ASSERT_TRUE(str) << str.error();
    EXPECT_EQ(str->value, Value("x"));
    EXPECT_FALSE(s.from_json("null"));
    EXPECT_TRUE(s.from_llm_response(R"({"name": "f", "arguments": {"a": 1}})")); // kept as its JSON text
    EXPECT_TRUE(s.from_llm_response("hello there"));
    Schema nullable = compiled(R"({"anyOf":[{"type":"null"},{"anyOf":[{"$ref":"#"},{"type":"array","items":{"$ref":"#"}}]}]})");
    EXPECT_TRUE(nullable.from_json("null"));
    // A cycle through a nested anyOf is still tried, within the trials' budget: a value either
    // shapes or the budget says so; the walk ends either way.
    auto nested = nullable.from_json("[null, [null]]");
    if (!nested) {
        EXPECT_EQ(nested.error().kind(), ErrorKind::SizeExceeded);
    }
    EXPECT_FALSE(nullable.from_llm_response(R"({"name": "f", "arguments": {}})")); // neither null nor an array
}

TEST(SchemaRecursive, PureRefCyclesStayInvalid) {
    for (const char* schema : {R"({"$defs":{"A":{"$ref":"#/$defs/B"},"B":{"$ref":"#/$defs/A"}},"$ref":"#/$defs/A"})",
                               R"({"$defs":{"A":{"$ref":"#/$defs/A"}},"$ref":"#/$defs/A"})"}) {
        auto s = Schema::compile_json(schema);
        ASSERT_FALSE(s) << schema;
        EXPECT_EQ(s.error().kind(), ErrorKind::InvalidSchema);
    }
}

TEST(SchemaRecursive, WrappingIsNotGuessedWhenElementsMayBeArrays) {
    // A scalar where an array of "any JSON value" belongs: [x] or [[x]]? Not guessed; the
    // recursion would never end either.
    Schema s = compiled(R"({"type":"object","properties":{"v":{"type":"array","items":{"$ref":"#/$defs/j"}}},)"
                        R"("$defs":{"j":{"anyOf":[{"type":"string"},{"type":"array","items":{"$ref":"#/$defs/j"}}]}}})");
    auto r = s.from_json(R"({"v": "x"})");
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().kind(), ErrorKind::TypeMismatch);
}

} // namespace
