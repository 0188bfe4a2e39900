// A pythonic call list the text ends inside ("[get_weather(city=\"Par"): detection reads it as
// Llama 3 does when its calls take the whole text, and a Risky missing_closer says the list was
// cut off (calls after the last one may be missing). Prose that only starts with "[name(" stays
// text; when nothing could be read from such a start, a Warning says so.

#include <laminate/toolcall/raw_text.hpp>

#include "raw_text_support.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

using namespace laminate;
using namespace laminate::toolcall;
using laminate::toolcall::test::call;
using laminate::toolcall::test::read;

namespace {

bool list_cut_off(const Response& r) {
    return std::any_of(r.diagnostics.begin(), r.diagnostics.end(), [](const Diagnostic& d) {
        return d.repair == RepairKind::MissingCloser && d.risk == Risk::Risky && d.path.empty();
    });
}

TEST(RawTextPythonicCutOff, CutOffListIsReadInAutoModeAsLlama3ReadsIt) {
    struct Case {
        const char* text;
        bool call_complete;
    };
    for (const Case& c : {Case{"[get_weather(city=\"Paris\")", true}, Case{"[get_weather(city=\"Par", false},
                          Case{"[get_weather(city=\"Paris\", ", false}, Case{"  [get_weather(city=\"Paris\")\n", true}}) {
        for (const Format f : {Format::AutoDetect, Format::Llama3}) {
            const Response r = read(c.text, f);
            EXPECT_EQ(r.provider, Format::Llama3) << c.text;
            ASSERT_EQ(r.tool_calls().size(), 1u) << c.text;
            EXPECT_EQ(call(r, 0).name, "get_weather") << c.text;
            EXPECT_EQ(call(r, 0).complete, c.call_complete) << c.text;
            EXPECT_TRUE(list_cut_off(r)) << c.text;
            EXPECT_EQ(r.text(), "") << c.text;
        }
    }
}

TEST(RawTextPythonicCutOff, SecondCallCutOff) {
    const Response r = read("[get_weather(city=\"Paris\"), get_time(zone=\"Europe/Pa");
    ASSERT_EQ(r.tool_calls().size(), 2u);
    EXPECT_TRUE(call(r, 0).complete);
    EXPECT_FALSE(call(r, 1).complete);
    EXPECT_TRUE(list_cut_off(r));
}

// A closed list has no such diagnostic.
TEST(RawTextPythonicCutOff, ClosedListIsNotCutOff) {
    const Response r = read("[get_weather(city=\"Paris\")]");
    ASSERT_EQ(r.tool_calls().size(), 1u);
    EXPECT_TRUE(call(r, 0).complete);
    EXPECT_TRUE(r.diagnostics.empty());
}

// A stop token after the closing ] (left in by the server) does not make the list look cut off.
TEST(RawTextPythonicCutOff, StopTokenAfterTheListIsNoCut) {
    for (const char* text : {"[get_weather(city=\"Paris\")]<|eot_id|>", "[get_weather(city=\"Paris\")]</s>\n"}) {
        const Response r = read(text);
        ASSERT_EQ(r.tool_calls().size(), 1u) << text;
        EXPECT_TRUE(call(r, 0).complete) << text;
        EXPECT_FALSE(list_cut_off(r)) << text;
        ASSERT_EQ(r.diagnostics.size(), 1u) << text;
        EXPECT_EQ(r.diagnostics[0].risk, Risk::Info) << text; // the stop token removed, nothing else
    }
    // Cut off before the ] and a stop token after: still cut off.
    const Response cut = read("[get_weather(city=\"Par<|eot_id|>");
    ASSERT_EQ(cut.tool_calls().size(), 1u);
    EXPECT_FALSE(call(cut, 0).complete);
    EXPECT_TRUE(list_cut_off(cut));
}

// Prose that starts like a call list: no call made of it; the text kept whole.
TEST(RawTextPythonicCutOff, ProseStartingLikeAListStaysText) {
    for (const char* text : {"[see(note)", "[see(note)] and then [more", "[get_weather(city=\"Paris\")] is how to call it. [x",
                             "[Note(see=below)\nThe rest of the answer."}) {
        const Response r = read(text);
        EXPECT_TRUE(r.tool_calls().empty()) << text;
        EXPECT_EQ(r.text(), text) << text;
    }
}

// Nothing read from a start like a cut-off list: kept as text, and said so.
TEST(RawTextPythonicCutOff, UnreadableCutOffStartIsSaid) {
    const Response r = read("[see(note)");
    EXPECT_TRUE(r.tool_calls().empty());
    ASSERT_EQ(r.diagnostics.size(), 1u);
    EXPECT_EQ(r.diagnostics[0].kind, DiagnosticKind::Preserved);
    EXPECT_EQ(r.diagnostics[0].risk, Risk::Warning);
}

} // namespace
