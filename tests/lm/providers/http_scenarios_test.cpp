// The TypedLM HTTP scenarios (corpora/typedlm/http_scenarios.json) at the provider level: the
// scripted replies served over loopback, the requests a program would send for them, and the
// request-body and transport expectations that do not need the program layer (outputs,
// attempts and repair texts are the Program-level tests').
#include "fixtures.hpp"

#include "corpora.hpp"

#include <gtest/gtest.h>

using namespace laminate;
using namespace laminate::lm;
using laminate::test::LoopbackServer;
using laminate::test::Reply;

namespace {

Value scenarios() {
    const auto path = laminate::test::corpora_dir() / "typedlm" / "http_scenarios.json";
    if (!std::filesystem::exists(path)) return Value();
    return parse_json(laminate::test::read_file(path)).value();
}

const Value& scenario(const Value& all, std::string_view name) {
    for (const Value& s : all["scenarios"].items())
        if (s["name"].as_string() == name) return s;
    static const Value none;
    return none;
}

// A scripted reply: the completion envelope around a message, or a bare status.
Reply reply_of(const Value& all, const Value& r) {
    if (r.contains("status")) {
        Reply out = Reply::json(std::string(r["body"].as_string()), static_cast<int>(r["status"].as_double()));
        if (r.contains("headers")) {
            std::string h(r["headers"].as_string());
            const auto colon = h.find(':');
            out.headers.emplace_back(h.substr(0, colon), h.substr(colon + 2));
        }
        return out;
    }
    Value envelope = all["completion_envelope"];
    Value& choice = envelope.find("choices")->items()[0];
    choice.set("message", r["message"]);
    choice.set("finish_reason", r["finish"]);
    return Reply::json(envelope.dump());
}

Value invoice_schema(bool strict) {
    Value note = strict ? parse_json(R"({"type":["string","null"]})").value() : parse_json(R"({"type":"string"})").value();
    Value schema = Value::object({{"type", Value("object")},
                                  {"properties", Value::object({{"number", Value::object({{"type", Value("string")}})},
                                                                {"total_cents", Value::object({{"type", Value("integer")}})},
                                                                {"note", note}})},
                                  {"additionalProperties", Value(false)}});
    schema.set("required", strict ? Value::array({Value("note"), Value("number"), Value("total_cents")})
                                  : Value::array({Value("number"), Value("total_cents")}));
    return schema;
}

ChatRequest extract_request(Strategy strategy, bool strict) {
    ChatRequest r{.messages = {{Role::System, "Extract the invoice."}, {Role::User, R"({"text":"Invoice R-17, total 119.00 EUR"})"}},
                  .strategy = strategy, .strict = strict, .temperature = 0.0};
    if (strategy == Strategy::NativeSchema) r.output_schema = invoice_schema(strict);
    if (strategy == Strategy::ToolCall) {
        r.tools.push_back(ToolSpec{.name = "respond", .parameters = invoice_schema(strict), .strict = strict});
        r.tool_choice = {.mode = ToolChoice::Mode::Named, .name = "respond"};
    }
    return r;
}

class HttpScenarios : public ::testing::Test {
protected:
    void SetUp() override {
        all_ = scenarios();
        if (all_.is_null()) GTEST_SKIP() << "corpus not found: typedlm/http_scenarios.json (expected ../shared/corpora)";
    }
    OpenAiCompatible openai(const LoopbackServer& server, bool strict = true) {
        ProviderOptions o{.base_url = server.url() + "/v1", .model = "gpt-test", .api_key = "sk-test",
                          .http = {.retry = {.max_attempts = 3, .initial_backoff = std::chrono::milliseconds(1)}}};
        if (strict) o.capabilities = Capabilities{.native_schema = true, .tool_calls = true, .json_mode = true, .streaming = true,
                                                  .dialect = Dialect::OpenAiStrict, .strict_schema = true};
        return OpenAiCompatible(std::move(o));
    }
    Value all_;
};

} // namespace

TEST_F(HttpScenarios, NativeSchemaRoundTrip) {
    const Value& s = scenario(all_, "native_schema_round_trip");
    ASSERT_TRUE(s.is_object());
    const Value& expect = s["expect"];
    LoopbackServer server;
    auto provider = openai(server);
    server.enqueue(reply_of(all_, s["replies"][0]));
    auto done = provider.complete(extract_request(Strategy::NativeSchema, true), {});
    ASSERT_TRUE(done) << done.error().to_string();
    EXPECT_EQ(done->response.model, expect["model"].as_string());
    EXPECT_EQ(done->response.usage.output_tokens, 7u);
    const auto req = server.requests().at(0);
    EXPECT_EQ("post " + req.path, "post /v1/chat/completions"); // request_line_prefix
    EXPECT_EQ("authorization: " + std::string(req.header("Authorization")), "authorization: Bearer sk-test");
    const Value body = req.json();
    EXPECT_EQ(body["model"], expect["body.model"]);
    EXPECT_EQ(body["temperature"], expect["body.temperature"]);
    EXPECT_EQ(body["messages"][0]["role"], expect["body.messages[0].role"]);
    EXPECT_EQ(body["messages"][1]["content"], expect["body.messages[1].content"]);
    EXPECT_EQ(body["response_format"]["type"], expect["body.response_format.type"]);
    EXPECT_EQ(body["response_format"]["json_schema"]["strict"], expect["body.response_format.json_schema.strict"]);
    EXPECT_EQ(body["response_format"]["json_schema"]["schema"]["required"],
              expect["body.response_format.json_schema.schema.required"]);
}

TEST_F(HttpScenarios, ToolCallStrategyNamesTheToolAndSendsNoResponseFormat) {
    const Value& s = scenario(all_, "tool_call_strategy_reads_arguments");
    ASSERT_TRUE(s.is_object());
    LoopbackServer server;
    auto provider = openai(server);
    server.enqueue(reply_of(all_, s["replies"][0]));
    auto done = provider.complete(extract_request(Strategy::ToolCall, true), {});
    ASSERT_TRUE(done) << done.error().to_string();
    ASSERT_EQ(done->response.tool_calls().size(), 1u);
    EXPECT_EQ(done->response.tool_calls()[0]->arguments["note"], s["expect"]["output.note"]);
    const Value body = server.requests().at(0).json();
    EXPECT_EQ(body["tool_choice"]["function"]["name"], s["expect"]["body.tool_choice.function.name"]);
    EXPECT_FALSE(body.contains("response_format")); // "absent"
}

TEST_F(HttpScenarios, ActionToolsAreRequiredWithDescriptionsAndStrict) {
    const Value& s = scenario(all_, "action_enums_become_native_tools");
    ASSERT_TRUE(s.is_object());
    const Value& expect = s["expect"];
    LoopbackServer server;
    auto provider = openai(server);
    ChatRequest r = extract_request(Strategy::ToolCall, true);
    Value pay = parse_json(R"({"type":"object","properties":{"number":{"type":"string"}},"required":["number"],"additionalProperties":false})").value();
    Value review = parse_json(R"({"type":"object","properties":{},"required":[],"additionalProperties":false})").value();
    r.tools = {ToolSpec{.name = "Pay", .description = "Pay the invoice now.", .parameters = pay, .strict = true},
               ToolSpec{.name = "Review", .description = "Ask a human to review it.", .parameters = review, .strict = true}};
    r.tool_choice = {.mode = ToolChoice::Mode::Required};
    for (const Value& reply : s["replies"].items()) {
        server.enqueue(reply_of(all_, reply));
        ASSERT_TRUE(provider.complete(r, {}));
    }
    const auto requests = server.requests();
    ASSERT_EQ(requests.size(), 3u);
    const Value body = requests[0].json();
    EXPECT_EQ(body["tool_choice"], expect["body.tool_choice"]);
    EXPECT_EQ(body["tools"][0]["function"]["name"], expect["tool names"][0]);
    EXPECT_EQ(body["tools"][1]["function"]["name"], expect["tool names"][1]);
    EXPECT_EQ(body["tools"][0]["function"]["description"], expect["tools[0].function.description"]);
    EXPECT_EQ(body["tools"][0]["function"]["parameters"]["additionalProperties"], expect["tools[0].function.parameters.additionalProperties"]);
    EXPECT_EQ(body["tools"][0]["function"]["strict"], expect["tools[0].function.strict"]);
}

TEST_F(HttpScenarios, RepairTurnsBecomeMessages) {
    const Value& s = scenario(all_, "repair_turns_become_messages");
    ASSERT_TRUE(s.is_object());
    LoopbackServer server;
    auto provider = openai(server);
    ChatRequest r = extract_request(Strategy::NativeSchema, true);
    server.enqueue(reply_of(all_, s["replies"][0]));
    auto first = provider.complete(r, {});
    ASSERT_TRUE(first);
    r.messages.push_back({Role::Assistant, first->response.text()});
    r.messages.push_back({Role::User, "$.total_cents: required field is missing"});
    server.enqueue(reply_of(all_, s["replies"][1]));
    ASSERT_TRUE(provider.complete(r, {}));
    const Value second = server.requests().at(1).json();
    ASSERT_EQ(second["messages"].size(), 4u);
    EXPECT_EQ(second["messages"][2], s["expect"]["second.messages[2]"]);
    EXPECT_NE(second["messages"][3]["content"].as_string().find(s["expect"]["second.messages[3].content contains"].as_string()),
              std::string_view::npos);
}

TEST_F(HttpScenarios, RefusalAndLengthMapToFinishReasons) {
    const Value& s = scenario(all_, "refusal_field_and_length_map_to_finish_reasons");
    ASSERT_TRUE(s.is_object());
    LoopbackServer server;
    auto provider = openai(server);
    server.enqueue(reply_of(all_, s["replies"][0]));
    server.enqueue(reply_of(all_, s["replies"][1]));
    auto refusal = provider.complete(extract_request(Strategy::NativeSchema, true), {});
    ASSERT_TRUE(refusal);
    const auto& blocks = refusal->response.primary().content;
    ASSERT_FALSE(blocks.empty());
    ASSERT_TRUE(std::holds_alternative<toolcall::Refusal>(blocks.back()));
    EXPECT_EQ(std::get<toolcall::Refusal>(blocks.back()).text, "I can't do that.");
    auto truncated = provider.complete(extract_request(Strategy::NativeSchema, true), {});
    ASSERT_TRUE(truncated);
    EXPECT_EQ(truncated->response.finish().reason, toolcall::FinishReason::Length);
}

TEST_F(HttpScenarios, TransportRetriesOn429And5xx) {
    const Value& s = scenario(all_, "transport_retries_on_429_and_5xx");
    ASSERT_TRUE(s.is_object());
    LoopbackServer server;
    auto provider = openai(server);
    for (const Value& reply : s["replies"].items()) server.enqueue(reply_of(all_, reply));
    auto done = provider.complete(extract_request(Strategy::NativeSchema, true), {});
    ASSERT_TRUE(done) << done.error().to_string();
    EXPECT_EQ(done->http_attempts, static_cast<std::size_t>(s["expect"]["http_requests"].as_double()));
    EXPECT_EQ(server.request_count(), static_cast<std::size_t>(s["expect"]["http_requests"].as_double()));
}

TEST_F(HttpScenarios, ClientErrorsAreNotRetried) {
    const Value& s = scenario(all_, "client_errors_are_not_retried");
    ASSERT_TRUE(s.is_object());
    LoopbackServer server;
    auto provider = openai(server);
    server.enqueue(reply_of(all_, s["replies"][0]));
    server.enqueue(Reply::json(laminate::lm::test_fixtures::openai_reply()));
    auto done = provider.complete(extract_request(Strategy::NativeSchema, true), {});
    ASSERT_FALSE(done);
    EXPECT_EQ(done.error().reason, ProviderError::Reason::Status);
    EXPECT_EQ(done.error().status, 400);
    EXPECT_NE(done.error().body.find("bad schema"), std::string::npos);
    EXPECT_EQ(server.request_count(), 1u);
}

TEST_F(HttpScenarios, GenericDialectSendsANonStrictSchema) {
    const Value& s = scenario(all_, "generic_dialect_sends_non_strict_schema");
    ASSERT_TRUE(s.is_object());
    LoopbackServer server;
    auto provider = openai(server, false);
    server.enqueue(reply_of(all_, s["replies"][0]));
    ChatRequest r = extract_request(Strategy::NativeSchema, false);
    r.strict = true; // even when asked: a generic server takes no strict schemas
    ASSERT_TRUE(provider.complete(r, {}));
    const Value body = server.requests().at(0).json();
    EXPECT_EQ(body["response_format"]["json_schema"]["strict"], s["expect"]["json_schema.strict"]);
    EXPECT_EQ(body["response_format"]["json_schema"]["schema"]["required"], s["expect"]["json_schema.schema.required"]);
}
