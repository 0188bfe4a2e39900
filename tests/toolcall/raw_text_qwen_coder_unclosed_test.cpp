// XML parameters (Qwen3-Coder's <parameter=…>, DeepSeek's DSML <parameter name=…>) whose closing
// tag is missing end where the next tag begins (the next parameter, </function> or </invoke>),
// with a Warning at the parameter: the next parameter is never taken into the value. A value the
// text ends inside is taken as far as it goes, Risky, and the call is not complete.

#include <laminate/toolcall/raw_text.hpp>

#include "raw_text_support.hpp"

#include <gtest/gtest.h>

using namespace laminate;
using namespace laminate::toolcall;
using laminate::toolcall::test::call;
using laminate::toolcall::test::read;

// DeepSeek V3.2's DSML tags: <｜DSML｜name> and </｜DSML｜name>.
#define DSML_(x) "<\xEF\xBD\x9C" "DSML" "\xEF\xBD\x9C" x ">"
#define DSML_END(x) "</\xEF\xBD\x9C" "DSML" "\xEF\xBD\x9C" x ">"

namespace {

const Diagnostic* find_repair(const Diagnostics& ds, RepairKind repair, std::string_view path) {
    for (const Diagnostic& d : ds)
        if (d.repair == repair && d.path == path) return &d;
    return nullptr;
}

TEST(RawTextQwenCoderUnclosed, AMissingCloserEndsAtTheNextParameter) {
    const std::string text = "<tool_call>\n<function=f>\n<parameter=a>\n1\n<parameter=b>\nhello\n</parameter>\n"
                             "</function>\n</tool_call>";
    const Response r = read(text);
    ASSERT_EQ(r.tool_calls().size(), 1u);
    EXPECT_EQ(call(r, 0).arguments.dump(), R"({"a":1,"b":"hello"})");
    EXPECT_TRUE(call(r, 0).complete);
    const Diagnostic* d = find_repair(call(r, 0).diagnostics, RepairKind::MissingCloser, "a");
    ASSERT_NE(d, nullptr);
    EXPECT_EQ(d->risk, Risk::Warning);
    EXPECT_EQ(d->offset, text.find("<parameter=b>")); // where the value was ended, in the whole text
}

TEST(RawTextQwenCoderUnclosed, AMissingCloserEndsAtTheFunctionsCloser) {
    const Response r = read("<function=send>\n<parameter=text>\nab\n</function>");
    ASSERT_EQ(r.tool_calls().size(), 1u);
    EXPECT_EQ(call(r, 0).arguments.dump(), R"({"text":"ab"})");
    EXPECT_TRUE(call(r, 0).complete);
    ASSERT_NE(find_repair(call(r, 0).diagnostics, RepairKind::MissingCloser, "text"), nullptr);
    EXPECT_EQ(r.text(), "");
}

TEST(RawTextQwenCoderUnclosed, AValueCutOffIsRiskyAndTheCallIncomplete) {
    const Response r = read("<tool_call>\n<function=send>\n<parameter=to>\nann\n</parameter>\n<parameter=text>\nhello wor");
    ASSERT_EQ(r.tool_calls().size(), 1u);
    EXPECT_EQ(call(r, 0).arguments.dump(), R"({"to":"ann","text":"hello wor"})");
    EXPECT_FALSE(call(r, 0).complete);
    const Diagnostic* d = find_repair(call(r, 0).diagnostics, RepairKind::TruncatedCompleted, "text");
    ASSERT_NE(d, nullptr);
    EXPECT_EQ(d->risk, Risk::Risky);
    EXPECT_EQ(find_repair(call(r, 0).diagnostics, RepairKind::TruncatedCompleted, "to"), nullptr);
}

TEST(RawTextQwenCoderUnclosed, AValueCutInsideItsClosingTagLeavesTheTagOut) {
    const Response r = read("<tool_call>\n<function=write>\n<parameter=content>\nprint(1)\n</param");
    ASSERT_EQ(r.tool_calls().size(), 1u);
    EXPECT_EQ(call(r, 0).arguments.dump(), R"j({"content":"print(1)"})j");
    EXPECT_FALSE(call(r, 0).complete);
    ASSERT_NE(find_repair(call(r, 0).diagnostics, RepairKind::TruncatedCompleted, "content"), nullptr);
    // A value that ends in "<" alone keeps it: one character is no tag.
    const Response lt = read("<function=f>\n<parameter=expr>\na <");
    ASSERT_EQ(lt.tool_calls().size(), 1u);
    EXPECT_EQ(call(lt, 0).arguments.dump(), R"({"expr":"a <"})");
}

TEST(RawTextQwenCoderUnclosed, ClosedValuesStayQuiet) {
    // A closer inside a value followed by more of it is still the value's (its own Warning).
    const Response r = read("<function=f>\n<parameter=a>\n1\n</parameter>\n<parameter=b>\n2\n</parameter>\n</function>");
    ASSERT_EQ(r.tool_calls().size(), 1u);
    EXPECT_EQ(call(r, 0).arguments.dump(), R"({"a":1,"b":2})");
    EXPECT_TRUE(call(r, 0).diagnostics.empty());
}

TEST(RawTextDsmlUnclosed, AMissingCloserEndsAtTheNextParameterOrTheInvokesEnd) {
    const std::string text = DSML_("function_calls") "\n" DSML_("invoke name=\"f\"") "\n"
        DSML_("parameter name=\"a\" string=\"true\"") "x\n"
        DSML_("parameter name=\"b\" string=\"false\"") "2" DSML_END("parameter") "\n"
        DSML_("parameter name=\"c\" string=\"true\"") "y\n" DSML_END("invoke") "\n" DSML_END("function_calls");
    const Response r = read(text);
    ASSERT_EQ(r.tool_calls().size(), 1u);
    EXPECT_EQ(call(r, 0).arguments.dump(), R"({"a":"x","b":2,"c":"y"})");
    EXPECT_TRUE(call(r, 0).complete);
    ASSERT_NE(find_repair(call(r, 0).diagnostics, RepairKind::MissingCloser, "a"), nullptr);
    ASSERT_NE(find_repair(call(r, 0).diagnostics, RepairKind::MissingCloser, "c"), nullptr);
    EXPECT_EQ(find_repair(call(r, 0).diagnostics, RepairKind::MissingCloser, "b"), nullptr);
}

TEST(RawTextDsmlUnclosed, AValueCutOffIsRiskyAndTheCallIncomplete) {
    const std::string text = DSML_("function_calls") "\n" DSML_("invoke name=\"f\"") "\n"
        DSML_("parameter name=\"a\" string=\"true\"") "hello wor";
    const Response r = read(text);
    ASSERT_EQ(r.tool_calls().size(), 1u);
    EXPECT_EQ(call(r, 0).arguments.dump(), R"({"a":"hello wor"})");
    EXPECT_FALSE(call(r, 0).complete);
    const Diagnostic* d = find_repair(call(r, 0).diagnostics, RepairKind::TruncatedCompleted, "a");
    ASSERT_NE(d, nullptr);
    EXPECT_EQ(d->risk, Risk::Risky);
}

} // namespace
