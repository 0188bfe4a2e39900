// Modes: the DESIGN.md table as switches, names, and DynamicMode parsing for configuration.

#include <laminate/mode.hpp>

#include <gtest/gtest.h>

namespace {

using laminate::CoercionLevel;
using laminate::DynamicMode;
using laminate::ErrorCollection;
using laminate::Mode;
using laminate::ModePolicy;
using laminate::UnknownFields;

TEST(ModePolicy, LenientIsBestEffortDropRepairCollectAll) {
    constexpr ModePolicy p = laminate::policy_for(Mode::Lenient);
    EXPECT_EQ(p.coercion, CoercionLevel::BestEffort);
    EXPECT_EQ(p.unknown_fields, UnknownFields::Drop);
    EXPECT_TRUE(p.record_defaults);
    EXPECT_TRUE(p.syntax_repair);
    EXPECT_EQ(p.errors, ErrorCollection::All);
}

TEST(ModePolicy, AbsorbingIsSafeWideningKeepRepairCollectAll) {
    constexpr ModePolicy p = laminate::policy_for(Mode::Absorbing);
    EXPECT_EQ(p.coercion, CoercionLevel::SafeWidening);
    EXPECT_EQ(p.unknown_fields, UnknownFields::Keep);
    EXPECT_TRUE(p.record_defaults);
    EXPECT_TRUE(p.syntax_repair);
    EXPECT_EQ(p.errors, ErrorCollection::All);
}

TEST(ModePolicy, StrictIsExactErrorNoRepairFirstError) {
    constexpr ModePolicy p = laminate::policy_for(Mode::Strict);
    EXPECT_EQ(p.coercion, CoercionLevel::Exact);
    EXPECT_EQ(p.unknown_fields, UnknownFields::Error);
    EXPECT_FALSE(p.record_defaults);
    EXPECT_FALSE(p.syntax_repair);
    EXPECT_EQ(p.errors, ErrorCollection::First);
}

TEST(ModePolicy, DefaultPolicyIsLenient) {
    EXPECT_EQ(ModePolicy{}, laminate::policy_for(Mode::Lenient));
}

TEST(ModePolicy, SwitchesOverrideIndependently) {
    ModePolicy p = laminate::policy_for(Mode::Strict);
    p.coercion = CoercionLevel::StringCoercion; // one field allowed to read "42"
    EXPECT_NE(p, laminate::policy_for(Mode::Strict));
    EXPECT_EQ(p.unknown_fields, UnknownFields::Error);
    EXPECT_FALSE(p.syntax_repair);
    EXPECT_EQ(p.errors, ErrorCollection::First);
}

TEST(ModeNames, AreStable) {
    EXPECT_EQ(laminate::mode_name(Mode::Lenient), "lenient");
    EXPECT_EQ(laminate::mode_name(Mode::Absorbing), "absorbing");
    EXPECT_EQ(laminate::mode_name(Mode::Strict), "strict");
    EXPECT_EQ(laminate::level_name(CoercionLevel::Exact), "exact");
    EXPECT_EQ(laminate::level_name(CoercionLevel::SafeWidening), "safe_widening");
    EXPECT_EQ(laminate::level_name(CoercionLevel::StringCoercion), "string_coercion");
    EXPECT_EQ(laminate::level_name(CoercionLevel::BestEffort), "best_effort");
}

TEST(DynamicMode, ParsesTheThreeNames) {
    for (Mode m : {Mode::Lenient, Mode::Absorbing, Mode::Strict}) {
        auto r = DynamicMode::parse(laminate::mode_name(m));
        ASSERT_TRUE(r) << r.error();
        EXPECT_EQ(r->mode(), m);
        EXPECT_EQ(r->name(), laminate::mode_name(m));
        EXPECT_EQ(r->policy(), laminate::policy_for(m));
    }
}

TEST(DynamicMode, RejectsAnythingElseWithoutEchoingIt) {
    for (const char* text : {"", "Strict", "STRICT", " strict", "strict\n", "lax", "best_effort", "lenient,strict"}) {
        auto r = DynamicMode::parse(text);
        ASSERT_FALSE(r) << "accepted: [" << text << "]";
        EXPECT_EQ(r.error().kind(), laminate::ErrorKind::InvalidArgument);
        EXPECT_EQ(r.error().message(), "unknown mode: expected lenient, absorbing or strict");
    }
}

TEST(DynamicMode, DefaultsToLenient) {
    constexpr DynamicMode d;
    EXPECT_EQ(d.mode(), Mode::Lenient);
    EXPECT_EQ(DynamicMode(Mode::Strict), DynamicMode(Mode::Strict));
    EXPECT_NE(DynamicMode(Mode::Strict), d);
}

} // namespace
