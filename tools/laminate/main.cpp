// laminate: the command line. Every subcommand reads stdin and answers in JSON on stdout; see
// commands.hpp for how subcommands are added.
#include "commands.hpp"
#include "serve.hpp"

#include <laminate/version.hpp>

#include <CLI/CLI.hpp>

#include <cstdio>
#if defined(__GLIBC__)
#include <malloc.h>
#endif
#include <exception>
#include <string>

namespace {

constexpr const char* footer = R"(Every subcommand reads stdin and writes JSON to stdout:
  success  {"value": ..., "diagnostics": [{"path", "kind", "repair", "risk",
            "message", "offset", "count"?}]}
  error    {"error": {"kind", "message", "offset", "path", "hint"}}
Paths are written from the root: "$", "$.days", "$.items[2].quantity".
Messages never quote the input; "hint", when present, names the flag or command
that gets past the error. With --jsonl, each stdin line is one request
{"text": "..."} and gets one compact answer line, in order.

Options of repair and extract: --jsonl, --compact, --no-repair (or --strict),
--complete-truncated, --max-depth N, --replace-invalid-utf8, --diagnostics-per-site.

laminate validate --schema FILE answers {"valid", "violations": [{"path",
"message", ...}], "diagnostics"} instead; see 'laminate validate --help'.

Exit status: 0 success; 1 the input (with --jsonl: any line) could not be
parsed, or (validate) is invalid; 2 usage error or stdout not writable.

Examples:
  laminate extract < reply.md
  echo "{'ok': True, 'items': [1, 2,],}" | laminate repair --compact
  laminate repair --complete-truncated < cut-off.json
  laminate extract --jsonl < replies.jsonl
  laminate validate --schema order.schema.json < answer.json
  laminate bench bfcl --data ../shared/corpora/bfcl  # BFCL recovery table (no stdin)

Run 'laminate <subcommand> --help' for a subcommand's options and examples.)";

} // namespace

int main(int argc, char** argv) {
    using namespace laminate::cli;
#if defined(__GLIBC__)
    // Every --jsonl line allocates and frees its values; glibc would hand the top of the heap
    // back to the kernel after each large free and fault it in again on the next line (about a
    // tenth of shape --jsonl's time). Keep up to 64 MiB of freed heap instead, and serve
    // blocks up to 32 MiB from the heap (setting one threshold stops glibc adapting the other).
    mallopt(M_MMAP_THRESHOLD, 32 << 20);
    mallopt(M_TRIM_THRESHOLD, 64 << 20);
#endif
    CLI::App app{"laminate: turn what LLMs emit into trusted JSON, with a diagnostic for every "
                 "repair"};
    app.name("laminate");
    app.set_version_flag("--version", std::string("laminate ") + laminate::version,
                         "Print the version and exit");
    app.require_subcommand(1);
    app.footer(footer);

    int exit_status = exit_ok;
    for (AddCommand add : all_commands) add(app, exit_status);

    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        return app.exit(e) == 0 ? exit_ok : exit_usage; // --help / --version exit 0
    } catch (const std::exception& e) {
        std::fprintf(stderr, "laminate: internal error: %s\n", e.what());
        return exit_usage;
    }
    return exit_status;
}
