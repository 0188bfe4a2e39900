// Integer targets: every C++ width, bounds, JSON numbers written in any form, and coerce_to<T>.

#include "coerce_test_util.hpp"

#include <cstdint>
#include <limits>

namespace {

using laminate::CoercionLevel;
using laminate::ErrorKind;
using laminate::test::json;
using laminate::test::Probe;
namespace t = laminate::test;

TEST(IntTarget, DescribesTheCppType) {
    EXPECT_EQ(t::u8.name, "uint8");
    EXPECT_FALSE(t::u8.is_signed);
    EXPECT_EQ(t::u8.min, 0);
    EXPECT_EQ(t::u8.max, 255u);
    EXPECT_EQ(t::i8.name, "int8");
    EXPECT_EQ(t::i8.min, -128);
    EXPECT_EQ(t::i8.max, 127u);
    EXPECT_EQ(t::i16.name, "int16");
    EXPECT_EQ(t::u16.max, 65535u);
    EXPECT_EQ(t::i32.min, std::numeric_limits<std::int32_t>::min());
    EXPECT_EQ(t::u32.name, "uint32");
    EXPECT_EQ(t::i64.min, std::numeric_limits<std::int64_t>::min());
    EXPECT_EQ(t::u64.max, std::numeric_limits<std::uint64_t>::max());
    EXPECT_EQ(laminate::int_target<long long>().name, "int64");
}

TEST(IntegerCoercion, BoundsOfEveryWidthAtExact) {
    struct Case { laminate::IntTarget target; const char* low; const char* high; const char* below; const char* above; };
    const Case cases[] = {
        {t::i8, "-128", "127", "-129", "128"},
        {t::i16, "-32768", "32767", "-32769", "32768"},
        {t::i32, "-2147483648", "2147483647", "-2147483649", "2147483648"},
        {t::i64, "-9223372036854775808", "9223372036854775807", "-9223372036854775809", "9223372036854775808"},
        {t::u8, "0", "255", "-1", "256"},
        {t::u16, "0", "65535", "-1", "65536"},
        {t::u32, "0", "4294967295", "-1", "4294967296"},
        {t::u64, "0", "18446744073709551615", "-1", "18446744073709551616"},
    };
    for (const Case& c : cases) {
        SCOPED_TRACE(std::string(c.target.name));
        auto ok = [&](const char* text) {
            Probe p;
            auto r = laminate::coerce(json(text), laminate::Target::of(c.target), p.at(CoercionLevel::Exact));
            ASSERT_TRUE(r) << r.error();
            EXPECT_EQ(*r, json(text));
            EXPECT_TRUE(p.diagnostics.empty());
        };
        auto out = [&](const char* text) {
            Probe p;
            auto r = laminate::coerce(json(text), laminate::Target::of(c.target), p.at(CoercionLevel::BestEffort));
            ASSERT_FALSE(r) << text;
            EXPECT_EQ(r.error().kind(), ErrorKind::OutOfRange) << r.error();
        };
        ok(c.low);
        ok(c.high);
        out(c.below);
        out(c.above);
    }
}

TEST(IntegerCoercion, ExtremesComeBackExactly) {
    Probe p;
    auto lo = laminate::coerce_signed(json("-9223372036854775808"), t::i64, p.at(CoercionLevel::Exact));
    ASSERT_TRUE(lo);
    EXPECT_EQ(*lo, std::numeric_limits<std::int64_t>::min());
    auto hi = laminate::coerce_unsigned(json("18446744073709551615"), t::u64, p.at(CoercionLevel::Exact));
    ASSERT_TRUE(hi);
    EXPECT_EQ(*hi, std::numeric_limits<std::uint64_t>::max());
    auto s = laminate::coerce_signed(json(R"("-9223372036854775808")"), t::i64, p.at(CoercionLevel::StringCoercion));
    ASSERT_TRUE(s);
    EXPECT_EQ(*s, std::numeric_limits<std::int64_t>::min());
}

TEST(IntegerCoercion, IntegralFloatsAreDecidedOnTheirDigits) {
    Probe p;
    auto ctx = p.at(CoercionLevel::SafeWidening);
    EXPECT_EQ(*laminate::coerce_signed(json("1e18"), t::i64, ctx), 1'000'000'000'000'000'000);
    EXPECT_EQ(*laminate::coerce_signed(json("-2.50e1"), t::i64, ctx), -25);
    EXPECT_EQ(*laminate::coerce_signed(json("0.0"), t::i64, ctx), 0);
    EXPECT_EQ(*laminate::coerce_signed(json("-0.0"), t::i64, ctx), 0);
    EXPECT_EQ(*laminate::coerce_unsigned(json("1.8446744073709551615e19"), t::u64, ctx),
              std::numeric_limits<std::uint64_t>::max());
    // Its double is exactly 1, the number is not.
    auto r = laminate::coerce_signed(json("1.0000000000000000000001"), t::i64, ctx);
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().kind(), ErrorKind::LossyConversion);
    auto big = laminate::coerce_signed(json("1e400"), t::i64, ctx);
    ASSERT_FALSE(big);
    EXPECT_EQ(big.error().kind(), ErrorKind::OutOfRange);
}

TEST(IntegerCoercion, NonFiniteDoublesAreRejected) {
    Probe p;
    auto ctx = p.at(CoercionLevel::BestEffort);
    auto nan = laminate::coerce_signed(laminate::Value(std::numeric_limits<double>::quiet_NaN()), t::i64, ctx);
    ASSERT_FALSE(nan);
    EXPECT_EQ(nan.error().kind(), ErrorKind::TypeMismatch);
    auto inf = laminate::coerce_signed(laminate::Value(std::numeric_limits<double>::infinity()), t::i64, ctx);
    ASSERT_FALSE(inf);
    EXPECT_EQ(inf.error().kind(), ErrorKind::OutOfRange);
    EXPECT_FALSE(laminate::coerce_signed(json(R"("NaN")"), t::i64, ctx));
    EXPECT_FALSE(laminate::coerce_signed(json(R"("Infinity")"), t::i64, ctx));
}

TEST(IntegerCoercion, ObjectsAndLongArraysNeverFit) {
    Probe p;
    for (const char* text : {R"({"a":1})", "[1,2]", "[]", "[[1]]"}) {
        auto r = laminate::coerce_signed(json(text), t::i64, p.at(CoercionLevel::BestEffort));
        ASSERT_FALSE(r) << text;
        EXPECT_EQ(r.error().kind(), ErrorKind::TypeMismatch);
    }
}

TEST(IntegerCoercion, SignednessOfTheTargetMustMatchTheFunction) {
    Probe p;
    auto a = laminate::coerce_signed(json("1"), t::u8, p.at(CoercionLevel::Exact));
    ASSERT_FALSE(a);
    EXPECT_EQ(a.error().kind(), ErrorKind::InvalidArgument);
    auto b = laminate::coerce_unsigned(json("1"), t::i8, p.at(CoercionLevel::Exact));
    ASSERT_FALSE(b);
    EXPECT_EQ(b.error().kind(), ErrorKind::InvalidArgument);
}

TEST(IntegerCoercion, CoerceToPicksTheTargetFromTheType) {
    Probe p("passengers");
    auto r = laminate::coerce_to<std::uint8_t>(json(R"("2")"), p.at(CoercionLevel::BestEffort));
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(*r, 2);
    ASSERT_EQ(p.diagnostics.size(), 1u);
    EXPECT_EQ(p.diagnostics[0].to_string(), "[info] $.passengers: coerced string -> uint8");
    auto neg = laminate::coerce_to<short>(json("-300"), p.at(CoercionLevel::Exact));
    ASSERT_TRUE(neg);
    EXPECT_EQ(*neg, -300);
    EXPECT_FALSE(laminate::coerce_to<std::uint16_t>(json("-1"), p.at(CoercionLevel::BestEffort)));
}

} // namespace
