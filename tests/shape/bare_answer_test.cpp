// Bare answers: a whole answer that is one word, label, number or sentence is the payload of a
// scalar target (enum, bool, number, string), typed and by schema; prose naming several values
// and structure around a scalar are refused.
#include <laminate/laminate.hpp>

#include <gtest/gtest.h>

#include <optional>
#include <string>

namespace {

using namespace laminate;

enum class Count { ONE, TWO, THREE };

bool has_repair(const Diagnostics& ds, RepairKind kind) {
    for (const Diagnostic& d : ds)
        if (d.kind == DiagnosticKind::Repaired && d.repair == kind) return true;
    return false;
}

Schema compiled(std::string_view schema) {
    auto s = Schema::compile_json(schema);
    EXPECT_TRUE(s) << s.error();
    return *s;
}

TEST(BareAnswer, FoundAfterReasoningFencesAndWhitespace) {
    EXPECT_EQ(bare_answer("TWO"), "TWO");
    EXPECT_EQ(bare_answer("  \n yes \n"), "yes");
    EXPECT_EQ(bare_answer("<think>\nIt is two.\n</think>\nTWO"), "TWO");
    EXPECT_EQ(bare_answer("It is {1, 2}. </think> TWO"), "TWO"); // the opener was in the prompt
    EXPECT_EQ(bare_answer("```\n12,111\n```"), "12,111");
    EXPECT_EQ(bare_answer("<answer>True</answer>"), "True");
    EXPECT_EQ(bare_answer("Paris is the capital of France."), "Paris is the capital of France.");
    // Not bare: an open thought, several lines, structure.
    EXPECT_FALSE(bare_answer("<think>still thinking"));
    EXPECT_FALSE(bare_answer("ONE\nTWO"));
    EXPECT_FALSE(bare_answer("{\"a\": 1}"));
    EXPECT_FALSE(bare_answer("see [1]"));
    EXPECT_FALSE(bare_answer("   "));
}

TEST(BareAnswer, TypedEnumWithCaseAndSeparatorFolding) {
    auto r = from_llm_response<Count>("TWO");
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(r->value, Count::TWO);
    EXPECT_TRUE(has_repair(r->diagnostics, RepairKind::BareAnswer));
    EXPECT_EQ(max_risk(r->diagnostics), Risk::Info);

    auto folded = from_llm_response<Count>("<think>one or two?</think>\n two ");
    ASSERT_TRUE(folded) << folded.error();
    EXPECT_EQ(folded->value, Count::TWO);
    EXPECT_EQ(max_risk(folded->diagnostics), Risk::Warning); // case folded
}

TEST(BareAnswer, TypedBooleanNumberAndString) {
    auto t = from_llm_response<bool>("True");
    ASSERT_TRUE(t) << t.error();
    EXPECT_TRUE(t->value);
    auto y = from_llm_response<bool>("yes");
    ASSERT_TRUE(y) << y.error();
    EXPECT_TRUE(y->value);

    auto n = from_llm_response<int>("12,111");
    ASSERT_TRUE(n) << n.error();
    EXPECT_EQ(n->value, 12111);
    EXPECT_EQ(max_risk(n->diagnostics), Risk::Warning); // thousands separator: a locale guessed

    auto s = from_llm_response<std::string>("hello");
    ASSERT_TRUE(s) << s.error();
    EXPECT_EQ(s->value, "hello");

    auto o = from_llm_response<std::optional<double>>("```\n3.5\n```");
    ASSERT_TRUE(o) << o.error();
    EXPECT_EQ(o->value, 3.5);
}

TEST(BareAnswer, SchemaTargetsAndTheCommandLinesPath) {
    auto e = compiled(R"({"enum":["ONE","TWO","THREE"]})").from_llm_response("two");
    ASSERT_TRUE(e) << e.error();
    EXPECT_EQ(e->value, Value("TWO"));
    auto b = compiled(R"({"type":"boolean"})").from_llm_response("yes");
    ASSERT_TRUE(b) << b.error();
    EXPECT_EQ(b->value, Value(true));
    auto i = compiled(R"({"type":"integer"})").from_llm_response("12,111");
    ASSERT_TRUE(i) << i.error();
    EXPECT_EQ(i->value, Value(12111));
    EXPECT_EQ(max_risk(i->diagnostics), Risk::Warning);
    auto s = compiled(R"({"type":"string"})").from_llm_response("hello");
    ASSERT_TRUE(s) << s.error();
    EXPECT_EQ(s->value, Value("hello"));
    auto u = compiled(R"({"anyOf":[{"type":"integer"},{"type":"null"}]})").from_llm_response("42");
    ASSERT_TRUE(u) << u.error();
    EXPECT_EQ(u->value, Value(42));
}

TEST(BareAnswer, StrictModeWantsJson) {
    EXPECT_FALSE(from_llm_response<Count>("TWO", Mode::Strict));
    EXPECT_FALSE(compiled(R"({"type":"boolean"})").from_llm_response("yes", ShapeOptions{.mode = Mode::Strict}));
}

// Deliberate refusals: each would be a guess that looks like success.
TEST(BareAnswer, DeliberateRefusals) {
    // Picking one value out of prose: the sentence names several candidates, or wraps the one
    // it means in words; which one the model meant is not for shaping to decide.
    auto several = from_llm_response<Count>("It is ONE or TWO");
    ASSERT_FALSE(several);
    EXPECT_EQ(several.error().kind(), ErrorKind::UnknownVariant);
    EXPECT_FALSE(from_llm_response<Count>("The answer is TWO."));
    EXPECT_FALSE(from_llm_response<bool>("yes and no"));
    // "12 apples" is not 12: a partly numeric string never reads as a number.
    EXPECT_FALSE(from_llm_response<int>("12 apples"));
    EXPECT_FALSE(compiled(R"({"type":"integer"})").from_llm_response("about 12"));
    // Inventing structure around a scalar: an object or array target never takes a bare answer
    // (which key would "Paris" be? an array of one is a guess at the shape).
    struct City {
        std::string name;
    };
    EXPECT_FALSE(from_llm_response<City>("Paris"));
    EXPECT_FALSE(compiled(R"({"type":"object","properties":{"name":{"type":"string"}}})").from_llm_response("Paris"));
    EXPECT_FALSE(compiled(R"({"type":"array","items":{"type":"string"}})").from_llm_response("Paris"));
    EXPECT_FALSE(from_llm_response<std::vector<std::string>>("Paris"));
    // A multi-line answer is a document, not a bare value.
    EXPECT_FALSE(from_llm_response<Count>("TWO\nbecause it is two"));
}

TEST(BareAnswer, JsonStillWinsOverTheBareReading) {
    auto quoted = from_llm_response<std::string>(R"("hello")");
    ASSERT_TRUE(quoted) << quoted.error();
    EXPECT_EQ(quoted->value, "hello"); // the JSON string, not the text with its quotes
    EXPECT_FALSE(has_repair(quoted->diagnostics, RepairKind::BareAnswer));
}

} // namespace
