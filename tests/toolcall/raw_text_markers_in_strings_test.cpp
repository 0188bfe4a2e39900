// A call's JSON arguments may mention the format's own markup inside a string value (code or docs
// about the format): Hermes' <tool_call> and </tool_call> both, a <function=…> body's tags,
// DeepSeek's <｜tool▁call▁end｜> and <｜tool▁calls▁end｜>, Mistral's </s>, Llama 3's <|eom_id|>
// after a JSON call. Those must not end the call; a quote that never closes falls back to the
// first marker (read as cut off, and said so), and the search stays linear however the quotes
// fall.

#include <laminate/toolcall/raw_text.hpp>

#include "raw_text_support.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <string>

using namespace laminate;
using namespace laminate::toolcall;
using laminate::toolcall::test::call;
using laminate::toolcall::test::read;

namespace {

#define CALLS_BEGIN DS_("tool" SP "calls" SP "begin")
#define CALLS_END DS_("tool" SP "calls" SP "end")
#define CALL_BEGIN DS_("tool" SP "call" SP "begin")
#define CALL_END DS_("tool" SP "call" SP "end")
#define SEP DS_("tool" SP "sep")

bool any_risky(const Response& r) {
    auto risky = [](const Diagnostic& d) { return d.risk == Risk::Risky; };
    if (std::any_of(r.diagnostics.begin(), r.diagnostics.end(), risky)) return true;
    for (const ToolCall* c : r.tool_calls())
        if (std::any_of(c->diagnostics.begin(), c->diagnostics.end(), risky)) return true;
    return false;
}

// ---- Hermes -----------------------------------------------------------------------------------

TEST(RawTextMarkersInStrings, HermesBothTagsInsideAString) {
    const Response r = read("<tool_call>{\"name\": \"echo\", \"arguments\": {\"text\": \"use <tool_call> and "
                            "</tool_call> tags\"}}</tool_call>");
    EXPECT_EQ(r.provider, Format::Hermes);
    ASSERT_EQ(r.tool_calls().size(), 1u);
    EXPECT_EQ(call(r, 0).arguments["text"], Value("use <tool_call> and </tool_call> tags"));
    EXPECT_TRUE(call(r, 0).complete);
    EXPECT_TRUE(call(r, 0).diagnostics.empty());
    EXPECT_TRUE(r.diagnostics.empty());
    EXPECT_EQ(r.text(), "");
}

TEST(RawTextMarkersInStrings, HermesOpenerInsideAStringThenAnotherBlock) {
    const Response r = read("<tool_call>{\"name\": \"f\", \"arguments\": {\"s\": \"<tool_call>{}</tool_call>\"}}</tool_call>\n"
                            "<tool_call>{\"name\": \"g\", \"arguments\": {\"t\": \"<tool_call>\"}}</tool_call>\nDone.");
    ASSERT_EQ(r.tool_calls().size(), 2u);
    EXPECT_EQ(call(r, 0).arguments["s"], Value("<tool_call>{}</tool_call>"));
    EXPECT_EQ(call(r, 1).name, "g");
    EXPECT_EQ(call(r, 1).arguments["t"], Value("<tool_call>"));
    EXPECT_TRUE(call(r, 0).complete);
    EXPECT_TRUE(call(r, 1).complete);
    EXPECT_EQ(r.text(), "Done.");
}

TEST(RawTextMarkersInStrings, QwenCoderValueHoldsBothTags) {
    // Qwen3-Coder's values are not quoted: the tags count outside the parameters' values.
    const Response r = read("<tool_call>\n<function=echo>\n<parameter=text>\nuse <tool_call> and </tool_call> tags\n"
                            "</parameter>\n</function>\n</tool_call>\nDone.");
    ASSERT_EQ(r.tool_calls().size(), 1u);
    EXPECT_EQ(call(r, 0).arguments["text"], Value("use <tool_call> and </tool_call> tags"));
    EXPECT_TRUE(call(r, 0).complete);
    EXPECT_TRUE(r.diagnostics.empty());
    EXPECT_EQ(r.text(), "Done.");
}

TEST(RawTextMarkersInStrings, QwenCoderBlockLeftUnclosedEndsAtTheNextOpener) {
    const Response r = read("<tool_call>\n<function=f>\n<parameter=a>\n1\n</parameter>\n</function>\n"
                            "<tool_call>\n<function=g>\n<parameter=b>\n2\n</parameter>\n</function>\n</tool_call>");
    ASSERT_EQ(r.tool_calls().size(), 2u);
    EXPECT_EQ(call(r, 0).arguments["a"], Value(1));
    EXPECT_TRUE(call(r, 0).complete);
    EXPECT_EQ(call(r, 1).arguments["b"], Value(2));
    EXPECT_EQ(r.text(), "");
}

TEST(RawTextMarkersInStrings, FunctionTagBodyMentionsBothTags) {
    const Response r = read("<function=f>{\"s\": \"<function=g>{} </function>\"}</function>", Format::Hermes);
    ASSERT_EQ(r.tool_calls().size(), 1u);
    EXPECT_EQ(call(r, 0).name, "f");
    EXPECT_EQ(call(r, 0).arguments["s"], Value("<function=g>{} </function>"));
    EXPECT_TRUE(call(r, 0).complete);
    EXPECT_EQ(r.text(), "");
}

TEST(RawTextMarkersInStrings, HermesQuoteNeverClosedTakesTheFirstCloserAndSaysSo) {
    // The string holding </tool_call> is never closed: no closer lies outside a string, so the
    // first one ends the block, and the call reads as cut off.
    const Response r = read("<tool_call>{\"name\": \"f\", \"arguments\": {\"a\": \"say </tool_call>", Format::Hermes);
    ASSERT_EQ(r.tool_calls().size(), 1u);
    EXPECT_FALSE(call(r, 0).complete);
    EXPECT_TRUE(any_risky(r));
}

bool warned_unclosed(const Response& r) {
    return std::any_of(r.diagnostics.begin(), r.diagnostics.end(), [](const Diagnostic& d) {
        return d.repair == RepairKind::MissingCloser && d.risk == Risk::Warning && d.path.empty() &&
               d.message.find("no closing tag") != std::string::npos;
    });
}

TEST(RawTextMarkersInStrings, BlockLeftUnclosedEndsAtTheNextOpener) {
    // The closer forgotten: the block ends where the next opens, outside any string, said with a
    // Warning; it does not run over the next block.
    const std::string text = "<tool_call>{\"name\": \"f\", \"arguments\": {\"a\": 1}}\n"
                             "<tool_call>{\"name\": \"g\", \"arguments\": {}}</tool_call>";
    const Response r = read(text);
    ASSERT_EQ(r.tool_calls().size(), 2u);
    EXPECT_EQ(call(r, 0).arguments["a"], Value(1));
    EXPECT_TRUE(call(r, 0).complete);
    EXPECT_EQ(call(r, 1).name, "g");
    EXPECT_TRUE(warned_unclosed(r));
    for (const Diagnostic& d : r.diagnostics)
        if (d.repair == RepairKind::MissingCloser) {
            EXPECT_EQ(d.offset, text.rfind("<tool_call>"));
        }
    EXPECT_EQ(r.text(), "");
    const Response f = read("<function=f>{\"a\": 1}\n<function=g>{}</function>");
    ASSERT_EQ(f.tool_calls().size(), 2u);
    EXPECT_EQ(call(f, 0).arguments["a"], Value(1));
    EXPECT_EQ(call(f, 1).name, "g");
    EXPECT_TRUE(warned_unclosed(f));
}

TEST(RawTextMarkersInStrings, OpenerMentionedInWordsInsideABlockEndsNothing) {
    // "<tool_call>" in words beside the call, no body after it: a mention, not the next block.
    const Response r = read("<tool_call>{\"name\": \"f\", \"arguments\": {}} (use <tool_call> tags)</tool_call>");
    ASSERT_EQ(r.tool_calls().size(), 1u);
    EXPECT_EQ(call(r, 0).name, "f");
    EXPECT_FALSE(warned_unclosed(r));
    EXPECT_FALSE(any_risky(r));
    EXPECT_NE(r.text().find("use <tool_call> tags"), std::string::npos);
}

TEST(RawTextMarkersInStrings, UnclosedBlockWhoseStringHoldsTheCloser) {
    // The string holds </tool_call> and the block has none of its own: it ends at the next
    // opener, where its JSON has closed.
    const Response r = read("<tool_call>{\"name\": \"f\", \"arguments\": {\"a\": \"use </tool_call>\"}}\n"
                            "<tool_call>{\"name\": \"g\", \"arguments\": {}}</tool_call>");
    ASSERT_EQ(r.tool_calls().size(), 2u);
    EXPECT_EQ(call(r, 0).arguments["a"], Value("use </tool_call>"));
    EXPECT_EQ(call(r, 1).name, "g");
    EXPECT_TRUE(warned_unclosed(r));
    EXPECT_FALSE(any_risky(r));
}

TEST(RawTextMarkersInStrings, TwoCallsWhoseQuotesNeverCloseStayTwo) {
    // Each call's string runs into its closer; paired up, the two quotes would make one call of
    // both. A later closer counts only where the JSON has closed.
    struct Case {
        std::string text;
        Format format;
    };
    const Case cases[] = {
        {"<tool_call>{\"name\": \"f\", \"arguments\": {\"a\": \"x</tool_call><tool_call>{\"name\": \"g\", "
         "\"arguments\": {\"a\": \"y</tool_call>",
         Format::Hermes},
        {"<|python_tag|>{\"name\": \"f\", \"parameters\": {\"a\": \"x<|eom_id|><|python_tag|>{\"name\": \"g\", "
         "\"parameters\": {\"a\": \"y<|eom_id|>",
         Format::Llama3},
        {CALLS_BEGIN CALL_BEGIN "f" SEP "{\"a\": \"x" CALL_END CALL_BEGIN "g" SEP "{\"a\": \"y" CALL_END CALLS_END,
         Format::DeepSeek},
    };
    for (const Case& c : cases) {
        const Response r = read(c.text, c.format);
        ASSERT_EQ(r.tool_calls().size(), 2u) << format_name(c.format);
        EXPECT_EQ(call(r, 0).arguments["a"], Value("x")) << format_name(c.format);
        EXPECT_EQ(call(r, 1).name, "g") << format_name(c.format);
        EXPECT_EQ(call(r, 1).arguments["a"], Value("y")) << format_name(c.format);
        EXPECT_TRUE(any_risky(r)) << format_name(c.format);
    }
}

TEST(RawTextMarkersInStrings, HermesSearchStaysLinear) {
    // Strings that never close, and quotes escaped so that every tag falls inside a string until
    // one opener at the end: each block must not search the rest of the text again.
    std::string unclosed;
    for (int i = 0; i < 30000; ++i) unclosed += "<tool_call>{\"name\": \"f\", \"arguments\": {\"a\": \"x</tool_call>";
    std::string escaped;
    for (int i = 0; i < 30000; ++i) escaped += "<tool_call>{\"\\\" </tool_call> ";
    escaped += "\" <tool_call>{\"name\": \"f\", \"arguments\": {}}</tool_call>";
    std::string inside;
    for (int i = 0; i < 30000; ++i)
        inside += "<tool_call>{\"name\": \"f\", \"arguments\": {\"a\": \"<tool_call></tool_call>\"}}</tool_call>";
    std::string no_closers; // each block ends at the next opener; the closer is not looked for again
    for (int i = 0; i < 30000; ++i) no_closers += "<tool_call>{\"name\": \"f\", \"arguments\": {}}";
    std::string xml_values; // Qwen3-Coder values that hold the closer, never closed themselves
    for (int i = 0; i < 30000; ++i) xml_values += "<tool_call><function=f><parameter=a>x</tool_call>";
    std::string xml_unclosed;
    for (int i = 0; i < 30000; ++i) xml_unclosed += "<tool_call><function=f><parameter=a>x</parameter></function>";
    RawTextOptions options;
    options.max_calls = 100000;
    for (const std::string* text : {&unclosed, &escaped, &inside, &no_closers, &xml_values, &xml_unclosed}) {
        const auto start = std::chrono::steady_clock::now();
        auto r = read_raw_text(*text, Format::Hermes, options);
        EXPECT_TRUE(r.has_value());
        EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(2));
        if (text == &inside && r) {
            EXPECT_EQ(r->tool_calls().size(), 30000u);
        }
    }
}

// ---- DeepSeek ---------------------------------------------------------------------------------

TEST(RawTextMarkersInStrings, DeepSeekV31MarkersInsideAString) {
    const Response r = read(CALLS_BEGIN CALL_BEGIN "echo" SEP "{\"text\": \"ends with " CALL_END " and " CALLS_END
                            "\"}" CALL_END CALL_BEGIN "g" SEP "{}" CALL_END CALLS_END);
    EXPECT_EQ(r.provider, Format::DeepSeek);
    ASSERT_EQ(r.tool_calls().size(), 2u);
    EXPECT_EQ(call(r, 0).arguments["text"], Value("ends with " CALL_END " and " CALLS_END));
    EXPECT_TRUE(call(r, 0).complete);
    EXPECT_TRUE(call(r, 0).diagnostics.empty());
    EXPECT_EQ(call(r, 1).name, "g");
    EXPECT_TRUE(r.diagnostics.empty());
    EXPECT_EQ(r.text(), "");
}

TEST(RawTextMarkersInStrings, DeepSeekR1FencedArgumentsMentionTheMarkers) {
    const Response r = read(CALLS_BEGIN CALL_BEGIN "function" SEP "echo\n```json\n{\"text\": \"" CALL_BEGIN
                            "x" CALL_END "\"}\n```" CALL_END CALLS_END "All done.",
                            Format::DeepSeek);
    ASSERT_EQ(r.tool_calls().size(), 1u);
    EXPECT_EQ(call(r, 0).name, "echo");
    EXPECT_EQ(call(r, 0).arguments["text"], Value(CALL_BEGIN "x" CALL_END));
    EXPECT_TRUE(call(r, 0).complete);
    EXPECT_EQ(r.text(), "All done.");
}

TEST(RawTextMarkersInStrings, DeepSeekQuoteNeverClosedTakesTheFirstMarker) {
    // The text ends inside the string: the first marker ends the call, as before.
    const Response r = read(CALLS_BEGIN CALL_BEGIN "f" SEP "{\"a\": \"x" CALL_END CALLS_END, Format::DeepSeek);
    ASSERT_EQ(r.tool_calls().size(), 1u);
    EXPECT_EQ(call(r, 0).name, "f");
    EXPECT_EQ(r.text(), "");
    EXPECT_FALSE(call(r, 0).diagnostics.empty());
}

TEST(RawTextMarkersInStrings, DeepSeekSearchStaysLinear) {
    std::string unclosed = CALLS_BEGIN;
    for (int i = 0; i < 30000; ++i) unclosed += CALL_BEGIN "f" SEP "{\"a\": \"x" CALL_END;
    std::string inside = CALLS_BEGIN;
    for (int i = 0; i < 30000; ++i) inside += CALL_BEGIN "f" SEP "{\"a\": \"" CALL_END "\"}" CALL_END;
    RawTextOptions options;
    options.max_calls = 100000;
    for (const std::string* text : {&unclosed, &inside}) {
        const auto start = std::chrono::steady_clock::now();
        auto r = read_raw_text(*text, Format::DeepSeek, options);
        EXPECT_TRUE(r.has_value());
        EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(2));
        if (text == &inside && r) {
            EXPECT_EQ(r->tool_calls().size(), 30000u);
        }
    }
}

// ---- DeepSeek V3.2 DSML -------------------------------------------------------------------------

#define DSML_OPEN(x) "<\xEF\xBD\x9C" "DSML" "\xEF\xBD\x9C" x ">"
#define DSML_CLOSE(x) "</\xEF\xBD\x9C" "DSML" "\xEF\xBD\x9C" x ">"

TEST(RawTextMarkersInStrings, DsmlInvokeCloserInsideAValue) {
    const Response json = read(DSML_OPEN("function_calls") "\n" DSML_OPEN("invoke name=\"f\"") "{\"s\": \"a "
                               DSML_CLOSE("invoke") " b\"}" DSML_CLOSE("invoke") "\n" DSML_CLOSE("function_calls"));
    ASSERT_EQ(json.tool_calls().size(), 1u);
    EXPECT_EQ(call(json, 0).arguments["s"], Value("a " DSML_CLOSE("invoke") " b"));
    EXPECT_TRUE(call(json, 0).complete);
    EXPECT_TRUE(json.diagnostics.empty());
    const Response params = read(DSML_OPEN("function_calls") "\n" DSML_OPEN("invoke name=\"f\"") "\n"
                                 DSML_OPEN("parameter name=\"code\" string=\"true\"") "x = \"" DSML_CLOSE("invoke")
                                 "\"" DSML_CLOSE("parameter") "\n" DSML_CLOSE("invoke") "\n" DSML_OPEN("invoke name=\"g\"")
                                 "\n" DSML_OPEN("parameter name=\"n\" string=\"false\"") "2" DSML_CLOSE("parameter") "\n"
                                 DSML_CLOSE("invoke") "\n" DSML_CLOSE("function_calls"));
    ASSERT_EQ(params.tool_calls().size(), 2u);
    EXPECT_EQ(call(params, 0).arguments["code"], Value("x = \"" DSML_CLOSE("invoke") "\""));
    EXPECT_TRUE(call(params, 0).complete);
    EXPECT_EQ(call(params, 1).arguments["n"], Value(2));
    EXPECT_EQ(params.text(), "");
}

TEST(RawTextMarkersInStrings, DsmlSearchStaysLinear) {
    std::string json = DSML_OPEN("function_calls");
    for (int i = 0; i < 30000; ++i) json += DSML_OPEN("invoke name=\"f\"") "{\"a\": \"x" DSML_CLOSE("invoke");
    std::string values = DSML_OPEN("function_calls");
    for (int i = 0; i < 30000; ++i)
        values += DSML_OPEN("invoke name=\"f\"") DSML_OPEN("parameter name=\"p\" string=\"true\"") "x" DSML_CLOSE("invoke");
    RawTextOptions options;
    options.max_calls = 100000;
    for (const std::string* text : {&json, &values}) {
        const auto start = std::chrono::steady_clock::now();
        auto r = read_raw_text(*text, Format::DeepSeek, options);
        EXPECT_TRUE(r.has_value());
        EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(2));
    }
}

// ---- Mistral ----------------------------------------------------------------------------------

TEST(RawTextMarkersInStrings, MistralEndOfSequenceInsideAString) {
    for (const char* text : {"[TOOL_CALLS]f[ARGS]{\"s\": \"end with </s> token\"}</s>",
                             "[TOOL_CALLS][{\"name\": \"f\", \"arguments\": {\"s\": \"end with </s> token\"}}]</s>"}) {
        const Response r = read(text);
        ASSERT_EQ(r.tool_calls().size(), 1u) << text;
        EXPECT_EQ(call(r, 0).arguments["s"], Value("end with </s> token")) << text;
        EXPECT_TRUE(call(r, 0).complete) << text;
        EXPECT_FALSE(any_risky(r)) << text;
    }
}

// The last call's arguments mention [TOOL_CALLS] and no marker follows them: the call runs to
// the end of the text (it used to end at the mention, cut off and Risky).
TEST(RawTextMarkersInStrings, MistralOwnMarkerInsideTheLastCallsString) {
    for (const char* text : {"[TOOL_CALLS]note[ARGS]{\"text\": \"write [TOOL_CALLS] then\"}",
                             "[TOOL_CALLS]note{\"text\": \"write [TOOL_CALLS] then\"}",
                             "[TOOL_CALLS]note[CALL_ID]a1[ARGS]{\"text\": \"write [TOOL_CALLS] then\"}</s>"}) {
        for (const Format format : {Format::AutoDetect, Format::Mistral}) {
            const Response r = read(text, format);
            EXPECT_EQ(r.provider, Format::Mistral) << text;
            ASSERT_EQ(r.tool_calls().size(), 1u) << text;
            EXPECT_EQ(call(r, 0).name, "note") << text;
            EXPECT_EQ(call(r, 0).arguments["text"], Value("write [TOOL_CALLS] then")) << text;
            EXPECT_TRUE(call(r, 0).complete) << text;
            EXPECT_TRUE(call(r, 0).diagnostics.empty()) << text;
            EXPECT_TRUE(r.diagnostics.empty()) << text;
            EXPECT_EQ(r.text(), "") << text;
        }
    }
}

TEST(RawTextMarkersInStrings, MistralOwnMarkerInsideAStringThenAnotherCall) {
    const Response r = read("[TOOL_CALLS]f[ARGS]{\"s\": \"[TOOL_CALLS]g[ARGS]{}\"}[TOOL_CALLS]g[ARGS]{\"t\": \"[TOOL_CALLS]\"}");
    ASSERT_EQ(r.tool_calls().size(), 2u);
    EXPECT_EQ(call(r, 0).arguments["s"], Value("[TOOL_CALLS]g[ARGS]{}"));
    EXPECT_EQ(call(r, 1).name, "g");
    EXPECT_EQ(call(r, 1).arguments["t"], Value("[TOOL_CALLS]"));
    EXPECT_TRUE(call(r, 0).complete);
    EXPECT_TRUE(call(r, 1).complete);
    EXPECT_FALSE(any_risky(r));
}

// A quote that never closes: the text ends inside the arguments, so the first marker still ends
// the call, read as cut off and said so (never a complete call).
TEST(RawTextMarkersInStrings, MistralUnclosedQuoteStillEndsAtTheMarker) {
    const Response r = read("[TOOL_CALLS]f[ARGS]{\"s\": \"open [TOOL_CALLS]g[ARGS]{\"t\": 1}");
    ASSERT_GE(r.tool_calls().size(), 1u);
    EXPECT_FALSE(call(r, 0).complete);
    EXPECT_TRUE(any_risky(r));
}

// ---- Llama 3 ----------------------------------------------------------------------------------

TEST(RawTextMarkersInStrings, Llama3StopTokenInsideAString) {
    const Response r = read("<|python_tag|>{\"name\": \"say\", \"parameters\": {\"s\": \"end with <|eom_id|> or <|eot_id|>\"}}"
                            "<|eom_id|>Then: <|python_tag|>{\"name\": \"g\", \"parameters\": {}}<|eom_id|>");
    EXPECT_EQ(r.provider, Format::Llama3);
    ASSERT_EQ(r.tool_calls().size(), 2u);
    EXPECT_EQ(call(r, 0).arguments["s"], Value("end with <|eom_id|> or <|eot_id|>"));
    EXPECT_TRUE(call(r, 0).complete);
    EXPECT_EQ(call(r, 1).name, "g");
    EXPECT_EQ(r.text(), "Then:");
    EXPECT_FALSE(any_risky(r));
}

TEST(RawTextMarkersInStrings, Llama3PythonCodeKeepsTheFirstStopToken) {
    // Python's quotes are not JSON's: a built-in call ends at its first stop token, as before.
    const Response r = read("<|python_tag|>brave_search.call(query='say \"hi')<|eom_id|>"
                            "<|python_tag|>{\"name\": \"g\", \"parameters\": {\"q\": \"x\"}}<|eom_id|>",
                            Format::Llama3);
    ASSERT_EQ(r.tool_calls().size(), 2u);
    EXPECT_EQ(call(r, 0).name, "brave_search");
    EXPECT_EQ(call(r, 1).name, "g");
    EXPECT_EQ(call(r, 1).arguments["q"], Value("x"));
}

TEST(RawTextMarkersInStrings, Llama3SearchStaysLinear) {
    std::string unclosed;
    for (int i = 0; i < 30000; ++i) unclosed += "<|python_tag|>{\"name\": \"f\", \"parameters\": {\"a\": \"x<|eom_id|>";
    std::string inside;
    for (int i = 0; i < 30000; ++i)
        inside += "<|python_tag|>{\"name\": \"f\", \"parameters\": {\"a\": \"<|eom_id|>\"}}<|eom_id|>";
    RawTextOptions options;
    options.max_calls = 100000;
    for (const std::string* text : {&unclosed, &inside}) {
        const auto start = std::chrono::steady_clock::now();
        auto r = read_raw_text(*text, Format::Llama3, options);
        EXPECT_TRUE(r.has_value());
        EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(2));
        if (text == &inside && r) {
            EXPECT_EQ(r->tool_calls().size(), 30000u);
        }
    }
}

} // namespace
