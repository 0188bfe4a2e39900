// Structural repairs: commas, colons, missing values, placeholders and brackets. Each one is a
// Repaired diagnostic with its kind, the byte offset of what was repaired, and Risk::Warning.

#include "parse_support.hpp"

namespace laminate {
namespace {

using test::expect_repair;

TEST(ParseStructure, TrailingCommas) {
    expect_repair("[1,2,3,]", "[1,2,3]", RepairKind::TrailingComma, 6);
    expect_repair("[1,2,3,\n]", "[1,2,3]", RepairKind::TrailingComma, 6);
    expect_repair(R"({"a":2,})", R"({"a":2})", RepairKind::TrailingComma, 6);
    expect_repair(R"({"a":2  ,  })", R"({"a":2})", RepairKind::TrailingComma, 8);
    expect_repair(R"({"a":[1,2,],})", R"({"a":[1,2]})", RepairKind::TrailingComma, 9);
    expect_repair("[1,2,3,/*foo*/]", "[1,2,3]", RepairKind::TrailingComma, 6);
    // After the document.
    expect_repair("4,", "4", RepairKind::TrailingComma, 1);
    expect_repair("[1,2],", "[1,2]", RepairKind::TrailingComma, 5);
    // Inside a string, a comma is text.
    expect_repair(R"(["[1,2,]",])", R"(["[1,2,]"])", RepairKind::TrailingComma, 9);
}

TEST(ParseStructure, LeadingAndRedundantCommas) {
    expect_repair("[,1,2]", "[1,2]", RepairKind::LeadingComma, 1);
    expect_repair(R"({,"a":1})", R"({"a":1})", RepairKind::LeadingComma, 1);
    expect_repair("[/* a */,/* b */1]", "[1]", RepairKind::LeadingComma, 8);
    expect_repair("[1,,2]", "[1,2]", RepairKind::LeadingComma, 3);
    expect_repair(R"({"a":1,,"b":2})", R"({"a":1,"b":2})", RepairKind::LeadingComma, 7);
}

TEST(ParseStructure, MissingCommas) {
    auto ds = expect_repair("[1 2 3]", "[1,2,3]", RepairKind::MissingComma, 3);
    EXPECT_EQ(test::repairs_of(ds, RepairKind::MissingComma).size(), 2u);
    expect_repair(R"([{}{}])", "[{},{}]", RepairKind::MissingComma, 3);
    expect_repair("[\"a\"\n\"b\"]", R"(["a","b"])", RepairKind::MissingComma, 5);
    expect_repair("[\"a\" 2]", R"(["a",2])", RepairKind::MissingComma, 5);
    expect_repair("[\"a\" true]", R"(["a",true])", RepairKind::MissingComma, 5);
    expect_repair("{\"a\":2\n\"b\":3}", R"({"a":2,"b":3})", RepairKind::MissingComma, 7);
    expect_repair("{\"a\":\"x\" \"b\":3}", R"({"a":"x","b":3})", RepairKind::MissingComma, 9);
    expect_repair("{\n  \"first\": \"John\"\n  last: \"Smith\"}",
                  R"({"first":"John","last":"Smith"})", RepairKind::MissingComma, 22);
}

TEST(ParseStructure, MissingColon) {
    expect_repair(R"({"a" 2})", R"({"a":2})", RepairKind::MissingColon, 5);
    expect_repair(R"({"a"2})", R"({"a":2})", RepairKind::MissingColon, 4);
    expect_repair(R"({"a" "b"})", R"({"a":"b"})", RepairKind::MissingColon, 5);
    expect_repair(R"({"a" true})", R"({"a":true})", RepairKind::MissingColon, 5);
    expect_repair(R"({"a" {"b": 1}})", R"({"a":{"b":1}})", RepairKind::MissingColon, 5);
    expect_repair(R"({a 'b'})", R"({"a":"b"})", RepairKind::MissingColon, 3);
}

TEST(ParseStructure, FullWidthColon) {
    // U+FF1A, as CJK text writes a colon: it was read as the start of the text "：1".
    auto ds = expect_repair("{\"a\"\xEF\xBC\x9A" "1}", R"({"a":1})", RepairKind::MissingColon, 4);
    EXPECT_EQ(test::repairs_of(ds, RepairKind::MissingColon)[0].message, "replaced colon");
    expect_repair("{\"a\" \xEF\xBC\x9A \"x\", \"b\"\xEF\xBC\x9A" "2}", R"({"a":"x","b":2})",
                  RepairKind::MissingColon, 5);
    expect_repair("{a\xEF\xBC\x9A" "1}", R"({"a":1})", RepairKind::MissingColon, 2);
    // Inside a string it is text.
    auto r = parse("{\"a\": \"x\xEF\xBC\x9A" "1\"}");
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(r->value, test::json("{\"a\": \"x\xEF\xBC\x9A" "1\"}"));
    EXPECT_TRUE(r->diagnostics.empty());
}

TEST(ParseStructure, MissingColonBeforeNothingIsAnError) {
    test::expect_error(R"({"a",)", ErrorKind::InvalidJson, 4);
    test::expect_error(R"({"a" ])", ErrorKind::InvalidJson, 5);
    test::expect_error(R"({:2})", ErrorKind::InvalidJson, 1);
}

TEST(ParseStructure, MissingValues) {
    expect_repair(R"({"a":})", R"({"a":null})", RepairKind::MissingValue, 5);
    expect_repair(R"({"a":,"b":2})", R"({"a":null,"b":2})", RepairKind::MissingValue, 5);
    expect_repair(R"({"a": ]})", R"({"a":null})", RepairKind::MissingValue, 6);
}

TEST(ParseStructure, Ellipsis) {
    expect_repair("[1,2,3,...]", "[1,2,3]", RepairKind::Ellipsis, 7);
    expect_repair("[1, 2, 3, ... ]", "[1,2,3]", RepairKind::Ellipsis, 10);
    expect_repair("[...,7,8]", "[7,8]", RepairKind::Ellipsis, 1);
    expect_repair("[...]", "[]", RepairKind::Ellipsis, 1);
    expect_repair(R"({"a":2,...,"z":26})", R"({"a":2,"z":26})", RepairKind::Ellipsis, 7);
    expect_repair("{...}", "{}", RepairKind::Ellipsis, 1);
    expect_repair(R"({"a": ...})", R"({"a":null})", RepairKind::Ellipsis, 6);
    expect_repair("[1,2,3,/*c1*/.../*c2*/]", "[1,2,3]", RepairKind::Ellipsis, 13);
    // The one-character ellipsis, as models often write it.
    expect_repair("[1, 2, \u2026]", "[1,2]", RepairKind::Ellipsis, 7);
    expect_repair("{\"a\": 1, \u2026}", R"({"a":1})", RepairKind::Ellipsis, 9);
    auto r = parse(R"(["\u2026", "x\u2026"])");
    ASSERT_TRUE(r) << r.error();
    EXPECT_TRUE(r->diagnostics.empty()); // inside strings it is text
}

TEST(ParseStructure, AWordGluedToAnEllipsisIsAnError) {
    // The ellipsis leaves no value behind it: what follows has nothing to be compared with.
    test::expect_error("[...abc]", ErrorKind::InvalidJson, 4);
    test::expect_error("[\u2026abc]", ErrorKind::InvalidJson, 4);
    expect_repair("[... 1]", "[1]", RepairKind::Ellipsis, 1);
}

TEST(ParseStructure, MissingAndMismatchedClosers) {
    // The closer of an outer container: the inner one lost its own.
    expect_repair(R"([{"b":2])", R"([{"b":2}])", RepairKind::MissingCloser, 7);
    expect_repair(R"({"a": 1, "b": [})", R"({"a":1,"b":[]})", RepairKind::MissingCloser, 15);
    // A closer nobody expects stands in for the innermost one.
    expect_repair(R"({"a":2])", R"({"a":2})", RepairKind::MissingCloser, 6);
    expect_repair("[1,[}]", "[1,[]]", RepairKind::MissingCloser, 4);
    expect_repair("[}", "[]", RepairKind::MissingCloser, 1);
    expect_repair("{]", "{}", RepairKind::MissingCloser, 1);
    // An object followed by the next element of its array.
    auto ds =
        expect_repair(R"([{"i":1{"i":2}])", R"([{"i":1},{"i":2}])", RepairKind::MissingCloser, 7);
    EXPECT_TRUE(test::has_repair(ds, RepairKind::MissingComma));
    ds =
        expect_repair(R"([{"i":1,{"i":2}])", R"([{"i":1},{"i":2}])", RepairKind::MissingCloser, 8);
    EXPECT_TRUE(test::has_repair(ds, RepairKind::TrailingComma));
    expect_repair("[{{]", "[{},{}]", RepairKind::MissingCloser, 2);
}

TEST(ParseStructure, RedundantClosers) {
    expect_repair(R"({"a": 1}})", R"({"a":1})", RepairKind::RedundantCloser, 8);
    auto ds = expect_repair(R"({"a": 1}}]})", R"({"a":1})", RepairKind::RedundantCloser, 10);
    EXPECT_EQ(test::repairs_of(ds, RepairKind::RedundantCloser).size(), 3u);
    expect_repair("[1]]", "[1]", RepairKind::RedundantCloser, 3);
}

TEST(ParseStructure, DiagnosticsNameTheContainerOrTheValue) {
    auto r = parse(R"({"list": [1, 2,], "obj": {"x": tRuE, "y": 'z'}})");
    ASSERT_TRUE(r) << r.error();
    const auto trailing = test::repairs_of(r->diagnostics, RepairKind::TrailingComma);
    ASSERT_EQ(trailing.size(), 1u);
    EXPECT_EQ(trailing[0].path, "list");
    const auto unquoted = test::repairs_of(r->diagnostics, RepairKind::UnquotedString);
    ASSERT_EQ(unquoted.size(), 1u);
    EXPECT_EQ(unquoted[0].path, "obj.x");
    const auto single = test::repairs_of(r->diagnostics, RepairKind::SingleQuotes);
    ASSERT_EQ(single.size(), 1u);
    EXPECT_EQ(single[0].path, "obj.y");
}

TEST(ParseStructure, SyntaxRepairsAreWarnings) {
    auto r = parse("{a: 'b', c: [1 2,], // note\n d: True}");
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(r->value, test::json(R"({"a":"b","c":[1,2],"d":true})"));
    // Eight sites; the three unquoted keys are one diagnostic (a style repair).
    ASSERT_GE(r->diagnostics.size(), 6u);
    std::size_t sites = 0;
    for (const auto& d : r->diagnostics) sites += d.count;
    EXPECT_EQ(sites, 8u);
    for (const auto& d : r->diagnostics) {
        EXPECT_EQ(d.kind, DiagnosticKind::Repaired);
        EXPECT_EQ(d.risk, Risk::Warning) << d;
        EXPECT_FALSE(d.message.empty());
    }
    EXPECT_EQ(max_risk(r->diagnostics), Risk::Warning);
}

} // namespace
} // namespace laminate
