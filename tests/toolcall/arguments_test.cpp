// read_arguments: provider argument strings read leniently and never lost.

#include <laminate/toolcall/response.hpp>

#include <gtest/gtest.h>

using namespace laminate;
using namespace laminate::toolcall;

namespace {
ToolCall read(std::string_view raw, bool truncated = false) {
    ToolCall c;
    read_arguments(c, raw, truncated);
    return c;
}
bool has_repair(const ToolCall& c, RepairKind k) {
    for (const auto& d : c.diagnostics)
        if (d.repair == k) return true;
    return false;
}
} // namespace

TEST(ToolcallArguments, ValidJsonHasNoDiagnostics) {
    const ToolCall c = read(R"({"location": "Paris", "days": 3})");
    EXPECT_TRUE(c.complete);
    EXPECT_TRUE(c.diagnostics.empty());
    EXPECT_EQ(c.arguments["days"], Value(3));
    EXPECT_EQ(c.raw_arguments, R"({"location": "Paris", "days": 3})");
}

TEST(ToolcallArguments, EmptyIsAnEmptyObject) {
    const ToolCall c = read("  ");
    EXPECT_EQ(c.arguments, Value::object());
    ASSERT_EQ(c.diagnostics.size(), 1u);
    EXPECT_EQ(c.diagnostics[0].risk, Risk::Info);
}

TEST(ToolcallArguments, RepairsAreRecorded) {
    const ToolCall c = read("{'location': 'Paris', 'units': 'c',}");
    EXPECT_EQ(c.arguments["location"], Value("Paris"));
    EXPECT_TRUE(has_repair(c, RepairKind::SingleQuotes));
    EXPECT_TRUE(has_repair(c, RepairKind::TrailingComma));
    EXPECT_TRUE(c.complete);
}

TEST(ToolcallArguments, TruncatedIsCompletedAndFlagged) {
    const ToolCall c = read(R"({"location": "Par)");
    EXPECT_FALSE(c.complete);
    EXPECT_EQ(c.arguments["location"], Value("Par"));
    bool risky = false;
    for (const auto& d : c.diagnostics) risky = risky || d.risk == Risk::Risky;
    EXPECT_TRUE(risky);
}

TEST(ToolcallArguments, FencedArgumentsAreExtracted) {
    const ToolCall c = read("Here you go:\n```json\n{\"a\": 1}\n```");
    EXPECT_EQ(c.arguments["a"], Value(1));
    EXPECT_TRUE(c.complete);
}

TEST(ToolcallArguments, BrokenTextIsKeptRaw) {
    const ToolCall c = read("not json at all, sorry");
    EXPECT_TRUE(c.arguments.is_null());
    EXPECT_EQ(c.raw_arguments, "not json at all, sorry");
    ASSERT_FALSE(c.diagnostics.empty());
    EXPECT_EQ(c.diagnostics.back().risk, Risk::Risky);
    EXPECT_EQ(c.diagnostics.back().message.find("sorry"), std::string::npos);
}

TEST(ToolcallArguments, ObjectArgumentsKeepACompactRaw) {
    ToolCall c;
    set_arguments(c, Value::object({{"x", Value(1)}}));
    EXPECT_EQ(c.raw_arguments, R"({"x":1})");
    EXPECT_EQ(c.arguments["x"], Value(1));
}

TEST(ToolcallArguments, AnArrayTheParserHadToMakeIsNoArguments) {
    // "[oops": a string the model wrote where arguments belong, not a list of one word.
    ToolCall c = read("[oops");
    EXPECT_TRUE(c.arguments.is_null()) << c.arguments.dump();
    EXPECT_EQ(c.raw_arguments, "[oops");
    ASSERT_FALSE(c.diagnostics.empty());
    EXPECT_EQ(c.diagnostics.back().risk, Risk::Risky);
    // An array written as JSON is kept as it was sent.
    c = read("[1, 2]");
    EXPECT_EQ(c.arguments.dump(), "[1,2]");
    EXPECT_TRUE(c.diagnostics.empty());
}
