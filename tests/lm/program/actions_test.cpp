// An output that is a std::variant of structs is a choice of actions: one tool each under the
// tool-call strategy (the struct's name, its Fields<A> description), or a {"name", "arguments"}
// call written as text.
#include "lm/program/program_test_types.hpp"

#include <gtest/gtest.h>

namespace lmtest {
struct Pay {
    std::string number;
};
struct Review {};
using InvoiceAction = std::variant<Pay, Review>;
struct DecideInvoice {
    static constexpr std::string_view instructions = "Decide what to do with the invoice.";
    using output = InvoiceAction;
    std::string text;
};
} // namespace lmtest

template <> struct laminate::Fields<lmtest::Pay> {
    static constexpr std::string_view description = "Pay the invoice now.";
    static FieldList options() { return {}; }
};
template <> struct laminate::Fields<lmtest::Review> {
    static constexpr std::string_view description = "Ask a human to review it.";
    static FieldList options() { return {}; }
};

using namespace laminate;
using namespace lmtest;

namespace {

TEST(Actions, EachActionIsAToolAndTheCallPicksIt) {
    auto model = std::make_shared<lm::ScriptedProvider>(
        lm::Capabilities{.tool_calls = true, .dialect = Dialect::OpenAiStrict, .strict_schema = true});
    model->push_tool_call("Pay", R"({"number": "R-1"})")
        .push_tool_call("Review", "{}")
        .push_text(R"({"name": "Pay", "arguments": {"number": "R-2"}})");
    lm::Program<DecideInvoice> p{model};
    auto first = p.run({.text = "a"});
    ASSERT_TRUE(first) << first.error();
    ASSERT_TRUE(std::holds_alternative<Pay>(*first));
    EXPECT_EQ(std::get<Pay>(*first).number, "R-1");
    auto second = p.run({.text = "b"});
    ASSERT_TRUE(second) << second.error();
    EXPECT_TRUE(std::holds_alternative<Review>(*second));
    auto third = p.run({.text = "c"});
    ASSERT_TRUE(third) << third.error();
    EXPECT_EQ(std::get<Pay>(*third).number, "R-2");

    const auto sent = model->requests().at(0);
    EXPECT_EQ(sent.tool_choice.mode, lm::ToolChoice::Mode::Required);
    ASSERT_EQ(sent.tools.size(), 2u);
    EXPECT_EQ(sent.tools[0].name, "Pay");
    EXPECT_EQ(sent.tools[1].name, "Review");
    EXPECT_EQ(sent.tools[0].description, "Pay the invoice now.");
    EXPECT_EQ(sent.tools[0].parameters["additionalProperties"], Value(false));
    EXPECT_TRUE(sent.tools[0].strict);
}

TEST(Actions, ACallOfNoActionIsAViolationNamingTheActions) {
    auto model = std::make_shared<lm::ScriptedProvider>(lm::Capabilities{.tool_calls = true});
    model->push_tool_call("Refund", R"({"number": "R-1"})");
    lm::Program<DecideInvoice> p{model, {.max_repairs = 0}};
    auto r = p.run({.text = "a"});
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().kind(), lm::ErrorKind::SchemaViolation);
    EXPECT_NE(r.error().repair_feedback().find("expected a call of one of the tools Pay, Review"), std::string::npos);
    EXPECT_EQ(r.error().to_string().find("Refund"), std::string::npos);
}

TEST(Actions, ArgumentsAreCheckedAgainstTheActionsSchema) {
    auto model = std::make_shared<lm::ScriptedProvider>(lm::Capabilities{.tool_calls = true});
    model->push_tool_call("Pay", "{}").push_tool_call("Pay", R"({"number": "R-9"})");
    lm::Program<DecideInvoice> p{model};
    auto exec = p.execute({.text = "a"});
    ASSERT_TRUE(exec.ok()) << *exec.error;
    EXPECT_EQ(exec.attempts[0].error_kind(), "schema_violation");
    EXPECT_EQ(std::get<Pay>(*exec.output).number, "R-9");
}

TEST(Actions, WithoutToolsTheEnvelopeSchemaIsShown) {
    auto model = std::make_shared<lm::ScriptedProvider>();
    model->push_text(R"(```json
{"name": "Review", "arguments": {}}
```)");
    lm::Program<DecideInvoice> p{model};
    auto r = p.run({.text = "a"});
    ASSERT_TRUE(r) << r.error();
    EXPECT_TRUE(std::holds_alternative<Review>(*r));
    const std::string system = model->requests()[0].messages[0].content;
    EXPECT_NE(system.find(R"("const":"Pay")"), std::string::npos) << system;
}

} // namespace
