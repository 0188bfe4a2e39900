// Rivals the ranking never read as payloads, which must not lose to an example in silence:
// - a candidate the text cut off before its end, with completion off ("Example: {"city":
//   "Paris"}. Your result: {"city": "Lond"): it is not read, but the example taken says that a
//   cut-off candidate was passed over (other_candidates Warning at its offset);
// - a candidate the filter refused whose keys are like the winner's without being equal
//   ({"Sentiment": …}, {"overall_sentiment": …}, {"result": {"city": …}} beside {"city": …}).
// Both came back as the example with no diagnostic.

#include "extract_test_util.hpp"

#include <laminate/extract.hpp>

#include <gtest/gtest.h>

#include <string>

namespace laminate {
namespace {

using test::other_candidates;

TEST(ExtractRivalsUnread, ACutOffCandidateBesideACompleteOneIsSaid) {
    struct Case {
        std::string text, expected, cut_at; // cut_at: where the cut-off candidate begins
    };
    const Case cases[] = {
        {"For example {\"city\": \"Paris\"}. Your result: {\"city\": \"Lond", R"({"city":"Paris"})", "{\"city\": \"Lond"},
        {"The JSON should look like:\n```json\n{\"name\": \"string\", \"age\": 0}\n```\nExtracted:\n```json\n"
         "{\"name\": \"Ann Lee\", \"age\": 3",
         R"({"name":"string","age":0})", "{\"name\": \"Ann"},
        {"e.g. {\"city\": \"Paris\"}\n```json\n{\"city\": \"Rome\",\n```", R"({"city":"Paris"})", "{\"city\": \"Rome\""},
        {"Example: [\"a\"]\nResult: [\"b\", \"c\"", R"(["a"])", "[\"b\""},
    };
    for (const auto& c : cases) {
        SCOPED_TRACE(c.text);
        auto r = extract(c.text);
        ASSERT_TRUE(r) << r.error();
        EXPECT_EQ(r->parsed.value.dump(), c.expected);
        const Diagnostic* d = other_candidates(*r);
        ASSERT_NE(d, nullptr);
        EXPECT_EQ(d->risk, Risk::Warning);
        EXPECT_NE(d->message.find("cut off before its end"), std::string::npos) << d->message;
        EXPECT_EQ(d->offset, c.text.find(c.cut_at));
        EXPECT_EQ(d->message.find("Rome"), std::string::npos);
    }
    // With completion on, the cut-off candidate is read and ranked like any other.
    ParseOptions completing;
    completing.complete_truncated = true;
    auto r = extract("For example {\"city\": \"Paris\"}. Your result: {\"city\": \"Lond", completing);
    ASSERT_TRUE(r);
    EXPECT_NE(other_candidates(*r), nullptr);
    // A lone payload whose text goes on with no second container stays quiet.
    auto lone = extract("Result: {\"city\": \"Paris\"} and that is all");
    ASSERT_TRUE(lone);
    EXPECT_EQ(other_candidates(*lone), nullptr);
}

TEST(ExtractRivalsUnread, ARefusedCandidateWithKeysLikeTheWinnersIsSaid) {
    // The filter takes only what the schema allows (a declared sentiment, a city).
    auto declared = [](const Value& v) {
        const Value* s = v.find("sentiment");
        if (s) return s->is_string() && (s->as_string() == "positive" || s->as_string() == "negative");
        return v.find("city") != nullptr;
    };
    for (const std::string text : {"Example: {\"sentiment\": \"positive\"}. For this review: {\"Sentiment\": \"mixed\"}",
                                   "Example: {\"sentiment\": \"positive\"}. For this review: {\"overall_sentiment\": \"negative\"}",
                                   "Example: {\"city\": \"Paris\"}. Result: {\"result\": {\"city\": \"Rome\"}}"}) {
        SCOPED_TRACE(text);
        auto r = extract(text, {}, {}, declared);
        ASSERT_TRUE(r) << r.error();
        const Diagnostic* d = other_candidates(*r);
        ASSERT_NE(d, nullptr);
        EXPECT_EQ(d->risk, Risk::Warning);
        EXPECT_NE(d->message.find("does not fit"), std::string::npos) << d->message;
    }
    // Other data beside the answer is no rival: no key alike.
    auto other = extract("{\"city\": \"Paris\"} (units: {\"temperature_unit\": \"C\"})", {}, {}, declared);
    ASSERT_TRUE(other);
    EXPECT_EQ(other_candidates(*other), nullptr);
}

} // namespace
} // namespace laminate
