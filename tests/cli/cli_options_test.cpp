// Help, version and usage errors: what a person typing `laminate --help` relies on.
#include "cli_runner.hpp"

#include <gtest/gtest.h>

#include <laminate/version.hpp>

using laminate::test::run_cli;

namespace {

const char* const every_option[] = {"--jsonl", "--compact", "--strict", "--complete-truncated",
                                    "--max-depth", "--replace-invalid-utf8"};

void expect_mentions(const std::string& help, std::string_view what) {
    EXPECT_NE(help.find(what), std::string::npos) << "help does not mention " << what << "\n" << help;
}

} // namespace

TEST(CliOptions, TopLevelHelpListsSubcommandsOptionsAndExitStatus) {
    auto run = run_cli({"--help"}, "");
    EXPECT_EQ(run.exit_code, 0);
    for (auto what : {"repair", "extract", "--version", "--jsonl", "Exit status", "Examples"})
        expect_mentions(run.out, what);
    for (auto option : every_option) expect_mentions(run.out, option);
}

TEST(CliOptions, SubcommandHelpDocumentsEveryOptionWithExamples) {
    for (const char* sub : {"repair", "extract"}) {
        SCOPED_TRACE(sub);
        auto run = run_cli({sub, "--help"}, "");
        EXPECT_EQ(run.exit_code, 0);
        for (auto option : every_option) expect_mentions(run.out, option);
        expect_mentions(run.out, "Examples:");
        expect_mentions(run.out, std::string("laminate ") + sub);
        expect_mentions(run.out, "\"diagnostics\"");
        expect_mentions(run.out, "\"error\"");
    }
    expect_mentions(run_cli({"extract", "--help"}, "").out, "\"candidate\"");
}

TEST(CliOptions, Version) {
    auto run = run_cli({"--version"}, "");
    EXPECT_EQ(run.exit_code, 0);
    EXPECT_EQ(run.out, std::string("laminate ") + laminate::version + "\n");
}

TEST(CliOptions, UsageErrorsExitWithTwo) {
    const std::vector<std::vector<std::string>> bad = {
        {},                                            // no subcommand
        {"frobnicate"},                                // unknown subcommand
        {"repair", "--no-such-flag"},                  // unknown option
        {"repair", "--max-depth", "0"},                // out of range
        {"repair", "--max-depth", "lots"},             // not a number
        {"extract", "--strict", "--complete-truncated"}, // contradictory
    };
    for (const auto& args : bad) {
        auto run = run_cli(args, "{}");
        EXPECT_EQ(run.exit_code, 2) << ::testing::PrintToString(args);
        EXPECT_EQ(run.out, "") << ::testing::PrintToString(args);
        EXPECT_FALSE(run.err.empty()) << ::testing::PrintToString(args);
    }
}
