// Evaluation: every reference number of the TypedLM crate's statistics
// (../shared/corpora/typedlm/stats_cases.json) and evaluate()/compare() over small datasets.
#include <laminate/lm/eval.hpp>
#include <laminate/parse.hpp>

#include "corpora.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <stdexcept>

using namespace laminate;
using namespace laminate::lm;

namespace {

std::filesystem::path stats_path() { return test::corpora_dir() / "typedlm" / "stats_cases.json"; }

Value load_stats() {
    auto parsed = parse_json(test::read_file(stats_path()));
    if (!parsed) throw std::runtime_error("stats_cases.json does not parse");
    return std::move(*parsed);
}

std::vector<double> numbers(const Value& array) {
    std::vector<double> out;
    for (const Value& v : array.items()) out.push_back(v.as_double());
    return out;
}

std::string pct1(double fraction) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f", fraction * 100);
    return buf;
}

} // namespace

// ---- the reference cases ------------------------------------------------------------------------

TEST(EvalStatsCases, WilsonIntervalsMatchTheReference) {
    LAMINATE_REQUIRE_CORPUS(stats_path());
    const Value cases = load_stats()["wilson_95"];
    ASSERT_GE(cases.size(), 3u);
    for (const Value& c : cases.items()) {
        const auto correct = c["correct"].as_double();
        std::uint64_t n = 0;
        ASSERT_TRUE(c["n"].get_uint64(n));
        const Interval i = wilson_interval(correct, n);
        SCOPED_TRACE(c.dump());
        if (c.contains("low")) {
            EXPECT_NEAR(i.low, c["low"].as_double(), c["tol"].as_double());
            EXPECT_NEAR(i.high, c["high"].as_double(), c["tol"].as_double());
        } else {
            EXPECT_EQ(pct1(i.low), c["low_pct_1dp"].number_text());
            EXPECT_EQ(pct1(i.high), c["high_pct_1dp"].number_text());
        }
    }
}

TEST(EvalStatsCases, NearestRankPercentilesMatchTheReference) {
    LAMINATE_REQUIRE_CORPUS(stats_path());
    const Value c = load_stats()["percentile_nearest_rank"];
    // "sorted_ms": "a..=b", an inclusive range of whole milliseconds.
    const std::string range(c["sorted_ms"].as_string());
    const auto dots = range.find("..=");
    ASSERT_NE(dots, std::string::npos);
    const int from = std::stoi(range.substr(0, dots));
    const int to = std::stoi(range.substr(dots + 3));
    std::vector<double> sorted;
    for (int v = from; v <= to; ++v) sorted.push_back(v);
    EXPECT_EQ(percentile_nearest_rank(sorted, 50), c["p50"].as_double());
    EXPECT_EQ(percentile_nearest_rank(sorted, 95), c["p95"].as_double());
    const std::vector<double> single = {sorted.front()};
    EXPECT_EQ(percentile_nearest_rank(single, 95), c["single_p95"].as_double());
}

TEST(EvalStatsCases, TQuantilesMatchTheTableAndTheApproximation) {
    LAMINATE_REQUIRE_CORPUS(stats_path());
    const Value stats = load_stats();
    const auto table = numbers(stats["t_975_table_df1_30"]);
    ASSERT_EQ(table.size(), 30u);
    for (std::size_t df = 1; df <= 30; ++df) EXPECT_EQ(t_975(df), table[df - 1]) << df;
    for (const Value& c : stats["t_975"].items()) {
        std::uint64_t df = 0;
        ASSERT_TRUE(c["df"].get_uint64(df));
        if (c.contains("value")) EXPECT_EQ(t_975(df), c["value"].as_double()) << df;
        else EXPECT_NEAR(t_975(df), c["approx"].as_double(), c["tol"].as_double()) << df;
    }
    EXPECT_TRUE(std::isinf(t_975(0)));
}

TEST(EvalStatsCases, PairedIntervalsMatchTheReference) {
    LAMINATE_REQUIRE_CORPUS(stats_path());
    for (const Value& c : load_stats()["paired_interval"].items()) {
        SCOPED_TRACE(c.dump());
        const Interval i = paired_interval(numbers(c["d"]));
        if (c.contains("interval")) {
            EXPECT_EQ(i.low, c["interval"][0].as_double());
            EXPECT_EQ(i.high, c["interval"][1].as_double());
        } else {
            EXPECT_NEAR(i.low, c["low"].as_double(), c["tol"].as_double());
            EXPECT_NEAR(i.high, c["high"].as_double(), c["tol"].as_double());
        }
    }
}

TEST(EvalStatsCases, ValueEqualityMatchesTheReference) {
    LAMINATE_REQUIRE_CORPUS(stats_path());
    for (const Value& c : load_stats()["values_equal"].items()) {
        SCOPED_TRACE(c.dump());
        EXPECT_EQ(values_equal(c["a"], c["b"]), c["equal"].as_bool());
        EXPECT_EQ(ExactMatch{}(c["a"], c["b"]), c["equal"].as_bool() ? 1.0 : 0.0);
    }
}

TEST(EvalStatsCases, ComparisonDisplaysExactlyAsTheReference) {
    LAMINATE_REQUIRE_CORPUS(stats_path());
    const std::string expected(load_stats()["comparison_display_example"].as_string());
    // The example: 20 examples all right in the baseline; the current run gets those listed
    // after "worse examples: " wrong.
    const auto list = expected.substr(expected.find("worse examples: ") + 16);
    std::vector<double> baseline(20, 1.0), current(20, 1.0);
    for (std::size_t pos = 0; pos < list.size();) {
        const auto comma = list.find(',', pos);
        current.at(std::stoul(list.substr(pos, comma - pos))) = 0.0;
        pos = comma == std::string::npos ? list.size() : comma + 2;
    }
    auto c = compare_scores("exact match", baseline, current);
    ASSERT_TRUE(c.has_value());
    EXPECT_EQ(c->verdict, Verdict::Regression);
    EXPECT_EQ(c->to_string(), expected);
}

// ---- without the corpus ---------------------------------------------------------------------------

TEST(EvalStats, WilsonStaysInsideZeroAndOneAndKnowsNothingWithoutData) {
    EXPECT_EQ(wilson_interval(0, 0), (Interval{0, 1}));
    const Interval none = wilson_interval(0, 10);
    EXPECT_EQ(none.low, 0.0);
    EXPECT_GT(none.high, 0.0);
    EXPECT_LE(wilson_interval(10, 10).high, 1.0);
}

TEST(EvalStats, PercentilesOfNothingAreZeroAndRanksAreClamped) {
    EXPECT_EQ(percentile_nearest_rank({}, 50), 0.0);
    const std::vector<double> v = {1, 2, 3};
    EXPECT_EQ(percentile_nearest_rank(v, 0.0001), 1.0);
    EXPECT_EQ(percentile_nearest_rank(v, 100), 3.0);
}

TEST(EvalCompare, ImprovementNoChangeAndTolerance) {
    const std::vector<double> base = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
    const std::vector<double> all_better(10, 1.0);
    EXPECT_EQ(compare_scores("m", base, all_better)->verdict, Verdict::Improvement);
    EXPECT_EQ(compare_scores("m", base, base)->verdict, Verdict::NoSignificantChange);
    EXPECT_EQ(compare_scores("m", base, base)->to_string(),
              "m 0.0 % → 0.0 % (+0.0 points, 95 % CI +0.0 – +0.0) on 10 examples, 0 worse, 0 better: "
              "no significant change");
    // A drop of one point on every example is a regression, unless two points are tolerated.
    const std::vector<double> high(10, 0.5), lower(10, 0.49);
    EXPECT_EQ(compare_scores("m", high, lower)->verdict, Verdict::Regression);
    EXPECT_EQ(compare_scores("m", high, lower, 0.02)->verdict, Verdict::NoSignificantChange);
}

TEST(EvalCompare, RunsOfDifferentSizesOrMetricsDoNotCompare) {
    const std::vector<double> a(3, 1.0), b(4, 1.0);
    auto sizes = compare_scores("m", a, b);
    ASSERT_FALSE(sizes.has_value());
    EXPECT_EQ(sizes.error().to_string(), "not comparable: the runs cover 3 and 4 examples");
    Report x = make_report("exact match", {});
    Report y = make_report("f1", {});
    EXPECT_FALSE(compare(x, y).has_value());
}

TEST(EvalCompare, ALongListOfWorseExamplesIsCut) {
    const std::vector<double> base(30, 1.0), now(30, 0.0);
    const auto text = compare_scores("m", base, now)->to_string();
    EXPECT_NE(text.find("worse examples: 0, 1, 2"), std::string::npos);
    EXPECT_NE(text.find(", 19 and 10 more"), std::string::npos);
}

// ---- evaluate ---------------------------------------------------------------------------------------

namespace {
struct Answer {
    std::string label;
    int count;
};
} // namespace

TEST(Evaluate, ScoresExactMatchOnTypedOutputsAndCountsFailuresByKind) {
    std::vector<Example<int, Answer>> dataset;
    for (int i = 0; i < 10; ++i) dataset.push_back({i, Answer{"even", i}});
    auto report = evaluate(dataset, [](const int& i) -> Result<Answer, ProviderError> {
        if (i == 9) return ProviderError{.reason = ProviderError::Reason::Timeout, .message = "MODEL-TEXT"};
        return Answer{i % 2 == 0 ? "even" : "odd", i};
    }, ExactMatch{}, {.concurrency = 3});
    EXPECT_EQ(report.metric, "exact match");
    EXPECT_EQ(report.examples, 10u);
    EXPECT_EQ(report.failures, 1u);
    EXPECT_DOUBLE_EQ(report.score, 0.5); // 0, 2, 4, 6, 8 match
    EXPECT_EQ(report.interval, wilson_interval(5, 10));
    ASSERT_EQ(report.outcomes.size(), 10u);
    EXPECT_EQ(report.outcomes[0].score, 1.0);
    EXPECT_EQ(report.outcomes[1].score, 0.0);
    EXPECT_TRUE(report.outcomes[1].error_kind.empty());
    EXPECT_EQ(report.outcomes[9].error_kind, "timeout");
    EXPECT_LE(report.latency.p50, report.latency.p95);
    EXPECT_LE(report.latency.p95, report.latency.max);
    const auto text = report.to_string();
    EXPECT_EQ(text.rfind("exact match 50.0 % (95 % CI ", 0), 0u) << text;
    EXPECT_NE(text.find("on 10 examples, 1 failed; latency p50 "), std::string::npos) << text;
    EXPECT_EQ(text.find("MODEL-TEXT"), std::string::npos);
}

TEST(Evaluate, ExactMatchOnValuesTreatsTwoAndTwoPointZeroAlike) {
    std::vector<Example<std::string, Value>> dataset = {
        {"a", Value::object({{"n", Value(2)}})}, {"b", Value(2)}};
    auto report = evaluate(dataset, [](const std::string& in) -> Result<Value, ProviderError> {
        if (in == "a") return Value::object({{"n", Value(2.0)}});
        return Value("2");
    });
    EXPECT_EQ(report.outcomes[0].score, 1.0);
    EXPECT_EQ(report.outcomes[1].score, 0.0);
}

namespace {
struct WithinOne {
    static constexpr std::string_view name = "within one";
    bool operator()(int expected, int actual) const { return std::abs(expected - actual) <= 1; }
};
} // namespace

TEST(Evaluate, CustomMetricsNamedOrNot) {
    std::vector<Example<int, int>> dataset = {{1, 1}, {2, 4}, {3, 4}};
    auto echo = [](const int& i) -> Result<int, ProviderError> { return i; };
    auto named = evaluate(dataset, echo, WithinOne{});
    EXPECT_EQ(named.metric, "within one");
    EXPECT_DOUBLE_EQ(named.score, 2.0 / 3.0);
    auto partial = evaluate(dataset, echo, [](int expected, int actual) { return expected == 0 ? 0.0 : double(actual) / expected; });
    EXPECT_EQ(partial.metric, "custom");
    EXPECT_DOUBLE_EQ(partial.outcomes[1].score, 0.5);
}

TEST(Evaluate, ExamplesNeverRunScoreZeroAsCancelled) {
    std::stop_source stop;
    stop.request_stop();
    std::vector<Example<int, int>> dataset = {{1, 1}, {2, 2}};
    auto report = evaluate(dataset, [](const int& i) -> Result<int, ProviderError> { return i; }, ExactMatch{},
                           {.concurrency = 1, .stop = stop.get_token()});
    EXPECT_EQ(report.failures, 2u);
    EXPECT_EQ(report.outcomes[0].error_kind, "cancelled");
    EXPECT_FALSE(report.outcomes[0].ran);
    EXPECT_EQ(report.score, 0.0);
}

TEST(Evaluate, TwoRunsOfTheSameDatasetCompare) {
    std::vector<Example<int, int>> dataset;
    for (int i = 0; i < 20; ++i) dataset.push_back({i, i});
    auto good = evaluate(dataset, [](const int& i) -> Result<int, ProviderError> { return i; });
    auto bad = evaluate(dataset, [](const int& i) -> Result<int, ProviderError> { return i % 4 < 2 && i % 5 != 4 ? -1 : i; });
    auto change = compare(good, bad);
    ASSERT_TRUE(change.has_value());
    EXPECT_EQ(change->verdict, Verdict::Regression);
    EXPECT_EQ(change->examples, 20u);
    EXPECT_FALSE(change->worse.empty());
    EXPECT_TRUE(change->better.empty());
}

TEST(EvalCompare, VerdictsHaveStableNames) {
    EXPECT_EQ(verdict_name(Verdict::Regression), "regression");
    EXPECT_EQ(verdict_name(Verdict::Improvement), "improvement");
    EXPECT_EQ(verdict_name(Verdict::NoSignificantChange), "no_significant_change");
}

TEST(EvalCompare, RunsOnDifferentlyNamedDatasetsDoNotCompare) {
    Report a = make_report("exact match", {});
    Report b = make_report("exact match", {});
    a.dataset = "tickets-v1";
    b.dataset = "tickets-v2";
    auto c = compare(a, b);
    ASSERT_FALSE(c.has_value());
    EXPECT_EQ(c.error().to_string(), "not comparable: the datasets differ: tickets-v1 and tickets-v2");
    b.dataset.clear(); // an unnamed run compares with anything of the same size
    EXPECT_TRUE(compare(a, b).has_value());
}

TEST(EvalReport, RoundTripsThroughJsonWithErrorKindsOnly) {
    std::vector<ExampleOutcome> outcomes = {
        {.score = 1, .error_kind = {}, .latency = std::chrono::milliseconds(120), .ran = true},
        {.score = 0, .error_kind = "timeout", .latency = std::chrono::milliseconds(2000), .ran = true},
        {.score = 0, .error_kind = "cancelled", .latency = {}, .ran = false}};
    Report r = make_report("exact match", outcomes);
    r.dataset = "tickets";
    const Value v = report_to_value(r);
    EXPECT_EQ(v["examples"], Value(3));
    EXPECT_EQ(v["failures"], Value(2));
    EXPECT_EQ(v["outcomes"][1]["error"].as_string(), "timeout");
    EXPECT_EQ(v["latency_ms"]["max"], Value(2000));
    auto back = report_from_value(v);
    ASSERT_TRUE(back.has_value());
    EXPECT_EQ(back->metric, "exact match");
    EXPECT_EQ(back->dataset, "tickets");
    EXPECT_EQ(back->failures, 2u);
    EXPECT_DOUBLE_EQ(back->score, r.score);
    EXPECT_EQ(back->interval, r.interval);
    EXPECT_EQ(back->latency.p50, r.latency.p50);
    EXPECT_FALSE(back->outcomes[2].ran);
    EXPECT_TRUE(compare(r, *back).has_value());

    EXPECT_FALSE(report_from_value(Value(1)).has_value());
    EXPECT_FALSE(report_from_value(Value::object({{"metric", Value("m")}, {"outcomes", Value::array({Value("x")})}})).has_value());
}
