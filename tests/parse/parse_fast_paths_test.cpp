// The parser's shortcuts give what the general code gives: short decimals built without
// make_number, repair diagnostics noted and written out at the end (in order, with duplicates and
// strings read twice in between), an element's path reused by the next diagnostic there.

#include "parse_support.hpp"

#include <cstring>

namespace laminate {
namespace {

// The value make_number would build from the same lexeme (Value::number_from_lexeme calls it).
// Only for lexemes the shortcut does not render itself: a plain one ("760.41") drops its lexeme.
void expect_same_number(std::string_view lexeme) {
    SCOPED_TRACE(std::string(lexeme));
    std::string text = "[";
    text += lexeme;
    text += ']';
    auto r = parse(text);
    ASSERT_TRUE(r) << r.error();
    const Value& got = r->value[0];
    const Value want = Value::number_from_lexeme(lexeme);
    EXPECT_EQ(got.number_kind(), want.number_kind());
    EXPECT_EQ(got.lexeme(), want.lexeme());
    EXPECT_EQ(got.is_lossless(), want.is_lossless());
    const double a = got.as_double(), b = want.as_double();
    EXPECT_EQ(std::memcmp(&a, &b, sizeof a), 0) << a << " vs " << b; // -0.0 too
    EXPECT_EQ(got.dump(), want.dump());
}

TEST(ParseFastPaths, ShortDecimalsMatchMakeNumber) {
    for (const char* lexeme :
         {"2.50", "0.05", "1.0", "0.0", "-0.0", "-0.10", "0.000", "1234.50", "99999.0", "0.00001",
          "1234567.0", "12345678.0", "0.0000001", "100000000000000.0",
          "999999999999999.9", "0.100000000000000", "3.14159265358979", "1.5e3", "-0.0e0"})
        expect_same_number(lexeme);
}

TEST(ParseFastPaths, ShortDecimalLexemesAreKept) {
    auto r = parse("[2.50, 0.05, -0.0, 1.0, 760.41]");
    ASSERT_TRUE(r);
    EXPECT_EQ(r->value.dump(), "[2.50,0.05,-0.0,1.0,760.41]");
    EXPECT_EQ(r->value[4].lexeme(), ""); // plain: its rendering is its lexeme
    EXPECT_EQ(r->value[0].as_double(), 2.5);
    EXPECT_EQ(r->value[1].as_double(), 0.05);
}

TEST(ParseFastPaths, DiagnosticsKeepTheirOrderAroundDuplicateKeys) {
    // Repairs before, at and after an object with a repeated key: one list, by offset.
    const std::string text = "{'a': 1, \"o\": {\"k\": 1, \"k\": 2,}, 'b': True,}";
    auto r = parse(text, test::per_site());
    ASSERT_TRUE(r) << r.error();
    const auto& ds = r->diagnostics;
    ASSERT_GE(ds.size(), 5u) << test::describe(ds);
    for (std::size_t i = 1; i < ds.size(); ++i)
        EXPECT_LE(ds[i - 1].offset, ds[i].offset) << test::describe(ds);
    const auto dup = std::find_if(ds.begin(), ds.end(), [](const Diagnostic& d) {
        return d.kind == DiagnosticKind::DuplicateKey;
    });
    ASSERT_NE(dup, ds.end());
    EXPECT_EQ(dup->path, "o.k");
    EXPECT_EQ(dup->offset, text.find("\"k\": 2"));
    const auto quotes = test::repairs_of(ds, RepairKind::SingleQuotes);
    ASSERT_EQ(quotes.size(), 2u) << test::describe(ds);
    EXPECT_EQ(quotes[0].path, "a");
    EXPECT_EQ(quotes[1].path, "b");
    EXPECT_EQ(test::repairs_of(ds, RepairKind::TrailingComma).size(), 2u);

    // Merged (the default), after the flush the repeated key forced: each style repair is one
    // diagnostic at its first site, the list still in offset order.
    auto merged = parse(text);
    ASSERT_TRUE(merged) << merged.error();
    const auto& ms = merged->diagnostics;
    for (std::size_t i = 1; i < ms.size(); ++i)
        EXPECT_LE(ms[i - 1].offset, ms[i].offset) << test::describe(ms);
    const auto merged_quotes = test::repairs_of(ms, RepairKind::SingleQuotes);
    ASSERT_EQ(merged_quotes.size(), 1u) << test::describe(ms);
    EXPECT_EQ(merged_quotes[0].path, "a");
    EXPECT_EQ(merged_quotes[0].offset, 1u);
    EXPECT_EQ(merged_quotes[0].count, 2u);
    const auto commas = test::repairs_of(ms, RepairKind::TrailingComma);
    ASSERT_EQ(commas.size(), 1u) << test::describe(ms);
    EXPECT_EQ(commas[0].path, "o");
    EXPECT_EQ(commas[0].count, 2u);
    EXPECT_EQ(ms.size(), 4u) << test::describe(ms); // and the repeated key, and True
}

TEST(ParseFastPaths, QuotingRepairsOfAKeyAndItsValueShareThePath) {
    auto r = parse("{'outer': {'the key': 'v', 'k2': 'w'}, 'list': ['x', 'y']}", test::per_site());
    ASSERT_TRUE(r) << r.error();
    std::vector<std::string> paths;
    for (const auto& d : test::repairs_of(r->diagnostics, RepairKind::SingleQuotes))
        paths.push_back(d.path);
    const std::vector<std::string> want = {
        "outer", "outer[\"the key\"]", "outer[\"the key\"]", "outer.k2", "outer.k2",
        "list",  "list[0]",            "list[1]"};
    EXPECT_EQ(paths, want) << test::describe(r->diagnostics);
}

TEST(ParseFastPaths, AStringReadTwiceDropsOnlyItsOwnNotes) {
    // The first reading of the unclosed string notes repairs that the second reading drops;
    // the repairs noted before it stay, and the repair count stays right (max_repairs).
    const std::string text = "{'a': 1, \"b\": \"x, \"c\": 'y'}";
    auto r = parse(text);
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(r->value, test::json(R"({"a": 1, "b": "x", "c": "y"})"));
    const auto& ds = r->diagnostics;
    const auto quotes = test::repairs_of(ds, RepairKind::SingleQuotes);
    ASSERT_EQ(quotes.size(), 1u) << test::describe(ds);
    EXPECT_EQ(quotes[0].count, 2u) << test::describe(ds);
    EXPECT_EQ(test::repairs_of(ds, RepairKind::MissingQuote).size(), 1u) << test::describe(ds);
    // max_repairs counts sites, merged ones included.
    std::size_t sites = 0;
    for (const auto& d : ds) sites += d.count;
    EXPECT_EQ(sites, 3u);
    ParseOptions tight;
    tight.max_repairs = sites;
    EXPECT_TRUE(parse(text, tight));
    tight.max_repairs = sites - 1;
    auto over = parse(text, tight);
    ASSERT_FALSE(over);
    EXPECT_EQ(over.error().kind(), ErrorKind::TooManyRepairs);
}

TEST(ParseFastPaths, NotesDoNotLeakIntoTheNextParse) {
    auto bad = parse("{'a': 'b', ");  // fails: truncated, after noting repairs
    ASSERT_FALSE(bad);
    auto good = parse("{\"a\": 1}");
    ASSERT_TRUE(good);
    EXPECT_TRUE(good->diagnostics.empty());
    auto repaired = parse("['x']");
    ASSERT_TRUE(repaired);
    ASSERT_EQ(repaired->diagnostics.size(), 1u);
    EXPECT_EQ(repaired->diagnostics[0].path, "[0]");
}

TEST(ParseFastPaths, SingleQuotedStringsReadInTheStateMachine) {
    // A quote followed at once by ',' or ':' ends its string whatever the brackets inside; one
    // followed by anything else, or a string with an escape or non-ASCII bytes, is read by the
    // careful path. Both give the same values and notes, and a member of the document's object is
    // named by its key, bracketed when it is no identifier.
    const std::string compact = "{'a':'x]','b':'(y','odd key':'it\\'s','$k':'caf\u00e9','n':1}";
    const std::string spaced = "{'a' : 'x]' , 'b' : '(y' , 'odd key' : 'it\\'s' , '$k' : "
                               "'caf\u00e9' , 'n' : 1}";
    const Value want = test::json(R"({"a": "x]", "b": "(y", "odd key": "it's", "$k": "caf\u00e9",
                                      "n": 1})");
    for (const std::string& text : {compact, spaced}) {
        SCOPED_TRACE(text);
        auto r = parse(text, test::per_site());
        ASSERT_TRUE(r) << r.error();
        EXPECT_EQ(r->value, want) << r->value.dump();
        const auto quotes = test::repairs_of(r->diagnostics, RepairKind::SingleQuotes);
        std::vector<std::string> paths;
        for (const auto& d : quotes) {
            paths.push_back(d.path);
            EXPECT_EQ(d.message, "replaced quotes");
            EXPECT_EQ(text[d.offset], '\'');
        }
        const std::vector<std::string> want_paths = {"a", "a", "b", "b", R"(["odd key"])",
                                                     R"(["odd key"])", R"(["$k"])", R"(["$k"])",
                                                     "n"};
        EXPECT_EQ(paths, want_paths) << test::describe(r->diagnostics);
    }
}

TEST(ParseFastPaths, ADocumentMembersPathIsItsKeyAsAppendPathKeyWritesIt) {
    // Short keys are checked 16 bytes at a time (append_key_segment()), longer ones byte by byte:
    // the path must be what append_path_key() writes, bare or bracketed, for every kind of key.
    for (const char* key : {"a", "Z", "_", "a1", "a-b$c", "snake_case_key", "exactly16bytes__",
                            "seventeen_bytes__", "1a", "$a", "-a", "a b", "a.b", "a[0]", "é",
                            "aé", "{x}", "x\"y", ""}) {
        SCOPED_TRACE(key);
        std::string want;
        append_path_key(want, key);
        std::string text = "{'";
        text += key;
        text += "': 'v'}";
        auto r = parse(text, test::per_site());
        ASSERT_TRUE(r) << r.error();
        const auto quotes = test::repairs_of(r->diagnostics, RepairKind::SingleQuotes);
        ASSERT_EQ(quotes.size(), 2u) << test::describe(r->diagnostics);
        EXPECT_EQ(quotes[0].path, want);
        EXPECT_EQ(quotes[1].path, want);
        EXPECT_TRUE(r->value.find(key)) << r->value.dump();
    }
}

} // namespace
} // namespace laminate
