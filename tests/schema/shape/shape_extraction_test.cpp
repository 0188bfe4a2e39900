// From model text: extraction, repair and shaping; the candidate that fits the schema wins.
#include "schema/schema_test_util.hpp"

#include <algorithm>

using namespace laminate;
using namespace schema_test;

namespace {
const char* kWeather = R"({"type":"dict","properties":{"city":{"type":"string"},"days":{"type":"integer"}},
                          "required":["city","days"]})";
}

TEST(SchemaExtraction, FencedProseAndRepairs) {
    auto s = compiled(kWeather);
    auto r = s.from_llm_response("Sure! Here you go:\n```json\n{city: 'Oslo', \"days\": \"3\",}\n```\nAnything else?");
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(r->value, json(R"({"city":"Oslo","days":3})"));
    EXPECT_TRUE(has_diagnostic(r->diagnostics, DiagnosticKind::Repaired, ""));
    EXPECT_TRUE(has_diagnostic(r->diagnostics, DiagnosticKind::Coerced, "days"));
}

TEST(SchemaExtraction, ThinkBlockAndToolCallTag) {
    auto s = compiled(kWeather);
    auto r = s.from_llm_response("<think>{\"city\": 1}</think>\n<tool_call>{\"city\":\"Rome\",\"days\":2}</tool_call>");
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(r->value["city"], Value("Rome"));
}

TEST(SchemaExtraction, TheCandidateThatFitsWins) {
    auto s = compiled(kWeather);
    auto r = s.from_llm_response("Example: {\"x\": 1}. Answer: {\"city\": \"Lima\", \"days\": 5}");
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(r->value["city"], Value("Lima"));
}

TEST(SchemaExtraction, NothingFitsReportsTheShapingError) {
    auto s = compiled(kWeather);
    auto r = s.from_llm_response("Here: {\"city\": \"Lima\"}");
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().kind(), ErrorKind::MissingField);
    auto none = s.from_llm_response("no json here at all");
    ASSERT_FALSE(none);
    EXPECT_EQ(none.error().kind(), ErrorKind::NoPayload);
}

TEST(SchemaExtraction, StrictNeedsValidJson) {
    auto s = compiled(kWeather);
    auto ok = s.from_json(R"({"city":"Oslo","days":3})", ShapeOptions{.mode = Mode::Strict});
    EXPECT_TRUE(ok);
    auto repaired = s.from_json(R"({"city":"Oslo","days":3,})", ShapeOptions{.mode = Mode::Strict});
    ASSERT_FALSE(repaired);
    EXPECT_EQ(repaired.error().kind(), ErrorKind::RepairNotAllowed);
}

TEST(SchemaExtraction, FailAtRiskApplies) {
    auto s = compiled(kWeather);
    auto r = s.from_json(R"({"city":"Oslo","days":"1,000"})", ShapeOptions{.fail_at = Risk::Warning});
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().kind(), ErrorKind::RiskExceeded);
}

TEST(SchemaExtraction, WholeValidJsonTakesTheFastPathWithTheSameAnswer) {
    auto s = compiled(kWeather);
    const char* text = "  {\"city\": \"Oslo\", \"days\": \"2\"}\n";
    auto direct = s.from_llm_response(text);
    auto parsed = s.from_json(text);
    ASSERT_TRUE(direct && parsed);
    EXPECT_EQ(direct->value, parsed->value);
    ASSERT_EQ(direct->diagnostics.size(), parsed->diagnostics.size());
    // Valid JSON that does not fit still falls back to the other candidates.
    auto nested = s.from_llm_response(R"({"wrapper": 1, "note": "see {\"city\": \"Rome\", \"days\": 4}"})");
    EXPECT_FALSE(nested);
}

namespace {
bool passed_over(const Diagnostics& ds) {
    return std::any_of(ds.begin(), ds.end(), [](const Diagnostic& d) {
        return d.repair == RepairKind::OtherCandidates && d.risk == Risk::Warning;
    });
}
} // namespace

TEST(SchemaExtraction, TwoCandidatesThatFitAreNeverASilentChoice) {
    auto s = compiled(kWeather);
    auto r = s.from_llm_response("Trip one {\"city\": \"Kyiv\", \"days\": 2} and trip two {\"city\": \"Lviv\", \"days\": 10}.");
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(r->value, json(R"({"city":"Lviv","days":10})")); // the largest span
    EXPECT_TRUE(passed_over(r->diagnostics));
    auto fences = s.from_llm_response("```json\n{\"city\": \"Kyiv\", \"days\": \"2\"}\n```\n```json\n{\"city\": \"Lviv\", \"days\": 1}\n```");
    ASSERT_TRUE(fences) << fences.error();
    EXPECT_EQ(fences->value, json(R"({"city":"Kyiv","days":2})")); // the first fence, shaped
    EXPECT_TRUE(passed_over(fences->diagnostics));
    EXPECT_TRUE(has_diagnostic(fences->diagnostics, DiagnosticKind::Coerced, "days"));
}

TEST(SchemaExtraction, AnObjectInProseBesideAFenceIsARival) {
    auto s = compiled(kWeather);
    auto r = s.from_llm_response("Format:\n```json\n{\"city\": \"string\", \"days\": 0}\n```\nAnswer: {\"city\": \"Oslo\", \"days\": 3}");
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(r->value, json(R"({"city":"string","days":0})")); // the fence ranks first
    EXPECT_TRUE(passed_over(r->diagnostics));
    // Prose that does not fit the schema is no rival.
    auto q = s.from_llm_response("```json\n{\"city\": \"Oslo\", \"days\": 3}\n```\nNote: {\"error\": null}");
    ASSERT_TRUE(q) << q.error();
    EXPECT_FALSE(passed_over(q->diagnostics));
}

// A template or an example that fits beside the answer that does not: the choice is flagged.
TEST(SchemaExtraction, ARefusedRivalWithTheSameKeysIsFlagged) {
    auto s = compiled(kWeather);
    for (const char* text : {"Not {\"city\": \"Rome\", \"days\": 2}, but {\"city\": \"Oslo\", \"days\": \"three\"}",
                             "Template {\"city\": \"string\", \"days\": 0}. Filled: {\"city\": \"Oslo\"}"}) {
        auto r = s.from_llm_response(text);
        ASSERT_TRUE(r) << text << ": " << r.error();
        EXPECT_TRUE(passed_over(r->diagnostics)) << text;
    }
}

TEST(SchemaExtraction, OneCandidateThatFitsAmongOthersIsQuiet) {
    auto s = compiled(kWeather);
    auto r = s.from_llm_response("```json\n{\"error\": null}\n```\n```json\n{\"city\": \"Lviv\", \"days\": 1}\n```");
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(r->value["city"], Value("Lviv"));
    EXPECT_FALSE(passed_over(r->diagnostics));
}

// A repeated key: which value won is a Warning on every path, the whole answer being JSON or not.
TEST(SchemaExtraction, DuplicateKeyWarnsOnEveryPath) {
    auto s = compiled(R"({"type":"object","properties":{"amount":{"type":"number"}},"required":["amount"]})");
    for (const char* text : {R"({"amount": 100, "amount": 100000})", R"(Here: {"amount": 100, "amount": 100000})"}) {
        auto r = s.from_llm_response(text);
        ASSERT_TRUE(r) << r.error();
        EXPECT_EQ(r->value, json(R"({"amount":100000})"));
        EXPECT_TRUE(has_diagnostic(r->diagnostics, DiagnosticKind::DuplicateKey, "amount")) << text;
    }
    auto j = s.from_json(R"({"amount": 100, "amount": 100000})");
    ASSERT_TRUE(j) << j.error();
    EXPECT_TRUE(has_diagnostic(j->diagnostics, DiagnosticKind::DuplicateKey, "amount"));
}

// A tool-call envelope is unwrapped only when it does not fit the schema while its arguments do.
TEST(SchemaExtraction, EnvelopeThatFitsIsKept) {
    const char* answer = R"({"name":"Alice","arguments":{"x":1}})";
    for (const char* schema : {R"({"type":"object"})", R"({"type":"object","properties":{"name":{"type":"string"}}})"}) {
        auto r = compiled(schema).from_llm_response(answer);
        ASSERT_TRUE(r) << r.error();
        EXPECT_EQ(r->value, json(answer)) << schema;
        for (const auto& d : r->diagnostics) EXPECT_NE(d.repair, RepairKind::EnvelopeUnwrapped) << schema;
    }
    // No key of the envelope declared: the envelope would fit only vacuously; its arguments are read.
    auto u = compiled(R"({"type":"object","properties":{"amount":{"type":"number"}}})")
                 .from_llm_response(R"({"name":"sk-live-ABCDEF1234567890","arguments":{"amount":1}})");
    ASSERT_TRUE(u) << u.error();
    EXPECT_EQ(u->value, json(R"({"amount":1})"));
    ASSERT_FALSE(u->diagnostics.empty());
    EXPECT_EQ(u->diagnostics[0].repair, RepairKind::EnvelopeUnwrapped);
    for (const auto& d : u->diagnostics) EXPECT_EQ(d.to_string().find("sk-live"), std::string::npos) << d.to_string();
    // Declared key, but the envelope does not fit (a required member missing): its arguments.
    auto a = compiled(R"({"type":"object","properties":{"name":{"type":"string"},"x":{"type":"integer"}},
                          "required":["name","x"]})").from_llm_response(R"({"name":"f","arguments":{"name":"Bo","x":1}})");
    ASSERT_TRUE(a) << a.error();
    EXPECT_EQ(a->value, json(R"({"name":"Bo","x":1})"));
}
