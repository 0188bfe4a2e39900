// Strategies: Auto picks NativeSchema > ToolCall > JsonMode > PromptOnly from the provider's
// capabilities; each puts the contract where it belongs (response schema in the provider's dialect,
// a forced "respond" tool, the schema in the system message).
#include "lm/program/program_test_types.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <stop_token>
#include <thread>

using namespace laminate;
using namespace lmtest;
using lm::Capabilities;
using lm::ScriptedProvider;
using lm::Strategy;

namespace {

const char* kValid = R"({"number": "A", "total_cents": 5, "note": null})";

struct PickUrgency {
    static constexpr std::string_view instructions = "How urgent is it?";
    using output = Urgency;
    std::string text;
};

enum class Cabin { Economy, Business };
struct PickCabin {
    static constexpr std::string_view instructions = "Which cabin?";
    using output = Open<Cabin>;
    std::string text;
};

struct ListItems {
    static constexpr std::string_view instructions = "List the items.";
    using output = std::vector<LineItem>;
    std::string text;
};

Strategy chosen(Capabilities caps) {
    auto model = std::make_shared<ScriptedProvider>(caps);
    model->push_text(kValid).push_tool_call("respond", kValid);
    lm::Program<ExtractInvoice> p{model};
    return p.strategy();
}

TEST(Strategy, AutoFollowsTheCapabilities) {
    EXPECT_EQ(chosen({}), Strategy::PromptOnly);
    EXPECT_EQ(chosen({.json_mode = true}), Strategy::JsonMode);
    EXPECT_EQ(chosen({.tool_calls = true, .json_mode = true}), Strategy::ToolCall);
    EXPECT_EQ(chosen({.native_schema = true, .tool_calls = true, .json_mode = true}), Strategy::NativeSchema);
    EXPECT_EQ(lm::resolve_strategy(Strategy::JsonMode, {.native_schema = true}), Strategy::JsonMode);
}

TEST(Strategy, NativeSchemaSendsTheDialectSchemaNamedOutput) {
    auto model = std::make_shared<ScriptedProvider>(
        Capabilities{.native_schema = true, .dialect = Dialect::OpenAiStrict, .strict_schema = true});
    model->push_text(kValid);
    lm::Program<ExtractInvoice> p{model};
    auto r = p.run({.text = "x"});
    ASSERT_TRUE(r) << r.error();
    const auto sent = model->requests().at(0);
    EXPECT_EQ(sent.strategy, Strategy::NativeSchema);
    ASSERT_TRUE(sent.output_schema);
    EXPECT_EQ(*sent.output_schema, *to_dialect(output_schema<Invoice>(), Dialect::OpenAiStrict));
    EXPECT_EQ((*sent.output_schema)["required"].size(), 3u); // strict: every property required
    EXPECT_EQ(sent.schema_name, "output");
    EXPECT_TRUE(sent.strict);
    EXPECT_TRUE(sent.tools.empty());
    // The schema is not repeated in the instructions.
    EXPECT_EQ(sent.messages[0].content.find("Output JSON Schema"), std::string::npos);
}

TEST(Strategy, JsonModeShowsTheSchemaInTheSystemMessage) {
    auto model = std::make_shared<ScriptedProvider>(Capabilities{.json_mode = true});
    model->push_text(kValid);
    lm::Program<ExtractInvoice> p{model};
    ASSERT_TRUE(p.run({.text = "x"}));
    const auto sent = model->requests().at(0);
    EXPECT_EQ(sent.strategy, Strategy::JsonMode);
    EXPECT_FALSE(sent.output_schema);
    EXPECT_NE(sent.messages[0].content.find("\n\nOutput JSON Schema:\n{"), std::string::npos);
}

TEST(Strategy, ToolCallReadsTheArguments) {
    auto model = std::make_shared<ScriptedProvider>(Capabilities{.tool_calls = true});
    model->push_tool_call("respond", R"({"number": "A", "total_cents": 1, "note": "x"})");
    lm::Program<ExtractInvoice> p{model};
    auto r = p.run({.text = "x"});
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(r->note, "x");
    const auto sent = model->requests().at(0);
    EXPECT_EQ(sent.strategy, Strategy::ToolCall);
    EXPECT_FALSE(sent.output_schema);
    EXPECT_EQ(sent.tools.at(0).parameters, *to_dialect(output_schema<Invoice>(), Dialect::Generic));
}

TEST(Strategy, AToolCallWrittenAsTextIsUnwrapped) {
    auto model = std::make_shared<ScriptedProvider>(Capabilities{.tool_calls = true});
    model->push_text(R"({"name": "respond", "arguments": {"number": "A", "total_cents": 2, "note": null}})");
    lm::Program<ExtractInvoice> p{model};
    auto exec = p.execute({.text = "x"});
    ASSERT_TRUE(exec.ok()) << *exec.error;
    EXPECT_EQ(exec.output->total_cents, 2u);
    EXPECT_EQ(exec.attempts.size(), 1u);
}

TEST(Strategy, AnOutputThatIsNoObjectIsWrappedForTheTool) {
    auto model = std::make_shared<ScriptedProvider>(Capabilities{.tool_calls = true});
    model->push_tool_call("respond", R"({"value": "High"})");
    lm::Program<PickUrgency> p{model};
    auto r = p.run({.text = "db down"});
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(*r, Urgency::High);
    const auto sent = model->requests();
    const Value& params = sent.at(0).tools.at(0).parameters;
    EXPECT_EQ(params["type"], Value("object"));
    EXPECT_EQ(params["required"], Value::array({Value("value")}));
    EXPECT_EQ(params["properties"]["value"]["enum"], Value::array({Value("Low"), Value("Medium"), Value("High")}));
}

TEST(OutputTypes, EnumsOpenEnumsAndVectors) {
    auto model = std::make_shared<ScriptedProvider>();
    model->push_text("\"Medium\"").push_text("\"coach\"").push_text(R"([{"name": "db", "quantity": "2"}])");
    EXPECT_EQ(*lm::Program<PickUrgency>(model).run({.text = "t"}), Urgency::Medium);
    auto cabin = lm::Program<PickCabin>(model).run({.text = "t"});
    ASSERT_TRUE(cabin) << cabin.error();
    EXPECT_EQ(cabin->unknown(), "coach");
    auto items = lm::Program<ListItems>(model).execute({.text = "t"});
    ASSERT_TRUE(items.ok()) << *items.error;
    ASSERT_EQ(items.output->size(), 1u);
    EXPECT_EQ((*items.output)[0].quantity, 2);
    EXPECT_FALSE(items.diagnostics.empty()); // "2" -> 2 was recorded
}

TEST(OutputTypes, StrictModeAsksForARepairWhereLenientCoerces) {
    auto model = std::make_shared<ScriptedProvider>();
    model->push_text(R"({"number": "A", "total_cents": "5"})").push_text(R"({"number": "A", "total_cents": "5"})");
    auto lenient = lm::Program<ExtractInvoice>(model).run({.text = "t"});
    ASSERT_TRUE(lenient) << lenient.error();
    EXPECT_EQ(lenient->total_cents, 5u);
    auto strict = lm::Program<ExtractInvoice>(model, {.max_repairs = 0, .mode = Mode::Strict}).run({.text = "t"});
    ASSERT_FALSE(strict);
    EXPECT_EQ(strict.error().kind(), lm::ErrorKind::SchemaViolation);
}

TEST(Program, TakesAProviderByValueOrByReference) {
    ScriptedProvider local;
    local.push_text(kValid);
    lm::Program<ExtractInvoice> borrowed{local}; // borrowed: `local` outlives it
    ASSERT_TRUE(borrowed.run({.text = "x"}));
    EXPECT_EQ(local.calls(), 1u);

    ScriptedProvider moved;
    moved.push_text(kValid);
    lm::Program<ExtractInvoice> owning{std::move(moved)};
    ASSERT_TRUE(owning.run({.text = "x"}));
}

TEST(Program, InstructionsCanBeReplacedAndInputFieldsDescribed) {
    auto model = std::make_shared<ScriptedProvider>();
    model->push_text(kValid);
    lm::Program<ExtractInvoice> p{model, {.instructions = "Read the invoice."}};
    ASSERT_TRUE(p.run({.text = "x"}));
    EXPECT_EQ(model->requests()[0].messages[0].content.rfind("Read the invoice.\n\nThe input is given as JSON.", 0), 0u);
}

} // namespace

namespace {

TEST(Strategy, OpenAiStrictWrapsAnOutputThatIsNoObject) {
    auto model = std::make_shared<ScriptedProvider>(
        Capabilities{.native_schema = true, .dialect = Dialect::OpenAiStrict, .strict_schema = true});
    model->push_text(R"({"value": "Low"})");
    lm::Program<PickUrgency> p{model};
    auto r = p.run({.text = "t"});
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(*r, Urgency::Low);
    const auto sent = model->requests();
    EXPECT_EQ((*sent.at(0).output_schema)["type"], Value("object"));
    EXPECT_EQ((*sent.at(0).output_schema)["required"], Value::array({Value("value")}));
}

TEST(Program, RunsFromSeveralThreadsAtOnce) {
    auto model = std::make_shared<lm::FunctionProvider>([](const lm::ChatRequest& request)
                                                           -> Result<toolcall::Response, lm::ProviderError> {
        // Echo the input's text as the invoice number.
        auto input = parse_json(request.messages.back().content);
        return ScriptedProvider::text_response(R"({"number": )" + (*input)["text"].dump() + R"(, "total_cents": 1})");
    });
    const lm::Program<ExtractInvoice> p{model};
    std::vector<std::thread> threads;
    std::atomic<int> ok{0};
    for (int t = 0; t < 4; ++t)
        threads.emplace_back([&, t] {
            for (int i = 0; i < 25; ++i) {
                const std::string text = std::to_string(t) + "-" + std::to_string(i);
                auto r = p.run({.text = text});
                if (r && r->number == text) ++ok;
            }
        });
    for (auto& th : threads) th.join();
    EXPECT_EQ(ok.load(), 100);
    EXPECT_EQ(model->requests().size(), 100u);
}

TEST(Program, ACancelledCallIsAProviderError) {
    auto model = std::make_shared<ScriptedProvider>();
    model->push_text(kValid);
    lm::Program<ExtractInvoice> p{model};
    std::stop_source stop;
    stop.request_stop();
    lm::CallOptions call;
    call.stop = stop.get_token();
    auto r = p.run({.text = "x"}, call);
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().kind(), lm::ErrorKind::Provider);
    EXPECT_EQ(r.error().provider_error()->reason, lm::ProviderError::Reason::Cancelled);
}

} // namespace

namespace {

// A provider whose capabilities can change after a program was made with it (a provider that
// learns them from its server, say): the program prepares its requests for the capabilities it
// saw first, and must not send those when they no longer hold.
class ChangingProvider : public lm::Provider {
public:
    explicit ChangingProvider(Capabilities caps) : caps_(caps) {}
    void set_capabilities(Capabilities caps) { caps_ = caps; }
    std::string_view name() const noexcept override { return inner_.name(); }
    const std::string& model() const noexcept override { return inner_.model(); }
    Capabilities capabilities() const noexcept override { return caps_; }
    Result<lm::Completion, lm::ProviderError> complete(const lm::ChatRequest& request,
                                                       const lm::CallOptions& options) override {
        return inner_.complete(request, options);
    }
    ScriptedProvider inner_;

private:
    Capabilities caps_;
};

} // namespace

TEST(Strategy, RequestsFollowCapabilitiesThatChangeAfterTheProgramIsMade) {
    auto model = std::make_shared<ChangingProvider>(Capabilities{.json_mode = true});
    model->inner_.push_text(kValid).push_text(kValid);
    lm::Program<ExtractInvoice> p{model};
    ASSERT_TRUE(p.run({.text = "x"}));
    model->set_capabilities(Capabilities{.native_schema = true, .dialect = Dialect::OpenAiStrict, .strict_schema = true});
    ASSERT_TRUE(p.run({.text = "y"}));

    const auto sent = model->inner_.requests();
    ASSERT_EQ(sent.size(), 2u);
    EXPECT_EQ(sent[0].strategy, Strategy::JsonMode);
    EXPECT_NE(sent[0].messages[0].content.find("Output JSON Schema"), std::string::npos);
    EXPECT_FALSE(sent[0].output_schema);
    EXPECT_EQ(sent[1].strategy, Strategy::NativeSchema);
    EXPECT_EQ(sent[1].messages[0].content.find("Output JSON Schema"), std::string::npos);
    ASSERT_TRUE(sent[1].output_schema);
    EXPECT_EQ(*sent[1].output_schema, *to_dialect(output_schema<Invoice>(), Dialect::OpenAiStrict));
    EXPECT_TRUE(sent[1].strict);
    // The input still follows the system message.
    EXPECT_EQ(sent[1].messages[1].content, R"({"text":"y"})");
}
