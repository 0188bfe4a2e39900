// laminate validate: one instance on stdin against --schema FILE, or --jsonl requests carrying
// their own schema; every violation with its path; exit 0 valid, 1 invalid/unreadable, 2 usage.
#include "cli_runner.hpp"

#include <gtest/gtest.h>
#include <gmock/gmock.h>

#include <laminate/parse.hpp>

#include <filesystem>
#include <fstream>
#include <string>

using laminate::Value;
using laminate::test::output_lines;
using laminate::test::parse_output;
using laminate::test::run_cli;
using ::testing::HasSubstr;
using ::testing::Not;

namespace {

// A schema file in a fresh temporary directory, removed with the object.
class SchemaFile {
public:
    explicit SchemaFile(std::string_view text) {
        std::string pattern = (std::filesystem::temp_directory_path() / "laminate-validate-XXXXXX").string();
        dir_ = mkdtemp(pattern.data()) ? pattern : std::string();
        path_ = dir_ + "/schema.json";
        std::ofstream(path_) << text;
    }
    ~SchemaFile() {
        std::error_code ec;
        std::filesystem::remove_all(dir_, ec);
    }
    const std::string& path() const { return path_; }

private:
    std::string dir_, path_;
};

const char* order_schema = R"({"type": "object", "required": ["items"],
  "properties": {"items": {"type": "array", "items": {"type": "object",
    "properties": {"quantity": {"type": "integer", "maximum": 255}}}}}})";

} // namespace

TEST(CliValidate, ValidInstanceExitsZero) {
    SchemaFile schema(order_schema);
    auto run = run_cli({"validate", "--schema", schema.path()}, R"({"items": [{"quantity": 3}]})");
    ASSERT_EQ(run.exit_code, 0) << run.err;
    const Value out = parse_output(run.out);
    EXPECT_EQ(out["valid"], Value(true));
    EXPECT_TRUE(out["violations"].is_array() && out["violations"].empty());
    EXPECT_TRUE(out["diagnostics"].is_array() && out["diagnostics"].empty());
}

TEST(CliValidate, EveryViolationWithPathAndMessageExitsOne) {
    SchemaFile schema(order_schema);
    auto run = run_cli({"validate", "--schema", schema.path()}, R"({"items": [{"quantity": 1}, {"quantity": "2"}, {"quantity": 300}]})");
    ASSERT_EQ(run.exit_code, 1) << run.err;
    const Value out = parse_output(run.out);
    EXPECT_EQ(out["valid"], Value(false));
    const Value& v = out["violations"];
    ASSERT_EQ(v.size(), 2u) << out;
    EXPECT_EQ(v[0]["path"], Value("$.items[1].quantity"));
    EXPECT_EQ(v[0]["message"], Value("expected an integer, got a string"));
    EXPECT_EQ(v[1]["path"], Value("$.items[2].quantity"));
    EXPECT_EQ(v[1]["message"], Value("expected a value <= 255, got 300"));
    EXPECT_EQ(v[1]["keyword"], Value("maximum"));
    EXPECT_EQ(v[1]["schema_path"], Value("#/properties/items/items/properties/quantity/maximum"));
    EXPECT_EQ(v[1]["excerpt"], Value("300"));
}

TEST(CliValidate, FirstStopsAtOneViolation) {
    SchemaFile schema(R"({"items": {"type": "string"}})");
    auto run = run_cli({"validate", "--schema", schema.path(), "--first", "--compact"}, "[1, 2, 3]");
    EXPECT_EQ(run.exit_code, 1);
    EXPECT_EQ(parse_output(run.out)["violations"].size(), 1u);
    EXPECT_EQ(output_lines(run.out).size(), 1u);
}

TEST(CliValidate, RepairedInputIsValidatedAndTheRepairsAreListed) {
    SchemaFile schema(order_schema);
    auto run = run_cli({"validate", "--schema", schema.path()}, "{'items': [{'quantity': 3,},],}");
    ASSERT_EQ(run.exit_code, 0) << run.out;
    const Value out = parse_output(run.out);
    EXPECT_EQ(out["valid"], Value(true));
    EXPECT_FALSE(out["diagnostics"].empty());
    EXPECT_EQ(out["diagnostics"][0]["kind"], Value("repaired"));

    auto strict = run_cli({"validate", "--schema", schema.path(), "--strict"}, "{'items': []}");
    EXPECT_EQ(strict.exit_code, 1);
    EXPECT_EQ(parse_output(strict.out)["error"]["kind"], Value("repair_not_allowed"));
}

TEST(CliValidate, UnreadableInputIsAnErrorExitOne) {
    SchemaFile schema(order_schema);
    auto run = run_cli({"validate", "--schema", schema.path()}, "{\"items\": [1, 2");
    EXPECT_EQ(run.exit_code, 1);
    const Value out = parse_output(run.out);
    EXPECT_TRUE(out["error"]["kind"].is_string());
    EXPECT_FALSE(out.contains("valid"));
}

TEST(CliValidate, UsageErrorsExitTwo) {
    EXPECT_EQ(run_cli({"validate"}, "{}").exit_code, 2);
    EXPECT_EQ(run_cli({"validate", "--schema"}, "{}").exit_code, 2);
    EXPECT_EQ(run_cli({"validate", "--schema", "/nonexistent/schema.json"}, "{}").exit_code, 2);
    SchemaFile broken("{not json");
    auto run = run_cli({"validate", "--schema", broken.path()}, "{}");
    EXPECT_EQ(run.exit_code, 2);
    EXPECT_THAT(parse_output(run.out)["error"]["message"].as_string(), HasSubstr("schema file"));
    SchemaFile unusable(R"({"type": "integr"})"); // "int" is a BFCL Java type name: accepted
    auto bad = run_cli({"validate", "--schema", unusable.path()}, "{}");
    EXPECT_EQ(bad.exit_code, 2);
    EXPECT_EQ(parse_output(bad.out)["error"]["kind"], Value("invalid_schema"));
    EXPECT_EQ(run_cli({"validate", "--schema", unusable.path(), "--dialect", "draft3"}, "{}").exit_code, 2);
}

TEST(CliValidate, JsonlOneAnswerPerLineInOrder) {
    SchemaFile schema(R"({"type": "integer"})");
    const std::string input = R"({"instance": 1})" "\n"
                              R"({"instance": "x"})" "\n"
                              "\n"
                              R"({"schema": {"type": "string"}, "instance": "x"})" "\n"
                              R"({"schema": {"type": "string"}})" "\n"
                              "not json\n"
                              R"({"schema": {"type": "array"}, "text": "[1, 2,]"})" "\n"
                              R"({"schema": {"type": "nope"}, "instance": 1})" "\n";
    auto run = run_cli({"validate", "--schema", schema.path(), "--jsonl"}, input);
    EXPECT_EQ(run.exit_code, 1);
    const auto lines = output_lines(run.out);
    ASSERT_EQ(lines.size(), 7u) << run.out;
    EXPECT_EQ(lines[0], R"({"valid":true,"violations":[],"diagnostics":[]})");
    EXPECT_EQ(parse_output(lines[1])["valid"], Value(false));
    EXPECT_EQ(parse_output(lines[2])["valid"], Value(true)); // the line's schema overrides --schema
    EXPECT_EQ(parse_output(lines[3])["error"]["kind"], Value("invalid_argument"));
    EXPECT_EQ(parse_output(lines[4])["error"]["kind"], Value("invalid_argument"));
    const Value text = parse_output(lines[5]);
    EXPECT_EQ(text["valid"], Value(true));
    EXPECT_FALSE(text["diagnostics"].empty()); // "text" is model output: parsed with repairs
    EXPECT_EQ(parse_output(lines[6])["error"]["kind"], Value("invalid_schema"));
}

TEST(CliValidate, JsonlWithoutAnySchemaIsAnErrorLine) {
    auto run = run_cli({"validate", "--jsonl"}, R"({"instance": 1})" "\n" R"({"schema": true, "instance": 1})" "\n");
    EXPECT_EQ(run.exit_code, 1);
    const auto lines = output_lines(run.out);
    ASSERT_EQ(lines.size(), 2u);
    EXPECT_THAT(lines[0], HasSubstr("no \\\"schema\\\""));
    EXPECT_EQ(parse_output(lines[1])["valid"], Value(true));
    EXPECT_EQ(run_cli({"validate", "--jsonl"}, R"({"schema": {}, "instance": 1})" "\n").exit_code, 0);
}

TEST(CliValidate, MessagesNeverQuoteTheInstance) {
    SchemaFile schema(R"({"properties": {"token": {"type": "integer", "pattern": "^x$"}}, "additionalProperties": false})");
    auto run = run_cli({"validate", "--schema", schema.path(), "--compact"}, R"({"token": "sk-SECRET", "sk-SECRET2": 1})");
    EXPECT_EQ(run.exit_code, 1);
    const Value out = parse_output(run.out);
    ASSERT_EQ(out["violations"].size(), 3u); // type, pattern, the unexpected property
    for (const Value& v : out["violations"].items()) EXPECT_THAT(std::string(v["message"].as_string()), Not(HasSubstr("SECRET")));
}

TEST(CliValidate, HelpDocumentsTheCommand) {
    auto run = run_cli({"validate", "--help"}, "");
    EXPECT_EQ(run.exit_code, 0);
    for (auto what : {"--schema", "--jsonl", "--first", "--dialect", "--strict", "\"violations\"", "\"instance\"",
                      "Exit status", "Examples:", "laminate validate"})
        EXPECT_THAT(run.out, HasSubstr(what));
    EXPECT_THAT(run_cli({"--help"}, "").out, HasSubstr("validate"));
}

TEST(CliValidate, DeepInputEndsWithADepthViolationNotACrash) {
    SchemaFile schema(R"({"items": {"$ref": "#"}})");
    const std::string deep = std::string(9000, '[') + std::string(9000, ']');
    auto run = run_cli({"validate", "--schema", schema.path(), "--max-depth", "10000", "--compact"}, deep);
    ASSERT_EQ(run.exit_code, 1) << run.err;
    const Value out = parse_output(run.out);
    ASSERT_EQ(out["violations"].size(), 1u);
    EXPECT_EQ(out["violations"][0]["keyword"], Value("depth"));
    EXPECT_EQ(run_cli({"validate", "--schema", schema.path()}, std::string(100, '[') + std::string(100, ']')).exit_code, 0);
}
