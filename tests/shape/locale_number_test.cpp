// Numbers written for people: digit grouping of several locales, a decimal comma, currency
// symbols and codes, typographic minus signs, invisible characters around the number.
// All BestEffort, all Warning (a locale was guessed, or marks removed); ambiguity is an error,
// never a guess.

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
                             "1 2", "1'23", "1,234e5", "$", "$$5", "5 USDX", "1.2.3", "1 234.5 6"}) {
        Probe p;
        auto r = laminate::coerce_float(Value(text), laminate::float64_target, p.at(CoercionLevel::BestEffort));
        ASSERT_FALSE(r) << text;
        EXPECT_EQ(r.error().kind(), ErrorKind::TypeMismatch) << text;
    }
}

TEST(LocaleNumbers, NeedBestEffort) {
    for (const char* text : {"1,234", "$4.99", "1.234,56", "1 234", "\xE2\x88\x92" "5", "5\xE2\x80\x8B",
                             "USD 5", "5 EUR"}) {
        Probe p;
        auto r = laminate::coerce_float(Value(text), laminate::float64_target, p.at(CoercionLevel::StringCoercion));
        ASSERT_FALSE(r) << text;
        EXPECT_EQ(r.error().kind(), ErrorKind::TypeMismatch);
        EXPECT_NE(r.error().message().find("best_effort is needed"), std::string::npos) << r.error();
        EXPECT_FALSE(laminate::coerce_float(Value(text), laminate::float64_target, p.at(CoercionLevel::Exact))) << text;
    }
}

// The one Coerced diagnostic of a BestEffort read, which must be a Warning.
std::string warning_of(const char* text, Probe& p) {
    if (p.diagnostics.size() != 1) {
        ADD_FAILURE() << text << ": " << p.diagnostics.size() << " diagnostics";
        return {};
    }
    EXPECT_EQ(p.diagnostics[0].risk, Risk::Warning) << text;
    EXPECT_EQ(p.diagnostics[0].kind, laminate::DiagnosticKind::Coerced) << text;
    return p.diagnostics[0].message;
}

// U+2212 MINUS SIGN, U+FE63 SMALL HYPHEN-MINUS, U+FF0D FULLWIDTH HYPHEN-MINUS: read as '-' wherever
// '-' would be read, with the other liberties of the text still noted.
TEST(LocaleNumbers, TypographicMinusSigns) {
    struct Case { const char* text; double value; const char* message; };
    const Case cases[] = {
        {"\xE2\x88\x92" "5", -5, "coerced string -> float64 (read a typographic minus sign as '-')"},
        {"\xEF\xB9\xA3" "2.5", -2.5, "coerced string -> float64 (read a typographic minus sign as '-')"},
        {"\xEF\xBC\x8D" "7", -7, "coerced string -> float64 (read a typographic minus sign as '-')"},
        {" \xE2\x88\x92" "0.5 ", -0.5, "coerced string -> float64 (read a typographic minus sign as '-')"},
        {"1e\xE2\x88\x92" "3", 0.001, "coerced string -> float64 (read a typographic minus sign as '-')"},
        {"\xE2\x88\x92" "1,234.5", -1234.5,
         "coerced string -> float64 (read a typographic minus sign as '-'; removed digit grouping, guessing the locale)"},
        {"\xE2\x88\x92" "$4.99", -4.99,
         "coerced string -> float64 (read a typographic minus sign as '-'; removed a currency symbol)"},
        {"$\xE2\x88\x92" "4.99", -4.99,
         "coerced string -> float64 (read a typographic minus sign as '-'; removed a currency symbol)"},
    };
    for (const Case& c : cases) {
        Probe p;
        EXPECT_EQ(best_effort_double(c.text, p), c.value) << c.text;
        EXPECT_EQ(warning_of(c.text, p), c.message);
    }
    Probe p;
    EXPECT_EQ(*laminate::coerce_to<std::int64_t>(Value("\xE2\x88\x92" "42"), p.at(CoercionLevel::BestEffort)), -42);
    auto negative = laminate::coerce_to<std::uint8_t>(Value("\xE2\x88\x92" "1"), p.at(CoercionLevel::BestEffort));
    ASSERT_FALSE(negative);
    EXPECT_EQ(negative.error().kind(), ErrorKind::OutOfRange);
}

TEST(LocaleNumbers, TypographicMinusSignsWhereNoMinusBelongs) {
    // A sign alone, two signs, a minus between numbers, a space after the sign (as "- 5" is no
    // number): each as it would be with '-'.
    for (const char* text : {"\xE2\x88\x92", "\xE2\x88\x92\xE2\x88\x92" "5", "5\xE2\x88\x92" "3",
                             "\xE2\x88\x92 5", "5\xE2\x88\x92", "\xEF\xBC\x8D", "-\xE2\x88\x92" "5"}) {
        Probe p;
        auto r = laminate::coerce_float(Value(text), laminate::float64_target, p.at(CoercionLevel::BestEffort));
        ASSERT_FALSE(r) << text << " read as " << *r;
        EXPECT_EQ(r.error().kind(), ErrorKind::TypeMismatch) << text;
        EXPECT_TRUE(p.diagnostics.empty());
    }
}

// Zero-width characters, the byte order mark and no-break or thin spaces a model copied along
// around a number; inside it those spaces group digits as an ASCII space does.
TEST(LocaleNumbers, InvisibleCharactersAroundTheNumber) {
    constexpr const char* kRemoved = "coerced string -> float64 (removed invisible characters or no-break spaces "
                                     "around the number)";
    struct Case { const char* text; double value; };
    const Case cases[] = {
        {"19.99\xE2\x80\x8B", 19.99},                      // U+200B ZERO WIDTH SPACE
        {"\xEF\xBB\xBF" "42", 42},                          // U+FEFF
        {"\xE2\x80\x8C" "7\xE2\x80\x8D", 7},              // U+200C, U+200D
        {"\xE2\x81\xA0" "3.5", 3.5},                        // U+2060 WORD JOINER
        {"\xC2\xA0" "12.5\xC2\xA0", 12.5},                  // no-break spaces
        {"\xE2\x80\xAF" "8\xE2\x80\x89", 8},              // narrow no-break, thin
        {" \xE2\x80\x8B \xC2\xA0" "1e2\xE2\x80\x8B\xE2\x80\x8B ", 100}, // mixed with ASCII spaces, repeated
    };
    for (const Case& c : cases) {
        Probe p;
        EXPECT_EQ(best_effort_double(c.text, p), c.value) << c.text;
        EXPECT_EQ(warning_of(c.text, p), kRemoved);
    }
    // With other liberties, each noted.
    Probe p;
    EXPECT_EQ(best_effort_double("\xE2\x80\x8B" "\xE2\x88\x92" "1,234.5", p), -1234.5);
    EXPECT_EQ(warning_of("zwsp minus grouping", p),
              "coerced string -> float64 (removed invisible characters or no-break spaces around the number; "
              "read a typographic minus sign as '-'; removed digit grouping, guessing the locale)");
    Probe q;
    EXPECT_EQ(best_effort_double("1\xC2\xA0" "234,56\xC2\xA0\xE2\x82\xAC", q), 1234.56); // "1 234,56 €", typeset
    Probe i;
    EXPECT_EQ(*laminate::coerce_to<std::uint16_t>(Value("\xEF\xBB\xBF" "42\xE2\x80\x8B"), i.at(CoercionLevel::BestEffort)),
              42);
}

TEST(LocaleNumbers, InvisibleCharactersInsideOrAloneAreNoNumber) {
    for (const char* text : {"\xE2\x80\x8B", "\xC2\xA0", "1\xE2\x80\x8B" "2", "12\xE2\x80\x8B" ".5",
                             "\xE2\x80\x8B\xE2\x80\x89"}) {
        Probe p;
        auto r = laminate::coerce_float(Value(text), laminate::float64_target, p.at(CoercionLevel::BestEffort));
        ASSERT_FALSE(r) << text;
        EXPECT_EQ(r.error().kind(), ErrorKind::TypeMismatch) << text;
    }
    // The rules of the number inside still hold: a lone comma is ambiguous.
    Probe p;
    auto comma = laminate::coerce_float(Value("12,34\xE2\x80\x8B"), laminate::float64_target, p.at(CoercionLevel::BestEffort));
    ASSERT_FALSE(comma);
    EXPECT_EQ(comma.error().kind(), ErrorKind::AmbiguousValue);
}

// Between digit groups the no-break, narrow no-break and thin spaces group as an ASCII space
// does: groups of three after the first, or no number.
TEST(LocaleNumbers, NoBreakAndThinSpacesGroupDigitsAsSpacesDo) {
    for (const char* space : {" ", "\xC2\xA0", "\xE2\x80\xAF", "\xE2\x80\x89"}) {
        const std::string s(space);
        Probe p;
        const std::string grouped = "1" + s + "234" + s + "567";
        EXPECT_EQ(best_effort_double(grouped.c_str(), p), 1234567) << grouped;
        EXPECT_NE(warning_of(grouped.c_str(), p).find("removed digit grouping"), std::string::npos);
        for (const std::string& bad : {"1" + s + "23", "12" + s + "34" + s + "567", "1" + s + "2345"}) {
            Probe q;
            auto r = laminate::coerce_float(Value(bad), laminate::float64_target, q.at(CoercionLevel::BestEffort));
            ASSERT_FALSE(r) << bad;
            EXPECT_EQ(r.error().kind(), ErrorKind::TypeMismatch) << bad;
        }
    }
}

// ISO 4217 codes before or after the number, as currency symbols are; upper case only (in lower
// case "try", "cup", "top" are words), and only the codes of the fixed list.
TEST(LocaleNumbers, CurrencyCodes) {
    struct Case { const char* text; double value; };
    const Case cases[] = {
        {"USD 12.50", 12.5},  {"12.50 USD", 12.5},   {"EUR 1,299.00", 1299}, {"USD12.50", 12.5},
        {"12.50EUR", 12.5},   {"-USD 5", -5},        {"USD -5", -5},         {"GBP 1.234,56", 1234.56},
        {"JPY 1,000", 1000},  {"1 234,50 SEK", 1234.5}, {"  CHF 9.90  ", 9.9}, {"TRY 30", 30},
        {"\xE2\x88\x92" "EUR 3", -3}, {"EUR\xC2\xA0" "3", 3},
    };
    for (const Case& c : cases) {
        Probe p;
        EXPECT_EQ(best_effort_double(c.text, p), c.value) << c.text;
        EXPECT_NE(warning_of(c.text, p).find("removed a currency code"), std::string::npos) << c.text;
    }
    Probe p;
    EXPECT_EQ(best_effort_double("USD 12.50", p), 12.5);
    EXPECT_EQ(p.diagnostics.at(0).message, "coerced string -> float64 (removed a currency code)");
    Probe q;
    EXPECT_EQ(best_effort_double("EUR 1,299.00", q), 1299);
    EXPECT_EQ(q.diagnostics.at(0).message,
              "coerced string -> float64 (removed a currency code; removed digit grouping, guessing the locale)");
    Probe i;
    EXPECT_EQ(*laminate::coerce_to<std::int64_t>(Value("USD 1,000"), i.at(CoercionLevel::BestEffort)), 1000);
}

TEST(LocaleNumbers, CurrencyCodesThatAreNoAmount) {
    // A code alone, a longer word, lower case, a code not in the list, two marks, a number on
    // each side.
    for (const char* text : {"USD", "12.50 USDX", "XUSD 12.50", "12.50 eur", "usd 5", "12.50 Usd", "12 KGS",
                             "12.50 XYZ", "USD $5", "USD EUR 5", "5 USD 5", "USD-", "USD 5 apples"}) {
        Probe p;
        auto r = laminate::coerce_float(Value(text), laminate::float64_target, p.at(CoercionLevel::BestEffort));
        ASSERT_FALSE(r) << text << " read as " << *r;
        EXPECT_EQ(r.error().kind(), ErrorKind::TypeMismatch) << text;
    }
    // The number beside the code keeps its rules: a lone comma is ambiguous.
    for (const char* text : {"USD 12,50", "12,50 EUR"}) {
        Probe p;
        auto r = laminate::coerce_float(Value(text), laminate::float64_target, p.at(CoercionLevel::BestEffort));
        ASSERT_FALSE(r) << text;
        EXPECT_EQ(r.error().kind(), ErrorKind::AmbiguousValue) << text;
    }
}

// "1.000" for an integer is ambiguous (1 or 1000); so it stays beside a currency mark, a
// typographic minus or invisible characters. For a float it is 1.
TEST(LocaleNumbers, ADotBeforeThreeZerosStaysAmbiguousBesideMarks) {
    struct Case { const char* text; double as_float; };
    const Case cases[] = {{"USD 1.000", 1},  {"1.000 EUR", 1}, {"$1.000", 1}, {"\xE2\x88\x92" "12.000", -12},
                          {"1.000\xE2\x80\x8B", 1}, {"\xC2\xA0" "100.000", 100}};
    for (const Case& c : cases) {
        Probe p;
        auto r = laminate::coerce_to<std::int64_t>(Value(c.text), p.at(CoercionLevel::BestEffort));
        ASSERT_FALSE(r) << c.text << " read as " << *r;
        EXPECT_EQ(r.error().kind(), ErrorKind::AmbiguousValue) << c.text;
        Probe f;
        EXPECT_EQ(best_effort_double(c.text, f), c.as_float) << c.text;
    }
    Probe p;
    EXPECT_EQ(*laminate::coerce_to<std::int64_t>(Value("USD 1.000.000"), p.at(CoercionLevel::BestEffort)), 1000000);
    EXPECT_EQ(*laminate::coerce_to<std::int64_t>(Value("USD 1.0"), p.at(CoercionLevel::BestEffort)), 1);
}

} // namespace
