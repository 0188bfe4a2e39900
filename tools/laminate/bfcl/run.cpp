#include "run.hpp"

#include "arguments.hpp"
#include "shaper.hpp"

#include <algorithm>
#include <chrono>

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

Outcome shape_and_grade(const ArgumentShaper& shaper, const Call& call, const std::string& text,
                        bool complete, Throughput& tp) {
    const auto start = std::chrono::steady_clock::now();
    auto shaped = shaper.shape(text, complete);
    const auto stop = std::chrono::steady_clock::now();
    tp.calls += 1;
    tp.bytes += text.size();
    tp.seconds += std::chrono::duration<double>(stop - start).count();
    if (!shaped)
        return {false, std::string(shaped.error().kind_name()) + ": " + shaped.error().message()};
    auto g = grade(call, shaped->value, shaped->defaulted);
    return {g.recovered, std::move(g.reason)};
}

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

    for (const auto& call : calls) {
        const auto cat = static_cast<std::size_t>(
            std::find(report.categories.begin(), report.categories.end(), call.category) -
            report.categories.begin());
        const ArgumentShaper shaper(call.schema, is_source_category(call.category));
        // Whether the valid rendering recovers decides what counts as an artefact of the data.
        Throughput scratch;
        const auto valid_text = render(Class::valid, call);
        const bool valid_ok =
            valid_text && shape_and_grade(shaper, call, *valid_text, false, scratch).recovered;
        for (std::size_t k = 0; k < report.classes.size(); ++k) {
            const Class cls = report.classes[k];
            const auto text = render(cls, call);
            if (!text) continue;
            const auto derived = derived_call(cls, call);
            auto outcome = shape_and_grade(shaper, derived ? *derived : call, *text,
                                           options.complete_truncated, report.per_class[k]);
            Cell& cell = report.cells[k][cat];
            ++cell.applicable;
            if (outcome.recovered) ++cell.recovered;
            if (!valid_ok) {
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
    }
    return report;
}

} // namespace laminate::bfcl
