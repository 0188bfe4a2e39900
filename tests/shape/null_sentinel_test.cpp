// Nulls: the sentinel list (default and configured), null -> null, null -> default.

#include "coerce_test_util.hpp"

#include <algorithm>
#include <array>

namespace {

using laminate::CoercionLevel;
using laminate::ErrorKind;
using laminate::Risk;
using laminate::Value;
using laminate::test::json;
using laminate::test::Probe;

TEST(NullSentinels, DefaultList) {
    auto list = laminate::default_null_sentinels();
    std::vector<std::string_view> got(list.begin(), list.end());
    EXPECT_EQ(got, (std::vector<std::string_view>{"null", "none", "nil", "n/a", "na", "-", "undefined", "unknown"}));
}

TEST(NullSentinels, MatchIgnoringCaseAndSurroundingWhitespace) {
    auto list = laminate::default_null_sentinels();
    for (const char* s : {"N/A", "n/a", "NA", "na", "none", "None", "NONE", "null", "NULL", "nil", "-", " - ",
                          "undefined", "Unknown", "\tnull\n"})
        EXPECT_TRUE(laminate::is_null_sentinel(s, list)) << s;
    for (const char* s : {"", " ", "n / a", "nan", "0", "nul", "nothing", "--", "null!"})
        EXPECT_FALSE(laminate::is_null_sentinel(s, list)) << s;
}

TEST(NullSentinels, EmptyStringIsNotOne) {
    Probe p;
    auto r = laminate::coerce_to<std::int64_t>(Value(""), p.at(CoercionLevel::BestEffort));
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().kind(), ErrorKind::TypeMismatch);
}

TEST(NullSentinels, ListIsConfigurable) {
    constexpr std::array<std::string_view, 2> mine{"missing", "?"};
    Probe p;
    laminate::CoerceContext ctx = p.at(CoercionLevel::BestEffort);
    ctx.null_sentinels = mine;
    EXPECT_EQ(*laminate::coerce_to<int>(Value("MISSING"), ctx), 0);
    EXPECT_EQ(*laminate::coerce_to<int>(Value("?"), ctx), 0);
    EXPECT_FALSE(laminate::coerce_to<int>(Value("N/A"), ctx)) << "no longer a sentinel";
    ctx.null_sentinels = {};
    EXPECT_FALSE(laminate::coerce_to<int>(Value("null"), ctx));
}

TEST(NullSentinels, SentinelsNeedBestEffort) {
    for (CoercionLevel level : {CoercionLevel::Exact, CoercionLevel::SafeWidening, CoercionLevel::StringCoercion}) {
        Probe p;
        auto r = laminate::coerce_to<int>(Value("N/A"), p.at(level));
        ASSERT_FALSE(r);
        EXPECT_EQ(r.error().kind(), ErrorKind::TypeMismatch);
        EXPECT_FALSE(laminate::coerce_null(Value("none"), p.at(level)));
        EXPECT_FALSE(laminate::is_null_like(Value("none"), p.at(level)));
    }
}

TEST(NullSentinels, ReadAsNullForANullTarget) {
    Probe p("note");
    EXPECT_TRUE(laminate::coerce_null(json("null"), p.at(CoercionLevel::Exact)));
    EXPECT_TRUE(p.diagnostics.empty());
    EXPECT_TRUE(laminate::coerce_null(Value("n/a"), p.at(CoercionLevel::BestEffort)));
    ASSERT_EQ(p.diagnostics.size(), 1u);
    EXPECT_EQ(p.diagnostics[0].from, "string");
    EXPECT_EQ(p.diagnostics[0].to, "null");
    EXPECT_EQ(p.diagnostics[0].risk, Risk::Warning);
    for (const char* s : {"0", "false", R"("")", "[]", "{}", R"("x")"}) {
        auto r = laminate::coerce_null(json(s), p.at(CoercionLevel::BestEffort));
        ASSERT_FALSE(r) << s;
        EXPECT_EQ(r.error().kind(), ErrorKind::TypeMismatch);
    }
}

TEST(NullLike, IsTheQuestionAnOptionalTargetAsks) {
    Probe p;
    EXPECT_TRUE(laminate::is_null_like(json("null"), p.at(CoercionLevel::Exact)));
    EXPECT_TRUE(laminate::is_null_like(Value("None"), p.at(CoercionLevel::BestEffort)));
    EXPECT_FALSE(laminate::is_null_like(Value("0"), p.at(CoercionLevel::BestEffort)));
    EXPECT_FALSE(laminate::is_null_like(json("[]"), p.at(CoercionLevel::BestEffort)));
    EXPECT_TRUE(p.diagnostics.empty()) << "a predicate records nothing";
}

TEST(NullToDefault, RecordsAWarningAtBestEffortOnly) {
    Probe p("retries");
    EXPECT_FALSE(laminate::null_to_default(json("null"), "uint8", p.at(CoercionLevel::StringCoercion)));
    EXPECT_TRUE(p.diagnostics.empty());
    EXPECT_FALSE(laminate::null_to_default(json("3"), "uint8", p.at(CoercionLevel::BestEffort)));
    EXPECT_TRUE(p.diagnostics.empty());
    EXPECT_TRUE(laminate::null_to_default(json("null"), "uint8", p.at(CoercionLevel::BestEffort)));
    ASSERT_EQ(p.diagnostics.size(), 1u);
    const auto& d = p.diagnostics[0];
    EXPECT_EQ(d.kind, laminate::DiagnosticKind::Coerced);
    EXPECT_EQ(d.risk, Risk::Warning);
    EXPECT_EQ(d.from, "null");
    EXPECT_EQ(d.to, "uint8");
    EXPECT_EQ(d.path, "retries");
    EXPECT_EQ(d.message, "coerced null -> uint8 (null read as the default)");
    EXPECT_FALSE(d.suggestion.empty());
    EXPECT_TRUE(laminate::null_to_default(Value("N/A"), "uint8", p.at(CoercionLevel::BestEffort)));
    EXPECT_EQ(p.diagnostics.back().message, "coerced string -> uint8 (null sentinel read as the default)");
}

TEST(NullToDefault, GivesEachScalarItsZero) {
    Probe p;
    auto ctx = p.at(CoercionLevel::BestEffort);
    EXPECT_EQ(*laminate::coerce_to<int>(json("null"), ctx), 0);
    EXPECT_EQ(*laminate::coerce_to<double>(json("null"), ctx), 0.0);
    EXPECT_EQ(*laminate::coerce_to<bool>(json("null"), ctx), false);
    EXPECT_EQ(*laminate::coerce_to<std::string>(json("null"), ctx), "");
    EXPECT_EQ(p.diagnostics.size(), 4u);
    for (const auto& d : p.diagnostics) EXPECT_EQ(d.risk, Risk::Warning);
    // An enum has no zero: null stays an error.
    constexpr std::array<std::string_view, 1> names{"a"};
    EXPECT_FALSE(laminate::coerce_enum(json("null"), {names}, ctx));
}

} // namespace
