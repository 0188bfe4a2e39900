// The TypedLM crate's exact strings (corpora/typedlm/exact_strings.md): instructions, the schema
// heading, repair feedback, error displays, kind and strategy names, the respond tool and the
// native schema's name. The corpus is prose, so the strings are written here and the test checks
// that each still occurs in it (a changed corpus fails loudly). Deliberate differences:
// * "answer violates the output schema at {p1, p2}": laminate prints each path with its message
//   (the instance cut off) and prints `*` for keys the schema does not declare.
// * "answer failed validation: {e1; e2}": laminate prints the number of rule messages.
// * "no valid answer after {n} attempts, last error: {last}": laminate names every attempt's kind
//   ("...after 3 attempts: schema_violation, schema_violation, validation; last error: ...").
// * kind(): laminate adds budget_exceeded (token budgets).
#include "lm/program/program_test_types.hpp"

#include <gtest/gtest.h>

using namespace laminate;
using namespace lmtest;

namespace {

std::string corpus_text() { return test::read_file(typedlm_dir() / "exact_strings.md"); }

void expect_in_corpus(const std::string& corpus, std::string_view s) {
    EXPECT_NE(corpus.find(s), std::string::npos) << "not in exact_strings.md: " << s;
}

TEST(ExactStrings, TheCorpusStillSaysWhatTheseTestsAssume) {
    LAMINATE_REQUIRE_CORPUS(typedlm_dir() / "exact_strings.md");
    const std::string c = corpus_text();
    for (std::string_view s : {
             R"("{DESCRIPTION}\n\nThe input is given as JSON. Respond with a single JSON value that matches the output schema.")",
             R"("\n\nOutput JSON Schema:\n")",
             R"("Your previous response does not satisfy the output contract. {details}\nReturn a corrected response.")",
             R"("It is not valid JSON ({reason}). Respond with a single JSON value only.")",
             R"("It violates the output schema:\n- {path}: {message}\n- ...")",
             R"("It does not match the expected structure: {serde message}")",
             R"("It fails validation:\n- {rule message}\n- ...")",
             R"("input cannot be serialized: …")", R"("model {m} refused to answer")",
             R"("answer of model {m} was truncated")", R"("answer is not valid JSON: {reason}")",
             R"("answer does not deserialize into the output type")",
             "provider, invalid_input, refusal, truncated, invalid_json, schema_violation, deserialize, validation, retry_limit_exceeded",
             "native_schema, tool_call, json_mode, prompt_only", R"(name "respond", description "Return the result.")",
             R"(json_schema name "output")", R"("required field is missing")"})
        expect_in_corpus(c, s);
}

TEST(ExactStrings, SystemMessageIsInstructionsThenTheJsonSentence) {
    auto model = std::make_shared<lm::ScriptedProvider>();
    model->push_text(R"({"number": "A", "total_cents": 1})");
    lm::Program<ExtractInvoice> p{model, {.strategy = lm::Strategy::NativeSchema}};
    ASSERT_TRUE(p.run({.text = "x"}));
    const auto sent = model->requests().at(0);
    EXPECT_EQ(sent.messages.at(0).content,
              "Extract the invoice.\n\nThe input is given as JSON. Respond with a single JSON value that matches the output schema.");
    EXPECT_EQ(sent.schema_name, "output");
    EXPECT_EQ(sent.messages.at(1).content, R"({"text":"x"})");
}

TEST(ExactStrings, PromptOnlyAppendsTheCompactDialectSchema) {
    auto model = std::make_shared<lm::ScriptedProvider>();
    model->push_text(R"({"number": "A", "total_cents": 1})");
    lm::Program<ExtractInvoice> p{model, {.strategy = lm::Strategy::PromptOnly}};
    ASSERT_TRUE(p.run({.text = "x"}));
    const std::string expected =
        "Extract the invoice.\n\nThe input is given as JSON. Respond with a single JSON value that matches the output schema."
        "\n\nOutput JSON Schema:\n" +
        to_dialect(output_schema<Invoice>(), Dialect::Generic)->dump();
    EXPECT_EQ(model->requests().at(0).messages.at(0).content, expected);
}

TEST(ExactStrings, RepairFeedbackOfEveryRepairableKind) {
    const auto schema = output_schema<Invoice>();
    auto invalid = lm::parse_output<Invoice>(text_response("nothing here"), schema);
    ASSERT_FALSE(invalid);
    EXPECT_EQ(invalid.error().repair_feedback(),
              "Your previous response does not satisfy the output contract. It is not valid JSON (no JSON object or array "
              "found). Respond with a single JSON value only.\nReturn a corrected response.");
    auto violation = lm::parse_output<Invoice>(text_response(R"({"number": "A"})"), schema);
    ASSERT_FALSE(violation);
    EXPECT_EQ(violation.error().repair_feedback(),
              "Your previous response does not satisfy the output contract. It violates the output schema:\n"
              "- $.total_cents: required field is missing\nReturn a corrected response.");
    auto rules = lm::parse_output<Invoice>(text_response(R"({"number": "A", "total_cents": 1})"), schema, {},
                                           [](const Invoice&) { return std::vector<std::string>{"a", "b"}; });
    ASSERT_FALSE(rules);
    EXPECT_EQ(rules.error().repair_feedback(),
              "Your previous response does not satisfy the output contract. It fails validation:\n- a\n- b\nReturn a corrected response.");
    auto shape = lm::parse_output<Invoice>(text_response(R"("x")"), Value::object());
    ASSERT_FALSE(shape);
    EXPECT_EQ(shape.error().repair_feedback().rfind(
                  "Your previous response does not satisfy the output contract. It does not match the expected structure: ", 0),
              0u);
}

TEST(ExactStrings, ErrorDisplays) {
    EXPECT_EQ(lm::Error::invalid_input("a number that JSON cannot carry at $.x").to_string(),
              "input cannot be serialized: a number that JSON cannot carry at $.x");
    EXPECT_EQ(lm::Error::refusal("gpt-x", "no", "no").to_string(), "model gpt-x refused to answer");
    EXPECT_EQ(lm::Error::truncated("gpt-x", "{").to_string(), "answer of model gpt-x was truncated");
    EXPECT_EQ(lm::Error::invalid_json("no JSON object or array found", "hi").to_string(),
              "answer is not valid JSON: no JSON object or array found");
    EXPECT_EQ(lm::Error::deserialize(Error(ErrorKind::TypeMismatch, "m"), "x").to_string(),
              "answer does not deserialize into the output type");
    lm::ProviderError pe{.reason = lm::ProviderError::Reason::Status, .message = "bad schema", .status = 400};
    EXPECT_EQ(lm::Error::provider(pe).to_string(), "provider returned status 400: bad schema");
    std::vector<lm::Error> attempts{lm::Error::invalid_json("r", ""), lm::Error::validation({"x"}, "")};
    EXPECT_EQ(lm::Error::retry_limit_exceeded(attempts).to_string(),
              "no valid answer after 2 attempts: invalid_json, validation; last error: answer failed validation: 1 rule message");
}

TEST(ExactStrings, KindAndStrategyNames) {
    using K = lm::ErrorKind;
    const std::pair<K, std::string_view> kinds[] = {
        {K::Provider, "provider"},         {K::InvalidInput, "invalid_input"},
        {K::Refusal, "refusal"},           {K::Truncated, "truncated"},
        {K::InvalidJson, "invalid_json"},  {K::SchemaViolation, "schema_violation"},
        {K::Deserialize, "deserialize"},   {K::Validation, "validation"},
        {K::RetryLimitExceeded, "retry_limit_exceeded"}, {K::BudgetExceeded, "budget_exceeded"}};
    for (auto [k, name] : kinds) EXPECT_EQ(lm::error_kind_name(k), name);
    EXPECT_EQ(lm::strategy_name(lm::Strategy::NativeSchema), "native_schema");
    EXPECT_EQ(lm::strategy_name(lm::Strategy::ToolCall), "tool_call");
    EXPECT_EQ(lm::strategy_name(lm::Strategy::JsonMode), "json_mode");
    EXPECT_EQ(lm::strategy_name(lm::Strategy::PromptOnly), "prompt_only");
}

TEST(ExactStrings, RespondToolNameAndDescription) {
    auto model = std::make_shared<lm::ScriptedProvider>(lm::Capabilities{.tool_calls = true});
    model->push_tool_call("respond", R"({"number": "A", "total_cents": 1})");
    lm::Program<ExtractInvoice> p{model};
    ASSERT_TRUE(p.run({.text = "x"}));
    const auto sent = model->requests().at(0);
    ASSERT_EQ(sent.tools.size(), 1u);
    EXPECT_EQ(sent.tools[0].name, "respond");
    EXPECT_EQ(sent.tools[0].description, "Return the result.");
    EXPECT_EQ(sent.tool_choice.mode, lm::ToolChoice::Mode::Named);
    EXPECT_EQ(sent.tool_choice.name, "respond");
}

} // namespace
