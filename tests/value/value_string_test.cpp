// Strings: inline and heap storage, embedded NUL, UTF-8 pass-through, escaping on output.
#include <laminate/value.hpp>

#include <gtest/gtest.h>

#include <string>
#include <utility>

using laminate::Value;
using namespace std::string_literals;

namespace {
std::string json_literal(std::string_view s) {
    std::string out;
    laminate::append_json_string(out, s);
    return out;
}
} // namespace

TEST(ValueString, EveryLengthAroundTheInlineLimit) {
    for (std::size_t n : {0u, 1u, 15u, 16u, 17u, 64u, 100000u}) {
        std::string text(n, 'x');
        if (n) text[n - 1] = 'y';
        Value v(text);
        ASSERT_TRUE(v.is_string());
        EXPECT_EQ(v.as_string(), text) << n;
        Value copy(v);
        EXPECT_EQ(copy.as_string(), text) << n;
        Value moved(std::move(copy));
        EXPECT_EQ(moved.as_string(), text) << n;
        EXPECT_EQ(moved, v);
    }
}

TEST(ValueString, InlineStringsLiveInTheNode) {
    Value inline_string("sixteen bytes!!!");
    ASSERT_EQ(inline_string.as_string().size(), 16u);
    const char* node = reinterpret_cast<const char*>(&inline_string);
    const char* data = inline_string.as_string().data();
    EXPECT_TRUE(data >= node && data < node + sizeof(Value));
    Value heap_string("seventeen bytes!!");
    data = heap_string.as_string().data();
    node = reinterpret_cast<const char*>(&heap_string);
    EXPECT_FALSE(data >= node && data < node + sizeof(Value));
}

TEST(ValueString, EmptyString) {
    Value v("");
    EXPECT_TRUE(v.is_string());
    EXPECT_TRUE(v.as_string().empty());
    EXPECT_EQ(v.dump(), R"("")");
    EXPECT_NE(v, Value());
    EXPECT_EQ(v, Value(std::string()));
}

TEST(ValueString, EmbeddedNul) {
    Value short_one("a\0b"s);
    Value long_one("a long string\0with a NUL inside"s);
    EXPECT_EQ(short_one.as_string().size(), 3u);
    EXPECT_EQ(short_one.as_string(), "a\0b"s);
    EXPECT_EQ(long_one.as_string().size(), 31u);
    EXPECT_EQ(short_one.dump(), R"("a\u0000b")");
    EXPECT_NE(short_one, Value("a"));
    EXPECT_NE(Value("a\0b"s), Value("a\0c"s));
}

TEST(ValueString, EscapesQuotesBackslashesAndControlCharacters) {
    EXPECT_EQ(json_literal(R"(say "hi")"), R"("say \"hi\"")");
    EXPECT_EQ(json_literal(R"(C:\path)"), R"("C:\\path")");
    EXPECT_EQ(json_literal("\n\r\t\b\f"), R"("\n\r\t\b\f")");
    EXPECT_EQ(json_literal("\x01\x1f"), R"("\u0001\u001f")");
    EXPECT_EQ(json_literal("\x0b"), R"("\u000b")");
    EXPECT_EQ(json_literal("a/b"), R"("a/b")");       // '/' needs no escape
    EXPECT_EQ(json_literal("\x7f"), "\"\x7f\"");       // DEL is not a control character in JSON
    EXPECT_EQ(json_literal(""), R"("")");
    EXPECT_EQ(json_literal("plain"), R"("plain")");
    EXPECT_EQ(Value("line1\nline2").dump(), R"("line1\nline2")");
}

TEST(ValueString, EveryControlCharacterIsEscaped) {
    for (int c = 0; c < 0x20; ++c) {
        std::string out = json_literal(std::string(1, static_cast<char>(c)));
        for (char ch : out) EXPECT_GE(static_cast<unsigned char>(ch), 0x20) << c;
    }
}

TEST(ValueString, AppendJsonStringAppends) {
    std::string out = "prefix:";
    laminate::append_json_string(out, "x");
    EXPECT_EQ(out, R"(prefix:"x")");
}

TEST(ValueString, Utf8PassesThrough) {
    const std::string text = "h\xC3\xA9llo \xE2\x9C\x93 \xF0\x9F\x98\x80 \xE2\x80\xA8"; // é ✓ 😀 U+2028
    Value v(text);
    EXPECT_EQ(v.as_string(), text);
    EXPECT_EQ(v.dump(), "\"" + text + "\"");
    Value o = Value::object({{"cl\xC3\xA9", text}});
    EXPECT_EQ(o.dump(), "{\"cl\xC3\xA9\":\"" + text + "\"}");
    EXPECT_EQ(o["cl\xC3\xA9"].as_string(), text);
}

TEST(ValueString, KeysAreEscapedLikeStrings) {
    Value o = Value::object({{"quo\"te", 1}, {"new\nline", 2}});
    EXPECT_EQ(o.dump(), R"({"quo\"te":1,"new\nline":2})");
}

TEST(ValueString, ReassigningBetweenInlineAndHeap) {
    Value v("short");
    v = "a considerably longer string that needs the heap";
    EXPECT_EQ(v.as_string(), "a considerably longer string that needs the heap");
    v = "short again";
    EXPECT_EQ(v.as_string(), "short again");
    v = 5;
    EXPECT_TRUE(v.is_number());
}
