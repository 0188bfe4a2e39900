// Linearity: 10x the input must cost at most 11x. Two axes, each measured at N and 10N for
// laminate and (for context) the baselines:
//   Size/N, W2          the first tenth of W2's records re-wrapped as an array, and W2 itself
//                       (the W2 benchmarks serve as 10N rather than being run twice)
//   Depth/N, Depth/10N  one document nested N = 100 and 1000 objects deep
// bench/report.py divides the costs.
#include "register.hpp"

#include <string>

namespace laminate::bench {
namespace {

template <class Parser>
void register_depth(const std::string& name, std::size_t depth, std::function<Parser()> make) {
    benchmark::RegisterBenchmark(name.c_str(), [depth, make](benchmark::State& state) {
        Parser parser = make();
        parse_all(state, nested_docs(depth), parser);
    });
}

template <class Parser>
void register_depths(const std::string& parser_name, std::function<Parser()> make) {
    register_depth<Parser>("Depth/N/" + parser_name, nesting_n, make);
    register_depth<Parser>("Depth/10N/" + parser_name, 10 * nesting_n, make);
}

} // namespace

void register_linearity() {
    const auto tenth = [](const Workloads& w) -> const Docs& { return w.w2_tenth; };
    register_on_workload<SimdjsonDom>("Size/N/simdjson", tenth);
    register_on_workload<Nlohmann>("Size/N/nlohmann", tenth);
    register_on_workload<LaminateParse>("Size/N/laminate_parse", tenth);
    register_on_workload<LaminateParseJson>("Size/N/laminate_parse_json", tenth);

    register_depths<SimdjsonDom>("simdjson", [] { return SimdjsonDom(nesting_limit); });
    register_depths<Nlohmann>("nlohmann", [] { return Nlohmann{}; });
    register_depths<LaminateParse>("laminate_parse", [] {
        LaminateParse p;
        p.options.max_depth = nesting_limit;
        return p;
    });
}

} // namespace laminate::bench
