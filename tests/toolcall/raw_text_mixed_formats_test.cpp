// One answer in two tool-call formats: the format detected is read, and the markup of the other,
// kept as text, is said (its calls were not read), never left there silently. A call's arguments
// are the JSON right after its own marker, never another format's call written after it. And a
// caller who names Hermes gets the JSON call a Qwen model wrote without its tags.
#include "raw_text_support.hpp"

#include <laminate/toolcall/raw_text.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

namespace laminate::toolcall {
namespace {

using test::read;

bool says_other_format(const Response& r) {
    return std::any_of(r.diagnostics.begin(), r.diagnostics.end(), [](const Diagnostic& d) {
        return d.kind == DiagnosticKind::Preserved && d.risk == Risk::Warning &&
               d.message.find("another tool-call format") != std::string::npos;
    });
}

TEST(RawTextMixedFormats, MarkupOfASecondFormatKeptAsTextIsSaid) {
    const std::string mistral = "[TOOL_CALLS]a[ARGS]{\"x\": 1}";
    const std::string hermes = "<tool_call>\n{\"name\": \"b\", \"arguments\": {\"y\": 2}}\n</tool_call>";
    const std::string deepseek = DS_("tool" SP "calls" SP "begin") DS_("tool" SP "call" SP "begin") "b" DS_(
        "tool" SP "sep") "{\"y\": 2}" DS_("tool" SP "call" SP "end") DS_("tool" SP "calls" SP "end");
    const std::string function = "<function=a>{\"x\": 1}</function>";
    struct Case {
        std::string text;
        std::string read_name; // the call read (the detected format's)
    };
    const Case cases[] = {
        {hermes + "\n" + mistral, "b"},
        {mistral + "\n" + hermes, "b"}, // Hermes' tags are looked for first
        {hermes + "\n" + deepseek, "b"},
        {function + "\n" + mistral, "a"},
    };
    for (const auto& c : cases) {
        SCOPED_TRACE(c.text);
        const Response r = read(c.text);
        ASSERT_EQ(r.tool_calls().size(), 1u) << to_value(r).dump();
        EXPECT_EQ(test::call(r, 0).name, c.read_name);
        EXPECT_FALSE(r.text().empty()); // the other call's markup, kept
        EXPECT_TRUE(says_other_format(r)) << to_value(r).dump();
    }
    // One format throughout: nothing to say.
    const Response one = read(hermes + "\n" + hermes);
    EXPECT_EQ(one.tool_calls().size(), 2u);
    EXPECT_FALSE(says_other_format(one));
    // Prose that mentions no markup: nothing to say either.
    const Response prose = read(hermes + "\nI will report back.");
    EXPECT_FALSE(says_other_format(prose));
}

// [TOOL_CALLS]a[ARGS]{"x": 1} and, on the next line, another format's call: a's arguments are
// {"x": 1}; they were {"y": 2}, the other call's, taken from the text after them.
TEST(RawTextMixedFormats, MistralArgumentsAreTheJsonAfterTheirMarker) {
    for (const std::string after : {"\n<function=b>{\"y\": 2}</function>", "<tool_call>{\"name\": \"b\", \"arguments\": {\"y\": 2}}</tool_call>"}) {
        const std::string text = "[TOOL_CALLS]a[ARGS]{\"x\": 1}" + after;
        SCOPED_TRACE(text);
        const Response r = read(text, Format::Mistral);
        ASSERT_EQ(r.tool_calls().size(), 1u) << to_value(r).dump();
        EXPECT_EQ(test::call(r, 0).name, "a");
        EXPECT_EQ(test::call(r, 0).arguments.dump(), R"({"x":1})");
        EXPECT_TRUE(test::call(r, 0).diagnostics.empty()) << to_value(r).dump();
        EXPECT_NE(r.text().find("\"y\""), std::string::npos);
        EXPECT_TRUE(says_other_format(r)) << to_value(r).dump();
    }
    // Words on the closer's line stay with the arguments (a quote left unescaped may have put
    // that closer inside a string): read by the tolerant parser as before.
    const Response r = read("[TOOL_CALLS]f[ARGS]{\"q\": \"a {b} \"c}\" d\"}", Format::Mistral);
    ASSERT_EQ(r.tool_calls().size(), 1u);
    EXPECT_TRUE(r.text().empty()) << to_value(r).dump();
}

TEST(RawTextMixedFormats, NamedHermesReadsAJsonCallWrittenWithoutItsTags) {
    for (const std::string text : {"{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Paris\"}}",
                                   "Let me check.\n{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Paris\"}}",
                                   "{\"name\": \"get_weather\", \"parameters\": {\"city\": \"Paris\"}}"}) {
        SCOPED_TRACE(text);
        const Response r = read(text, Format::Hermes);
        ASSERT_EQ(r.tool_calls().size(), 1u) << to_value(r).dump();
        EXPECT_EQ(test::call(r, 0).name, "get_weather");
        EXPECT_EQ(test::call(r, 0).arguments.dump(), R"({"city":"Paris"})");
        ASSERT_FALSE(r.diagnostics.empty());
        EXPECT_EQ(r.diagnostics.front().risk, Risk::Warning);
        EXPECT_NE(r.diagnostics.front().message.find("without its <tool_call> tags"), std::string::npos);
    }
    // Plain text under the named format stays text, quietly: Hermes models answer in prose.
    const Response prose = read("The weather in Paris is mild.", Format::Hermes);
    EXPECT_TRUE(prose.tool_calls().empty());
    EXPECT_TRUE(prose.diagnostics.empty());
}

} // namespace
} // namespace laminate::toolcall
