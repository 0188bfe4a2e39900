// The repair loop: repair rounds carry the original messages, the last answer and every violation
// at once; the context stays bounded; max_repairs 0 returns the first error; refusal, truncation
// and provider errors are never repaired; retry_limit_exceeded keeps every attempt's error.
#include "lm/program/program_test_types.hpp"

#include <gtest/gtest.h>

using namespace laminate;
using namespace lmtest;

namespace {

struct Echo {
    static constexpr std::string_view instructions = "Echo the number.";
    using output = Invoice;
    std::string text;
    std::vector<std::string> validate(const Invoice& i) const {
        if (i.number != text) return {"set `number` to the input text"};
        return {};
    }
};

const char* kValid = R"({"number": "A", "total_cents": 5, "note": null})";

TEST(Repair, OneRoundSendsTheAnswerBackWithTheViolation) {
    auto model = std::make_shared<lm::ScriptedProvider>();
    model->push_text(R"({"number": "A"})").push_text(kValid);
    lm::Program<ExtractInvoice> p{model};
    auto exec = p.execute({.text = "Invoice A"});
    ASSERT_TRUE(exec.ok()) << *exec.error;
    EXPECT_EQ(exec.output->total_cents, 5u);
    ASSERT_EQ(exec.attempts.size(), 2u);
    EXPECT_EQ(exec.attempts[0].error_kind(), "schema_violation");
    EXPECT_FALSE(exec.attempts[1].error);

    const auto second = model->requests().at(1).messages;
    ASSERT_EQ(second.size(), 4u); // system, user, assistant (the answer), user (the feedback)
    EXPECT_EQ(second[2].role, lm::Role::Assistant);
    EXPECT_EQ(second[2].content, R"({"number": "A"})");
    EXPECT_EQ(second[3].role, lm::Role::User);
    EXPECT_NE(second[3].content.find("$.total_cents: required field is missing"), std::string::npos);
    EXPECT_EQ(second[3].content.rfind("Your previous response does not satisfy the output contract. ", 0), 0u);
}

TEST(Repair, EveryViolationIsSentAtOnce) {
    auto model = std::make_shared<lm::ScriptedProvider>();
    model->push_text(R"({"urgency": "VERY_HIGH", "note": 5, "main_item": {"name": "db", "quantity": 300}, "items": [{"name": "db"}], "shape": "Triangle"})")
        .push_text(R"({"urgency": "High", "items": [{"name": "db", "quantity": 1}], "shape": "Unknown"})");
    lm::Program<Analyze> p{model};
    auto exec = p.execute({.text = "t"});
    ASSERT_TRUE(exec.ok()) << *exec.error;
    const std::string feedback = model->requests().at(1).messages.back().content;
    for (const char* line : {"- $.urgency: expected one of \"Low\", \"Medium\", \"High\", got \"VERY_HIGH\"",
                             "- $.main_item.quantity: expected a value <= 255, got 300",
                             "- $.items[0].quantity: required field is missing", "- $.shape:"})
        EXPECT_NE(feedback.find(line), std::string::npos) << line << "\n" << feedback;
    EXPECT_EQ(exec.attempts[0].violations().size(), exec.attempts[0].error->violations().size());
    EXPECT_GE(exec.attempts[0].violations().size(), 5u);
}

TEST(Repair, TwoRoundsKeepTheContextBounded) {
    auto model = std::make_shared<lm::ScriptedProvider>();
    model->push_text("no json at all").push_text(R"({"number": "A"})").push_text(kValid);
    lm::Program<ExtractInvoice> p{model};
    auto exec = p.execute({.text = "Invoice A"});
    ASSERT_TRUE(exec.ok()) << *exec.error;
    ASSERT_EQ(model->calls(), 3u);
    const auto r2 = model->requests()[1].messages;
    const auto r3 = model->requests()[2].messages;
    // Round 2 costs what round 1 did: the original two messages, the last answer, its feedback.
    ASSERT_EQ(r2.size(), 4u);
    ASSERT_EQ(r3.size(), 4u);
    EXPECT_EQ(r3[2].content, R"({"number": "A"})");
    EXPECT_EQ(r3[3].content.find("not valid JSON"), std::string::npos); // round 1's feedback is gone
    EXPECT_NE(r3[3].content.find("required field is missing"), std::string::npos);
    EXPECT_EQ(r2[0].content, r3[0].content);
    EXPECT_EQ(r2[1].content, r3[1].content);
}

TEST(Repair, MaxRepairsZeroReturnsTheFirstErrorAsIs) {
    auto model = std::make_shared<lm::ScriptedProvider>();
    model->push_text(R"({"number": "A"})").push_text(kValid);
    lm::Program<ExtractInvoice> p{model, {.max_repairs = 0}};
    auto r = p.run({.text = "x"});
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().kind(), lm::ErrorKind::SchemaViolation);
    EXPECT_EQ(model->calls(), 1u);
}

TEST(Repair, RefusalIsNotRepaired) {
    auto model = std::make_shared<lm::ScriptedProvider>();
    model->push_text("I can't help with that.", toolcall::FinishReason::Refusal).push_text(kValid);
    lm::Program<ExtractInvoice> p{model};
    auto r = p.run({.text = "x"});
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().kind(), lm::ErrorKind::Refusal);
    EXPECT_EQ(r.error().to_string(), "model scripted-model refused to answer");
    EXPECT_EQ(model->calls(), 1u);
}

TEST(Repair, TruncationIsNotRepaired) {
    auto model = std::make_shared<lm::ScriptedProvider>();
    model->push_text(R"({"number": "A)", toolcall::FinishReason::Length).push_text(kValid);
    lm::Program<ExtractInvoice> p{model};
    auto r = p.run({.text = "x"});
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().kind(), lm::ErrorKind::Truncated);
    EXPECT_EQ(model->calls(), 1u);
}

TEST(Repair, ProviderErrorsEndTheCall) {
    auto model = std::make_shared<lm::ScriptedProvider>();
    model->push_error({lm::ProviderError::Reason::Timeout, "no answer within 2 s"}).push_text(kValid);
    lm::Program<ExtractInvoice> p{model};
    auto exec = p.execute({.text = "x"});
    ASSERT_FALSE(exec.ok());
    EXPECT_EQ(exec.error->kind(), lm::ErrorKind::Provider);
    EXPECT_EQ(exec.error->to_string(), "timeout: no answer within 2 s");
    ASSERT_EQ(exec.attempts.size(), 1u);
    EXPECT_FALSE(exec.attempts[0].response);
}

TEST(Repair, RetryLimitKeepsEveryAttemptsError) {
    auto model = std::make_shared<lm::ScriptedProvider>();
    model->push_text(R"({"urgency": "Low", "items": [], "shape": "Triangle"})")
        .push_text(R"({"urgency": "Low", "items": [], "shape": "Triangle"})")
        .push_text(R"({"urgency": "Low", "items": [], "shape": "Unknown"})");
    lm::Program<Analyze> p{model};
    auto exec = p.execute({.text = "t"});
    ASSERT_FALSE(exec.ok());
    const lm::Error& e = *exec.error;
    EXPECT_EQ(e.kind(), lm::ErrorKind::RetryLimitExceeded);
    ASSERT_EQ(e.attempts().size(), 3u);
    EXPECT_EQ(e.attempts()[2].kind(), lm::ErrorKind::Validation);
    EXPECT_NE(e.to_string().find("3 attempts: schema_violation, schema_violation, validation"), std::string::npos)
        << e.to_string();
    EXPECT_EQ(exec.attempts.size(), 3u);
}

TEST(Repair, TheCallersInputIsNotModified) {
    auto model = std::make_shared<lm::ScriptedProvider>();
    model->push_text(R"({"number": "A"})").push_text(kValid);
    const ExtractInvoice input{.text = "Invoice A"};
    lm::Program<ExtractInvoice> p{model};
    ASSERT_TRUE(p.run(input));
    EXPECT_EQ(input.text, "Invoice A");
    EXPECT_EQ(model->requests()[0].messages[1].content, model->requests()[1].messages[1].content);
}

TEST(Repair, AToolCallAnswerIsAnsweredByToolTurns) {
    auto model = std::make_shared<lm::ScriptedProvider>(lm::Capabilities{.tool_calls = true});
    model->push_tool_call("respond", R"({"number": "A"})").push_tool_call("respond", kValid);
    lm::Program<ExtractInvoice> p{model};
    auto r = p.run({.text = "x"});
    ASSERT_TRUE(r) << r.error();
    const auto second = model->requests().at(1).messages;
    ASSERT_EQ(second.size(), 4u);
    EXPECT_EQ(second[2].role, lm::Role::Assistant);
    ASSERT_EQ(second[2].tool_calls.size(), 1u);
    EXPECT_EQ(second[2].tool_calls[0].name, "respond");
    EXPECT_EQ(second[3].role, lm::Role::Tool);
    EXPECT_EQ(second[3].tool_call_id, second[2].tool_calls[0].id);
    EXPECT_NE(second[3].content.find("$.total_cents: required field is missing"), std::string::npos);
}

TEST(Repair, SignatureRulesSeeTheInput) {
    auto model = std::make_shared<lm::ScriptedProvider>();
    model->push_text(R"({"number": "B", "total_cents": 1})").push_text(R"({"number": "A", "total_cents": 1})");
    lm::Program<Echo> p{model};
    auto exec = p.execute({.text = "A"});
    ASSERT_TRUE(exec.ok());
    EXPECT_EQ(exec.attempts[0].error_kind(), "validation");
    EXPECT_NE(model->requests()[1].messages[3].content.find("- set `number` to the input text"), std::string::npos);
}

} // namespace
