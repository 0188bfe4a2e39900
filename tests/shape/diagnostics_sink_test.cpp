// Diagnostics of typed shaping: printing, sinks, and failing at a risk.
#include "shape_test_types.hpp"

#include <gtest/gtest.h>

#include <sstream>

namespace laminate::test {
namespace {

const char* kMessy = R"({"x": "1", "y": "1,000"})"; // Info, then Warning (a locale was guessed)

TEST(DiagnosticSinks, CollectIsTheDefault) {
    auto shaped = from_value<Point>(js(kMessy));
    ASSERT_TRUE(shaped);
    EXPECT_EQ(shaped->diagnostics.size(), 2u);
    EXPECT_EQ(max_risk(shaped->diagnostics), Risk::Warning);
}

TEST(DiagnosticSinks, PrintWritesOneLinePerDiagnostic) {
    std::ostringstream out;
    auto shaped = from_value<Point>(js(kMessy), {.sink = DiagnosticSink::print(out)});
    ASSERT_TRUE(shaped);
    EXPECT_TRUE(shaped->diagnostics.empty());
    EXPECT_EQ(out.str().substr(0, out.str().find('\n')), "[info] $.x: coerced string -> int32");
    EXPECT_NE(out.str().find("[warning] $.y: coerced string -> int32"), std::string::npos);
}

TEST(DiagnosticSinks, ForwardAtOrAboveARisk) {
    std::vector<std::string> seen;
    auto shaped = from_value<Point>(
        js(kMessy), {.sink = DiagnosticSink::forward(Risk::Warning, [&](const Diagnostic& d) { seen.push_back(d.path); })});
    ASSERT_TRUE(shaped);
    EXPECT_EQ(seen, (std::vector<std::string>{"y"}));
}

TEST(DiagnosticSinks, Drop) {
    auto shaped = from_value<Point>(js(kMessy), {.sink = DiagnosticSink::drop()});
    ASSERT_TRUE(shaped);
    EXPECT_TRUE(shaped->diagnostics.empty());
}

TEST(DiagnosticSinks, FailAtARisk) {
    auto warn = from_value<Point>(js(kMessy), {.fail_at = Risk::Warning});
    ASSERT_FALSE(warn);
    EXPECT_EQ(warn.error().kind(), ErrorKind::RiskExceeded);
    EXPECT_EQ(warn.error().path(), "y");
    EXPECT_TRUE(from_value<Point>(js(kMessy), {.fail_at = Risk::Risky}));
    // Repairs count too: completing a truncated document is Risky.
    ShapeOptions opts{.fail_at = Risk::Risky};
    opts.parse.complete_truncated = true;
    auto truncated = from_json<Point>(R"({"x": 1, "y": 2)", opts);
    ASSERT_FALSE(truncated);
    EXPECT_EQ(truncated.error().kind(), ErrorKind::RiskExceeded);
}

TEST(DiagnosticSinks, RequireBelowAsOneCall) {
    auto shaped = from_value<Point>(js(kMessy));
    ASSERT_TRUE(shaped);
    EXPECT_FALSE(require_below(shaped->diagnostics, Risk::Risky));
    auto e = require_below(shaped->diagnostics, Risk::Warning);
    ASSERT_TRUE(e);
    EXPECT_EQ(e->message().rfind("1 diagnostic at or above warning, the first: [warning] $.y: coerced string -> int32", 0), 0u)
        << e->message();
}

TEST(DiagnosticSinks, NoDiagnosticQuotesAStringValue) {
    struct Secretive { int n; std::string s; Color c; std::optional<int> o; };
    auto shaped = from_value<Secretive>(js(R"({"n": " 77 ", "s": 1234567, "c": "bLuE", "o": "n/a", "hunter2": "sekret"})"));
    ASSERT_TRUE(shaped) << shaped.error();
    for (const auto& d : shaped->diagnostics) {
        EXPECT_EQ(d.to_string().find("sekret"), std::string::npos) << d;
        EXPECT_EQ(d.to_string().find("bLuE"), std::string::npos) << d;
        EXPECT_EQ(d.to_string().find("n/a"), std::string::npos) << d;
    }
}

} // namespace
} // namespace laminate::test
