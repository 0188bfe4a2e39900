// A tool's definition echoed from the prompt ({"name", "description", "parameters": a JSON
// Schema}) is no call: it stays text, and a diagnostic says why. Calls whose arguments merely
// hold a "type" or a schema stay calls.

#include <laminate/toolcall/raw_text.hpp>

#include "raw_text_support.hpp"

#include <gtest/gtest.h>

#include <algorithm>

using namespace laminate;
using namespace laminate::toolcall;
using laminate::toolcall::test::call;
using laminate::toolcall::test::read;

namespace {

constexpr std::string_view kDefinition =
    R"({"name": "get_weather", "description": "Weather for a city", "parameters": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}})";

bool says_definition(const Response& r) {
    return std::any_of(r.diagnostics.begin(), r.diagnostics.end(), [](const Diagnostic& d) {
        return d.kind == DiagnosticKind::Preserved && d.message.find("definition") != std::string::npos;
    });
}

} // namespace

TEST(ToolcallRawTextDefinitions, BareDefinitionIsText) {
    const Response r = read(std::string("Here is the tool I can use:\n") + std::string(kDefinition));
    EXPECT_TRUE(r.tool_calls().empty());
    EXPECT_NE(r.text().find("get_weather"), std::string::npos);
    EXPECT_TRUE(says_definition(r));
}

TEST(ToolcallRawTextDefinitions, NamedFormatStillNoCall) {
    for (Format f : {Format::BareJson, Format::Llama3}) {
        const Response r = read(kDefinition, f);
        EXPECT_TRUE(r.tool_calls().empty()) << format_name(f);
        EXPECT_NE(r.text().find("description"), std::string::npos);
        EXPECT_TRUE(says_definition(r));
    }
}

TEST(ToolcallRawTextDefinitions, OpenAiWrappedListIsText) {
    const Response r = read(
        R"([{"type": "function", "function": {"name": "get_weather", "description": "Weather", "parameters": {"type": "OBJECT", "properties": {"city": {"type": "string"}}}}}, {"name": "get_time"}])");
    EXPECT_TRUE(r.tool_calls().empty());
    EXPECT_TRUE(says_definition(r));
}

TEST(ToolcallRawTextDefinitions, InsideToolCallTagIsText) {
    const Response r = read(std::string("<tool_call>") + std::string(kDefinition) + "</tool_call>");
    EXPECT_TRUE(r.tool_calls().empty());
    EXPECT_NE(r.text().find("get_weather"), std::string::npos);
    EXPECT_TRUE(says_definition(r));
}

TEST(ToolcallRawTextDefinitions, DefinitionBesideCallKeepsTheCall) {
    const Response r = read(std::string("[") + std::string(kDefinition) +
                            R"(, {"name": "get_time", "arguments": {"tz": "CET"}}])");
    ASSERT_EQ(r.tool_calls().size(), 1u);
    EXPECT_EQ(call(r, 0).name, "get_time");
    EXPECT_TRUE(says_definition(r));
}

TEST(ToolcallRawTextDefinitions, ArgumentsWithTypeStayCalls) {
    // A schema as arguments, without a description beside the name: a call to a tool taking one.
    const Response schema = read(
        R"(<tool_call>{"name": "save_schema", "arguments": {"type": "object", "properties": {"a": {"type": "string"}}}}</tool_call>)");
    ASSERT_EQ(schema.tool_calls().size(), 1u);
    EXPECT_EQ(call(schema, 0).arguments["type"], Value("object"));
    // A description beside the name, arguments with a "type" but no schema: a call.
    const Response described = read(
        R"({"name": "create_ticket", "description": "printer jam", "arguments": {"type": "bug", "priority": 2}})");
    ASSERT_EQ(described.tool_calls().size(), 1u);
    EXPECT_EQ(call(described, 0).arguments["type"], Value("bug"));
    EXPECT_FALSE(says_definition(described));
}

TEST(ToolcallRawTextDefinitions, OtherSchemaSpellingsAndHermesToolsTag) {
    // BFCL writes "dict"; a schema may give "required" without a "type".
    for (std::string_view schema : {R"({"type": "dict", "properties": {"a": {"type": "integer"}}})",
                                    R"({"properties": {"a": {"type": "integer"}}, "required": ["a"]})"}) {
        const std::string text = R"({"name": "f", "description": "d", "parameters": )" + std::string(schema) + "}";
        const Response r = read(text);
        EXPECT_TRUE(r.tool_calls().empty()) << schema;
        EXPECT_TRUE(says_definition(r)) << schema;
    }
    // Hermes' system prompt lists the tools inside <tools></tools>, which also wraps calls.
    const Response echoed = read(std::string("<tools>\n") + std::string(kDefinition) + "\n</tools>");
    EXPECT_TRUE(echoed.tool_calls().empty());
    EXPECT_NE(echoed.text().find("get_weather"), std::string::npos);
}
