// Arithmetic, bool, string and enum members, each read by the coercion engine at the mode's level.
#include "shape_test_types.hpp"

#include <gtest/gtest.h>

namespace laminate::test {
namespace {

struct Scalars {
    bool flag;
    std::int8_t i8;
    std::uint64_t u64;
    std::int64_t i64;
    float f32;
    double f64;
    std::string text;
    Color color;
};

TEST(ScalarMembers, ExactInputNeedsNoDiagnostic) {
    auto shaped = from_value<Scalars>(js(
        R"({"flag": true, "i8": -128, "u64": 18446744073709551615, "i64": -9223372036854775808, "f32": 0.5, "f64": 1e300, "text": "hi", "color": "Green"})"));
    ASSERT_TRUE(shaped) << shaped.error();
    const Scalars& s = shaped->value;
    EXPECT_TRUE(s.flag);
    EXPECT_EQ(s.i8, -128);
    EXPECT_EQ(s.u64, 18446744073709551615u);
    EXPECT_EQ(s.i64, INT64_MIN);
    EXPECT_EQ(s.f32, 0.5f);
    EXPECT_EQ(s.f64, 1e300);
    EXPECT_EQ(s.text, "hi");
    EXPECT_EQ(s.color, Color::Green);
    EXPECT_TRUE(shaped->diagnostics.empty());
}

TEST(ScalarMembers, LenientCoercesEachWithItsDiagnostic) {
    auto shaped = from_value<Scalars>(js(
        R"({"flag": "yes", "i8": " -5 ", "u64": "1,234", "i64": "0x1F", "f32": "2.5", "f64": "$4.99", "text": 12, "color": "green"})"));
    ASSERT_TRUE(shaped) << shaped.error();
    const Scalars& s = shaped->value;
    EXPECT_TRUE(s.flag);
    EXPECT_EQ(s.i8, -5);
    EXPECT_EQ(s.u64, 1234u);
    EXPECT_EQ(s.i64, 31);
    EXPECT_EQ(s.f32, 2.5f);
    EXPECT_DOUBLE_EQ(s.f64, 4.99);
    EXPECT_EQ(s.text, "12");
    EXPECT_EQ(s.color, Color::Green);
    EXPECT_EQ(shaped->diagnostics.size(), 8u);
    EXPECT_EQ(count_kind(shaped->diagnostics, DiagnosticKind::Coerced), 8u);
    const Diagnostic* color = at_path(shaped->diagnostics, "color");
    ASSERT_NE(color, nullptr);
    EXPECT_EQ(color->risk, Risk::Warning); // a case-insensitive match is a guess
    EXPECT_EQ(color->to, "Color");
    EXPECT_EQ(at_path(shaped->diagnostics, "i8")->to_string(), "[info] $.i8: coerced string -> int8");
}

TEST(ScalarMembers, NeverSilentlyLossy) {
    struct Small { std::uint8_t n; };
    for (const char* bad : {R"({"n": 300})", R"({"n": 1.5})", R"({"n": "12abc"})", R"({"n": -1})"}) {
        auto shaped = from_value<Small>(js(bad));
        ASSERT_FALSE(shaped) << bad;
        EXPECT_EQ(shaped.error().path(), "n");
    }
}

// Beyond what the member holds is out_of_range, never a wrapped or infinite value; a number
// written with a zero fraction is the integer (Info), a fraction stays an error.
TEST(ScalarMembers, BeyondTheTypeIsOutOfRangeAndZeroFractionsAreIntegers) {
    struct Wide {
        std::int64_t i64;
    };
    struct Far {
        double f64;
    };
    for (const char* bad : {R"({"i64": 123456789012345678901234567890})", R"({"i64": 9223372036854775808})",
                            R"({"i64": -9223372036854775809})", R"({"i64": "36893488147419103232"})"}) {
        auto by_value = from_value<Wide>(js(bad));
        auto by_text = from_json<Wide>(bad); // the text fast path
        ASSERT_FALSE(by_value) << bad;
        ASSERT_FALSE(by_text) << bad;
        EXPECT_EQ(by_value.error().kind(), ErrorKind::OutOfRange) << bad;
        EXPECT_EQ(by_text.error().kind(), ErrorKind::OutOfRange) << bad;
    }
    for (const char* bad : {R"({"f64": 1e400})", R"({"f64": -1e400})", R"({"f64": "1e400"})", R"({"f64": [1e400]})"}) {
        auto by_value = from_value<Far>(js(bad));
        auto by_text = from_json<Far>(bad); // the text fast path
        ASSERT_FALSE(by_value) << bad;
        ASSERT_FALSE(by_text) << bad;
        EXPECT_EQ(by_value.error().kind(), ErrorKind::OutOfRange) << bad;
        EXPECT_EQ(by_text.error().kind(), ErrorKind::OutOfRange) << bad;
    }
    auto zero = from_value<Wide>(js(R"({"i64": 3.000})"));
    ASSERT_TRUE(zero) << zero.error();
    EXPECT_EQ(zero->value.i64, 3);
    EXPECT_EQ(max_risk(zero->diagnostics), Risk::Info);
    auto fraction = from_value<Wide>(js(R"({"i64": 3.5})"));
    ASSERT_FALSE(fraction);
    EXPECT_EQ(fraction.error().kind(), ErrorKind::LossyConversion);
}

TEST(ScalarMembers, EnumsByNameOnly) {
    struct Painted { Color color; };
    auto unknown = from_value<Painted>(js(R"({"color": "purple"})"));
    ASSERT_FALSE(unknown);
    EXPECT_EQ(unknown.error().kind(), ErrorKind::UnknownVariant);
    EXPECT_EQ(unknown.error().message().find("purple"), std::string::npos); // never the input
    EXPECT_FALSE(from_value<Painted>(js(R"({"color": "blue"})"), Mode::Absorbing)); // case: BestEffort only
    EXPECT_TRUE(from_value<Painted>(js(R"({"color": "Blue"})"), Mode::Strict));
    EXPECT_EQ(to_json(Painted{Color::Blue}), R"({"color":"Blue"})");
}

// Text copied from typeset prose into numeric and enum members: a typographic minus, invisible
// characters around a number, an ISO 4217 code, markdown around an enum name. Each a Warning in
// Lenient mode; Absorbing and Strict refuse them.
TEST(ScalarMembers, TypesetNumbersCurrencyCodesAndMarkdownEnumNames) {
    struct Typeset { std::int32_t delta; double price; double total; Color color; };
    const char* text = "{\"delta\": \"\u22125\", \"price\": \"19.99\u200b\", \"total\": \"EUR 1,299.00\", "
                       "\"color\": \"**Green**\"}";
    auto shaped = from_json<Typeset>(text);
    ASSERT_TRUE(shaped) << shaped.error();
    EXPECT_EQ(shaped->value.delta, -5);
    EXPECT_DOUBLE_EQ(shaped->value.price, 19.99);
    EXPECT_EQ(shaped->value.total, 1299.0);
    EXPECT_EQ(shaped->value.color, Color::Green);
    ASSERT_EQ(shaped->diagnostics.size(), 4u);
    EXPECT_EQ(at_path(shaped->diagnostics, "delta")->to_string(),
              "[warning] $.delta: coerced string -> int32 (read a typographic minus sign as '-')");
    EXPECT_EQ(at_path(shaped->diagnostics, "price")->to_string(),
              "[warning] $.price: coerced string -> float64 (removed invisible characters or no-break spaces around "
              "the number)");
    EXPECT_EQ(at_path(shaped->diagnostics, "total")->to_string(),
              "[warning] $.total: coerced string -> float64 (removed a currency code; removed digit grouping, guessing "
              "the locale)");
    EXPECT_EQ(at_path(shaped->diagnostics, "color")->to_string(),
              "[warning] $.color: coerced string -> Color (removed markdown marks around the name)");
    for (Mode stricter : {Mode::Absorbing, Mode::Strict}) {
        auto refused = from_json<Typeset>(text, stricter);
        ASSERT_FALSE(refused) << mode_name(stricter);
    }
    // Each alone, refused in Absorbing mode (whose level is below BestEffort) with its path.
    struct Price { double price; };
    for (const char* one : {R"({"price": "\u22125"})", R"({"price": "\ufeff5"})", R"({"price": "USD 5"})"}) {
        auto r = from_json<Price>(one, Mode::Absorbing);
        ASSERT_FALSE(r) << one;
        EXPECT_EQ(r.error().kind(), ErrorKind::TypeMismatch) << one;
        EXPECT_EQ(r.error().path(), "price") << one;
    }
    // What stays no number or no name in Lenient mode; no message quotes the input.
    for (const char* bad : {R"({"delta": "\u2212", "price": 1, "total": 1, "color": "Red"})",
                            R"({"delta": 1, "price": "USD", "total": 1, "color": "Red"})",
                            R"({"delta": 1, "price": 1, "total": "12.50 USDX", "color": "Red"})",
                            R"({"delta": 1, "price": 1, "total": 1, "color": "**Gr**een"})"}) {
        auto r = from_json<Typeset>(bad);
        ASSERT_FALSE(r) << bad;
        EXPECT_EQ(r.error().message().find("USD"), std::string::npos) << r.error();
        EXPECT_EQ(r.error().message().find("**"), std::string::npos) << r.error();
    }
}

// It used to be 0 "read as the default" with a Warning: no default was declared, so the 0 was
// invented, a silent wrong reading (null_without_default_test.cpp has the rule).
TEST(ScalarMembers, NullIntoARequiredScalarIsMissingInEveryMode) {
    for (Mode mode : {Mode::Lenient, Mode::Absorbing, Mode::Strict}) {
        auto shaped = from_value<Point>(js(R"({"x": null, "y": 1})"), mode);
        ASSERT_FALSE(shaped);
        EXPECT_EQ(shaped.error().kind(), ErrorKind::MissingField);
    }
}

} // namespace
} // namespace laminate::test
