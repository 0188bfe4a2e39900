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

// Quotes and markdown a model sets its answer off with are no part of the value: each layer
// removed is a Warning naming what it was, typed and by schema alike.
TEST(BareAnswer, QuotesAndMarkupAroundTheAnswerAreRemoved) {
    struct Case {
        const char* text;
        RepairKind kind;
    };
    const Case cases[] = {
        {"'Paris'", RepairKind::BareAnswerQuotes},
        {"\xE2\x80\x9CParis\xE2\x80\x9D", RepairKind::BareAnswerQuotes}, // curly double quotes
        {"\xE2\x80\x98Paris\xE2\x80\x99", RepairKind::BareAnswerQuotes}, // curly single quotes
        {"**Paris**", RepairKind::BareAnswerMarkup},
        {"__Paris, France__", RepairKind::BareAnswerMarkup},
        {"*Paris*", RepairKind::BareAnswerMarkup},
        {"`Paris`", RepairKind::BareAnswerMarkup},
        {"<think>x</think> **'Paris'**", RepairKind::BareAnswerQuotes}, // two layers, both named
    };
    auto schema = compiled(R"({"type":"string"})");
    for (const Case& c : cases) {
        SCOPED_TRACE(c.text);
        auto typed = from_llm_response<std::string>(c.text);
        ASSERT_TRUE(typed) << typed.error();
        EXPECT_EQ(typed->value.substr(0, 5), "Paris");
        EXPECT_TRUE(has_repair(typed->diagnostics, RepairKind::BareAnswer));
        EXPECT_TRUE(has_repair(typed->diagnostics, c.kind));
        EXPECT_EQ(max_risk(typed->diagnostics), Risk::Warning);
        auto by_schema = schema.from_llm_response(c.text);
        ASSERT_TRUE(by_schema) << by_schema.error();
        EXPECT_EQ(by_schema->value.as_string().substr(0, 5), "Paris");
        EXPECT_EQ(by_schema->value.as_string(), typed->value);
        EXPECT_TRUE(has_repair(by_schema->diagnostics, c.kind));
        EXPECT_EQ(max_risk(by_schema->diagnostics), Risk::Warning);
    }
    auto both = from_llm_response<std::string>("**'Paris'**");
    ASSERT_TRUE(both) << both.error();
    EXPECT_TRUE(has_repair(both->diagnostics, RepairKind::BareAnswerMarkup));
    EXPECT_TRUE(has_repair(both->diagnostics, RepairKind::BareAnswerQuotes));
    for (const Diagnostic& d : both->diagnostics) {
        if (d.repair == RepairKind::BareAnswerMarkup) {
            EXPECT_EQ(d.message, "removed the markdown bold around the bare answer");
        }
    }
}

// Two quotes holding nothing are the empty string, not a string of two quote marks.
TEST(BareAnswer, EmptyQuotesAreTheEmptyString) {
    auto typed = from_llm_response<std::string>("''");
    ASSERT_TRUE(typed) << typed.error();
    EXPECT_EQ(typed->value, "");
    EXPECT_TRUE(has_repair(typed->diagnostics, RepairKind::BareAnswerQuotes));
    EXPECT_EQ(max_risk(typed->diagnostics), Risk::Warning);
}

// Underscores around one identifier are a Python name (__init__), not bold: kept as written.
TEST(BareAnswer, UnderscoresAroundANameStay) {
    for (const char* text : {"__init__", "__main__"}) {
        auto typed = from_llm_response<std::string>(text);
        ASSERT_TRUE(typed) << typed.error();
        EXPECT_EQ(typed->value, text);
        EXPECT_FALSE(has_repair(typed->diagnostics, RepairKind::BareAnswerMarkup));
    }
}

TEST(BareAnswer, MarkupRemovedForEnumBoolAndNumberTargets) {
    auto e = from_llm_response<Count>("**TWO**");
    ASSERT_TRUE(e) << e.error();
    EXPECT_EQ(e->value, Count::TWO);
    EXPECT_TRUE(has_repair(e->diagnostics, RepairKind::BareAnswerMarkup));
    auto q = from_llm_response<Count>("'TWO'");
    ASSERT_TRUE(q) << q.error();
    EXPECT_EQ(q->value, Count::TWO);
    auto b = from_llm_response<bool>("\xE2\x80\x9Cyes\xE2\x80\x9D");
    ASSERT_TRUE(b) << b.error();
    EXPECT_TRUE(b->value);
    auto n = from_llm_response<int>("`42`");
    ASSERT_TRUE(n) << n.error();
    EXPECT_EQ(n->value, 42);
    EXPECT_EQ(max_risk(n->diagnostics), Risk::Warning);

    auto se = compiled(R"({"enum":["ONE","TWO","THREE"]})").from_llm_response("**TWO**");
    ASSERT_TRUE(se) << se.error();
    EXPECT_EQ(se->value, Value("TWO"));
    auto sb = compiled(R"({"type":"boolean"})").from_llm_response("**yes**");
    ASSERT_TRUE(sb) << sb.error();
    EXPECT_EQ(sb->value, Value(true));
    auto sn = compiled(R"({"type":"integer"})").from_llm_response("'42'");
    ASSERT_TRUE(sn) << sn.error();
    EXPECT_EQ(sn->value, Value(42));
}

// Marks that do not wrap the whole answer as one pair stay: taking them off would change text
// the model meant, or pick one of several quoted values.
TEST(BareAnswer, MarksThatAreNoWrapperStay) {
    struct Case {
        const char* text;
        const char* value;
    };
    for (Case c : {Case{"'a', 'b'", "'a', 'b'"}, Case{"'Paris", "'Paris"}, Case{"* Paris *", "* Paris *"},
                   Case{"2 * 3 * 4", "2 * 3 * 4"}, Case{"rock 'n' roll", "rock 'n' roll"}}) {
        auto r = from_llm_response<std::string>(c.text);
        ASSERT_TRUE(r) << c.text << ": " << r.error();
        EXPECT_EQ(r->value, c.value);
        EXPECT_FALSE(has_repair(r->diagnostics, RepairKind::BareAnswerQuotes)) << c.text;
        EXPECT_FALSE(has_repair(r->diagnostics, RepairKind::BareAnswerMarkup)) << c.text;
    }
    // Backticks elsewhere than around the whole answer may open code: no bare answer.
    EXPECT_FALSE(bare_answer("use `ls` here"));
    EXPECT_EQ(bare_answer("`Paris`"), "`Paris`");
    // Several quoted values for an enum: still no pick.
    EXPECT_FALSE(from_llm_response<Count>("'ONE' or 'TWO'"));
}

// One closing '.' or '!' after a bool word ends a sentence; the word is the answer (Warning).
TEST(BareAnswer, BooleanWithClosingPunctuation) {
    for (const char* text : {"Yes.", "yes!", "TRUE."}) {
        auto t = from_llm_response<bool>(text);
        ASSERT_TRUE(t) << text << ": " << t.error();
        EXPECT_TRUE(t->value);
        EXPECT_EQ(max_risk(t->diagnostics), Risk::Warning);
        auto s = compiled(R"({"type":"boolean"})").from_llm_response(text);
        ASSERT_TRUE(s) << text << ": " << s.error();
        EXPECT_EQ(s->value, Value(true));
    }
    auto no = from_llm_response<bool>("No.");
    ASSERT_TRUE(no) << no.error();
    EXPECT_FALSE(no->value);
    // Two marks, or a digit before the mark, are no sentence's end.
    EXPECT_FALSE(from_llm_response<bool>("yes.."));
    EXPECT_FALSE(from_llm_response<bool>("Yes?"));
    EXPECT_FALSE(from_llm_response<bool>("1."));
}

// A currency symbol or an ISO 4217 code is a BestEffort liberty; a percent sign is not ("5%" may
// mean 5 or 0.05), nor a word that is no code of the list ("12 apples").
TEST(BareAnswer, CurrencySymbolsAndCodesYesPercentNo) {
    for (const char* text : {"$5", "5 USD", "EUR 5", "**5 USD**"}) {
        auto d = from_llm_response<double>(text);
        ASSERT_TRUE(d) << text << ": " << d.error();
        EXPECT_EQ(d->value, 5.0) << text;
        EXPECT_EQ(max_risk(d->diagnostics), Risk::Warning) << text;
        auto s = compiled(R"({"type":"number"})").from_llm_response(text);
        ASSERT_TRUE(s) << text << ": " << s.error();
        EXPECT_EQ(s->value.as_double(), 5.0) << text;
    }
    for (const char* text : {"5%", "12 apples", "5 usd", "USD"}) {
        auto t = from_llm_response<double>(text);
        ASSERT_FALSE(t) << text;
        EXPECT_EQ(t.error().kind(), ErrorKind::TypeMismatch);
        EXPECT_FALSE(compiled(R"({"type":"number"})").from_llm_response(text)) << text;
    }
}

// A typographic minus and invisible characters in a bare number answer, as in a JSON string.
TEST(BareAnswer, TypographicMinusAndInvisibleCharacters) {
    for (const char* text : {"\xE2\x88\x92" "3", "\xE2\x80\x8B" "-3\xE2\x80\x8B"}) {
        auto t = from_llm_response<int>(text);
        ASSERT_TRUE(t) << text << ": " << t.error();
        EXPECT_EQ(t->value, -3);
        EXPECT_EQ(max_risk(t->diagnostics), Risk::Warning);
        auto s = compiled(R"({"type":"integer"})").from_llm_response(text);
        ASSERT_TRUE(s) << text << ": " << s.error();
        EXPECT_EQ(s->value, Value(-3));
        EXPECT_FALSE(from_llm_response<int>(text, Mode::Strict)) << text;
    }
}

// An integral number written with a zero fraction is the integer, with the Info of that
// reading; a fraction is no integer.
TEST(BareAnswer, ZeroFractionIntoAnInteger) {
    for (const char* text : {"3.0", "`3.0`", "**3.00**"}) {
        auto t = from_llm_response<int>(text);
        ASSERT_TRUE(t) << text << ": " << t.error();
        EXPECT_EQ(t->value, 3);
        auto s = compiled(R"({"type":"integer"})").from_llm_response(text);
        ASSERT_TRUE(s) << text << ": " << s.error();
        EXPECT_EQ(s->value.dump(), "3");
    }
    auto plain = from_llm_response<int>("3.0");
    ASSERT_TRUE(plain) << plain.error();
    EXPECT_EQ(max_risk(plain->diagnostics), Risk::Info);
    auto frac = from_llm_response<int>("3.5");
    ASSERT_FALSE(frac);
    EXPECT_EQ(frac.error().kind(), ErrorKind::LossyConversion);
}

// A whole answer `null` is JSON's null, not a word: a schema string refuses it (it was read as
// the text "null" with an Info), a typed std::string reads null as it reads it anywhere (its
// default, with a Warning), and a target that allows null takes it.
TEST(BareAnswer, NullIsAValueNotAWord) {
    EXPECT_FALSE(bare_answer("null"));
    EXPECT_FALSE(bare_answer("```json\nnull\n```"));
    auto typed = from_llm_response<std::string>("null");
    ASSERT_TRUE(typed) << typed.error();
    EXPECT_EQ(typed->value, "");
    EXPECT_EQ(max_risk(typed->diagnostics), Risk::Warning);
    auto schema = compiled(R"({"type":"string"})").from_llm_response("null");
    ASSERT_FALSE(schema) << schema->value.dump();
    auto optional = from_llm_response<std::optional<std::string>>("null");
    ASSERT_TRUE(optional) << optional.error();
    EXPECT_FALSE(optional->value.has_value());
    // A word that only contains it stays a word.
    EXPECT_EQ(bare_answer("nullable"), "nullable");
}

TEST(BareAnswer, JsonStillWinsOverTheBareReading) {
    auto quoted = from_llm_response<std::string>(R"("hello")");
    ASSERT_TRUE(quoted) << quoted.error();
    EXPECT_EQ(quoted->value, "hello"); // the JSON string, not the text with its quotes
    EXPECT_FALSE(has_repair(quoted->diagnostics, RepairKind::BareAnswer));
}

} // namespace
