// Calls written inside code or prose (an example, a format to follow, a call the model declines):
// what they were meant as cannot be read, where they are written can. Such a call is still
// returned, with a warning at tool_calls[n] that it may be an example; a call on its own line
// after a sentence, or an answer that is only a call, stays quiet.
#include "raw_text_support.hpp"

#include <laminate/toolcall/raw_text.hpp>

#include <gtest/gtest.h>

#include <chrono>
#include <string>
#include <vector>

namespace laminate::toolcall {
namespace {

using test::read;

// The response diagnostics that flag a call as written inside code or prose.
std::vector<Diagnostic> flags(const Response& r) {
    std::vector<Diagnostic> out;
    for (const auto& d : r.diagnostics)
        if (d.repair == RepairKind::WrapperStripped && d.message.find("the call is written") == 0) out.push_back(d);
    return out;
}

struct Case {
    std::string text;
    std::vector<std::string> names; // the calls read
    std::size_t flagged;            // index of the call warned about
    std::string markup;             // where the warning points (its first occurrence in text)
};

TEST(RawTextEmbedded, CallsInsideCodeOrProseAreWarnedAbout) {
    const Case cases[] = {
        {"Here is an example:\n```\n<tool_call>{\"name\":\"delete_all\",\"arguments\":{}}</tool_call>\n```\nI will not call it.",
         {"delete_all"}, 0, "<tool_call>"},
        {"Use this format: `<tool_call>{\"name\":\"rm\",\"arguments\":{\"path\":\"/\"}}</tool_call>` \xE2\x80\x94 but I will not run it.",
         {"rm"}, 0, "<tool_call>"},
        {"Do NOT emit:\n```json\n{\"name\":\"rm\",\"arguments\":{\"path\":\"/\"}}\n```\nAnswer: 4", {"rm"}, 0, "```json"},
        {"I could call [TOOL_CALLS][{\"name\":\"rm\",\"arguments\":{}}] but I will not.", {"rm"}, 0, "[TOOL_CALLS]"},
        {"To call a tool, write <tool_call>{\"name\": \"f\", \"arguments\": {}}</tool_call> in your answer.", {"f"}, 0,
         "<tool_call>"},
        {"<tool_call>{\"name\":\"f\",\"arguments\":{\"a\":1}}</tool_call>\nFor reference, a different call would be:\n```\n"
         "<tool_call>{\"name\":\"g\",\"arguments\":{}}</tool_call>\n```",
         {"f", "g"}, 1, "<tool_call>{\"name\":\"g\""},
        // (A template's placeholder name, "tool_name", would be no call at all: raw_text_placeholders_test.)
        {"For example, a call looks like {\"name\": \"get_weather\", \"arguments\": {\"arg\": \"value\"}}.", {"get_weather"}, 0,
         "{\"name\""},
        {"Try it: <function=f>{\"a\": 1}</function> then tell me.", {"f"}, 0, "<function="},
    };
    for (const auto& c : cases) {
        SCOPED_TRACE(c.text);
        const Response r = read(c.text);
        ASSERT_EQ(r.tool_calls().size(), c.names.size());
        for (std::size_t i = 0; i < c.names.size(); ++i) EXPECT_EQ(test::call(r, i).name, c.names[i]);
        const auto f = flags(r);
        ASSERT_EQ(f.size(), 1u);
        EXPECT_EQ(f[0].risk, Risk::Warning);
        EXPECT_EQ(f[0].path, "tool_calls[" + std::to_string(c.flagged) + "]");
        EXPECT_EQ(f[0].offset, c.text.find(c.markup));
        EXPECT_EQ(f[0].message.find("rm"), std::string::npos); // never quotes the input
    }
}

TEST(RawTextEmbedded, CallsOnTheirOwnLinesStayQuiet) {
    for (std::string text :
         {std::string("Let me check.\n<tool_call>{\"name\":\"f\",\"arguments\":{}}</tool_call>"),
          std::string("<tool_call>{\"name\":\"f\",\"arguments\":{}}</tool_call>"),
          std::string("<think>plan `x`</think>Sure.\n<tool_call>{\"name\":\"f\",\"arguments\":{}}</tool_call>\n"
                      "<tool_call>{\"name\":\"g\",\"arguments\":{}}</tool_call>"),
          std::string("{\"name\": \"f\", \"arguments\": {}}"),
          std::string("Checking.\n{\"name\": \"f\", \"arguments\": {}}"),
          std::string("Sure.[TOOL_CALLS][{\"name\":\"f\",\"arguments\":{}}]"),
          std::string("Sure, let me check the weather.<tool_call>{\"name\":\"f\",\"arguments\":{}}</tool_call>"),
          std::string("{\"name\": \"f\", \"parameters\": {}}; {\"name\": \"g\", \"parameters\": {}}"),
          std::string("Calling. <\xEF\xBD\x9Ctool\xE2\x96\x81" "call\xE2\x96\x81" "begin\xEF\xBD\x9C>f<\xEF\xBD\x9Ctool\xE2\x96\x81"
                      "sep\xEF\xBD\x9C>{\"a\": 1}<\xEF\xBD\x9Ctool\xE2\x96\x81" "call\xE2\x96\x81" "end\xEF\xBD\x9C>"),
          std::string("[get_time(tz=\"UTC\")]")}) {
        SCOPED_TRACE(text);
        const Response r = read(text);
        ASSERT_FALSE(r.tool_calls().empty());
        EXPECT_TRUE(r.diagnostics.empty()) << to_value(r).dump();
    }
}

// A colon introduces what follows, an example as often as a call: words before it on the call's
// line are prose ("For example: {...}" is flagged as "The user profile is {...}" is). Only a
// one-word label that names no example ("Calling:", "Action:") is a call's lead-in. Before a bare
// JSON call even a finished sentence on its line is prose: nothing marks the JSON as a call.
TEST(RawTextEmbedded, WordsEndingInAColonBeforeTheCallAreProse) {
    const std::string bare = "{\"name\": \"search\", \"arguments\": {\"q\": \"cats\"}}";
    const std::string tagged = "<tool_call>" + bare + "</tool_call>";
    for (const std::string& text :
         {"For example: " + bare, "The user profile is " + bare, "Example: " + bare, "Use this format: " + tagged,
          "Let me call the tool: " + tagged, "Checking. " + bare, "Output: " + bare}) {
        SCOPED_TRACE(text);
        const Response r = read(text);
        ASSERT_EQ(r.tool_calls().size(), 1u);
        const auto f = flags(r);
        ASSERT_EQ(f.size(), 1u);
        EXPECT_EQ(f[0].risk, Risk::Warning);
        EXPECT_EQ(f[0].path, "tool_calls[0]");
        EXPECT_EQ(f[0].offset, text.find(text.find("<tool_call>") != std::string::npos ? "<tool_call>" : "{"));
    }
    for (const std::string& text : {bare, "Calling: " + bare, "Action: " + bare, "Action: " + tagged,
                                    "Sure.\n" + bare, "Sure." + tagged, "  " + bare + "\n"}) {
        SCOPED_TRACE(text);
        const Response r = read(text);
        ASSERT_EQ(r.tool_calls().size(), 1u);
        EXPECT_TRUE(r.diagnostics.empty()) << to_value(r).dump();
    }
}

// A call on its own line is as often an example when the line before it says one follows
// ("Here is an example of the syntax:"); a plain lead-in ending in a colon stays quiet.
TEST(RawTextEmbedded, ACallAfterALineIntroducingAnExampleIsWarnedAbout) {
    const std::string bare = "{\"name\": \"delete_user\", \"arguments\": {\"id\": 7}}";
    const std::string tagged = "<tool_call>" + bare + "</tool_call>";
    const std::string pythonic = "[delete_user(id=7)]";
    for (const std::string& call : {bare, tagged, pythonic}) {
        for (const char* lead :
             {"Here is an example of the syntax:\n", "Example:\n\n", "For instance:\n", "It would look like this:\n",
              "Reply in the following format:\n", "Usage:\n", "Sure. A call to it looks like:\n  ",
              "e.g.:\n", "e.g.\n", "Sample call:\n", "If I had permission I'd run:\n",
              "I won't call this, but for reference:\n", "I'm not able to do that. If I could, I'd run:\n"}) {
            // (A pythonic list is read only on the answer's last line.)
            const std::string text = std::string(lead) + call + (call == pythonic ? "" : "\nI have not run it.");
            SCOPED_TRACE(text);
            const Response r = read(text);
            ASSERT_EQ(r.tool_calls().size(), 1u) << to_value(r).dump();
            EXPECT_EQ(test::call(r, 0).name, "delete_user");
            const auto f = flags(r);
            ASSERT_EQ(f.size(), 1u) << to_value(r).dump();
            EXPECT_EQ(f[0].risk, Risk::Warning);
            EXPECT_EQ(f[0].path, "tool_calls[0]");
            EXPECT_EQ(f[0].offset, text.find(call.substr(0, 2)));
            EXPECT_EQ(f[0].message.find("delete"), std::string::npos);
        }
    }
    // The line after the call says it was an example, or that it is not made.
    for (const std::string& call : {bare, tagged}) {
        for (const char* after : {"\n^ That is an example of the format; I'm not actually calling it.",
                                  "\nBut I don't have permission, so I won't.", "\n\nI will not run it."}) {
            const std::string text = "Sure.\n" + call + after;
            SCOPED_TRACE(text);
            const Response r = read(text);
            ASSERT_EQ(r.tool_calls().size(), 1u) << to_value(r).dump();
            const auto f = flags(r);
            ASSERT_EQ(f.size(), 1u) << to_value(r).dump();
            EXPECT_EQ(f[0].risk, Risk::Warning);
            EXPECT_EQ(f[0].offset, text.find(call.substr(0, 2)));
        }
    }
    // A lead-in that names no example, an example word that does not end the line before, a
    // question, a line after that introduces something else.
    for (const std::string& text :
         {"Let me check the weather:\n" + tagged, "Calling the tool:\n" + bare, "Sure:\n" + pythonic,
          "Here is an example of why it matters.\n" + tagged, "Checking the disk usage now.\n" + tagged,
          "I'd like to look that up:\n" + tagged, "An example?\n" + tagged,
          tagged + "\nFor reference, the result will come back as:\n```\n{\"id\": 7}\n```",
          tagged + "\nThe results will show the user's details."}) {
        SCOPED_TRACE(text);
        const Response r = read(text);
        ASSERT_EQ(r.tool_calls().size(), 1u) << to_value(r).dump();
        EXPECT_TRUE(flags(r).empty()) << to_value(r).dump();
    }
}

TEST(RawTextEmbedded, AnAnswerThatIsOnlyAFencedCallIsAtMostNoted) {
    const std::string text = "```\n<tool_call>{\"name\":\"f\",\"arguments\":{}}</tool_call>\n```";
    const Response r = read(text);
    ASSERT_EQ(r.tool_calls().size(), 1u);
    const auto f = flags(r);
    ASSERT_EQ(f.size(), 1u);
    EXPECT_EQ(f[0].risk, Risk::Info);
    EXPECT_EQ(f[0].offset, text.find("<tool_call>"));
    // A fenced bare JSON call: the parser's own fence diagnostics say it, nothing more.
    const Response j = read("```json\n{\"name\":\"f\",\"arguments\":{}}\n```");
    ASSERT_EQ(j.tool_calls().size(), 1u);
    EXPECT_TRUE(flags(j).empty());
}

TEST(RawTextEmbedded, MistralProseAfterThePayloadIsKept) {
    const Response r = read("I could call [TOOL_CALLS][{\"name\":\"rm\",\"arguments\":{}}] but I will not.");
    EXPECT_EQ(r.text(), "I could call  but I will not.");
}

TEST(RawTextEmbedded, LlamaProseAfterThePayloadIsKeptAndFlagsTheCall) {
    const std::string text = "<|python_tag|>{\"name\": \"f\", \"parameters\": {}} and more words";
    const Response r = read(text);
    ASSERT_EQ(r.tool_calls().size(), 1u);
    EXPECT_EQ(r.text(), "and more words");
    const auto f = flags(r);
    ASSERT_EQ(f.size(), 1u);
    EXPECT_EQ(f[0].risk, Risk::Warning);
    EXPECT_EQ(f[0].offset, 0u);
}

TEST(RawTextEmbedded, ManyCallsOnOneLineStayLinear) {
    std::string text = "x ";
    for (int i = 0; i < 20000; ++i) text += "<tool_call>{\"name\":\"f\",\"arguments\":{}}</tool_call>; ";
    text += "y";
    RawTextOptions options;
    options.max_calls = 100000;
    const auto start = std::chrono::steady_clock::now();
    auto r = read_raw_text(text, Format::AutoDetect, options);
    const auto took = std::chrono::steady_clock::now() - start;
    ASSERT_TRUE(r);
    EXPECT_EQ(r->tool_calls().size(), 20000u);
    EXPECT_EQ(flags(*r).size(), 2u); // the first (words before it) and the last (words after it)
    EXPECT_LT(took, std::chrono::seconds(5));
}

TEST(RawTextEmbedded, PythonicRepeatedKeywordSaysTheLastWon) {
    const std::string text = "[f(amount=100, amount=100000)]";
    const Response r = read(text);
    ASSERT_EQ(r.tool_calls().size(), 1u);
    const ToolCall& c = test::call(r, 0);
    EXPECT_EQ(c.arguments["amount"].as_double(), 100000.0);
    ASSERT_EQ(c.diagnostics.size(), 1u);
    EXPECT_EQ(c.diagnostics[0].kind, DiagnosticKind::DuplicateKey);
    EXPECT_EQ(c.diagnostics[0].risk, Risk::Warning);
    EXPECT_EQ(c.diagnostics[0].path, "amount");
    EXPECT_EQ(c.diagnostics[0].offset, text.rfind("amount"));
}

// A parameter given twice in the XML forms (Qwen3-Coder, DSML) says so as a pythonic keyword
// does; and thousands of parameters are read in one pass (no key lookup member by member).
TEST(RawTextEmbedded, XmlParameterGivenTwiceSaysTheLastWon) {
    const std::string text = "<tool_call>\n<function=f>\n<parameter=a>\n1\n</parameter>\n"
                             "<parameter=b>\nx\n</parameter>\n<parameter=a>\n2\n</parameter>\n</function>\n</tool_call>";
    const Response r = read(text);
    ASSERT_EQ(r.tool_calls().size(), 1u) << to_value(r).dump();
    const ToolCall& c = test::call(r, 0);
    EXPECT_EQ(c.arguments.dump(), R"({"a":2,"b":"x"})");
    ASSERT_EQ(c.diagnostics.size(), 1u) << to_value(r).dump();
    EXPECT_EQ(c.diagnostics[0].kind, DiagnosticKind::DuplicateKey);
    EXPECT_EQ(c.diagnostics[0].risk, Risk::Warning);
    EXPECT_EQ(c.diagnostics[0].path, "a");
    EXPECT_EQ(c.diagnostics[0].offset, text.rfind("a>"));

    std::string many = "<tool_call>\n<function=f>\n";
    for (int i = 0; i < 20000; ++i)
        many += "<parameter=p" + std::to_string(i) + ">\n" + std::to_string(i) + "\n</parameter>\n";
    many += "</function>\n</tool_call>";
    const Response big = read(many);
    ASSERT_EQ(big.tool_calls().size(), 1u);
    EXPECT_EQ(test::call(big, 0).arguments.size(), 20000u);
    EXPECT_EQ(test::call(big, 0).arguments["p19999"], Value(19999));
    EXPECT_TRUE(test::call(big, 0).diagnostics.empty());
}

TEST(RawTextEmbedded, PythonicExpressionIsKeptAsTextWithAWarning) {
    const std::string text = "[f(a=1+2, b=ready)]";
    const Response r = read(text);
    ASSERT_EQ(r.tool_calls().size(), 1u);
    const ToolCall& c = test::call(r, 0);
    EXPECT_EQ(c.arguments["a"].as_string(), "1+2");
    EXPECT_EQ(c.arguments["b"].as_string(), "ready");
    ASSERT_EQ(c.diagnostics.size(), 2u) << to_value(r).dump(); // and b's unquoted_string
    EXPECT_EQ(c.diagnostics[0].repair, RepairKind::ExpressionAsString);
    EXPECT_EQ(c.diagnostics[0].risk, Risk::Warning);
    EXPECT_EQ(c.diagnostics[0].path, "a");
    EXPECT_EQ(c.diagnostics[0].offset, text.find("1+2"));
}

} // namespace
} // namespace laminate::toolcall
