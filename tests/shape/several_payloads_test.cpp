// Typed shaping of an answer with several payloads that fit the type: the one extraction ranks
// first is shaped (its value and its own diagnostics, not those of a candidate looked at after
// it), and an other_candidates Warning says that others were passed over. One that fits among
// others that do not is taken with a Warning when a refused one shares a key with it (it may be
// the answer, the one taken an example); quietly when they have no key in common (other data).
#include <laminate/laminate.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <optional>
#include <string>

namespace {

using namespace laminate;

struct Reading {
    int celsius;
    std::optional<std::string> station;
};

std::size_t count(const Diagnostics& ds, RepairKind k) {
    return static_cast<std::size_t>(std::count_if(ds.begin(), ds.end(), [&](const Diagnostic& d) { return d.repair == k; }));
}

TEST(SeveralPayloads, TheFirstFenceIsShapedWithItsOwnDiagnostics) {
    const std::string text = "```json\n{\"celsius\": \"21\"}\n```\nor, an hour later:\n```json\n{\"celsius\": 19, \"station\": \"B\", \"gust\": 4}\n```";
    auto r = from_llm_response<Reading>(text);
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(r->value.celsius, 21);
    EXPECT_FALSE(r->value.station.has_value());
    const auto& ds = r->diagnostics;
    EXPECT_EQ(count(ds, RepairKind::OtherCandidates), 1u);
    // The coercion of the winner's "21" is there; nothing of the other candidate's shaping.
    EXPECT_TRUE(std::any_of(ds.begin(), ds.end(), [](const Diagnostic& d) {
        return d.kind == DiagnosticKind::Coerced && d.path == "celsius";
    }));
    // The other candidate's unknown "gust" would be dropped with a diagnostic: it is not there.
    EXPECT_FALSE(std::any_of(ds.begin(), ds.end(), [](const Diagnostic& d) { return d.path == "gust"; }));
}

TEST(SeveralPayloads, TwoObjectsInProseBothFitting) {
    auto r = from_llm_response<Reading>("Readings: {\"celsius\": 3} then {\"celsius\": -12, \"station\": \"North\"}.");
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(r->value.celsius, -12);
    EXPECT_EQ(count(r->diagnostics, RepairKind::OtherCandidates), 1u);
}

TEST(SeveralPayloads, OnlyOneFits) {
    auto r = from_llm_response<Reading>("Context {\"units\": [\"C\"]} and the answer {\"celsius\": 7}");
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(r->value.celsius, 7);
    EXPECT_EQ(count(r->diagnostics, RepairKind::OtherCandidates), 0u);
}

TEST(SeveralPayloads, AnObjectInProseBesideAFenceIsARival) {
    // The fence ranks first and is shaped; the different reading in the prose is not silent.
    auto r = from_llm_response<Reading>("Example:\n```json\n{\"celsius\": 0}\n```\nToday: {\"celsius\": 23}");
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(r->value.celsius, 0);
    EXPECT_EQ(count(r->diagnostics, RepairKind::OtherCandidates), 1u);
    // The prose does not fit the type: the fence is taken quietly.
    auto q = from_llm_response<Reading>("```json\n{\"celsius\": 5}\n```\nUnits: {\"unit\": [\"C\"]}");
    ASSERT_TRUE(q) << q.error();
    EXPECT_EQ(q->value.celsius, 5);
    EXPECT_EQ(count(q->diagnostics, RepairKind::OtherCandidates), 0u);
    // The fence does not fit the type: the prose object is taken quietly.
    auto p = from_llm_response<Reading>("```json\n{\"unit\": \"C\"}\n```\nReading: {\"celsius\": 8}");
    ASSERT_TRUE(p) << p.error();
    EXPECT_EQ(p->value.celsius, 8);
    EXPECT_EQ(count(p->diagnostics, RepairKind::OtherCandidates), 0u);
}

// "Example: {"celsius": 0} ... Today: {"celsius": "warm"}": the one that fits may be the example and
// the answer the one that does not. Never a silent choice, in whichever order or container.
TEST(SeveralPayloads, ARefusedRivalWithTheSameKeysIsNeverSilent) {
    for (const char* text : {
             "Example: {\"celsius\": 0}\nToday: {\"celsius\": \"warm\"}",
             "Old value {\"celsius\": 3}; the new value is {\"celsius\": \"seven\"}",
             "```json\n{\"celsius\": \"lots\"}\n```\nor maybe {\"celsius\": 2}",
             "```json\n{\"celsius\": \"lots\"}\n```\n```json\n{\"celsius\": 2}\n```",
         }) {
        auto r = from_llm_response<Reading>(text);
        ASSERT_TRUE(r) << text << ": " << r.error();
        EXPECT_EQ(count(r->diagnostics, RepairKind::OtherCandidates), 1u) << text;
        for (const Diagnostic& d : r->diagnostics) {
            if (d.repair == RepairKind::OtherCandidates) {
                EXPECT_EQ(d.risk, Risk::Warning);
            }
        }
    }
}

} // namespace
