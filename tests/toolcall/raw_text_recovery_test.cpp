// Recovery you can trust, in raw-text tool calls: a format chosen but no call readable gives the
// text back unchanged with a diagnostic (never a call made up from prose); repairs of a call's
// envelope are reported at the call, repairs of its arguments at the argument; and every
// diagnostic offset counts bytes from the start of the whole text.

#include <laminate/parse.hpp>
#include <laminate/toolcall/raw_text.hpp>

#include "raw_text_support.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <string>

using namespace laminate;
using namespace laminate::toolcall;
using laminate::toolcall::test::call;
using laminate::toolcall::test::read;

namespace {


const std::string kCallBegin = DS_("tool" SP "call" SP "begin");
const std::string kCallEnd = DS_("tool" SP "call" SP "end");
const std::string kSep = DS_("tool" SP "sep");

// The one diagnostic of the call's arguments.
const Diagnostic& only(const ToolCall& c) {
    EXPECT_EQ(c.diagnostics.size(), 1u);
    static const Diagnostic none;
    return c.diagnostics.empty() ? none : c.diagnostics.front();
}

} // namespace

TEST(ToolcallRawTextRecovery, NoReadableCallGivesTheTextBackUnchanged) {
    struct Case {
        Format format;
        std::string text;
    };
    const Case cases[] = {
        {Format::Mistral, "[TOOL_CALLS] not json at all"},
        {Format::Mistral, "Sure. [TOOL_CALLS] I cannot call tools[ARGS] here"},
        {Format::Hermes, "<tool_call>not json, just words</tool_call>"},
        {Format::Hermes, "<tool_call>{\"answer\": 42}</tool_call>"},
        {Format::DeepSeek, kCallBegin + "not a name at all" + kSep + "{}" + kCallEnd},
        {Format::DeepSeek, "<\xEF\xBD\x9C" "DSML\xEF\xBD\x9C" "function_calls><\xEF\xBD\x9C" "DSML\xEF\xBD\x9C"
                           "invoke name=\"two words\"></\xEF\xBD\x9C" "DSML\xEF\xBD\x9C" "invoke>"},
        {Format::Functionary, "get_weather\nnot json at all"},
        {Format::Functionary, ">>>all\nonly text here"},
        {Format::Llama3, "<|python_tag|>print(1 + 1)<|eom_id|>"},
    };
    for (const auto& c : cases) {
        const Response r = read(c.text, c.format);
        EXPECT_TRUE(r.tool_calls().empty()) << c.text << " -> " << to_value(r).dump();
        EXPECT_EQ(r.finish().reason, FinishReason::None) << c.text;
        if (c.text.starts_with(">>>all")) {
            EXPECT_EQ(r.text(), "only text here"); // text, the way the format says it
            continue;
        }
        EXPECT_EQ(r.text(), c.text);
        if (c.text.starts_with("get_weather")) continue; // no marker: an ordinary answer
        ASSERT_FALSE(r.diagnostics.empty()) << c.text;
        EXPECT_EQ(r.diagnostics.back().kind, DiagnosticKind::Preserved) << c.text;
        EXPECT_EQ(r.diagnostics.back().risk, Risk::Risky) << c.text;
    }
}

TEST(ToolcallRawTextRecovery, PlainTextWithAFormatChosenIsKept) {
    // Hermes and Llama 3 models answer in text as a matter of course: no diagnostic.
    for (Format f : {Format::Hermes, Format::Llama3}) {
        const Response r = read("Paris is sunny today.", f);
        EXPECT_TRUE(r.tool_calls().empty());
        EXPECT_EQ(r.text(), "Paris is sunny today.");
        EXPECT_TRUE(r.diagnostics.empty()) << format_name(f);
    }
    // Formats whose answers are calls: the text is kept, and one Warning says no call was found.
    for (Format f : {Format::Mistral, Format::DeepSeek, Format::Functionary}) {
        const Response r = read("Paris is sunny today.", f);
        EXPECT_TRUE(r.tool_calls().empty());
        EXPECT_EQ(r.text(), "Paris is sunny today.");
        ASSERT_EQ(r.diagnostics.size(), 1u) << format_name(f);
        EXPECT_EQ(r.diagnostics[0].kind, DiagnosticKind::Preserved);
        EXPECT_EQ(r.diagnostics[0].risk, Risk::Warning);
    }
    // Functionary's own text channel is an answer, not a missing call.
    const Response all = read("all\nParis is sunny today.", Format::Functionary);
    EXPECT_TRUE(all.tool_calls().empty());
    EXPECT_TRUE(all.diagnostics.empty());
}

TEST(ToolcallRawTextRecovery, EnvelopeRepairsAreReportedAtTheCall) {
    const std::string text = "Checking.\n<tool_call>{\"name\": \"f\", \"arguments\": {}}</tool_call>\n"
                             "<tool_call>{name: \"get_weather\", \"arguments\": {\"city\": \"Paris\"}}</tool_call>";
    const Response r = read(text, Format::Hermes);
    ASSERT_EQ(r.tool_calls().size(), 2u);
    EXPECT_TRUE(r.tool_calls()[1]->diagnostics.empty()); // nothing was repaired in the arguments
    ASSERT_EQ(r.diagnostics.size(), 1u) << to_value(r).dump();
    const Diagnostic& d = r.diagnostics[0];
    EXPECT_EQ(d.path, "tool_calls[1].name");
    EXPECT_EQ(d.repair, RepairKind::UnquotedKey);
    EXPECT_EQ(d.offset, text.find("name: "));
    const Value out = to_value(r);
    ASSERT_EQ(out["diagnostics"].size(), 1u);
    EXPECT_EQ(out["diagnostics"][0]["path"], Value("$.tool_calls[1].name"));
    EXPECT_EQ(out["diagnostics"][0]["offset"], Value(static_cast<std::uint64_t>(text.find("name: "))));
}

TEST(ToolcallRawTextRecovery, AStyleIsReportedOncePerCallAndOnceForTheEnvelopes) {
    // Two calls written as Python dicts in one array: the payload's quotes are split among the
    // envelopes and each call's arguments, then each list reports single_quotes once, its count
    // the sites in that list (with the first of them), not one diagnostic for the whole text.
    const std::string text = "[{'name': 'f', 'arguments': {'a': 'x', 'b': True}}, "
                             "{'name': 'g', 'arguments': {'c': 'y'}}]";
    const Response r = read(text, Format::BareJson);
    ASSERT_EQ(r.tool_calls().size(), 2u) << to_value(r).dump();
    const auto quotes = [](const Diagnostics& ds) {
        std::vector<const Diagnostic*> out;
        for (const auto& d : ds)
            if (d.repair == RepairKind::SingleQuotes) out.push_back(&d);
        return out;
    };
    const auto first = quotes(r.tool_calls()[0]->diagnostics);
    ASSERT_EQ(first.size(), 1u) << to_value(r).dump();
    EXPECT_EQ(first[0]->count, 4u); // 'arguments', 'a', 'x', 'b'
    EXPECT_EQ(first[0]->offset, text.find("'arguments'"));
    const auto second = quotes(r.tool_calls()[1]->diagnostics);
    ASSERT_EQ(second.size(), 1u) << to_value(r).dump();
    EXPECT_EQ(second[0]->count, 3u); // 'arguments', 'c', 'y'
    EXPECT_EQ(second[0]->offset, text.find("'arguments': {'c'"));
    const auto envelope = quotes(r.diagnostics);
    ASSERT_EQ(envelope.size(), 1u) << to_value(r).dump();
    EXPECT_EQ(envelope[0]->path, "tool_calls[0].name");
    EXPECT_EQ(envelope[0]->offset, text.find("'name'"));
    EXPECT_EQ(envelope[0]->count, 4u); // each call's 'name' key and value
    std::size_t literals = 0;
    for (const auto& d : r.tool_calls()[0]->diagnostics) literals += d.repair == RepairKind::PythonLiteral;
    EXPECT_EQ(literals, 1u);
}

TEST(ToolcallRawTextRecovery, WrappedCallEnvelopeAndArgumentsAreTold) {
    // {"function": {...}}: the wrapper is the call's envelope, its "arguments" the arguments.
    const std::string text = R"({"function": {name: "f", "arguments": {"a": 'x'}}})";
    const Response r = read(text, Format::BareJson);
    ASSERT_EQ(r.tool_calls().size(), 1u);
    const Diagnostic& arg = only(*r.tool_calls()[0]);
    EXPECT_EQ(arg.path, "a");
    EXPECT_EQ(arg.offset, text.find("'x'"));
    ASSERT_EQ(r.diagnostics.size(), 1u);
    EXPECT_EQ(r.diagnostics[0].path, "tool_calls[0].name");
    EXPECT_EQ(r.diagnostics[0].offset, text.find("name: "));
}

TEST(ToolcallRawTextRecovery, ArgumentOffsetsCountFromTheWholeText) {
    struct Case {
        Format format;
        std::string text;
        std::string path;
    };
    const Case cases[] = {
        {Format::Hermes, "<think>plan</think>Sure.\n<tool_call>{\"name\": \"f\", \"arguments\": {\"a\": 'x'}}</tool_call>", "a"},
        {Format::Mistral, "[TOOL_CALLS]f[ARGS]{\"a\": 'x'}", "a"},
        {Format::Mistral, "[TOOL_CALLS][{\"name\": \"f\", \"arguments\": {\"a\": 'x'}}]", "a"},
        {Format::DeepSeek, "Calling. " + kCallBegin + "f" + kSep + "{\"a\": 'x'}" + kCallEnd, "a"},
        {Format::DeepSeek, kCallBegin + "function" + kSep + "f\n```json\n{\"a\": 'x'}\n```" + kCallEnd, "a"},
        {Format::Functionary, "all\nok>>>f\n{\"a\": 'x'}", "a"},
        {Format::Functionary, "f\n{\"a\": 'x'}", "a"},
        {Format::Functionary, "<function=f>{\"a\": 'x'}</function>", "a"},
        {Format::Hermes, "<function name=\"f\">{\"a\": 'x'}</function>", "a"},
        {Format::Llama3, "<|python_tag|>{\"name\": \"f\", \"parameters\": {\"a\": 'x'}}", "a"},
        {Format::Llama3, "[f(a={\"b\": 'x'})]", "a.b"},
        {Format::BareJson, "Here:\n{\"name\": \"f\", \"arguments\": {\"a\": 'x'}}\ndone", "a"},
    };
    for (const auto& c : cases) {
        const Response r = read(c.text, c.format);
        ASSERT_EQ(r.tool_calls().size(), 1u) << c.text;
        SCOPED_TRACE(c.text + " -> " + to_value(r).dump());
        const Diagnostic& d = only(*r.tool_calls()[0]);
        EXPECT_EQ(d.path, c.path) << c.text;
        EXPECT_EQ(d.offset, c.text.find("'x'")) << c.text;
        EXPECT_TRUE(r.diagnostics.empty()) << c.text << " -> " << to_value(r).dump();
    }
}

TEST(ToolcallRawTextRecovery, OffsetsAfterInvalidUtf8AreThoseOfTheTextAsSent) {
    const std::string text = "\xFF ok <tool_call>{\"name\": \"f\", \"arguments\": {\"a\": 'x'}}</tool_call>";
    const Response r = read(text, Format::Hermes);
    ASSERT_EQ(r.tool_calls().size(), 1u);
    EXPECT_EQ(only(*r.tool_calls()[0]).offset, text.find("'x'"));
}

TEST(ToolcallRawTextRecovery, ArgumentsSentAsAStringHaveNoOffsetInTheText) {
    const Response r = read(R"({"name": "f", "arguments": "{'a': 1}"})", Format::BareJson);
    ASSERT_EQ(r.tool_calls().size(), 1u);
    ASSERT_FALSE(r.tool_calls()[0]->diagnostics.empty());
    for (const auto& d : r.tool_calls()[0]->diagnostics) EXPECT_EQ(d.offset, Diagnostic::no_offset);
}

TEST(ToolcallRawTextRecovery, HostileRepetitionsStayLinear) {
    // Unclosed elements and markers repeated tens of thousands of times: each reader remembers
    // what it found absent instead of searching the rest of the text again at every one.
    const std::string dsml = "<\xEF\xBD\x9C" "DSML\xEF\xBD\x9C";
    std::string params = dsml + "function_calls>" + dsml + "invoke name=\"f\">";
    for (int i = 0; i < 30000; ++i) params += dsml + "parameter name=\"p\" string=\"true\">v";
    std::string invokes = dsml + "function_calls>";
    for (int i = 0; i < 30000; ++i) invokes += dsml + "invoke name=\"f\">x";
    std::string blocks;
    for (int i = 0; i < 30000; ++i) blocks += "<tool_call>{\"name\": \"f\", \"arguments\": {}}</tool_call>";
    std::string bare;
    for (int i = 0; i < 30000; ++i) bare += "<function_calls><invoke";
    std::string recipients;
    for (int i = 0; i < 30000; ++i) recipients += ">>>f";
    std::string functions; // Functionary v3.1 calls, one spelling of <function …> absent
    for (int i = 0; i < 30000; ++i) functions += "<function=f>{}</function>";
    RawTextOptions options;
    options.max_calls = 100000;
    const struct {
        Format format;
        const std::string* text;
    } cases[] = {{Format::DeepSeek, &params},  {Format::DeepSeek, &invokes},   {Format::Hermes, &blocks},
                 {Format::AutoDetect, &bare},  {Format::Functionary, &recipients}, {Format::Functionary, &functions}};
    for (const auto& c : cases) {
        const auto start = std::chrono::steady_clock::now();
        auto r = read_raw_text(*c.text, c.format, options);
        EXPECT_TRUE(r.has_value());
        EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(2)) << format_name(c.format);
    }
}
