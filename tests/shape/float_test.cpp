// Floating targets: float64 and float32 range and precision rules, non-finite values.

#include "coerce_test_util.hpp"

#include <cfloat>
#include <cmath>
#include <limits>

namespace {

using laminate::CoercionLevel;
using laminate::ErrorKind;
using laminate::Risk;
using laminate::Value;
using laminate::test::json;
using laminate::test::Probe;

const laminate::FloatTarget f32 = laminate::float32_target;
const laminate::FloatTarget f64 = laminate::float64_target;

TEST(FloatCoercion, IntegerLiteralsFitFloat64AtExactWhenHeldExactly) {
    Probe p;
    EXPECT_EQ(*laminate::coerce_float(json("9007199254740992"), f64, p.at(CoercionLevel::Exact)), 9007199254740992.0);
    EXPECT_EQ(*laminate::coerce_float(json("-123"), f64, p.at(CoercionLevel::Exact)), -123.0);
    EXPECT_EQ(*laminate::coerce_float(json("18446744073709549568"), f64, p.at(CoercionLevel::Exact)), 18446744073709549568.0);
    EXPECT_TRUE(p.diagnostics.empty());
}

TEST(FloatCoercion, IntegerThatRoundsNeedsSafeWideningAndWarns) {
    for (const char* text : {"9007199254740993", "18446744073709551615", "123456789012345678901234567890"}) {
        SCOPED_TRACE(text);
        Probe p;
        auto exact = laminate::coerce_float(json(text), f64, p.at(CoercionLevel::Exact));
        ASSERT_FALSE(exact);
        EXPECT_EQ(exact.error().kind(), ErrorKind::LossyConversion);
        auto r = laminate::coerce_float(json(text), f64, p.at(CoercionLevel::SafeWidening));
        ASSERT_TRUE(r) << r.error();
        ASSERT_EQ(p.diagnostics.size(), 1u);
        EXPECT_EQ(p.diagnostics[0].risk, Risk::Warning);
        EXPECT_EQ(p.diagnostics[0].from, "integer");
        EXPECT_EQ(p.diagnostics[0].to, "float64");
    }
}

TEST(FloatCoercion, DecimalsReadAsTheirNearestDouble) {
    Probe p;
    EXPECT_EQ(*laminate::coerce_float(json("0.1"), f64, p.at(CoercionLevel::Exact)), 0.1);
    EXPECT_EQ(*laminate::coerce_float(json("3.14159265358979323846264"), f64, p.at(CoercionLevel::Exact)),
              3.141592653589793);
    EXPECT_EQ(*laminate::coerce_float(json("4.9e-324"), f64, p.at(CoercionLevel::Exact)), 4.9e-324);
    EXPECT_TRUE(p.diagnostics.empty());
}

TEST(FloatCoercion, Float64RangeIsNeverExceededSilently) {
    for (const char* text : {"1e400", "-1e400", R"("1e400")", "1e-400", R"("-1e-400")"}) {
        Probe p;
        auto r = laminate::coerce_float(json(text), f64, p.at(CoercionLevel::BestEffort));
        ASSERT_FALSE(r) << text;
        EXPECT_EQ(r.error().kind(), ErrorKind::OutOfRange);
    }
}

TEST(FloatCoercion, Float32TakesWhatItHoldsExactlyAtExact) {
    Probe p;
    for (const char* text : {"0.5", "-0.25", "3", "16777216", "1e10", "0"}) {
        auto r = laminate::coerce_float(json(text), f32, p.at(CoercionLevel::Exact));
        ASSERT_TRUE(r) << text << ": " << r.error();
        EXPECT_EQ(*r, json(text).as_double());
    }
    EXPECT_TRUE(p.diagnostics.empty());
}

TEST(FloatCoercion, Float32NarrowingKeepingTheDigitsIsSafeWidening) {
    Probe p;
    EXPECT_FALSE(laminate::coerce_float(json("12.99"), f32, p.at(CoercionLevel::Exact)));
    auto r = laminate::coerce_float(json("12.99"), f32, p.at(CoercionLevel::SafeWidening));
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(*r, static_cast<double>(12.99f));
    EXPECT_EQ(static_cast<float>(*r), 12.99f);
    ASSERT_EQ(p.diagnostics.size(), 1u);
    EXPECT_EQ(p.diagnostics[0].risk, Risk::Info);
    EXPECT_EQ(p.diagnostics[0].to, "float32");
}

TEST(FloatCoercion, Float32DroppingDigitsIsBestEffortAndWarns) {
    Probe p;
    auto safe = laminate::coerce_float(json("0.1234567891"), f32, p.at(CoercionLevel::StringCoercion));
    ASSERT_FALSE(safe);
    EXPECT_EQ(safe.error().kind(), ErrorKind::LossyConversion);
    auto r = laminate::coerce_float(json("0.1234567891"), f32, p.at(CoercionLevel::BestEffort));
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(static_cast<float>(*r), 0.1234567891f);
    ASSERT_EQ(p.diagnostics.size(), 1u);
    EXPECT_EQ(p.diagnostics[0].risk, Risk::Warning);
    // An integer float32 cannot hold rounds like any integer widening.
    Probe q;
    auto i = laminate::coerce_float(json("16777217"), f32, q.at(CoercionLevel::SafeWidening));
    ASSERT_TRUE(i);
    EXPECT_EQ(*i, 16777216.0);
    EXPECT_EQ(q.diagnostics.at(0).risk, Risk::Warning);
}

TEST(FloatCoercion, Float32RangeIsNeverExceededSilently) {
    for (const char* text : {"1e308", "-1e39", "3.5e38", "1e-300", "-1e-46", R"("1e39")", R"("1e-50")"}) {
        Probe p;
        auto r = laminate::coerce_float(json(text), f32, p.at(CoercionLevel::BestEffort));
        ASSERT_FALSE(r) << text;
        EXPECT_EQ(r.error().kind(), ErrorKind::OutOfRange) << text;
    }
    // Just above FLT_MAX but below the rounding threshold: float32's largest value.
    Probe p;
    auto edge = laminate::coerce_float(json("3.40282350e38"), f32, p.at(CoercionLevel::BestEffort));
    ASSERT_TRUE(edge) << edge.error();
    EXPECT_EQ(static_cast<float>(*edge), FLT_MAX);
    auto sub = laminate::coerce_float(json("1e-40"), f32, p.at(CoercionLevel::BestEffort));
    ASSERT_TRUE(sub) << sub.error();
    EXPECT_GT(*sub, 0.0);
}

TEST(FloatCoercion, NonFiniteValuesPassThroughAsValues) {
    Probe p;
    auto nan = laminate::coerce_float(Value(std::numeric_limits<double>::quiet_NaN()), f64, p.at(CoercionLevel::Exact));
    ASSERT_TRUE(nan);
    EXPECT_TRUE(std::isnan(*nan));
    auto inf = laminate::coerce_float(Value(-std::numeric_limits<double>::infinity()), f32, p.at(CoercionLevel::Exact));
    ASSERT_TRUE(inf);
    EXPECT_EQ(*inf, -std::numeric_limits<double>::infinity());
    EXPECT_TRUE(p.diagnostics.empty());
}

TEST(FloatCoercion, NonFiniteSpellingsNeedBestEffort) {
    for (const char* text : {"nan", "NaN", "inf", "+Infinity", "-INF"}) {
        Probe p;
        std::string quoted = std::string("\"") + text + "\"";
        EXPECT_FALSE(laminate::coerce_float(json(quoted), f64, p.at(CoercionLevel::StringCoercion))) << text;
        auto r = laminate::coerce_float(json(quoted), f64, p.at(CoercionLevel::BestEffort));
        ASSERT_TRUE(r) << text;
        EXPECT_FALSE(std::isfinite(*r));
        EXPECT_EQ(p.diagnostics.at(0).risk, Risk::Warning);
    }
}

TEST(FloatCoercion, StringsWithTrailingGarbageAreRejected) {
    for (const char* text : {R"("3.141x")", R"("1.2.3")", R"("e5")", R"("1e")", R"(".")", R"("--1")", R"("1 2")"}) {
        Probe p;
        auto r = laminate::coerce_float(json(text), f64, p.at(CoercionLevel::BestEffort));
        ASSERT_FALSE(r) << text;
        EXPECT_EQ(r.error().kind(), ErrorKind::TypeMismatch) << text;
    }
}

TEST(FloatCoercion, CoerceToFloatGivesAFloat) {
    Probe p;
    auto r = laminate::coerce_to<float>(json(R"("2.5")"), p.at(CoercionLevel::StringCoercion));
    ASSERT_TRUE(r);
    EXPECT_EQ(*r, 2.5f);
    auto d = laminate::coerce_to<double>(json("true"), p.at(CoercionLevel::SafeWidening));
    ASSERT_TRUE(d);
    EXPECT_EQ(*d, 1.0);
}

} // namespace
