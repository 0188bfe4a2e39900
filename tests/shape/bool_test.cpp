// Bool targets: 0/1 numbers, the spellings of true and false, and what never reads as a bool.

#include "coerce_test_util.hpp"

namespace {

using laminate::CoercionLevel;
using laminate::ErrorKind;
using laminate::test::json;
using laminate::test::Probe;

TEST(BoolCoercion, EverySpellingAtStringCoercion) {
    const char* truthy[] = {"true", "True", "TRUE", "yes", "YES", "on", "On", "y", "Y", "t", "T", "1", " yes "};
    const char* falsy[] = {"false", "False", "no", "NO", "off", "OFF", "n", "N", "f", "F", "0", "\tno\n"};
    for (const char* s : truthy) {
        Probe p;
        auto r = laminate::coerce_bool(laminate::Value(s), p.at(CoercionLevel::StringCoercion));
        ASSERT_TRUE(r) << s;
        EXPECT_TRUE(*r) << s;
        EXPECT_EQ(p.diagnostics.at(0).risk, laminate::Risk::Info);
    }
    for (const char* s : falsy) {
        Probe p;
        auto r = laminate::coerce_bool(laminate::Value(s), p.at(CoercionLevel::StringCoercion));
        ASSERT_TRUE(r) << s;
        EXPECT_FALSE(*r) << s;
    }
}

TEST(BoolCoercion, OtherWordsAreNotBools) {
    for (const char* s : {"maybe", "test", "2", "yes!!", "yes...", "yes?", "1.", "truee", "", "1.0", "oui"}) {
        Probe p;
        auto r = laminate::coerce_bool(laminate::Value(s), p.at(CoercionLevel::BestEffort));
        ASSERT_FALSE(r) << s;
        EXPECT_EQ(r.error().kind(), ErrorKind::TypeMismatch);
    }
}

TEST(BoolCoercion, OnlyZeroAndOneAreNumericBools) {
    for (const char* s : {"2", "-1", "100", "0.5", "2.0", "1e3"}) {
        Probe p;
        auto r = laminate::coerce_bool(json(s), p.at(CoercionLevel::BestEffort));
        ASSERT_FALSE(r) << s;
        EXPECT_EQ(r.error().kind(), ErrorKind::TypeMismatch);
    }
    Probe p;
    EXPECT_TRUE(*laminate::coerce_bool(json("1.0"), p.at(CoercionLevel::SafeWidening)));
    EXPECT_FALSE(*laminate::coerce_bool(json("0e5"), p.at(CoercionLevel::SafeWidening)));
    EXPECT_FALSE(*laminate::coerce_bool(json("-0"), p.at(CoercionLevel::SafeWidening)));
}

TEST(BoolCoercion, ExactTakesOnlyBools) {
    for (const char* s : {"1", R"("true")", "null", "[true]", "{}"}) {
        Probe p;
        auto r = laminate::coerce_bool(json(s), p.at(CoercionLevel::Exact));
        ASSERT_FALSE(r) << s;
        EXPECT_EQ(r.error().kind(), ErrorKind::TypeMismatch);
    }
}

TEST(BoolCoercion, BoolsBecomeNumbersAtSafeWidening) {
    Probe p;
    EXPECT_FALSE(laminate::coerce_to<int>(json("true"), p.at(CoercionLevel::Exact)));
    EXPECT_EQ(*laminate::coerce_to<int>(json("true"), p.at(CoercionLevel::SafeWidening)), 1);
    EXPECT_EQ(*laminate::coerce_to<std::uint64_t>(json("false"), p.at(CoercionLevel::SafeWidening)), 0u);
    EXPECT_EQ(*laminate::coerce_to<bool>(json("true"), p.at(CoercionLevel::Exact)), true);
}

} // namespace
