// Python sets: {'a', 'b'} (a set's repr, or a model imitating one) is an array of its elements,
// python_set (Warning) at the '{'. The reading is decided at the first element: a ',' instead of
// a ':' after it, and another element after the comma. One element stays a broken object, and a
// ':' after the set was chosen is an error.

#include "parse_support.hpp"

#include <string>

namespace laminate {
namespace {

using test::expect_repair;

std::vector<Diagnostic> sets(const Diagnostics& ds) {
    return test::repairs_of(ds, RepairKind::PythonSet);
}

TEST(ParsePythonSets, SingleAndDoubleQuotedElements) {
    auto ds = expect_repair("{'a', 'b'}", R"(["a", "b"])", RepairKind::PythonSet, 0);
    ASSERT_EQ(sets(ds).size(), 1u);
    EXPECT_EQ(sets(ds)[0].path, "");
    EXPECT_EQ(sets(ds)[0].risk, Risk::Warning);
    // The single quotes are still reported, once per document (a style repair).
    EXPECT_EQ(test::repairs_of(ds, RepairKind::SingleQuotes).size(), 1u);
    ds = expect_repair(R"({"key1", "key2", "key3"})", R"(["key1", "key2", "key3"])",
                       RepairKind::PythonSet, 0);
    EXPECT_EQ(ds.size(), 1u) << test::describe(ds);
    expect_repair(R"({"a" , "b"})", R"(["a", "b"])", RepairKind::PythonSet, 0);
    expect_repair("{\n  'x',\n  'y'\n}", R"(["x", "y"])", RepairKind::PythonSet, 0);
}

TEST(ParsePythonSets, NumbersAndMixedElements) {
    expect_repair("{1, 2, 3}", "[1, 2, 3]", RepairKind::PythonSet, 0);
    expect_repair("{-1.5, 2}", "[-1.5, 2]", RepairKind::PythonSet, 0);
}

// {"name", "John", "age", 30} is a dict whose colons became commas more often than a set: sets of
// names or of numbers hold one kind, and a set holding several kinds is no reading.
TEST(ParsePythonSets, ElementsOfDifferentKindsAreAnError) {
    test::expect_error("{'a', 2, None, True}", ErrorKind::AmbiguousRepair, 0);
    test::expect_error(R"({"name", "John", "age", 30})", ErrorKind::AmbiguousRepair, 0);
    test::expect_error(R"({"tags": {1, "x"}})", ErrorKind::AmbiguousRepair, 9);
    ParseOptions cut;
    cut.complete_truncated = true;
    test::expect_error(R"({"key", 105,12,)", ErrorKind::AmbiguousRepair, 0, cut);
}

TEST(ParsePythonSets, NestedInObjectsAndArrays) {
    auto ds = expect_repair(R"({"tags": {'a', 'b'}, "n": 1})", R"({"tags": ["a", "b"], "n": 1})",
                            RepairKind::PythonSet, 9);
    EXPECT_EQ(sets(ds)[0].path, "tags");
    ds = expect_repair(R"([1, {"x", "y"}])", R"([1, ["x", "y"]])", RepairKind::PythonSet, 4);
    EXPECT_EQ(sets(ds)[0].path, "[1]");
    ds = expect_repair(R"({"a": {"b": [{"p", "q"}, {"r", "s"}]}})",
                       R"({"a": {"b": [["p", "q"], ["r", "s"]]}})", RepairKind::PythonSet, 13);
    ASSERT_EQ(sets(ds).size(), 2u);
    EXPECT_EQ(sets(ds)[0].path, "a.b[0]");
    EXPECT_EQ(sets(ds)[1].path, "a.b[1]");
    EXPECT_EQ(sets(ds)[1].offset, 25u);
}

TEST(ParsePythonSets, ElementsAreNamedByIndex) {
    auto r = parse("{'a', 'b', 'c'}", test::per_site());
    ASSERT_TRUE(r) << r.error();
    const auto quotes = test::repairs_of(r->diagnostics, RepairKind::SingleQuotes);
    ASSERT_EQ(quotes.size(), 3u) << test::describe(r->diagnostics);
    EXPECT_EQ(quotes[0].path, "[0]");
    EXPECT_EQ(quotes[0].offset, 1u);
    EXPECT_EQ(quotes[2].path, "[2]");
    EXPECT_EQ(quotes[2].offset, 11u);
    // The first element was read as a key before the set was chosen: nothing of that remains.
    r = parse("{1, 2}", test::per_site());
    ASSERT_TRUE(r) << r.error();
    EXPECT_FALSE(test::has_repair(r->diagnostics, RepairKind::UnquotedKey))
        << test::describe(r->diagnostics);
    EXPECT_EQ(r->diagnostics.size(), 1u) << test::describe(r->diagnostics);
}

TEST(ParsePythonSets, TrailingCommaAndOtherRepairsInside) {
    expect_repair(R"({"a", "b", })", R"(["a", "b"])", RepairKind::TrailingComma, 9);
    expect_repair("{1_000, 2_000}", "[1000, 2000]", RepairKind::PythonSet, 0);
    expect_repair("{'1/3', 2/3}", R"(["1/3", "2/3"])", RepairKind::PythonSet, 0);
    expect_repair(R"({"a", /* c */ "b"})", R"(["a", "b"])", RepairKind::PythonSet, 0);
}

TEST(ParsePythonSets, OneElementStaysABrokenObject) {
    test::expect_error(R"({"a"})", ErrorKind::InvalidJson, 4);
    test::expect_error("{'a',}", ErrorKind::InvalidJson, 4);
    test::expect_error(R"({"a", })", ErrorKind::InvalidJson, 4);
    test::expect_error(R"({"a", , "b"})", ErrorKind::InvalidJson, 4);
}

TEST(ParsePythonSets, OnlyQuotedOrNumericFirstElements) {
    // {a, b} is JavaScript's shorthand for {a: a, b: b}, not a set of names.
    test::expect_error("{a, b}", ErrorKind::InvalidJson, 2);
    // A container after the comma: an object that lost its value, not a set.
    EXPECT_FALSE(parse(R"({"a", {"b": 1}})"));
}

TEST(ParsePythonSets, AFirstElementWithGuessedQuotesIsNoSet) {
    // Keys that lost their closing quote read as one string up to the comma: an object gone
    // wrong, not a set of that string (it was ["a:\"x\", \"b:\"y"]).
    for (const char* text : {R"({"a:"x", "b:"y"})", R"({"name: "Bob", "age: 3})", "{'a:'x', 'b:'y'}"}) {
        auto r = parse(text);
        EXPECT_FALSE(r) << text << " -> " << r->value.dump();
    }
}

TEST(ParsePythonSets, AColonAfterTheSetWasChosenIsAnError) {
    test::expect_error("{'a', 'b': 1}", ErrorKind::InvalidJson, 9);
    test::expect_error(R"({"a", "b", "c": 2})", ErrorKind::InvalidJson, 14);
}

TEST(ParsePythonSets, AnEmptySetIsAnEmptyArray) {
    // set() is how Python writes the empty set ({} is a dict).
    expect_repair(R"({"a": set()})", R"({"a":[]})", RepairKind::PythonSet, 6);
    expect_repair("[set( ), 1]", "[[],1]", RepairKind::PythonSet, 1);
    // A set built from something is a computation: no reading is right.
    test::expect_error(R"({"a": set([1, 2])})", ErrorKind::AmbiguousRepair, 6);
    test::expect_error(R"({"a": set()})", ErrorKind::RepairNotAllowed, 6, test::strict());
}

TEST(ParsePythonSets, StrictModeRefuses) {
    test::expect_error(R"({"a", "b"})", ErrorKind::RepairNotAllowed, 0, test::strict());
    test::expect_error(R"({"t": {"a", "b"}})", ErrorKind::RepairNotAllowed, 6, test::strict());
    // Single quotes are refused first, at the first one.
    test::expect_error("{'a', 'b'}", ErrorKind::RepairNotAllowed, 1, test::strict());
}

TEST(ParsePythonSets, TruncatedSets) {
    // Cut before the second element: no set was chosen.
    test::expect_error("{'a', ", ErrorKind::InvalidJson, 4);
    test::expect_error("{'a', ", ErrorKind::InvalidJson, 4, test::completing());
    test::expect_error("{'a', 'b", ErrorKind::ValueNotClosed, 6);
    test::expect_error("{'a', 'b'", ErrorKind::ValueNotClosed, 0);
    expect_repair("{'a', 'b", R"(["a", "b"])", RepairKind::MissingCloser, 8, Risk::Risky,
                  test::completing());
    expect_repair("{'a', 'b', ", R"(["a", "b"])", RepairKind::PythonSet, 0, Risk::Warning,
                  test::completing());
    expect_repair("[{1, 2", "[[1, 2]]", RepairKind::PythonSet, 1, Risk::Warning,
                  test::completing());
    for (const char* cut : {"{'a',", "{\"a\",", "{1,", "{'a', '", "{'a', 'b',", "{'a', 'b':"}) {
        (void)parse(cut);
        (void)parse(cut, test::completing());
        (void)parse(cut, test::strict());
    }
}

TEST(ParsePythonSets, LinearInTheInputSize) {
    std::string many = "[";
    std::string nested;
    for (int i = 0; i < 100'000; ++i) {
        many += "{'aaaaaaaaaa', 'b', 'c'}, ";
        nested += "{'a', 'b', ";
    }
    many += "]";
    ParseOptions lots;
    lots.max_repairs = 10'000'000;
    lots.complete_truncated = true;
    test::HangGuard guard;
    auto r = parse(many, lots);
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(r->value.size(), 100'000u);
    // Nested sets: the depth limit applies as to any container.
    test::expect_error(nested, ErrorKind::DepthExceeded, 512 * 11, lots);
    (void)parse("{\"" + std::string(1'000'000, 'k') + "\", \"b\"}", lots);
}

} // namespace
} // namespace laminate
