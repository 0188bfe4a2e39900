// The program-level half of the TypedLM crate's HTTP scenarios (corpora/typedlm/http_scenarios.json):
// the replies, read by the OpenAI reader, come from a ScriptedProvider; what the crate checks in
// the request body is checked on the ChatRequest the program built. The transport scenarios (429
// and 5xx retries, client errors, headers) belong to the HTTP providers' tests. Deliberate
// differences: demonstrations keep declaration order (the crate sorts keys), and "required" of an
// OpenAI strict schema lists properties in declaration order (compared as a set here).
#include "lm/program/program_test_types.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>

using namespace laminate;
using namespace lmtest;

namespace {

class Scenarios : public ::testing::Test {
protected:
    void SetUp() override {
        LAMINATE_REQUIRE_CORPUS(typedlm_dir() / "http_scenarios.json");
        corpus = read_corpus("http_scenarios.json");
    }
    const Value& scenario(std::string_view name) {
        for (const Value& s : corpus["scenarios"].items())
            if (s["name"].as_string() == name) return s;
        ADD_FAILURE() << "no scenario " << name;
        return corpus;
    }
    std::shared_ptr<lm::ScriptedProvider> scripted(const Value& s, lm::Capabilities caps) {
        auto m = std::make_shared<lm::ScriptedProvider>(caps, "gpt-test", "openai");
        for (const Value& reply : s["replies"].items()) m->push(scenario_reply(reply));
        return m;
    }
    static std::set<std::string> strings(const Value& array) {
        std::set<std::string> out;
        for (const Value& v : array.items()) out.insert(std::string(v.as_string()));
        return out;
    }
    Value corpus;
};

const lm::Capabilities openai{.native_schema = true, .tool_calls = true, .json_mode = true,
                              .dialect = Dialect::OpenAiStrict, .strict_schema = true};

TEST_F(Scenarios, NativeSchemaRoundTrip) {
    const Value& s = scenario("native_schema_round_trip");
    auto m = scripted(s, openai);
    lm::Program<ExtractInvoice> p{m, {.temperature = 0.0}};
    auto exec = p.execute({.text = "Invoice R-17, total 119.00 EUR"});
    ASSERT_TRUE(exec.ok()) << *exec.error;
    const Value& expect = s["expect"];
    EXPECT_EQ(Value(exec.output->total_cents), expect["output.total_cents"]);
    EXPECT_EQ(exec.model, expect["model"].as_string());
    EXPECT_EQ(Value(*exec.usage.output_tokens), expect["usage.output_tokens"]);
    const auto sent = m->requests().at(0);
    EXPECT_EQ(sent.temperature, 0.0);
    EXPECT_EQ(lm::role_name(sent.messages[0].role), expect["body.messages[0].role"].as_string());
    EXPECT_EQ(sent.messages[1].content, expect["body.messages[1].content"].as_string());
    EXPECT_EQ(sent.strategy, lm::Strategy::NativeSchema);
    EXPECT_EQ(Value(sent.strict), expect["body.response_format.json_schema.strict"]);
    EXPECT_EQ(strings((*sent.output_schema)["required"]), strings(expect["body.response_format.json_schema.schema.required"]));
}

TEST_F(Scenarios, ToolCallStrategyReadsArguments) {
    const Value& s = scenario("tool_call_strategy_reads_arguments");
    auto m = scripted(s, openai);
    lm::Program<ExtractInvoice> p{m, {.strategy = lm::Strategy::ToolCall}};
    auto r = p.run({.text = "x"});
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(Value(*r->note), s["expect"]["output.note"]);
    const auto sent = m->requests().at(0);
    EXPECT_EQ(sent.tool_choice.name, s["expect"]["body.tool_choice.function.name"].as_string());
    EXPECT_FALSE(sent.output_schema); // body.response_format absent
}

TEST_F(Scenarios, ToolCallWrittenAsTextIsUnwrapped) {
    const Value& s = scenario("tool_call_written_as_text_is_unwrapped");
    auto m = scripted(s, openai);
    lm::Program<ExtractInvoice> p{m, {.strategy = lm::Strategy::ToolCall}};
    auto exec = p.execute({.text = "x"});
    ASSERT_TRUE(exec.ok()) << *exec.error;
    EXPECT_EQ(Value(exec.output->total_cents), s["expect"]["output.total_cents"]);
    EXPECT_EQ(Value(exec.attempts.size()), s["expect"]["attempts"]);
}

TEST_F(Scenarios, RepairTurnsBecomeMessages) {
    const Value& s = scenario("repair_turns_become_messages");
    auto m = scripted(s, {});
    lm::Program<ExtractInvoice> p{m};
    auto exec = p.execute({.text = "x"});
    ASSERT_TRUE(exec.ok()) << *exec.error;
    const Value& expect = s["expect"];
    EXPECT_EQ(Value(exec.attempts.size()), expect["attempts"]);
    const auto second = m->requests().at(1).messages;
    EXPECT_EQ(Value(second.size()), expect["second.messages.length"]);
    EXPECT_EQ(lm::role_name(second[2].role), expect["second.messages[2]"]["role"].as_string());
    EXPECT_EQ(second[2].content, expect["second.messages[2]"]["content"].as_string());
    EXPECT_NE(second[3].content.find(expect["second.messages[3].content contains"].as_string()), std::string::npos);
}

TEST_F(Scenarios, RefusalFieldAndLengthMapToFinishReasons) {
    const Value& s = scenario("refusal_field_and_length_map_to_finish_reasons");
    auto m = scripted(s, {});
    lm::Program<ExtractInvoice> p{m};
    auto refused = p.run({.text = "x"});
    ASSERT_FALSE(refused);
    EXPECT_EQ(refused.error().kind(), lm::ErrorKind::Refusal);
    EXPECT_EQ(refused.error().refusal_text(), "I can't do that.");
    auto cut = p.run({.text = "x"});
    ASSERT_FALSE(cut);
    EXPECT_EQ(cut.error().kind(), lm::ErrorKind::Truncated);
}

TEST_F(Scenarios, GenericDialectSendsNonStrictSchema) {
    const Value& s = scenario("generic_dialect_sends_non_strict_schema");
    auto m = scripted(s, {.native_schema = true});
    lm::Program<ExtractInvoice> p{m};
    auto r = p.run({.text = "x"});
    ASSERT_TRUE(r) << r.error();
    EXPECT_FALSE(r->note.has_value()); // output.note null
    const auto sent = m->requests().at(0);
    EXPECT_EQ(Value(sent.strict), s["expect"]["json_schema.strict"]);
    EXPECT_EQ(strings((*sent.output_schema)["required"]), strings(s["expect"]["json_schema.schema.required"]));
}

TEST_F(Scenarios, DemonstrationsPrecedeTheInput) {
    const Value& s = scenario("demonstrations_precede_the_input");
    auto m = scripted(s, {});
    lm::ProgramOptions o;
    o.demonstrations.push_back({Value::object({{"text", s["demonstration"]["input"]}}), s["demonstration"]["output"]});
    lm::Program<ExtractInvoice> p{m, o};
    ASSERT_TRUE(p.run({.text = std::string(s["input"].as_string())}));
    const auto msgs = m->requests().at(0).messages;
    const Value& roles = s["expect"]["roles"];
    ASSERT_EQ(msgs.size(), roles.size());
    for (std::size_t i = 0; i < msgs.size(); ++i) EXPECT_EQ(lm::role_name(msgs[i].role), roles[i].as_string());
    EXPECT_EQ(msgs[1].content, s["expect"]["messages[1].content"].as_string());
    EXPECT_EQ(msgs[3].content, s["expect"]["messages[3].content"].as_string());
    // The crate's sorted keys happen to be the corpus' own order here.
    EXPECT_EQ(*parse_json(msgs[2].content), *parse_json(s["expect"]["messages[2].content"].as_string()));
}

} // namespace
