// The account a coercion gives: one Coerced diagnostic with path, from, to, risk, message and
// suggestion; none when the value was taken as declared; errors with kind and path. Neither
// ever quotes the input's text.

#include "coerce_test_util.hpp"

#include <sstream>

namespace {

using laminate::CoercionLevel;
using laminate::DiagnosticKind;
using laminate::ErrorKind;
using laminate::Risk;
using laminate::Value;
using laminate::test::json;
using laminate::test::Probe;

TEST(CoercionDiagnostics, OneCoercedDiagnosticWithEveryField) {
    Probe p("flights[0].passengers");
    auto r = laminate::coerce_to<std::uint8_t>(Value(" 2 "), p.at(CoercionLevel::BestEffort));
    ASSERT_TRUE(r);
    ASSERT_EQ(p.diagnostics.size(), 1u);
    const laminate::Diagnostic& d = p.diagnostics[0];
    EXPECT_EQ(d.kind, DiagnosticKind::Coerced);
    EXPECT_EQ(d.path, "flights[0].passengers");
    EXPECT_EQ(d.from, "string");
    EXPECT_EQ(d.to, "uint8");
    EXPECT_EQ(d.risk, Risk::Info);
    EXPECT_EQ(d.message, "coerced string -> uint8");
    EXPECT_EQ(d.suggestion, "emit numbers as JSON numbers, not strings");
    EXPECT_EQ(d.offset, laminate::Diagnostic::no_offset);
    EXPECT_EQ(d.to_string(), "[info] $.flights[0].passengers: coerced string -> uint8");
}

TEST(CoercionDiagnostics, NoneWhenTakenAsDeclared) {
    Probe p("x");
    auto ctx = p.at(CoercionLevel::BestEffort);
    EXPECT_TRUE(laminate::coerce_to<int>(json("5"), ctx));
    EXPECT_TRUE(laminate::coerce_to<double>(json("5"), ctx));
    EXPECT_TRUE(laminate::coerce_to<bool>(json("false"), ctx));
    EXPECT_TRUE(laminate::coerce_to<std::string>(json(R"("s")"), ctx));
    EXPECT_TRUE(laminate::coerce_null(json("null"), ctx));
    EXPECT_TRUE(laminate::coerce_any(json(R"({"a":[1]})"), ctx));
    EXPECT_TRUE(p.diagnostics.empty());
}

TEST(CoercionDiagnostics, RiskFollowsWhatWasDone) {
    struct Case { const char* input; Risk risk; const char* from; const char* message; };
    const Case cases[] = {
        {R"("42")", Risk::Info, "string", "coerced string -> int64"},
        {"42.0", Risk::Info, "float", "coerced float -> int64"},
        {"true", Risk::Info, "bool", "coerced bool -> int64"},
        {R"("0x2A")", Risk::Warning, "string", "coerced string -> int64 (read a radix prefix)"},
        {R"("42,000")", Risk::Warning, "string", "coerced string -> int64 (removed digit grouping, guessing the locale)"},
        {R"("$42")", Risk::Warning, "string", "coerced string -> int64 (removed a currency symbol)"},
        {"null", Risk::Warning, "null", "coerced null -> int64 (null read as the default)"},
        {R"("N/A")", Risk::Warning, "string", "coerced string -> int64 (null sentinel read as the default)"},
        {"[42]", Risk::Warning, "array", "coerced array -> int64 (unwrapped a one-element array)"},
        {R"(["$1,000"])", Risk::Warning, "array",
         "coerced array -> int64 (unwrapped a one-element array; removed a currency symbol; removed digit grouping, "
         "guessing the locale)"},
    };
    for (const Case& c : cases) {
        Probe p;
        auto r = laminate::coerce_signed(json(c.input), laminate::test::i64, p.at(CoercionLevel::BestEffort));
        ASSERT_TRUE(r) << c.input << ": " << r.error();
        ASSERT_EQ(p.diagnostics.size(), 1u) << c.input;
        EXPECT_EQ(p.diagnostics[0].risk, c.risk) << c.input;
        EXPECT_EQ(p.diagnostics[0].from, c.from) << c.input;
        EXPECT_EQ(p.diagnostics[0].message, c.message) << c.input;
        EXPECT_FALSE(p.diagnostics[0].suggestion.empty()) << c.input;
    }
}

TEST(CoercionErrors, CarryKindPathAndTheLevelNeeded) {
    Probe p("order.quantity");
    auto r = laminate::coerce_to<std::uint8_t>(Value("42"), p.at(CoercionLevel::Exact));
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().kind(), ErrorKind::TypeMismatch);
    EXPECT_EQ(r.error().path(), "order.quantity");
    EXPECT_FALSE(r.error().has_offset());
    EXPECT_EQ(r.error().message(),
              "expected an integer 0..255 (uint8), got a string (coercion level string_coercion is needed, the "
              "level is exact)");
    EXPECT_EQ(r.error().to_string(),
              "type_mismatch at $.order.quantity: expected an integer 0..255 (uint8), got a string (coercion "
              "level string_coercion is needed, the level is exact)");
    auto range = laminate::coerce_to<std::int8_t>(json("300"), p.at(CoercionLevel::Exact));
    ASSERT_FALSE(range);
    EXPECT_EQ(range.error().message(), "expected an integer -128..127 (int8), got 300");
    EXPECT_EQ(range.error().path(), "order.quantity");
    EXPECT_TRUE(p.diagnostics.empty());
}

TEST(CoercionErrors, KindNamesAreStable) {
    EXPECT_EQ(laminate::kind_name(ErrorKind::TypeMismatch), "type_mismatch");
    EXPECT_EQ(laminate::kind_name(ErrorKind::OutOfRange), "out_of_range");
    EXPECT_EQ(laminate::kind_name(ErrorKind::LossyConversion), "lossy_conversion");
    EXPECT_EQ(laminate::kind_name(ErrorKind::UnknownVariant), "unknown_variant");
    EXPECT_EQ(laminate::kind_name(ErrorKind::AmbiguousValue), "ambiguous_value");
}

// Model output is never echoed: a marker inside each input must not reach any message.
TEST(CoercionErrors, NeverQuoteTheInput) {
    constexpr std::array<std::string_view, 2> names{"alpha", "beta"};
    const char* inputs[] = {"SECRET12", "12SECRET", "SECRET", " SECRET ", "[\"SECRET\"]", "{\"SECRET\":1}",
                            "1,2SECRET", "$SECRET", "0xSECRET"};
    for (const char* text : inputs) {
        Value in(text);
        for (CoercionLevel level : laminate::test::kAllLevels) {
            Probe p;
            auto ctx = p.at(level);
            std::ostringstream all;
            if (auto r = laminate::coerce_to<int>(in, ctx); !r) all << r.error() << '\n';
            if (auto r = laminate::coerce_to<float>(in, ctx); !r) all << r.error() << '\n';
            if (auto r = laminate::coerce_to<bool>(in, ctx); !r) all << r.error() << '\n';
            if (auto r = laminate::coerce_null(in, ctx); !r) all << r.error() << '\n';
            if (auto r = laminate::coerce_enum(in, {names, "Greek"}, ctx); !r) all << r.error() << '\n';
            Value storage;
            if (auto r = laminate::coerce_object(in, ctx, storage); !r) all << r.error() << '\n';
            (void)laminate::coerce_to<std::string>(in, ctx);
            (void)laminate::coerce_any(in, ctx);
            for (const auto& d : p.diagnostics) all << d << ' ' << d.suggestion << '\n';
            EXPECT_EQ(all.str().find("SECRET"), std::string::npos) << all.str();
            EXPECT_FALSE(all.str().empty());
        }
    }
}

} // namespace
