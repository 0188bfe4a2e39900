// Schema-driven shaping of the BFCL workload against simdjson's DOM parse of the same texts, in
// the same run (issue target: 0.3x of simdjson). The workload is the benchmark's valid rendering
// of every ground-truth call (compact JSON, tools/laminate/bfcl) that shapes without error (the
// dozen whose ground truth contradicts its schema are left out, so that every timed call does the
// whole work), each with its own function's parameter schema, compiled once outside the loop (the
// counter schema_bytes_per_doc is the heap a compiled schema holds):
//   BFCL/simdjson                     DOM parse only (the ceiling)
//   BFCL/nlohmann                     nlohmann::json::parse
//   BFCL/laminate_parse               laminate's tolerant parser, no schema (for reference)
//   BFCL/laminate_shape_json          parse + shape to the schema
//   BFCL/laminate_shape_llm_response  extraction + parse + shape, as `laminate bench bfcl` does
//   BFCL/laminate_parse_validate      parse + Schema::validate (every violation collected)
#include "paired.hpp"
#include "register.hpp"

#include "corpus.hpp"
#include "render.hpp"

#include <laminate/schema.hpp>

#include <malloc.h>

#include <cstdlib>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace laminate::bench {

namespace {

struct BfclWorkload {
    std::string missing;
    Docs texts;
    std::vector<Schema> schemas; // one per text
    std::size_t schema_bytes = 0;        // heap in use for the compiled schemas (glibc's count)
};

// Bytes the allocator has handed out and not taken back: the compiled schemas' footprint is the
// growth across their compilation (the workload's own vectors grow outside it).
std::size_t heap_in_use() { return mallinfo2().uordblks; }

std::filesystem::path corpora_dir() {
    if (const char* env = std::getenv("LAMINATE_CORPORA_DIR")) return env;
    return LAMINATE_CORPORA_DIR;
}

const BfclWorkload& bfcl_workload() {
    static const BfclWorkload w = [] {
        BfclWorkload out;
        auto calls = bfcl::load_corpus(corpora_dir() / "bfcl");
        if (!calls) {
            out.missing = "BFCL corpus not readable: " + calls.error().message();
            return out;
        }
        // The texts are stored after the loop, one after another as W1's are read from its file
        // (and as a batch of model answers arrives): added as each call is compiled, every text
        // sat among its schema's compile-time garbage, 4 KB from the next, on a page of its own.
        std::vector<std::string> texts;
        for (const auto& call : *calls) {
            const auto text = bfcl::render(bfcl::Class::Valid, call);
            Value closed = call.schema;
            if (!closed.contains("additionalProperties")) closed.set("additionalProperties", Value(false));
            SchemaCompileOptions options;
            options.source_literals = call.category == "simple_java" || call.category == "simple_javascript";
            const std::size_t before = heap_in_use();
            auto schema = Schema::compile(closed, options);
            const std::size_t after = heap_in_use();
            if (!text || !schema || !schema->from_json(*text)) continue;
            texts.push_back(*text);
            out.schemas.push_back(std::move(*schema));
            out.schema_bytes += after > before ? after - before : 0;
        }
        for (const std::string& text : texts) out.texts.add(text);
        return out;
    }();
    return w;
}

// One sweep of the workload, each text with its own schema: how many shape_one refused.
template <class ShapeOne>
std::int64_t shape_sweep(const BfclWorkload& w, const ShapeOne& shape_one) {
    std::int64_t rejected = 0;
    for (std::size_t i = 0; i < w.texts.docs.size(); ++i) rejected += !shape_one(w.texts.docs[i], w.schemas[i]);
    return rejected;
}

// laminate_shape_json's call, shared by its separate and its paired benchmark (a lambda, so that
// each loop inlines it rather than calling through a pointer).
constexpr auto shape_json_one = [](const simdjson::padded_string& doc, const Schema& schema) {
    auto r = schema.from_json(view(doc));
    benchmark::DoNotOptimize(r);
    return r.has_value();
};

template <class ShapeOne>
void shape_all(benchmark::State& state, ShapeOne shape_one) {
    const BfclWorkload& w = bfcl_workload();
    if (!w.missing.empty()) {
        state.SkipWithError(w.missing.c_str());
        return;
    }
    std::int64_t rejected = 0;
    for (auto _ : state) rejected += shape_sweep(w, shape_one);
    const auto iterations = static_cast<std::int64_t>(state.iterations());
    state.SetBytesProcessed(iterations * static_cast<std::int64_t>(w.texts.bytes));
    state.SetItemsProcessed(iterations * static_cast<std::int64_t>(w.texts.docs.size()));
    state.counters["docs"] = static_cast<double>(w.texts.docs.size());
    state.counters["schema_bytes_per_doc"] =
        static_cast<double>(w.schema_bytes) / static_cast<double>(w.texts.docs.size() ? w.texts.docs.size() : 1);
    state.counters["rejected"] = benchmark::Counter(static_cast<double>(rejected), benchmark::Counter::kAvgIterations);
}

} // namespace

void register_schema_shape() {
    benchmark::RegisterBenchmark("BFCL/simdjson", [](benchmark::State& state) {
        auto parser = std::make_shared<SimdjsonDom>();
        shape_all(state, [parser](const simdjson::padded_string& doc, const Schema&) {
            return (*parser)(doc) != Outcome::Rejected;
        });
    });
    benchmark::RegisterBenchmark("BFCL/nlohmann", [](benchmark::State& state) {
        shape_all(state, [](const simdjson::padded_string& doc, const Schema&) {
            return Nlohmann{}(doc) != Outcome::Rejected;
        });
    });
    benchmark::RegisterBenchmark("BFCL/laminate_parse", [](benchmark::State& state) {
        shape_all(state, [](const simdjson::padded_string& doc, const Schema&) {
            auto r = laminate::parse(view(doc));
            benchmark::DoNotOptimize(r);
            return r.has_value();
        });
    });
    benchmark::RegisterBenchmark("BFCL/laminate_shape_json",
                                 [](benchmark::State& state) { shape_all(state, shape_json_one); });
    // The shape_json ratio from paired sweeps (paired.hpp), for comparing builds: less noisy, but
    // simdjson runs slower paired, so the target stays judged on BFCL/laminate_shape_json.
    benchmark::RegisterBenchmark("Paired/BFCL/laminate_shape_json", [](benchmark::State& state) {
        const BfclWorkload& w = bfcl_workload();
        if (!w.missing.empty()) {
            state.SkipWithError(w.missing.c_str());
            return;
        }
        SimdjsonDom simdjson;
        paired(
            state, [&] { benchmark::DoNotOptimize(sweep(w.texts, simdjson)); },
            [&] { return shape_sweep(w, shape_json_one); });
    });
    benchmark::RegisterBenchmark("BFCL/laminate_shape_llm_response", [](benchmark::State& state) {
        shape_all(state, [](const simdjson::padded_string& doc, const Schema& schema) {
            auto r = schema.from_llm_response(view(doc));
            benchmark::DoNotOptimize(r);
            return r.has_value();
        });
    });
    benchmark::RegisterBenchmark("BFCL/laminate_parse_validate", [](benchmark::State& state) {
        shape_all(state, [](const simdjson::padded_string& doc, const Schema& schema) {
            auto parsed = laminate::parse(view(doc));
            if (!parsed) return false;
            auto report = schema.validate(parsed->value);
            benchmark::DoNotOptimize(report);
            return report.valid;
        });
    });
}

} // namespace laminate::bench
