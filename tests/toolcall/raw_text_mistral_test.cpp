// Mistral's [TOOL_CALLS] as recent models write it once detokenized: name{…} with no [ARGS]
// marker (Mistral-Small-3.2), one or several calls in a row, mixed with the [ARGS] form, cut off,
// and after prose. Text after the marker that names no tool stays text.

#include <laminate/toolcall/raw_text.hpp>

#include "raw_text_support.hpp"

#include <gtest/gtest.h>

using namespace laminate;
using namespace laminate::toolcall;
using laminate::toolcall::test::call;
using laminate::toolcall::test::read;

namespace {



TEST(RawTextMistral, NameThenArgumentsWithoutMarker) {
    const Response r = read("[TOOL_CALLS]convert_units{\"value\": 12.5, \"from\": \"km\", \"to\": \"mi\"}");
    EXPECT_EQ(r.provider, Format::Mistral);
    ASSERT_EQ(r.tool_calls().size(), 1u);
    EXPECT_EQ(call(r, 0).name, "convert_units");
    EXPECT_EQ(call(r, 0).arguments["value"], Value(12.5));
    EXPECT_EQ(call(r, 0).arguments["to"], Value("mi"));
    EXPECT_TRUE(call(r, 0).complete);
    EXPECT_TRUE(r.diagnostics.empty());
    EXPECT_EQ(r.text(), "");
    EXPECT_EQ(r.primary().finish.reason, FinishReason::ToolCalls);
}

TEST(RawTextMistral, SeveralCallsInARowAndProseBefore) {
    const Response r = read("Let me look both up.[TOOL_CALLS]lookup {\"isbn\": \"978-0\"}"
                            "[TOOL_CALLS]lookup{\"isbn\": \"979-1\", \"fields\": [\"title\"]}</s>",
                            Format::Mistral);
    ASSERT_EQ(r.tool_calls().size(), 2u);
    EXPECT_EQ(r.text(), "Let me look both up.");
    EXPECT_EQ(call(r, 0).arguments["isbn"], Value("978-0"));
    EXPECT_EQ(call(r, 1).arguments["fields"][0], Value("title"));
    EXPECT_EQ(call(r, 1).id, "call_1");
}

TEST(RawTextMistral, MixedWithTheArgsForm) {
    const Response r = read("[TOOL_CALLS]first{\"n\": 1}[TOOL_CALLS]second[CALL_ID]k7[ARGS]{\"n\": 2}"
                            "[TOOL_CALLS]third{}");
    ASSERT_EQ(r.tool_calls().size(), 3u);
    EXPECT_EQ(call(r, 0).name, "first");
    EXPECT_EQ(call(r, 1).name, "second");
    EXPECT_EQ(call(r, 1).id, "k7");
    EXPECT_EQ(call(r, 1).arguments["n"], Value(2));
    EXPECT_EQ(call(r, 2).name, "third");
    EXPECT_EQ(call(r, 2).arguments, Value::object());
}

TEST(RawTextMistral, ArgumentsWithBracesInStrings) {
    const Response r = read("[TOOL_CALLS]run_sql{\"query\": \"SELECT '{x}' FROM t WHERE a = '[b]'\"}");
    ASSERT_EQ(r.tool_calls().size(), 1u);
    EXPECT_EQ(call(r, 0).arguments["query"], Value("SELECT '{x}' FROM t WHERE a = '[b]'"));
}

TEST(RawTextMistral, CutOffArgumentsArePartial) {
    const Response r = read("ok{[TOOL_CALLS]write_file{\"path\": \"/tmp/a\", \"body\": \"line one\\nli");
    ASSERT_EQ(r.tool_calls().size(), 1u);
    EXPECT_EQ(call(r, 0).name, "write_file");
    EXPECT_FALSE(call(r, 0).complete);
    EXPECT_EQ(call(r, 0).arguments["path"], Value("/tmp/a"));
    EXPECT_EQ(r.text(), "ok{");
}

TEST(RawTextMistral, CallsAfterStrayWordsAreReadWithAWarning) {
    const std::string text = "[TOOL_CALLS] okay: [{\"name\": \"mul\", \"arguments\": {\"x\": 6, \"y\": 7}}] (done)";
    const Response r = read(text);
    ASSERT_EQ(r.tool_calls().size(), 1u);
    EXPECT_EQ(call(r, 0).name, "mul");
    EXPECT_EQ(call(r, 0).arguments["y"], Value(7));
    EXPECT_EQ(r.text(), "okay:  (done)");
    ASSERT_FALSE(r.diagnostics.empty());
    EXPECT_EQ(max_risk(r.diagnostics), Risk::Warning);
    // Objects without arguments there are no calls: the text stays as it was.
    const Response none = read("[TOOL_CALLS] see [{\"name\": \"mul\"}] later", Format::Mistral);
    EXPECT_TRUE(none.tool_calls().empty());
    EXPECT_EQ(none.text(), "[TOOL_CALLS] see [{\"name\": \"mul\"}] later");
}

TEST(RawTextMistral, ProseWithABraceAfterTheMarkerIsNoCall) {
    for (std::string_view text : {"[TOOL_CALLS] I would call {something} here", "[TOOL_CALLS]two words{\"a\": 1}"}) {
        SCOPED_TRACE(std::string(text));
        const Response r = read(text, Format::Mistral);
        EXPECT_TRUE(r.tool_calls().empty());
        EXPECT_EQ(r.text(), text);
        EXPECT_GE(max_risk(r.diagnostics), Risk::Warning);
    }
}

} // namespace
