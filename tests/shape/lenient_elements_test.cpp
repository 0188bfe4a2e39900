// Lenient mode keeps the valid elements of a list with a bad one, dropping it with a Risky
// diagnostic at its path, when the invalid elements are fewer than half: the valid majority says
// what the list is. A list mostly invalid, and the other modes, report every element's error.
#include <laminate/laminate.hpp>

#include <gtest/gtest.h>

#include <vector>

namespace {

using namespace laminate;

struct Item {
    std::string name;
    int quantity;
};
struct Order {
    std::vector<Item> items;
};

TEST(LenientElements, TypedBadElementDroppedOthersKept) {
    auto r = from_json<Order>(R"({"items":[{"name":"a","quantity":1},{"name":"b","quantity":"many"},{"name":"c","quantity":3}]})");
    ASSERT_TRUE(r) << r.error();
    ASSERT_EQ(r->value.items.size(), 2u);
    EXPECT_EQ(r->value.items[0].name, "a");
    EXPECT_EQ(r->value.items[1].name, "c");
    bool found = false;
    for (const Diagnostic& d : r->diagnostics)
        if (d.kind == DiagnosticKind::Dropped && d.risk == Risk::Risky && d.path == "items[1]") found = true;
    EXPECT_TRUE(found);
    EXPECT_EQ(max_risk(r->diagnostics), Risk::Risky);
    // A caller that refuses invented or dropped data says so.
    EXPECT_FALSE(from_json<Order>(
        R"({"items":[{"name":"a","quantity":1},{"name":"b","quantity":"many"},{"name":"c","quantity":3}]})",
        ShapeOptions{.fail_at = Risk::Risky}));
}

TEST(LenientElements, OtherModesAndAllBadStayErrors) {
    const char* text = R"({"items":[{"name":"a","quantity":1},{"name":"b","quantity":"many"}]})";
    EXPECT_FALSE(from_json<Order>(text, Mode::Absorbing));
    EXPECT_FALSE(from_json<Order>(text, Mode::Strict));
    auto all_bad = from_json<std::vector<int>>(R"(["x", "y"])");
    ASSERT_FALSE(all_bad);
    auto single = from_json<std::vector<int>>(R"(["x"])");
    ASSERT_FALSE(single);
    // Half invalid is no minority: both errors are reported, at their elements.
    std::vector<Error> errors;
    auto half = from_json<std::vector<int>>(R"([1, "x", 2, "y"])", ShapeOptions{.field_errors = &errors});
    ASSERT_FALSE(half);
    ASSERT_EQ(errors.size(), 2u);
    EXPECT_EQ(errors[0].path(), "[1]");
    EXPECT_EQ(errors[1].path(), "[3]");
    // Two dropped out of five, each with its own diagnostic and the others' coercions kept.
    auto two = from_json<std::vector<int>>(R"(["1", "x", 2, "y", 3])");
    ASSERT_TRUE(two) << two.error();
    EXPECT_EQ(two->value, (std::vector<int>{1, 2, 3}));
    std::size_t dropped = 0;
    for (const Diagnostic& d : two->diagnostics) dropped += d.kind == DiagnosticKind::Dropped ? 1 : 0;
    EXPECT_EQ(dropped, 2u);
    EXPECT_EQ(two->diagnostics.front().path, "[0]"); // the coercion of "1"
}

TEST(LenientElements, SchemaArraysToo) {
    auto s = Schema::compile_json(R"({"type":"array","items":{"type":"integer"},"minItems":2})");
    ASSERT_TRUE(s) << s.error();
    auto r = s->from_json(R"([1, "two", 3])");
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(r->value.dump(), "[1,3]");
    EXPECT_EQ(max_risk(r->diagnostics), Risk::Risky);
    EXPECT_FALSE(s->from_json(R"([1, "two"])")); // what is left breaks minItems
    EXPECT_FALSE(s->from_json(R"([1, "two", 3])", ShapeOptions{.mode = Mode::Absorbing}));
}

} // namespace
