#pragma once
// Benchmarks are registered at run time (after the command line has chosen the data directory);
// each file registers its own.

#include "parsers.hpp"

#include <benchmark/benchmark.h>

#include <functional>
#include <string>

namespace laminate::bench {

void register_throughput();
void register_linearity();
void register_schema_shape(); // only when built with the BFCL benchmark code (tools)
void register_stream();
void register_shape();

// Registers `name` to parse the docs chosen by `pick` with a fresh `Parser` (made once per run,
// outside the timed loop). Skips with the reason when the generated workloads are missing.
template <class Parser>
void register_on_workload(const std::string& name, std::function<const Docs&(const Workloads&)> pick,
                          std::function<Parser()> make = [] { return Parser{}; }) {
    benchmark::RegisterBenchmark(name.c_str(), [pick, make](benchmark::State& state) {
        const Workloads& w = workloads();
        if (!w.missing.empty()) {
            state.SkipWithError(w.missing.c_str());
            return;
        }
        Parser parser = make();
        parse_all(state, pick(w), parser);
    });
}

} // namespace laminate::bench
