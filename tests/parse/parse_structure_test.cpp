// Structural repairs: commas, colons, missing values, placeholders and brackets. Each one is a
// Repaired diagnostic with its kind, the byte offset of what was repaired, and Risk::Warning.

#include "parse_support.hpp"

namespace laminate {
namespace {

using test::expect_repair;

TEST(ParseStructure, TrailingCommas) {
    expect_repair("[1,2,3,]", "[1,2,3]", RepairKind::trailing_comma, 6);
    expect_repair("[1,2,3,\n]", "[1,2,3]", RepairKind::trailing_comma, 6);
    expect_repair(R"({"a":2,})", R"({"a":2})", RepairKind::trailing_comma, 6);
    expect_repair(R"({"a":2  ,  })", R"({"a":2})", RepairKind::trailing_comma, 8);
    expect_repair(R"({"a":[1,2,],})", R"({"a":[1,2]})", RepairKind::trailing_comma, 9);
    expect_repair("[1,2,3,/*foo*/]", "[1,2,3]", RepairKind::trailing_comma, 6);
    // After the document.
    expect_repair("4,", "4", RepairKind::trailing_comma, 1);
    expect_repair("[1,2],", "[1,2]", RepairKind::trailing_comma, 5);
    // Inside a string, a comma is text.
    expect_repair(R"(["[1,2,]",])", R"(["[1,2,]"])", RepairKind::trailing_comma, 9);
}

TEST(ParseStructure, LeadingAndRedundantCommas) {
    expect_repair("[,1,2]", "[1,2]", RepairKind::leading_comma, 1);
    expect_repair(R"({,"a":1})", R"({"a":1})", RepairKind::leading_comma, 1);
    expect_repair("[/* a */,/* b */1]", "[1]", RepairKind::leading_comma, 8);
    expect_repair("[1,,2]", "[1,2]", RepairKind::leading_comma, 3);
    expect_repair(R"({"a":1,,"b":2})", R"({"a":1,"b":2})", RepairKind::leading_comma, 7);
}

TEST(ParseStructure, MissingCommas) {
    auto ds = expect_repair("[1 2 3]", "[1,2,3]", RepairKind::missing_comma, 3);
    EXPECT_EQ(test::repairs_of(ds, RepairKind::missing_comma).size(), 2u);
    expect_repair(R"([{}{}])", "[{},{}]", RepairKind::missing_comma, 3);
    expect_repair("[\"a\"\n\"b\"]", R"(["a","b"])", RepairKind::missing_comma, 5);
    expect_repair("[\"a\" 2]", R"(["a",2])", RepairKind::missing_comma, 5);
    expect_repair("[\"a\" true]", R"(["a",true])", RepairKind::missing_comma, 5);
    expect_repair("{\"a\":2\n\"b\":3}", R"({"a":2,"b":3})", RepairKind::missing_comma, 7);
    expect_repair("{\"a\":\"x\" \"b\":3}", R"({"a":"x","b":3})", RepairKind::missing_comma, 9);
    expect_repair("{\n  \"first\": \"John\"\n  last: \"Smith\"}",
                  R"({"first":"John","last":"Smith"})", RepairKind::missing_comma, 22);
}

TEST(ParseStructure, MissingColon) {
    expect_repair(R"({"a" 2})", R"({"a":2})", RepairKind::missing_colon, 5);
    expect_repair(R"({"a"2})", R"({"a":2})", RepairKind::missing_colon, 4);
    expect_repair(R"({"a" "b"})", R"({"a":"b"})", RepairKind::missing_colon, 5);
    expect_repair(R"({"a" true})", R"({"a":true})", RepairKind::missing_colon, 5);
    expect_repair(R"({"a" {"b": 1}})", R"({"a":{"b":1}})", RepairKind::missing_colon, 5);
    expect_repair(R"({a 'b'})", R"({"a":"b"})", RepairKind::missing_colon, 3);
}

TEST(ParseStructure, MissingColonBeforeNothingIsAnError) {
    test::expect_error(R"({"a",)", ErrorKind::invalid_json, 4);
    test::expect_error(R"({"a" ])", ErrorKind::invalid_json, 5);
    test::expect_error(R"({:2})", ErrorKind::invalid_json, 1);
}

TEST(ParseStructure, MissingValues) {
    expect_repair(R"({"a":})", R"({"a":null})", RepairKind::missing_value, 5);
    expect_repair(R"({"a":,"b":2})", R"({"a":null,"b":2})", RepairKind::missing_value, 5);
    expect_repair(R"({"a": ]})", R"({"a":null})", RepairKind::missing_value, 6);
}

TEST(ParseStructure, Ellipsis) {
    expect_repair("[1,2,3,...]", "[1,2,3]", RepairKind::ellipsis, 7);
    expect_repair("[1, 2, 3, ... ]", "[1,2,3]", RepairKind::ellipsis, 10);
    expect_repair("[...,7,8]", "[7,8]", RepairKind::ellipsis, 1);
    expect_repair("[...]", "[]", RepairKind::ellipsis, 1);
    expect_repair(R"({"a":2,...,"z":26})", R"({"a":2,"z":26})", RepairKind::ellipsis, 7);
    expect_repair("{...}", "{}", RepairKind::ellipsis, 1);
    expect_repair(R"({"a": ...})", R"({"a":null})", RepairKind::ellipsis, 6);
    expect_repair("[1,2,3,/*c1*/.../*c2*/]", "[1,2,3]", RepairKind::ellipsis, 13);
}

TEST(ParseStructure, MissingAndMismatchedClosers) {
    // The closer of an outer container: the inner one lost its own.
    expect_repair(R"([{"b":2])", R"([{"b":2}])", RepairKind::missing_closer, 7);
    expect_repair(R"({"a": 1, "b": [})", R"({"a":1,"b":[]})", RepairKind::missing_closer, 15);
    // A closer nobody expects stands in for the innermost one.
    expect_repair(R"({"a":2])", R"({"a":2})", RepairKind::missing_closer, 6);
    expect_repair("[1,[}]", "[1,[]]", RepairKind::missing_closer, 4);
    expect_repair("[}", "[]", RepairKind::missing_closer, 1);
    expect_repair("{]", "{}", RepairKind::missing_closer, 1);
    // An object followed by the next element of its array.
    auto ds =
        expect_repair(R"([{"i":1{"i":2}])", R"([{"i":1},{"i":2}])", RepairKind::missing_closer, 7);
    EXPECT_TRUE(test::has_repair(ds, RepairKind::missing_comma));
    ds =
        expect_repair(R"([{"i":1,{"i":2}])", R"([{"i":1},{"i":2}])", RepairKind::missing_closer, 8);
    EXPECT_TRUE(test::has_repair(ds, RepairKind::trailing_comma));
    expect_repair("[{{]", "[{},{}]", RepairKind::missing_closer, 2);
}

TEST(ParseStructure, RedundantClosers) {
    expect_repair(R"({"a": 1}})", R"({"a":1})", RepairKind::redundant_closer, 8);
    auto ds = expect_repair(R"({"a": 1}}]})", R"({"a":1})", RepairKind::redundant_closer, 10);
    EXPECT_EQ(test::repairs_of(ds, RepairKind::redundant_closer).size(), 3u);
    expect_repair("[1]]", "[1]", RepairKind::redundant_closer, 3);
}

TEST(ParseStructure, DiagnosticsNameTheContainerOrTheValue) {
    auto r = parse(R"({"list": [1, 2,], "obj": {"x": tRuE, "y": 'z'}})");
    ASSERT_TRUE(r) << r.error();
    const auto trailing = test::repairs_of(r->diagnostics, RepairKind::trailing_comma);
    ASSERT_EQ(trailing.size(), 1u);
    EXPECT_EQ(trailing[0].path, "list");
    const auto unquoted = test::repairs_of(r->diagnostics, RepairKind::unquoted_string);
    ASSERT_EQ(unquoted.size(), 1u);
    EXPECT_EQ(unquoted[0].path, "obj.x");
    const auto single = test::repairs_of(r->diagnostics, RepairKind::single_quotes);
    ASSERT_EQ(single.size(), 1u);
    EXPECT_EQ(single[0].path, "obj.y");
}

TEST(ParseStructure, SyntaxRepairsAreWarnings) {
    auto r = parse("{a: 'b', c: [1 2,], // note\n d: True}");
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(r->value, test::json(R"({"a":"b","c":[1,2],"d":true})"));
    ASSERT_GE(r->diagnostics.size(), 7u);
    for (const auto& d : r->diagnostics) {
        EXPECT_EQ(d.kind, DiagnosticKind::Repaired);
        EXPECT_EQ(d.risk, Risk::Warning) << d;
        EXPECT_FALSE(d.message.empty());
    }
    EXPECT_EQ(max_risk(r->diagnostics), Risk::Warning);
}

} // namespace
} // namespace laminate
