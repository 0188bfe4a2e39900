// The CLI's streaming JSON writer: the same text as Value::dump / dump_pretty, without recursion.
#include "json_writer.hpp"

#include <laminate/parse.hpp>

#include <gtest/gtest.h>

#include <cstdio>
#include <string>

using laminate::Value;
using laminate::cli::Layout;
using laminate::cli::write_json;

namespace {

std::string written(const Value& v, Layout layout) {
    std::FILE* f = std::tmpfile();
    EXPECT_NE(f, nullptr);
    if (f == nullptr) return {};
    EXPECT_TRUE(write_json(f, v, layout));
    std::string out(static_cast<std::size_t>(std::ftell(f)), '\0');
    std::rewind(f);
    EXPECT_EQ(std::fread(out.data(), 1, out.size(), f), out.size());
    std::fclose(f);
    return out;
}

} // namespace

TEST(JsonWriter, MatchesValueDump) {
    const char* docs[] = {
        "null", "true", "-0.0", "\"\\u0000\\\"x\\u00e9\"", "[]", "{}", "[[]]", "{\"a\":{}}",
        R"({"a": [1, {"b": [], "c": {"d": null}}, "s"], "": [[[2.50]]], "e": {"f": [true, false]}})",
    };
    for (const char* doc : docs) {
        auto v = laminate::parse_json(doc);
        ASSERT_TRUE(v) << doc;
        EXPECT_EQ(written(*v, Layout::Compact), v->dump() + "\n") << doc;
        EXPECT_EQ(written(*v, Layout::Pretty), v->dump_pretty(2) + "\n") << doc;
    }
}

// The compact writer tests eight bytes at a time for bytes to escape: every byte value at every
// position of a word, in strings and keys of every length around a word's, as Value::dump.
TEST(JsonWriter, CompactStringsMatchValueDumpAtEveryOffset) {
    for (int byte = 0; byte < 256; ++byte) {
        Value all = Value::array();
        for (std::size_t length = 1; length <= 20; ++length)
            for (std::size_t at = 0; at < length; ++at) {
                std::string s(length, 'a');
                s[at] = static_cast<char>(byte);
                Value v = Value::object();
                v.append_member(s, Value(s));
                v.append_member("n", Value(std::int64_t{-12}));
                all.push_back(std::move(v));
            }
        EXPECT_EQ(written(all, Layout::Compact), all.dump() + "\n") << byte;
    }
    Value big = Value::array();
    big.push_back(Value(std::string(300'000, '"')));
    big.push_back(Value(2.5));
    EXPECT_EQ(written(big, Layout::Compact), big.dump() + "\n");
}

TEST(JsonWriter, VeryDeepValuesDoNotRecurse) {
    const std::size_t depth = 100'000;
    Value v = Value::array();
    for (std::size_t i = 1; i < depth; ++i) {
        Value outer = Value::array();
        outer.push_back(std::move(v));
        v = std::move(outer);
    }
    EXPECT_EQ(written(v, Layout::Compact), std::string(depth, '[') + std::string(depth, ']') + "\n");
    // Pretty output grows with the square of the depth (indentation), so a shallower value
    // suffices to show that it does not recurse either: 3,000 levels are ~18 MB of text.
    Value shallow = Value::array();
    for (std::size_t i = 1; i < 3'000; ++i) {
        Value outer = Value::array();
        outer.push_back(std::move(shallow));
        shallow = std::move(outer);
    }
    const std::string pretty = written(shallow, Layout::Pretty);
    EXPECT_EQ(pretty.substr(0, 6), "[\n  [\n");
    EXPECT_EQ(pretty.back(), '\n');
}

TEST(JsonWriter, ReportsAStreamThatCannotTakeTheOutput) {
    std::FILE* full = std::fopen("/dev/full", "w");
    if (full == nullptr) GTEST_SKIP() << "/dev/full is not available";
    Value big = Value::array();
    for (int i = 0; i < 100'000; ++i) big.push_back(Value(i));
    const bool ok = write_json(full, big, Layout::Pretty) && std::fflush(full) == 0;
    EXPECT_FALSE(ok);
    std::fclose(full);
}
