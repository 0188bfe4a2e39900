// Tracing: the GenAI semantic-conventions names (1.37.0) spelled exactly, values of the right
// types, and the content of a call only with record_content.
#include <laminate/lm/tracing.hpp>
#include <laminate/parse.hpp>

#include <gtest/gtest.h>

#include <set>
#include <thread>

using namespace laminate;
using namespace laminate::lm;
using namespace std::chrono_literals;

namespace {

CallRecord full_record() {
    CallRecord r;
    r.provider_name = "openai";
    r.request_model = "gpt-4o";
    r.temperature = 0.25;
    r.max_tokens = 512;
    r.response_model = "gpt-4o-2024-08-06";
    r.response_id = "chatcmpl-123";
    r.finish_reasons = {"stop"};
    r.input_tokens = 100;
    r.output_tokens = 20;
    r.server_address = "api.openai.com";
    r.server_port = 443;
    r.attempts = 2;
    r.outcome = "repaired";
    r.duration = 1500ms;
    r.input_messages = {{.role = Role::System, .content = "SECRET-INSTRUCTIONS", .tool_calls = {}, .tool_call_id = {}},
                        {.role = Role::User, .content = "SECRET-QUESTION", .tool_calls = {}, .tool_call_id = {}}};
    r.output_messages = {{.role = Role::Assistant, .content = "SECRET-ANSWER", .tool_calls = {}, .tool_call_id = {}}};
    return r;
}

std::set<std::string> keys(const std::vector<Attribute>& attributes) {
    std::set<std::string> out;
    for (const auto& a : attributes) out.insert(a.key);
    return out;
}

bool mentions(const AttributeValue& v, std::string_view needle) {
    if (const auto* s = std::get_if<std::string>(&v)) return s->find(needle) != std::string::npos;
    if (const auto* list = std::get_if<std::vector<std::string>>(&v))
        for (const auto& s : *list)
            if (s.find(needle) != std::string::npos) return true;
    return false;
}

class FakeProvider final : public Provider {
public:
    std::string_view name() const noexcept override { return "ollama"; }
    const std::string& model() const noexcept override { return model_; }
    Capabilities capabilities() const noexcept override { return {}; }
    Result<Completion, ProviderError> complete(const ChatRequest&, const CallOptions&) override { return Completion{}; }
    std::string server_address() const override { return "localhost"; }
    int server_port() const override { return 11434; }

private:
    std::string model_ = "qwen3:32b";
};

} // namespace

TEST(Tracing, PinsSemconv1_37) { EXPECT_EQ(kSemconvVersion, "1.37.0"); }

TEST(Tracing, SpanIsNamedOperationThenModelAndIsAClientSpan) {
    RecordingTracer tracer;
    trace_call(tracer, full_record(), false);
    const auto spans = tracer.spans();
    ASSERT_EQ(spans.size(), 1u);
    EXPECT_EQ(spans[0].name, "chat gpt-4o");
    EXPECT_EQ(spans[0].kind, SpanKind::Client);
    EXPECT_TRUE(spans[0].ended);
    EXPECT_TRUE(spans[0].error_type.empty());

    CallRecord no_model;
    EXPECT_EQ(span_name(no_model), "chat");
    EXPECT_EQ(span_kind_name(SpanKind::Client), "client");
    EXPECT_EQ(span_kind_name(SpanKind::Internal), "internal");
    EXPECT_EQ(instrument_kind_name(InstrumentKind::Histogram), "histogram");
}

TEST(Tracing, AttributeNamesAreTheConventionsOwn) {
    const auto attributes = genai_attributes(full_record(), false);
    const std::set<std::string> expected = {
        "gen_ai.operation.name", "gen_ai.provider.name", "gen_ai.request.model",
        "gen_ai.request.temperature", "gen_ai.request.max_tokens", "gen_ai.output.type",
        "server.address", "server.port", "gen_ai.response.model", "gen_ai.response.id",
        "gen_ai.response.finish_reasons", "gen_ai.usage.input_tokens", "gen_ai.usage.output_tokens",
        "laminate.attempts", "laminate.outcome"};
    EXPECT_EQ(keys(attributes), expected);
    EXPECT_EQ(attributes.size(), expected.size()); // no key twice
    EXPECT_EQ(find_attribute(attributes, "gen_ai.system"), nullptr); // the pre-1.37 name
}

TEST(Tracing, AttributeValuesHaveTheConventionsTypes) {
    const auto a = genai_attributes(full_record(), false);
    auto value = [&](std::string_view key) -> const AttributeValue& {
        const Attribute* found = find_attribute(a, key);
        EXPECT_NE(found, nullptr) << key;
        static const AttributeValue none;
        return found ? found->value : none;
    };
    EXPECT_EQ(std::get<std::string>(value("gen_ai.operation.name")), "chat");
    EXPECT_EQ(std::get<std::string>(value("gen_ai.provider.name")), "openai");
    EXPECT_EQ(std::get<std::string>(value("gen_ai.request.model")), "gpt-4o");
    EXPECT_DOUBLE_EQ(std::get<double>(value("gen_ai.request.temperature")), 0.25);
    EXPECT_EQ(std::get<std::int64_t>(value("gen_ai.request.max_tokens")), 512);
    EXPECT_EQ(std::get<std::string>(value("gen_ai.output.type")), "json");
    EXPECT_EQ(std::get<std::string>(value("server.address")), "api.openai.com");
    EXPECT_EQ(std::get<std::int64_t>(value("server.port")), 443);
    EXPECT_EQ(std::get<std::string>(value("gen_ai.response.model")), "gpt-4o-2024-08-06");
    EXPECT_EQ(std::get<std::string>(value("gen_ai.response.id")), "chatcmpl-123");
    EXPECT_EQ(std::get<std::vector<std::string>>(value("gen_ai.response.finish_reasons")),
              std::vector<std::string>{"stop"});
    EXPECT_EQ(std::get<std::int64_t>(value("gen_ai.usage.input_tokens")), 100);
    EXPECT_EQ(std::get<std::int64_t>(value("gen_ai.usage.output_tokens")), 20);
    EXPECT_EQ(std::get<std::int64_t>(value("laminate.attempts")), 2);
    EXPECT_EQ(std::get<std::string>(value("laminate.outcome")), "repaired");
}

TEST(Tracing, StartAttributesAreWhatTheRequestKnows) {
    const auto start = keys(genai_start_attributes(full_record(), false));
    EXPECT_TRUE(start.count("gen_ai.request.model"));
    EXPECT_TRUE(start.count("server.port"));
    EXPECT_FALSE(start.count("gen_ai.response.id"));
    EXPECT_FALSE(start.count("gen_ai.usage.input_tokens"));
}

TEST(Tracing, ValuesNobodyKnowsAreLeftOut) {
    CallRecord r; // nothing but the operation and the output type
    EXPECT_EQ(keys(genai_attributes(r, true)), (std::set<std::string>{"gen_ai.operation.name", "gen_ai.output.type"}));
}

TEST(Tracing, ContentAppearsOnlyWithRecordContent) {
    RecordingTracer quiet;
    trace_call(quiet, full_record(), false);
    for (const auto& span : quiet.spans())
        for (const auto& a : span.attributes) {
            EXPECT_NE(a.key, "gen_ai.input.messages");
            EXPECT_NE(a.key, "gen_ai.output.messages");
            EXPECT_FALSE(mentions(a.value, "SECRET")) << a.key;
        }
    for (const auto& m : quiet.metrics())
        for (const auto& a : m.attributes) EXPECT_FALSE(mentions(a.value, "SECRET")) << a.key;

    const auto loud = genai_attributes(full_record(), true);
    const Attribute* in = find_attribute(loud, "gen_ai.input.messages");
    const Attribute* out = find_attribute(loud, "gen_ai.output.messages");
    ASSERT_NE(in, nullptr);
    ASSERT_NE(out, nullptr);
    auto input = parse_json(std::get<std::string>(in->value));
    ASSERT_TRUE(input.has_value());
    ASSERT_EQ(input->size(), 2u);
    EXPECT_EQ((*input)[0]["role"].as_string(), "system");
    EXPECT_EQ((*input)[1]["role"].as_string(), "user");
    EXPECT_EQ((*input)[1]["parts"][0]["type"].as_string(), "text");
    EXPECT_EQ((*input)[1]["parts"][0]["content"].as_string(), "SECRET-QUESTION");
    auto output = parse_json(std::get<std::string>(out->value));
    ASSERT_TRUE(output.has_value());
    EXPECT_EQ((*output)[0]["role"].as_string(), "assistant");
    EXPECT_EQ((*output)[0]["parts"][0]["content"].as_string(), "SECRET-ANSWER");
    EXPECT_EQ((*output)[0]["finish_reason"].as_string(), "stop");
}

TEST(Tracing, ToolCallsAndToolAnswersTakeTheConventionsPartShapes) {
    toolcall::ToolCall call;
    call.id = "call_1";
    call.name = "lookup";
    call.arguments = Value::object({{"city", Value("Oslo")}});
    std::vector<Message> messages = {
        {.role = Role::Assistant, .content = "", .tool_calls = {call}, .tool_call_id = {}},
        {.role = Role::Tool, .content = "12 degrees", .tool_calls = {}, .tool_call_id = "call_1"}};
    auto parsed = parse_json(genai_messages_json(messages));
    ASSERT_TRUE(parsed.has_value());
    const Value& assistant_part = (*parsed)[0]["parts"][0];
    EXPECT_EQ(assistant_part["type"].as_string(), "tool_call");
    EXPECT_EQ(assistant_part["id"].as_string(), "call_1");
    EXPECT_EQ(assistant_part["name"].as_string(), "lookup");
    EXPECT_EQ(assistant_part["arguments"]["city"].as_string(), "Oslo");
    const Value& tool_part = (*parsed)[1]["parts"][0];
    EXPECT_EQ(tool_part["type"].as_string(), "tool_call_response");
    EXPECT_EQ(tool_part["id"].as_string(), "call_1");
    EXPECT_EQ(tool_part["response"].as_string(), "12 degrees");
}

TEST(Tracing, MetricsAreDurationInSecondsAndTokenUsageByType) {
    RecordingTracer tracer;
    trace_call(tracer, full_record(), false);
    const auto metrics = tracer.metrics();
    ASSERT_EQ(metrics.size(), 3u);
    EXPECT_EQ(metrics[0].name, "gen_ai.client.operation.duration");
    EXPECT_EQ(metrics[0].unit, "s");
    EXPECT_EQ(metrics[0].instrument, InstrumentKind::Histogram);
    EXPECT_DOUBLE_EQ(metrics[0].value, 1.5);
    EXPECT_EQ(find_attribute(metrics[0].attributes, "error.type"), nullptr);
    for (std::size_t i : {1u, 2u}) {
        EXPECT_EQ(metrics[i].name, "gen_ai.client.token.usage");
        EXPECT_EQ(metrics[i].unit, "{token}");
        EXPECT_EQ(metrics[i].instrument, InstrumentKind::Histogram);
        const Attribute* op = find_attribute(metrics[i].attributes, "gen_ai.operation.name");
        ASSERT_NE(op, nullptr);
        EXPECT_EQ(std::get<std::string>(op->value), "chat");
        EXPECT_NE(find_attribute(metrics[i].attributes, "gen_ai.provider.name"), nullptr);
        EXPECT_NE(find_attribute(metrics[i].attributes, "gen_ai.request.model"), nullptr);
    }
    EXPECT_EQ(std::get<std::string>(find_attribute(metrics[1].attributes, "gen_ai.token.type")->value), "input");
    EXPECT_DOUBLE_EQ(metrics[1].value, 100);
    EXPECT_EQ(std::get<std::string>(find_attribute(metrics[2].attributes, "gen_ai.token.type")->value), "output");
    EXPECT_DOUBLE_EQ(metrics[2].value, 20);
}

TEST(Tracing, AFailedCallCarriesErrorTypeOnSpanAndDuration) {
    CallRecord r = full_record();
    r.error_type = "retry_limit_exceeded";
    r.outcome = "error";
    r.input_tokens.reset();
    r.output_tokens.reset();
    RecordingTracer tracer;
    trace_call(tracer, r, false);
    const auto span = tracer.spans().at(0);
    EXPECT_EQ(span.error_type, "retry_limit_exceeded");
    const Attribute* e = find_attribute(span.attributes, "error.type");
    ASSERT_NE(e, nullptr);
    EXPECT_EQ(std::get<std::string>(e->value), "retry_limit_exceeded");
    const auto metrics = tracer.metrics();
    ASSERT_EQ(metrics.size(), 1u); // no token counts reported: no token points
    EXPECT_NE(find_attribute(metrics[0].attributes, "error.type"), nullptr);
}

TEST(Tracing, RecordsFillFromProviderRequestAndResponsesSummingTokens) {
    FakeProvider provider;
    ChatRequest request{.model = "", .messages = {{.role = Role::User, .content = "hi", .tool_calls = {}, .tool_call_id = {}}},
                        .strategy = Strategy::JsonMode, .output_schema = {}, .schema_name = "output", .strict = false,
                        .tools = {}, .tool_choice = {}, .temperature = 0.0, .max_tokens = 64};
    CallRecord r = call_record(provider, request);
    EXPECT_EQ(r.provider_name, "ollama");
    EXPECT_EQ(r.request_model, "qwen3:32b"); // the provider's model when the request names none
    EXPECT_EQ(r.temperature, 0.0);
    EXPECT_EQ(r.max_tokens, 64u);
    EXPECT_EQ(r.server_address, "localhost");
    EXPECT_EQ(r.server_port, 11434);
    ASSERT_EQ(r.input_messages.size(), 1u);

    toolcall::Response first;
    first.model = "qwen3:32b";
    first.id = "a";
    first.usage.input_tokens = 10;
    first.usage.output_tokens = 5;
    first.choices.push_back({.index = 0, .content = {toolcall::Text{"{"}}, .finish = {toolcall::FinishReason::Length, "length"}});
    record_response(r, first);
    toolcall::Response second = first;
    second.id = "b";
    second.choices[0] = {.index = 0, .content = {toolcall::Text{"{}"}}, .finish = {toolcall::FinishReason::Stop, "stop"}};
    record_response(r, second);
    EXPECT_EQ(r.response_id, "b");
    EXPECT_EQ(r.input_tokens, 20u);
    EXPECT_EQ(r.output_tokens, 10u);
    EXPECT_EQ(r.finish_reasons, std::vector<std::string>{"stop"});
    ASSERT_EQ(r.output_messages.size(), 1u);
    EXPECT_EQ(r.output_messages[0].content, "{}");
}

TEST(Tracing, RecordingTracerTakesSpansFromManyThreads) {
    RecordingTracer tracer;
    {
        std::vector<std::jthread> threads;
        for (int t = 0; t < 4; ++t)
            threads.emplace_back([&] {
                for (int i = 0; i < 50; ++i) trace_call(tracer, full_record(), false);
            });
    }
    const auto spans = tracer.spans();
    EXPECT_EQ(spans.size(), 200u);
    for (const auto& s : spans) EXPECT_TRUE(s.ended);
    EXPECT_EQ(tracer.metrics().size(), 600u);
}
