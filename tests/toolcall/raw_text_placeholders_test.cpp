// A call named with a placeholder from a prompt's template ("function_name", "<function-name>",
// "{name}") calls no tool: it is kept as text, with a warning.

#include <laminate/toolcall/raw_text.hpp>

#include "raw_text_support.hpp"

#include <gtest/gtest.h>

#include <algorithm>

using namespace laminate;
using namespace laminate::toolcall;
using laminate::toolcall::test::call;
using laminate::toolcall::test::read;

namespace {

bool warned_placeholder(const Response& r) {
    return std::any_of(r.diagnostics.begin(), r.diagnostics.end(), [](const Diagnostic& d) {
        return d.kind == DiagnosticKind::Preserved && d.risk == Risk::Warning &&
               d.message.find("placeholder") != std::string::npos;
    });
}

} // namespace

TEST(RawTextPlaceholders, TemplateNamesAreNoCalls) {
    for (std::string_view name : {"function_name", "<function-name>", "{name}", "tool_name", "Function Name",
                                  "your_function_name", "{{tool}}", "[name]", "example_function_name"}) {
        const std::string text = "<tool_call>{\"name\": \"" + std::string(name) + "\", \"arguments\": {\"a\": 1}}</tool_call>";
        const Response r = read(text);
        EXPECT_TRUE(r.tool_calls().empty()) << name;
        EXPECT_EQ(r.text(), text) << name;
        EXPECT_TRUE(warned_placeholder(r)) << name;
    }
}

TEST(RawTextPlaceholders, MarkerFormatsToo) {
    const Response mistral = read("[TOOL_CALLS]function_name[ARGS]{\"a\": 1}");
    EXPECT_TRUE(mistral.tool_calls().empty());
    EXPECT_TRUE(warned_placeholder(mistral));
    const Response pythonic = read("[function_name(a=1)]");
    EXPECT_TRUE(pythonic.tool_calls().empty());
    EXPECT_EQ(pythonic.text(), "[function_name(a=1)]");
    // Llama 3.2's template, numbered.
    const Response numbered = read("[func_name1(params_name1=params_value1), func_name2(params_name2=params_value2)]");
    EXPECT_TRUE(numbered.tool_calls().empty());
    EXPECT_TRUE(warned_placeholder(numbered));
}

// Qwen3-Coder's system prompt shows its format with example_function_name: copied out, no call.
TEST(RawTextPlaceholders, QwenCoderTemplateIsNoCall) {
    const std::string text = "<tool_call>\n<function=example_function_name>\n<parameter=example_parameter_1>\nvalue_1\n"
                             "</parameter>\n</function>\n</tool_call>";
    const Response r = read(text);
    EXPECT_TRUE(r.tool_calls().empty());
    EXPECT_EQ(r.text(), text);
    EXPECT_TRUE(warned_placeholder(r));
}

TEST(RawTextPlaceholders, ARealCallBesideAPlaceholderStays) {
    const Response r = read("Format: <tool_call>{\"name\": \"function_name\", \"arguments\": {}}</tool_call>\n"
                            "<tool_call>{\"name\": \"get_time\", \"arguments\": {}}</tool_call>");
    ASSERT_EQ(r.tool_calls().size(), 1u);
    EXPECT_EQ(call(r, 0).name, "get_time");
    EXPECT_NE(r.text().find("function_name"), std::string::npos);
    ASSERT_TRUE(warned_placeholder(r));
    EXPECT_EQ(r.diagnostics.front().offset, std::string_view("Format: ").size()); // where its markup begins
}

TEST(RawTextPlaceholders, NamesThatOnlyContainTheWordsAreCalls) {
    for (std::string_view name : {"get_function_name", "rename", "tool_name_lookup", "names", "name_2x", "example_search",
                                  "sample_data"}) {
        const Response r = read("<tool_call>{\"name\": \"" + std::string(name) + "\", \"arguments\": {}}</tool_call>");
        ASSERT_EQ(r.tool_calls().size(), 1u) << name;
        EXPECT_FALSE(warned_placeholder(r));
    }
}

TEST(RawTextPlaceholders, APlaceholderAmongCallsInOnePayloadIsLeftOutAndSaysSo) {
    for (std::string_view text : {R"([{"name": "function_name", "arguments": {}}, {"name": "get_time", "arguments": {}}])",
                                  R"([{"name": "get_time", "arguments": {}}, {"name": "function_name", "arguments": {}}])"}) {
        const Response r = read(text);
        ASSERT_EQ(r.tool_calls().size(), 1u) << text;
        EXPECT_EQ(call(r, 0).name, "get_time");
        EXPECT_EQ(r.text(), "") << text; // the payload is the call's markup: not text as well
        ASSERT_TRUE(warned_placeholder(r));
        EXPECT_NE(r.diagnostics.front().message.find("left out"), std::string::npos) << text;
    }
}

TEST(RawTextPlaceholders, TwoPlaceholdersInARowAreBothKept) {
    const std::string text = R"([{"name": "function_name", "arguments": {}}, {"name": "tool_name", "arguments": {}}])";
    const Response r = read(text);
    EXPECT_TRUE(r.tool_calls().empty());
    EXPECT_EQ(r.text(), text);
    ASSERT_EQ(r.diagnostics.size(), 2u);
    for (const auto& d : r.diagnostics) EXPECT_NE(d.message.find("kept as text"), std::string::npos);
}
