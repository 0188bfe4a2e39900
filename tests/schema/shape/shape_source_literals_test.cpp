// Java / JavaScript type names and source literals in strings (BFCL's java and javascript categories).
#include "schema/schema_test_util.hpp"

#include "schema/shape/source_literal.hpp"

using namespace laminate;
using namespace schema_test;
using laminate::schema_detail::read_source_literal;

TEST(SourceLiteral, JavaAndJavaScriptLiterals) {
    EXPECT_EQ(*read_source_literal("true"), Value(true));
    EXPECT_EQ(*read_source_literal(" 42L "), Value(42));
    EXPECT_EQ(*read_source_literal("3.5f"), Value(3.5));
    EXPECT_EQ(*read_source_literal("-.5"), Value(-0.5));
    EXPECT_EQ(*read_source_literal("'c'"), Value("c"));
    EXPECT_EQ(*read_source_literal("\"a \\\"b\\\"\""), Value("a \"b\""));
    EXPECT_EQ(*read_source_literal("new ArrayList<>(Arrays.asList(\"a\", \"b\"))"), json(R"(["a","b"])"));
    EXPECT_EQ(*read_source_literal("Arrays.asList(1, 2, 3)"), json("[1,2,3]"));
    EXPECT_EQ(*read_source_literal("new int[]{1, 2}"), json("[1,2]"));
    EXPECT_EQ(*read_source_literal("new String[][]{{\"a\"}, {}}"), json(R"([["a"],[]])"));
    EXPECT_EQ(*read_source_literal("List.of(101L, 202L)"), json("[101,202]"));
    EXPECT_EQ(*read_source_literal("Map.of(\"k\", 1, \"j\", true)"), json(R"({"k":1,"j":true})"));
    EXPECT_EQ(*read_source_literal("new HashMap<String, Integer>() {{ put(\"limit\", 50); put(\"x\", 2); }}"),
              json(R"({"limit":50,"x":2})"));
    EXPECT_EQ(*read_source_literal("new HashMap<>()"), json("{}"));
    EXPECT_EQ(*read_source_literal("new ArrayList<>()"), json("[]"));
    EXPECT_EQ(*read_source_literal("[1, 'two', {a: 3}]"), json(R"([1,"two",{"a":3}])"));
    EXPECT_EQ(*read_source_literal("{method: 'GET', 'retries': 2,}"), json(R"({"method":"GET","retries":2})"));
    EXPECT_EQ(*read_source_literal("Integer.valueOf(7)"), Value(7));
}

TEST(SourceLiteral, ExpressionsAreNoLiterals) {
    for (const char* e : {"userList", "mapController", "ResultSet.TYPE_SCROLL_INSENSITIVE", "foo(1)", "new Foo(a, b)",
                          "[a, b]", "1 + 2", "new int[3]", "", "\"unterminated", "Arrays.asList(x)", ".", "-", "+e"})
        EXPECT_FALSE(read_source_literal(e)) << e;
}

TEST(SourceLiteral, DeepNestingIsBounded) {
    std::string deep(5000, '[');
    EXPECT_FALSE(read_source_literal(deep));
}

TEST(SchemaSourceLiteral, JavaTypedFieldsReadLiterals) {
    const char* schema = R"({"type":"dict","properties":{
        "useShortName":{"type":"boolean"},
        "ids":{"type":"ArrayList","items":{"type":"long"}},
        "params":{"type":"HashMap"},
        "count":{"type":"int"},
        "name":{"type":"String"}},
      "required":["useShortName","ids"]})";
    auto s = Schema::compile_json(schema, SchemaCompileOptions{.source_literals = true});
    ASSERT_TRUE(s);
    auto r = s->from_json(R"j({"useShortName":"true","ids":"new ArrayList<>(Arrays.asList(101L, 202L))",
                            "params":"new HashMap<>() {{ put(\"limit\", 50); }}","count":"3","name":"Ann"})j");
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(r->value, json(R"({"useShortName":true,"ids":[101,202],"params":{"limit":50},"count":3,"name":"Ann"})"));
    EXPECT_TRUE(has_diagnostic(r->diagnostics, DiagnosticKind::Coerced, "ids"));
    // Typed JSON values are taken as they are.
    auto typed = s->from_json(R"({"useShortName":true,"ids":[1,2]})", ShapeOptions{.mode = Mode::Strict});
    ASSERT_TRUE(typed) << typed.error();
    EXPECT_TRUE(typed->diagnostics.empty());
}

TEST(SchemaSourceLiteral, ExpressionsAreKeptWithAWarning) {
    auto s = compiled(R"({"type":"dict","properties":{"list":{"type":"Array","items":{"type":"String"}}}})");
    auto r = s.from_json(R"({"list":"userNames"})");
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(r->value["list"], Value("userNames"));
    EXPECT_EQ(max_risk(r->diagnostics), Risk::Warning);
}

TEST(SchemaSourceLiteral, JavaIntRangeApplies) {
    auto r = shape_text(R"({"type":"int"})", "3000000000");
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().kind(), ErrorKind::OutOfRange);
    EXPECT_TRUE(shape_text(R"({"type":"long"})", "3000000000"));
    EXPECT_TRUE(shape_text(R"({"type":"String[]"})", R"(["a"])"));
    EXPECT_TRUE(shape_text(R"({"type":"List<Integer>"})", "[1]"));
}

TEST(SchemaSourceLiteral, OffWithoutTheOptionForJsonTypes) {
    // "boolean" is also JSON Schema's name: without the option "true" is a StringCoercion.
    auto r = shape_text(R"({"type":"array","items":{"type":"integer"}})", R"("[1, 2]")");
    ASSERT_TRUE(r);
    EXPECT_EQ(r->value, json("[1,2]"));
    EXPECT_FALSE(shape_text(R"({"type":"array","items":{"type":"integer"}})", R"j("Arrays.asList(1)")j"));
}

TEST(SourceLiteral, NeverCrashesOnPrefixesOfLiterals) {
    const std::string text = "new HashMap<String, List<Integer>>() {{ put(\"k\", Arrays.asList(1, 2L, -3.5e2f)); }}";
    for (std::size_t n = 0; n <= text.size(); ++n) (void)read_source_literal(std::string_view(text).substr(0, n));
    EXPECT_EQ(*read_source_literal(text), json(R"({"k":[1,2,-350]})"));
}
