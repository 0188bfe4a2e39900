// Tool calls written in a model's plain text: every format, reasoning split off, detection, and
// a truncated last call reported as partial.

#include <laminate/parse.hpp>
#include <laminate/toolcall/raw_text.hpp>

#include "raw_text_support.hpp"

#include <gtest/gtest.h>

#include <chrono>

using namespace laminate;
using namespace laminate::toolcall;
using laminate::toolcall::test::call;
using laminate::toolcall::test::read;

namespace {



constexpr std::string_view kCallsBegin = DS_("tool" SP "calls" SP "begin");
constexpr std::string_view kCallsEnd = DS_("tool" SP "calls" SP "end");
constexpr std::string_view kCallBegin = DS_("tool" SP "call" SP "begin");
constexpr std::string_view kCallEnd = DS_("tool" SP "call" SP "end");
constexpr std::string_view kSep = DS_("tool" SP "sep");

std::string cat(std::initializer_list<std::string_view> parts) {
    std::string out;
    for (auto p : parts) out += p;
    return out;
}

} // namespace

TEST(ToolcallRawText, HermesWithThinkAndProse) {
    const Response r = read("<think>\nThe user wants weather.\n</think>\nLet me check.\n"
                            "<tool_call>\n{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Paris\"}}\n</tool_call>\n"
                            "<tool_call>\n{\"name\": \"get_time\", \"arguments\": {\"tz\": \"CET\"}}\n</tool_call>");
    EXPECT_EQ(r.provider, Format::Hermes);
    EXPECT_EQ(r.reasoning(), "The user wants weather.");
    EXPECT_EQ(r.text(), "Let me check.");
    ASSERT_EQ(r.tool_calls().size(), 2u);
    EXPECT_EQ(call(r, 0).id, "call_0");
    EXPECT_EQ(call(r, 0).name, "get_weather");
    EXPECT_EQ(call(r, 0).arguments["city"], Value("Paris"));
    EXPECT_EQ(call(r, 1).id, "call_1");
    EXPECT_EQ(call(r, 1).arguments["tz"], Value("CET"));
    EXPECT_EQ(r.finish().reason, FinishReason::ToolCalls);
    ASSERT_EQ(r.primary().content.size(), 4u);
    EXPECT_TRUE(std::holds_alternative<Reasoning>(r.primary().content[0]));
}

TEST(ToolcallRawText, HermesRepairsAndTruncation) {
    const Response r = read("<tool_call>{'name': 'f', 'arguments': {'a': 1,}}</tool_call>"
                            "<tool_call>{\"name\": \"g\", \"arguments\": {\"q\": \"unfinis");
    ASSERT_EQ(r.tool_calls().size(), 2u);
    EXPECT_TRUE(call(r, 0).complete);
    EXPECT_EQ(call(r, 0).arguments["a"], Value(1));
    EXPECT_FALSE(call(r, 0).diagnostics.empty());
    EXPECT_FALSE(call(r, 1).complete);
    EXPECT_EQ(call(r, 1).name, "g");
    EXPECT_EQ(call(r, 1).arguments["q"], Value("unfinis"));
    bool risky = false;
    for (const auto& d : call(r, 1).diagnostics) risky = risky || d.risk == Risk::Risky;
    EXPECT_TRUE(risky);
}

TEST(ToolcallRawText, QwenCoderXmlInsideToolCall) {
    const Response r = read("<tool_call>\n<function=search>\n<parameter=query>\nbest pizza\n</parameter>\n"
                            "<parameter=limit>\n5\n</parameter>\n</function>\n</tool_call>");
    ASSERT_EQ(r.tool_calls().size(), 1u);
    EXPECT_EQ(call(r, 0).name, "search");
    EXPECT_EQ(call(r, 0).arguments["query"], Value("best pizza"));
    EXPECT_EQ(call(r, 0).arguments["limit"], Value(5));
    EXPECT_TRUE(call(r, 0).complete);
}

// Quotes around a Qwen3-Coder name (<parameter="city">, <function='f'>) are no part of it: removed,
// with a Warning at the parameter (or at the call's name), offset of the quoted name.
TEST(ToolcallRawText, QwenCoderQuotedNamesLoseTheirQuotes) {
    const std::string text =
        "<tool_call>\n<function=get_weather>\n<parameter=\"city\">\nParis\n</parameter>\n</function>\n</tool_call>";
    const Response r = read(text);
    ASSERT_EQ(r.tool_calls().size(), 1u);
    EXPECT_EQ(call(r, 0).name, "get_weather");
    EXPECT_EQ(call(r, 0).arguments.dump(), R"({"city":"Paris"})");
    EXPECT_TRUE(call(r, 0).complete);
    EXPECT_TRUE(r.diagnostics.empty());
    ASSERT_EQ(call(r, 0).diagnostics.size(), 1u);
    const Diagnostic& d = call(r, 0).diagnostics[0];
    EXPECT_EQ(d.path, "city");
    EXPECT_EQ(d.kind, DiagnosticKind::Repaired);
    EXPECT_EQ(d.repair, RepairKind::WrapperStripped);
    EXPECT_EQ(d.risk, Risk::Warning);
    EXPECT_EQ(d.offset, 46u);
    EXPECT_EQ(d.offset, text.find("\"city\""));
    EXPECT_EQ(d.message.find("city"), std::string::npos); // never quoting the text

    // Single quotes, the function's name quoted too (at tool_calls[0].name), a plain parameter.
    const std::string both = "<tool_call>\n<function=\"get_weather\">\n<parameter='city'>\nParis\n</parameter>\n"
                             "<parameter=days>\n3\n</parameter>\n</function>\n</tool_call>";
    const Response q = read(both);
    ASSERT_EQ(q.tool_calls().size(), 1u);
    EXPECT_EQ(call(q, 0).name, "get_weather");
    EXPECT_EQ(call(q, 0).arguments.dump(), R"({"city":"Paris","days":3})");
    ASSERT_EQ(q.diagnostics.size(), 1u);
    EXPECT_EQ(q.diagnostics[0].path, "tool_calls[0].name");
    EXPECT_EQ(q.diagnostics[0].repair, RepairKind::WrapperStripped);
    EXPECT_EQ(q.diagnostics[0].risk, Risk::Warning);
    EXPECT_EQ(q.diagnostics[0].offset, 22u);
    ASSERT_EQ(call(q, 0).diagnostics.size(), 1u);
    EXPECT_EQ(call(q, 0).diagnostics[0].path, "city");
    EXPECT_EQ(call(q, 0).diagnostics[0].offset, both.find("'city'"));

    // Without <tool_call> around it, and a Functionary-style JSON body after a quoted name.
    const Response bare = read("<function=\"get_weather\">\n<parameter=\"city\">\nParis\n</parameter>\n</function>");
    EXPECT_EQ(bare.provider, Format::Hermes);
    ASSERT_EQ(bare.tool_calls().size(), 1u);
    EXPECT_EQ(call(bare, 0).name, "get_weather");
    EXPECT_EQ(call(bare, 0).arguments.dump(), R"({"city":"Paris"})");
    ASSERT_EQ(bare.diagnostics.size(), 1u);
    EXPECT_EQ(bare.diagnostics[0].path, "tool_calls[0].name");
    EXPECT_EQ(bare.diagnostics[0].offset, 10u);
    const Response json = read("<function=\"f\">{\"a\": 1}</function>");
    EXPECT_EQ(json.provider, Format::Functionary);
    ASSERT_EQ(json.tool_calls().size(), 1u);
    EXPECT_EQ(call(json, 0).name, "f");
    EXPECT_EQ(call(json, 0).arguments.dump(), R"({"a":1})");
    ASSERT_EQ(json.diagnostics.size(), 1u);
    EXPECT_EQ(json.diagnostics[0].path, "tool_calls[0].name");
    EXPECT_EQ(json.diagnostics[0].offset, 10u);
}

// Quotes that do not pair around the whole name are part of it, as before: nothing is guessed.
TEST(ToolcallRawText, QwenCoderNamesWithUnpairedQuotesStayAsWritten) {
    for (const char* name : {"\"city'", "\"city", "a\"b\"c", "\"a\"b\""}) {
        const std::string text = std::string("<tool_call>\n<function=f>\n<parameter=") + name +
                                 ">\nParis\n</parameter>\n</function>\n</tool_call>";
        const Response r = read(text);
        ASSERT_EQ(r.tool_calls().size(), 1u) << name;
        ASSERT_EQ(call(r, 0).arguments.size(), 1u) << name;
        EXPECT_EQ(call(r, 0).arguments.members()[0].key(), name);
        EXPECT_TRUE(call(r, 0).diagnostics.empty()) << name;
        EXPECT_TRUE(r.diagnostics.empty()) << name;
    }
}

TEST(ToolcallRawText, Llama3PythonTagAndBareParameters) {
    const Response r = read("<|python_tag|>{\"name\": \"get_weather\", \"parameters\": {\"city\": \"Rome\"}}; "
                            "{\"name\": \"get_time\", \"parameters\": {}}<|eom_id|>");
    EXPECT_EQ(r.provider, Format::Llama3);
    ASSERT_EQ(r.tool_calls().size(), 2u);
    EXPECT_EQ(call(r, 0).arguments["city"], Value("Rome"));
    EXPECT_EQ(call(r, 1).name, "get_time");

    const Response bare = read("{\"name\": \"get_weather\", \"parameters\": {\"city\": \"Oslo\"}}");
    EXPECT_EQ(bare.provider, Format::Llama3);
    ASSERT_EQ(bare.tool_calls().size(), 1u);
    EXPECT_EQ(call(bare, 0).arguments["city"], Value("Oslo"));
}

// After <|eom_id|> (waiting for the tool's result) a model may go on with another call.
TEST(ToolcallRawText, Llama3SecondPythonTagAfterEom) {
    const Response r = read("<|python_tag|>{\"name\": \"f\", \"parameters\": {\"a\": 1}}<|eom_id|>\n"
                            "<|python_tag|>{\"name\": \"g\", \"parameters\": {\"b\": 2}}<|eom_id|>");
    ASSERT_EQ(r.tool_calls().size(), 2u);
    EXPECT_EQ(call(r, 0).name, "f");
    EXPECT_EQ(call(r, 1).name, "g");
    EXPECT_EQ(call(r, 1).arguments["b"], Value(2));
    EXPECT_EQ(r.text(), "");
    const Response prose = read("<|python_tag|>{\"name\": \"f\", \"parameters\": {}}<|eom_id|>Done soon.");
    ASSERT_EQ(prose.tool_calls().size(), 1u);
    EXPECT_EQ(prose.text(), "Done soon.");
}

TEST(ToolcallRawText, Llama3BuiltinPythonCall) {
    const Response r = read("<|python_tag|>brave_search.call(query=\"weather in SF\")<|eom_id|>", Format::Llama3);
    ASSERT_EQ(r.tool_calls().size(), 1u);
    EXPECT_EQ(call(r, 0).name, "brave_search");
    EXPECT_EQ(call(r, 0).arguments["query"], Value("weather in SF"));
    const Response code = read("<|python_tag|>print(1 + 1)<|eom_id|>", Format::Llama3);
    EXPECT_TRUE(code.tool_calls().empty()); // code, not a call: the text as it was
    EXPECT_EQ(code.text(), "<|python_tag|>print(1 + 1)<|eom_id|>");
}

// Llama 4 wraps its pythonic call list in <|python_start|> … <|python_end|> (vLLM's
// llama4_pythonic parser strips them): read as the list, detected as llama3.
TEST(ToolcallRawText, Llama4PythonStartBlocks) {
    const std::string one = "<|python_start|>[get_weather(city=\"Paris\")]<|python_end|>";
    const std::string two = "<|python_start|>[get_weather(city=\"Paris\"), get_time(zone='UTC')]<|python_end|>";
    EXPECT_EQ(detect_raw_text_format(one), Format::Llama3);
    for (const Format f : {Format::AutoDetect, Format::Llama3}) {
        const Response r = read(one, f);
        EXPECT_EQ(r.provider, Format::Llama3);
        ASSERT_EQ(r.tool_calls().size(), 1u);
        EXPECT_EQ(call(r, 0).name, "get_weather");
        EXPECT_EQ(call(r, 0).arguments.dump(), R"({"city":"Paris"})");
        EXPECT_TRUE(call(r, 0).complete);
        EXPECT_TRUE(r.diagnostics.empty());
        EXPECT_EQ(r.text(), "");
        const Response both = read(two, f);
        ASSERT_EQ(both.tool_calls().size(), 2u);
        EXPECT_EQ(call(both, 1).name, "get_time");
        EXPECT_EQ(call(both, 1).arguments.dump(), R"({"zone":"UTC"})");
        EXPECT_EQ(both.text(), "");
    }
    // A JSON call inside the markers reads too.
    const Response json = read("<|python_start|>{\"name\": \"f\", \"parameters\": {\"a\": 1}}<|python_end|>");
    ASSERT_EQ(json.tool_calls().size(), 1u);
    EXPECT_EQ(call(json, 0).arguments.dump(), R"({"a":1})");
}

TEST(ToolcallRawText, Llama4PythonStartProseAroundAndCutOff) {
    const Response r = read("Let me check.\n<|python_start|>[get_weather(city=\"Paris\")]<|python_end|>\nOne moment.");
    ASSERT_EQ(r.tool_calls().size(), 1u);
    EXPECT_EQ(call(r, 0).arguments.dump(), R"({"city":"Paris"})");
    EXPECT_EQ(r.text(), "Let me check.\n\nOne moment.");
    EXPECT_TRUE(r.diagnostics.empty()); // on its own line after a sentence: not flagged
    // No <|python_end|>: the block runs to the end of the text, and the list was cut off there.
    const std::string cut = "<|python_start|>[get_weather(city=\"Par";
    const Response c = read(cut);
    ASSERT_EQ(c.tool_calls().size(), 1u);
    EXPECT_FALSE(call(c, 0).complete);
    EXPECT_EQ(call(c, 0).arguments.dump(), R"({"city":"Par"})");
    ASSERT_EQ(c.diagnostics.size(), 1u);
    EXPECT_EQ(c.diagnostics[0].repair, RepairKind::MissingCloser);
    EXPECT_EQ(c.diagnostics[0].risk, Risk::Risky);
    EXPECT_EQ(c.diagnostics[0].offset, cut.size());
}

// Code in the markers is no call: the text comes back as it was, markers included.
TEST(ToolcallRawText, Llama4PythonStartCodeStaysText) {
    const std::string code = "<|python_start|>import math\nprint(math.pi)<|python_end|>";
    const Response r = read(code);
    EXPECT_EQ(r.provider, Format::Llama3);
    EXPECT_TRUE(r.tool_calls().empty());
    EXPECT_EQ(r.text(), code);
    ASSERT_FALSE(r.diagnostics.empty());
    EXPECT_EQ(r.diagnostics.back().kind, DiagnosticKind::Preserved);
    EXPECT_EQ(r.diagnostics.back().risk, Risk::Risky);
    // A block that holds no call beside one that does stays in the text whole.
    const Response mixed = read("<|python_start|>print(1)<|python_end|>\n<|python_start|>[f(a=1)]<|python_end|>");
    ASSERT_EQ(mixed.tool_calls().size(), 1u);
    EXPECT_EQ(mixed.text(), "<|python_start|>print(1)<|python_end|>");
}

// A stop token the server left at the very end of the text (blanks after it too) is removed
// before reading, with an Info: the call list before it is whole, not cut off.
TEST(ToolcallRawText, TrailingStopTokensAreRemoved) {
    const std::string list = "[get_weather(city=\"Paris\")]";
    for (const char* token : {"<|eot_id|>", "<|eom_id|>", "<|eom|>", "<|eot|>", "</s>", "<|im_end|>", "<|end|>",
                              "<|endoftext|>", "<end_of_turn>"}) {
        for (const char* after : {"", "\n", " \n\n"}) {
            for (const Format f : {Format::AutoDetect, Format::Llama3}) {
                const std::string text = list + token + after;
                SCOPED_TRACE(text);
                const Response r = read(text, f);
                EXPECT_EQ(r.provider, Format::Llama3);
                ASSERT_EQ(r.tool_calls().size(), 1u);
                EXPECT_EQ(call(r, 0).arguments.dump(), R"({"city":"Paris"})");
                EXPECT_TRUE(call(r, 0).complete);
                EXPECT_EQ(r.text(), "");
                ASSERT_EQ(r.diagnostics.size(), 1u);
                const Diagnostic& d = r.diagnostics[0];
                EXPECT_EQ(d.path, "");
                EXPECT_EQ(d.kind, DiagnosticKind::Repaired);
                EXPECT_EQ(d.repair, RepairKind::WrapperStripped);
                EXPECT_EQ(d.risk, Risk::Info);
                EXPECT_EQ(d.offset, list.size());
            }
        }
    }
    // Several, blanks between them: one Info, offset of the first.
    const Response two = read(list + "<|eom|>\n<|eot|>  \n");
    ASSERT_EQ(two.tool_calls().size(), 1u);
    ASSERT_EQ(two.diagnostics.size(), 1u);
    EXPECT_EQ(two.diagnostics[0].offset, list.size());
    EXPECT_NE(two.diagnostics[0].message.find('2'), std::string::npos);
    // After other formats and plain answers too; reasoning before the call counts in the offset.
    const std::string hermes = "<tool_call>{\"name\": \"f\", \"arguments\": {\"a\": 1}}</tool_call><|im_end|>";
    const Response h = read(hermes);
    ASSERT_EQ(h.tool_calls().size(), 1u);
    EXPECT_EQ(h.text(), "");
    ASSERT_EQ(h.diagnostics.size(), 1u); // no "in the middle of a line of prose" Warning
    EXPECT_EQ(h.diagnostics[0].offset, hermes.find("<|im_end|>"));
    const Response plain = read("Hello there.<|eot_id|>");
    EXPECT_EQ(plain.text(), "Hello there.");
    ASSERT_EQ(plain.diagnostics.size(), 1u);
    EXPECT_EQ(plain.diagnostics[0].risk, Risk::Info);
    const std::string thought = "<think>Paris.</think>" + list + "\n" + DS_("end" SP "of" SP "sentence");
    const Response t = read(thought);
    ASSERT_EQ(t.tool_calls().size(), 1u);
    EXPECT_EQ(t.reasoning(), "Paris.");
    ASSERT_EQ(t.diagnostics.size(), 1u);
    EXPECT_EQ(t.diagnostics[0].offset, thought.find('\n') + 1);
}

// Only at the very end, and never one the format reads itself or one a text holds for itself.
TEST(ToolcallRawText, StopTokensElsewhereAreLeftAlone) {
    // Words after it: the text as before, no Info.
    const std::string mid = "[get_weather(city=\"Paris\")]<|eot_id|> and more";
    const Response m = read(mid);
    EXPECT_TRUE(m.tool_calls().empty());
    EXPECT_EQ(m.text(), mid);
    for (const auto& d : m.diagnostics) EXPECT_NE(d.repair, RepairKind::WrapperStripped);
    // HTML's strikethrough closes with </s>.
    const Response html = read("The price was <s>$10</s>");
    EXPECT_EQ(html.text(), "The price was <s>$10</s>");
    EXPECT_TRUE(html.diagnostics.empty());
    // Llama 3's <|python_tag|> call ends at its <|eom_id|>, Mistral's at its </s>: quietly, as ever.
    const Response tag = read("<|python_tag|>{\"name\": \"f\", \"parameters\": {\"a\": 1}}<|eom_id|>");
    ASSERT_EQ(tag.tool_calls().size(), 1u);
    EXPECT_TRUE(tag.diagnostics.empty());
    const Response mistral = read("[TOOL_CALLS][{\"name\": \"f\", \"arguments\": {\"a\": 1}}]</s>");
    ASSERT_EQ(mistral.tool_calls().size(), 1u);
    EXPECT_TRUE(mistral.diagnostics.empty());
    // No call readable where the markers are: the text back unchanged, stop token included.
    const std::string unreadable = "<tool_call>not json</tool_call><|im_end|>";
    const Response u = read(unreadable);
    EXPECT_TRUE(u.tool_calls().empty());
    EXPECT_EQ(u.text(), unreadable);
    for (const auto& d : u.diagnostics) EXPECT_NE(d.repair, RepairKind::WrapperStripped);
}

TEST(ToolcallRawText, PythonicCalls) {
    const Response r = read("[get_weather(city='Paris', days=3, metric=True, tags=['a', \"b, c\"]), get_time()]");
    EXPECT_EQ(r.provider, Format::Llama3);
    ASSERT_EQ(r.tool_calls().size(), 2u);
    EXPECT_EQ(call(r, 0).name, "get_weather");
    EXPECT_EQ(call(r, 0).arguments["city"], Value("Paris"));
    EXPECT_EQ(call(r, 0).arguments["days"], Value(3));
    EXPECT_EQ(call(r, 0).arguments["metric"], Value(true));
    EXPECT_EQ(call(r, 0).arguments["tags"][1], Value("b, c"));
    EXPECT_EQ(call(r, 1).name, "get_time");
    EXPECT_EQ(call(r, 1).arguments, Value::object());
    EXPECT_TRUE(call(r, 1).complete);

    const Response cut = read("[search(query=\"lamin", Format::Llama3);
    ASSERT_EQ(cut.tool_calls().size(), 1u);
    EXPECT_FALSE(call(cut, 0).complete);
    EXPECT_EQ(call(cut, 0).arguments["query"], Value("lamin"));

    // None and JSON's null are no value, not the word "null".
    const Response nulls = read("[f(x=null, y=None, z=\"null\")]");
    ASSERT_EQ(nulls.tool_calls().size(), 1u);
    EXPECT_TRUE(call(nulls, 0).arguments["x"].is_null());
    EXPECT_TRUE(call(nulls, 0).arguments["y"].is_null());
    EXPECT_EQ(call(nulls, 0).arguments["z"], Value("null"));

    // Prose that starts like a call is not one.
    EXPECT_TRUE(read("print(x) is how you print in Python.").tool_calls().empty());
}

// A quote with a word right after it is inside the string, as the parser reads one: `'don't'`
// and `'x 'y'` end at the quote before the comma, so the next argument is not swallowed.
TEST(ToolcallRawText, PythonicQuoteInsideAStringKeepsTheNextArgument) {
    const Response r = read("[get_weather(city='Paris'), f(a='x 'y', b='z'), g(q='don't', n=2)]");
    ASSERT_EQ(r.tool_calls().size(), 3u);
    EXPECT_EQ(call(r, 1).arguments["a"], Value("x 'y"));
    EXPECT_EQ(call(r, 1).arguments["b"], Value("z"));
    EXPECT_TRUE(call(r, 1).complete);
    EXPECT_EQ(call(r, 2).arguments["q"], Value("don't"));
    EXPECT_EQ(call(r, 2).arguments["n"], Value(2));
    bool unescaped = false;
    for (const Diagnostic& d : call(r, 1).diagnostics)
        unescaped = unescaped || (d.repair == RepairKind::UnescapedQuote && d.risk == Risk::Warning);
    EXPECT_TRUE(unescaped);
    // Quotes that open as often as they close: read as before (each value its own), not one
    // value running over the next call.
    const Response odd = read("[f(a='x 'y' 'z), g(b='p 'q' 'r)]");
    ASSERT_EQ(odd.tool_calls().size(), 2u);
    EXPECT_EQ(call(odd, 1).name, "g");
    // Python's adjacent strings and a quote before a closer still end the string.
    const Response plain = read("[f(a='it' 's', b=\"q\")]");
    ASSERT_EQ(plain.tool_calls().size(), 1u);
    EXPECT_EQ(call(plain, 0).arguments["b"], Value("q"));
}

// A keyword right after a string, the comma missing: the next argument, with a Warning, as JSON
// reads {"a": "x" "b": 1}; not a string running over it.
TEST(ToolcallRawText, PythonicMissingCommaBeforeAKeyword) {
    const std::string text = "[f(city='Paris' country='FR', n=2), g(a=\"x\" b=\"y\")]";
    const Response r = read(text);
    ASSERT_EQ(r.tool_calls().size(), 2u);
    EXPECT_EQ(call(r, 0).arguments.dump(), R"({"city":"Paris","country":"FR","n":2})");
    EXPECT_EQ(call(r, 1).arguments.dump(), R"({"a":"x","b":"y"})");
    bool flagged = false;
    for (const Diagnostic& d : call(r, 0).diagnostics)
        if (d.repair == RepairKind::MissingComma) {
            flagged = d.risk == Risk::Warning && d.offset == text.find(" country") && d.path == "city";
        }
    EXPECT_TRUE(flagged);
    // '==' is a comparison inside a string, not a keyword.
    const Response eq = read("[f(q='a == b', n=1)]");
    ASSERT_EQ(eq.tool_calls().size(), 1u);
    EXPECT_EQ(call(eq, 0).arguments["q"], Value("a == b"));
}

// A text cut right after a backslash inside a quoted argument (found by toolcall_fuzzer): the
// escape must not step past the end; the call is partial and keeps what was read.
TEST(ToolcallRawText, PythonicCallCutAfterAnEscape) {
    const Response r = read("[search(query='a\\", Format::Llama3);
    ASSERT_EQ(r.tool_calls().size(), 1u);
    EXPECT_EQ(call(r, 0).name, "search");
    EXPECT_FALSE(call(r, 0).complete);
    EXPECT_TRUE(call(r, 0).arguments.contains("query"));
}

TEST(ToolcallRawText, MistralArrayForm) {
    const Response r = read("[TOOL_CALLS][{\"name\": \"add\", \"arguments\": {\"a\": 1, \"b\": 2}, \"id\": \"abc123def\"},"
                            " {\"name\": \"mul\", \"arguments\": {\"a\": 3}}]</s>");
    EXPECT_EQ(r.provider, Format::Mistral);
    ASSERT_EQ(r.tool_calls().size(), 2u);
    EXPECT_EQ(call(r, 0).id, "abc123def");
    EXPECT_EQ(call(r, 0).arguments["b"], Value(2));
    EXPECT_EQ(call(r, 1).id, "call_1");
}

TEST(ToolcallRawText, MistralV11NameArgsForm) {
    const Response r = read("Sure.[TOOL_CALLS]get_weather[ARGS]{\"city\": \"Lyon\"}"
                            "[TOOL_CALLS]get_time[CALL_ID]x9[ARGS]{\"tz\": \"CET\"}");
    ASSERT_EQ(r.tool_calls().size(), 2u);
    EXPECT_EQ(r.text(), "Sure.");
    EXPECT_EQ(call(r, 0).name, "get_weather");
    EXPECT_EQ(call(r, 0).arguments["city"], Value("Lyon"));
    EXPECT_EQ(call(r, 1).id, "x9");
    EXPECT_EQ(call(r, 1).arguments["tz"], Value("CET"));

    const Response cut = read("[TOOL_CALLS]get_weather[ARGS]{\"city\": \"Ly");
    ASSERT_EQ(cut.tool_calls().size(), 1u);
    EXPECT_FALSE(call(cut, 0).complete);
    EXPECT_EQ(call(cut, 0).arguments["city"], Value("Ly"));
}

TEST(ToolcallRawText, DeepSeekR1Markers) {
    const std::string text = cat({"</think>Checking.", kCallsBegin, kCallBegin, "function", kSep,
                                  "get_weather\n```json\n{\"city\": \"Tokyo\"}\n```", kCallEnd, kCallBegin,
                                  "function", kSep, "get_time\n```json\n{\"tz\": \"JST\"}\n```", kCallEnd,
                                  kCallsEnd});
    const Response r = read("I should look it up." + text);
    EXPECT_EQ(r.provider, Format::DeepSeek);
    EXPECT_EQ(r.reasoning(), "I should look it up.");
    EXPECT_EQ(r.text(), "Checking.");
    ASSERT_EQ(r.tool_calls().size(), 2u);
    EXPECT_EQ(call(r, 0).name, "get_weather");
    EXPECT_EQ(call(r, 0).arguments["city"], Value("Tokyo"));
    EXPECT_EQ(call(r, 1).arguments["tz"], Value("JST"));
    EXPECT_TRUE(call(r, 1).complete);
}

TEST(ToolcallRawText, DeepSeekV31AndTruncation) {
    const Response r = read(cat({kCallsBegin, kCallBegin, "get_weather", kSep, "{\"city\": \"Seoul\"}", kCallEnd,
                                 kCallBegin, "get_time", kSep, "{\"tz\": \"K"}));
    ASSERT_EQ(r.tool_calls().size(), 2u);
    EXPECT_EQ(call(r, 0).arguments["city"], Value("Seoul"));
    EXPECT_TRUE(call(r, 0).complete);
    EXPECT_EQ(call(r, 1).name, "get_time");
    EXPECT_FALSE(call(r, 1).complete);
    EXPECT_EQ(call(r, 1).arguments["tz"], Value("K"));
}

TEST(ToolcallRawText, FunctionaryForms) {
    const Response v32 = read(">>>all\nLet me check.\n>>>get_weather\n{\"city\": \"Berlin\"}\n>>>get_time\n{\"tz\": \"CET\"}");
    EXPECT_EQ(v32.provider, Format::Functionary);
    EXPECT_EQ(v32.text(), "Let me check.");
    ASSERT_EQ(v32.tool_calls().size(), 2u);
    EXPECT_EQ(call(v32, 0).arguments["city"], Value("Berlin"));
    EXPECT_EQ(call(v32, 1).name, "get_time");

    const Response v31 = read("<function=get_weather>{\"city\": \"Madrid\"}</function><function=get_time>{\"tz\":");
    EXPECT_EQ(v31.provider, Format::Functionary);
    ASSERT_EQ(v31.tool_calls().size(), 2u);
    EXPECT_EQ(call(v31, 0).arguments["city"], Value("Madrid"));
    EXPECT_TRUE(call(v31, 0).complete);
    EXPECT_FALSE(call(v31, 1).complete);
}

TEST(ToolcallRawText, BareJsonObjectsArraysAndProse) {
    const Response one = read("{\"name\": \"f\", \"arguments\": {\"x\": 1}}");
    EXPECT_EQ(one.provider, Format::BareJson);
    ASSERT_EQ(one.tool_calls().size(), 1u);

    const Response many = read("[{\"name\": \"f\", \"arguments\": {\"x\": 1}}, {\"name\": \"g\", \"arguments\": \"{\\\"y\\\": 2}\"}]");
    ASSERT_EQ(many.tool_calls().size(), 2u);
    EXPECT_EQ(call(many, 1).arguments["y"], Value(2)); // stringified arguments read too

    const Response prose = read("I will call it now:\n```json\n{\"name\": \"f\", \"arguments\": {\"x\": 3}}\n```\nDone.");
    ASSERT_EQ(prose.tool_calls().size(), 1u);
    EXPECT_EQ(call(prose, 0).arguments["x"], Value(3));
    EXPECT_EQ(prose.text(), "I will call it now:\n\nDone."); // the fence goes with the call
}

TEST(ToolcallRawText, PlainTextHasNoCalls) {
    const Response r = read("<think>hmm</think>The answer is 42.");
    EXPECT_EQ(r.provider, Format::AutoDetect);
    EXPECT_TRUE(r.tool_calls().empty());
    EXPECT_EQ(r.text(), "The answer is 42.");
    EXPECT_EQ(r.reasoning(), "hmm");
    EXPECT_EQ(r.finish().reason, FinishReason::None);
    const Response json = read("{\"answer\": 42}");
    EXPECT_TRUE(json.tool_calls().empty());
}

TEST(ToolcallRawText, UnclosedThinkHidesEverything) {
    const Response r = read("<think>still thinking <tool_call>{\"name\": \"f\"");
    EXPECT_TRUE(r.tool_calls().empty());
    EXPECT_EQ(r.reasoning(), "still thinking <tool_call>{\"name\": \"f\"");
    // No call is read from the reasoning, and the caller is told the markup is there.
    ASSERT_EQ(r.diagnostics.size(), 1u);
    EXPECT_EQ(r.diagnostics[0].kind, DiagnosticKind::Preserved);
    EXPECT_EQ(r.diagnostics[0].risk, Risk::Info);
    EXPECT_NE(r.diagnostics[0].message.find("reasoning holds tool-call markup"), std::string::npos);
    // A call in the answer as well: nothing to say about the draft.
    const Response both = read("<think>draft <tool_call>{\"name\": \"f\", \"arguments\": {}}</tool_call></think>"
                               "<tool_call>{\"name\": \"g\", \"arguments\": {}}</tool_call>");
    ASSERT_EQ(both.tool_calls().size(), 1u);
    EXPECT_EQ(call(both, 0).name, "g");
    EXPECT_TRUE(both.diagnostics.empty());
}

// Magistral writes its reasoning between [THINK] and [/THINK]; a draft call there is no call.
TEST(ToolcallRawText, MagistralThinkBlockIsReasoning) {
    const Response r = read("[THINK]\nPlan: call\n[TOOL_CALLS]get_weather[ARGS]{\"city\": \"Lyon\"}\nNo, Paris.\n[/THINK]\n"
                            "[TOOL_CALLS]get_weather[ARGS]{\"city\": \"Paris\"}");
    ASSERT_EQ(r.tool_calls().size(), 1u);
    EXPECT_EQ(call(r, 0).arguments.dump(), R"({"city":"Paris"})");
    EXPECT_EQ(r.reasoning(), "Plan: call\n[TOOL_CALLS]get_weather[ARGS]{\"city\": \"Lyon\"}\nNo, Paris.");
    EXPECT_TRUE(r.diagnostics.empty());
}

TEST(ToolcallRawText, Detection) {
    EXPECT_EQ(detect_raw_text_format("<tool_call>{}</tool_call>"), Format::Hermes);
    EXPECT_EQ(detect_raw_text_format("[TOOL_CALLS]f[ARGS]{}"), Format::Mistral);
    EXPECT_EQ(detect_raw_text_format(cat({kCallBegin, "f", kSep, "{}"})), Format::DeepSeek);
    EXPECT_EQ(detect_raw_text_format("<|python_tag|>{}"), Format::Llama3);
    EXPECT_EQ(detect_raw_text_format(">>>f\n{}"), Format::Functionary);
    EXPECT_EQ(detect_raw_text_format("{\"name\": \"f\", \"arguments\": {}}"), Format::BareJson);
    EXPECT_EQ(detect_raw_text_format("just words"), Format::AutoDetect);
    // Markers inside the reasoning do not count.
    EXPECT_EQ(detect_raw_text_format("<think>maybe <tool_call></think>no call"), Format::AutoDetect);
}

TEST(ToolcallRawText, LimitsAndWrongFormat) {
    RawTextOptions options;
    options.max_calls = 1;
    auto r = read_raw_text("<tool_call>{\"name\":\"a\",\"arguments\":{}}</tool_call><tool_call>{\"name\":\"b\",\"arguments\":{}}</tool_call>",
                           Format::Hermes, options);
    ASSERT_TRUE(r);
    EXPECT_EQ(r->tool_calls().size(), 1u);
    ASSERT_FALSE(r->diagnostics.empty());
    EXPECT_EQ(r->diagnostics.back().kind, DiagnosticKind::Dropped);

    options.max_size = 4;
    auto big = read_raw_text("too long", Format::Hermes, options);
    ASSERT_FALSE(big);
    EXPECT_EQ(big.error().kind(), ErrorKind::SizeExceeded);

    auto wrong = read_raw_text("x", Format::Anthropic);
    ASSERT_FALSE(wrong);
    EXPECT_EQ(wrong.error().kind(), ErrorKind::UnknownFormat);
}

TEST(ToolcallRawText, HostileInputDoesNotCrash) {
    std::string deep(100000, '[');
    EXPECT_TRUE(read_raw_text("<tool_call>" + deep).has_value());
    EXPECT_TRUE(read_raw_text(std::string(50000, '>')).has_value());
    EXPECT_TRUE(read_raw_text("[TOOL_CALLS][TOOL_CALLS][ARGS][ARGS]").has_value());
    EXPECT_TRUE(read_raw_text(cat({kCallBegin, kCallBegin, kSep, kSep})).has_value());
    EXPECT_TRUE(read_raw_text("<function=<function=>").has_value());
}

TEST(ToolcallRawText, AnswerObjectsWithANameAreNotCalls) {
    EXPECT_TRUE(read("{\"name\": \"Alice\", \"age\": 30}").tool_calls().empty());
    EXPECT_TRUE(read("{\"name\": \"Alice\", \"input\": \"free text\"}").tool_calls().empty());
    EXPECT_TRUE(read("[{\"name\": \"a\", \"score\": 1}, {\"name\": \"b\", \"score\": 2}]").tool_calls().empty());
    // A name alone is no call when the format is detected (see raw_text_bare_names_test.cpp).
    EXPECT_TRUE(read("{\"name\": \"ping\"}").tool_calls().empty());
    EXPECT_EQ(read("{\"name\": \"ping\"}", Format::BareJson).tool_calls().size(), 1u);
}

TEST(ToolcallRawText, WrappedAndFencedCallShapes) {
    const Response fenced = read("<tool_call>\n```json\n{\"name\": \"f\", \"arguments\": {\"a\": 1}}\n```\n</tool_call>");
    ASSERT_EQ(fenced.tool_calls().size(), 1u);
    EXPECT_EQ(call(fenced, 0).arguments["a"], Value(1));

    const Response two = read("<tool_call>\n{\"name\": \"f\", \"arguments\": {}}\n{\"name\": \"g\", \"arguments\": {}}\n</tool_call>");
    ASSERT_EQ(two.tool_calls().size(), 2u);
    EXPECT_EQ(call(two, 1).name, "g");

    const Response openai_like = read(
        "{\"tool_calls\": [{\"id\": \"x1\", \"type\": \"function\", \"function\": {\"name\": \"f\", \"arguments\": \"{\\\"a\\\": 2}\"}}]}");
    ASSERT_EQ(openai_like.tool_calls().size(), 1u);
    EXPECT_EQ(call(openai_like, 0).id, "x1");
    EXPECT_EQ(call(openai_like, 0).arguments["a"], Value(2));
}

TEST(ToolcallRawText, TruncatedBareJsonIsPartial) {
    const Response r = read("{\"name\": \"search\", \"arguments\": {\"q\": \"cats\", \"limit\": 1");
    ASSERT_EQ(r.tool_calls().size(), 1u);
    EXPECT_FALSE(call(r, 0).complete);
    EXPECT_EQ(call(r, 0).arguments["limit"], Value(1));
}

TEST(ToolcallRawText, InvalidUtf8IsReplaced) {
    const Response r = read(">>>all\nh\xA7i\n>>>f\n{\"a\": \"\xFF\"}");
    ASSERT_EQ(r.tool_calls().size(), 1u);
    EXPECT_EQ(r.text(), "h\xEF\xBF\xBDi");
    EXPECT_EQ(call(r, 0).arguments["a"], Value("\xEF\xBF\xBD"));
    ASSERT_FALSE(r.diagnostics.empty());
    EXPECT_EQ(r.diagnostics[0].repair, RepairKind::InvalidUtf8);
    EXPECT_TRUE(parse_json(to_value(r).dump()).has_value());
}

TEST(ToolcallRawText, ManyCallsStayLinear) {
    // Markers absent from the text (the end-of-sentence token) must not be searched for again
    // at every call: 20,000 calls read in well under a second.
    std::string text(kCallsBegin);
    for (int i = 0; i < 20000; ++i) text += cat({kCallBegin, "f", kSep, "{\"i\": 1}", kCallEnd});
    RawTextOptions options;
    options.max_calls = 100000;
    const auto start = std::chrono::steady_clock::now();
    auto r = read_raw_text(text, Format::DeepSeek, options);
    const auto elapsed = std::chrono::steady_clock::now() - start;
    ASSERT_TRUE(r);
    EXPECT_EQ(r->tool_calls().size(), 20000u);
    EXPECT_LT(elapsed, std::chrono::seconds(2));
}

TEST(ToolcallRawText, ManyPythonStartBlocksStayLinear) {
    std::string blocks;
    for (int i = 0; i < 20000; ++i) blocks += "<|python_start|>[f(a=1)]<|python_end|>\n";
    RawTextOptions options;
    options.max_calls = 100000;
    const auto start = std::chrono::steady_clock::now();
    auto r = read_raw_text(blocks, Format::AutoDetect, options);
    const auto elapsed = std::chrono::steady_clock::now() - start;
    ASSERT_TRUE(r);
    EXPECT_EQ(r->tool_calls().size(), 20000u);
    EXPECT_LT(elapsed, std::chrono::seconds(2));
}

TEST(ToolcallRawText, ManyStopTokensStayLinear) {
    std::string stops = "[f(a=1)]";
    for (int i = 0; i < 200000; ++i) stops += "<|eot|> ";
    const std::string unended(200000, '\n'); // blanks before no stop token
    const auto start = std::chrono::steady_clock::now();
    auto s = read_raw_text(stops);
    auto u = read_raw_text("[f(a=1)]" + unended);
    const auto elapsed = std::chrono::steady_clock::now() - start;
    ASSERT_TRUE(s && u);
    ASSERT_EQ(s->tool_calls().size(), 1u);
    ASSERT_EQ(s->diagnostics.size(), 1u);
    EXPECT_EQ(s->diagnostics[0].offset, 8u);
    EXPECT_EQ(u->tool_calls().size(), 1u);
    EXPECT_LT(elapsed, std::chrono::seconds(2));
}
