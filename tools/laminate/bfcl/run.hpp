#pragma once
// The benchmark itself: every call rendered under every class, shaped with its function's schema,
// graded against BFCL's accepted values; counts per class and category, failures, throughput.

#include "corpus.hpp"
#include "render.hpp"

#include <cstddef>
#include <string>
#include <vector>

namespace laminate::bfcl {

struct RunOptions {
    std::vector<Class> classes{all_classes.begin(), all_classes.end()};
    bool complete_truncated = false; // opt in to completing truncated values (X6)
};

struct Cell {
    std::size_t applicable = 0; // calls the class could be shown on
    std::size_t recovered = 0;
    std::size_t artefacts = 0;  // applicable calls whose valid rendering fails too
    std::size_t artefacts_recovered = 0;
};

struct Failure {
    std::string id;
    std::size_t index = 0; // which call of the id (parallel categories)
    std::string category;
    Class cls = Class::Valid;
    std::string reason;    // the grader's reason or the shaping error's kind and message
};

// Shaping alone, timed over each class's batch of texts (schemas compiled beforehand).
struct Throughput {
    std::size_t calls = 0;   // shape() calls timed
    std::size_t bytes = 0;   // their input bytes
    double seconds = 0;      // process CPU time: what the rates use, as the machine may be shared
    double wall_seconds = 0;
    double calls_per_second() const { return seconds > 0 ? static_cast<double>(calls) / seconds : 0; }
    double mb_per_second() const { return seconds > 0 ? static_cast<double>(bytes) / 1e6 / seconds : 0; }
};

struct Report {
    std::vector<Class> classes;
    std::vector<std::string> categories; // those with at least one call, in corpus order
    std::vector<std::vector<Cell>> cells; // [class][category]
    std::vector<Failure> failures;        // every failure, artefacts included, class by class
    std::vector<Throughput> per_class;    // [class]
    Throughput total;
    std::size_t calls = 0;
    bool complete_truncated = false;

    Cell class_total(std::size_t class_index) const;
    // Share of applicable calls recovered, in percent (100 when nothing applied).
    static double rate(std::size_t recovered, std::size_t applicable);
};

Report run(const std::vector<Call>& calls, const RunOptions& options = {});

} // namespace laminate::bfcl
