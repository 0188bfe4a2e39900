// Radix prefixes 0x / 0o / 0b: StringCoercion, Warning, range-checked like any integer.

#include "coerce_test_util.hpp"

namespace {

using laminate::CoercionLevel;
using laminate::ErrorKind;
using laminate::Risk;
using laminate::Value;
using laminate::test::Probe;

TEST(Radix, PrefixesAndCase) {
    struct Case { const char* text; std::int64_t value; };
    const Case cases[] = {{"0xFF", 255},  {"0xff", 255}, {"0XfF", 255}, {"0x1A", 26},  {"0xDEAD", 57005},
                          {"0x0", 0},     {"0o77", 63},  {"0O17", 15},  {"0b1010", 10}, {"0B1", 1},
                          {"-0x10", -16}, {"+0x10", 16}, {" 0x1F ", 31}, {"0x7FFFFFFFFFFFFFFF", INT64_MAX}};
    for (const Case& c : cases) {
        Probe p("mask");
        auto r = laminate::coerce_to<std::int64_t>(Value(c.text), p.at(CoercionLevel::StringCoercion));
        ASSERT_TRUE(r) << c.text << ": " << r.error();
        EXPECT_EQ(*r, c.value) << c.text;
        ASSERT_EQ(p.diagnostics.size(), 1u);
        EXPECT_EQ(p.diagnostics[0].risk, Risk::Warning);
        EXPECT_EQ(p.diagnostics[0].message, "coerced string -> int64 (read a radix prefix)");
        EXPECT_EQ(p.diagnostics[0].suggestion, "emit decimal numbers");
    }
}

TEST(Radix, RangeOfTheTarget) {
    Probe p;
    auto ctx = p.at(CoercionLevel::StringCoercion);
    EXPECT_EQ(*laminate::coerce_to<std::uint8_t>(Value("0xFF"), ctx), 255);
    auto over = laminate::coerce_to<std::uint8_t>(Value("0x100"), ctx);
    ASSERT_FALSE(over);
    EXPECT_EQ(over.error().kind(), ErrorKind::OutOfRange);
    EXPECT_EQ(over.error().message(), "expected an integer 0..255 (uint8), got 256");
    EXPECT_FALSE(laminate::coerce_to<std::uint32_t>(Value("-0x1"), ctx));
    EXPECT_EQ(*laminate::coerce_to<std::uint64_t>(Value("0xFFFFFFFFFFFFFFFF"), ctx), UINT64_MAX);
    auto huge = laminate::coerce_to<std::uint64_t>(Value("0x10000000000000000"), ctx);
    ASSERT_FALSE(huge);
    EXPECT_EQ(huge.error().kind(), ErrorKind::OutOfRange);
}

TEST(Radix, MalformedLiteralsAreNotNumbers) {
    for (const char* text : {"0x", "0xG1", "0b102", "0o8", "0x 1F", "0x1F.5", "x1F", "0x-1", "1x1F", "0x1_F"}) {
        Probe p;
        auto r = laminate::coerce_to<std::int64_t>(Value(text), p.at(CoercionLevel::BestEffort));
        ASSERT_FALSE(r) << text;
        EXPECT_EQ(r.error().kind(), ErrorKind::TypeMismatch) << text;
    }
}

TEST(Radix, NeedsStringCoercionAndWorksForFloats) {
    Probe p;
    EXPECT_FALSE(laminate::coerce_to<std::int64_t>(Value("0x1F"), p.at(CoercionLevel::SafeWidening)));
    EXPECT_EQ(*laminate::coerce_to<double>(Value("0x1F"), p.at(CoercionLevel::StringCoercion)), 31.0);
}

} // namespace
