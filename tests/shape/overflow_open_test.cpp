// laminate::Overflow (unknown members kept and re-inserted) and laminate::Open<E> (open enums).
#include "shape_test_types.hpp"

#include <gtest/gtest.h>

namespace laminate::test {
namespace {

struct Tool {
    std::string name;
    Overflow extra;
    int version = 1;
};

TEST(Overflow, CapturesUnknownMembersInEveryNonStrictMode) {
    Value v = js(R"({"name": "t", "version": 2, "a": 1, "b": [true]})");
    for (Mode mode : {Mode::Lenient, Mode::Absorbing}) {
        auto shaped = from_value<Tool>(v, mode);
        ASSERT_TRUE(shaped) << shaped.error();
        EXPECT_EQ(shaped->value.extra.size(), 2u);
        EXPECT_EQ(*shaped->value.extra.find("b"), js("[true]"));
        EXPECT_TRUE(shaped->residual.empty()); // the overflow took them
        EXPECT_EQ(count_kind(shaped->diagnostics, DiagnosticKind::Preserved), 2u);
    }
    auto strict = from_value<Tool>(v, Mode::Strict);
    ASSERT_FALSE(strict);
    EXPECT_EQ(strict.error().kind(), ErrorKind::UnknownField);
}

TEST(Overflow, RoundTripKeepsTheMembersAfterTheFields) {
    auto shaped = from_json<Tool>(R"({"z": 0, "name": "t", "version": 3})");
    ASSERT_TRUE(shaped);
    EXPECT_EQ(to_json(shaped->value), R"({"name":"t","version":3,"z":0})");
    // A declared field wins over an overflow member of the same key.
    Tool t{"n", {}, 4};
    t.extra.add("version", Value(9));
    EXPECT_EQ(to_value(t)["version"], Value(4));
}

TEST(Overflow, UnprintableKeysAreNotQuoted) {
    auto shaped = from_value<Tool>(js(R"({"name": "t", "version": 1, "it's": 1})"));
    ASSERT_TRUE(shaped);
    ASSERT_EQ(shaped->diagnostics.size(), 1u);
    EXPECT_EQ(shaped->diagnostics[0].message, "preserved unknown field in overflow");
}

TEST(OpenEnum, DeclaredNamesFollowTheLevel) {
    struct Paint { Open<Color> color; };
    auto exact = from_value<Paint>(js(R"({"color": "Red"})"));
    ASSERT_TRUE(exact);
    EXPECT_EQ(exact->value.color, Color::Red);
    auto loose = from_value<Paint>(js(R"({"color": "RED"})"));
    ASSERT_TRUE(loose);
    EXPECT_EQ(loose->value.color, Color::Red);
    EXPECT_EQ(loose->diagnostics.at(0).kind, DiagnosticKind::Coerced);
    // Strict: "RED" is a near miss of a declared name, not an undeclared value: an error.
    auto strict = from_value<Paint>(js(R"({"color": "RED"})"), Mode::Strict);
    ASSERT_FALSE(strict);
    EXPECT_EQ(strict.error().kind(), ErrorKind::TypeMismatch);
}

TEST(OpenEnum, UnknownNameKeptWithAWarning) {
    struct Paint { Open<Color> color; };
    auto shaped = from_value<Paint>(js(R"({"color": "mauve"})"));
    ASSERT_TRUE(shaped);
    EXPECT_FALSE(shaped->value.color.is_known());
    EXPECT_EQ(shaped->value.color.unknown(), "mauve");
    EXPECT_EQ(shaped->value.color.value_or(Color::Blue), Color::Blue);
    ASSERT_EQ(shaped->diagnostics.size(), 1u);
    EXPECT_EQ(shaped->diagnostics[0].to_string(), "[warning] $.color: unrecognized variant kept");
    EXPECT_EQ(to_json(shaped->value), R"({"color":"mauve"})");
    EXPECT_FALSE(from_value<Paint>(js(R"({"color": [1, 2]})"))); // not a name at all
}

} // namespace
} // namespace laminate::test
