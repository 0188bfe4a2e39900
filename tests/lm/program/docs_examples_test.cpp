// The code of docs/lm.md, compiled and run: a signature with a rule, a program over a scripted
// provider, parse_output on a response, the Value-level pipeline, the tracing hooks and a
// FunctionProvider. Keep it in step with the page.
#include <laminate/lm.hpp>

#include <gtest/gtest.h>

namespace docs {

enum class Urgency { Low, Medium, High, Critical };
enum class Category { Outage, Billing, Account, Bug, Question, Other };

struct TicketClassification {
    Urgency urgency;
    Category category;
    std::string summary;
};

struct ClassifyTicket {
    static constexpr std::string_view instructions =
        "Classify a customer support ticket by urgency and category.";
    using output = TicketClassification;
    std::string text;

    static std::vector<std::string> validate(const TicketClassification& t) {
        if (t.category == Category::Outage && t.urgency == Urgency::Low)
            return {"an outage is never of low urgency: choose High or Critical"};
        return {};
    }
};
static_assert(laminate::lm::Signature<ClassifyTicket>);
static_assert(laminate::lm::HasRules<ClassifyTicket>);

} // namespace docs

namespace {

TEST(DocsExamples, TestingWithoutANetwork) {
    using namespace docs;
    auto model = std::make_shared<laminate::lm::ScriptedProvider>(laminate::lm::Capabilities{.tool_calls = true});
    model->push_tool_call("respond", R"({"urgency": "High", "category": "Outage", "summary": "down"})");
    model->push_text("not json", laminate::toolcall::FinishReason::Stop, laminate::lm::ScriptedProvider::usage(100, 10));
    model->push_error({laminate::lm::ProviderError::Reason::Timeout, "no answer within 30 s"});

    std::size_t calls = 0, runs = 0;
    laminate::lm::ProgramOptions options;
    options.on_call = [&](const laminate::lm::ModelCall&) { ++calls; };
    options.on_run = [&](const laminate::lm::RunSummary&) { ++runs; };
    laminate::lm::Program<ClassifyTicket> classify{model, options};
    auto first = classify.run({.text = "Production database is down since 9:00"});
    ASSERT_TRUE(first) << first.error();
    EXPECT_EQ(first->urgency, Urgency::High);
    auto second = classify.execute({.text = "..."});
    ASSERT_FALSE(second.ok());
    EXPECT_EQ(second.error->kind(), laminate::lm::ErrorKind::Provider);
    EXPECT_EQ(second.attempts.size(), 2u); // not json, then the timeout
    EXPECT_EQ(second.usage.input_tokens, 100u);
    EXPECT_EQ(model->requests().size(), 3u);
    EXPECT_EQ(calls, 3u);
    EXPECT_EQ(runs, 2u);

    laminate::lm::FunctionProvider echo{[](const laminate::lm::ChatRequest& request)
                                            -> laminate::Result<laminate::toolcall::Response, laminate::lm::ProviderError> {
        return laminate::lm::ScriptedProvider::text_response(request.messages.back().content);
    }};
    laminate::lm::ChatRequest request;
    request.messages.push_back({laminate::lm::Role::User, R"({"text": "hi"})", {}, {}});
    auto done = echo.complete(request, {});
    ASSERT_TRUE(done);
    EXPECT_EQ(done->response.text(), R"({"text": "hi"})");
}

TEST(DocsExamples, ParseOutputWithoutAProgram) {
    using namespace docs;
    auto response = laminate::lm::ScriptedProvider::text_response(
        "Sure:\n```json\n{\"urgency\": \"high\", \"category\": \"Bug\", \"summary\": \"crash\"}\n```");
    auto out = laminate::lm::parse_output<TicketClassification>(response, laminate::output_schema<TicketClassification>());
    ASSERT_TRUE(out) << out.error();
    auto& [ticket, diagnostics] = *out;
    EXPECT_EQ(ticket.urgency, Urgency::High); // "high" matched case-insensitively, recorded
    EXPECT_FALSE(diagnostics.empty());

    auto schema = laminate::Schema::compile_json(R"({"type": "object", "required": ["id"]})");
    ASSERT_TRUE(schema);
    auto value = laminate::lm::parse_output_value(laminate::lm::ScriptedProvider::text_response(R"({"id": 7})"), *schema,
                                                  {.mode = laminate::Mode::Strict});
    ASSERT_TRUE(value) << value.error();
    EXPECT_EQ(value->value["id"], laminate::Value(7));
}

} // namespace
