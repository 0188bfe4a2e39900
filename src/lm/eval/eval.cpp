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
    case Verdict::NoSignificantChange: return "no significant change";
    }
    return "no significant change";
}

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
    const auto before = baseline.scores();
    const auto after = current.scores();
    return compare_scores(current.metric, before, after, tolerance);
}

std::string Comparison::to_string() const {
    std::string out = metric + " " + percent(baseline_score) + " → " + percent(current_score) + " (" +
                      points(difference) + " points, 95 % CI " + points(interval.low) + " – " +
                      points(interval.high) + ") on " + std::to_string(examples) + " examples, " +
                      std::to_string(worse.size()) + " worse, " + std::to_string(better.size()) +
                      " better: " + std::string(verdict_name(verdict));
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

} // namespace laminate::lm
