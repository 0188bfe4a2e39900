// A <function=name> tag named in words ("Done. <function=g> is next.") is no call: words before
// it on its line and no body after it (JSON, <parameter=…>, </function>, the end of the text).
// Either alone still reads a call: a call may follow words on its line, and a tag at the start
// of a line with unreadable arguments is a call whose arguments are said to be unreadable.

#include <laminate/toolcall/raw_text.hpp>

#include "raw_text_support.hpp"

#include <gtest/gtest.h>

#include <string>

using namespace laminate;
using namespace laminate::toolcall;
using laminate::toolcall::test::call;
using laminate::toolcall::test::read;

namespace {

TEST(RawTextFunctionMentions, MentionAfterAQwenCoderCallStaysText) {
    const Response r = read("<function=f>\n<parameter=a>\n1\n</parameter>\n</function>\nDone. <function=g> is next.");
    ASSERT_EQ(r.tool_calls().size(), 1u);
    EXPECT_EQ(call(r, 0).name, "f");
    EXPECT_EQ(call(r, 0).arguments["a"], Value(1));
    EXPECT_TRUE(call(r, 0).complete);
    EXPECT_EQ(r.text(), "Done. <function=g> is next.");
    EXPECT_TRUE(r.diagnostics.empty());
}

TEST(RawTextFunctionMentions, MentionAfterAJsonBodiedCallStaysText) {
    for (const Format f : {Format::AutoDetect, Format::Functionary, Format::Hermes}) {
        const Response r = read("<function=f>{\"a\": 1}</function>\nNext I use <function=g> for that.", f);
        ASSERT_EQ(r.tool_calls().size(), 1u) << format_name(f);
        EXPECT_EQ(call(r, 0).name, "f");
        EXPECT_TRUE(call(r, 0).complete);
        EXPECT_EQ(r.text(), "Next I use <function=g> for that.") << format_name(f);
        EXPECT_TRUE(r.diagnostics.empty()) << format_name(f);
    }
}

TEST(RawTextFunctionMentions, MentionAloneIsText) {
    for (const char* text : {"Call it as <function=g> with its parameters.", "Write <function name=\"g\"> then the body."}) {
        const Response r = read(text);
        EXPECT_TRUE(r.tool_calls().empty()) << text;
        EXPECT_EQ(r.text(), text);
    }
}

// A mention after an unclosed JSON-bodied call does not end that call as the next call's opener.
TEST(RawTextFunctionMentions, MentionDoesNotEndAnUnclosedCall) {
    const Response r = read("<function=f>{\"a\": 1} see <function=g> there");
    ASSERT_EQ(r.tool_calls().size(), 1u);
    EXPECT_EQ(call(r, 0).name, "f");
    EXPECT_EQ(call(r, 0).arguments["a"], Value(1));
    EXPECT_FALSE(call(r, 0).complete);
    // The words after the JSON body are text, said (never lost inside the call's arguments).
    EXPECT_EQ(r.text(), "see <function=g> there");
    ASSERT_FALSE(r.diagnostics.empty());
    EXPECT_EQ(r.diagnostics[0].kind, DiagnosticKind::Preserved);
    EXPECT_EQ(r.diagnostics[0].risk, Risk::Warning);
}

// Words before a call with a body: still a call (the embedded Warning may say it sits in prose).
TEST(RawTextFunctionMentions, CallAfterWordsOnItsLineIsStillACall) {
    for (const char* text : {"Now: <function=g>{\"q\": 1}</function>", "Now: <function=g>\n<parameter=q>\n1\n</parameter>\n</function>",
                             "Now: <function=g></function>"}) {
        const Response r = read(text);
        ASSERT_EQ(r.tool_calls().size(), 1u) << text;
        EXPECT_EQ(call(r, 0).name, "g") << text;
    }
}

// A tag at the start of a line, its body unreadable, or cut off at the tag: a call, said so.
TEST(RawTextFunctionMentions, TagAtLineStartOrCutOffIsStillACall) {
    for (const char* text : {"<function=g> is next.", "Done.\n<function=g> is next.", "Done. <function=g>"}) {
        const Response r = read(text);
        ASSERT_EQ(r.tool_calls().size(), 1u) << text;
        EXPECT_EQ(call(r, 0).name, "g") << text;
        EXPECT_FALSE(call(r, 0).complete) << text;
    }
}

} // namespace
