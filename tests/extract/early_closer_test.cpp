// An object whose closer came early (`{"a": 1}, "b": 2}`): extraction never drops the members
// after it silently. Read whole, the parser keeps them (a redundant_closer Warning); when only
// the object is taken out of the text, a Risky dropped diagnostic names where the rest begins.

#include <laminate/extract.hpp>

#include <gtest/gtest.h>

#include <algorithm>

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

TEST(ExtractEarlyCloser, AnObjectFollowedByProseIsNotReported) {
    auto r = extract("Here: {\"a\": 1}, and that is all.");
    ASSERT_TRUE(r) << r.error();
    EXPECT_TRUE(r->parsed.diagnostics.empty());
}

} // namespace
} // namespace laminate
