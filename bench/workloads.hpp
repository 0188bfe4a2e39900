#pragma once
// The benchmark inputs. W1/W2/W3 come from files that make_workloads.py generates (never committed);
// the nesting documents are built here. Every input is stored padded for simdjson (its best
// case, which keeps laminate's ratio conservative); the other parsers see the same bytes as a
// string_view.

#include <simdjson.h>

#include <cstddef>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace laminate::bench {

// A workload: one or more documents, each parsed by its own call.
struct Docs {
    std::vector<simdjson::padded_string> docs;
    std::size_t bytes = 0; // sum of document sizes, padding and line ends excluded

    void add(std::string_view text);
};

struct Workloads {
    std::filesystem::path dir;
    std::string missing; // why the files could not be read; empty when they were

    Docs w1;       // BFCL ground-truth argument objects, one call per document
    Docs w3;       // the same objects with trailing commas, single quotes, Python literals
    Docs w2;       // one ~20 MB array of nested records
    Docs w2_tenth; // the first tenth of W2's records, re-wrapped as a valid array
};

// Nesting depths for the linearity benchmarks: depth N and 10N.
inline constexpr std::size_t nesting_n = 100;
// Every parser gets a depth limit above 10N (laminate's default is 512, simdjson's 1024).
inline constexpr std::size_t nesting_limit = 4096;

// Where workloads are read from; call before the first workloads(). Defaults to
// $LAMINATE_BENCH_DATA, else the build tree's bench-data directory.
void set_data_dir(std::filesystem::path dir);
const std::filesystem::path& data_dir();

// Loaded on first use (outside any timed region), then shared by every benchmark.
const Workloads& workloads();

// A document nested `depth` objects deep (plus a two-string array at each level), each level
// with the same few members, so that its size grows linearly with depth.
std::string nested_document(std::size_t depth);

// The same as a one-document workload.
const Docs& nested_docs(std::size_t depth);

} // namespace laminate::bench
