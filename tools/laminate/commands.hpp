#pragma once
// The subcommands of `laminate`. Each lives in its own cmd_<name>.cpp: it adds itself to the app
// with its flags and help, and when chosen it runs and stores the process exit status. A new
// subcommand is one such file plus one line in all_commands.

#include <CLI/CLI.hpp>

namespace laminate::cli {

using AddCommand = void (*)(CLI::App& app, int& exit_status);

void add_repair_command(CLI::App& app, int& exit_status);
void add_extract_command(CLI::App& app, int& exit_status);
void add_validate_command(CLI::App& app, int& exit_status);
void add_shape_command(CLI::App& app, int& exit_status);
void add_bench_command(CLI::App& app, int& exit_status);
void add_tool_calls_command(CLI::App& app, int& exit_status);
#if LAMINATE_CLI_HAS_RUN
void add_run_command(CLI::App& app, int& exit_status);
#endif

inline constexpr AddCommand all_commands[] = {
    add_repair_command,
    add_extract_command,
    add_validate_command,
    add_shape_command,
    add_bench_command,
    add_tool_calls_command,
#if LAMINATE_CLI_HAS_RUN
    add_run_command,
#endif
};

} // namespace laminate::cli
