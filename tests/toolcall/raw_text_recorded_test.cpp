// Raw-text tool calls recorded from inference servers' own tests (llama.cpp, vLLM, SGLang), kept
// as short snippets in tests/toolcall/data/ with their source in each file's header: Functionary
// v3.2 without the leading >>>, Hermes 2 Pro's other spellings, DeepSeek V3.1, R1's short opener
// and V3.2's DSML markup.

#include <laminate/parse.hpp>
#include <laminate/toolcall/raw_text.hpp>

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>

using namespace laminate;
using namespace laminate::toolcall;

namespace {

// A data file: '#' comment lines, a "---" line, then the model text (less one final newline).
std::string recorded(const std::string& name) {
    std::ifstream in(std::string(LAMINATE_SOURCE_DIR) + "/tests/toolcall/data/" + name, std::ios::binary);
    EXPECT_TRUE(in) << name;
    std::stringstream all;
    all << in.rdbuf();
    const std::string text = all.str();
    const std::size_t marker = text.find("\n---\n");
    EXPECT_NE(marker, std::string::npos) << name;
    std::string body = text.substr(marker + 5);
    if (!body.empty() && body.back() == '\n') body.pop_back();
    return body;
}

Response read(const std::string& name, Format f) {
    auto r = read_raw_text(recorded(name), f);
    if (!r) ADD_FAILURE() << name << ": " << r.error();
    return r ? *r : Response{};
}

const ToolCall& call(const Response& r, std::size_t i) { return *r.tool_calls().at(i); }

} // namespace

TEST(ToolcallRawTextRecorded, FunctionaryV32OpensWithTheRecipient) {
    const Response r = read("functionary_v32_all_then_call.txt", Format::Functionary);
    EXPECT_EQ(r.text(), "Hello, world!\nnono\nWhat's up?");
    ASSERT_EQ(r.tool_calls().size(), 1u);
    EXPECT_EQ(call(r, 0).name, "special_function");
    EXPECT_EQ(call(r, 0).arguments, *parse_json(R"({"arg1": 1})"));
    EXPECT_TRUE(call(r, 0).complete);
    // Detected too: >>> before a recipient line.
    EXPECT_EQ(detect_raw_text_format(recorded("functionary_v32_all_then_call.txt")), Format::Functionary);
}

TEST(ToolcallRawTextRecorded, FunctionaryV32PythonBodyIsCode) {
    const Response r = read("functionary_v32_python.txt", Format::Functionary);
    ASSERT_EQ(r.tool_calls().size(), 1u);
    EXPECT_EQ(call(r, 0).name, "python");
    EXPECT_EQ(call(r, 0).arguments["code"], Value("# This is a program:\nprint('hey')"));
    EXPECT_EQ(r.text(), "");
}

TEST(ToolcallRawTextRecorded, Hermes2ProFunctionSpellings) {
    for (const char* file : {"hermes2pro_function_name.txt", "hermes2pro_function_eq.txt", "hermes2pro_tool_tag.txt"}) {
        const Response r = read(file, Format::Hermes);
        ASSERT_EQ(r.tool_calls().size(), 1u) << file;
        EXPECT_EQ(call(r, 0).name, "special_function") << file;
        EXPECT_EQ(call(r, 0).arguments, *parse_json(R"({"arg1": 1})")) << file;
        EXPECT_EQ(r.text(), "") << file;
        EXPECT_TRUE(r.diagnostics.empty()) << file;
    }
    EXPECT_EQ(detect_raw_text_format(recorded("hermes2pro_function_name.txt")), Format::Hermes);
}

TEST(ToolcallRawTextRecorded, DeepSeekV31Calls) {
    const Response r = read("deepseek_v31_two_calls.txt", Format::DeepSeek);
    ASSERT_EQ(r.tool_calls().size(), 2u);
    EXPECT_EQ(call(r, 0).name, "foo");
    EXPECT_EQ(call(r, 0).arguments["x"], Value(1));
    EXPECT_EQ(call(r, 1).name, "bar");
    EXPECT_EQ(call(r, 1).arguments["y"], Value(2));
    EXPECT_EQ(r.text(), "some prefix text some suffix text");
    EXPECT_EQ(detect_raw_text_format(recorded("deepseek_v31_two_calls.txt")), Format::DeepSeek);
}

TEST(ToolcallRawTextRecorded, DeepSeekV31UnparsableBlockIsTextUnchanged) {
    const std::string text = recorded("deepseek_v31_unparsable.txt");
    const Response r = read("deepseek_v31_unparsable.txt", Format::DeepSeek);
    EXPECT_TRUE(r.tool_calls().empty());
    EXPECT_EQ(r.text(), text);
    ASSERT_FALSE(r.diagnostics.empty());
    EXPECT_EQ(r.diagnostics.back().kind, DiagnosticKind::Preserved);
    EXPECT_EQ(r.finish().reason, FinishReason::None);
}

TEST(ToolcallRawTextRecorded, DeepSeekR1ShortOpener) {
    const Response r = read("deepseek_r1_short_opener.txt", Format::DeepSeek);
    ASSERT_EQ(r.tool_calls().size(), 1u);
    EXPECT_EQ(call(r, 0).name, "special_function");
    EXPECT_EQ(call(r, 0).arguments["arg1"], Value(1));
    EXPECT_TRUE(call(r, 0).complete);
    EXPECT_EQ(r.text(), "");
}

TEST(ToolcallRawTextRecorded, DeepSeekV32Dsml) {
    const Response r = read("deepseek_v32_dsml.txt", Format::DeepSeek);
    EXPECT_EQ(r.text(), "Sure, let me check!");
    ASSERT_EQ(r.tool_calls().size(), 1u);
    EXPECT_EQ(call(r, 0).name, "get_weather");
    EXPECT_EQ(call(r, 0).arguments, *parse_json(R"({"location": "SF", "date": "2024-01-16"})"));
    EXPECT_TRUE(call(r, 0).complete);
    EXPECT_EQ(detect_raw_text_format(recorded("deepseek_v32_dsml.txt")), Format::DeepSeek);

    const Response typed = read("deepseek_v32_dsml_typed.txt", Format::DeepSeek);
    ASSERT_EQ(typed.tool_calls().size(), 1u);
    EXPECT_EQ(call(typed, 0).arguments, *parse_json(R"({"enabled": true, "count": 42})"));

    const Response json = read("deepseek_v32_dsml_json.txt", Format::AutoDetect);
    EXPECT_EQ(json.provider, Format::DeepSeek);
    ASSERT_EQ(json.tool_calls().size(), 1u);
    EXPECT_EQ(call(json, 0).name, "get_favorite_tourist_spot");
    EXPECT_EQ(call(json, 0).arguments["city"], Value("San Francisco"));
}
