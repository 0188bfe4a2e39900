// Demonstrations (few-shot pairs) come between the system message and the input, as user and
// assistant turns of compact JSON.
#include "lm/program/program_test_types.hpp"

#include <gtest/gtest.h>

using namespace laminate;
using namespace lmtest;

namespace {

TEST(Demonstrations, PrecedeTheInput) {
    auto model = std::make_shared<lm::ScriptedProvider>();
    model->push_text(R"({"number": "B", "total_cents": 2, "note": null})");
    lm::ProgramOptions o;
    o.demonstrations.push_back(lm::demonstration(ExtractInvoice{.text = "Invoice A, 0.01 EUR"},
                                                 Invoice{.number = "A", .total_cents = 1, .note = std::nullopt}));
    lm::Program<ExtractInvoice> p{model, o};
    auto r = p.run({.text = "Invoice B, 0.02 EUR"});
    ASSERT_TRUE(r) << r.error();
    const auto m = model->requests().at(0).messages;
    ASSERT_EQ(m.size(), 4u);
    EXPECT_EQ(m[0].role, lm::Role::System);
    EXPECT_EQ(m[1].role, lm::Role::User);
    EXPECT_EQ(m[2].role, lm::Role::Assistant);
    EXPECT_EQ(m[3].role, lm::Role::User);
    EXPECT_EQ(m[1].content, R"({"text":"Invoice A, 0.01 EUR"})");
    // Keys in declaration order (the crate sorts them: serde_json's default map), and an empty
    // optional left out as laminate::to_value writes it (the crate writes null).
    EXPECT_EQ(m[2].content, R"({"number":"A","total_cents":1})");
    EXPECT_EQ(m[3].content, R"({"text":"Invoice B, 0.02 EUR"})");
}

TEST(Demonstrations, AreValuesSoAnyJsonCanBeShown) {
    auto model = std::make_shared<lm::ScriptedProvider>();
    model->push_text(R"({"number": "B", "total_cents": 2})");
    lm::ProgramOptions o;
    o.demonstrations = {{Value::object({{"text", "x"}}), Value::object({{"number", "X"}, {"total_cents", 9}})},
                        {Value::object({{"text", "y"}}), Value::object({{"number", "Y"}, {"total_cents", 8}})}};
    lm::Program<ExtractInvoice> p{model, o};
    ASSERT_TRUE(p.run({.text = "z"}));
    EXPECT_EQ(model->requests()[0].messages.size(), 6u);
}

} // namespace
