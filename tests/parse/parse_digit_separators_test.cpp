// Digit separators: 82_461_110 and 1_234.5_6, as Python and C++ write them, are numbers,
// digit_separator (Warning) at the number. An underscore counts only between two digits: 4__2,
// _42 and 42_ stay unquoted text, as before.

#include "parse_support.hpp"

#include <string>

namespace laminate {
namespace {

using test::expect_repair;

TEST(ParseDigitSeparators, UnderscoresBetweenDigitsAreDropped) {
    auto ds = expect_repair(R"({"value": 82_461_110})", R"({"value": 82461110})",
                            RepairKind::DigitSeparator, 10);
    const auto found = test::repairs_of(ds, RepairKind::DigitSeparator);
    ASSERT_EQ(found.size(), 1u);
    EXPECT_EQ(found[0].path, "value");
    EXPECT_EQ(ds.size(), 1u) << test::describe(ds);
    expect_repair("[1_234.5_6]", "[1234.56]", RepairKind::DigitSeparator, 1);
    expect_repair("[-1_000]", "[-1000]", RepairKind::DigitSeparator, 1);
    expect_repair("[1_2.3_4e1_0]", "[12.34e10]", RepairKind::DigitSeparator, 1);
    expect_repair("[0, 12_345_678_901_234_567_890]", "[0, 12345678901234567890]",
                  RepairKind::DigitSeparator, 4);
    ds = expect_repair(R"({"a": {"b": [1, 2_000]}})", R"({"a": {"b": [1, 2000]}})",
                       RepairKind::DigitSeparator, 16);
    EXPECT_EQ(test::repairs_of(ds, RepairKind::DigitSeparator)[0].path, "a.b[1]");
}

TEST(ParseDigitSeparators, OtherNumberRepairsStillApply) {
    auto ds = expect_repair(R"({"a": 1_000.})", R"({"a": 1000.0})", RepairKind::InvalidNumber, 6);
    EXPECT_TRUE(test::has_repair(ds, RepairKind::DigitSeparator));
    ds = expect_repair("[+1_000]", "[1000]", RepairKind::InvalidNumber, 1);
    EXPECT_TRUE(test::has_repair(ds, RepairKind::DigitSeparator));
}

TEST(ParseDigitSeparators, AnUnderscoreNotBetweenDigitsIsText) {
    for (const char* word : {"4__2", "_42", "42_", "1_0_", "1._5", "1_.5"}) {
        SCOPED_TRACE(word);
        const std::string text = std::string("[") + word + "]";
        auto r = parse(text);
        ASSERT_TRUE(r) << r.error();
        ASSERT_TRUE(r->value[0].is_string());
        EXPECT_EQ(r->value[0].as_string(), word);
        EXPECT_FALSE(test::has_repair(r->diagnostics, RepairKind::DigitSeparator));
        EXPECT_TRUE(test::has_repair(r->diagnostics, RepairKind::UnquotedString));
    }
    // A leading zero keeps the text, as 0123 does.
    expect_repair("[0_1]", R"(["0_1"])", RepairKind::InvalidNumber, 1);
    // Keys are text.
    expect_repair("{1_000: 1}", R"({"1_000": 1})", RepairKind::UnquotedKey, 1);
}

TEST(ParseDigitSeparators, StrictModeRefuses) {
    test::expect_error(R"({"value": 82_461_110})", ErrorKind::RepairNotAllowed, 10,
                       test::strict());
    test::expect_error("[1_234.5_6]", ErrorKind::RepairNotAllowed, 1, test::strict());
}

TEST(ParseDigitSeparators, TruncatedNumbers) {
    test::expect_error("[4_", ErrorKind::ValueNotClosed, 0);
    expect_repair("[4_", R"(["4_"])", RepairKind::UnquotedString, 1, Risk::Warning,
                  test::completing());
    expect_repair("[4_2", "[42]", RepairKind::DigitSeparator, 1, Risk::Warning,
                  test::completing());
    expect_repair("[1_000.", "[1000.0]", RepairKind::TruncatedCompleted, 1, Risk::Risky,
                  test::completing());
    expect_repair("4_2", "42", RepairKind::DigitSeparator, 0);
}

TEST(ParseDigitSeparators, TimestampsAndDatesStayText) {
    // Separators group thousands, or split two short groups: these are a timestamp and a date.
    expect_repair(R"({"run": 20240101_123000})", R"({"run": "20240101_123000"})",
                  RepairKind::UnquotedString, 8);
    expect_repair(R"({"date": 2024_01_15})", R"({"date": "2024_01_15"})",
                  RepairKind::UnquotedString, 9);
    for (const char* cut : {"4_", "[4_", "{\"a\": 4_", "[-_", "[1._"}) {
        SCOPED_TRACE(cut);
        for (const ParseOptions& o : {ParseOptions{}, test::completing(), test::strict()}) {
            auto r = parse(cut, o);
            if (r) {
                EXPECT_FALSE(test::has_repair(r->diagnostics, RepairKind::DigitSeparator));
            }
        }
    }
    for (const char* cut : {"[1_2e", "[1_2e1_", "[1_2.", "[1_"}) { // no crash, whatever the options
        (void)parse(cut);
        (void)parse(cut, test::completing());
        (void)parse(cut, test::strict());
    }
}

TEST(ParseDigitSeparators, LinearInTheInputSize) {
    std::string one = "[1";
    std::string many = "[";
    for (int i = 0; i < 200'000; ++i) {
        one += "_000";
        many += "1_000, ";
    }
    one += "]";
    many += "]";
    ParseOptions lots;
    lots.max_repairs = 10'000'000;
    test::HangGuard guard;
    auto r = parse(one, lots);
    ASSERT_TRUE(r) << r.error();
    EXPECT_TRUE(r->value[0].is_number());
    r = parse(many, lots);
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(r->value.size(), 200'000u);
}

} // namespace
} // namespace laminate
