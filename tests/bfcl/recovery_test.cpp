// The whole benchmark on the corpus: the recovery rates laminate reaches, per class, over the
// calls whose valid rendering recovers (targets: 100% on R and S, 95% on X); the
// calls that fail even as valid JSON are BFCL's own labelling artefacts, listed in README.md,
// and are checked here by id so that a new failure cannot hide among them.
#include "corpora.hpp"
#include "corpus.hpp"
#include "run.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>

namespace laminate::bfcl {
namespace {

std::filesystem::path bfcl_dir() { return laminate::test::corpora_dir() / "bfcl"; }

struct Floor {
    Class cls;
    double min_rate; // percent of applicable calls, artefacts excluded
};

double rate_without_artefacts(const Report& r, std::size_t k) {
    const Cell t = r.class_total(k);
    return Report::rate(t.recovered - t.artefacts_recovered, t.applicable - t.artefacts);
}

const Report& default_report() {
    static const Report report = [] {
        auto calls = load_corpus(bfcl_dir());
        return calls ? run(*calls) : Report{};
    }();
    return report;
}

TEST(BfclRecovery, ValidRenderingsFailOnlyOnTheKnownArtefacts) {
    LAMINATE_REQUIRE_CORPUS(bfcl_dir() / "possible_answer");
    const Report& r = default_report();
    ASSERT_EQ(r.calls, 3302u);
    std::set<std::string> failing;
    for (const auto& f : r.failures)
        if (f.cls == Class::Valid) failing.insert(f.id + "#" + std::to_string(f.index));
    // Each one is wrong in BFCL's own data (README.md, "BFCL recovery benchmark", has the list).
    const std::set<std::string> artefacts = {
        "parallel_multiple_21#1",       // arrays of floats answered with Python expressions
        "parallel_multiple_94#0",       // an integer array answered with fruit names
        "live_simple_106-63-0#0",       // empty accepted lists: nothing can pass
        "live_simple_112-68-0#0",       // the same
        "live_multiple_507-149-4#0",    // a required parameter whose only accepted value is ""
        "live_multiple_964-207-0#0",    // an undeclared parameter; the required one left out
        "live_multiple_862-181-3#0",    // an undeclared parameter
        "live_multiple_552-153-1#0",    // a string parameter answered with a boolean
        "live_multiple_731-167-2#0",    // the same
        "live_multiple_733-167-4#0",    // the same
        "live_multiple_735-167-6#0",    // the same
        "live_multiple_595-158-1#0",    // a string parameter answered with an integer
        "live_multiple_596-158-2#0",    // the same
        "live_multiple_87-38-4#0",      // answers outside the schema's enum
        "live_multiple_750-169-5#0",
        "live_multiple_756-169-11#0",   // "horror" where the enum says "Horror"
        "live_multiple_835-178-10#0",
        "live_multiple_871-182-8#0",
        "live_multiple_947-197-0#0",
        "live_parallel_multiple_2-2-0#1",
    };
    EXPECT_EQ(failing, artefacts);
}

TEST(BfclRecovery, EveryClassReachesItsTarget) {
    LAMINATE_REQUIRE_CORPUS(bfcl_dir() / "possible_answer");
    const Report& r = default_report();
    // Targets: 100% on R and S, 95% on X. Every class reaches 100% today; the floors say so, so
    // that a regression in shaping shows up here.
    const Floor floors[] = {
        {Class::Valid, 100}, {Class::R1, 100}, {Class::R2, 100}, {Class::R3, 100}, {Class::R4, 100},
        {Class::R5, 100}, {Class::R6, 100},
        {Class::S1, 100}, {Class::S2, 100}, {Class::S3, 100}, {Class::S4, 100}, {Class::S5, 100},
        {Class::X1, 100}, {Class::X2, 100}, {Class::X3, 100}, {Class::X4, 100}, {Class::X5, 100},
        {Class::X7, 100},
    };
    for (const auto& f : floors) {
        const auto k = static_cast<std::size_t>(
            std::find(r.classes.begin(), r.classes.end(), f.cls) - r.classes.begin());
        ASSERT_LT(k, r.classes.size());
        EXPECT_GE(rate_without_artefacts(r, k), f.min_rate) << class_name(f.cls);
        EXPECT_GT(r.class_total(k).applicable, 0u) << class_name(f.cls);
    }
}

TEST(BfclRecovery, TruncatedClosersRecoverOnlyWithOptInCompletion) {
    LAMINATE_REQUIRE_CORPUS(bfcl_dir() / "possible_answer");
    auto calls = load_corpus(bfcl_dir());
    ASSERT_TRUE(calls);
    RunOptions without;
    without.classes = {Class::X6};
    const Report off = run(*calls, without);
    EXPECT_EQ(off.class_total(0).recovered, 0u) << "a truncated value is never completed unasked";
    RunOptions with = without;
    with.complete_truncated = true;
    const Report on = run(*calls, with);
    EXPECT_GE(rate_without_artefacts(on, 0), 100.0) << "target 95%";
}

} // namespace
} // namespace laminate::bfcl
