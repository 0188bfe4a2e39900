// std::variant: every alternative tried, the lowest-risk fit wins, the choice recorded.
#include "shape_test_types.hpp"

#include <gtest/gtest.h>

#include <variant>

namespace laminate::test {
namespace {

using Scalar = std::variant<std::int64_t, double, std::string>;

TEST(VariantMember, ExactAlternativeBeatsACoercedOne) {
    auto i = from_value<Scalar>(Value(3));
    ASSERT_TRUE(i) << i.error();
    EXPECT_EQ(std::get<std::int64_t>(i->value), 3);
    auto d = from_value<Scalar>(js("2.5"));
    ASSERT_TRUE(d);
    EXPECT_EQ(std::get<double>(d->value), 2.5);
    // "42" fits int64 and double by coercion, string exactly: the string wins, and as the one
    // alternative that needs no coercion it is no choice among fits (no diagnostic).
    auto s = from_value<Scalar>(Value("42"));
    ASSERT_TRUE(s);
    EXPECT_EQ(std::get<std::string>(s->value), "42");
    EXPECT_TRUE(s->diagnostics.empty());
}

TEST(VariantMember, StructAlternatives) {
    struct Circle { double radius; };
    struct Rect { double w; double h; };
    struct Shape { std::variant<Circle, Rect> geometry; };
    auto rect = from_value<Shape>(js(R"({"geometry": {"w": 1, "h": 2}})"), Mode::Strict);
    ASSERT_TRUE(rect) << rect.error();
    EXPECT_EQ(std::get<Rect>(rect->value.geometry).h, 2);
    auto circle = from_value<Shape>(js(R"({"geometry": {"radius": 1}})"), Mode::Strict);
    ASSERT_TRUE(circle);
    EXPECT_TRUE(std::holds_alternative<Circle>(circle->value.geometry));
    EXPECT_EQ(to_json(rect->value), R"({"geometry":{"w":1.0,"h":2.0}})");
}

TEST(VariantMember, NoAlternativeFits) {
    struct Holder { std::variant<int, bool> v; };
    auto shaped = from_value<Holder>(js(R"({"v": {"a": 1}})"));
    ASSERT_FALSE(shaped);
    EXPECT_EQ(shaped.error().kind(), ErrorKind::TypeMismatch);
    EXPECT_EQ(shaped.error().path(), "v");
    EXPECT_NE(shaped.error().message().find("int32, bool"), std::string::npos);
}

enum class YesNo { yes, no };

TEST(VariantMember, WhenOnlyCoercionsFitOneKeepingTheTypeWins) {
    // "Yes" is YesNo::yes (a string matched ignoring case) rather than true (a string read as a
    // bool): the choice is a Warning, as another alternative gives another value.
    auto shaped = from_value<std::variant<bool, YesNo>>(Value("Yes"));
    ASSERT_TRUE(shaped) << shaped.error();
    EXPECT_EQ(std::get<YesNo>(shaped->value), YesNo::yes);
    EXPECT_EQ(max_risk(shaped->diagnostics), Risk::Warning);
    auto reversed = from_value<std::variant<YesNo, bool>>(Value("Yes"));
    ASSERT_TRUE(reversed) << reversed.error();
    EXPECT_EQ(std::get<YesNo>(reversed->value), YesNo::yes);
}

TEST(VariantMember, ATieBetweenCoercionsGivingDifferentValuesIsAWarning) {
    // "1" is true or 1: the order of the alternatives is no reason, so the choice is a Warning.
    auto b = from_value<std::variant<bool, int>>(Value("1"));
    ASSERT_TRUE(b) << b.error();
    EXPECT_EQ(max_risk(b->diagnostics), Risk::Warning);
    // "2.5" fits the double alone: no Warning.
    auto d = from_value<std::variant<int, double>>(Value("2.5"));
    ASSERT_TRUE(d) << d.error();
    EXPECT_EQ(std::get<double>(d->value), 2.5);
    EXPECT_EQ(max_risk(d->diagnostics), Risk::Info);
    // "7" fits int and double with the same value 7: no Warning either.
    auto same = from_value<std::variant<int, double>>(Value("7"));
    ASSERT_TRUE(same) << same.error();
    EXPECT_EQ(max_risk(same->diagnostics), Risk::Info);
}

TEST(VariantMember, MonostateTakesNull) {
    using Maybe = std::variant<std::monostate, int>;
    auto n = from_value<Maybe>(Value());
    ASSERT_TRUE(n);
    EXPECT_EQ(n->value.index(), 0u);
    auto i = from_value<Maybe>(Value(5));
    ASSERT_TRUE(i);
    EXPECT_EQ(std::get<int>(i->value), 5);
}

} // namespace
} // namespace laminate::test
