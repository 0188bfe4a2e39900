// laminate repair: stdin is one document; the answer is the repaired value and its diagnostics.
#include "cli_runner.hpp"

#include <gtest/gtest.h>
#include <gmock/gmock.h>

#include <laminate/parse.hpp>

using laminate::Value;
using laminate::test::parse_output;
using laminate::test::read_example;
using laminate::test::repair_names;
using laminate::test::run_cli;
using ::testing::Contains;

namespace {

Value json(std::string_view text) {
    auto v = laminate::parse_json(text);
    EXPECT_TRUE(v) << v.error();
    return v ? *v : Value();
}

// Every diagnostic has the documented fields, with offsets inside the input.
void expect_well_formed(const Value& diagnostics, std::size_t input_size) {
    ASSERT_TRUE(diagnostics.is_array());
    for (const auto& d : diagnostics.items()) {
        ASSERT_TRUE(d.is_object()) << d;
        EXPECT_TRUE(d["path"].is_string()) << d;
        ASSERT_TRUE(d["kind"].is_string()) << d;
        ASSERT_TRUE(d["risk"].is_string()) << d;
        EXPECT_THAT((std::vector<std::string>{"info", "warning", "risky"}),
                    Contains(std::string(d["risk"].as_string())));
        EXPECT_TRUE(d["message"].is_string()) << d;
        if (d["kind"].as_string() == "repaired") {
            EXPECT_TRUE(d["repair"].is_string()) << d;
        }
        if (const Value* off = d.find("offset"); off && !off->is_null()) {
            std::uint64_t o = 0;
            ASSERT_TRUE(off->get_uint64(o)) << d;
            EXPECT_LE(o, input_size) << d;
        }
        if (const Value* count = d.find("count")) { // only for several sites
            std::uint64_t n = 0;
            ASSERT_TRUE(count->get_uint64(n)) << d;
            EXPECT_GE(n, 2u) << d;
        }
    }
}

} // namespace

TEST(CliRepair, ValidJsonComesBackUnchangedWithoutDiagnostics) {
    const std::string input = R"({"a": [1, 2.5, "x"], "b": null, "c": {"d": true}})";
    auto run = run_cli({"repair"}, input);
    ASSERT_EQ(run.exit_code, 0) << run.err;
    const Value out = parse_output(run.out);
    EXPECT_EQ(out["value"], json(input));
    EXPECT_TRUE(out["diagnostics"].is_array());
    EXPECT_TRUE(out["diagnostics"].empty());
    EXPECT_FALSE(out.contains("error"));
    EXPECT_TRUE(run.err.empty()) << run.err;
}

TEST(CliRepair, PrettyByDefaultCompactOnRequest) {
    const std::string input = R"({"a": [1, 2]})";
    auto pretty = run_cli({"repair"}, input);
    ASSERT_EQ(pretty.exit_code, 0);
    EXPECT_NE(pretty.out.find("\n  \"value\": {\n"), std::string::npos) << pretty.out;

    auto compact = run_cli({"repair", "--compact"}, input);
    ASSERT_EQ(compact.exit_code, 0);
    EXPECT_EQ(compact.out, "{\"value\":{\"a\":[1,2]},\"diagnostics\":[]}\n");
}

// The CLI streams its answer through its own writer; the text must be what Value itself prints.
TEST(CliRepair, OutputIsExactlyWhatValuePrints) {
    std::string big = R"({"empty": {}, "none": [], "s": "tab\tquote\"nl\n\u00e9\u0001", "n": [-0.0, 1E+2],)"
                      R"( "nested": [[{"a": [{}]}], {"b": {"c": [[]]}}], "many": [)";
    for (int i = 0; i < 20000; ++i) big += "{\"k\": [" + std::to_string(i) + ", \"v\"]},";
    big += "null]}";
    Value expected = Value::object();
    expected.set("value", json(big));
    expected.set("diagnostics", Value::array());

    auto pretty = run_cli({"repair"}, big);
    ASSERT_EQ(pretty.exit_code, 0);
    EXPECT_GT(pretty.out.size(), std::size_t(1) << 20); // several flushes of the output buffer
    EXPECT_TRUE(pretty.out == expected.dump_pretty(2) + "\n");

    auto compact = run_cli({"repair", "--compact"}, big);
    ASSERT_EQ(compact.exit_code, 0);
    EXPECT_TRUE(compact.out == expected.dump() + "\n");
}

TEST(CliRepair, NumbersKeepTheirSpelling) {
    auto run = run_cli({"repair", "--compact"}, R"([1.50, 1e3, 12345678901234567890123])");
    ASSERT_EQ(run.exit_code, 0);
    EXPECT_EQ(run.out, "{\"value\":[1.50,1e3,12345678901234567890123],\"diagnostics\":[]}\n");
}

TEST(CliRepair, TrailingCommasAndCommentsAreRemoved) {
    const std::string input = read_example("05-trailing-commas-comments.txt");
    auto run = run_cli({"repair"}, input);
    ASSERT_EQ(run.exit_code, 0) << run.out;
    const Value out = parse_output(run.out);
    EXPECT_EQ(out["value"], json(R"({"job": "nightly_export", "schedule": "0 2 * * *",
        "targets": ["s3://analytics-exports/daily/", "gs://backup-bucket/exports/"],
        "retry": {"max_attempts": 5, "backoff_seconds": 30}, "notify_on_failure": true})"));
    expect_well_formed(out["diagnostics"], input.size());
    const auto repairs = repair_names(out["diagnostics"]);
    EXPECT_THAT(repairs, Contains("trailing_comma"));
    EXPECT_THAT(repairs, Contains("comment"));
    for (const auto& d : out["diagnostics"].items()) EXPECT_EQ(d["kind"], Value("repaired"));
}

TEST(CliRepair, PythonDictBecomesJson) {
    const std::string input = read_example("04-python-dict.txt");
    auto run = run_cli({"repair"}, input);
    ASSERT_EQ(run.exit_code, 0) << run.out;
    const Value out = parse_output(run.out);
    const Value& args = out["value"]["arguments"];
    EXPECT_EQ(out["value"]["name"], Value("search_products"));
    EXPECT_EQ(args["in_stock"], Value(true));
    EXPECT_TRUE(args.contains("brand"));
    EXPECT_TRUE(args["brand"].is_null());
    EXPECT_EQ(args["max_price"], Value(150));
    EXPECT_EQ(args["tags"], json(R"(["bluetooth", "over-ear"])"));
    expect_well_formed(out["diagnostics"], input.size());
    const auto repairs = repair_names(out["diagnostics"]);
    EXPECT_THAT(repairs, Contains("single_quotes"));
    EXPECT_THAT(repairs, Contains("python_literal"));
}

TEST(CliRepair, AStyleUsedThroughoutIsOneDiagnosticWithItsCount) {
    const std::string input = "{'a': 'b', 'c': 'd', e: 1}";
    auto run = run_cli({"repair", "--compact"}, input);
    ASSERT_EQ(run.exit_code, 0) << run.err;
    const Value out = parse_output(run.out);
    const Value& ds = out["diagnostics"];
    expect_well_formed(ds, input.size());
    ASSERT_EQ(ds.size(), 2u) << run.out;
    EXPECT_EQ(ds[0]["repair"], Value("single_quotes"));
    EXPECT_EQ(ds[0]["count"], Value(std::uint64_t{4}));
    EXPECT_EQ(ds[0]["offset"], Value(std::uint64_t{1}));
    EXPECT_EQ(ds[0]["path"], Value("$.a"));
    EXPECT_EQ(ds[1]["repair"], Value("unquoted_key"));
    EXPECT_FALSE(ds[1].contains("count")) << run.out; // one site: no count

    auto each = run_cli({"repair", "--compact", "--diagnostics-per-site"}, input);
    ASSERT_EQ(each.exit_code, 0) << each.err;
    const Value per_site = parse_output(each.out);
    EXPECT_EQ(per_site["value"], out["value"]);
    ASSERT_EQ(per_site["diagnostics"].size(), 5u) << each.out;
    for (const auto& d : per_site["diagnostics"].items()) EXPECT_FALSE(d.contains("count")) << d;
}

TEST(CliRepair, SmartQuotesBecomeQuotes) {
    const std::string input = read_example("06-smart-quotes.txt");
    auto run = run_cli({"repair", "--compact"}, input);
    ASSERT_EQ(run.exit_code, 0) << run.out;
    const Value out = parse_output(run.out);
    EXPECT_EQ(out["value"]["customer_name"], Value("Ada Lovelace"));
    EXPECT_EQ(out["value"]["priority"], Value("high"));
    EXPECT_EQ(out["value"].size(), 5u);
    EXPECT_THAT(repair_names(out["diagnostics"]), Contains("smart_quotes"));
}

TEST(CliRepair, AJsonStringHoldingJsonIsReadAsWritten) {
    // Valid JSON reads exactly: the string (extract takes the document it holds).
    const std::string input = read_example("08-double-encoded.txt");
    auto run = run_cli({"repair", "--compact"}, input);
    ASSERT_EQ(run.exit_code, 0) << run.out;
    const Value out = parse_output(run.out);
    ASSERT_TRUE(out["value"].is_string()) << run.out;
    EXPECT_EQ(out["diagnostics"].size(), 0u);
}

TEST(CliRepair, TruncatedInputIsAnErrorUnlessCompletionIsAsked) {
    const std::string input = read_example("07-truncated.txt");
    auto plain = run_cli({"repair"}, input);
    EXPECT_EQ(plain.exit_code, 1);
    EXPECT_EQ(parse_output(plain.out)["error"]["kind"], Value("value_not_closed"));

    auto completed = run_cli({"repair", "--complete-truncated"}, input);
    ASSERT_EQ(completed.exit_code, 0) << completed.out;
    const Value out = parse_output(completed.out);
    EXPECT_EQ(out["value"]["title"], Value("Q3 engineering update"));
    const Value& sections = out["value"]["sections"];
    ASSERT_EQ(sections.size(), 2u) << completed.out;
    EXPECT_EQ(sections[1]["heading"], Value("Reliability"));
    ASSERT_TRUE(sections[1]["body"].is_string());
    EXPECT_EQ(sections[1]["body"].as_string().rfind("Two incidents", 0), 0u);
    bool risky = false;
    for (const auto& d : out["diagnostics"].items()) risky |= d["risk"] == Value("risky");
    EXPECT_TRUE(risky) << "completing a truncated value is risky";
    expect_well_formed(out["diagnostics"], input.size());
}

TEST(CliRepair, StrictAcceptsValidJson) {
    auto run = run_cli({"repair", "--strict", "--compact"}, R"({"a": [true, null]})");
    ASSERT_EQ(run.exit_code, 0);
    EXPECT_EQ(run.out, "{\"value\":{\"a\":[true,null]},\"diagnostics\":[]}\n");
}

TEST(CliRepair, StrictFailsOnRepairableInput) {
    for (const char* name : {"04-python-dict.txt", "05-trailing-commas-comments.txt",
                             "06-smart-quotes.txt"}) {
        auto run = run_cli({"repair", "--strict"}, read_example(name));
        EXPECT_EQ(run.exit_code, 1) << name;
        const Value out = parse_output(run.out);
        EXPECT_FALSE(out.contains("value")) << name;
        EXPECT_EQ(out["error"]["kind"], Value("repair_not_allowed")) << name << ": " << run.out;
        EXPECT_TRUE(out["error"]["offset"].is_number()) << name;
    }
}

TEST(CliRepair, MaxDepthIsEnforced) {
    const std::string deep = "[[[[[[[[1]]]]]]]]"; // eight levels
    auto shallow = run_cli({"repair", "--max-depth", "3"}, deep);
    EXPECT_EQ(shallow.exit_code, 1);
    EXPECT_EQ(parse_output(shallow.out)["error"]["kind"], Value("depth_exceeded"));

    auto enough = run_cli({"repair", "--max-depth", "64", "--compact"}, deep);
    EXPECT_EQ(enough.exit_code, 0);
    EXPECT_EQ(enough.out, "{\"value\":[[[[[[[[1]]]]]]]],\"diagnostics\":[]}\n");
}

TEST(CliRepair, DeepInputWithinTheLimitDoesNotCrash) {
    const std::size_t depth = 5000;
    const std::string deep = std::string(depth, '[') + std::string(depth, ']');
    auto run = run_cli({"repair", "--max-depth", "10000", "--compact"}, deep);
    EXPECT_EQ(run.exit_code, 0) << run.err;
    auto over = run_cli({"repair", "--compact"}, deep); // default limit 512
    EXPECT_EQ(over.exit_code, 1);
    EXPECT_EQ(parse_output(over.out)["error"]["kind"], Value("depth_exceeded"));
}

TEST(CliRepair, InvalidUtf8FailsOrIsReplacedOnRequest) {
    const std::string input = "{\"note\": \"caf\xff\xfe here\"}";
    auto plain = run_cli({"repair"}, input);
    EXPECT_EQ(plain.exit_code, 1);
    EXPECT_EQ(parse_output(plain.out)["error"]["kind"], Value("invalid_utf8"));

    auto replaced = run_cli({"repair", "--replace-invalid-utf8"}, input);
    ASSERT_EQ(replaced.exit_code, 0) << replaced.out;
    const Value out = parse_output(replaced.out);
    ASSERT_TRUE(out["value"]["note"].is_string());
    EXPECT_NE(out["value"]["note"].as_string().find("\xEF\xBF\xBD"), std::string_view::npos);
    ASSERT_FALSE(out["diagnostics"].empty());
    EXPECT_EQ(out["diagnostics"].items()[0]["risk"], Value("warning"));
}

TEST(CliRepair, EmptyInputIsAnError) {
    auto run = run_cli({"repair"}, "  \n\t ");
    EXPECT_EQ(run.exit_code, 1);
    EXPECT_EQ(parse_output(run.out)["error"]["kind"], Value("empty_input"));
}
