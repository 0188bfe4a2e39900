// ProgramOptions::tracer: one OpenTelemetry GenAI client span per run, tokens summed over every
// attempt (repairs included), laminate.attempts / laminate.outcome, error.type on failure, and
// message content only with record_content.
#include "lm/program/program_test_types.hpp"

#include <laminate/lm/tracing.hpp>

#include <gtest/gtest.h>

using namespace laminate;
using namespace lmtest;
using lm::ScriptedProvider;

namespace {

template <class T> T attribute(const lm::RecordingTracer::Span& span, std::string_view key) {
    const lm::Attribute* a = lm::find_attribute(span.attributes, key);
    EXPECT_NE(a, nullptr) << key;
    if (!a) return T{};
    const T* v = std::get_if<T>(&a->value);
    EXPECT_NE(v, nullptr) << key;
    return v ? *v : T{};
}

TEST(ProgramTracer, ARepairedRunIsOneSpanWithEveryAttemptsTokens) {
    auto model = std::make_shared<ScriptedProvider>();
    model->push_text(R"({"number": "SECRET-1"})", toolcall::FinishReason::Stop, ScriptedProvider::usage(100, 10))
        .push_text(R"({"number": "SECRET-1", "total_cents": 5})", toolcall::FinishReason::Stop,
                   ScriptedProvider::usage(120, 12));
    auto tracer = std::make_shared<lm::RecordingTracer>();
    lm::Program<ExtractInvoice> p{model, {.tracer = tracer}};
    ASSERT_TRUE(p.run({.text = "x"}));

    const auto spans = tracer->spans();
    ASSERT_EQ(spans.size(), 1u);
    const auto& span = spans[0];
    EXPECT_TRUE(span.ended);
    EXPECT_EQ(span.name, "chat scripted-model");
    EXPECT_EQ(attribute<std::string>(span, "gen_ai.operation.name"), "chat");
    EXPECT_EQ(attribute<std::string>(span, "gen_ai.provider.name"), "scripted");
    EXPECT_EQ(attribute<std::int64_t>(span, "gen_ai.usage.input_tokens"), 220);
    EXPECT_EQ(attribute<std::int64_t>(span, "gen_ai.usage.output_tokens"), 22);
    EXPECT_EQ(attribute<std::int64_t>(span, "laminate.attempts"), 2);
    EXPECT_EQ(attribute<std::string>(span, "laminate.outcome"), "repaired");
    EXPECT_EQ(lm::find_attribute(span.attributes, "error.type"), nullptr);
    EXPECT_EQ(lm::find_attribute(span.attributes, "gen_ai.output.messages"), nullptr); // no record_content
    EXPECT_FALSE(tracer->metrics().empty());
}

TEST(ProgramTracer, AFailedRunCarriesTheErrorKindAndContentOnlyWhenAskedFor) {
    auto model = std::make_shared<ScriptedProvider>();
    model->push_text("SECRET-2").push_text("SECRET-2");
    auto tracer = std::make_shared<lm::RecordingTracer>();
    lm::Program<ExtractInvoice> p{model, {.max_repairs = 1, .record_content = true, .tracer = tracer}};
    auto r = p.run({.text = "x"});
    ASSERT_FALSE(r);
    const auto spans = tracer->spans();
    ASSERT_EQ(spans.size(), 1u);
    EXPECT_EQ(spans[0].error_type, "retry_limit_exceeded");
    EXPECT_EQ(attribute<std::string>(spans[0], "laminate.outcome"), "error");
    const lm::Attribute* out = lm::find_attribute(spans[0].attributes, "gen_ai.output.messages");
    ASSERT_NE(out, nullptr);
    EXPECT_NE(std::get<std::string>(out->value).find("SECRET-2"), std::string::npos);
}

} // namespace
