// laminate shape: model text in, the value that fits the schema out, with diagnostics; modes,
// --jsonl with per-line schemas, exit statuses.
#include "cli_runner.hpp"

#include <gtest/gtest.h>

#include <laminate/parse.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

using laminate::Value;
using laminate::test::output_lines;
using laminate::test::parse_output;
using laminate::test::run_cli;

namespace {

constexpr const char* kWeather =
    R"({"type":"dict","properties":{"city":{"type":"string"},"days":{"type":"integer"},
        "unit":{"type":"string","enum":["celsius","fahrenheit"],"default":"celsius"}},
       "required":["city","days"],"additionalProperties":false})";

// A schema file that lives as long as the test.
class SchemaFile {
public:
    explicit SchemaFile(std::string_view text) {
        std::string pattern = (std::filesystem::temp_directory_path() / "laminate-schema-XXXXXX").string();
        const int fd = mkstemp(pattern.data());
        if (fd >= 0) close(fd);
        path_ = pattern;
        std::ofstream(path_) << text;
    }
    ~SchemaFile() { std::filesystem::remove(path_); }
    std::string path() const { return path_.string(); }

private:
    std::filesystem::path path_;
};

std::string request(std::string_view text, std::string_view schema = {}) {
    std::string line = "{\"text\": ";
    laminate::append_json_string(line, text);
    if (!schema.empty()) {
        line += ", \"schema\": ";
        line += schema;
    }
    line += "}\n";
    return line;
}

} // namespace

TEST(CliShape, ExtractsRepairsAndShapes) {
    SchemaFile schema(kWeather);
    auto run = run_cli({"shape", "--schema", schema.path(), "--compact"},
                       "Sure:\n```json\n{\"city\": \"Oslo\", \"days\": \"3\", \"note\": 1,}\n```");
    ASSERT_EQ(run.exit_code, 0) << run.out << run.err;
    const Value out = parse_output(run.out);
    EXPECT_EQ(out["value"], *laminate::parse_json(R"({"city":"Oslo","days":3,"unit":"celsius"})")) << out;
    bool coerced = false, dropped = false, defaulted = false;
    for (const Value& d : out["diagnostics"].items()) {
        coerced = coerced || (d["kind"] == Value("coerced") && d["path"] == Value("$.days"));
        dropped = dropped || (d["kind"] == Value("dropped") && d["path"] == Value("$.note"));
        defaulted = defaulted || (d["kind"] == Value("defaulted") && d["path"] == Value("$.unit"));
    }
    EXPECT_TRUE(coerced && dropped && defaulted) << out;
}

TEST(CliShape, ModesChangeWhatIsAccepted) {
    SchemaFile schema(kWeather);
    const char* input = R"({"city": "Oslo", "days": "3"})";
    EXPECT_EQ(run_cli({"shape", "--schema", schema.path()}, input).exit_code, 0);
    auto strict = run_cli({"shape", "--schema", schema.path(), "--mode", "strict"}, input);
    EXPECT_EQ(strict.exit_code, 1);
    EXPECT_EQ(parse_output(strict.out)["error"]["kind"], Value("type_mismatch")) << strict.out;
    auto absorbing = run_cli({"shape", "--schema", schema.path(), "--mode", "absorbing", "--compact"},
                             R"({"city": "Oslo", "days": 3, "extra": true})");
    ASSERT_EQ(absorbing.exit_code, 0) << absorbing.out;
    EXPECT_EQ(parse_output(absorbing.out)["residual"]["extra"], Value(true)) << absorbing.out;
}

TEST(CliShape, ShapingErrorsExitOne) {
    SchemaFile schema(kWeather);
    auto run = run_cli({"shape", "--schema", schema.path()}, R"({"city": "Oslo"})");
    EXPECT_EQ(run.exit_code, 1);
    const Value out = parse_output(run.out);
    EXPECT_EQ(out["error"]["kind"], Value("missing_field")) << out;
    EXPECT_EQ(out["error"]["path"], Value("$.days")) << out;
}

TEST(CliShape, UsageErrorsExitTwo) {
    EXPECT_EQ(run_cli({"shape"}, "{}").exit_code, 2);
    EXPECT_EQ(run_cli({"shape", "--schema", "/nonexistent/schema.json"}, "{}").exit_code, 2);
    SchemaFile bad(R"({"type":"integr"})");
    auto run = run_cli({"shape", "--schema", bad.path()}, "{}");
    EXPECT_EQ(run.exit_code, 2);
    EXPECT_EQ(parse_output(run.out)["error"]["kind"], Value("invalid_schema")) << run.out;
    SchemaFile ok(kWeather);
    EXPECT_EQ(run_cli({"shape", "--schema", ok.path(), "--mode", "sloppy"}, "{}").exit_code, 2);
}

TEST(CliShape, JsonlPerLineSchemasInOrder) {
    SchemaFile schema(kWeather);
    const std::string input = request(R"({"city":"A","days":1})") +
                              request("[\"7\"]", R"({"type":"array","items":{"type":"integer"}})") +
                              request(R"({"city":"B"})") + request("not json at all") +
                              request("true", R"({"type":"boolean"})");
    auto run = run_cli({"shape", "--schema", schema.path(), "--jsonl"}, input);
    EXPECT_EQ(run.exit_code, 1);
    const auto lines = output_lines(run.out);
    ASSERT_EQ(lines.size(), 5u) << run.out;
    EXPECT_EQ(parse_output(lines[0])["value"]["city"], Value("A"));
    EXPECT_EQ(parse_output(lines[1])["value"][0], Value(7));
    EXPECT_EQ(parse_output(lines[2])["error"]["kind"], Value("missing_field"));
    EXPECT_TRUE(parse_output(lines[3]).contains("error"));
    EXPECT_EQ(parse_output(lines[4])["value"], Value(true));
}

TEST(CliShape, JsonlWithoutAnySchemaIsAnErrorLine) {
    auto run = run_cli({"shape", "--jsonl"}, request("{}") + request("1", R"({"type":"integer"})"));
    EXPECT_EQ(run.exit_code, 1);
    const auto lines = output_lines(run.out);
    ASSERT_EQ(lines.size(), 2u) << run.out;
    EXPECT_EQ(parse_output(lines[0])["error"]["kind"], Value("invalid_argument"));
    EXPECT_EQ(parse_output(lines[1])["value"], Value(1));
}

TEST(CliShape, HelpDocumentsIt) {
    auto run = run_cli({"shape", "--help"}, "");
    EXPECT_EQ(run.exit_code, 0);
    for (const char* word : {"--schema", "--mode", "--jsonl", "absorbing", "Exit status", "BFCL"})
        EXPECT_NE(run.out.find(word), std::string::npos) << word;
}

TEST(CliShape, BareAnswersForScalarSchemasOnly) {
    SchemaFile label(R"({"enum":["ONE","TWO","THREE"]})");
    auto run = run_cli({"shape", "--schema", label.path(), "--compact"}, "<think>hmm</think>\ntwo\n");
    ASSERT_EQ(run.exit_code, 0) << run.out << run.err;
    const Value out = parse_output(run.out);
    EXPECT_EQ(out["value"], Value("TWO")) << out;
    bool bare = false;
    for (const Value& d : out["diagnostics"].items()) bare = bare || d["repair"] == Value("bare_answer");
    EXPECT_TRUE(bare) << out;
    EXPECT_EQ(run_cli({"shape", "--schema", label.path()}, "ONE or TWO").exit_code, 1); // no guessing
    SchemaFile object(kWeather);
    EXPECT_EQ(run_cli({"shape", "--schema", object.path()}, "Oslo").exit_code, 1); // no structure invented
}
