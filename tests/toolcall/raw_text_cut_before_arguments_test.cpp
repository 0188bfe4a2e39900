// A call whose name was written but not its arguments ("[TOOL_CALLS]f[ARGS]" or Functionary's
// ">>>f\n" ending the text) was cut off: it is partial, with a risky diagnostic, never a clean
// call with {} arguments.

#include <laminate/toolcall/raw_text.hpp>

#include "raw_text_support.hpp"

#include <gtest/gtest.h>

using namespace laminate;
using namespace laminate::toolcall;
using laminate::toolcall::test::call;
using laminate::toolcall::test::read;

namespace {

void expect_cut(const Response& r, std::size_t i) {
    const ToolCall& c = call(r, i);
    EXPECT_FALSE(c.complete);
    ASSERT_FALSE(c.diagnostics.empty());
    EXPECT_EQ(c.diagnostics.front().risk, Risk::Risky);
}

} // namespace

TEST(RawTextCutBeforeArguments, MistralArgsMarkerAtTheEnd) {
    const Response r = read("[TOOL_CALLS]get_weather[ARGS]");
    ASSERT_EQ(r.tool_calls().size(), 1u);
    EXPECT_EQ(call(r, 0).name, "get_weather");
    expect_cut(r, 0);
    const Response two = read("[TOOL_CALLS]f[ARGS]{\"a\": 1}[TOOL_CALLS]g[ARGS]  ");
    ASSERT_EQ(two.tool_calls().size(), 2u);
    EXPECT_TRUE(call(two, 0).complete);
    expect_cut(two, 1);
}

TEST(RawTextCutBeforeArguments, MistralEmptyArgumentsBeforeAnotherCallAreNoCut) {
    const Response r = read("[TOOL_CALLS]f[ARGS][TOOL_CALLS]g[ARGS]{}");
    ASSERT_EQ(r.tool_calls().size(), 2u);
    EXPECT_TRUE(call(r, 0).complete);
    EXPECT_TRUE(call(r, 1).complete);
}

TEST(RawTextCutBeforeArguments, FunctionaryRecipientAtTheEnd) {
    for (std::string_view text : {">>>get_time\n", ">>>get_weather\n{\"city\": \"Oslo\"}\n>>>get_time\n"}) {
        const Response r = read(text, Format::Functionary);
        ASSERT_FALSE(r.tool_calls().empty()) << text;
        expect_cut(r, r.tool_calls().size() - 1);
    }
    const Response whole = read(">>>get_time\n{}", Format::Functionary);
    ASSERT_EQ(whole.tool_calls().size(), 1u);
    EXPECT_TRUE(call(whole, 0).complete);
}
