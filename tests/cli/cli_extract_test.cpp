// laminate extract: find the payload in a whole model answer; report which candidate it was.
#include "cli_runner.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <laminate/parse.hpp>

#include <filesystem>

using laminate::Value;
using laminate::test::examples_dir;
using laminate::test::parse_output;
using laminate::test::read_example;
using laminate::test::repair_names;
using laminate::test::run_cli;
using ::testing::Contains;

namespace {

std::uint64_t candidate_offset(const Value& out) {
    std::uint64_t o = 0;
    EXPECT_TRUE(out["candidate"]["offset"].get_uint64(o)) << out;
    return o;
}

Value extract_example(std::string_view name, std::vector<std::string> extra = {}) {
    std::vector<std::string> args{"extract", "--compact"};
    args.insert(args.end(), extra.begin(), extra.end());
    auto run = run_cli(args, read_example(name));
    EXPECT_EQ(run.exit_code, 0) << name << ": " << run.out;
    EXPECT_TRUE(run.err.empty()) << run.err;
    return parse_output(run.out);
}

} // namespace

TEST(CliExtract, JsonFenceInProse) {
    const std::string text = read_example("01-prose-json-fence.txt");
    const Value out = extract_example("01-prose-json-fence.txt");
    EXPECT_EQ(out["value"]["trip_name"], Value("Lisbon long weekend"));
    EXPECT_EQ(out["value"]["days"].size(), 3u);
    const Value* activity = out.at_path("value.days[2].activities[1]");
    ASSERT_NE(activity, nullptr) << out;
    EXPECT_EQ(*activity, Value("Pastéis de Belém"));
    EXPECT_EQ(out["candidate"]["source"], Value("fence"));
    EXPECT_EQ(out["candidate"]["label"], Value("json"));
    const auto offset = candidate_offset(out);
    EXPECT_GT(offset, text.find("```json"));
    EXPECT_LE(offset, text.find("{\n  \"trip_name\""));
}

TEST(CliExtract, HermesToolCallTag) {
    const Value out = extract_example("02-hermes-tool-call.txt");
    EXPECT_EQ(out["value"]["name"], Value("get_current_weather"));
    EXPECT_EQ(out["value"]["arguments"]["location"], Value("Reykjavik, IS"));
    EXPECT_EQ(out["value"]["arguments"]["forecast_days"], Value(3));
    EXPECT_EQ(out["candidate"]["source"], Value("tag"));
    EXPECT_EQ(out["candidate"]["label"], Value("tool_call"));
}

TEST(CliExtract, ReasoningBlockIsSkipped) {
    const std::string text = read_example("03-think-then-json.txt");
    const Value out = extract_example("03-think-then-json.txt");
    EXPECT_EQ(out["value"]["sentiment"], Value("negative"));
    EXPECT_EQ(out["value"]["confidence"], Value(0.92));
    EXPECT_GE(candidate_offset(out), text.find("</think>"));
}

TEST(CliExtract, PythonDictWholeText) {
    const Value out = extract_example("04-python-dict.txt");
    EXPECT_EQ(out["value"]["arguments"]["in_stock"], Value(true));
    EXPECT_TRUE(out["value"]["arguments"]["brand"].is_null());
    EXPECT_THAT(repair_names(out["diagnostics"]), Contains("python_literal"));
}

TEST(CliExtract, CommentsAndSmartQuotes) {
    EXPECT_EQ(extract_example("05-trailing-commas-comments.txt")["value"]["retry"]["max_attempts"],
              Value(5));
    EXPECT_EQ(extract_example("06-smart-quotes.txt")["value"]["order_id"], Value("A-10293"));
}

TEST(CliExtract, TruncatedAnswerCompletedOnRequest) {
    auto plain = run_cli({"extract"}, read_example("07-truncated.txt"));
    EXPECT_EQ(plain.exit_code, 1);
    EXPECT_TRUE(parse_output(plain.out)["error"]["kind"].is_string());

    const Value out = extract_example("07-truncated.txt", {"--complete-truncated"});
    EXPECT_EQ(out["value"]["title"], Value("Q3 engineering update"));
    EXPECT_EQ(out["value"]["sections"].size(), 2u);
}

TEST(CliExtract, DoubleEncodedPayload) {
    const Value out = extract_example("08-double-encoded.txt");
    ASSERT_TRUE(out["value"].is_object()) << out;
    EXPECT_EQ(out["value"]["tool"], Value("send_email"));
}

TEST(CliExtract, StrayBracketNoteIsNotThePayload) {
    const Value out = extract_example("09-stray-note-bracket.txt");
    ASSERT_TRUE(out["value"].is_object()) << out;
    EXPECT_EQ(out["value"]["invoice_id"], Value("INV-2024-0117"));
    EXPECT_EQ(out["value"]["line_items"].size(), 2u);
}

TEST(CliExtract, EveryExampleYieldsAnObject) {
    std::size_t count = 0;
    for (const auto& entry : std::filesystem::directory_iterator(examples_dir())) {
        if (entry.path().extension() != ".txt") continue;
        ++count;
        const Value out = extract_example(entry.path().filename().string(), {"--complete-truncated"});
        EXPECT_TRUE(out["value"].is_object()) << entry.path() << ": " << out;
        EXPECT_TRUE(out["candidate"]["source"].is_string()) << entry.path();
        EXPECT_TRUE(out["diagnostics"].is_array()) << entry.path();
    }
    EXPECT_GE(count, 6u);
}

TEST(CliExtract, DiagnosticOffsetsCountFromTheWholeAnswer) {
    const std::string text = "Here you go:\n```json\n{\"city\": \"Oslo\", \"nights\": 2,}\n```\nEnjoy!";
    auto run = run_cli({"extract", "--compact"}, text);
    ASSERT_EQ(run.exit_code, 0) << run.out;
    const Value out = parse_output(run.out);
    EXPECT_EQ(out["value"], *laminate::parse_json(R"({"city": "Oslo", "nights": 2})"));
    ASSERT_EQ(out["diagnostics"].size(), 1u) << out;
    const Value& d = out["diagnostics"].items()[0];
    EXPECT_EQ(d["repair"], Value("trailing_comma"));
    std::uint64_t offset = 0;
    ASSERT_TRUE(d["offset"].get_uint64(offset));
    EXPECT_GT(offset, text.find('{'));
    EXPECT_LT(offset, text.find('}') + 1);
}

TEST(CliExtract, ProseWithoutPayloadIsNoPayload) {
    auto run = run_cli({"extract"}, "I'm sorry, I can't help with booking that flight.");
    EXPECT_EQ(run.exit_code, 1);
    const Value out = parse_output(run.out);
    EXPECT_EQ(out["error"]["kind"], Value("no_payload"));
    EXPECT_FALSE(out.contains("value"));
}

TEST(CliExtract, StrictParsesTheCandidateWithoutRepairs) {
    const std::string text = "Result:\n```json\n{\"ok\": true}\n```\n";
    auto ok = run_cli({"extract", "--strict", "--compact"}, text);
    ASSERT_EQ(ok.exit_code, 0) << ok.out;
    EXPECT_EQ(parse_output(ok.out)["value"], *laminate::parse_json(R"({"ok": true})"));

    auto bad = run_cli({"extract", "--strict"}, read_example("04-python-dict.txt"));
    EXPECT_EQ(bad.exit_code, 1);
    EXPECT_TRUE(parse_output(bad.out).contains("error"));
}

TEST(CliExtract, ASlashValueAndAGroupedNumberInProse) {
    // {route: /} and {"x": -2,000.00} are read by the parser, and found in prose.
    for (const auto& [text, want] : std::vector<std::pair<std::string, std::string>>{
             {"Here: {route: /} done", R"({"route":"/"})"},
             {R"(The balance is {"x": -2,000.00} today.)", R"({"x":-2000.00})"}}) {
        auto run = run_cli({"extract", "--compact"}, text);
        ASSERT_EQ(run.exit_code, 0) << text << ": " << run.out;
        const Value out = parse_output(run.out);
        EXPECT_EQ(out["value"].dump(), want) << run.out;
        EXPECT_EQ(out["candidate"]["source"], Value("balanced")) << run.out;
        EXPECT_FALSE(out["diagnostics"].empty()) << run.out;
    }
}
