// laminate tool-calls: provider bodies and raw model text in, the normalized reply out.
#include "cli_runner.hpp"

#include <laminate/parse.hpp>

#include "corpora.hpp"

#include <gtest/gtest.h>

using laminate::Value;
using laminate::test::output_lines;
using laminate::test::parse_output;
using laminate::test::run_cli;

TEST(CliToolCalls, OpenAiBodyAutoDetected) {
    const std::string body = R"({"id":"chatcmpl-1","model":"gpt-4o","choices":[{"index":0,"message":{
        "role":"assistant","content":"Checking.","tool_calls":[{"id":"call_1","type":"function",
        "function":{"name":"get_weather","arguments":"{\"city\": \"Paris\",}"}}]},
        "finish_reason":"tool_calls"}],"usage":{"prompt_tokens":10,"completion_tokens":5,"total_tokens":15}})";
    auto run = run_cli({"tool-calls"}, body);
    ASSERT_EQ(run.exit_code, 0) << run.err;
    const Value out = parse_output(run.out);
    EXPECT_EQ(out["provider"], Value("openai"));
    EXPECT_EQ(out["text"], Value("Checking."));
    EXPECT_TRUE(out["reasoning"].is_null());
    ASSERT_EQ(out["tool_calls"].size(), 1u);
    EXPECT_EQ(out["tool_calls"][0]["id"], Value("call_1"));
    EXPECT_EQ(out["tool_calls"][0]["name"], Value("get_weather"));
    EXPECT_EQ(out["tool_calls"][0]["arguments"]["city"], Value("Paris"));
    EXPECT_EQ(out["finish_reason"], Value("tool_calls"));
    EXPECT_EQ(out["usage"]["input_tokens"], Value(10));
    ASSERT_GE(out["diagnostics"].size(), 1u); // the trailing comma in the arguments
    EXPECT_EQ(out["diagnostics"][0]["path"].as_string().substr(0, 25), "$.tool_calls[0].arguments");
    EXPECT_EQ(out["diagnostics"][0]["repair"], Value("trailing_comma"));
}

TEST(CliToolCalls, RawTextWithFormat) {
    auto run = run_cli({"tool-calls", "--format", "hermes", "--compact"},
                       "<think>plan</think><tool_call>{\"name\": \"f\", \"arguments\": {\"x\": 1}}</tool_call>");
    ASSERT_EQ(run.exit_code, 0) << run.err;
    EXPECT_EQ(output_lines(run.out).size(), 1u);
    const Value out = parse_output(run.out);
    EXPECT_EQ(out["provider"], Value("hermes"));
    EXPECT_EQ(out["reasoning"], Value("plan"));
    EXPECT_EQ(out["tool_calls"][0]["arguments"]["x"], Value(1));
    EXPECT_EQ(out["tool_calls"][0]["id"], Value("call_0"));
}

TEST(CliToolCalls, TruncatedRawCallIsPartial) {
    auto run = run_cli({"tool-calls"}, "[TOOL_CALLS]search[ARGS]{\"q\": \"lamin");
    ASSERT_EQ(run.exit_code, 0) << run.err;
    const Value out = parse_output(run.out);
    EXPECT_EQ(out["provider"], Value("mistral"));
    EXPECT_EQ(out["tool_calls"][0]["complete"], Value(false));
    EXPECT_EQ(out["tool_calls"][0]["arguments"]["q"], Value("lamin"));
}

TEST(CliToolCalls, ProviderErrorBodyFails) {
    auto run = run_cli({"tool-calls"}, R"({"error":{"message":"quota for sk-secret","type":"insufficient_quota"}})");
    EXPECT_EQ(run.exit_code, 1);
    const Value out = parse_output(run.out);
    EXPECT_EQ(out["error"]["kind"], Value("unknown_format"));
    EXPECT_EQ(run.out.find("sk-secret"), std::string::npos);
}

TEST(CliToolCalls, WrongFormatForBodyFails) {
    auto run = run_cli({"tool-calls", "--format", "gemini"}, R"({"choices":[]})");
    EXPECT_EQ(run.exit_code, 1);
    EXPECT_EQ(parse_output(run.out)["error"]["kind"], Value("unknown_format"));
}

TEST(CliToolCalls, UnknownFormatIsAUsageError) {
    auto run = run_cli({"tool-calls", "--format", "palm"}, "{}");
    EXPECT_EQ(run.exit_code, 2);
}

TEST(CliToolCalls, JsonlLinesWithPerLineFormat) {
    const std::string input =
        R"({"text": "{\"type\":\"message\",\"id\":\"m1\",\"content\":[{\"type\":\"tool_use\",\"id\":\"t1\",\"name\":\"f\",\"input\":{\"a\":1}}],\"stop_reason\":\"tool_use\"}"})" "\n"
        R"({"text": "{\"name\": \"g\", \"arguments\": {}}", "format": "bare-json"})" "\n"
        R"({"text": "nothing here", "format": "nope"})" "\n";
    auto run = run_cli({"tool-calls", "--jsonl"}, input);
    EXPECT_EQ(run.exit_code, 1); // the third line failed
    const auto lines = output_lines(run.out);
    ASSERT_EQ(lines.size(), 3u);
    const Value first = parse_output(lines[0]);
    EXPECT_EQ(first["provider"], Value("anthropic"));
    EXPECT_EQ(first["tool_calls"][0]["id"], Value("t1"));
    EXPECT_EQ(first["finish_reason"], Value("tool_calls"));
    EXPECT_EQ(first["finish_raw"], Value("tool_use"));
    EXPECT_EQ(parse_output(lines[1])["tool_calls"][0]["name"], Value("g"));
    EXPECT_EQ(parse_output(lines[2])["error"]["kind"], Value("unknown_format"));
}

TEST(CliToolCalls, RecordedGeminiFixture) {
    const auto path = laminate::test::corpora_dir() / "providers" / "vercel-ai" / "packages" / "google" /
                      "src" / "__fixtures__" / "google-tool-call.json";
    LAMINATE_REQUIRE_CORPUS(path);
    auto run = run_cli({"tool-calls"}, laminate::test::read_file(path));
    ASSERT_EQ(run.exit_code, 0) << run.err;
    const Value out = parse_output(run.out);
    EXPECT_EQ(out["provider"], Value("gemini"));
    EXPECT_EQ(out["tool_calls"][0]["arguments"]["location"], Value("San Francisco"));
    EXPECT_EQ(out["finish_reason"], Value("tool_calls"));
    EXPECT_EQ(out["finish_raw"], Value("STOP"));
    EXPECT_EQ(out["usage"]["reasoning_tokens"], Value(893));
}

TEST(CliToolCalls, StreamedAnthropicTranscript) {
    const auto path = laminate::test::corpora_dir() / "providers" / "anthropic-sdk-python" / "tests" / "lib" /
                      "streaming" / "fixtures" / "tool_use_response.txt";
    LAMINATE_REQUIRE_CORPUS(path);
    auto run = run_cli({"tool-calls", "--stream"}, laminate::test::read_file(path));
    ASSERT_EQ(run.exit_code, 0) << run.err;
    const Value out = parse_output(run.out);
    EXPECT_EQ(out["provider"], Value("anthropic"));
    EXPECT_EQ(out["tool_calls"][0]["id"], Value("toolu_01NRLabsLyVHZPKxbKvkfSMn"));
    EXPECT_EQ(out["tool_calls"][0]["arguments"]["location"], Value("Paris"));
    EXPECT_EQ(out["finish_reason"], Value("tool_calls"));
}

TEST(CliToolCalls, StreamedOpenAiSseWithParallelCalls) {
    const std::string sse =
        "data: {\"id\":\"c1\",\"model\":\"m\",\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":[{\"index\":0,\"id\":\"a\",\"function\":{\"name\":\"f\",\"arguments\":\"\"}}]}}]}\n\n"
        "data: {\"id\":\"c1\",\"model\":\"m\",\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":[{\"index\":1,\"id\":\"b\",\"function\":{\"name\":\"g\",\"arguments\":\"{\\\"y\\\":\"}}]}}]}\n\n"
        "data: {\"id\":\"c1\",\"model\":\"m\",\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":[{\"index\":0,\"function\":{\"arguments\":\"{\\\"x\\\": 1}\"}}]}}]}\n\n"
        "data: {\"id\":\"c1\",\"model\":\"m\",\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":[{\"index\":1,\"function\":{\"arguments\":\" 2}\"}}]},\"finish_reason\":\"tool_calls\"}]}\n\n"
        "data: [DONE]\n\n";
    auto run = run_cli({"tool-calls", "--stream"}, sse);
    ASSERT_EQ(run.exit_code, 0) << run.err << run.out;
    const Value out = parse_output(run.out);
    ASSERT_EQ(out["tool_calls"].size(), 2u);
    EXPECT_EQ(out["tool_calls"][0]["arguments"]["x"], Value(1));
    EXPECT_EQ(out["tool_calls"][1]["id"], Value("b"));
    EXPECT_EQ(out["tool_calls"][1]["arguments"]["y"], Value(2));
    EXPECT_EQ(out["finish_reason"], Value("tool_calls"));

    // The same calls, whole, give the same answer.
    const std::string whole = R"({"id":"c1","model":"m","choices":[{"index":0,"message":{"tool_calls":[
        {"id":"a","function":{"name":"f","arguments":"{\"x\": 1}"}},{"id":"b","function":{"name":"g","arguments":"{\"y\": 2}"}}]},
        "finish_reason":"tool_calls"}]})";
    auto again = run_cli({"tool-calls"}, whole);
    ASSERT_EQ(again.exit_code, 0);
    EXPECT_EQ(parse_output(again.out)["tool_calls"], out["tool_calls"]);
}

TEST(CliToolCalls, StreamWithRawTextFormatIsRefused) {
    auto run = run_cli({"tool-calls", "--stream", "--format", "hermes"}, "data: {}\n\n");
    EXPECT_EQ(run.exit_code, 1);
    EXPECT_EQ(parse_output(run.out)["error"]["kind"], Value("invalid_argument"));
}

TEST(CliToolCalls, RawTextRepairsPointAtTheCallWithWholeTextOffsets) {
    const std::string text = "Sure.\n<tool_call>{name: \"f\", \"arguments\": {\"a\": 'x'}}</tool_call>";
    auto run = run_cli({"tool-calls", "--compact"}, text);
    ASSERT_EQ(run.exit_code, 0) << run.err;
    const Value out = parse_output(run.out);
    ASSERT_EQ(out["diagnostics"].size(), 2u) << run.out;
    EXPECT_EQ(out["diagnostics"][0]["path"], Value("$.tool_calls[0].name"));
    EXPECT_EQ(out["diagnostics"][0]["offset"], Value(static_cast<std::uint64_t>(text.find("name:"))));
    EXPECT_EQ(out["diagnostics"][1]["path"], Value("$.tool_calls[0].arguments.a"));
    EXPECT_EQ(out["diagnostics"][1]["offset"], Value(static_cast<std::uint64_t>(text.find("'x'"))));
}

TEST(CliToolCalls, MarkerWithoutACallIsTextNotACall) {
    auto run = run_cli({"tool-calls", "--format", "mistral", "--compact"}, "[TOOL_CALLS] not json at all");
    ASSERT_EQ(run.exit_code, 0) << run.err;
    const Value out = parse_output(run.out);
    EXPECT_EQ(out["tool_calls"].size(), 0u);
    EXPECT_EQ(out["text"], Value("[TOOL_CALLS] not json at all"));
    EXPECT_EQ(out["finish_reason"], Value("none"));
    ASSERT_FALSE(out["diagnostics"].empty());
    EXPECT_EQ(out["diagnostics"][0]["kind"], Value("preserved"));
}
