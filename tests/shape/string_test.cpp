// String targets: numbers and bools spelled as JSON, structures serialized, nulls defaulted.

#include "coerce_test_util.hpp"

#include <limits>

namespace {

using laminate::CoercionLevel;
using laminate::Risk;
using laminate::test::json;
using laminate::test::Probe;

TEST(StringCoercion, NumbersKeepTheirSpelling) {
    struct Case { const char* in; const char* out; };
    for (Case c : {Case{"42", "42"}, Case{"-0", "-0"}, Case{"1.50", "1.50"}, Case{"1e3", "1e3"},
                   Case{"12345678901234567890123", "12345678901234567890123"}, Case{"0.1", "0.1"}}) {
        Probe p;
        auto r = laminate::coerce_string(json(c.in), p.at(CoercionLevel::StringCoercion));
        ASSERT_TRUE(r) << c.in;
        EXPECT_EQ(*r, c.out);
        EXPECT_EQ(p.diagnostics.at(0).risk, Risk::Info);
    }
}

TEST(StringCoercion, NonFiniteNumbersGetTheirUsualNames) {
    Probe p;
    auto ctx = p.at(CoercionLevel::StringCoercion);
    EXPECT_EQ(*laminate::coerce_string(laminate::Value(std::numeric_limits<double>::quiet_NaN()), ctx), "NaN");
    EXPECT_EQ(*laminate::coerce_string(laminate::Value(std::numeric_limits<double>::infinity()), ctx), "Infinity");
    EXPECT_EQ(*laminate::coerce_string(laminate::Value(-std::numeric_limits<double>::infinity()), ctx), "-Infinity");
}

TEST(StringCoercion, StringsAreTakenAsTheyAre) {
    for (const char* s : {"", " padded ", "N/A", "none", "null", "42"}) {
        Probe p;
        auto r = laminate::coerce_string(laminate::Value(s), p.at(CoercionLevel::BestEffort));
        ASSERT_TRUE(r);
        EXPECT_EQ(*r, s);
        EXPECT_TRUE(p.diagnostics.empty()) << "a sentinel is a fine string: " << s;
    }
}

TEST(StringCoercion, StructuresBecomeCompactJsonAtBestEffort) {
    Probe p;
    EXPECT_FALSE(laminate::coerce_string(json(R"({"a": 1})"), p.at(CoercionLevel::StringCoercion)));
    EXPECT_EQ(*laminate::coerce_string(json(R"({"a": 1, "b": [true, null]})"), p.at(CoercionLevel::BestEffort)),
              R"({"a":1,"b":[true,null]})");
    // A one-element array is serialized too, not unwrapped: the string keeps what was there.
    EXPECT_EQ(*laminate::coerce_string(json(R"(["hello"])"), p.at(CoercionLevel::BestEffort)), R"(["hello"])");
    ASSERT_EQ(p.diagnostics.size(), 2u);
    EXPECT_EQ(p.diagnostics[0].risk, Risk::Warning);
    EXPECT_EQ(p.diagnostics[0].from, "object");
    EXPECT_EQ(p.diagnostics[1].from, "array");
}

TEST(StringCoercion, ExactTakesOnlyStrings) {
    for (const char* s : {"1", "true", "null", "[]", "{}"}) {
        Probe p;
        auto r = laminate::coerce_string(json(s), p.at(CoercionLevel::Exact));
        ASSERT_FALSE(r) << s;
        EXPECT_EQ(r.error().kind(), laminate::ErrorKind::TypeMismatch);
    }
}

} // namespace
