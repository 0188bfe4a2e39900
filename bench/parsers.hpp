#pragma once
// The contestants, each as a callable that parses one document the way a user would and says how
// it went. Results are kept alive until the next call and passed through DoNotOptimize, so that
// no parser's work can be optimised away.

#include "workloads.hpp"

#include <laminate/parse.hpp>

#include <benchmark/benchmark.h>
#include <nlohmann/json.hpp>
#include <simdjson.h>

#include <cstdint>
#include <stdexcept>
#include <string_view>

namespace laminate::bench {

enum class Outcome : std::uint8_t { Rejected, Parsed, Repaired };

inline std::string_view view(const simdjson::padded_string& doc) {
    return {doc.data(), doc.size()};
}

// One dom::parser reused for every document, as simdjson's documentation recommends.
struct SimdjsonDom {
    simdjson::dom::parser parser;

    explicit SimdjsonDom(std::size_t max_depth = simdjson::DEFAULT_MAX_DEPTH) {
        if (parser.allocate(simdjson::dom::MINIMAL_DOCUMENT_CAPACITY, max_depth) != simdjson::SUCCESS)
            throw std::runtime_error("simdjson could not allocate its parser");
    }
    Outcome operator()(const simdjson::padded_string& doc) {
        auto root = parser.parse(doc);
        benchmark::DoNotOptimize(root);
        return root.error() == simdjson::SUCCESS ? Outcome::Parsed : Outcome::Rejected;
    }
};

struct Nlohmann {
    Outcome operator()(const simdjson::padded_string& doc) const {
        const auto text = view(doc);
        auto j = nlohmann::json::parse(text.begin(), text.end(), nullptr, /*allow_exceptions=*/false);
        benchmark::DoNotOptimize(j);
        return j.is_discarded() ? Outcome::Rejected : Outcome::Parsed;
    }
};

// The tolerant parser, repairs on.
struct LaminateParse {
    ParseOptions options{};

    Outcome operator()(const simdjson::padded_string& doc) const {
        auto r = laminate::parse(view(doc), options);
        benchmark::DoNotOptimize(r);
        if (!r) return Outcome::Rejected;
        return r->diagnostics.empty() ? Outcome::Parsed : Outcome::Repaired;
    }
};

// Strict RFC 8259.
struct LaminateParseJson {
    Outcome operator()(const simdjson::padded_string& doc) const {
        auto r = laminate::parse_json(view(doc));
        benchmark::DoNotOptimize(r);
        return r ? Outcome::Parsed : Outcome::Rejected;
    }
};

// Parses every document of `docs` once per iteration. Reports bytes/s and documents/s, and per
// iteration how many documents were rejected or needed repairs: a fast rejection is not a parse,
// and the report says so.
template <class Parser>
void parse_all(benchmark::State& state, const Docs& docs, Parser&& parse_one) {
    std::int64_t rejected = 0;
    std::int64_t repaired = 0;
    for (auto _ : state) {
        for (const auto& doc : docs.docs) {
            const Outcome o = parse_one(doc);
            rejected += o == Outcome::Rejected;
            repaired += o == Outcome::Repaired;
        }
    }
    const auto iterations = static_cast<std::int64_t>(state.iterations());
    state.SetBytesProcessed(iterations * static_cast<std::int64_t>(docs.bytes));
    state.SetItemsProcessed(iterations * static_cast<std::int64_t>(docs.docs.size()));
    state.counters["docs"] = static_cast<double>(docs.docs.size());
    state.counters["bytes"] = static_cast<double>(docs.bytes);
    state.counters["rejected"] = benchmark::Counter(static_cast<double>(rejected), benchmark::Counter::kAvgIterations);
    state.counters["repaired"] = benchmark::Counter(static_cast<double>(repaired), benchmark::Counter::kAvgIterations);
}

} // namespace laminate::bench
