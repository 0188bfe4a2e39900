// Linearity: 10x the input must cost at most 11x. Two axes, each measured at N and 10N for
// laminate and (for context) the baselines:
//   Size/N, W2          the first tenth of W2's records re-wrapped as an array, and W2 itself
//                       (the W2 benchmarks serve as 10N rather than being run twice)
//   Depth/N, Depth/10N  one document nested N = 100 and 1000 objects deep
//   Repairs             100 KB and 1 MB of records with one repair every kilobyte (a quote
//                       inside a string, single quotes, a trailing comma, a missing comma, an
//                       unquoted key, a Python literal, a comment, stray words, unquoted text over
//                       commas, a Python set, an expression, digit separators, members in an
//                       array, TRUE, strings without commas, in turn)
//   UnclosedString      a string left open, followed by fragments that each hold quotes, a comma,
//                       a colon and brackets, to 100 KB and 1 MB (every quote is weighed and
//                       kept as text): the look-ahead that decides a quote must stay bounded
// bench/report.py divides the costs. Paired/Size and Paired/Depth take laminate's two sizes in
// turn within every iteration (paired.hpp), so that both meet the same moment of a shared host:
// run apart, simdjson's own ratio moved between 1.0 and 1.7 from one run to the next.
#include "paired.hpp"
#include "register.hpp"

#include <iterator>
#include <map>
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

// Paired/<axis>/laminate_parse: laminate's sweep of the N document(s) and of the 10N one(s) in
// turn; `cost_x_per_input` is the 10N sweep's cost over the N sweep's, divided by 10N's bytes
// over N's (at most 1.1 is the target).
void register_paired_linearity(const std::string& axis,
                               std::function<const Docs&(const Workloads&)> pick_n,
                               std::function<const Docs&(const Workloads&)> pick_10n,
                               ParseOptions options = {}) {
    const std::string name = "Paired/" + axis + "/laminate_parse";
    benchmark::RegisterBenchmark(name.c_str(), [pick_n, pick_10n, options](benchmark::State& state) {
        const Workloads& w = workloads();
        if (!w.missing.empty()) {
            state.SkipWithError(w.missing.c_str());
            return;
        }
        LaminateParse laminate;
        laminate.options = options;
        laminate.options.max_depth = nesting_limit;
        const Docs& n = pick_n(w);
        const Docs& n10 = pick_10n(w);
        paired(state, [&] { benchmark::DoNotOptimize(sweep(n, laminate)); },
               [&] { return sweep(n10, laminate); });
        const double input_x = static_cast<double>(n10.bytes) / static_cast<double>(n.bytes);
        const double ratio = state.counters["ratio"]; // N's cost over 10N's
        state.counters["input_x"] = input_x;
        state.counters["cost_x_per_input"] = ratio > 0 ? 1.0 / ratio / input_x : 0;
    });
}

// Records of about a kilobyte, each with one repair, `kilobytes` of them.
const Docs& repaired_records(std::size_t kilobytes) {
    static std::map<std::size_t, Docs> cache;
    auto [it, inserted] = cache.try_emplace(kilobytes);
    if (!inserted) return it->second;
    static constexpr std::string_view repairs[] = {
        R"("note": "he said "fine" and left", )", R"('note': 'single quoted', )", R"("note": "a", "more": 1,, )",
        R"("note": "a" "more": 2, )",            R"(note: "unquoted key", )",    R"("note": True, )",
        R"("note": /* c */ "x", )",              R"(NOTE see "note": 1, )",      R"("note": fast, cheap. and more, )",
        R"("note": {'a', 'b'}, )",               R"("note": 1/3, )",             R"("note": 82_461_110, )",
        R"("note": ["k": "v"], )",               R"("note": TRUE, )",            R"("note": ["a" "b" "c"], )"};
    std::string text = "[";
    const std::string filler(900, 'w');
    for (std::size_t i = 0; i < kilobytes; ++i) {
        if (i) text += ",\n";
        text += R"({"id": )" + std::to_string(i) + ", ";
        text += repairs[i % std::size(repairs)];
        text += R"("text": ")" + filler + R"(", "ok": true})";
    }
    text += "]";
    it->second.add(text);
    return it->second;
}

// A string opened and never closed, then fragments with quotes, commas and colons.
const Docs& unclosed_string(std::size_t kilobytes) {
    static std::map<std::size_t, Docs> cache;
    auto [it, inserted] = cache.try_emplace(kilobytes);
    if (!inserted) return it->second;
    std::string text = R"({"summary": "starts here)";
    static constexpr std::string_view fragment = R"( and "quoted" then, more: [x] {y} it's)";
    while (text.size() < kilobytes * 1024) text += fragment;
    it->second.add(text);
    return it->second;
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
    register_paired_linearity(
        "Size", tenth, [](const Workloads& w) -> const Docs& { return w.w2; });
    register_paired_linearity(
        "Depth", [](const Workloads&) -> const Docs& { return nested_docs(nesting_n); },
        [](const Workloads&) -> const Docs& { return nested_docs(10 * nesting_n); });
    register_paired_linearity(
        "Repairs", [](const Workloads&) -> const Docs& { return repaired_records(100); },
        [](const Workloads&) -> const Docs& { return repaired_records(1000); });
    register_paired_linearity(
        "UnclosedString", [](const Workloads&) -> const Docs& { return unclosed_string(100); },
        [](const Workloads&) -> const Docs& { return unclosed_string(1000); },
        ParseOptions{.complete_truncated = true, .max_repairs = std::size_t(1) << 20}); // two repairs a fragment
    register_depths<LaminateParse>("laminate_parse", [] {
        LaminateParse p;
        p.options.max_depth = nesting_limit;
        return p;
    });
}

} // namespace laminate::bench
