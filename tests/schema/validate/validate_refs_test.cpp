// $ref to the root, JSON pointers, $defs/definitions, anchors, $id-relative URIs, draft 7 vs
// 2020-12 sibling rules, unresolvable refs.
#include "schema/schema_test_util.hpp"

#include <gmock/gmock.h>

using namespace laminate;
using laminate::test::check;
using laminate::test::json;
using laminate::test::lines;
using laminate::test::valid;
using ::testing::ElementsAre;
using ::testing::HasSubstr;

TEST(SchemaRefs, DefsAndDefinitions) {
    EXPECT_FALSE(valid(R"({"$defs": {"pos": {"minimum": 0}}, "properties": {"n": {"$ref": "#/$defs/pos"}}})", R"({"n": -1})"));
    EXPECT_FALSE(valid(R"({"definitions": {"pos": {"minimum": 0}}, "items": {"$ref": "#/definitions/pos"}})", "[1, -1]"));
}

TEST(SchemaRefs, RecursiveSchemaThroughTheRoot) {
    const char* tree = R"({"type": "object", "properties": {"value": {"type": "integer"},
                           "children": {"type": "array", "items": {"$ref": "#"}}}, "required": ["value"]})";
    EXPECT_TRUE(valid(tree, R"({"value": 1, "children": [{"value": 2, "children": [{"value": 3}]}]})"));
    EXPECT_THAT(lines(check(tree, R"({"value": 1, "children": [{"value": 2, "children": [{"value": "3"}]}]})")),
                ElementsAre("$.children[0].children[0].value: expected an integer, got a string"));
}

TEST(SchemaRefs, PointerIntoPropertiesAndEscapes) {
    EXPECT_FALSE(valid(R"({"properties": {"a": {"type": "integer"}, "b": {"$ref": "#/properties/a"}}})", R"({"b": "x"})"));
    EXPECT_FALSE(valid(R"({"$defs": {"a/b": {"type": "integer"}, "c~d": {"type": "string"}, "e%f": {"type": "null"}},
                         "allOf": [{"$ref": "#/$defs/a~1b"}, {"$ref": "#/$defs/c~0d"}]})", "1"));
    EXPECT_TRUE(valid(R"({"$defs": {"e%f": {"type": "null"}}, "$ref": "#/$defs/e%25f"})", "null"));
}

TEST(SchemaRefs, ViolationSchemaPathIsTheTargetsLocation) {
    const auto r = check(R"({"$defs": {"q": {"maximum": 255}}, "properties": {"q": {"$ref": "#/$defs/q"}}})", R"({"q": 300})");
    ASSERT_EQ(r.violations.size(), 1u);
    EXPECT_EQ(r.violations[0].path, "q");
    EXPECT_EQ(r.violations[0].schema_path, "#/$defs/q/maximum");
}

TEST(SchemaRefs, AnchorsAndIds) {
    EXPECT_FALSE(valid(R"({"$defs": {"x": {"$anchor": "pos", "minimum": 0}}, "$ref": "#pos"})", "-1"));
    EXPECT_FALSE(valid(R"({"$schema": "http://json-schema.org/draft-07/schema#",
                         "definitions": {"x": {"$id": "#pos", "minimum": 0}}, "$ref": "#pos"})", "-1"));
    EXPECT_FALSE(valid(R"({"$id": "http://example.com/root.json", "$defs": {"b": {"$id": "b.json", "type": "integer"}},
                         "$ref": "http://example.com/b.json"})", R"("x")"));
    EXPECT_FALSE(valid(R"({"$id": "http://example.com/root.json", "$defs": {"b": {"$id": "b.json", "type": "integer"}},
                         "$ref": "b.json"})", R"("x")"));
}

TEST(SchemaRefs, SiblingsOfRefApplyIn2020ButNotInDraft7) {
    const char* modern = R"({"$defs": {"s": {"type": "string"}}, "$ref": "#/$defs/s", "maxLength": 2})";
    EXPECT_FALSE(valid(modern, R"("abc")"));
    const char* draft7 = R"({"$schema": "http://json-schema.org/draft-07/schema#",
                            "definitions": {"s": {"type": "string"}}, "$ref": "#/definitions/s", "maxLength": 2})";
    EXPECT_TRUE(valid(draft7, R"("abc")"));
}

TEST(SchemaRefs, UnresolvableRefsAreInvalidSchemas) {
    for (const char* schema : {R"({"$ref": "#/$defs/missing"})", R"({"$ref": "https://example.com/remote.json"})",
                               R"({"$ref": "#nowhere"})", R"({"$ref": 3})"}) {
        auto r = Schema::compile(json(schema));
        ASSERT_FALSE(r) << schema;
        EXPECT_EQ(r.error().kind(), ErrorKind::InvalidSchema);
    }
    auto r = Schema::compile(json(R"({"properties": {"a": {"$ref": "#/nope"}}})"));
    ASSERT_FALSE(r);
    EXPECT_THAT(r.error().message(), HasSubstr("#/properties/a"));
}

TEST(SchemaRefs, SuppliedDocumentsResolveByUri) {
    SchemaCompileOptions o;
    o.documents.emplace_back("https://example.com/common.json",
                             json(R"({"$defs": {"qty": {"type": "integer", "maximum": 255}}, "$anchor": "top"})"));
    auto s = Schema::compile(json(R"({"properties": {"q": {"$ref": "https://example.com/common.json#/$defs/qty"}}})"), o);
    ASSERT_TRUE(s) << s.error();
    const auto r = s->validate(json(R"({"q": 300})"));
    ASSERT_EQ(r.violations.size(), 1u);
    EXPECT_EQ(to_string(r.violations[0]), "$.q: expected a value <= 255, got 300");
    EXPECT_EQ(r.violations[0].schema_path, "https://example.com/common.json#/$defs/qty/maximum");
    // Relative to the schema's own $id, and by anchor.
    auto rel = Schema::compile(json(R"({"$id": "https://example.com/main.json", "$ref": "common.json#top"})"), o);
    ASSERT_TRUE(rel) << rel.error();
    EXPECT_TRUE(rel->is_valid(json("1")));
}
