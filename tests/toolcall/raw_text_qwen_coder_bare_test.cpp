// Qwen3-Coder's XML call, <function=name><parameter=p>v</parameter></function>, written without
// the <tool_call> around it: read as XML parameters (as inside a block), not as the JSON body of
// Functionary's <function=name>{…}</function>, which it is not.

#include <laminate/toolcall/raw_text.hpp>

#include "raw_text_support.hpp"

#include <gtest/gtest.h>

using namespace laminate;
using namespace laminate::toolcall;
using laminate::toolcall::test::call;
using laminate::toolcall::test::read;

namespace {

TEST(RawTextQwenCoderBare, ParametersAreRead) {
    const Response r = read("<function=write_file>\n<parameter=path>\na.py\n</parameter>\n"
                            "<parameter=content>\nprint(1)\n</parameter>\n</function>");
    EXPECT_EQ(r.provider, Format::Hermes);
    ASSERT_EQ(r.tool_calls().size(), 1u);
    EXPECT_EQ(call(r, 0).name, "write_file");
    EXPECT_EQ(call(r, 0).arguments.dump(), R"j({"path":"a.py","content":"print(1)"})j");
    EXPECT_TRUE(call(r, 0).complete);
    EXPECT_TRUE(call(r, 0).diagnostics.empty());
    EXPECT_TRUE(r.diagnostics.empty());
    EXPECT_EQ(r.text(), "");
}

TEST(RawTextQwenCoderBare, SeveralCallsAmongProse) {
    const Response r = read("Let me do both.\n<function=f>\n<parameter=n>\n3\n</parameter>\n</function>\n"
                            "<function=g>\n<parameter=s>\nx\n</parameter>\n</function>\nDone.");
    ASSERT_EQ(r.tool_calls().size(), 2u);
    EXPECT_EQ(call(r, 0).arguments["n"], Value(3));
    EXPECT_EQ(call(r, 1).name, "g");
    EXPECT_EQ(call(r, 1).arguments["s"], Value("x"));
    EXPECT_NE(r.text().find("Let me do both."), std::string::npos);
    EXPECT_NE(r.text().find("Done."), std::string::npos);
    EXPECT_EQ(r.text().find("parameter"), std::string::npos);
}

TEST(RawTextQwenCoderBare, ReadAsXmlWhicheverReaderIsNamed) {
    for (Format f : {Format::Hermes, Format::Functionary}) {
        const Response r = read("<function=f><parameter=n>3</parameter></function>", f);
        ASSERT_EQ(r.tool_calls().size(), 1u) << format_name(f);
        EXPECT_EQ(call(r, 0).arguments.dump(), R"({"n":3})") << format_name(f);
        EXPECT_FALSE(call(r, 0).arguments.is_null()) << format_name(f);
    }
}

TEST(RawTextQwenCoderBare, ClosingTagInsideAValueStaysInIt) {
    const Response r = read("<function=f>\n<parameter=code>\nx = \"</function>\"\n</parameter>\n</function>");
    ASSERT_EQ(r.tool_calls().size(), 1u);
    EXPECT_EQ(call(r, 0).arguments["code"], Value("x = \"</function>\""));
    EXPECT_TRUE(call(r, 0).complete);
}

TEST(RawTextQwenCoderBare, CutOffIsIncomplete) {
    const Response r = read("<function=f>\n<parameter=a>\n1");
    ASSERT_EQ(r.tool_calls().size(), 1u);
    EXPECT_EQ(call(r, 0).arguments["a"], Value(1));
    EXPECT_FALSE(call(r, 0).complete);
}

TEST(RawTextQwenCoderBare, CallLeftUnclosedEndsAtTheNextCall) {
    // </function> forgotten: the next call's parameters are not taken into this one.
    for (const char* text : {"<function=f>\n<parameter=a>\n1\n</parameter>\n<function=g>\n<parameter=b>\n2\n</parameter>\n</function>",
                             "<tool_call>\n<function=f>\n<parameter=a>\n1\n</parameter>\n<function=g>\n<parameter=b>\n2\n"
                             "</parameter>\n</function>\n</tool_call>"}) {
        const Response r = read(text);
        ASSERT_EQ(r.tool_calls().size(), 2u) << text;
        EXPECT_EQ(call(r, 0).arguments.dump(), R"({"a":1})") << text;
        EXPECT_FALSE(call(r, 0).complete) << text;
        EXPECT_EQ(call(r, 1).name, "g") << text;
        EXPECT_EQ(call(r, 1).arguments.dump(), R"({"b":2})") << text;
        EXPECT_TRUE(call(r, 1).complete) << text;
    }
}

TEST(RawTextQwenCoderBare, FunctionaryJsonBodyIsUnchanged) {
    const Response r = read("<function=f>{\"a\": \"<parameter=x>\"}</function>");
    EXPECT_EQ(r.provider, Format::Functionary);
    ASSERT_EQ(r.tool_calls().size(), 1u);
    EXPECT_EQ(call(r, 0).arguments["a"], Value("<parameter=x>"));
}

} // namespace
