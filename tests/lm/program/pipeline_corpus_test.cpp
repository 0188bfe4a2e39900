// parse_output on the TypedLM crate's output cases (corpora/typedlm/parse_output_cases.json), one
// test per case. Deliberate differences, each checked below:
// * display_does_not_leak_model_output: the crate prints "answer violates the output schema at
//   $.urgency"; laminate prints each path with its message, the instance part cut off
//   ("...at $.urgency: expected one of \"Low\", \"Medium\", \"High\"") — still no model output.
// * custom_validation_runs_after_schema: the error prints the number of rule messages, not the
//   messages (a rule may quote the answer); the messages are in validation_errors().
// * In Lenient mode a number where a string belongs (note: 5) is coerced, not a violation; the case
//   that lists it fails on other fields too, so its violations (the raw answer's) include $.note.
#include "lm/program/program_test_types.hpp"

#include <gtest/gtest.h>

#include <algorithm>

using namespace laminate;
using namespace lmtest;

namespace {

class PipelineCorpus : public ::testing::Test {
protected:
    void SetUp() override {
        LAMINATE_REQUIRE_CORPUS(typedlm_dir() / "parse_output_cases.json");
        corpus = read_corpus("parse_output_cases.json");
        valid = std::string(corpus["valid_answer"].as_string());
    }
    const Value& find_case(std::string_view name) {
        for (const Value& c : corpus["cases"].items())
            if (c["name"].as_string() == name) return c;
        ADD_FAILURE() << "no case " << name;
        return corpus;
    }
    Result<Shaped<Analysis>, lm::Error> run(const std::string& answer,
                                              toolcall::FinishReason finish = toolcall::FinishReason::Stop,
                                              const Value& schema = output_schema<Analysis>()) {
        return lm::parse_output<Analysis>(text_response(answer, finish), schema, {}, lm::Rules<Analysis>(at_least_one_item));
    }
    static std::vector<std::string> paths(const lm::Error& e) {
        std::vector<std::string> out;
        for (const auto& v : e.violations()) out.push_back(display_path(v.path));
        return out;
    }
    Value corpus;
    std::string valid;
};

TEST_F(PipelineCorpus, ValidOutputParses) {
    (void)find_case("valid_output_parses");
    auto out = run(valid);
    ASSERT_TRUE(out) << out.error();
    EXPECT_EQ(out->value.urgency, Urgency::High);
    ASSERT_TRUE(std::holds_alternative<ShapeCircle>(out->value.shape));
    EXPECT_DOUBLE_EQ(std::get<ShapeCircle>(out->value.shape).Circle.radius, 2.0);
    EXPECT_FALSE(out->value.note.has_value());
    ASSERT_TRUE(out->value.main_item);
    EXPECT_EQ(out->value.main_item->quantity, 1);
}

TEST_F(PipelineCorpus, FencedOutputWithTrailingCommaParses) {
    (void)find_case("fenced_output_with_trailing_comma_parses");
    std::string answer = "Sure!\n```json\n" + replace_all(valid, "1}]", "1},]") + "\n```";
    ASSERT_NE(answer.find("1},]"), std::string::npos);
    auto out = run(answer);
    ASSERT_TRUE(out) << out.error();
    EXPECT_EQ(out->value.items.size(), 1u);
    // The repair is a diagnostic.
    EXPECT_TRUE(std::any_of(out->diagnostics.begin(), out->diagnostics.end(),
                            [](const Diagnostic& d) { return d.repair == RepairKind::TrailingComma; }));
}

TEST_F(PipelineCorpus, AllViolationsAreCollectedWithPaths) {
    const Value& c = find_case("all_violations_are_collected_with_paths");
    auto out = run(std::string(c["answer"].as_string()));
    ASSERT_FALSE(out);
    EXPECT_EQ(out.error().kind(), lm::ErrorKind::SchemaViolation);
    auto got = paths(out.error());
    for (const char* p : {"$.urgency", "$.note", "$.main_item.quantity", "$.items[0].quantity", "$.shape"})
        EXPECT_NE(std::find(got.begin(), got.end(), p), got.end()) << p << " missing";
    // The exact message, as the model reads it in the repair feedback.
    for (const auto& m : c["exact_message"].members())
        EXPECT_NE(out.error().repair_feedback().find(std::string(m.key()) + ": " + std::string(m.value.as_string())),
                  std::string::npos)
            << out.error().repair_feedback();
}

TEST_F(PipelineCorpus, MissingRequiredFieldIsReported) {
    const Value& c = find_case("missing_required_field_is_reported");
    auto out = run(std::string(c["answer"].as_string()));
    ASSERT_FALSE(out);
    ASSERT_EQ(out.error().kind(), lm::ErrorKind::SchemaViolation);
    bool found = false;
    for (const auto& v : out.error().violations())
        if (display_path(v.path) == "$.shape") {
            found = true;
            EXPECT_EQ(v.message, "required field is missing");
        }
    EXPECT_TRUE(found);
}

TEST_F(PipelineCorpus, CustomValidationRunsAfterSchema) {
    (void)find_case("custom_validation_runs_after_schema");
    std::string answer = replace_all(valid, R"("items": [{"name": "db", "quantity": 1}])", R"("items": [])");
    ASSERT_NE(answer, valid);
    auto out = run(answer);
    ASSERT_FALSE(out);
    ASSERT_EQ(out.error().kind(), lm::ErrorKind::Validation);
    ASSERT_FALSE(out.error().validation_errors().empty());
    EXPECT_NE(out.error().validation_errors()[0].find("at least one item"), std::string::npos);
    EXPECT_NE(out.error().repair_feedback().find("- list at least one item"), std::string::npos);
    // Deliberate: the printed form counts the messages instead of quoting them.
    EXPECT_EQ(out.error().to_string(), "answer failed validation: 1 rule message");
}

TEST_F(PipelineCorpus, RepairFeedbackListsViolations) {
    (void)find_case("repair_feedback_lists_violations");
    auto out = run(replace_all(valid, "\"High\"", "\"VERY_HIGH\""));
    ASSERT_FALSE(out);
    EXPECT_TRUE(out.error().repairable());
    EXPECT_NE(out.error().repair_feedback().find("- $.urgency: expected one of \"Low\", \"Medium\", \"High\""),
              std::string::npos)
        << out.error().repair_feedback();
}

TEST_F(PipelineCorpus, RefusalNotRepairable) {
    const Value& c = find_case("refusal_not_repairable");
    auto out = run(std::string(c["answer"].as_string()), toolcall::FinishReason::Refusal);
    ASSERT_FALSE(out);
    EXPECT_EQ(out.error().kind(), lm::ErrorKind::Refusal);
    EXPECT_FALSE(out.error().repairable());
    EXPECT_EQ(out.error().repair_feedback(), "");
}

TEST_F(PipelineCorpus, TruncationIsTruncated) {
    const Value& c = find_case("truncation");
    auto out = run(std::string(c["answer"].as_string()), toolcall::FinishReason::Length);
    ASSERT_FALSE(out);
    EXPECT_EQ(out.error().kind(), lm::ErrorKind::Truncated);
    EXPECT_FALSE(out.error().repairable());
}

TEST_F(PipelineCorpus, ProseWithoutJsonIsInvalidJson) {
    const Value& c = find_case("prose_without_json_is_invalid_json");
    auto out = run(std::string(c["answer"].as_string()));
    ASSERT_FALSE(out);
    EXPECT_EQ(out.error().kind(), lm::ErrorKind::InvalidJson);
    EXPECT_NE(out.error().repair_feedback().find("not valid JSON"), std::string::npos);
}

TEST_F(PipelineCorpus, DisplayDoesNotLeakModelOutput) {
    (void)find_case("display_does_not_leak_model_output");
    auto out = run(replace_all(valid, "\"High\"", "\"SECRET-NAME\""));
    ASSERT_FALSE(out);
    const std::string shown = out.error().to_string();
    EXPECT_EQ(shown.find("SECRET-NAME"), std::string::npos);
    // Deliberate: the path and the message without the instance ("at $.urgency" in the crate).
    EXPECT_EQ(shown, "answer violates the output schema at $.urgency: expected one of \"Low\", \"Medium\", \"High\"");
    EXPECT_NE(out.error().raw_answer().find("SECRET-NAME"), std::string::npos); // kept in a field
}

TEST_F(PipelineCorpus, DisplayDoesNotLeakDeserialize) {
    const Value& c = find_case("display_does_not_leak_deserialize");
    auto out = run(std::string(c["answer"].as_string()), toolcall::FinishReason::Stop, c["schema"]);
    ASSERT_FALSE(out);
    EXPECT_EQ(out.error().kind(), lm::ErrorKind::Deserialize);
    EXPECT_EQ(out.error().to_string(), "answer does not deserialize into the output type");
    EXPECT_TRUE(out.error().shape_error().has_value());
}

// The Value-level pipeline (a schema file without a C++ type) agrees on the same answers.
TEST_F(PipelineCorpus, ValueLevelPipelineRunsTheSameSteps) {
    auto schema = Schema::compile(output_schema<Analysis>());
    ASSERT_TRUE(schema);
    auto ok = lm::parse_output_value(text_response(valid), *schema);
    ASSERT_TRUE(ok) << ok.error();
    EXPECT_EQ(ok->value["urgency"], Value("High"));
    auto bad = lm::parse_output_value(text_response(replace_all(valid, "\"High\"", "\"VERY_HIGH\"")), *schema);
    ASSERT_FALSE(bad);
    EXPECT_EQ(bad.error().kind(), lm::ErrorKind::SchemaViolation);
    auto cut = lm::parse_output_value(text_response("{\"urgency\": \"Hi", toolcall::FinishReason::Length), *schema);
    ASSERT_FALSE(cut);
    EXPECT_EQ(cut.error().kind(), lm::ErrorKind::Truncated);
}

} // namespace
