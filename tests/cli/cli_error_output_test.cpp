// Error answers: a stable shape, exit status 1, and never a byte of the input echoed back — model
// output can carry secrets (API keys pasted into prompts, tokens in tool arguments).
#include "cli_runner.hpp"

#include <gtest/gtest.h>

using laminate::Value;
using laminate::test::parse_output;
using laminate::test::run_cli;

namespace {

constexpr std::string_view secret = "sk-proj-Zq81XvT3BlbkFJw9hY2cLr7Qe5uKd";
constexpr std::string_view secret_core = "T3BlbkFJw9hY2cLr7Qe5uKd";

void expect_no_secret(const laminate::test::CliRun& run, std::string_view label) {
    EXPECT_EQ(run.out.find(secret_core), std::string::npos) << label << " leaked to stdout:\n" << run.out;
    EXPECT_EQ(run.err.find(secret_core), std::string::npos) << label << " leaked to stderr:\n" << run.err;
}

// {"error": {"kind": string, "message": string, "offset"?: number}} and nothing else.
void expect_error_shape(const Value& out) {
    ASSERT_TRUE(out.is_object()) << out;
    EXPECT_EQ(out.size(), 1u) << out;
    const Value& e = out["error"];
    ASSERT_TRUE(e.is_object()) << out;
    EXPECT_TRUE(e["kind"].is_string()) << out;
    ASSERT_TRUE(e["message"].is_string()) << out;
    EXPECT_FALSE(e["message"].as_string().empty()) << out;
    if (const Value* off = e.find("offset")) {
        EXPECT_TRUE(off->is_number()) << out;
    }
}

std::string with_secret(std::string_view before, std::string_view after) {
    return std::string(before) + std::string(secret) + std::string(after);
}

} // namespace

TEST(CliErrorOutput, FailuresNeverEchoTheInput) {
    struct Case {
        const char* label;
        std::vector<std::string> args;
        std::string input;
    };
    const std::vector<Case> cases = {
        {"truncated", {"repair"}, with_secret(R"({"api_key": ")", "")},
        {"strict", {"repair", "--strict"}, with_secret("{'api_key': '", "'}")},
        {"invalid utf-8", {"repair"}, with_secret("{\"k\": \"\xC3\x28", "\"}")},
        {"too deep", {"repair", "--max-depth", "2"}, with_secret(R"([[[")", R"("]]])")},
        {"no payload", {"extract"}, with_secret("Your key is ", ", keep it safe.")},
        {"strict extract", {"extract", "--strict"}, with_secret("```json\n{'key': '", "'}\n```")},
    };
    for (const auto& c : cases) {
        auto run = run_cli(c.args, c.input);
        EXPECT_EQ(run.exit_code, 1) << c.label << ": " << run.out;
        expect_error_shape(parse_output(run.out));
        expect_no_secret(run, c.label);
    }
}

TEST(CliErrorOutput, BadRequestLinesNeverEchoTheLine) {
    const std::string input = with_secret(R"({"text": ")", "\n") +          // unterminated line
                              with_secret(R"({"prompt": ")", "\"}\n") +       // no "text"
                              with_secret(R"({"text": ")", "\", \"x\": }\n") + // broken after text
                              with_secret(R"({"text": "{\"api_key\": \")", "\\\"}\"}\n");
    auto run = run_cli({"repair", "--jsonl", "--strict"}, input);
    EXPECT_EQ(run.exit_code, 1);
    const auto lines = laminate::test::output_lines(run.out);
    ASSERT_EQ(lines.size(), 4u) << run.out;
    for (std::size_t i = 0; i < 3; ++i) {
        const Value out = parse_output(lines[i]);
        expect_error_shape(out);
        EXPECT_EQ(out["error"]["kind"], Value("invalid_argument")) << lines[i];
        EXPECT_EQ(lines[i].find(secret_core), std::string::npos) << "leaked: " << lines[i];
    }
    EXPECT_EQ(run.err.find(secret_core), std::string::npos) << run.err;
    // The well-formed request is answered, its value holding the key as any value would.
    EXPECT_EQ(parse_output(lines[3])["value"]["api_key"], Value(secret));
}

TEST(CliErrorOutput, AnErrorHasNoValue) {
    auto run = run_cli({"repair", "--compact"}, R"({"a": )");
    EXPECT_EQ(run.exit_code, 1);
    const Value out = parse_output(run.out);
    expect_error_shape(out);
    EXPECT_FALSE(out.contains("value"));
    EXPECT_FALSE(out.contains("diagnostics"));
}

TEST(CliErrorOutput, UnwritableStdoutExitsWithTwo) {
    laminate::test::CliRunOptions options;
    options.stdout_path = "/dev/full";
    auto run = run_cli({"repair"}, "[1, 2, 3]", options);
    EXPECT_EQ(run.exit_code, 2);
    EXPECT_NE(run.err.find("could not write"), std::string::npos) << run.err;
}
