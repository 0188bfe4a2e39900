// Numbers: kinds, exact 64-bit integers, kept lexemes, losslessness, validation, rendering.
#include <laminate/value.hpp>

#include "number/lexeme.hpp"
#include "value/value_access.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <string>

using laminate::NumberKind;
using laminate::Value;

namespace {
Value lex(std::string_view text) {
    Value v = Value::number_from_lexeme(text);
    EXPECT_TRUE(v.is_number()) << text;
    return v;
}
} // namespace

TEST(ValueNumber, KindsFromCpp) {
    EXPECT_EQ(Value(-5).number_kind(), NumberKind::Int);
    EXPECT_EQ(Value(std::uint64_t{1} << 63).number_kind(), NumberKind::UInt);
    EXPECT_EQ(Value(0.25).number_kind(), NumberKind::Double);
    EXPECT_TRUE(Value(7).is_lossless());
    EXPECT_TRUE(Value(0.1).is_lossless());
    EXPECT_TRUE(Value(0.1).lexeme().empty());
}

TEST(ValueNumber, Int64Limits) {
    const auto min = std::numeric_limits<std::int64_t>::min();
    const auto max = std::numeric_limits<std::int64_t>::max();
    std::int64_t i = 0;
    std::uint64_t u = 0;
    Value vmin(min), vmax(max);
    ASSERT_TRUE(vmin.get_int64(i));
    EXPECT_EQ(i, min);
    EXPECT_FALSE(vmin.get_uint64(u));
    ASSERT_TRUE(vmax.get_uint64(u));
    EXPECT_EQ(u, static_cast<std::uint64_t>(max));
    EXPECT_EQ(vmin.dump(), "-9223372036854775808");
    EXPECT_EQ(vmax.dump(), "9223372036854775807");

    Value pmin = lex("-9223372036854775808"), pmax = lex("9223372036854775807");
    EXPECT_EQ(pmin.number_kind(), NumberKind::Int);
    EXPECT_EQ(pmax.number_kind(), NumberKind::Int);
    ASSERT_TRUE(pmin.get_int64(i));
    EXPECT_EQ(i, min);
    EXPECT_TRUE(pmin.lexeme().empty()); // canonical: nothing to keep
    EXPECT_EQ(pmin, vmin);
}

TEST(ValueNumber, UInt64Max) {
    Value v = lex("18446744073709551615");
    EXPECT_EQ(v.number_kind(), NumberKind::UInt);
    std::uint64_t u = 0;
    std::int64_t i = 0;
    ASSERT_TRUE(v.get_uint64(u));
    EXPECT_EQ(u, std::numeric_limits<std::uint64_t>::max());
    EXPECT_FALSE(v.get_int64(i));
    EXPECT_TRUE(v.is_lossless());
    EXPECT_EQ(v.dump(), "18446744073709551615");
    EXPECT_EQ(v, Value(std::numeric_limits<std::uint64_t>::max()));
    Value just_past_int64 = lex("9223372036854775808");
    EXPECT_EQ(just_past_int64.number_kind(), NumberKind::UInt);
}

TEST(ValueNumber, BeyondSixtyFourBitsKeepsTheDigits) {
    for (std::string_view text : {"18446744073709551616", "-9223372036854775809",
                                  "123456789012345678901234567890", "-123456789012345678901234567890"}) {
        Value v = lex(text);
        EXPECT_EQ(v.number_kind(), NumberKind::Double) << text;
        EXPECT_FALSE(v.is_lossless()) << text;
        EXPECT_FALSE(v.is_integer()) << text;
        EXPECT_EQ(v.lexeme(), text);
        EXPECT_EQ(v.number_text(), text);
        EXPECT_EQ(v.dump(), text);
        std::int64_t i = 0;
        std::uint64_t u = 0;
        EXPECT_FALSE(v.get_int64(i));
        EXPECT_FALSE(v.get_uint64(u));
    }
    EXPECT_DOUBLE_EQ(lex("18446744073709551616").as_double(), 18446744073709551616.0);
    EXPECT_DOUBLE_EQ(lex("123456789012345678901234567890").as_double(), 1.2345678901234568e29);
}

TEST(ValueNumber, EveryIntegerBeyondSixtyFourBitsIsFlagged) {
    // A double holds 1e20 and 2^64 exactly, but no integer type does: callers are sent to the
    // lexeme all the same.
    for (std::string_view text : {"100000000000000000000", "18446744073709551616", "-9223372036854775809"}) {
        Value v = lex(text);
        EXPECT_EQ(v.number_kind(), NumberKind::Double) << text;
        EXPECT_FALSE(v.is_lossless()) << text;
        EXPECT_EQ(v.dump(), text);
    }
    EXPECT_EQ(lex("100000000000000000000").as_double(), 1e20);
    // Written as a decimal, the same value is an exact double.
    EXPECT_TRUE(lex("1e20").is_lossless());
    EXPECT_EQ(lex("1e20"), lex("100000000000000000000"));
}

TEST(ValueNumber, OutOfRangeExponentsKeepTheLexeme) {
    Value huge = lex("1e400");
    EXPECT_FALSE(huge.is_lossless());
    EXPECT_EQ(huge.as_double(), std::numeric_limits<double>::infinity());
    EXPECT_EQ(huge.dump(), "1e400");
    Value negative = lex("-1.5E+400");
    EXPECT_EQ(negative.as_double(), -std::numeric_limits<double>::infinity());
    EXPECT_EQ(negative.dump(), "-1.5E+400");
    Value tiny = lex("1e-400"); // underflow is not a silent zero either
    EXPECT_FALSE(tiny.is_lossless());
    EXPECT_EQ(tiny.as_double(), 0.0);
    EXPECT_EQ(tiny.dump(), "1e-400");
    EXPECT_NE(tiny, Value(0));
    EXPECT_FALSE(lex("2e-324").is_lossless());
    EXPECT_TRUE(lex("5e-324").is_lossless()); // the smallest subnormal is exact
    EXPECT_TRUE(lex("2.2250738585072014e-308").is_lossless());
}

TEST(ValueNumber, TooManySignificantDigits) {
    Value v = lex("0.1000000000000000000000001");
    EXPECT_FALSE(v.is_lossless());
    EXPECT_EQ(v.dump(), "0.1000000000000000000000001");
    EXPECT_NE(v, Value(0.1));
    Value pi = lex("3.14159265358979323846264338327950288");
    EXPECT_FALSE(pi.is_lossless());
    EXPECT_EQ(pi.dump(), "3.14159265358979323846264338327950288");
}

TEST(ValueNumber, ShortDecimalsAreLossless) {
    for (std::string_view text : {"0.1", "3.14", "-2.5", "1e-7", "6.02214076e23", "0.30000000000000004",
                                  "1.7976931348623157e308", "123456789.123456"}) {
        Value v = lex(text);
        EXPECT_TRUE(v.is_lossless()) << text;
        EXPECT_EQ(v.number_kind(), NumberKind::Double) << text;
        EXPECT_EQ(v.dump(), text);
    }
    EXPECT_EQ(lex("0.1").as_double(), 0.1);
    EXPECT_EQ(lex("3.14").as_double(), 3.14);
}

TEST(ValueNumber, SourceSpellingIsReproduced) {
    for (std::string_view text : {"1E2", "1e+2", "1.50", "0.0", "-0.0", "100.000", "1.0", "2.50e-3"}) {
        Value v = lex(text);
        EXPECT_TRUE(v.is_lossless()) << text;
        EXPECT_EQ(v.dump(), text);
    }
    // A long lexeme that the canonical rendering reproduces is not stored twice.
    Value canonical = lex("3.141592653589793");
    EXPECT_TRUE(canonical.lexeme().empty());
    EXPECT_EQ(canonical.dump(), "3.141592653589793");
    Value padded = lex("3.1415926535897930");
    EXPECT_EQ(padded.lexeme(), "3.1415926535897930");
    EXPECT_EQ(padded, canonical);
}

TEST(ValueNumber, NegativeZero) {
    Value int_zero = lex("-0");
    EXPECT_EQ(int_zero.number_kind(), NumberKind::Int);
    EXPECT_EQ(int_zero.lexeme(), "-0");
    EXPECT_EQ(int_zero.dump(), "-0");
    EXPECT_EQ(int_zero, Value(0));
    Value double_zero(-0.0);
    EXPECT_EQ(double_zero.dump(), "-0.0");
    EXPECT_EQ(double_zero, Value(0));
    EXPECT_EQ(double_zero, int_zero);
    EXPECT_TRUE(std::signbit(lex("-0.0").as_double()));
}

TEST(ValueNumber, EqualityAcrossSpellings) {
    EXPECT_EQ(lex("1e2"), lex("100"));
    EXPECT_EQ(lex("1e2"), Value(100));
    EXPECT_EQ(lex("1.0"), Value(1));
    EXPECT_EQ(Value(1.0), Value(1));
    EXPECT_EQ(lex("0.10"), Value(0.1));
    EXPECT_EQ(lex("1.5e-1"), lex("0.15"));
    EXPECT_NE(lex("1.0000001"), Value(1));
}

TEST(ValueNumber, FromLexemeRejectsWhatIsNotAJsonNumber) {
    for (std::string_view text : {"", "-", "01", "-01", "00", "1.", ".5", "-.5", "+1", "NaN", "nan", "Infinity",
                                  "-Infinity", "inf", "1e", "1e+", "1E-", "0x10", "1.2.3", "--1", " 1", "1 ",
                                  "1_000", "1,5", "\xEF\xBC\x91", "1e1.5", "e5", "1f"}) {
        EXPECT_TRUE(Value::number_from_lexeme(text).is_null()) << '"' << text << '"';
        bool integral = true;
        EXPECT_FALSE(laminate::number_detail::is_json_number(text, integral)) << '"' << text << '"';
    }
}

TEST(ValueNumber, IntegralClassification) {
    bool integral = false;
    ASSERT_TRUE(laminate::number_detail::is_json_number("-12", integral));
    EXPECT_TRUE(integral);
    ASSERT_TRUE(laminate::number_detail::is_json_number("1.0", integral));
    EXPECT_FALSE(integral);
    ASSERT_TRUE(laminate::number_detail::is_json_number("1e2", integral));
    EXPECT_FALSE(integral);
}

TEST(ValueNumber, NumberText) {
    EXPECT_EQ(Value(100).number_text(), "100");
    EXPECT_EQ(Value(-100).number_text(), "-100");
    EXPECT_EQ(Value(1.0).number_text(), "1.0"); // stays a double through a round trip
    EXPECT_EQ(Value(0.1).number_text(), "0.1");
    EXPECT_EQ(Value(-2.5).number_text(), "-2.5");
    EXPECT_EQ(Value(1e300).number_text(), "1e+300");
    EXPECT_EQ(Value(1e-7).number_text(), "1e-07");
    EXPECT_EQ(lex("1E2").number_text(), "1E2");
    EXPECT_EQ(Value("12").number_text(), "");
    EXPECT_EQ(Value().number_text(), "");
}

TEST(ValueNumber, NonFiniteDoublesDumpAsNull) {
    const double inf = std::numeric_limits<double>::infinity();
    const double nan = std::numeric_limits<double>::quiet_NaN();
    EXPECT_EQ(Value(nan).dump(), "null");
    EXPECT_EQ(Value(inf).dump(), "null");
    EXPECT_EQ(Value(-inf).dump(), "null");
    EXPECT_EQ(Value(nan).number_text(), "null");
    EXPECT_EQ(Value::array({nan, inf, 1}).dump(), "[null,null,1]");
    EXPECT_TRUE(Value(nan).is_number());
}

TEST(ValueNumber, LexemeThatIsNotJsonIsNeverWritten) {
    // A repair may hand over the source spelling of NaN or a hex number: dump stays valid JSON.
    Value nan = laminate::value_detail::ValueAccess::number(NumberKind::Double, 0, 0,
                                                      std::numeric_limits<double>::quiet_NaN(), "NaN", false);
    EXPECT_EQ(nan.lexeme(), "NaN");
    EXPECT_EQ(nan.dump(), "null");
    Value hex = laminate::value_detail::ValueAccess::number(NumberKind::Int, 31, 0, 0, "0x1F", false);
    EXPECT_EQ(hex.dump(), "31");
    EXPECT_EQ(hex, Value(31));
}

TEST(ValueNumber, ConversionsBetweenKinds) {
    EXPECT_EQ(Value(3).as_double(), 3.0);
    EXPECT_EQ(Value(std::numeric_limits<std::uint64_t>::max()).as_double(), 18446744073709551616.0);
    std::int64_t i = 0;
    EXPECT_FALSE(Value(3.0).get_int64(i)); // doubles are not integers, even integral ones
    EXPECT_FALSE(Value("3").get_int64(i));
    EXPECT_EQ(Value("3").as_double(), 0.0);
    EXPECT_TRUE(Value("not a number").is_lossless());
}

TEST(ValueNumber, CanonicalRenderingRoundTrips) {
    for (double d : {0.1, 1.0 / 3, 2.0 / 3, 1e-300, 5e-324, 1.7976931348623157e308, 123456.789, -9.5e-10,
                     9007199254740993.0, 1e16, 1e21, 1e23, 0.0}) {
        Value v(d);
        Value back = Value::number_from_lexeme(v.number_text());
        ASSERT_TRUE(back.is_number()) << v.number_text();
        EXPECT_TRUE(back.is_lossless()) << v.number_text();
        EXPECT_EQ(back.as_double(), d) << v.number_text();
        EXPECT_EQ(back, v) << v.number_text();
    }
}

TEST(ValueNumber, CanonicalDecimal) {
    using laminate::number_detail::canonical_decimal;
    EXPECT_EQ(canonical_decimal("150"), canonical_decimal("1.5e2"));
    EXPECT_EQ(canonical_decimal("-0.0150"), canonical_decimal("-1.50E-2"));
    EXPECT_EQ(canonical_decimal("0"), canonical_decimal("-0.000e5"));
    EXPECT_NE(canonical_decimal("15"), canonical_decimal("-15"));
    // Exponents stay exact however long they are written.
    EXPECT_NE(canonical_decimal("1e99999999999999999999"), canonical_decimal("1e99999999999999999998"));
    EXPECT_EQ(canonical_decimal("10e99999999999999999998"), canonical_decimal("1e99999999999999999999"));
    EXPECT_EQ(canonical_decimal("0.01e-99999999999999999998"), canonical_decimal("1e-100000000000000000000"));
    EXPECT_EQ(canonical_decimal("1e0000000000000000000000000003"), canonical_decimal("1000"));
    EXPECT_EQ(canonical_decimal("12345e999999999999999999"), canonical_decimal("1.2345e1000000000000000003"));
    // 17 exponent digits are summed in 64 bits, 18 and more digit by digit: both agree.
    EXPECT_EQ(canonical_decimal("1e99999999999999999"), canonical_decimal("0.1e100000000000000000"));
}
