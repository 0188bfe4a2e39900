// The statistics of an evaluation: Wilson intervals for scores, nearest-rank latency
// percentiles, and paired t-intervals for comparing two runs of the same dataset.
#include <laminate/lm/eval.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <limits>
#include <numeric>

namespace laminate::lm {

namespace {

constexpr double kZ975 = 1.959964; // the standard normal's 97.5 % quantile

// "%.1f" of x, with a negative zero printed as zero.
std::string fixed1(double x) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.1f", x);
    std::string s = buf;
    if (s == "-0.0") s = "0.0";
    return s;
}

std::string percent(double fraction) { return fixed1(fraction * 100) + " %"; }

// Percentage points with a sign: "+16.5", "-40.0", "+0.0".
std::string points(double fraction) {
    std::string s = fixed1(fraction * 100);
    return s.front() == '-' ? s : "+" + s;
}

std::string milliseconds(std::chrono::nanoseconds ns) {
    const double ms = std::chrono::duration<double, std::milli>(ns).count();
    if (ms >= 10) return std::to_string(static_cast<long long>(std::llround(ms))) + " ms";
    return fixed1(ms) + " ms";
}

} // namespace

Interval wilson_interval(double successes, std::size_t n) noexcept {
    if (n == 0) return {0, 1};
    const double nn = static_cast<double>(n);
    const double p = std::clamp(successes / nn, 0.0, 1.0);
    const double z2 = kZ975 * kZ975;
    const double denominator = 1 + z2 / nn;
    const double center = (p + z2 / (2 * nn)) / denominator;
    const double half = kZ975 * std::sqrt(p * (1 - p) / nn + z2 / (4 * nn * nn)) / denominator;
    return {std::clamp(center - half, 0.0, 1.0), std::clamp(center + half, 0.0, 1.0)};
}

double t_975(std::size_t df) noexcept {
    static constexpr std::array<double, 30> table = {
        12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
        2.201,  2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
        2.080,  2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042};
    if (df == 0) return std::numeric_limits<double>::infinity();
    if (df <= table.size()) return table[df - 1];
    // Cornish-Fisher: the normal quantile corrected by the first two terms in 1/df.
    const double z = kZ975;
    const double d = static_cast<double>(df);
    const double z3 = z * z * z;
    const double z5 = z3 * z * z;
    return z + (z3 + z) / (4 * d) + (5 * z5 + 16 * z3 + 3 * z) / (96 * d * d);
}

Interval paired_interval(std::span<const double> d) noexcept {
    const std::size_t n = d.size();
    if (n == 0) return {0, 0};
    const double mean = std::accumulate(d.begin(), d.end(), 0.0) / static_cast<double>(n);
    if (n == 1) return {mean, mean};
    double squares = 0;
    for (double x : d) squares += (x - mean) * (x - mean);
    const double variance = squares / static_cast<double>(n - 1);
    const double half = t_975(n - 1) * std::sqrt(variance / static_cast<double>(n));
    return {mean - half, mean + half};
}

double percentile_nearest_rank(std::span<const double> sorted, double p) noexcept {
    if (sorted.empty()) return 0;
    const double n = static_cast<double>(sorted.size());
    // A hair below the product so that 95 % of 20 is rank 19 even where p/100·n rounds above it.
    double rank = std::ceil(p / 100 * n - 1e-9);
    rank = std::clamp(rank, 1.0, n);
    return sorted[static_cast<std::size_t>(rank) - 1];
}

bool values_equal(const Value& a, const Value& b) noexcept { return a == b; }

// ---- reports ----------------------------------------------------------------------------------------

std::vector<double> Report::scores() const {
    std::vector<double> out;
    out.reserve(outcomes.size());
    for (const auto& o : outcomes) out.push_back(o.score);
    return out;
}

Report make_report(std::string metric, std::vector<ExampleOutcome> outcomes) {
    Report r;
    r.metric = std::move(metric);
    r.examples = outcomes.size();
    double sum = 0;
    std::vector<double> latencies;
    for (const auto& o : outcomes) {
        sum += o.score;
        if (!o.error_kind.empty()) ++r.failures;
        if (o.ran) latencies.push_back(static_cast<double>(o.latency.count()));
    }
    r.score = r.examples == 0 ? 0 : sum / static_cast<double>(r.examples);
    r.interval = wilson_interval(sum, r.examples);
    std::sort(latencies.begin(), latencies.end());
    auto at = [&](double p) {
        return std::chrono::nanoseconds(static_cast<std::int64_t>(percentile_nearest_rank(latencies, p)));
    };
    r.latency = {at(50), at(90), at(95), at(99), at(100)};
    r.outcomes = std::move(outcomes);
    return r;
}

std::string Report::to_string() const {
    std::string out = metric + " " + percent(score) + " (95 % CI " + fixed1(interval.low * 100) + " – " +
                      percent(interval.high) + ") on " + std::to_string(examples) + " examples";
    if (failures > 0) out += ", " + std::to_string(failures) + " failed";
    out += "; latency p50 " + milliseconds(latency.p50) + ", p95 " + milliseconds(latency.p95);
    return out;
}

// ---- comparing --------------------------------------------------------------------------------------

std::string_view verdict_name(Verdict verdict) noexcept {
    switch (verdict) {
    case Verdict::Regression: return "regression";
    case Verdict::Improvement: return "improvement";
    case Verdict::NoSignificantChange: return "no_significant_change";
    }
    return "no_significant_change";
}

namespace {
std::string_view verdict_phrase(Verdict verdict) noexcept {
    return verdict == Verdict::NoSignificantChange ? "no significant change" : verdict_name(verdict);
}
} // namespace

Result<Comparison, ComparisonError> compare_scores(std::string metric, std::span<const double> baseline,
                                                   std::span<const double> current, double tolerance) {
    if (baseline.size() != current.size())
        return ComparisonError{"the runs cover " + std::to_string(baseline.size()) + " and " +
                               std::to_string(current.size()) + " examples"};
    Comparison c;
    c.metric = std::move(metric);
    c.examples = current.size();
    std::vector<double> differences(current.size());
    for (std::size_t i = 0; i < current.size(); ++i) {
        differences[i] = current[i] - baseline[i];
        if (differences[i] < 0) c.worse.push_back(i);
        if (differences[i] > 0) c.better.push_back(i);
    }
    const double n = static_cast<double>(std::max<std::size_t>(c.examples, 1));
    c.baseline_score = std::accumulate(baseline.begin(), baseline.end(), 0.0) / n;
    c.current_score = std::accumulate(current.begin(), current.end(), 0.0) / n;
    c.difference = c.current_score - c.baseline_score;
    c.interval = paired_interval(differences);
    if (c.interval.high < -tolerance) c.verdict = Verdict::Regression;
    else if (c.interval.low > 0) c.verdict = Verdict::Improvement;
    else c.verdict = Verdict::NoSignificantChange;
    return c;
}

Result<Comparison, ComparisonError> compare(const Report& baseline, const Report& current, double tolerance) {
    if (baseline.metric != current.metric)
        return ComparisonError{"the metrics differ: " + baseline.metric + " and " + current.metric};
    if (!baseline.dataset.empty() && !current.dataset.empty() && baseline.dataset != current.dataset)
        return ComparisonError{"the datasets differ: " + baseline.dataset + " and " + current.dataset};
    const auto before = baseline.scores();
    const auto after = current.scores();
    return compare_scores(current.metric, before, after, tolerance);
}

std::string Comparison::to_string() const {
    std::string out = metric + " " + percent(baseline_score) + " → " + percent(current_score) + " (" +
                      points(difference) + " points, 95 % CI " + points(interval.low) + " – " +
                      points(interval.high) + ") on " + std::to_string(examples) + " examples, " +
                      std::to_string(worse.size()) + " worse, " + std::to_string(better.size()) +
                      " better: " + std::string(verdict_phrase(verdict));
    if (!worse.empty()) {
        constexpr std::size_t shown = 20;
        out += "; worse examples: ";
        for (std::size_t i = 0; i < worse.size() && i < shown; ++i) {
            if (i > 0) out += ", ";
            out += std::to_string(worse[i]);
        }
        if (worse.size() > shown) out += " and " + std::to_string(worse.size() - shown) + " more";
    }
    return out;
}

// ---- reports as JSON ----------------------------------------------------------------------------

namespace {
double ms_of(std::chrono::nanoseconds ns) { return std::chrono::duration<double, std::milli>(ns).count(); }
std::chrono::nanoseconds ns_of(double ms) {
    if (!std::isfinite(ms) || ms < 0) return std::chrono::nanoseconds{0};
    return std::chrono::nanoseconds{static_cast<std::int64_t>(std::min(ms * 1e6, 9e18))};
}
} // namespace

Value report_to_value(const Report& r) {
    Value v = Value::object();
    v.set("metric", r.metric);
    v.set("dataset", r.dataset);
    v.set("examples", static_cast<std::uint64_t>(r.examples));
    v.set("failures", static_cast<std::uint64_t>(r.failures));
    v.set("score", r.score);
    v.set("interval", Value::array({Value(r.interval.low), Value(r.interval.high)}));
    Value latency = Value::object();
    latency.set("p50", ms_of(r.latency.p50));
    latency.set("p90", ms_of(r.latency.p90));
    latency.set("p95", ms_of(r.latency.p95));
    latency.set("p99", ms_of(r.latency.p99));
    latency.set("max", ms_of(r.latency.max));
    v.set("latency_ms", std::move(latency));
    Value outcomes = Value::array();
    for (const auto& o : r.outcomes) {
        Value e = Value::object();
        e.set("score", o.score);
        e.set("latency_ms", ms_of(o.latency));
        if (!o.ran) e.set("ran", false);
        if (!o.error_kind.empty()) e.set("error", o.error_kind);
        outcomes.push_back(std::move(e));
    }
    v.set("outcomes", std::move(outcomes));
    return v;
}

Result<Report, ReportError> report_from_value(const Value& v) {
    if (!v.is_object() || !v["metric"].is_string() || !v["outcomes"].is_array())
        return ReportError{"a report needs \"metric\" and \"outcomes\""};
    std::vector<ExampleOutcome> outcomes;
    outcomes.reserve(v["outcomes"].size());
    for (const Value& e : v["outcomes"].items()) {
        if (!e.is_object() || !e["score"].is_number())
            return ReportError{"outcome " + std::to_string(outcomes.size()) + " has no numeric \"score\""};
        ExampleOutcome o;
        o.score = e["score"].as_double();
        if (!std::isfinite(o.score)) return ReportError{"outcome " + std::to_string(outcomes.size()) + " has no finite score"};
        o.latency = e["latency_ms"].is_number() ? ns_of(e["latency_ms"].as_double()) : std::chrono::nanoseconds{0};
        o.ran = !(e["ran"].is_bool() && !e["ran"].as_bool());
        if (e["error"].is_string()) o.error_kind = std::string(e["error"].as_string());
        outcomes.push_back(std::move(o));
    }
    Report r = make_report(std::string(v["metric"].as_string()), std::move(outcomes));
    if (v["dataset"].is_string()) r.dataset = std::string(v["dataset"].as_string());
    return r;
}

} // namespace laminate::lm
