#pragma once
// Runs the built `laminate` binary as a child process: stdin from a temporary file, stdout and
// stderr captured in temporary files (no pipes, so no deadlock on large outputs), a timeout so a
// hang fails the test instead of stalling the suite.

#include <laminate/value.hpp>

#include <chrono>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace laminate::test {

struct CliRun {
    int exit_code = -1; // 128 + signal when the process was killed by one
    std::string out;
    std::string err;
};

struct CliRunOptions {
    std::string stdout_path;                // empty: captured in CliRun::out
    std::chrono::seconds timeout{120};
};

CliRun run_cli(const std::vector<std::string>& args, std::string_view input,
               const CliRunOptions& options = {});

// The CLI as a live process talking through pipes, for conversations: write a request, read its
// answer, write the next. Reads time out so that a CLI waiting for more input fails the test.
class CliProcess {
public:
    explicit CliProcess(const std::vector<std::string>& args);
    ~CliProcess();
    CliProcess(const CliProcess&) = delete;
    CliProcess& operator=(const CliProcess&) = delete;

    bool started() const noexcept { return pid_ > 0; }
    bool write(std::string_view data);
    // The next line of stdout without its '\n'; empty when none came within the timeout.
    std::string read_line(std::chrono::milliseconds timeout);
    void close_stdin();
    int wait(); // exit status, as in CliRun

private:
    int pid_ = -1;
    int to_child_ = -1;
    int from_child_ = -1;
    std::string pending_;
};

// The answer printed by the CLI, parsed strictly; a failed parse fails the calling test via
// ADD_FAILURE and returns null.
Value parse_output(std::string_view text);

// The output split on '\n' (the final newline does not start an extra line).
std::vector<std::string> output_lines(std::string_view text);

std::filesystem::path examples_dir(); // <source>/examples/messy
std::string read_example(std::string_view name);

// Every RepairKind name reported under "repair" in a diagnostics array.
std::vector<std::string> repair_names(const Value& diagnostics);

} // namespace laminate::test
