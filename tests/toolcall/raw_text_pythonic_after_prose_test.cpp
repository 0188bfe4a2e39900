// A pythonic call list on the last line, after lines of prose ("I will look it up.\n[f(a=1)]"):
// detection reads it as Llama 3 does, the prose kept as text. Only a whole list counts: its calls
// must take the whole line, so a note in brackets or a positional argument stays prose.

#include <laminate/toolcall/raw_text.hpp>

#include "raw_text_support.hpp"

#include <gtest/gtest.h>

using namespace laminate;
using namespace laminate::toolcall;
using laminate::toolcall::test::call;
using laminate::toolcall::test::read;

namespace {

TEST(RawTextPythonicAfterProse, TheListOnTheLastLineIsRead) {
    const Response r = read("Let me check.\n[get_weather(city=\"Paris\"), get_time()]");
    EXPECT_EQ(r.provider, Format::Llama3);
    ASSERT_EQ(r.tool_calls().size(), 2u);
    EXPECT_EQ(call(r, 0).name, "get_weather");
    EXPECT_EQ(call(r, 0).arguments.dump(), R"({"city":"Paris"})");
    EXPECT_EQ(call(r, 1).name, "get_time");
    EXPECT_EQ(r.text(), "Let me check.");
    // Named format too.
    const Response named = read("I will look it up.\n[get_weather(city=\"Paris\")]", Format::Llama3);
    ASSERT_EQ(named.tool_calls().size(), 1u);
    EXPECT_EQ(named.text(), "I will look it up.");
}

TEST(RawTextPythonicAfterProse, ProseThatOnlyLooksLikeOneStaysText) {
    for (const char* text : {"See the docs.\n[note]", "Options:\n[a(1)]", "Then:\n[f(a=1)] and more",
                             "Use [f(a=1)] inline, not as a call."}) {
        const Response r = read(text);
        EXPECT_TRUE(r.tool_calls().empty()) << text;
        EXPECT_EQ(r.text(), text);
    }
}

} // namespace
