// The entry points of typed shaping: from_value, from_json, from_llm_response, the three modes.
#include "shape_test_types.hpp"

#include <gtest/gtest.h>

namespace laminate::test {
namespace {

TEST(EntryPoints, FromValueIsLenientByDefault) {
    auto shaped = from_value<Point>(js(R"({"x": "1", "y": 2.0})"));
    ASSERT_TRUE(shaped) << shaped.error();
    auto& [p, diagnostics] = *shaped;
    EXPECT_EQ(p.x, 1);
    EXPECT_EQ(p.y, 2);
    EXPECT_EQ(diagnostics.size(), 2u);
}

TEST(EntryPoints, ModeOverloadsAndDynamicMode) {
    Value v = js(R"({"x": "1", "y": 2})");
    EXPECT_FALSE(from_value<Point>(v, Mode::Strict));
    EXPECT_FALSE(from_value<Point>(v, Mode::Absorbing)); // a string needs StringCoercion
    EXPECT_TRUE(from_value<Point>(v, Mode::Lenient));
    auto dynamic = DynamicMode::parse("strict");
    ASSERT_TRUE(dynamic);
    EXPECT_FALSE(from_value<Point>(v, {.mode = *dynamic}));
    ModePolicy policy = policy_for(Mode::Strict);
    policy.coercion = CoercionLevel::StringCoercion;
    EXPECT_TRUE(from_value<Point>(v, {.mode = policy}));
}

TEST(EntryPoints, FromJsonRepairsSyntaxAndRecordsIt) {
    auto shaped = from_json<Point>("{x: 1, 'y': 2,}");
    ASSERT_TRUE(shaped) << shaped.error();
    EXPECT_EQ(shaped->value.x, 1);
    EXPECT_EQ(shaped->value.y, 2);
    EXPECT_GE(count_kind(shaped->diagnostics, DiagnosticKind::Repaired), 2u);
    for (const auto& d : shaped->diagnostics) EXPECT_NE(d.offset, Diagnostic::no_offset) << d;
}

TEST(EntryPoints, FromJsonStrictRefusesRepairs) {
    auto shaped = from_json<Point>("{\"x\": 1, \"y\": 2,}", Mode::Strict);
    ASSERT_FALSE(shaped);
    EXPECT_EQ(shaped.error().kind(), ErrorKind::RepairNotAllowed);
    EXPECT_TRUE(from_json<Point>("{\"x\": 1, \"y\": 2}", Mode::Strict));
}

TEST(EntryPoints, FromJsonReportsUnreadableText) {
    auto shaped = from_json<Point>("");
    ASSERT_FALSE(shaped);
    EXPECT_EQ(shaped.error().kind(), ErrorKind::EmptyInput);
}

TEST(EntryPoints, FromLlmResponsePicksTheCandidateThatShapes) {
    // The first fence parses but is not a Point; the second one is.
    std::string text = "First a config:\n```json\n{\"verbose\": true}\n```\nand the point:\n```json\n{\"x\": 3, \"y\": 4}\n```";
    auto shaped = from_llm_response<Point>(text);
    ASSERT_TRUE(shaped) << shaped.error();
    EXPECT_EQ(shaped->value.x, 3);
    EXPECT_EQ(shaped->value.y, 4);
    EXPECT_TRUE(shaped->diagnostics.empty());
}

TEST(EntryPoints, FromLlmResponseSkipsReasoningAndKeepsRepairs) {
    auto shaped = from_llm_response<Point>("<think>{\"x\": 9, \"y\": 9}</think>\nAnswer: {'x': 1, 'y': 2}");
    ASSERT_TRUE(shaped) << shaped.error();
    EXPECT_EQ(shaped->value.x, 1);
    EXPECT_GE(count_kind(shaped->diagnostics, DiagnosticKind::Repaired), 1u);
}

TEST(EntryPoints, FromLlmResponseExplainsWhyNothingShapes) {
    auto shaped = from_llm_response<Point>("Here: {\"x\": 1}");
    ASSERT_FALSE(shaped);
    EXPECT_EQ(shaped.error().kind(), ErrorKind::MissingField);
    EXPECT_EQ(shaped.error().path(), "y");
    auto none = from_llm_response<Point>("no JSON here at all");
    ASSERT_FALSE(none);
    EXPECT_EQ(none.error().kind(), ErrorKind::NoPayload);
}

TEST(EntryPoints, AbsorbingKeepsUnknownFieldsInTheResidual) {
    Value v = js(R"({"id": "A1", "items": [{"sku": "s", "quantity": 2, "color": "red"}], "_trace": 7})");
    auto shaped = shape_absorbing<Order>(v);
    ASSERT_TRUE(shaped) << shaped.error();
    EXPECT_EQ(shaped->residual.size(), 2u);
    EXPECT_EQ(shaped->residual["_trace"], Value(7));
    EXPECT_EQ(shaped->residual["items[0].color"], Value("red"));
    EXPECT_EQ(count_kind(shaped->diagnostics, DiagnosticKind::Preserved), 2u);
    // Absorbing coerces only safely: a string is not a number there.
    EXPECT_FALSE(shape_absorbing<Point>(js(R"({"x": "1", "y": 2})")));
    EXPECT_TRUE(shape_absorbing<Point>(js(R"({"x": 1.0, "y": 2})")));
}

TEST(EntryPoints, LenientDropsUnknownFieldsWithADiagnostic) {
    auto shaped = shape_lenient<Point>(js(R"({"x": 1, "y": 2, "z": 3})"));
    ASSERT_TRUE(shaped);
    EXPECT_TRUE(shaped->residual.empty());
    ASSERT_EQ(shaped->diagnostics.size(), 1u);
    EXPECT_EQ(shaped->diagnostics[0].to_string(), "[info] $.z: dropped unknown field 'z'");
    EXPECT_EQ(shaped->diagnostics[0].kind, DiagnosticKind::Dropped);
}

TEST(EntryPoints, StrictReturnsTheValueOrTheFirstError) {
    auto ok = shape_strict<Point>(js(R"({"x": 1, "y": 2})"));
    ASSERT_TRUE(ok);
    EXPECT_EQ(ok->y, 2);
    auto unknown = shape_strict<Point>(js(R"({"x": 1, "y": 2, "z": 3})"));
    ASSERT_FALSE(unknown);
    EXPECT_EQ(unknown.error().kind(), ErrorKind::UnknownField);
    EXPECT_EQ(unknown.error().path(), "z");
    auto two = shape_strict<Point>(js(R"({"x": "1", "y": "2"})"));
    ASSERT_FALSE(two);
    EXPECT_EQ(two.error().path(), "x"); // the first, not a summary
    EXPECT_EQ(two.error().kind(), ErrorKind::TypeMismatch);
}

TEST(EntryPoints, StrictStillFillsOptionalFieldsSilently) {
    auto ok = shape_strict<Order>(js(R"({"id": "A", "items": []})"));
    ASSERT_TRUE(ok) << ok.error();
    EXPECT_FALSE(ok->note);
}

TEST(EntryPoints, RootScalarsAndContainers) {
    auto n = from_value<std::uint16_t>(Value("65535"));
    ASSERT_TRUE(n);
    EXPECT_EQ(n->value, 65535);
    auto v = from_json<std::vector<int>>("[1, 2, 3]");
    ASSERT_TRUE(v);
    EXPECT_EQ(v->value, (std::vector<int>{1, 2, 3}));
}

} // namespace
} // namespace laminate::test
