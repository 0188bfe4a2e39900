#include "cli_runner.hpp"

#include "corpora.hpp"

#include <laminate/parse.hpp>

#include <gtest/gtest.h>

#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <fcntl.h>
#include <fstream>
#include <poll.h>
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

CliProcess::CliProcess(const std::vector<std::string>& args) {
    int in_pipe[2] = {-1, -1};
    int out_pipe[2] = {-1, -1};
    if (pipe(in_pipe) != 0 || pipe(out_pipe) != 0) {
        ADD_FAILURE() << "cannot create pipes";
        return;
    }
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, in_pipe[0], 0);
    posix_spawn_file_actions_adddup2(&actions, out_pipe[1], 1);
    for (int fd : {in_pipe[0], in_pipe[1], out_pipe[0], out_pipe[1]})
        posix_spawn_file_actions_addclose(&actions, fd);

    std::vector<std::string> argv_storage{LAMINATE_CLI_PATH};
    argv_storage.insert(argv_storage.end(), args.begin(), args.end());
    std::vector<char*> argv;
    for (auto& a : argv_storage) argv.push_back(a.data());
    argv.push_back(nullptr);

    pid_t pid = 0;
    const int rc = posix_spawn(&pid, LAMINATE_CLI_PATH, &actions, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    close(in_pipe[0]);
    close(out_pipe[1]);
    to_child_ = in_pipe[1];
    from_child_ = out_pipe[0];
    if (rc != 0) {
        ADD_FAILURE() << "cannot start " << LAMINATE_CLI_PATH << ": error " << rc;
        return;
    }
    pid_ = pid;
}

CliProcess::~CliProcess() {
    close_stdin();
    if (from_child_ >= 0) close(from_child_);
    if (pid_ > 0) {
        kill(pid_, SIGKILL);
        int status = 0;
        waitpid(pid_, &status, 0);
    }
}

bool CliProcess::write(std::string_view data) {
    while (!data.empty()) {
        const ssize_t n = ::write(to_child_, data.data(), data.size());
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return false;
        data.remove_prefix(static_cast<std::size_t>(n));
    }
    return true;
}

std::string CliProcess::read_line(std::chrono::milliseconds timeout) {
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    for (;;) {
        if (auto nl = pending_.find('\n'); nl != std::string::npos) {
            std::string line = pending_.substr(0, nl);
            pending_.erase(0, nl + 1);
            return line;
        }
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
            deadline - std::chrono::steady_clock::now());
        if (left.count() <= 0) return {};
        pollfd p{from_child_, POLLIN, 0};
        if (poll(&p, 1, static_cast<int>(left.count())) <= 0) continue;
        char buf[4096];
        const ssize_t n = ::read(from_child_, buf, sizeof buf);
        if (n <= 0) return {};
        pending_.append(buf, static_cast<std::size_t>(n));
    }
}

void CliProcess::close_stdin() {
    if (to_child_ >= 0) close(to_child_);
    to_child_ = -1;
}

int CliProcess::wait() {
    close_stdin();
    const int status = wait_for(pid_, std::chrono::seconds(60));
    pid_ = -1;
    return status;
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
