#pragma once
// laminate::lm evaluation — run a callable (a program, usually) over a labelled dataset, score
// each answer, and say how sure the numbers are:
//
//   std::vector<laminate::lm::Example<ClassifyTicket, TicketClassification>> dataset = ...;
//   auto report = laminate::lm::evaluate(std::span(dataset),
//       [&](const ClassifyTicket& in, std::stop_token stop) { return classify.run(in, {.stop = stop}); },
//       laminate::lm::ExactMatch{}, {.concurrency = 4});
//   std::cout << report.to_string() << '\n';
//   // exact match 92.6 % (95 % CI 90.0 – 94.6 %) on 500 examples, 3 failed; latency p50 ... ms
//
//   auto change = laminate::lm::compare(baseline, report);  // both runs on the same dataset
//   if (change && change->verdict == laminate::lm::Verdict::Regression) fail(change->to_string());
//
// Semantics:
// * evaluate() calls fn once per example through run_batch (BatchOptions: concurrency, rate,
//   progress, stop). fn(input[, stop_token]) returns a Result<U, E>; a value is scored with
//   metric(expected, value) (a double in [0, 1], or a bool), an error scores 0 and counts as a
//   failure, its kind kept (E's kind_name() or kind(), a ProviderError's reason name, else
//   "error") — never its message, which could quote the model. Examples never run (a stopped
//   batch) score 0 as failures of kind "cancelled".
// * ExactMatch compares the two as JSON values (laminate::to_value for typed outputs):
//   numbers by the value they spell (2 == 2.0), types otherwise strict (2 != "2"), object
//   member order ignored.
// * Report::score is the mean score (accuracy for 0/1 metrics); interval is the Wilson score
//   interval at 95 % (z = 1.959964) over the score sum, which stays inside [0, 1] and behaves
//   at 0 % and 100 %, unlike the normal approximation.
// * Latency is each call's wall time, measured around fn; percentiles are nearest-rank
//   (the value at rank ceil(p/100 * n) of the sorted latencies), so every reported
//   percentile is a latency that happened.
// * compare(baseline, current, tolerance) pairs the two runs' per-example scores: the
//   difference of each example, their mean and its 95 % t-interval (Student's t, df = n - 1:
//   a table for df 1..30, the Cornish-Fisher expansion beyond, within 0.002). Regression when
//   the whole interval lies below -tolerance, improvement when it lies above 0, otherwise no
//   significant change. Runs over different numbers of examples or metrics do not compare.
// * Comparison::to_string():
//   "exact match 100.0 % → 60.0 % (-40.0 points, 95 % CI -63.5 – -16.5) on 20 examples,
//    8 worse, 0 better: regression; worse examples: 0, 1, 5, 6, 10, 11, 15, 16"
//   (the list only when some are worse, at most 20 indices then "and N more").

#include <laminate/lm/batch.hpp>
#include <laminate/lm/provider.hpp>
#include <laminate/shape.hpp>
#include <laminate/value.hpp>

#include <chrono>
#include <cstddef>
#include <span>
#include <stop_token>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace laminate::lm {

// ---- statistics ---------------------------------------------------------------------------------

struct Interval {
    double low = 0;
    double high = 0;
    friend bool operator==(const Interval&, const Interval&) = default;
};

// The Wilson score interval at 95 % for `successes` out of `n` (successes may be fractional:
// a sum of scores). n == 0 gives [0, 1]: nothing is known.
Interval wilson_interval(double successes, std::size_t n) noexcept;
// The two-sided 95 % quantile of Student's t with `df` degrees of freedom: the table for
// 1..30, the Cornish-Fisher expansion beyond; infinity for df == 0.
double t_975(std::size_t df) noexcept;
// The 95 % interval of the mean of paired differences: mean ± t_975(n-1) · sd / sqrt(n);
// one difference gives [d, d], none gives [0, 0].
Interval paired_interval(std::span<const double> differences) noexcept;
// The nearest-rank percentile p (0 < p <= 100) of ascending `sorted`: sorted[ceil(p/100·n) - 1]
// (rank clamped to 1..n). 0 for an empty span.
double percentile_nearest_rank(std::span<const double> sorted, double p) noexcept;
// JSON value equality: numbers by value (2 == 2.0), otherwise types strict (2 != "2").
bool values_equal(const Value& a, const Value& b) noexcept;

// ---- datasets and metrics -------------------------------------------------------------------------

template <class In, class Out>
struct Example {
    In input;
    Out expected;
};

// 1 when the answer equals the expected output as a JSON value, else 0.
struct ExactMatch {
    static constexpr std::string_view name = "exact match";
    template <class Expected, class Actual>
    double operator()(const Expected& expected, const Actual& actual) const {
        return values_equal(as_value(expected), as_value(actual)) ? 1.0 : 0.0;
    }

private:
    template <class T>
    static Value as_value(const T& v) {
        if constexpr (std::is_same_v<T, Value>) return v;
        else return laminate::to_value(v);
    }
};

// ---- reports ----------------------------------------------------------------------------------------

struct ExampleOutcome {
    double score = 0;
    std::string error_kind;               // empty when fn gave a value
    std::chrono::nanoseconds latency{0};  // 0 for an example never run
    bool ran = false;
};

struct LatencySummary {
    std::chrono::nanoseconds p50{0}, p90{0}, p95{0}, p99{0}, max{0};
};

struct Report {
    std::string metric;                   // the metric's name ("exact match", "custom")
    std::string dataset;                  // the caller's name for the dataset (optional)
    std::size_t examples = 0;
    std::size_t failures = 0;             // examples whose call gave an error (or never ran)
    double score = 0;                     // mean score
    Interval interval;                    // Wilson 95 % of the score
    std::vector<ExampleOutcome> outcomes; // per example, in dataset order
    LatencySummary latency;               // over the calls that ran

    std::vector<double> scores() const;
    // "exact match 92.6 % (95 % CI 90.0 – 94.6 %) on 500 examples, 3 failed; latency p50 120 ms,
    // p95 310 ms" (", 3 failed" only when some failed).
    std::string to_string() const;
};

// Builds a report from per-example outcomes (what evaluate does after the batch).
Report make_report(std::string metric, std::vector<ExampleOutcome> outcomes);

// A report as JSON, for baselines kept beside tests and for the command line (not named
// to_value: that would hide laminate::to_value<T> from code inside laminate::lm):
//   {"metric", "dataset", "examples", "failures", "score", "interval": [low, high],
//    "latency_ms": {"p50", "p90", "p95", "p99", "max"},
//    "outcomes": [{"score", "latency_ms", "ran"?: false, "error"?: kind}]}
// Error kinds only: no input, answer or message is ever part of it.
Value report_to_value(const Report& report);
struct ReportError {
    std::string message;
    std::string to_string() const { return "invalid report: " + message; }
};
// Reads what report_to_value wrote; the summary is recomputed from the outcomes.
Result<Report, ReportError> report_from_value(const Value& value);

// ---- comparing two runs ---------------------------------------------------------------------------

enum class Verdict : unsigned char { Regression, Improvement, NoSignificantChange };
// "regression", "improvement", "no_significant_change" (the display string spells the last
// "no significant change").
std::string_view verdict_name(Verdict verdict) noexcept;

struct Comparison {
    std::string metric;
    std::size_t examples = 0;
    double baseline_score = 0;
    double current_score = 0;
    double difference = 0;          // current_score - baseline_score
    Interval interval;              // 95 % interval of the paired difference
    std::vector<std::size_t> worse;  // examples that scored lower than in the baseline
    std::vector<std::size_t> better; // ... higher
    Verdict verdict = Verdict::NoSignificantChange;

    std::string to_string() const; // the display string at the top of this file
};

struct ComparisonError {
    std::string message; // "the runs cover 20 and 21 examples", "the metrics differ: ..."
    std::string to_string() const { return "not comparable: " + message; }
};

// Pairs the runs example by example. `tolerance` (a score difference, 0.02 = two points): a
// drop counts as a regression only when the whole interval lies below -tolerance. Runs with
// different metrics, different example counts, or different dataset names (when both are
// named) do not compare.
Result<Comparison, ComparisonError> compare(const Report& baseline, const Report& current, double tolerance = 0);
// The same on bare per-example scores (equal lengths).
Result<Comparison, ComparisonError> compare_scores(std::string metric, std::span<const double> baseline,
                                                   std::span<const double> current, double tolerance = 0);

// ---- running --------------------------------------------------------------------------------------

namespace detail {

template <class E>
std::string eval_error_kind(const E& e) {
    if constexpr (requires { std::string_view(e.kind_name()); }) return std::string(e.kind_name());
    else if constexpr (std::is_same_v<E, ProviderError>) return std::string(ProviderError::reason_name(e.reason));
    else if constexpr (requires { std::string_view(e.kind()); }) return std::string(std::string_view(e.kind()));
    else return "error";
}

template <class Metric>
std::string metric_name(const Metric& metric) {
    if constexpr (requires { std::string_view(metric.name); }) return std::string(std::string_view(metric.name));
    else if constexpr (requires { std::string_view(metric.name()); }) return std::string(std::string_view(metric.name()));
    else return "custom";
}

} // namespace detail

// Runs fn over the dataset and scores it (see the top of this file). fn and metric are called
// from several threads at once.
template <class In, class Out, class Fn, class Metric = ExactMatch>
Report evaluate(std::span<const Example<In, Out>> dataset, Fn&& fn, Metric metric = {}, const BatchOptions& options = {}) {
    const Example<In, Out>* first = dataset.data();
    std::vector<ExampleOutcome> outcomes(dataset.size());
    auto scored = run_batch(dataset, [&](const Example<In, Out>& example, std::stop_token stop) -> Result<int, ProviderError> {
        const auto start = std::chrono::steady_clock::now();
        auto answer = detail::invoke_batch_fn(fn, example.input, std::move(stop));
        ExampleOutcome& o = outcomes[static_cast<std::size_t>(&example - first)];
        o.latency = std::chrono::steady_clock::now() - start;
        o.ran = true;
        if (answer.has_value()) o.score = static_cast<double>(metric(example.expected, *answer));
        else o.error_kind = detail::eval_error_kind(answer.error());
        // The batch counts failures by this result.
        if (!o.error_kind.empty()) return ProviderError{.reason = ProviderError::Reason::InvalidRequest, .message = {}};
        return 0;
    }, options);
    for (std::size_t i = 0; i < outcomes.size(); ++i)
        if (!outcomes[i].ran) outcomes[i].error_kind = "cancelled";
    (void)scored;
    return make_report(detail::metric_name(metric), std::move(outcomes));
}

template <class In, class Out, class Fn, class Metric = ExactMatch>
Report evaluate(const std::vector<Example<In, Out>>& dataset, Fn&& fn, Metric metric = {}, const BatchOptions& options = {}) {
    return evaluate(std::span<const Example<In, Out>>(dataset), std::forward<Fn>(fn), std::move(metric), options);
}

} // namespace laminate::lm
