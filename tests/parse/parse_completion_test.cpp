// Completing truncated text (complete_truncated) closes what is open and drops a dangling
// fragment, each a Risky diagnostic; it never invents a value ("", 0, -0, null) and never lets a
// dangling key replace an earlier member of the same name.

#include "parse_support.hpp"

namespace laminate {
namespace {

using test::completing;
using test::expect_repair;

TEST(ParseCompletion, AnOpenQuoteWithNothingAfterItIsDropped) {
    expect_repair("[\"", "[]", RepairKind::TruncatedCompleted, 1, Risk::Risky, completing());
    expect_repair("[1, \"", "[1]", RepairKind::TruncatedCompleted, 4, Risk::Risky, completing());
    expect_repair("{\"a\": \"", "{}", RepairKind::TruncatedCompleted, 6, Risk::Risky,
                  completing());
}

TEST(ParseCompletion, ASignWithoutDigitsIsDropped) {
    expect_repair("[-", "[]", RepairKind::TruncatedCompleted, 1, Risk::Risky, completing());
    expect_repair("{\"a\": 1, \"b\": -", R"({"a": 1})", RepairKind::TruncatedCompleted, 14,
                  Risk::Risky, completing());
    // Cut off after a space: still a sign whose digits never came.
    expect_repair("[1, - ", "[1]", RepairKind::TruncatedCompleted, 4, Risk::Risky, completing());
    expect_repair("[- \n", "[]", RepairKind::TruncatedCompleted, 1, Risk::Risky, completing());
    // Not at the end, or not completing: no number, and -0 would be an invented one.
    test::expect_error("[- ]", ErrorKind::InvalidJson, 1, completing());
    test::expect_error("[1, - ", ErrorKind::ValueNotClosed, 4);
}

TEST(ParseCompletion, ConstantsInOtherCasesAreCompletedLikeJsons) {
    // Python's True, False, None and the capitals read in full are completed as true is.
    expect_repair("{\"a\": 1, \"b\": Tru", R"({"a": 1, "b": true})",
                  RepairKind::TruncatedCompleted, 14, Risk::Risky, completing());
    for (const auto& [text, expected] : std::initializer_list<std::pair<const char*, const char*>>{
             {"[T", "[true]"},     {"[Tr", "[true]"},    {"[TRU", "[true]"},
             {"[Fals", "[false]"}, {"[FA", "[false]"},   {"[FALS", "[false]"},
             {"[No", "[null]"},    {"[Non", "[null]"},   {"[NUL", "[null]"},
             {"[Nul", "[null]"},   {"[fals", "[false]"}, {"[nu", "[null]"},
         }) {
        SCOPED_TRACE(text);
        expect_repair(text, expected, RepairKind::TruncatedCompleted, 1, Risk::Risky, completing());
    }
    // A lone N could start NaN as well as None: a fragment, dropped.
    expect_repair("[1, N", "[1]", RepairKind::TruncatedCompleted, 4, Risk::Risky, completing());
    expect_repair("{\"a\": 1, \"b\": N", R"({"a": 1})", RepairKind::TruncatedCompleted, 14,
                  Risk::Risky, completing());
    // Not at the end, or in mixed case, the word is text.
    expect_repair(R"({"a": Tru, "b": 1})", R"({"a": "Tru", "b": 1})",
                  RepairKind::UnquotedString, 6);
    expect_repair("[TRu", R"(["TRu"])", RepairKind::UnquotedString, 1, Risk::Warning,
                  completing());
}

TEST(ParseCompletion, AStartedStringKeepsWhatWasWritten) {
    expect_repair("[\"ab", R"(["ab"])", RepairKind::TruncatedCompleted, 1, Risk::Risky,
                  completing());
}

TEST(ParseCompletion, DanglingKeysAreDropped) {
    expect_repair("{\"", "{}", RepairKind::TruncatedCompleted, 1, Risk::Risky, completing());
    expect_repair("{\"a\": 1, \"b", R"({"a": 1})", RepairKind::TruncatedCompleted, 9, Risk::Risky,
                  completing());
    expect_repair("{\"a\": 1, \"b\"", R"({"a": 1})", RepairKind::TruncatedCompleted, 12,
                  Risk::Risky, completing());
    expect_repair("{\"a\": 1, \"b\":", R"({"a": 1})", RepairKind::TruncatedCompleted, 13,
                  Risk::Risky, completing());
    expect_repair("{\"a\": 1, \"b\": ", R"({"a": 1})", RepairKind::TruncatedCompleted, 14,
                  Risk::Risky, completing());
    expect_repair("{\"a\": 1, b", R"({"a": 1})", RepairKind::TruncatedCompleted, 10, Risk::Risky,
                  completing());
}

TEST(ParseCompletion, ADanglingKeyNeverReplacesAnEarlierMember) {
    for (const char* text : {"{\"a\": 1, \"a", "{\"a\": 1, \"a\"", "{\"a\": 1, \"a\":",
                             "{\"a\": 1, \"a\": \""}) {
        SCOPED_TRACE(text);
        auto r = parse(text, completing());
        ASSERT_TRUE(r) << r.error();
        EXPECT_EQ(r->value, test::json(R"({"a": 1})"));
        for (const auto& d : r->diagnostics)
            EXPECT_NE(d.kind, DiagnosticKind::DuplicateKey) << test::describe(r->diagnostics);
    }
}

TEST(ParseCompletion, NothingIsCompletedUnlessAskedFor) {
    for (const char* text : {"[\"", "[-", "{\"", "{\"a\": 1, \"a\":"}) {
        auto r = parse(text);
        ASSERT_FALSE(r) << text;
        EXPECT_EQ(r.error().kind(), ErrorKind::ValueNotClosed) << text;
    }
}

TEST(ParseCompletion, ATopLevelFragmentIsAnError) {
    EXPECT_FALSE(parse("\"", completing()));
    EXPECT_FALSE(parse("-", completing()));
}

} // namespace
} // namespace laminate
