// --jsonl: one {"text": …} request per line, one compact answer line each, in order; a bad line
// gets an error line and never stops the batch.
#include "cli_runner.hpp"

#include <gtest/gtest.h>

#include <laminate/parse.hpp>

#include <string>

using laminate::Value;
using laminate::test::output_lines;
using laminate::test::parse_output;
using laminate::test::read_example;
using laminate::test::run_cli;

namespace {

// A request line holding `text`.
std::string request(std::string_view text) {
    std::string line = "{\"text\": ";
    laminate::append_json_string(line, text);
    line += "}\n";
    return line;
}

std::vector<Value> answers(const laminate::test::CliRun& run) {
    std::vector<Value> out;
    for (const auto& line : output_lines(run.out)) out.push_back(parse_output(line));
    return out;
}

} // namespace

TEST(CliJsonl, AnswersInOrderOneLineEach) {
    const std::string input = request("1") + request("[2]") + request(R"({"n": 3})") + request("\"four\"");
    auto run = run_cli({"repair", "--jsonl"}, input);
    ASSERT_EQ(run.exit_code, 0) << run.out;
    const auto lines = output_lines(run.out);
    ASSERT_EQ(lines.size(), 4u) << run.out;
    EXPECT_EQ(lines[0], R"({"value":1,"diagnostics":[]})");
    EXPECT_EQ(lines[1], R"({"value":[2],"diagnostics":[]})");
    EXPECT_EQ(lines[2], R"({"value":{"n":3},"diagnostics":[]})");
    EXPECT_EQ(lines[3], R"({"value":"four","diagnostics":[]})");
}

TEST(CliJsonl, ManyLinesStreamInOrder) {
    std::string input;
    const int n = 3000;
    for (int i = 0; i < n; ++i) input += request("{\"i\": " + std::to_string(i) + "}");
    auto run = run_cli({"extract", "--jsonl"}, input);
    ASSERT_EQ(run.exit_code, 0);
    const auto out = answers(run);
    ASSERT_EQ(out.size(), static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) ASSERT_EQ(out[static_cast<std::size_t>(i)]["value"]["i"], Value(i)) << i;
}

TEST(CliJsonl, BadLinesGetErrorLinesAndTheRestStillRun) {
    const std::string input = request(R"({"a": 1})") +
                              "this is not json\n" +
                              "{\"text\": 42}\n" +
                              "[\"text\"]\n" +
                              "{\"prompt\": \"{}\"}\n" +
                              request("   ") +       // parses to nothing: empty_input
                              request(R"([true])");
    auto run = run_cli({"repair", "--jsonl"}, input);
    EXPECT_EQ(run.exit_code, 1);
    const auto out = answers(run);
    ASSERT_EQ(out.size(), 7u) << run.out;
    EXPECT_EQ(out[0]["value"], *laminate::parse_json(R"({"a": 1})"));
    for (std::size_t i = 1; i <= 4; ++i) {
        EXPECT_EQ(out[i]["error"]["kind"], Value("invalid_argument")) << i << ": " << out[i];
        EXPECT_TRUE(out[i]["error"]["message"].is_string());
        EXPECT_FALSE(out[i].contains("value"));
    }
    EXPECT_EQ(out[5]["error"]["kind"], Value("empty_input"));
    EXPECT_EQ(out[6]["value"], *laminate::parse_json("[true]"));
}

TEST(CliJsonl, ErrorMessagesNameTheLine) {
    auto run = run_cli({"repair", "--jsonl"}, request("1") + "\n{broken\n");
    EXPECT_EQ(run.exit_code, 1);
    const auto out = answers(run);
    ASSERT_EQ(out.size(), 2u);
    ASSERT_TRUE(out[1]["error"]["message"].is_string()) << out[1];
    EXPECT_NE(out[1]["error"]["message"].as_string().find("line 3"), std::string_view::npos)
        << out[1];
}

TEST(CliJsonl, BlankLinesAreSkipped) {
    std::string input = "\n";
    input += request("1");
    input += "\n   \n\t\n";
    input += request("2");
    input += "\n";
    auto run = run_cli({"repair", "--jsonl"}, input);
    EXPECT_EQ(run.exit_code, 0);
    const auto out = answers(run);
    ASSERT_EQ(out.size(), 2u) << run.out;
    EXPECT_EQ(out[0]["value"], Value(1));
    EXPECT_EQ(out[1]["value"], Value(2));
}

TEST(CliJsonl, CrlfAndAMissingFinalNewline) {
    const std::string input = "{\"text\": \"[1]\"}\r\n{\"text\": \"[2]\"}";
    auto run = run_cli({"repair", "--jsonl"}, input);
    EXPECT_EQ(run.exit_code, 0) << run.out;
    const auto out = answers(run);
    ASSERT_EQ(out.size(), 2u);
    EXPECT_EQ(out[1]["value"], *laminate::parse_json("[2]"));
}

TEST(CliJsonl, EmptyInputAnswersNothing) {
    auto run = run_cli({"repair", "--jsonl"}, "");
    EXPECT_EQ(run.exit_code, 0);
    EXPECT_EQ(run.out, "");
}

TEST(CliJsonl, LongLinesBeyondTheReadBuffer) {
    std::string big = "[";
    for (int i = 0; i < 60000; ++i) big += std::to_string(i) + ",";
    big += "0]";
    auto run = run_cli({"repair", "--jsonl"}, request("1") + request(big) + request("3"));
    ASSERT_EQ(run.exit_code, 0);
    const auto out = answers(run);
    ASSERT_EQ(out.size(), 3u);
    EXPECT_EQ(out[1]["value"].size(), 60001u);
    EXPECT_EQ(out[2]["value"], Value(3));
}

TEST(CliJsonl, ExtraRequestFieldsAreIgnored) {
    auto run = run_cli({"repair", "--jsonl"}, R"({"id": 7, "text": "[1]", "schema": {}})" "\n");
    EXPECT_EQ(run.exit_code, 0) << run.out;
    EXPECT_EQ(run.out, "{\"value\":[1],\"diagnostics\":[]}\n");
}

TEST(CliJsonl, FlagsApplyToEveryLine) {
    const std::string input = request(R"({"a": 1})") + request(R"({"a": 1,})") + request("[2]");
    auto run = run_cli({"repair", "--jsonl", "--strict"}, input);
    EXPECT_EQ(run.exit_code, 1);
    const auto out = answers(run);
    ASSERT_EQ(out.size(), 3u);
    EXPECT_TRUE(out[0].contains("value"));
    EXPECT_EQ(out[1]["error"]["kind"], Value("repair_not_allowed"));
    EXPECT_TRUE(out[2].contains("value"));
}

TEST(CliJsonl, ExtractReportsTheCandidatePerLine) {
    const std::string input = request("Here:\n```json\n{\"x\": 1}\n```") + request("no json at all");
    auto run = run_cli({"extract", "--jsonl"}, input);
    EXPECT_EQ(run.exit_code, 1);
    const auto out = answers(run);
    ASSERT_EQ(out.size(), 2u);
    EXPECT_EQ(out[0]["value"]["x"], Value(1));
    EXPECT_EQ(out[0]["candidate"]["source"], Value("fence"));
    EXPECT_EQ(out[1]["error"]["kind"], Value("no_payload"));
}

TEST(CliJsonl, ExampleBatchRepairs) {
    const std::string batch = read_example("batch.jsonl");
    const auto requests = output_lines(batch);

    auto plain = run_cli({"repair", "--jsonl"}, batch);
    const auto out = answers(plain);
    ASSERT_EQ(out.size(), requests.size());
    std::size_t failures = 0;
    for (const auto& a : out) failures += a.contains("error");
    EXPECT_EQ(failures, 1u) << "only the truncated case fails without completion\n" << plain.out;
    EXPECT_EQ(plain.exit_code, 1);

    // extract finds each payload (a double-encoded one included, which repair reads as the
    // valid JSON string it is).
    auto completed = run_cli({"extract", "--jsonl", "--complete-truncated"}, batch);
    EXPECT_EQ(completed.exit_code, 0) << completed.out;
    for (const auto& a : answers(completed)) EXPECT_TRUE(a["value"].is_object()) << a;
}

TEST(CliJsonl, AnswersEachRequestBeforeTheNextArrives) {
    laminate::test::CliProcess cli({"repair", "--jsonl"});
    ASSERT_TRUE(cli.started());
    const std::chrono::seconds patience(30);
    ASSERT_TRUE(cli.write(request("[1]")));
    EXPECT_EQ(cli.read_line(patience), R"({"value":[1],"diagnostics":[]})");
    ASSERT_TRUE(cli.write("\n")); // a blank line must not hold the answer back either
    ASSERT_TRUE(cli.write(request("  "))); // empty_input
    const std::string error_line = cli.read_line(patience);
    EXPECT_TRUE(parse_output(error_line).contains("error")) << error_line;
    ASSERT_TRUE(cli.write(request("{\"b\": 2}")));
    EXPECT_EQ(cli.read_line(patience), R"({"value":{"b":2},"diagnostics":[]})");
    EXPECT_EQ(cli.wait(), 1); // one request failed
}
