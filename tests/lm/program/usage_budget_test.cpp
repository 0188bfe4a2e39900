// Usage is reported per attempt and summed over the call, failures included; a token budget stops
// repair rounds with budget_exceeded; latency and the answering model are recorded.
#include "lm/program/program_test_types.hpp"

#include <gtest/gtest.h>

#include <limits>

using namespace laminate;
using namespace lmtest;
using lm::ScriptedProvider;

namespace {

struct Describe {
    static constexpr std::string_view instructions = "Describe.";
    using output = Invoice;
    double reading;
};

const char* kValid = R"({"number": "A", "total_cents": 5})";

TEST(Usage, EveryAttemptCountsFailuresIncluded) {
    auto model = std::make_shared<ScriptedProvider>();
    model->push_text("nope", toolcall::FinishReason::Stop, ScriptedProvider::usage(100, 10))
        .push_text(R"({"number": "A"})", toolcall::FinishReason::Stop, ScriptedProvider::usage(120, 12))
        .push_text(kValid, toolcall::FinishReason::Stop, ScriptedProvider::usage(130, 13));
    model->set_latency(std::chrono::milliseconds(5));
    lm::Program<ExtractInvoice> p{model};
    auto exec = p.execute({.text = "x"});
    ASSERT_TRUE(exec.ok());
    ASSERT_EQ(exec.attempts.size(), 3u);
    EXPECT_EQ(exec.attempts[0].usage.input_tokens, 100u);
    EXPECT_EQ(exec.attempts[1].usage.output_tokens, 12u);
    EXPECT_EQ(exec.usage.input_tokens, 350u);
    EXPECT_EQ(exec.usage.output_tokens, 35u);
    EXPECT_EQ(exec.usage.total_tokens, 385u);
    EXPECT_FALSE(exec.usage.cached_tokens.has_value()); // nobody reported it
    EXPECT_EQ(exec.latency, std::chrono::milliseconds(15));
    EXPECT_EQ(exec.model, "scripted-model");
    EXPECT_EQ(exec.strategy, lm::Strategy::PromptOnly);
}

TEST(Usage, AFailedCallReportsItsUsageToo) {
    auto model = std::make_shared<ScriptedProvider>();
    for (int i = 0; i < 3; ++i) model->push_text("nope", toolcall::FinishReason::Stop, ScriptedProvider::usage(10, 1));
    lm::Program<ExtractInvoice> p{model};
    auto exec = p.execute({.text = "x"});
    ASSERT_FALSE(exec.ok());
    EXPECT_EQ(exec.error->kind(), lm::ErrorKind::RetryLimitExceeded);
    EXPECT_EQ(exec.usage.input_tokens, 30u);
    EXPECT_EQ(exec.usage.output_tokens, 3u);
}

TEST(Budget, RunningOutStopsRepairsWithItsOwnKind) {
    auto model = std::make_shared<ScriptedProvider>();
    model->push_text("nope", toolcall::FinishReason::Stop, ScriptedProvider::usage(100, 10))
        .push_text("nope", toolcall::FinishReason::Stop, ScriptedProvider::usage(100, 10))
        .push_text(kValid, toolcall::FinishReason::Stop, ScriptedProvider::usage(100, 10));
    lm::Program<ExtractInvoice> p{model, {.max_repairs = 5, .token_budget = 200}};
    auto exec = p.execute({.text = "x"});
    ASSERT_FALSE(exec.ok());
    const lm::Error& e = *exec.error;
    EXPECT_EQ(e.kind(), lm::ErrorKind::BudgetExceeded);
    EXPECT_EQ(e.budget(), 200u);
    EXPECT_EQ(e.tokens_used(), 220u);
    EXPECT_EQ(e.attempts().size(), 2u);
    EXPECT_EQ(e.to_string(), "token budget of 200 exhausted: 220 tokens used in 2 attempts: invalid_json, invalid_json");
    EXPECT_EQ(model->calls(), 2u);
}

TEST(Budget, AValidAnswerIsKeptEvenPastTheBudget) {
    auto model = std::make_shared<ScriptedProvider>();
    model->push_text(kValid, toolcall::FinishReason::Stop, ScriptedProvider::usage(500, 50));
    lm::Program<ExtractInvoice> p{model, {.token_budget = 100}};
    auto exec = p.execute({.text = "x"});
    ASSERT_TRUE(exec.ok());
    EXPECT_EQ(exec.usage.input_tokens, 500u);
}

TEST(Tracing, OnCallSeesEveryAttemptAndOnRunTheTotals) {
    auto model = std::make_shared<ScriptedProvider>();
    model->push_text("nope", toolcall::FinishReason::Stop, ScriptedProvider::usage(10, 1))
        .push_text(kValid, toolcall::FinishReason::Stop, ScriptedProvider::usage(20, 2));
    std::vector<std::string> seen;
    std::size_t runs = 0;
    lm::ProgramOptions o;
    o.temperature = 0.0;
    o.on_call = [&](const lm::ModelCall& r) {
        seen.push_back(std::to_string(r.attempt) + ":" + (r.error ? std::string(r.error->kind_name()) : "ok"));
        EXPECT_EQ(r.provider_name, "scripted");
        EXPECT_EQ(r.request_model, "scripted-model");
        ASSERT_NE(r.request, nullptr);
        EXPECT_EQ(r.request->temperature, 0.0);
        ASSERT_NE(r.response, nullptr);
        EXPECT_FALSE(r.record_content);
    };
    o.on_run = [&](const lm::RunSummary& r) {
        ++runs;
        EXPECT_EQ(r.attempts, 2u);
        EXPECT_EQ(r.usage.input_tokens, 30u);
        EXPECT_EQ(r.error, nullptr);
        EXPECT_EQ(r.response_model, "scripted-model");
    };
    lm::Program<ExtractInvoice> p{model, o};
    ASSERT_TRUE(p.run({.text = "x"}));
    EXPECT_EQ(seen, (std::vector<std::string>{"1:invalid_json", "2:ok"}));
    EXPECT_EQ(runs, 1u);
}

TEST(Input, ANumberJsonCannotCarryIsInvalidInput) {
    auto model = std::make_shared<ScriptedProvider>();
    lm::Program<Describe> p{model};
    auto r = p.run({.reading = std::numeric_limits<double>::infinity()});
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().kind(), lm::ErrorKind::InvalidInput);
    EXPECT_EQ(r.error().to_string(), "input cannot be serialized: a number that JSON cannot carry at $.reading");
    EXPECT_EQ(model->calls(), 0u);
}

} // namespace
