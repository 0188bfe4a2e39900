// Lenient mode keeps the valid elements of a list with a bad one, dropping it with a Risky
// diagnostic at its path; the other modes, and a list with nothing valid, stay errors.
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
    EXPECT_FALSE(from_json<Order>(R"({"items":[{"name":"a","quantity":1},{"name":"b","quantity":"many"}]})",
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
