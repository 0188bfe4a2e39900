#include "cli_runner.hpp"

#include "corpora.hpp"

#include <laminate/parse.hpp>

#include <gtest/gtest.h>

#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <fcntl.h>
#include <fstream>
#include <spawn.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

extern char** environ;

namespace laminate::test {

namespace {

std::filesystem::path make_temp_dir() {
    std::string pattern = (std::filesystem::temp_directory_path() / "laminate-cli-XXXXXX").string();
    if (mkdtemp(pattern.data()) == nullptr) return {};
    return pattern;
}

void write_file(const std::filesystem::path& p, std::string_view data) {
    std::ofstream out(p, std::ios::binary);
    out.write(data.data(), static_cast<std::streamsize>(data.size()));
}

// Waits for the child, killing it after the timeout.
int wait_for(pid_t pid, std::chrono::seconds timeout) {
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    int status = 0;
    for (;;) {
        const pid_t r = waitpid(pid, &status, WNOHANG);
        if (r == pid) break;
        if (r < 0 && errno != EINTR) return -1;
        if (std::chrono::steady_clock::now() > deadline) {
            kill(pid, SIGKILL);
            waitpid(pid, &status, 0);
            ADD_FAILURE() << "laminate did not finish within " << timeout.count() << " s";
            break;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
    if (WIFEXITED(status)) return WEXITSTATUS(status);
    if (WIFSIGNALED(status)) return 128 + WTERMSIG(status);
    return -1;
}

} // namespace

CliRun run_cli(const std::vector<std::string>& args, std::string_view input,
               const CliRunOptions& options) {
    CliRun run;
    const auto dir = make_temp_dir();
    if (dir.empty()) {
        ADD_FAILURE() << "cannot create a temporary directory";
        return run;
    }
    const auto in_path = dir / "stdin";
    const std::string out_path =
        options.stdout_path.empty() ? (dir / "stdout").string() : options.stdout_path;
    const auto err_path = dir / "stderr";
    write_file(in_path, input);

    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 0, in_path.c_str(), O_RDONLY, 0);
    posix_spawn_file_actions_addopen(&actions, 1, out_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    posix_spawn_file_actions_addopen(&actions, 2, err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);

    std::vector<std::string> argv_storage{LAMINATE_CLI_PATH};
    argv_storage.insert(argv_storage.end(), args.begin(), args.end());
    std::vector<char*> argv;
    for (auto& a : argv_storage) argv.push_back(a.data());
    argv.push_back(nullptr);

    pid_t pid = 0;
    const int rc = posix_spawn(&pid, LAMINATE_CLI_PATH, &actions, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    if (rc != 0) {
        ADD_FAILURE() << "cannot start " << LAMINATE_CLI_PATH << ": error " << rc;
    } else {
        run.exit_code = wait_for(pid, options.timeout);
        if (options.stdout_path.empty()) run.out = read_file(out_path);
        run.err = read_file(err_path);
    }
    std::error_code ignored;
    std::filesystem::remove_all(dir, ignored);
    return run;
}

Value parse_output(std::string_view text) {
    auto v = parse_json(text);
    if (!v) {
        ADD_FAILURE() << "the CLI printed something that is not JSON: " << v.error() << "\n" << text;
        return Value();
    }
    return std::move(*v);
}

std::vector<std::string> output_lines(std::string_view text) {
    std::vector<std::string> lines;
    std::size_t start = 0;
    while (start < text.size()) {
        std::size_t end = text.find('\n', start);
        if (end == std::string_view::npos) end = text.size();
        lines.emplace_back(text.substr(start, end - start));
        start = end + 1;
    }
    return lines;
}

std::filesystem::path examples_dir() {
    return std::filesystem::path(LAMINATE_SOURCE_DIR) / "examples" / "messy";
}

std::string read_example(std::string_view name) {
    const auto p = examples_dir() / name;
    EXPECT_TRUE(std::filesystem::exists(p)) << p;
    return read_file(p);
}

std::vector<std::string> repair_names(const Value& diagnostics) {
    std::vector<std::string> names;
    for (const auto& d : diagnostics.items())
        if (const Value* r = d.find("repair"); r && r->is_string()) names.emplace_back(r->as_string());
    return names;
}

} // namespace laminate::test
