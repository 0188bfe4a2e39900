// What diagnostics and errors say: what was done and where, never what the input contained.

#include "parse_support.hpp"

#include <algorithm>

namespace laminate {
namespace {

constexpr std::string_view secret = "sk-SECRET-7f3a9";

TEST(ParseDiagnostics, MessagesNeverQuoteTheInput) {
    const std::string documents[] = {
        "{'api_key': 'sk-SECRET-7f3a9', note: sk-SECRET-7f3a9, \"x\": [sk-SECRET-7f3a9,],}",
        "{\"api_key\": \"sk-SECRET-7f3a9\nline\", \"k\": \"sk-SECRET-7f3a9 \"quoted\" "
        "sk-SECRET-7f3a9\"}",
        "```json\n{\"key\": \xE2\x80\x9Csk-SECRET-7f3a9\xE2\x80\x9D}\n```",
        "[\"sk-SECRET-7f3a9, \"sk-SECRET-7f3a9]",
        "{\"sk-SECRET-7f3a9\": 1, \"sk-SECRET-7f3a9\": 2} // sk-SECRET-7f3a9",
        "cb({\"a\": \"sk-SECRET-7f3a9\" + \"sk-SECRET-7f3a9\"})",
        "{\"k\": \\\"sk-SECRET-7f3a9\\\"}",
    };
    for (const auto& text : documents) {
        SCOPED_TRACE(text);
        ParseOptions o;
        o.complete_truncated = true;
        auto r = parse(text, o);
        ASSERT_TRUE(r) << r.error();
        ASSERT_FALSE(r->diagnostics.empty());
        for (const auto& d : r->diagnostics) {
            EXPECT_EQ(d.message.find(secret), std::string::npos) << d.message;
            EXPECT_EQ(d.message.find("SECRET"), std::string::npos) << d.message;
            EXPECT_EQ(d.suggestion.find(secret), std::string::npos);
        }
    }
}

TEST(ParseDiagnostics, ErrorMessagesNeverQuoteTheInput) {
    for (const std::string text :
         {"{\"a\": 1} sk-SECRET-7f3a9", "[sk-SECRET-7f3a9 \"", "{\"sk-SECRET-7f3a9\" ]",
          "\"sk-SECRET-7f3a9\\uZZZZ\"", "\"sk-SECRET-7f3a9\xFF\""}) {
        SCOPED_TRACE(text);
        auto r = parse(text);
        ASSERT_FALSE(r);
        EXPECT_EQ(r.error().message().find("SECRET"), std::string::npos) << r.error().message();
    }
    auto strict = parse("['sk-SECRET-7f3a9']", test::strict());
    ASSERT_FALSE(strict);
    EXPECT_EQ(strict.error().to_string().find("SECRET"), std::string::npos);
}

TEST(ParseDiagnostics, ValidJsonHasNone) {
    for (const char* text :
         {"{}", "[]", "0", "\"\"", R"({"a": [1, -2.5e3, "x\n\u00e9", true, null, {}]})",
          "  [ [ ] , { \"k\" : \"v\" } ]  "}) {
        auto r = parse(text);
        ASSERT_TRUE(r) << r.error();
        EXPECT_TRUE(r->diagnostics.empty()) << text << test::describe(r->diagnostics);
    }
}

TEST(ParseDiagnostics, AreInInputOrder) {
    auto r = parse("{b: 1, \"a\": {\"x\": 1, \"x\": 2, y: [1,],}, c: True}");
    ASSERT_TRUE(r) << r.error();
    EXPECT_TRUE(std::is_sorted(
        r->diagnostics.begin(), r->diagnostics.end(),
        [](const Diagnostic& a, const Diagnostic& b) { return a.offset < b.offset; }))
        << test::describe(r->diagnostics);
}

TEST(ParseDiagnostics, PathsNameKeysAndIndices) {
    auto r = parse(R"({"users": [{"name": 'Ada'}, {"odd key": {"list": [1, 2, None]}}]})");
    ASSERT_TRUE(r) << r.error();
    const auto single = test::repairs_of(r->diagnostics, RepairKind::SingleQuotes);
    ASSERT_EQ(single.size(), 1u);
    EXPECT_EQ(single[0].path, "users[0].name");
    const auto python = test::repairs_of(r->diagnostics, RepairKind::PythonLiteral);
    ASSERT_EQ(python.size(), 1u);
    EXPECT_EQ(python[0].path, R"(users[1]["odd key"].list[2])");
    EXPECT_EQ(python[0].to_string(),
              R"([warning] $.users[1]["odd key"].list[2]: mapped literal (python_literal, offset 56))");
}

TEST(ParseDiagnostics, PathsFollowTheContainerBeingRead) {
    auto r = parse(R"([{"a": [1,]}, {"b": [2,], "c": {"d": [3,]}}, [[4,]], [5,]])", test::per_site());
    ASSERT_TRUE(r) << r.error();
    std::vector<std::string> paths;
    for (const auto& d : test::repairs_of(r->diagnostics, RepairKind::TrailingComma))
        paths.push_back(d.path);
    EXPECT_EQ(paths, (std::vector<std::string>{"[0].a", "[1].b", "[1].c.d", "[2][0]", "[3]"}));
}

} // namespace
} // namespace laminate
