// Python's string prefixes, b'abc', r'C:\x', u'x', f'x', inside objects and arrays: the prefix
// goes (python_literal, a Warning) and the string is read; a raw string keeps its backslashes.

#include "parse_support.hpp"

namespace laminate {
namespace {

using test::expect_repair;

TEST(ParsePrefixedStrings, ThePrefixGoes) {
    expect_repair("{\"a\": b'abc'}", R"({"a": "abc"})", RepairKind::PythonLiteral, 6);
    expect_repair("{\"a\": u'x'}", R"({"a": "x"})", RepairKind::PythonLiteral, 6);
    expect_repair("{\"a\": f'x'}", R"({"a": "x"})", RepairKind::PythonLiteral, 6);
    expect_repair(R"({"a": B"q", "b": 1})", R"({"a": "q", "b": 1})", RepairKind::PythonLiteral, 6);
    auto ds = expect_repair("[b'abc', u'x', f'x']", R"(["abc", "x", "x"])",
                            RepairKind::PythonLiteral, 1);
    EXPECT_EQ(test::repairs_of(ds, RepairKind::PythonLiteral)[0].count, 3u);
    EXPECT_EQ(test::repairs_of(ds, RepairKind::PythonLiteral)[0].message, "removed prefix");
}

TEST(ParsePrefixedStrings, RawStringsKeepTheirBackslashes) {
    expect_repair(R"({"a": r'C:\x'})", R"({"a": "C:\\x"})", RepairKind::PythonLiteral, 6);
    expect_repair(R"({"a": r"C:\new"})", R"({"a": "C:\\new"})", RepairKind::PythonLiteral, 6);
    expect_repair(R"([rb'\d+', Rb'z'])", R"(["\\d+", "z"])", RepairKind::PythonLiteral, 1);
    // A backslash keeps the quote after it from ending the string, and stays.
    expect_repair(R"({"a": r'a\'b'})", R"({"a": "a\\'b"})", RepairKind::PythonLiteral, 6);
    auto r = parse(R"({"a": r'C:\x'})");
    ASSERT_TRUE(r) << r.error();
    EXPECT_FALSE(test::has_repair(r->diagnostics, RepairKind::InvalidEscape));
}

TEST(ParsePrefixedStrings, KeysOfAPython2Dict) {
    auto ds = expect_repair("{u'name': u'Ann', 'n': 1}", R"({"name": "Ann", "n": 1})",
                            RepairKind::PythonLiteral, 1);
    EXPECT_EQ(test::repairs_of(ds, RepairKind::PythonLiteral)[0].path, "name");
    EXPECT_FALSE(test::has_repair(ds, RepairKind::StrayText));
}

TEST(ParsePrefixedStrings, AnInterpolatingFStringIsAmbiguous) {
    auto r = parse("{\"a\": f'{name}'}");
    ASSERT_FALSE(r) << r->value.dump();
    EXPECT_EQ(r.error().kind(), ErrorKind::AmbiguousRepair);
    EXPECT_EQ(r.error().offset(), 6u);
    EXPECT_EQ(r.error().path(), "a");
}

TEST(ParsePrefixedStrings, ARawFStringThatInterpolatesIsAmbiguous) {
    for (const char* text : {R"({"a": rf'\d{3}'})", R"({"a": fr'{x}'})", R"([Rf"}"])", R"({fr'{k}': 1})"}) {
        SCOPED_TRACE(text);
        test::expect_error_kind(text, ErrorKind::AmbiguousRepair);
    }
    // Nothing to interpolate: read.
    expect_repair(R"({"a": rf'\d+'})", R"({"a": "\\d+"})", RepairKind::PythonLiteral, 6);
}

TEST(ParsePrefixedStrings, AdjacentStringsAfterAPrefixAreAmbiguous) {
    // Python joins them ("xy"); JSON would see two values that lost a comma. Read as before,
    // they were one unquoted text.
    for (const char* text : {"{\"a\": r'x' 'y'}", "[r'x' 'y']", "[b\"x\"\"y\"]", "{u'k' 'l': 1}"}) {
        SCOPED_TRACE(text);
        test::expect_error_kind(text, ErrorKind::AmbiguousRepair);
    }
    auto r = parse("{\"a\": r'x' 'y'}");
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().offset(), 11u);
    EXPECT_EQ(r.error().path(), "a");
}

TEST(ParsePrefixedStrings, ACppRawStringIsAmbiguous) {
    test::expect_error_kind(R"x({"a": R"(raw)"})x", ErrorKind::AmbiguousRepair);
}

TEST(ParsePrefixedStrings, OtherwiseTheTextIsReadAsBefore) {
    // No prefix Python knows, text after the string, or the whole document: unquoted text.
    for (const char* text : {"{\"a\": ub'x'}", "{\"a\": fb'x'}", "{\"a\": b'x' y}", "b'abc'"}) {
        SCOPED_TRACE(text);
        auto r = parse(text);
        ASSERT_TRUE(r) << r.error();
        EXPECT_TRUE(test::has_repair(r->diagnostics, RepairKind::UnquotedString));
        EXPECT_FALSE(test::has_repair(r->diagnostics, RepairKind::PythonLiteral));
    }
    EXPECT_FALSE(parse("{\"a\": b'x'}", test::strict()));
}

} // namespace
} // namespace laminate
