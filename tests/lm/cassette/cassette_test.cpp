// Cassettes: what RecordingProvider writes, ReplayProvider answers the same, and a request
// not recorded fails clearly without quoting content. Keys never reach the file.
#include <laminate/lm/cassette.hpp>
#include <laminate/parse.hpp>

#include <gtest/gtest.h>

#include <atomic>
#include <fstream>
#include <sstream>
#include <unistd.h>

using namespace laminate;
using namespace laminate::lm;

namespace {

// Answers "answer to <last message>" with a tool call and usage; fails on "fail".
class EchoProvider final : public Provider {
public:
    std::string api_key = "sk-SECRET-KEY-123"; // a provider's configuration; must never be recorded
    std::atomic<int> calls{0};

    std::string_view name() const noexcept override { return "openai"; }
    const std::string& model() const noexcept override { return model_; }
    Capabilities capabilities() const noexcept override {
        return {.native_schema = true, .tool_calls = true, .json_mode = false, .streaming = true,
                .dialect = Dialect::OpenAiStrict, .strict_schema = true};
    }
    Result<Completion, ProviderError> complete(const ChatRequest& request, const CallOptions&) override {
        const int n = ++calls;
        const std::string& last = request.messages.back().content;
        if (last == "fail") return ProviderError{.reason = ProviderError::Reason::Status, .message = "bad", .status = 500};
        toolcall::Response r;
        r.id = "resp-" + std::to_string(n);
        r.model = "gpt-4o-2024-08-06";
        r.provider = toolcall::Format::OpenAi;
        toolcall::Choice choice;
        choice.content.emplace_back(toolcall::Text{"answer to " + last});
        toolcall::ToolCall call;
        call.id = "call_1";
        call.name = "lookup";
        toolcall::read_arguments(call, R"({"q": ")" + last + R"(", "n": 2})");
        choice.content.emplace_back(std::move(call));
        choice.finish = {toolcall::FinishReason::ToolCalls, "tool_calls"};
        r.choices.push_back(std::move(choice));
        r.usage.input_tokens = 12;
        r.usage.output_tokens = 7;
        return Completion{.response = std::move(r), .latency = std::chrono::milliseconds(5), .http_attempts = 1};
    }

private:
    std::string model_ = "gpt-4o";
};

ChatRequest request_for(std::string text, std::optional<double> temperature = 0.2) {
    ChatRequest r;
    r.model = "gpt-4o";
    r.messages = {{.role = Role::System, .content = "Be brief.", .tool_calls = {}, .tool_call_id = {}},
                  {.role = Role::User, .content = std::move(text), .tool_calls = {}, .tool_call_id = {}}};
    r.strategy = Strategy::NativeSchema;
    r.output_schema = Value::object({{"type", Value("object")}});
    r.strict = true;
    r.tools = {ToolSpec{.name = "lookup", .description = "Look up", .parameters = Value::object(), .strict = false}};
    r.tool_choice = {.mode = ToolChoice::Mode::Named, .name = "lookup"};
    r.temperature = temperature;
    r.max_tokens = 256;
    return r;
}

const CallOptions no_options{.stop = {}, .on_delta = {}};

class Cassette : public ::testing::Test {
protected:
    void SetUp() override {
        dir_ = std::filesystem::temp_directory_path() /
               ("laminate_cassette_" + std::to_string(::getpid()) + "_" +
                ::testing::UnitTest::GetInstance()->current_test_info()->name());
        std::filesystem::remove_all(dir_);
        std::filesystem::create_directories(dir_);
    }
    void TearDown() override { std::filesystem::remove_all(dir_); }
    std::filesystem::path file(const char* name) const { return dir_ / name; }
    static std::string slurp(const std::filesystem::path& p) {
        std::ifstream in(p, std::ios::binary);
        std::ostringstream s;
        s << in.rdbuf();
        return s.str();
    }
    std::filesystem::path dir_;
};

} // namespace

TEST_F(Cassette, ReplayAnswersWhatWasRecorded) {
    EchoProvider real;
    std::vector<toolcall::Response> recorded;
    {
        RecordingProvider recorder(real, file("c.json"));
        for (const char* q : {"alpha", "beta"}) {
            auto done = recorder.complete(request_for(q), no_options);
            ASSERT_TRUE(done.has_value());
            recorded.push_back(done->response);
        }
        EXPECT_EQ(recorder.size(), 2u);
        EXPECT_FALSE(recorder.write_error().has_value());
    }
    ReplayProvider replay(file("c.json"));
    ASSERT_FALSE(replay.load_error().has_value());
    EXPECT_EQ(replay.size(), 2u);
    // Any order: matching is by request.
    auto beta = replay.complete(request_for("beta"), no_options);
    auto alpha = replay.complete(request_for("alpha"), no_options);
    ASSERT_TRUE(alpha.has_value());
    ASSERT_TRUE(beta.has_value());
    EXPECT_EQ(alpha->response, recorded[0]);
    EXPECT_EQ(beta->response, recorded[1]);
    EXPECT_EQ(alpha->response.text(), "answer to alpha");
    ASSERT_EQ(alpha->response.tool_calls().size(), 1u);
    EXPECT_EQ(alpha->response.tool_calls()[0]->arguments["n"], Value(2));
    EXPECT_EQ(alpha->response.finish().reason, toolcall::FinishReason::ToolCalls);
    EXPECT_EQ(alpha->response.usage.input_tokens, 12u);
    EXPECT_EQ(real.calls.load(), 2); // replay never called the real provider
}

TEST_F(Cassette, ReplayTakesNameModelAndCapabilitiesFromTheCassette) {
    EchoProvider real;
    RecordingProvider recorder(real, file("c.json"));
    ASSERT_TRUE(recorder.complete(request_for("x"), no_options).has_value());
    ReplayProvider replay(file("c.json"));
    EXPECT_EQ(replay.name(), "openai");
    EXPECT_EQ(replay.model(), "gpt-4o");
    EXPECT_TRUE(replay.capabilities().native_schema);
    EXPECT_EQ(replay.capabilities().dialect, Dialect::OpenAiStrict);
    EXPECT_TRUE(replay.capabilities().strict_schema);
    EXPECT_FALSE(replay.capabilities().json_mode);
}

TEST_F(Cassette, TheFileHoldsTheCanonicalRequestAndNeverAKey) {
    EchoProvider real;
    RecordingProvider recorder(real, file("c.json"));
    ASSERT_TRUE(recorder.complete(request_for("alpha"), no_options).has_value());
    const std::string text = slurp(file("c.json"));
    EXPECT_EQ(text.find("sk-SECRET"), std::string::npos);
    auto parsed = parse_json(text);
    ASSERT_TRUE(parsed.has_value());
    const Value& request = (*parsed)["interactions"][0]["request"];
    for (const char* key : {"model", "messages", "strategy", "schema", "tools", "tool_choice", "temperature", "max_tokens"})
        EXPECT_TRUE(request.contains(key)) << key;
    EXPECT_EQ(request["strategy"].as_string(), "native_schema");
    EXPECT_EQ(request["tool_choice"]["name"].as_string(), "lookup");
    EXPECT_EQ(request["max_tokens"], Value(256));
    EXPECT_EQ((*parsed)["interactions"][0]["response"]["text"].as_string(), "answer to alpha");
    EXPECT_FALSE(std::filesystem::exists(file("c.json.tmp")));
}

TEST_F(Cassette, ARequestNotRecordedFailsNamingTheCassetteNotTheContent) {
    EchoProvider real;
    RecordingProvider recorder(real, file("c.json"));
    ASSERT_TRUE(recorder.complete(request_for("alpha"), no_options).has_value());
    ReplayProvider replay(file("c.json"));
    auto missing = replay.complete(request_for("PRIVATE-QUESTION"), no_options);
    ASSERT_FALSE(missing.has_value());
    EXPECT_EQ(missing.error().reason, ProviderError::Reason::NotRecorded);
    EXPECT_NE(missing.error().message.find("c.json"), std::string::npos);
    EXPECT_EQ(missing.error().to_string().find("PRIVATE"), std::string::npos);
    EXPECT_EQ(missing.error().to_string().find("Be brief"), std::string::npos);
    // Everything in the canonical form counts: another temperature is another request.
    auto warmer = replay.complete(request_for("alpha", 0.9), no_options);
    ASSERT_FALSE(warmer.has_value());
    EXPECT_EQ(warmer.error().reason, ProviderError::Reason::NotRecorded);
}

TEST_F(Cassette, TheSameRequestRecordedTwiceIsAnsweredInOrderThenTheLastRepeats) {
    EchoProvider real;
    RecordingProvider recorder(real, file("c.json"));
    ASSERT_TRUE(recorder.complete(request_for("same"), no_options).has_value());
    ASSERT_TRUE(recorder.complete(request_for("same"), no_options).has_value());
    ReplayProvider replay(file("c.json"));
    EXPECT_EQ(replay.complete(request_for("same"), no_options)->response.id, "resp-1");
    EXPECT_EQ(replay.complete(request_for("same"), no_options)->response.id, "resp-2");
    EXPECT_EQ(replay.complete(request_for("same"), no_options)->response.id, "resp-2");
}

TEST_F(Cassette, AFailedCallPassesThroughAndIsNotRecorded) {
    EchoProvider real;
    RecordingProvider recorder(real, file("c.json"));
    auto failed = recorder.complete(request_for("fail"), no_options);
    ASSERT_FALSE(failed.has_value());
    EXPECT_EQ(failed.error().status, 500);
    EXPECT_EQ(recorder.size(), 0u);
    EXPECT_FALSE(std::filesystem::exists(file("c.json")));
}

TEST_F(Cassette, AMissingOrBrokenCassetteFailsEveryCall) {
    ReplayProvider missing(file("nope.json"));
    ASSERT_TRUE(missing.load_error().has_value());
    auto a = missing.complete(request_for("x"), no_options);
    ASSERT_FALSE(a.has_value());
    EXPECT_EQ(a.error().reason, ProviderError::Reason::NotRecorded);

    std::ofstream(file("broken.json")) << "{\"interactions\": [";
    ReplayProvider broken(file("broken.json"));
    auto b = broken.complete(request_for("x"), no_options);
    ASSERT_FALSE(b.has_value());
    EXPECT_EQ(b.error().reason, ProviderError::Reason::MalformedResponse);

    std::ofstream(file("other.json")) << R"({"hello": "world"})";
    ReplayProvider other(file("other.json"));
    EXPECT_EQ(other.complete(request_for("x"), no_options).error().reason, ProviderError::Reason::MalformedResponse);
}

TEST_F(Cassette, AReformattedCassetteStillMatches) {
    EchoProvider real;
    {
        RecordingProvider recorder(real, file("c.json"));
        ASSERT_TRUE(recorder.complete(request_for("alpha"), no_options).has_value());
    }
    // Someone reformats the file compactly: matching is by value, not by text.
    auto parsed = parse_json(slurp(file("c.json")));
    ASSERT_TRUE(parsed.has_value());
    std::ofstream(file("c.json"), std::ios::trunc) << parsed->dump();
    ReplayProvider replay(file("c.json"));
    EXPECT_TRUE(replay.complete(request_for("alpha"), no_options).has_value());
}

TEST_F(Cassette, ReplayStreamsTheAnswerAsDeltasWhenAsked) {
    EchoProvider real;
    RecordingProvider recorder(real, file("c.json"));
    ASSERT_TRUE(recorder.complete(request_for("alpha"), no_options).has_value());
    ReplayProvider replay(file("c.json"));
    std::vector<toolcall::StreamDelta> deltas;
    auto done = replay.complete(request_for("alpha"),
                                {.stop = {}, .on_delta = [&](const toolcall::StreamDelta& d) { deltas.push_back(d); }});
    ASSERT_TRUE(done.has_value());
    ASSERT_EQ(deltas.size(), 2u);
    EXPECT_EQ(deltas[0].kind, toolcall::DeltaKind::Text);
    EXPECT_EQ(deltas[0].text, "answer to alpha");
    EXPECT_EQ(deltas[1].kind, toolcall::DeltaKind::ToolCallDone);
    EXPECT_EQ(deltas[1].done.name, "lookup");
}

TEST_F(Cassette, AStopRequestedBeforeTheCallCancelsIt) {
    EchoProvider real;
    RecordingProvider recorder(real, file("c.json"));
    ASSERT_TRUE(recorder.complete(request_for("alpha"), no_options).has_value());
    ReplayProvider replay(file("c.json"));
    std::stop_source stop;
    stop.request_stop();
    auto r = replay.complete(request_for("alpha"), {.stop = stop.get_token(), .on_delta = {}});
    ASSERT_FALSE(r.has_value());
    EXPECT_EQ(r.error().reason, ProviderError::Reason::Cancelled);
}

TEST(CassetteFormat, ResponsesRoundTripThroughTheirStoredForm) {
    toolcall::Response r;
    r.id = "x";
    r.model = "m";
    r.provider = toolcall::Format::Anthropic;
    toolcall::Choice c;
    c.content.emplace_back(toolcall::Reasoning{.text = "thinking", .signature = {}, .redacted = false});
    c.content.emplace_back(toolcall::Text{"hello"});
    c.finish = {toolcall::FinishReason::Stop, "end_turn"};
    r.choices.push_back(c);
    r.usage.input_tokens = 3;
    r.usage.total_tokens = 9;
    auto back = response_from_cassette(cassette_response(r));
    ASSERT_TRUE(back.has_value());
    EXPECT_EQ(*back, r);
    EXPECT_EQ(back->finish().raw, "end_turn");
    EXPECT_FALSE(response_from_cassette(Value(3)).has_value());
}
