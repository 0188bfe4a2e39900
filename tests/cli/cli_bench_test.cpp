// laminate bench bfcl: the recovery table, its JSON, the selection flags and the errors.
#include "cli_runner.hpp"
#include "corpora.hpp"

#include <laminate/parse.hpp>

#include <gtest/gtest.h>

#include <filesystem>

using laminate::test::run_cli;

namespace {

std::string bfcl_dir() { return (laminate::test::corpora_dir() / "bfcl").string(); }

TEST(CliBench, PrintsTheTableAndThroughput) {
    LAMINATE_REQUIRE_CORPUS(laminate::test::corpora_dir() / "bfcl" / "possible_answer");
    auto run = run_cli({"bench", "bfcl", "--data", bfcl_dir(), "--category", "live_parallel",
                        "--class", "valid,S2,X6"}, "");
    ASSERT_EQ(run.exit_code, 0) << run.err;
    EXPECT_NE(run.out.find("BFCL recovery: 39 ground-truth calls"), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("single quotes"), std::string::npos);
    EXPECT_NE(run.out.find("  39/39"), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("calls/s"), std::string::npos);
    EXPECT_NE(run.out.find("MB/s"), std::string::npos);
    EXPECT_EQ(run.out.find("R1 "), std::string::npos) << "only the chosen classes";
}

TEST(CliBench, WritesTheResultsAsJson) {
    LAMINATE_REQUIRE_CORPUS(laminate::test::corpora_dir() / "bfcl" / "possible_answer");
    const auto file = std::filesystem::temp_directory_path() / "laminate_cli_bench_test.json";
    auto run = run_cli({"bench", "bfcl", "--data", bfcl_dir(), "--category", "simple_java",
                        "--class", "X6", "--complete-truncated", "--json", file.string()}, "");
    ASSERT_EQ(run.exit_code, 0) << run.err;
    auto json = laminate::parse_json(laminate::test::read_file(file));
    std::filesystem::remove(file);
    ASSERT_TRUE(json) << json.error();
    EXPECT_EQ((*json)["calls"], laminate::Value(100));
    EXPECT_EQ((*json)["complete_truncated"], laminate::Value(true));
    const auto& x6 = (*json)["classes"][0];
    EXPECT_EQ(x6["class"], laminate::Value("X6"));
    EXPECT_EQ(x6["applicable"], laminate::Value(100));
    EXPECT_TRUE(x6["categories"]["simple_java"].is_object());
    EXPECT_TRUE((*json)["throughput"]["calls_per_second"].is_number());
    EXPECT_TRUE((*json)["failures"].is_array());

    auto to_stdout = run_cli({"bench", "bfcl", "--data", bfcl_dir(), "--category", "simple_java",
                              "--class", "valid", "--json", "-"}, "");
    ASSERT_EQ(to_stdout.exit_code, 0);
    auto parsed = laminate::parse_json(to_stdout.out);
    ASSERT_TRUE(parsed) << to_stdout.out;
    EXPECT_EQ((*parsed)["benchmark"], laminate::Value("bfcl-recovery"));
}

TEST(CliBench, BadDataOrSelectionIsAnErrorObject) {
    auto missing = run_cli({"bench", "bfcl", "--data", "/nonexistent/bfcl"}, "");
    EXPECT_EQ(missing.exit_code, 1);
    EXPECT_NE(missing.out.find("\"invalid_argument\""), std::string::npos) << missing.out;
    auto bad_class = run_cli({"bench", "bfcl", "--data", "/nonexistent/bfcl", "--class", "R9"}, "");
    EXPECT_EQ(bad_class.exit_code, 1);
    EXPECT_NE(bad_class.out.find("unknown class"), std::string::npos);
    auto bad_category = run_cli({"bench", "bfcl", "--category", "simple_cobol"}, "");
    EXPECT_EQ(bad_category.exit_code, 1);
    EXPECT_EQ(run_cli({"bench"}, "").exit_code, 2) << "a benchmark must be named";
}

TEST(CliBench, HelpDefinesTheBenchmark) {
    auto run = run_cli({"bench", "bfcl", "--help"}, "");
    EXPECT_EQ(run.exit_code, 0);
    for (auto what : {"--data", "--json", "--complete-truncated", "--class", "--category", "Examples:"})
        EXPECT_NE(run.out.find(what), std::string::npos) << what;
}

} // namespace
