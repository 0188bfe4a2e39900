// `laminate run` against the loopback server: JSONL inputs in, one answer or error line per input
// in input order, a bad line answered on its own, a repair round counted in "attempts", and the
// usage summed.
#include "cli_runner.hpp"
#include "loopback_server.hpp"

#include <laminate/parse.hpp>

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

using laminate::test::LoopbackServer;
using laminate::test::Reply;

namespace {

std::string chat(const std::string& content) {
    return R"({"id":"c","object":"chat.completion","model":"m","choices":[{"index":0,"message":{"role":"assistant","content":)" +
           laminate::Value(content).dump() + R"(},"finish_reason":"stop"}],"usage":{"prompt_tokens":10,"completion_tokens":5,"total_tokens":15}})";
}

std::filesystem::path write_schema() {
    const auto path = std::filesystem::temp_directory_path() / "laminate_cli_run_schema.json";
    std::ofstream(path) << R"({"type": "object", "properties": {"city": {"type": "string"}, "days": {"type": "integer", "minimum": 1}},
                              "required": ["city", "days"], "additionalProperties": false})";
    return path;
}

TEST(CliRun, AnswersEveryLineInOrderWithRepairsAndBadLines) {
    LoopbackServer server;
    // Answers by request content, so that concurrency cannot reorder them.
    server.set_handler([](const laminate::test::RecordedRequest& r) {
        const laminate::Value body = r.json();
        const laminate::Value& messages = body["messages"];
        const std::string input(messages[1]["content"].as_string());
        const bool repair = messages.size() > 2;
        if (input.find("Paris") != std::string::npos)
            return Reply::json(chat(R"({"city": "Paris", "days": 3})"));
        if (input.find("Rome") != std::string::npos)
            return Reply::json(chat(repair ? R"({"city": "Rome", "days": 2})" : R"({"city": "Rome", "days": 0})"));
        return Reply::json(chat("I cannot help with that."));
    });
    const auto schema = write_schema();
    const std::string input = R"({"text": "3 days in Paris"})"
                              "\n"
                              "not json\n"
                              R"({"text": "a weekend in Rome"})"
                              "\n"
                              R"({"text": "nothing"})"
                              "\n";
    auto run = laminate::test::run_cli({"run", "--schema", schema.string(), "--instructions", "Plan the trip.",
                                        "--provider", "openai-compatible", "--model", "m", "--base-url",
                                        server.url() + "/v1", "--max-repairs", "1", "--concurrency", "3"},
                                       input);
    EXPECT_EQ(run.exit_code, 1) << run.err; // some inputs failed
    const auto lines = laminate::test::output_lines(run.out);
    ASSERT_EQ(lines.size(), 4u) << run.out;
    const auto paris = laminate::test::parse_output(lines[0]);
    EXPECT_EQ(paris["output"]["city"].as_string(), "Paris");
    EXPECT_EQ(paris["attempts"].as_double(), 1);
    EXPECT_EQ(paris["usage"]["input_tokens"].as_double(), 10);
    const auto bad = laminate::test::parse_output(lines[1]);
    EXPECT_EQ(bad["error"]["kind"].as_string(), "invalid_input");
    EXPECT_NE(std::string(bad["error"]["message"].as_string()).find("line 2"), std::string::npos);
    const auto rome = laminate::test::parse_output(lines[2]);
    EXPECT_EQ(rome["output"]["days"].as_double(), 2);
    EXPECT_EQ(rome["attempts"].as_double(), 2);
    EXPECT_EQ(rome["usage"]["input_tokens"].as_double(), 20);
    const auto nothing = laminate::test::parse_output(lines[3]);
    EXPECT_EQ(nothing["error"]["kind"].as_string(), "retry_limit_exceeded");
    EXPECT_EQ(std::string(lines[3]).find("cannot help"), std::string::npos); // never the model's words
    EXPECT_TRUE(run.err.empty()) << run.err; // no progress bar when stderr is not a terminal
}

TEST(CliRun, ABadSchemaFileIsAUsageError) {
    auto run = laminate::test::run_cli({"run", "--schema", "/nonexistent/schema.json", "--instructions", "x",
                                        "--provider", "ollama", "--model", "m"},
                                       "");
    EXPECT_EQ(run.exit_code, 2);
    EXPECT_NE(run.out.find("cannot read the schema file"), std::string::npos) << run.out;
}

} // namespace
