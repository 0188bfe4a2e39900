// Inside a call's markup (a <tool_call> block, Qwen3-Coder's <function=…><parameter=…>, DeepSeek's
// markers and DSML) the model sometimes writes words beside the call, or a value that holds the
// markup's own closing tag. The words are kept as text with a warning, never dropped; a closing
// tag inside a value stays in the value.

#include <laminate/toolcall/raw_text.hpp>

#include "raw_text_support.hpp"

#include <gtest/gtest.h>

#include <algorithm>

using namespace laminate;
using namespace laminate::toolcall;
using laminate::toolcall::test::call;
using laminate::toolcall::test::read;

namespace {

bool warned_beside(const Response& r) {
    return std::any_of(r.diagnostics.begin(), r.diagnostics.end(), [](const Diagnostic& d) {
        return d.kind == DiagnosticKind::Preserved && d.risk == Risk::Warning &&
               d.message.find("beside the call") != std::string::npos;
    });
}

#define DSML_(x) "<\xEF\xBD\x9C" "DSML" "\xEF\xBD\x9C" x ">"
#define DSML_END(x) "</\xEF\xBD\x9C" "DSML" "\xEF\xBD\x9C" x ">"

} // namespace

TEST(RawTextBesideCall, WordsAfterTheJsonInAToolCallBlockAreText) {
    const std::string text = "Sure.\n<tool_call>{\"name\": \"f\", \"arguments\": {\"a\": 1}} Then I will wait.</tool_call>";
    const Response r = read(text);
    ASSERT_EQ(r.tool_calls().size(), 1u);
    EXPECT_EQ(call(r, 0).arguments["a"], Value(1));
    EXPECT_EQ(r.text(), "Sure.\n Then I will wait.");
    ASSERT_TRUE(warned_beside(r));
    const auto d = std::find_if(r.diagnostics.begin(), r.diagnostics.end(),
                                [](const Diagnostic& x) { return x.message.find("beside the call") != std::string::npos; });
    EXPECT_EQ(d->offset, text.find("Then")); // from the start of the whole text
}

TEST(RawTextBesideCall, AFencedPayloadInABlockSaysNothing) {
    const Response r = read("<tool_call>\n```json\n{\"name\": \"f\", \"arguments\": {\"a\": 1}}\n```\n</tool_call>");
    ASSERT_EQ(r.tool_calls().size(), 1u);
    EXPECT_FALSE(warned_beside(r));
    EXPECT_EQ(r.text(), "");
}

TEST(RawTextBesideCall, QwenCoderWordsAfterTheFunctionAreText) {
    const Response r = read("<tool_call>\n<function=get_weather>\n<parameter=city>\nOslo\n</parameter>\n</function>\n"
                            "I hope that helps.\n</tool_call>");
    ASSERT_EQ(r.tool_calls().size(), 1u);
    EXPECT_EQ(call(r, 0).arguments["city"], Value("Oslo"));
    EXPECT_TRUE(call(r, 0).complete);
    EXPECT_EQ(r.text(), "I hope that helps.");
    EXPECT_TRUE(warned_beside(r));
}

TEST(RawTextBesideCall, QwenCoderTwoFunctionsInOneBlockAreTwoCalls) {
    // Before, the second function's parameters were read into the first call.
    const Response r = read("<tool_call>\n<function=f>\n<parameter=a>\n1\n</parameter>\n</function>\n"
                            "<function=g>\n<parameter=b>\n2\n</parameter>\n</function>\n</tool_call>");
    ASSERT_EQ(r.tool_calls().size(), 2u);
    EXPECT_EQ(call(r, 0).arguments, parse_json("{\"a\": 1}").value());
    EXPECT_EQ(call(r, 1).name, "g");
    EXPECT_EQ(call(r, 1).arguments, parse_json("{\"b\": 2}").value());
    EXPECT_FALSE(warned_beside(r));
}

TEST(RawTextBesideCall, QwenCoderWordsBetweenParametersAreText) {
    const Response r = read("<tool_call>\n<function=f>\n<parameter=a>\n1\n</parameter>\nand also\n"
                            "<parameter=b>\n2\n</parameter>\n</function>\n</tool_call>");
    ASSERT_EQ(r.tool_calls().size(), 1u);
    EXPECT_EQ(call(r, 0).arguments, parse_json("{\"a\": 1, \"b\": 2}").value());
    EXPECT_EQ(r.text(), "and also");
    EXPECT_TRUE(warned_beside(r));
}

TEST(RawTextBesideCall, DeepSeekWordsBetweenCallsAreText) {
    const std::string text = std::string(DS_("tool" SP "calls" SP "begin")) + DS_("tool" SP "call" SP "begin") +
                             "f" + DS_("tool" SP "sep") + "{\"a\": 1}" + DS_("tool" SP "call" SP "end") +
                             " and now the next one " + DS_("tool" SP "call" SP "begin") + "g" + DS_("tool" SP "sep") +
                             "{}" + DS_("tool" SP "call" SP "end") + DS_("tool" SP "calls" SP "end");
    const Response r = read(text);
    ASSERT_EQ(r.tool_calls().size(), 2u);
    EXPECT_EQ(r.text(), "and now the next one");
    EXPECT_TRUE(warned_beside(r));
}

TEST(RawTextBesideCall, DsmlWordsInsideTheBlockAreText) {
    const std::string text = std::string(DSML_("function_calls")) + "\n" + DSML_("invoke name=\"f\"") + "\n" +
                             DSML_("parameter name=\"a\" string=\"true\"") + "x" + DSML_END("parameter") +
                             "\nnote to self\n" + DSML_END("invoke") + "\nlast words\n" + DSML_END("function_calls");
    const Response r = read(text);
    ASSERT_EQ(r.tool_calls().size(), 1u);
    EXPECT_EQ(call(r, 0).arguments["a"], Value("x"));
    EXPECT_NE(r.text().find("note to self"), std::string::npos);
    EXPECT_NE(r.text().find("last words"), std::string::npos);
    EXPECT_TRUE(warned_beside(r));
}

// ---- a closing tag inside a value -----------------------------------------------------------

TEST(RawTextBesideCall, ToolCallCloserInsideAJsonString) {
    const Response r = read("<tool_call>{\"name\": \"f\", \"arguments\": {\"s\": \"a </tool_call> b\"}}</tool_call>\n"
                            "<tool_call>{\"name\": \"g\", \"arguments\": {}}</tool_call>");
    ASSERT_EQ(r.tool_calls().size(), 2u);
    EXPECT_EQ(call(r, 0).arguments["s"], Value("a </tool_call> b"));
    EXPECT_TRUE(call(r, 0).complete);
    EXPECT_TRUE(call(r, 0).diagnostics.empty());
    EXPECT_EQ(call(r, 1).name, "g");
    EXPECT_EQ(r.text(), "");
}

TEST(RawTextBesideCall, FunctionCloserInsideAJsonString) {
    const Response r = read("<function=f>{\"html\": \"<b></function></b>\"}</function>");
    ASSERT_EQ(r.tool_calls().size(), 1u);
    EXPECT_EQ(call(r, 0).arguments["html"], Value("<b></function></b>"));
    EXPECT_TRUE(call(r, 0).complete);
}

TEST(RawTextBesideCall, ParameterCloserInsideAQwenCoderValue) {
    const Response r = read("<tool_call>\n<function=write_file>\n<parameter=content>\nx = \"</parameter>\"\n"
                            "</parameter>\n<parameter=path>\na.py\n</parameter>\n</function>\n</tool_call>");
    ASSERT_EQ(r.tool_calls().size(), 1u);
    EXPECT_EQ(call(r, 0).arguments["content"], Value("x = \"</parameter>\""));
    EXPECT_EQ(call(r, 0).arguments["path"], Value("a.py"));
    EXPECT_TRUE(call(r, 0).complete);
    const auto& ds = call(r, 0).diagnostics;
    ASSERT_EQ(ds.size(), 1u);
    EXPECT_EQ(ds[0].path, "content");
    EXPECT_EQ(ds[0].risk, Risk::Warning);
}

TEST(RawTextBesideCall, ToolCallCloserInsideAQwenCoderValue) {
    const Response r = read("<tool_call>\n<function=echo>\n<parameter=text>\nsay </tool_call> now\n</parameter>\n"
                            "</function>\n</tool_call>");
    ASSERT_EQ(r.tool_calls().size(), 1u);
    EXPECT_EQ(call(r, 0).arguments["text"], Value("say </tool_call> now"));
    EXPECT_TRUE(call(r, 0).complete);
    EXPECT_EQ(r.text(), "");
}

TEST(RawTextBesideCall, ParameterCloserInsideADsmlValue) {
    const std::string text = std::string("<function_calls>\n<invoke name=\"write_file\">\n") +
                             "<parameter name=\"content\" string=\"true\">a</parameter>b</parameter>\n" +
                             "<parameter name=\"path\" string=\"true\">x.xml</parameter>\n</invoke>\n</function_calls>";
    const Response r = read(text);
    ASSERT_EQ(r.tool_calls().size(), 1u);
    EXPECT_EQ(call(r, 0).arguments["content"], Value("a</parameter>b"));
    EXPECT_EQ(call(r, 0).arguments["path"], Value("x.xml"));
    const auto& ds = call(r, 0).diagnostics;
    ASSERT_EQ(ds.size(), 1u);
    EXPECT_EQ(ds[0].path, "content");
    EXPECT_EQ(ds[0].offset, text.find(">a<") + 1);
    EXPECT_FALSE(warned_beside(r));
}

TEST(RawTextBesideCall, MistralMarkerInsideAStringArgument) {
    const Response r = read("[TOOL_CALLS]f[ARGS]{\"s\": \"write [TOOL_CALLS] first\"}[TOOL_CALLS]g{\"b\": [1]}");
    ASSERT_EQ(r.tool_calls().size(), 2u);
    EXPECT_EQ(call(r, 0).arguments["s"], Value("write [TOOL_CALLS] first"));
    EXPECT_TRUE(call(r, 0).complete);
    EXPECT_EQ(call(r, 1).name, "g");
    EXPECT_EQ(r.text(), "");
    // Arguments cut off inside a string before the next call: the marker still ends the call.
    const Response cut = read("[TOOL_CALLS]f[ARGS]{\"s\": \"abc[TOOL_CALLS]g[ARGS]{\"b\": 1}");
    ASSERT_EQ(cut.tool_calls().size(), 2u);
    EXPECT_FALSE(call(cut, 0).complete);
    EXPECT_EQ(call(cut, 1).arguments["b"], Value(1));
}
