// Bare JSON carries no marker saying that an object is a tool call. Detected (the caller named no
// format), an object is a call only when it has an arguments member ("arguments", "parameters",
// "args", or "input" in Anthropic's {"type": "tool_use"} block): {"name": "Alice"} in an answer
// is data, not a call to a tool named Alice.
// With the format named (bare-json, llama3), a name alone is a call without arguments, and a
// Warning on the call says so. Formats with markers (Hermes tags, Mistral's [TOOL_CALLS]) mark
// the call themselves: a name alone there stays a quiet call.
// Arguments written as null ("arguments": null) are a call without arguments in every format:
// {}, and a Warning at tool_calls[i].arguments.

#include <laminate/toolcall/raw_text.hpp>

#include "raw_text_support.hpp"

#include <gtest/gtest.h>

#include <algorithm>

using namespace laminate;
using namespace laminate::toolcall;
using laminate::toolcall::test::call;
using laminate::toolcall::test::read;

namespace {


bool warned_without_arguments(const Response& r, std::string_view path) {
    return std::any_of(r.diagnostics.begin(), r.diagnostics.end(), [&](const Diagnostic& d) {
        return d.kind == DiagnosticKind::Defaulted && d.risk == Risk::Warning && d.path == path;
    });
}

TEST(RawTextBareNames, DetectedNameOnlyObjectsAreData) {
    for (std::string_view text : {"{\"name\": \"get_time\"}", "Your contact: {\"name\": \"Marta\"}, see you.",
                                  "[{\"name\": \"Jo\"}, {\"name\": \"Ann\"}]",
                                  "```json\n{\"name\": \"Kim\", \"id\": \"u-17\"}\n```"}) {
        SCOPED_TRACE(std::string(text));
        const Response r = read(text);
        EXPECT_TRUE(r.tool_calls().empty());
        EXPECT_EQ(r.text(), text);
        EXPECT_EQ(r.provider, Format::AutoDetect);
        EXPECT_EQ(detect_raw_text_format(text), Format::AutoDetect);
    }
}

TEST(RawTextBareNames, DetectedCallsWithArgumentsAreStillCalls) {
    const Response r = read("Calling: {\"name\": \"get_time\", \"arguments\": {}}");
    ASSERT_EQ(r.tool_calls().size(), 1u);
    EXPECT_EQ(r.tool_calls()[0]->name, "get_time");
    EXPECT_TRUE(r.diagnostics.empty());
    // In the middle of a line of prose it is still a call, with a warning that it may be an example.
    const Response m = read("I would be calling {\"name\": \"get_time\", \"arguments\": {}}");
    ASSERT_EQ(m.tool_calls().size(), 1u);
    ASSERT_EQ(m.diagnostics.size(), 1u);
    EXPECT_EQ(m.diagnostics[0].risk, Risk::Warning);
    EXPECT_EQ(m.diagnostics[0].path, "tool_calls[0]");
    const Response p = read("{\"name\": \"get_time\", \"parameters\": {\"tz\": \"UTC\"}}");
    ASSERT_EQ(p.tool_calls().size(), 1u);
    EXPECT_EQ(p.provider, Format::Llama3);
}

TEST(RawTextBareNames, ANameOnlyElementBesideRealCallsIsACall) {
    // The array is a list of calls: its other elements vouch for the one without arguments.
    const Response r = read("[{\"name\": \"now\"}, {\"name\": \"add\", \"arguments\": {\"a\": 1}}]");
    ASSERT_EQ(r.tool_calls().size(), 2u);
    EXPECT_EQ(r.tool_calls()[0]->name, "now");
    EXPECT_EQ(r.tool_calls()[0]->arguments, Value::object());
    EXPECT_FALSE(warned_without_arguments(r, "tool_calls[0]"));
}

TEST(RawTextBareNames, NamedFormatReadsANameAloneWithAWarning) {
    for (Format f : {Format::BareJson, Format::Llama3}) {
        SCOPED_TRACE(std::string(format_name(f)));
        const Response r = read("{\"name\": \"get_time\"}", f);
        ASSERT_EQ(r.tool_calls().size(), 1u);
        EXPECT_EQ(r.tool_calls()[0]->name, "get_time");
        EXPECT_EQ(r.tool_calls()[0]->arguments, Value::object());
        EXPECT_TRUE(warned_without_arguments(r, "tool_calls[0]"));
    }
    const Response two = read("[{\"name\": \"ping\"}, {\"name\": \"pong\", \"id\": \"c2\"}]", Format::BareJson);
    ASSERT_EQ(two.tool_calls().size(), 2u);
    EXPECT_EQ(two.tool_calls()[1]->id, "c2");
    EXPECT_TRUE(warned_without_arguments(two, "tool_calls[0]"));
    EXPECT_TRUE(warned_without_arguments(two, "tool_calls[1]"));
    // Never quoting the text.
    for (const auto& d : two.diagnostics) EXPECT_EQ(d.message.find("ping"), std::string::npos);
}

TEST(RawTextBareNames, AnObjectWithMoreThanANameIsNeverACall) {
    for (Format f : {Format::AutoDetect, Format::BareJson}) {
        const Response r = read("{\"name\": \"Marta\", \"city\": \"Porto\"}", f);
        EXPECT_TRUE(r.tool_calls().empty()) << format_name(f);
    }
}

// "input" is Anthropic's arguments member, in its tool_use block only: elsewhere it is data.
TEST(RawTextBareNames, InputIsArgumentsOnlyInAToolUseBlock) {
    for (Format f : {Format::AutoDetect, Format::BareJson}) {
        const Response r = read("[{\"name\": \"Alice\", \"input\": {\"q\": 1}}, {\"name\": \"Bob\", \"input\": {}}]", f);
        EXPECT_TRUE(r.tool_calls().empty()) << format_name(f);
    }
    const Response tool_use =
        read("{\"type\": \"tool_use\", \"id\": \"toolu_1\", \"name\": \"get_weather\", \"input\": {\"city\": \"Oslo\"}}");
    ASSERT_EQ(tool_use.tool_calls().size(), 1u);
    EXPECT_EQ(call(tool_use, 0).id, "toolu_1");
    EXPECT_EQ(call(tool_use, 0).arguments["city"], Value("Oslo"));
}

TEST(RawTextBareNames, MarkedFormatsKeepNameOnlyCallsQuiet) {
    const Response hermes = read("<tool_call>{\"name\": \"get_time\"}</tool_call>");
    ASSERT_EQ(hermes.tool_calls().size(), 1u);
    EXPECT_TRUE(hermes.diagnostics.empty());
    const Response mistral = read("[TOOL_CALLS][{\"name\": \"get_time\"}]");
    ASSERT_EQ(mistral.tool_calls().size(), 1u);
    EXPECT_TRUE(mistral.diagnostics.empty());
}

// "arguments": null says the call has none: read as {} with a Warning at its arguments, in every
// format whose calls are JSON envelopes.
TEST(RawTextBareNames, NullArgumentsAreReadAsNone) {
    struct Case {
        const char* text;
        Format provider;
    };
    for (const Case& c : {Case{"<tool_call>\n{\"name\": \"noop\", \"arguments\": null}\n</tool_call>", Format::Hermes},
                          Case{"[TOOL_CALLS][{\"name\": \"noop\", \"arguments\": null}]", Format::Mistral},
                          Case{"<|python_tag|>{\"name\": \"noop\", \"parameters\": null}", Format::Llama3},
                          Case{"{\"name\": \"noop\", \"arguments\": null}", Format::BareJson},
                          Case{"<tool_call>{\"function\": {\"name\": \"noop\", \"arguments\": null}}</tool_call>",
                               Format::Hermes}}) {
        SCOPED_TRACE(c.text);
        const Response r = read(c.text);
        EXPECT_EQ(r.provider, c.provider);
        ASSERT_EQ(r.tool_calls().size(), 1u);
        EXPECT_EQ(call(r, 0).name, "noop");
        EXPECT_EQ(call(r, 0).arguments, Value::object());
        EXPECT_EQ(call(r, 0).raw_arguments, "{}");
        EXPECT_TRUE(call(r, 0).complete);
        EXPECT_TRUE(call(r, 0).diagnostics.empty());
        EXPECT_EQ(r.text(), "");
        ASSERT_EQ(r.diagnostics.size(), 1u);
        EXPECT_EQ(r.diagnostics[0].path, "tool_calls[0].arguments");
        EXPECT_EQ(r.diagnostics[0].kind, DiagnosticKind::Defaulted);
        EXPECT_EQ(r.diagnostics[0].risk, Risk::Warning);
        EXPECT_EQ(r.diagnostics[0].message.find("noop"), std::string::npos);
    }
    // Beside a call with arguments, at its own index.
    const Response two =
        read("[TOOL_CALLS][{\"name\": \"f\", \"arguments\": {\"a\": 1}}, {\"name\": \"g\", \"arguments\": null}]");
    ASSERT_EQ(two.tool_calls().size(), 2u);
    EXPECT_EQ(call(two, 1).arguments, Value::object());
    ASSERT_EQ(two.diagnostics.size(), 1u);
    EXPECT_EQ(two.diagnostics[0].path, "tool_calls[1].arguments");
}

// Arguments that are another scalar are still no call, and a null member that is no arguments
// member stays data.
TEST(RawTextBareNames, OtherScalarArgumentsAndNullDataAreNoCall) {
    const std::string scalar = "<tool_call>{\"name\": \"noop\", \"arguments\": 5}</tool_call>";
    const Response r = read(scalar);
    EXPECT_TRUE(r.tool_calls().empty());
    EXPECT_EQ(r.text(), scalar);
    ASSERT_FALSE(r.diagnostics.empty());
    EXPECT_EQ(r.diagnostics.back().risk, Risk::Risky);
    for (std::string_view text : {"The user is {\"name\": \"Alice\", \"age\": null}.",
                                  "{\"name\": \"Alice\", \"input\": null}"}) {
        const Response d = read(text);
        EXPECT_TRUE(d.tool_calls().empty()) << text;
        EXPECT_EQ(d.text(), text);
        EXPECT_TRUE(d.diagnostics.empty()) << text;
    }
}

} // namespace
