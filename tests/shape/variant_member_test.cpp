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
