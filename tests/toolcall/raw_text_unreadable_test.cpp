// A raw-text format named by the caller, and text in which that format finds no call it can
// read: the text comes back unchanged, with no call and a diagnostic; prose after a marker is
// never a call named after the prose.

#include <laminate/toolcall/raw_text.hpp>

#include <gtest/gtest.h>

using namespace laminate;
using namespace laminate::toolcall;

namespace {

void expect_text_back(std::string_view text, Format format) {
    SCOPED_TRACE(std::string(text));
    auto r = read_raw_text(text, format);
    ASSERT_TRUE(r) << r.error();
    EXPECT_TRUE(r->tool_calls().empty());
    EXPECT_EQ(r->text(), text);
    ASSERT_FALSE(r->diagnostics.empty());
    EXPECT_GE(max_risk(r->diagnostics), Risk::Warning);
}

TEST(RawTextUnreadable, NamedFormatWithoutItsMarkersKeepsTheText) {
    for (Format f : {Format::DeepSeek, Format::Functionary, Format::Mistral})
        expect_text_back("The weather in Paris is sunny.", f);
}

TEST(RawTextUnreadable, ProseAfterAMistralMarkerIsNoCall) {
    expect_text_back("[TOOL_CALLS] not json at all", Format::Mistral);
    expect_text_back("[TOOL_CALLS] not json at all", Format::AutoDetect);
    expect_text_back("[TOOL_CALLS] sorry, no [ARGS]{\"a\": 1}", Format::Mistral);
}

TEST(RawTextUnreadable, ReadableCallsAreStillRead) {
    auto r = read_raw_text("[TOOL_CALLS]get_weather[ARGS]{\"city\": \"Paris\"}", Format::Mistral);
    ASSERT_TRUE(r) << r.error();
    ASSERT_EQ(r->tool_calls().size(), 1u);
    EXPECT_EQ(r->tool_calls()[0]->name, "get_weather");
    auto cut = read_raw_text("[TOOL_CALLS]get_weather", Format::Mistral);
    ASSERT_TRUE(cut) << cut.error();
    ASSERT_EQ(cut->tool_calls().size(), 1u);
}

} // namespace
