// Where laminate's recovery deliberately differs from its peers — BAML's schema-aligned parsing
// (SAP), pydantic's lax and strict conversion tables, the Rust crate Laminate — each case with
// the behaviour laminate has and the reason. Where they agree it is said too, so the list is the
// whole comparison for these features. DESIGN.md: "No silent wrong reading".
#include <laminate/laminate.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <optional>
#include <vector>

namespace {

using namespace laminate;

enum class Answer { YES, NO, MAYBE };

struct Reading {
    int count;
};

Schema compiled(std::string_view text) {
    auto s = Schema::compile_json(text);
    EXPECT_TRUE(s) << s.error();
    return *s;
}

// BAML's SAP matches an enum value found inside prose ("I think the answer is YES" -> YES, by
// substring counts). laminate refuses: a sentence can name several values, negate one, or quote
// the question; which one was meant is a reading of prose, not of data.
TEST(PeerDifferences, NoEnumValuePickedOutOfProse) {
    EXPECT_FALSE(from_llm_response<Answer>("I think the answer is YES"));
    EXPECT_FALSE(from_llm_response<Answer>("Not YES but NO"));
    // The whole answer being the value is fine (as BAML): a bare answer.
    EXPECT_EQ(from_llm_response<Answer>("yes")->value, Answer::YES);
}

// BAML and the Rust crate may coerce a lone scalar into a class with one field. laminate never
// invents structure around a scalar: which member, and whether the model meant it, is a guess.
TEST(PeerDifferences, NoStructureInventedAroundAScalar) {
    EXPECT_FALSE(from_llm_response<Reading>("12"));
    EXPECT_FALSE(compiled(R"({"type":"object","properties":{"count":{"type":"integer"}}})").from_llm_response("12"));
}

// pydantic (lax and strict) matches enum values exactly, case included. laminate folds case,
// separators (' ' and '.' anywhere, '_' and '-' between characters) and accents at BestEffort,
// each a Warning, in tiers, and only when exactly one declared value folds alike in the tier that
// decides: models write "In Progress" for in_progress and "cafe" for café.
TEST(PeerDifferences, EnumNamesFoldedAtBestEffort) {
    auto r = compiled(R"({"enum":["in_progress","café"]})").from_json(R"("In.Progress")");
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(r->value, Value("in_progress"));
    EXPECT_EQ(max_risk(r->diagnostics), Risk::Warning);
    EXPECT_FALSE(compiled(R"({"enum":["in_progress","café"]})").from_json(R"("In.Progress")", ShapeOptions{.mode = Mode::Strict}));
}

// pydantic's float accepts "nan", "inf", "-infinity" (allow_inf_nan defaults to true). Into a
// JSON Schema number laminate refuses them in every mode: the shaped value is JSON, which cannot
// hold them (they would come out as null, a wrong reading that looks like success). A C++ double
// can hold them, so typed shaping keeps pydantic's reading there, with a Warning.
TEST(PeerDifferences, NonFiniteNumbersOnlyWhereTheyCanBeHeld) {
    EXPECT_FALSE(compiled(R"({"type":"number"})").from_json(R"("NaN")"));
    auto typed = from_json<double>(R"("-Infinity")");
    ASSERT_TRUE(typed) << typed.error();
    EXPECT_TRUE(std::isinf(typed->value));
    EXPECT_EQ(max_risk(typed->diagnostics), Risk::Warning);
}

// The Rust crate (and laminate before) read null in a required integer as 0, "the default". No
// default was declared, so 0 is invented: laminate agrees with pydantic here (an error). A
// declared default still stands in for null (a Warning).
TEST(PeerDifferences, NullIsNoValueWithoutADeclaredDefault) {
    auto r = from_json<Reading>(R"({"count": null})");
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().kind(), ErrorKind::MissingField);
    auto defaulted = compiled(R"({"type":"object","properties":{"count":{"type":"integer","default":3}},"required":["count"]})")
                         .from_json(R"({"count": null})");
    ASSERT_TRUE(defaulted) << defaulted.error();
    EXPECT_EQ(defaulted->value["count"], Value(3));
}

// pydantic fails a list with one invalid element; BAML drops it quietly. laminate's Lenient mode
// keeps the others and says so with a Risky diagnostic (so fail_at = Risky restores pydantic's
// behaviour); Absorbing and Strict fail as pydantic does.
TEST(PeerDifferences, LenientListsKeepTheirValidElementsLoudly) {
    auto r = from_json<std::vector<int>>(R"([1, "x", 3])");
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(r->value, (std::vector<int>{1, 3}));
    EXPECT_EQ(max_risk(r->diagnostics), Risk::Risky);
    EXPECT_FALSE(from_json<std::vector<int>>(R"([1, "x", 3])", Mode::Absorbing));
}

// pydantic's lax int rejects "12,111". laminate reads it at BestEffort (a bare answer included),
// with a Warning that a locale was guessed; a comma that may be a decimal mark is an error.
TEST(PeerDifferences, DigitGroupingReadWithAWarning) {
    auto r = from_llm_response<int>("12,111");
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(r->value, 12111);
    EXPECT_EQ(max_risk(r->diagnostics), Risk::Warning);
    EXPECT_FALSE(from_json<int>(R"("1,5")"));
}

// Agreement with pydantic's smart-mode unions: an alternative that takes the value exactly wins
// over one that needs a conversion ("42" stays a string in int | str).
TEST(PeerDifferences, UnionsPreferExactFitsAsPydanticSmartMode) {
    auto r = from_json<std::variant<int, std::string>>(R"("42")");
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(r->value.index(), 1u);
}

// pydantic has no integer beyond 64 bits in JSON Schema terms but Python's int is unbounded;
// laminate keeps such a literal exactly in a schema integer (the lexeme is the value) and, like
// pydantic for a sized type, says out_of_range for a C++ int64.
TEST(PeerDifferences, BigIntegersExactWhereUnbounded) {
    EXPECT_TRUE(compiled(R"({"type":"integer"})").from_json("99999999999999999999999"));
    EXPECT_FALSE(from_json<std::int64_t>("99999999999999999999999"));
}

} // namespace
