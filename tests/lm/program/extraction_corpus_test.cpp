// Step 2 of the pipeline on the TypedLM crate's extraction cases
// (corpora/typedlm/json_extraction_cases.json): JSON found in text, repaired, or the reason why not
// in the crate's words. A truncated value is reported, never completed.
#include "lm/program/program_test_types.hpp"

#include <gtest/gtest.h>

using namespace laminate;
using namespace lmtest;

namespace {

TEST(ExtractionCorpus, EveryCaseReadsOrFailsAsTheCrateDoes) {
    LAMINATE_REQUIRE_CORPUS(typedlm_dir() / "json_extraction_cases.json");
    const Value corpus = read_corpus("json_extraction_cases.json");
    auto anything = Schema::compile(Value::object());
    ASSERT_TRUE(anything);
    std::size_t cases = 0;
    for (const Value& c : corpus["cases"].items()) {
        SCOPED_TRACE(std::string(c["name"].as_string()));
        auto out = lm::parse_output_value(text_response(std::string(c["text"].as_string())), *anything);
        if (const Value* ok = c.find("ok")) {
            ASSERT_TRUE(out) << out.error();
            EXPECT_EQ(out->value, *ok);
        } else {
            ASSERT_FALSE(out);
            EXPECT_EQ(out.error().kind(), lm::ErrorKind::InvalidJson);
            if (const Value* e = c.find("error")) {
                EXPECT_EQ(out.error().reason(), e->as_string());
            }
            if (const Value* e = c.find("error_contains")) {
                EXPECT_NE(out.error().reason().find(e->as_string()), std::string::npos) << out.error().reason();
            }
        }
        ++cases;
    }
    EXPECT_EQ(cases, 6u);
    // The two reasons are the crate's strings.
    const auto& strings = corpus["error_strings"];
    auto none = lm::parse_output_value(text_response("I cannot help with that."), *anything);
    ASSERT_FALSE(none);
    EXPECT_EQ(none.error().reason(), strings[0].as_string());
    auto cut = lm::parse_output_value(text_response("{\"a\": \"unfinished"), *anything);
    ASSERT_FALSE(cut);
    EXPECT_EQ(cut.error().reason(), strings[1].as_string());
}

TEST(Extraction, AnUnclosedToolCallIsInvalidJsonNotCompleted) {
    toolcall::Response r = lm::ScriptedProvider::tool_call_response("respond", "{\"number\": \"A");
    auto out = lm::parse_output<Invoice>(r, output_schema<Invoice>(), {.strategy = lm::Strategy::ToolCall});
    ASSERT_FALSE(out);
    EXPECT_EQ(out.error().kind(), lm::ErrorKind::InvalidJson);
    EXPECT_EQ(out.error().reason(), "JSON value is not closed (response truncated?)");
}

TEST(Extraction, TheCandidateThatFitsTheSchemaWins) {
    // A decoy object in prose before the answer: the one that fits Invoice is taken.
    auto out = lm::parse_output<Invoice>(
        text_response("Options were {\"x\": 1}. Answer: {\"number\": \"A\", \"total_cents\": 3}"),
        output_schema<Invoice>());
    ASSERT_TRUE(out) << out.error();
    EXPECT_EQ(out->value.total_cents, 3u);
}

TEST(Extraction, ThinkBlocksAreSkipped) {
    auto out = lm::parse_output<Invoice>(
        text_response("<think>{\"number\": \"decoy\", \"total_cents\": 1}</think>\n{\"number\": \"B\", \"total_cents\": 2}"),
        output_schema<Invoice>());
    ASSERT_TRUE(out) << out.error();
    EXPECT_EQ(out->value.number, "B");
}

TEST(Extraction, StrictModeDoesNotRepair) {
    auto out = lm::parse_output<Invoice>(text_response("{\"number\": \"A\", \"total_cents\": 3,}"), output_schema<Invoice>(),
                                         {.mode = Mode::Strict});
    ASSERT_FALSE(out);
    EXPECT_EQ(out.error().kind(), lm::ErrorKind::InvalidJson);
}

} // namespace
