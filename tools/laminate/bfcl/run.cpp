#include "run.hpp"

#include "arguments.hpp"
#include "shaper.hpp"

#include <algorithm>
#include <chrono>
#include <ctime>

namespace laminate::bfcl {

Cell Report::class_total(std::size_t class_index) const {
    Cell t;
    for (const auto& c : cells[class_index]) {
        t.applicable += c.applicable;
        t.recovered += c.recovered;
        t.artefacts += c.artefacts;
        t.artefacts_recovered += c.artefacts_recovered;
    }
    return t;
}

double Report::rate(std::size_t recovered, std::size_t applicable) {
    return applicable == 0 ? 100.0 : 100.0 * static_cast<double>(recovered) / static_cast<double>(applicable);
}

namespace {

// BFCL's java and javascript answers are checked as source literals read back into values.
bool is_source_category(std::string_view category) {
    return category == "simple_java" || category == "simple_javascript";
}

struct Outcome {
    bool recovered = false;
    std::string reason;
};

Outcome judge(const Result<ShapedArguments>& shaped, const Call& call) {
    if (!shaped)
        return {false, std::string(shaped.error().kind_name()) + ": " + shaped.error().message()};
    auto g = grade(call, shaped->value, shaped->defaulted);
    return {g.recovered, std::move(g.reason)};
}

double cpu_seconds() { return static_cast<double>(std::clock()) / CLOCKS_PER_SEC; }

} // namespace

Report run(const std::vector<Call>& calls, const RunOptions& options) {
    Report report;
    report.classes = options.classes;
    report.complete_truncated = options.complete_truncated;
    report.calls = calls.size();
    for (const auto category : categories)
        if (std::any_of(calls.begin(), calls.end(), [&](const Call& c) { return c.category == category; }))
            report.categories.emplace_back(category);
    report.cells.assign(report.classes.size(), std::vector<Cell>(report.categories.size()));
    report.per_class.assign(report.classes.size(), {});

    // Schemas compiled once per call, outside every timed loop.
    std::vector<ArgumentShaper> shapers;
    std::vector<std::size_t> category_of;
    shapers.reserve(calls.size());
    for (const auto& call : calls) {
        shapers.emplace_back(call.schema, is_source_category(call.category));
        category_of.push_back(static_cast<std::size_t>(
            std::find(report.categories.begin(), report.categories.end(), call.category) -
            report.categories.begin()));
    }
    // Whether the valid rendering recovers decides what counts as an artefact of the data.
    std::vector<char> valid_ok(calls.size(), 0);
    for (std::size_t i = 0; i < calls.size(); ++i) {
        const auto text = render(Class::Valid, calls[i]);
        valid_ok[i] = text && judge(shapers[i].shape(*text, false), calls[i]).recovered;
    }

    for (std::size_t k = 0; k < report.classes.size(); ++k) {
        const Class cls = report.classes[k];
        std::vector<std::size_t> which;
        std::vector<std::string> texts;
        for (std::size_t i = 0; i < calls.size(); ++i) {
            auto text = render(cls, calls[i]);
            if (!text) continue;
            which.push_back(i);
            texts.push_back(std::move(*text));
        }
        // Only shaping is timed: a batch of one class, CPU time (the machine is shared) and wall.
        std::vector<Result<ShapedArguments>> shaped;
        shaped.reserve(texts.size());
        Throughput& tp = report.per_class[k];
        const double cpu_start = cpu_seconds();
        const auto wall_start = std::chrono::steady_clock::now();
        for (std::size_t j = 0; j < texts.size(); ++j)
            shaped.push_back(shapers[which[j]].shape(texts[j], options.complete_truncated));
        tp.wall_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - wall_start).count();
        tp.seconds = cpu_seconds() - cpu_start;
        tp.calls = texts.size();
        for (const auto& t : texts) tp.bytes += t.size();

        for (std::size_t j = 0; j < texts.size(); ++j) {
            const Call& call = calls[which[j]];
            const auto derived = derived_call(cls, call);
            auto outcome = judge(shaped[j], derived ? *derived : call);
            Cell& cell = report.cells[k][category_of[which[j]]];
            ++cell.applicable;
            if (outcome.recovered) ++cell.recovered;
            if (!valid_ok[which[j]]) {
                ++cell.artefacts;
                if (outcome.recovered) ++cell.artefacts_recovered;
            }
            if (!outcome.recovered)
                report.failures.push_back({call.id, call.index, call.category, cls, std::move(outcome.reason)});
        }
    }
    for (const auto& tp : report.per_class) {
        report.total.calls += tp.calls;
        report.total.bytes += tp.bytes;
        report.total.seconds += tp.seconds;
        report.total.wall_seconds += tp.wall_seconds;
    }
    return report;
}

} // namespace laminate::bfcl
