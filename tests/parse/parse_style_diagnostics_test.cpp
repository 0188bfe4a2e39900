// Style repairs (is_style_repair()): the sites of one kind are one diagnostic with their count,
// at the first site; ParseOptions::diagnostics_per_site keeps one per site; local repairs are
// always one per site.

#include "parse_support.hpp"

#include <laminate/parse.hpp>

#include <gtest/gtest.h>

#include <string>

namespace laminate {
namespace {

// A Python dict repr of ten members, each value a list of a string and a Python literal:
// {'k0': ['v0', True], 'k1': ['v1', None], ...}: 20 single-quoted strings, 10 literals.
std::string python_dict() {
    std::string text = "{";
    for (int i = 0; i < 10; ++i) {
        if (i) text += ", ";
        const std::string n = std::to_string(i);
        text += "'k" + n + "': ['v" + n + "', " + (i % 2 ? "None" : "True") + "]";
    }
    text += "}";
    return text;
}

std::size_t sites(const Diagnostics& ds) {
    std::size_t n = 0;
    for (const auto& d : ds) n += d.count;
    return n;
}

TEST(ParseStyleDiagnostics, APythonDictIsOneDiagnosticPerStyle) {
    const std::string text = python_dict();
    auto r = parse(text);
    ASSERT_TRUE(r) << r.error();
    const auto& ds = r->diagnostics;
    ASSERT_EQ(ds.size(), 2u) << test::describe(ds);

    const auto quotes = test::repairs_of(ds, RepairKind::SingleQuotes);
    ASSERT_EQ(quotes.size(), 1u);
    EXPECT_EQ(quotes[0].count, 20u);
    EXPECT_EQ(quotes[0].offset, 1u); // the first key's quote
    EXPECT_EQ(quotes[0].path, "k0");
    EXPECT_EQ(quotes[0].risk, Risk::Warning);
    EXPECT_EQ(quotes[0].message, "replaced quotes");
    EXPECT_EQ(quotes[0].to_string(),
              "[warning] $.k0: replaced quotes (single_quotes, 20 sites, first at offset 1)");

    const auto literals = test::repairs_of(ds, RepairKind::PythonLiteral);
    ASSERT_EQ(literals.size(), 1u);
    EXPECT_EQ(literals[0].count, 10u);
    EXPECT_EQ(literals[0].offset, text.find("True"));
    EXPECT_EQ(literals[0].path, "k0[1]");
    EXPECT_EQ(literals[0].message, "mapped literal");

    // In offset order, as every list is.
    EXPECT_LT(ds[0].offset, ds[1].offset);
    EXPECT_EQ(r->value["k9"][0].as_string(), "v9");
    EXPECT_TRUE(r->value["k9"][1].is_null());
}

TEST(ParseStyleDiagnostics, PerSiteKeepsOneDiagnosticPerSite) {
    const std::string text = python_dict();
    auto merged = parse(text);
    auto each = parse(text, test::per_site());
    ASSERT_TRUE(merged) << merged.error();
    ASSERT_TRUE(each) << each.error();
    EXPECT_EQ(each->value, merged->value);
    const auto& ds = each->diagnostics;
    ASSERT_EQ(ds.size(), 30u) << test::describe(ds);
    EXPECT_EQ(sites(merged->diagnostics), ds.size());
    const auto quotes = test::repairs_of(ds, RepairKind::SingleQuotes);
    ASSERT_EQ(quotes.size(), 20u);
    EXPECT_EQ(test::repairs_of(ds, RepairKind::PythonLiteral).size(), 10u);
    for (std::size_t i = 0; i < ds.size(); ++i) {
        EXPECT_EQ(ds[i].count, 1u);
        EXPECT_EQ(ds[i].to_string().find("sites"), std::string::npos) << ds[i];
        if (i) {
            EXPECT_LT(ds[i - 1].offset, ds[i].offset);
        }
    }
    // The merged diagnostic is the first of these, with their number.
    EXPECT_EQ(quotes[0].offset, 1u);
    EXPECT_EQ(quotes[0].path, "k0");
    EXPECT_EQ(quotes[1].path, "k0[0]");
    EXPECT_EQ(quotes.back().path, "k9[0]");
}

TEST(ParseStyleDiagnostics, OneSiteIsACountOfOne) {
    const std::string text = R"({"a": 1, b: 2, "c": 3})";
    auto r = parse(text);
    ASSERT_TRUE(r) << r.error();
    ASSERT_EQ(r->diagnostics.size(), 1u) << test::describe(r->diagnostics);
    const Diagnostic& d = r->diagnostics[0];
    EXPECT_EQ(d.repair, RepairKind::UnquotedKey);
    EXPECT_EQ(d.count, 1u);
    EXPECT_EQ(d.offset, text.find('b'));
    EXPECT_EQ(d.path, "b");
    EXPECT_EQ(d.to_string(), "[warning] $.b: quoted key (unquoted_key, offset 9)");
}

TEST(ParseStyleDiagnostics, LocalRepairsStayPerSite) {
    // Missing commas, unescaped quotes and invalid escapes are guesses about one place each.
    const std::string commas = R"({"a": 1 "b": 2 "c": 3})";
    auto r = parse(commas);
    ASSERT_TRUE(r) << r.error();
    const auto missing = test::repairs_of(r->diagnostics, RepairKind::MissingComma);
    ASSERT_EQ(missing.size(), 2u) << test::describe(r->diagnostics);
    EXPECT_EQ(missing[0].count, 1u);
    EXPECT_EQ(missing[1].count, 1u);
    EXPECT_LT(missing[0].offset, missing[1].offset);

    auto escapes = parse(R"({"a": "x\q", "b": "y\q"})");
    ASSERT_TRUE(escapes) << escapes.error();
    EXPECT_EQ(test::repairs_of(escapes->diagnostics, RepairKind::InvalidEscape).size(), 2u)
        << test::describe(escapes->diagnostics);

    auto quotes = parse(R"({"a": "say "hi" now", "b": "say "bye" now"})");
    ASSERT_TRUE(quotes) << quotes.error();
    const auto unescaped = test::repairs_of(quotes->diagnostics, RepairKind::UnescapedQuote);
    EXPECT_GE(unescaped.size(), 2u) << test::describe(quotes->diagnostics);
    for (const auto& d : unescaped) EXPECT_EQ(d.count, 1u);

    // A style repair next to them is still merged.
    auto mixed = parse("{a: 1 b: 2 c: 3}");
    ASSERT_TRUE(mixed) << mixed.error();
    EXPECT_EQ(test::repairs_of(mixed->diagnostics, RepairKind::MissingComma).size(), 2u);
    const auto keys = test::repairs_of(mixed->diagnostics, RepairKind::UnquotedKey);
    ASSERT_EQ(keys.size(), 1u);
    EXPECT_EQ(keys[0].count, 3u);
    EXPECT_EQ(keys[0].offset, 1u);
}

TEST(ParseStyleDiagnostics, TheFirstSiteNamesTheDiagnostic) {
    // The first site is the lowest offset, wherever it is nested; each kind counts its own sites.
    const std::string text = R"({"x": {"y": [1, 'a']}, z: 'b', w: 'c'})";
    auto r = parse(text);
    ASSERT_TRUE(r) << r.error();
    const auto& ds = r->diagnostics;
    ASSERT_EQ(ds.size(), 2u) << test::describe(ds);
    EXPECT_EQ(ds[0].repair, RepairKind::SingleQuotes);
    EXPECT_EQ(ds[0].offset, text.find("'a'"));
    EXPECT_EQ(ds[0].path, "x.y[1]");
    EXPECT_EQ(ds[0].count, 3u);
    EXPECT_EQ(ds[1].repair, RepairKind::UnquotedKey);
    EXPECT_EQ(ds[1].offset, text.find("z:"));
    EXPECT_EQ(ds[1].path, "z");
    EXPECT_EQ(ds[1].count, 2u);
}

TEST(ParseStyleDiagnostics, SmartQuotesCommentsAndTrailingCommas) {
    auto smart = parse("{\u201ca\u201d: \u201cb\u201d, \u201cc\u201d: \u201cd\u201d}");
    ASSERT_TRUE(smart) << smart.error();
    ASSERT_EQ(smart->diagnostics.size(), 1u) << test::describe(smart->diagnostics);
    EXPECT_EQ(smart->diagnostics[0].repair, RepairKind::SmartQuotes);
    EXPECT_EQ(smart->diagnostics[0].count, 4u);
    EXPECT_EQ(smart->diagnostics[0].offset, 1u);

    // JSON with comments, written with trailing commas throughout.
    const std::string jsonc = "{\n  // one\n  \"a\": [1, 2,],\n  // two\n  \"b\": {\"c\": 3,},\n}";
    auto r = parse(jsonc);
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(r->value, test::json(R"({"a": [1, 2], "b": {"c": 3}})"));
    const auto comments = test::repairs_of(r->diagnostics, RepairKind::Comment);
    ASSERT_EQ(comments.size(), 1u) << test::describe(r->diagnostics);
    EXPECT_EQ(comments[0].count, 2u);
    EXPECT_EQ(comments[0].offset, jsonc.find("//"));
    const auto commas = test::repairs_of(r->diagnostics, RepairKind::TrailingComma);
    ASSERT_EQ(commas.size(), 1u) << test::describe(r->diagnostics);
    EXPECT_EQ(commas[0].count, 3u);
    EXPECT_EQ(commas[0].offset, jsonc.find(",]"));
    EXPECT_EQ(commas[0].path, "a");
}

TEST(ParseStyleDiagnostics, MaxRepairsCountsSites) {
    const std::string text = python_dict();
    ParseOptions o;
    o.max_repairs = 30;
    auto r = parse(text, o);
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(r->diagnostics.size(), 2u);
    o.max_repairs = 29;
    auto over = parse(text, o);
    ASSERT_FALSE(over);
    EXPECT_EQ(over.error().kind(), ErrorKind::TooManyRepairs);
}

TEST(ParseStyleDiagnostics, StringsReadAgainDropTheirSites) {
    // The first reading of the unclosed string notes a site that the second reading drops: the
    // count is of the sites that stay.
    const std::string text = "{'a': 'x', \"b\": \"y, 'c': 'z'}";
    auto each = parse(text, test::per_site());
    auto merged = parse(text);
    ASSERT_TRUE(each) << each.error();
    ASSERT_TRUE(merged) << merged.error();
    EXPECT_EQ(each->value, merged->value);
    EXPECT_EQ(sites(merged->diagnostics), each->diagnostics.size());
    const auto quotes = test::repairs_of(merged->diagnostics, RepairKind::SingleQuotes);
    ASSERT_EQ(quotes.size(), 1u);
    EXPECT_EQ(quotes[0].count, test::repairs_of(each->diagnostics, RepairKind::SingleQuotes).size());
}

} // namespace
} // namespace laminate
