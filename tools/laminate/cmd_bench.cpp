// laminate bench bfcl: the BFCL recovery benchmark (see README.md, "BFCL recovery benchmark").
// Reads the corpus, renders every ground-truth call under each class, shapes it with the
// function's own parameter schema and prints the recovery table and throughput.
#include "bfcl/corpus.hpp"
#include "bfcl/render.hpp"
#include "bfcl/report.hpp"
#include "bfcl/run.hpp"
#include "commands.hpp"
#include "json_output.hpp"
#include "json_writer.hpp"
#include "serve.hpp"

#include <cstdio>
#include <memory>
#include <string>
#include <vector>

namespace laminate::cli {

namespace {

struct BenchFlags {
    std::string data = "../shared/corpora/bfcl";
    std::string json;
    bool complete_truncated = false;
    bool show_failures = false;
    std::vector<std::string> classes;
    std::vector<std::string> categories;
};

int fail(const Error& e) {
    write_json(stdout, error_to_json(e), Layout::Pretty);
    return exit_failed;
}

int run_bfcl(const BenchFlags& flags) {
    bfcl::RunOptions options;
    options.complete_truncated = flags.complete_truncated;
    if (!flags.classes.empty()) {
        options.classes.clear();
        for (const auto& name : flags.classes) {
            const auto c = bfcl::class_from_name(name);
            if (!c) return fail(Error(ErrorKind::InvalidArgument, "unknown class (see --help)"));
            options.classes.push_back(*c);
        }
    }
    for (const auto& c : flags.categories) {
        bool known = false;
        for (const auto k : bfcl::categories) known = known || k == c;
        if (!known) return fail(Error(ErrorKind::InvalidArgument, "unknown category (see --help)"));
    }
    auto calls = bfcl::load_corpus(flags.data, flags.categories);
    if (!calls) return fail(calls.error());

    const auto report = bfcl::run(*calls, options);
    const Value json = bfcl::report_to_json(report);
    const bool json_to_stdout = flags.json == "-";
    if (json_to_stdout) {
        if (!write_json(stdout, json, Layout::Pretty)) return exit_usage;
        return exit_ok;
    }
    std::fputs(bfcl::format_table(report).c_str(), stdout);
    std::fputs(bfcl::format_throughput(report).c_str(), stdout);
    if (flags.show_failures) {
        std::fputs("\nfailures:\n", stdout);
        for (const auto& f : report.failures) {
            std::fprintf(stdout, "  %s #%zu %s: %s\n", f.id.c_str(), f.index,
                         std::string(bfcl::class_name(f.cls)).c_str(), f.reason.c_str());
        }
    }
    if (!flags.json.empty()) {
        std::FILE* out = std::fopen(flags.json.c_str(), "wb");
        const bool ok = out && write_json(out, json, Layout::Pretty);
        if (out) std::fclose(out);
        if (!ok) {
            std::fprintf(stderr, "laminate: could not write %s\n", flags.json.c_str());
            return exit_usage;
        }
    }
    return exit_ok;
}

constexpr const char* footer = R"(Renders every ground-truth call of BFCL's ten answered categories as a model
might write it, one class at a time (valid baseline; R1-R6, S1-S5, X1-X7 of
DESIGN.md, defined in README.md), shapes each text with the function's own
parameter schema, and counts a recovery when every argument is one of BFCL's
accepted values and no required one is missing. Prints recovered/applicable
per class and category, the rate, the rate without the calls whose valid
rendering fails too (artefacts of the data), and shaping throughput.

Categories: simple_python simple_java simple_javascript multiple parallel
parallel_multiple live_simple live_multiple live_parallel live_parallel_multiple

Examples:
  laminate bench bfcl --data ../shared/corpora/bfcl
  laminate bench bfcl --data DIR --json results.json --complete-truncated
  laminate bench bfcl --data DIR --class R1,S2 --category simple_python --show-failures
  laminate bench bfcl --data DIR --json -          # the JSON on stdout)";

} // namespace

void add_bench_command(CLI::App& app, int& exit_status) {
    auto* bench = app.add_subcommand("bench", "Run a benchmark");
    bench->require_subcommand(1);
    auto* sub = bench->add_subcommand("bfcl", "BFCL recovery benchmark: recovery table and throughput");
    auto flags = std::make_shared<BenchFlags>();
    sub->add_option("--data", flags->data, "BFCL corpus directory")->capture_default_str();
    sub->add_option("--json", flags->json, "also write the results as JSON to FILE ('-': stdout only)");
    sub->add_flag("--complete-truncated", flags->complete_truncated,
                  "opt in to completing truncated values (matters for X6)");
    sub->add_flag("--show-failures", flags->show_failures, "list every call not recovered, with why");
    sub->add_option("--class", flags->classes, "only these classes (valid,R1,...,X7)")->delimiter(',');
    sub->add_option("--category", flags->categories, "only these categories")->delimiter(',');
    sub->footer(footer);
    sub->callback([flags, &exit_status] { exit_status = run_bfcl(*flags); });
}

} // namespace laminate::cli
