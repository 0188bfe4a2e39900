// Numbers written for people: digit grouping of several locales, a decimal comma, currency.
// All BestEffort, all Warning (a locale was guessed); ambiguity is an error, never a guess.

#include "coerce_test_util.hpp"

namespace {

using laminate::CoercionLevel;
using laminate::ErrorKind;
using laminate::Risk;
using laminate::Value;
using laminate::test::Probe;

double best_effort_double(const char* text, Probe& p) {
    auto r = laminate::coerce_float(Value(text), laminate::float64_target, p.at(CoercionLevel::BestEffort));
    if (!r) ADD_FAILURE() << text << ": " << r.error();
    return r ? *r : -1;
}

TEST(LocaleNumbers, GroupingAndDecimalMarks) {
    struct Case { const char* text; double value; };
    const Case cases[] = {
        {"1,234", 1234},           {"1,234,567", 1234567},    {"1,234.56", 1234.56},    {"1.234,56", 1234.56},
        {"1.234.567", 1234567},    {"1'234.56", 1234.56},     {"1'234'567", 1234567},   {"1 234 567", 1234567},
        {"1 234,56", 1234.56},     {"-1,234.5", -1234.5},     {"+1.000.000,25", 1000000.25},
        {"1\xC2\xA0" "234,5", 1234.5},   // no-break space
        {"1\xE2\x80\xAF" "234", 1234},   // narrow no-break space
        {"1\xE2\x80\x99" "234.5", 1234.5}, // typographic apostrophe
        {"  12,345.678  ", 12345.678},
    };
    for (const Case& c : cases) {
        Probe p;
        EXPECT_EQ(best_effort_double(c.text, p), c.value) << c.text;
        ASSERT_EQ(p.diagnostics.size(), 1u) << c.text;
        EXPECT_EQ(p.diagnostics[0].risk, Risk::Warning) << c.text;
        EXPECT_NE(p.diagnostics[0].message.find("guessing the locale"), std::string::npos) << p.diagnostics[0].message;
    }
}

TEST(LocaleNumbers, CurrencySymbols) {
    struct Case { const char* text; double value; };
    const Case cases[] = {
        {"$4.99", 4.99},     {"$ 4.99", 4.99},          {"-$4.99", -4.99},     {"$-4.99", -4.99},
        {"4.99$", 4.99},     {"\xE2\x82\xAC" "5", 5},   {"5 \xE2\x82\xAC", 5}, {"4,999 \xE2\x82\xAC", 4999},
        {"\xC2\xA3" "1,250.00", 1250}, {"\xC2\xA5" "1000", 1000}, {"\xE2\x82\xB9" "1,234", 1234},
    };
    for (const Case& c : cases) {
        Probe p;
        auto r = laminate::coerce_float(Value(c.text), laminate::float64_target, p.at(CoercionLevel::BestEffort));
        ASSERT_TRUE(r) << c.text << ": " << r.error();
        EXPECT_EQ(*r, c.value) << c.text;
        EXPECT_NE(p.diagnostics.at(0).message.find("currency"), std::string::npos);
        EXPECT_EQ(p.diagnostics[0].risk, Risk::Warning);
    }
}

TEST(LocaleNumbers, IntegerTargetsTakeGroupedIntegers) {
    Probe p;
    auto ctx = p.at(CoercionLevel::BestEffort);
    EXPECT_EQ(*laminate::coerce_to<std::int64_t>(Value("1,234,567"), ctx), 1234567);
    EXPECT_EQ(*laminate::coerce_to<std::int64_t>(Value("1.234.567"), ctx), 1234567);
    EXPECT_EQ(*laminate::coerce_to<std::int64_t>(Value("$1,000"), ctx), 1000);
    // A grouped number with a fraction is still not an integer.
    auto frac = laminate::coerce_to<std::int64_t>(Value("1,234.5"), ctx);
    ASSERT_FALSE(frac);
    EXPECT_EQ(frac.error().kind(), ErrorKind::LossyConversion);
    // "1.234" is a plain decimal, never European grouping, so it is fractional.
    auto plain = laminate::coerce_to<std::int64_t>(Value("1.234"), ctx);
    ASSERT_FALSE(plain);
    EXPECT_EQ(plain.error().kind(), ErrorKind::LossyConversion);
    auto range = laminate::coerce_to<std::uint8_t>(Value("1,000"), ctx);
    ASSERT_FALSE(range);
    EXPECT_EQ(range.error().kind(), ErrorKind::OutOfRange);
}

TEST(LocaleNumbers, ADotBeforeThreeZerosIsAmbiguousForAnInteger) {
    // "1.000" for an integer is 1 (a zero fraction) or 1000 (German grouping): both integers, so
    // the dot decides nothing. An error, not 1 at Info. For a float it stays the decimal 1.0.
    Probe p;
    auto ctx = p.at(CoercionLevel::BestEffort);
    for (const char* text : {"1.000", "12.000", "-100.000", " 5.000 "}) {
        auto r = laminate::coerce_to<std::int64_t>(Value(text), ctx);
        ASSERT_FALSE(r) << text;
        EXPECT_EQ(r.error().kind(), ErrorKind::AmbiguousValue) << text;
    }
    EXPECT_EQ(*laminate::coerce_to<std::int64_t>(Value("1.0"), ctx), 1);
    EXPECT_EQ(*laminate::coerce_to<std::int64_t>(Value("1.000.000"), ctx), 1000000);
    EXPECT_EQ(*laminate::coerce_to<std::int64_t>(Value(1.000), ctx), 1); // a JSON number is JSON's
    EXPECT_EQ(best_effort_double("1.000", p), 1.0);
}

TEST(LocaleNumbers, AmbiguousCommasAreErrors) {
    // "4,99 €": a lone comma is ambiguous even beside a currency symbol.
    for (const char* text : {"12,34", "1,5", "0,5", "1234,567", "0,123", "12,3456", "4,99 \xE2\x82\xAC"}) {
        Probe p;
        auto r = laminate::coerce_float(Value(text), laminate::float64_target, p.at(CoercionLevel::BestEffort));
        ASSERT_FALSE(r) << text;
        EXPECT_EQ(r.error().kind(), ErrorKind::AmbiguousValue) << text;
    }
}

TEST(LocaleNumbers, MalformedGroupingIsNotANumber) {
    for (const char* text : {"1,23,456", "1,,234", "1,234,", ",123", "1.234,567,89", "1,234.567.8",
                             "1 2", "1'23", "1,234e5", "$", "$$5", "5 USD", "1.2.3", "1 234.5 6"}) {
        Probe p;
        auto r = laminate::coerce_float(Value(text), laminate::float64_target, p.at(CoercionLevel::BestEffort));
        ASSERT_FALSE(r) << text;
        EXPECT_EQ(r.error().kind(), ErrorKind::TypeMismatch) << text;
    }
}

TEST(LocaleNumbers, NeedBestEffort) {
    for (const char* text : {"1,234", "$4.99", "1.234,56", "1 234"}) {
        Probe p;
        auto r = laminate::coerce_float(Value(text), laminate::float64_target, p.at(CoercionLevel::StringCoercion));
        ASSERT_FALSE(r) << text;
        EXPECT_EQ(r.error().kind(), ErrorKind::TypeMismatch);
        EXPECT_NE(r.error().message().find("best_effort is needed"), std::string::npos) << r.error();
    }
}

} // namespace
