// An object whose closer came early (`{"a": 1}, "b": 2}`): extraction never drops the members
// after it silently. Read whole, the parser keeps them (a redundant_closer Warning); when only
// the object is taken out of the text, a Risky dropped diagnostic names where the rest begins.

#include <laminate/extract.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

namespace laminate {
namespace {

TEST(ExtractEarlyCloser, WholeTextKeepsTheMembersWithAWarning) {
    auto r = extract(R"({"a": 1}, "b": 2})");
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(r->parsed.value, Value::object({{"a", 1}, {"b", 2}})) << r->parsed.value.dump();
    const auto& ds = r->parsed.diagnostics;
    EXPECT_TRUE(std::any_of(ds.begin(), ds.end(), [](const Diagnostic& d) {
        return d.repair == RepairKind::RedundantCloser && d.risk == Risk::Warning && d.offset == 7;
    }));
}

TEST(ExtractEarlyCloser, ObjectTakenFromProseSaysWhatWasDropped) {
    const std::string text = "Result: {\"a\": 1}, \"b\": 2} as requested";
    auto r = extract(text);
    ASSERT_TRUE(r) << r.error();
    const auto& ds = r->parsed.diagnostics;
    if (r->parsed.value == Value::object({{"a", 1}})) {
        const auto dropped = std::find_if(ds.begin(), ds.end(), [](const Diagnostic& d) {
            return d.kind == DiagnosticKind::Dropped && d.risk == Risk::Risky;
        });
        ASSERT_NE(dropped, ds.end()) << "members dropped silently";
        EXPECT_EQ(dropped->offset, text.find(", \"b\""));
    } else {
        EXPECT_EQ(r->parsed.value, Value::object({{"a", 1}, {"b", 2}}));
        EXPECT_GE(max_risk(ds), Risk::Warning);
    }
}

// Where a Risky dropped diagnostic sits, or npos: the members after the early closer must
// be either kept (a repair Warning) or reported dropped, never lost quietly.
std::size_t dropped_at(const std::string& text) {
    auto r = extract(text);
    if (!r) {
        ADD_FAILURE() << text << ": " << r.error();
        return std::string::npos;
    }
    const auto& ds = r->parsed.diagnostics;
    const auto d = std::find_if(ds.begin(), ds.end(), [](const Diagnostic& x) {
        return x.kind == DiagnosticKind::Dropped && x.risk == Risk::Risky;
    });
    if (d == ds.end()) {
        ADD_FAILURE() << text << ": members dropped silently, read as " << r->parsed.value.dump();
        return std::string::npos;
    }
    return d->offset;
}

TEST(ExtractEarlyCloser, MembersWithoutACommaAfterTheCloser) {
    const std::string text = "{\"size\": 3} \"unit\": \"cm\"}";
    EXPECT_EQ(dropped_at(text), text.find("\"unit\""));
    const std::string nested = "Result: {\"x\": [1]}\n  \"y\": {\"z\": 2}}\nDone.";
    EXPECT_EQ(dropped_at(nested), nested.find("\"y\""));
}

TEST(ExtractEarlyCloser, MembersWithoutAColonAfterTheCloser) {
    const std::string text = "{\"city\": \"Oslo\"}, \"country\" \"NO\"}";
    EXPECT_EQ(dropped_at(text), text.find(", \"country\""));
    const std::string more = "{'city': 'Oslo'} 'country' 'NO', 'zip': '0150'}";
    EXPECT_EQ(dropped_at(more), more.find("'country'"));
}

TEST(ExtractEarlyCloser, AQuotedRemarkAfterTheObjectIsNotReported) {
    for (std::string text : {"{\"a\": 1} \"that is the answer\"", "{\"a\": 1}, \"hope it helps\" she said.",
                             "{\"a\": 1} \"x\" \"y\" and so on"}) {
        auto r = extract(text);
        ASSERT_TRUE(r) << text << ": " << r.error();
        EXPECT_EQ(r->parsed.value, Value::object({{"a", 1}})) << text;
        for (const auto& d : r->parsed.diagnostics) EXPECT_NE(d.kind, DiagnosticKind::Dropped) << text;
    }
}

TEST(ExtractEarlyCloser, AnObjectFollowedByProseIsNotReported) {
    auto r = extract("Here: {\"a\": 1}, and that is all.");
    ASSERT_TRUE(r) << r.error();
    EXPECT_TRUE(r->parsed.diagnostics.empty());
}

} // namespace
} // namespace laminate
