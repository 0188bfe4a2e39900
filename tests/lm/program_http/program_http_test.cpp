// Programs over real HTTP: Program<Sig> with OpenAiCompatible against a loopback server
// replaying chat-completion bodies. Each scenario of the issue: a valid first answer, one and two
// repair rounds, a refusal, truncation, 429 with Retry-After then success, 500 then success, a
// client error not retried, a hung connection hitting the timeout, a malformed body, a stream cut
// mid-way, streaming with typed partial outputs, and an action enum as native tools. Request
// bodies are asserted as the TypedLM scenarios do (model, messages, schema, tool_choice).
#include "lm/program/program_test_types.hpp"
#include "loopback_server.hpp"

#include <laminate/lm/providers.hpp>

#include <gtest/gtest.h>

#include <chrono>
#include <string>

using namespace laminate;
using namespace lmtest;
using laminate::test::LoopbackServer;
using laminate::test::Reply;

namespace {

// A chat completion whose message is `message` (JSON), finishing with `finish`.
std::string completion(const std::string& message, const std::string& finish = "stop") {
    return R"({"id":"chatcmpl-1","object":"chat.completion","model":"gpt-test-2026","choices":[{"index":0,"message":)" +
           message + R"(,"finish_reason":")" + finish + R"("}],"usage":{"prompt_tokens":50,"completion_tokens":7,"total_tokens":57}})";
}

std::string text_message(const std::string& content) {
    return Value::object({{"role", Value("assistant")}, {"content", Value(content)}}).dump();
}

std::string answer(const std::string& content, const std::string& finish = "stop") {
    return completion(text_message(content), finish);
}

const std::string kValid = R"({"number": "R-17", "total_cents": 11900, "note": null})";

lm::ProviderOptions options_for(const LoopbackServer& server, std::size_t attempts = 3) {
    return lm::ProviderOptions{.base_url = server.url() + "/v1", .model = "gpt-test", .api_key = "sk-test-SECRETKEY",
                               .http = {.total_timeout = std::chrono::milliseconds(10'000),
                                        .retry = {.max_attempts = attempts, .initial_backoff = std::chrono::milliseconds(1),
                                                  .max_backoff = std::chrono::milliseconds(5)}}};
}

TEST(ProgramOverHttp, AValidFirstAnswer) {
    LoopbackServer server;
    server.enqueue(Reply::json(answer(kValid)));
    lm::Program<ExtractInvoice> p{lm::OpenAiCompatible(options_for(server)), {.temperature = 0.0}};
    auto exec = p.execute({.text = "Invoice R-17, total 119.00 EUR"});
    ASSERT_TRUE(exec.ok()) << *exec.error;
    EXPECT_EQ(exec.output->total_cents, 11900u);
    EXPECT_EQ(exec.model, "gpt-test-2026");
    EXPECT_EQ(exec.usage.output_tokens, 7u);
    EXPECT_EQ(exec.attempts.size(), 1u);

    const auto requests = server.requests();
    ASSERT_EQ(requests.size(), 1u);
    const auto& r = requests[0];
    EXPECT_EQ(r.method, "POST");
    EXPECT_EQ(r.path, "/v1/chat/completions");
    EXPECT_EQ(r.header("authorization"), "Bearer sk-test-SECRETKEY");
    const Value body = r.json();
    EXPECT_EQ(body["model"].as_string(), "gpt-test");
    EXPECT_EQ(body["temperature"].as_double(), 0.0);
    EXPECT_EQ(body["messages"][0]["role"].as_string(), "system");
    EXPECT_EQ(body["messages"][1]["content"].as_string(), R"({"text":"Invoice R-17, total 119.00 EUR"})");
    EXPECT_EQ(body["response_format"]["type"].as_string(), "json_schema");
    EXPECT_EQ(body["response_format"]["json_schema"]["name"].as_string(), "output");
}

TEST(ProgramOverHttp, OneRepairRoundSendsTheAnswerBackWithEveryViolation) {
    LoopbackServer server;
    server.enqueue(Reply::json(answer(R"({"number": 5})")));
    server.enqueue(Reply::json(answer(kValid)));
    lm::Program<ExtractInvoice> p{lm::OpenAiCompatible(options_for(server)), {.mode = Mode::Strict}};
    auto exec = p.execute({.text = "x"});
    ASSERT_TRUE(exec.ok()) << *exec.error;
    EXPECT_EQ(exec.attempts.size(), 2u);
    EXPECT_EQ(exec.usage.input_tokens, 100u); // both attempts count
    const auto requests = server.requests();
    ASSERT_EQ(requests.size(), 2u);
    const Value second = requests[1].json()["messages"];
    ASSERT_EQ(second.size(), 4u);
    EXPECT_EQ(second[2]["role"].as_string(), "assistant");
    EXPECT_EQ(second[2]["content"].as_string(), R"({"number": 5})");
    const std::string feedback(second[3]["content"].as_string());
    EXPECT_NE(feedback.find("$.total_cents: required field is missing"), std::string::npos) << feedback;
    EXPECT_NE(feedback.find("$.number"), std::string::npos) << feedback; // every violation at once
}

TEST(ProgramOverHttp, TwoRepairRoundsKeepTheContextBounded) {
    LoopbackServer server;
    server.enqueue(Reply::json(answer("not json at all")));
    server.enqueue(Reply::json(answer(R"({"number": "R-17"})")));
    server.enqueue(Reply::json(answer(kValid)));
    lm::Program<ExtractInvoice> p{lm::OpenAiCompatible(options_for(server))};
    auto exec = p.execute({.text = "x"});
    ASSERT_TRUE(exec.ok()) << *exec.error;
    EXPECT_EQ(exec.attempts.size(), 3u);
    const auto requests = server.requests();
    ASSERT_EQ(requests.size(), 3u);
    // Round 2 carries only the last answer and its feedback, not round 1's.
    EXPECT_EQ(requests[2].json()["messages"].size(), 4u);
    EXPECT_EQ(requests[2].json()["messages"][2]["content"].as_string(), R"({"number": "R-17"})");
}

TEST(ProgramOverHttp, RepairsRunOutAsRetryLimitExceeded) {
    LoopbackServer server;
    for (int i = 0; i < 3; ++i) server.enqueue(Reply::json(answer(R"({"number": "SECRET-ANSWER"})")));
    lm::Program<ExtractInvoice> p{lm::OpenAiCompatible(options_for(server))};
    auto r = p.run({.text = "x"});
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().kind(), lm::ErrorKind::RetryLimitExceeded);
    EXPECT_EQ(r.error().attempts().size(), 3u);
    EXPECT_EQ(r.error().to_string().find("SECRET-ANSWER"), std::string::npos);
}

TEST(ProgramOverHttp, ARefusalIsNotRepaired) {
    LoopbackServer server;
    server.enqueue(Reply::json(completion(R"({"role":"assistant","content":null,"refusal":"I can't do that."})")));
    lm::Program<ExtractInvoice> p{lm::OpenAiCompatible(options_for(server))};
    auto r = p.run({.text = "x"});
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().kind(), lm::ErrorKind::Refusal);
    EXPECT_EQ(server.request_count(), 1u);
}

TEST(ProgramOverHttp, ATruncatedAnswerIsNotRepaired) {
    LoopbackServer server;
    server.enqueue(Reply::json(answer(R"({"number": "A)", "length")));
    lm::Program<ExtractInvoice> p{lm::OpenAiCompatible(options_for(server))};
    auto r = p.run({.text = "x"});
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().kind(), lm::ErrorKind::Truncated);
    EXPECT_EQ(server.request_count(), 1u);
}

TEST(ProgramOverHttp, A429WithRetryAfterThenSuccessIsOneAttempt) {
    LoopbackServer server;
    server.enqueue(Reply::json("{}", 429).with_header("Retry-After", "0"));
    server.enqueue(Reply::json(answer(kValid)));
    lm::Program<ExtractInvoice> p{lm::OpenAiCompatible(options_for(server))};
    auto exec = p.execute({.text = "x"});
    ASSERT_TRUE(exec.ok()) << *exec.error;
    EXPECT_EQ(exec.attempts.size(), 1u); // a transport retry is not a repair round
    EXPECT_EQ(server.request_count(), 2u);
}

TEST(ProgramOverHttp, A500Then503ThenSuccess) {
    LoopbackServer server;
    server.enqueue(Reply::json("{}", 500));
    server.enqueue(Reply::html_error(503));
    server.enqueue(Reply::json(answer(kValid)));
    lm::Program<ExtractInvoice> p{lm::OpenAiCompatible(options_for(server))};
    auto exec = p.execute({.text = "x"});
    ASSERT_TRUE(exec.ok()) << *exec.error;
    EXPECT_EQ(server.request_count(), 3u);
}

TEST(ProgramOverHttp, AClientErrorIsNotRetriedAndNotRepaired) {
    LoopbackServer server;
    server.enqueue(Reply::json(R"({"error":{"message":"bad schema","type":"invalid_request_error"}})", 400));
    lm::Program<ExtractInvoice> p{lm::OpenAiCompatible(options_for(server))};
    auto r = p.run({.text = "x"});
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().kind(), lm::ErrorKind::Provider);
    ASSERT_TRUE(r.error().provider_error().has_value());
    EXPECT_EQ(r.error().provider_error()->status, 400);
    EXPECT_NE(r.error().provider_error()->body.find("bad schema"), std::string::npos);
    EXPECT_EQ(server.request_count(), 1u);
    EXPECT_EQ(r.error().to_string().find("sk-test-SECRETKEY"), std::string::npos);
}

TEST(ProgramOverHttp, AHungConnectionHitsTheTimeout) {
    LoopbackServer server;
    Reply hang = Reply::json(answer(kValid));
    hang.hang = true;
    server.enqueue(std::move(hang));
    auto o = options_for(server, 1);
    o.http.total_timeout = std::chrono::milliseconds(300);
    lm::Program<ExtractInvoice> p{lm::OpenAiCompatible(o)};
    const auto start = std::chrono::steady_clock::now();
    auto r = p.run({.text = "x"});
    const auto took = std::chrono::steady_clock::now() - start;
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().kind(), lm::ErrorKind::Provider);
    ASSERT_TRUE(r.error().provider_error().has_value());
    EXPECT_EQ(r.error().provider_error()->reason, lm::ProviderError::Reason::Timeout);
    EXPECT_LT(took, std::chrono::seconds(5));
    server.stop();
}

TEST(ProgramOverHttp, AMalformedBodyIsAProviderError) {
    LoopbackServer server;
    server.enqueue(Reply::json(R"({"this is": "no chat completion")"));
    lm::Program<ExtractInvoice> p{lm::OpenAiCompatible(options_for(server, 1))};
    auto r = p.run({.text = "x"});
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().kind(), lm::ErrorKind::Provider);
    ASSERT_TRUE(r.error().provider_error().has_value());
    EXPECT_EQ(r.error().provider_error()->reason, lm::ProviderError::Reason::MalformedResponse);
}

// SSE chunks of a streamed chat completion whose content arrives in `pieces`.
std::vector<std::string> stream_of(const std::vector<std::string>& pieces) {
    std::vector<std::string> events;
    for (const auto& piece : pieces)
        events.push_back(R"({"id":"c","object":"chat.completion.chunk","model":"gpt-test-2026","choices":[{"index":0,"delta":{"content":)" +
                         Value(piece).dump() + R"(},"finish_reason":null}]})");
    events.push_back(R"({"id":"c","object":"chat.completion.chunk","model":"gpt-test-2026","choices":[{"index":0,"delta":{},"finish_reason":"stop"}]})");
    events.push_back("[DONE]");
    return events;
}

TEST(ProgramOverHttp, StreamingHandsOverTypedPartialOutputs) {
    LoopbackServer server;
    server.enqueue(Reply::sse(stream_of({R"({"number": "R-)", R"(17", "total_)", R"(cents": 11900, "note": null})"})));
    lm::Program<ExtractInvoice> p{lm::OpenAiCompatible(options_for(server))};
    std::vector<std::string> numbers;
    std::size_t typed = 0;
    auto exec = p.stream({.text = "x"}, [&](const lm::PartialOutput<Invoice>& partial) {
        if (const Value* n = partial.value.find("number"); n && n->is_string()) numbers.emplace_back(n->as_string());
        if (partial.typed()) ++typed;
    });
    ASSERT_TRUE(exec.ok()) << *exec.error;
    EXPECT_EQ(exec.output->total_cents, 11900u);
    ASSERT_FALSE(numbers.empty());
    EXPECT_EQ(numbers.front(), "R-"); // the field as it was being written
    EXPECT_EQ(numbers.back(), "R-17");
    EXPECT_GE(typed, 1u);
    EXPECT_TRUE(server.requests()[0].json()["stream"].as_bool());
}

TEST(ProgramOverHttp, AStreamCutMidwayIsAnErrorNotATruncatedSuccess) {
    LoopbackServer server;
    server.enqueue(Reply::sse(stream_of({R"({"number": "R-)", R"(17", "total_)", R"(cents": 1})"})).cut(2));
    lm::Program<ExtractInvoice> p{lm::OpenAiCompatible(options_for(server, 1))};
    auto exec = p.stream({.text = "x"}, [](const lm::PartialOutput<Invoice>&) {});
    ASSERT_FALSE(exec.ok());
    EXPECT_EQ(exec.error->kind(), lm::ErrorKind::Provider);
    ASSERT_TRUE(exec.error->provider_error().has_value());
    EXPECT_EQ(exec.error->provider_error()->reason, lm::ProviderError::Reason::Transport);
}

// An action enum: a variant of structs, one native tool per action.
struct Pay {
    std::string number;
};
struct Review {};
using InvoiceAction = std::variant<Pay, Review>;

struct DecideInvoice {
    static constexpr std::string_view instructions = "Decide what to do with the invoice.";
    using output = InvoiceAction;
    std::string text;
};

TEST(ProgramOverHttp, AnActionEnumBecomesNativeTools) {
    LoopbackServer server;
    server.enqueue(Reply::json(completion(
        R"({"role":"assistant","content":null,"tool_calls":[{"id":"1","type":"function","function":{"name":"Pay","arguments":"{\"number\": \"R-1\"}"}}]})",
        "tool_calls")));
    server.enqueue(Reply::json(completion(
        R"({"role":"assistant","content":null,"tool_calls":[{"id":"2","type":"function","function":{"name":"Review","arguments":"{}"}}]})",
        "tool_calls")));
    lm::Program<DecideInvoice> p{lm::OpenAiCompatible(options_for(server)), {.strategy = lm::Strategy::ToolCall}};
    auto first = p.run({.text = "R-1"});
    ASSERT_TRUE(first) << first.error();
    ASSERT_TRUE(std::holds_alternative<Pay>(*first));
    EXPECT_EQ(std::get<Pay>(*first).number, "R-1");
    auto second = p.run({.text = "R-2"});
    ASSERT_TRUE(second) << second.error();
    EXPECT_TRUE(std::holds_alternative<Review>(*second));

    const Value body = server.requests()[0].json();
    EXPECT_EQ(body["tool_choice"].as_string(), "required");
    ASSERT_EQ(body["tools"].size(), 2u);
    EXPECT_EQ(body["tools"][0]["function"]["name"].as_string(), "Pay");
    EXPECT_EQ(body["tools"][1]["function"]["name"].as_string(), "Review");
    EXPECT_FALSE(body.contains("response_format"));
}

TEST(ProgramOverHttp, EveryProviderRunsTheSameProgram) {
    // One valid answer in each provider's own format, through the same Program.
    struct Case {
        const char* kind;
        const char* path;
        std::string body;
    };
    const std::string content = Value(kValid).dump();
    const std::vector<Case> cases = {
        {"openai-responses", "/v1",
         R"({"id":"resp_1","object":"response","status":"completed","model":"m","output":[{"type":"message","id":"msg_1","status":"completed","role":"assistant","content":[{"type":"output_text","text":)" +
             content + R"(,"annotations":[]}]}],"usage":{"input_tokens":10,"output_tokens":5,"total_tokens":15}})"},
        {"anthropic", "/v1",
         R"({"id":"msg_1","type":"message","role":"assistant","model":"m","content":[{"type":"text","text":)" + content +
             R"(}],"stop_reason":"end_turn","usage":{"input_tokens":10,"output_tokens":5}})"},
        {"gemini", "/v1beta",
         R"({"candidates":[{"content":{"role":"model","parts":[{"text":)" + content +
             R"(}]},"finishReason":"STOP","index":0}],"usageMetadata":{"promptTokenCount":10,"candidatesTokenCount":5,"totalTokenCount":15},"modelVersion":"m"})"},
        {"ollama", "",
         R"({"model":"m","created_at":"2026-12-06T12:00:00Z","message":{"role":"assistant","content":)" + content +
             R"(},"done":true,"done_reason":"stop","prompt_eval_count":10,"eval_count":5})"},
    };
    for (const auto& c : cases) {
        SCOPED_TRACE(c.kind);
        LoopbackServer server;
        server.enqueue(Reply::json(c.body));
        auto o = options_for(server);
        o.base_url = server.url() + c.path;
        auto provider = lm::make_provider(c.kind, o);
        ASSERT_TRUE(provider) << provider.error().to_string();
        lm::Program<ExtractInvoice> p{std::shared_ptr<lm::Provider>(std::move(*provider))};
        auto r = p.run({.text = "x"});
        ASSERT_TRUE(r) << r.error();
        EXPECT_EQ(r->total_cents, 11900u);
        EXPECT_EQ(server.request_count(), 1u);
    }
}

} // namespace
