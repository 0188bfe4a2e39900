// shape --jsonl keeps compiled line schemas by their text: the answers are exactly those of the
// uncached path (--schema-cache 0 compiles every line), whatever the cache holds or evicts.
#include "cli_runner.hpp"
#include "schema_cache.hpp"

#include <gtest/gtest.h>

#include <laminate/parse.hpp>

#include <cstdio>
#include <string>

using laminate::test::output_lines;
using laminate::test::run_cli;

namespace {

constexpr const char* kCity = R"({"type":"object","properties":{"city":{"type":"string"},"days":{"type":"integer"}},"required":["city"]})";
constexpr const char* kInt = R"({"type":"integer"})";

std::string line(std::string_view text, std::string_view schema) {
    std::string out = "{\"text\": ";
    laminate::append_json_string(out, text);
    out += ", \"schema\": ";
    out += schema;
    out += "}\n";
    return out;
}

// Repeats, a schema spelled with other spacing, the schema member first, escapes before it, a
// schema that does not compile (twice), and broken lines that hold a schema already compiled.
std::string batch() {
    std::string in;
    for (int round = 0; round < 3; ++round) {
        in += line(R"({"city": "Oslo", "days": "3"})", kCity);
        in += line("42", kInt);
        in += line("```json\n{'city': 'Rome',}\n```", kCity);
        in += line("7", R"({ "type" : "integer" })");
        in += "{\"schema\": " + std::string(kInt) + ", \"text\": \"\\\"8\\\"\"}\n";
        in += line(R"({"days": 2})", kCity);
        in += line("1", R"({"type":"no such type"})");
        in += "{\"text\": \"5\", \"schema\": " + std::string(kInt) + ",}\n";      // trailing comma
        in += "{\"text\": \"5\" \"schema\": " + std::string(kInt) + "}\n";        // missing comma
        in += "{\"text\": \"5\", \"schema\": " + std::string(kInt) + "} extra\n"; // after the object
        in += "{\"text\": \"5\", \"schema\": " + std::string(kInt) + ", \"schema\": {}}\n";
        in += "{\"t\\u0065xt\": \"6\", \"schema\": " + std::string(kInt) + "}\n";
        // Lines of the usual form read without a tree: spacing, every two-letter escape, and
        // what goes to the parser (a backslash-u escape, a raw control byte, a text that is no
        // string, an unknown escape, a string not closed).
        in += "{\"text\":\"{\\\"city\\\": \\\"Oslo\\\"}\",\"schema\":" + std::string(kCity) + "}\n";
        in += " { \"text\" :\t\"{\\\"city\\\":\\n\\\"a\\\\\\/\\b\\f\\r\\t\\\"}\" , \"schema\" : " + std::string(kCity) + " } \n";
        in += "{\"text\": \"{\\\"city\\\": \\\"\\u00e9\\\"}\", \"schema\": " + std::string(kCity) + "}\n";
        in += "{\"text\": \"4\t2\", \"schema\": " + std::string(kInt) + "}\n";
        in += "{\"text\": 42, \"schema\": " + std::string(kInt) + "}\n";
        in += "{\"text\": \"\\x\", \"schema\": " + std::string(kInt) + "}\n";
        in += "{\"text\": \"42, \"schema\": " + std::string(kInt) + "}\n";
    }
    return in;
}

} // namespace

TEST(CliSchemaCache, AnswersEqualTheUncachedPath) {
    const std::string in = batch();
    const auto uncached = run_cli({"shape", "--jsonl", "--schema-cache", "0"}, in);
    const auto cached = run_cli({"shape", "--jsonl"}, in);
    const auto tiny = run_cli({"shape", "--jsonl", "--schema-cache", "1"}, in); // evicts all along
    ASSERT_EQ(output_lines(uncached.out).size(), 57u) << uncached.out;
    EXPECT_EQ(cached.out, uncached.out);
    EXPECT_EQ(tiny.out, uncached.out);
    EXPECT_EQ(cached.exit_code, uncached.exit_code);
    // The broken lines are errors with the offsets of the line as sent.
    const auto lines = output_lines(uncached.out);
    EXPECT_NE(lines[7].find("invalid_argument"), std::string::npos) << lines[7];
    EXPECT_NE(lines[1].find("42"), std::string::npos) << lines[1];
}

TEST(CliSchemaCache, RawMemberFindsTheValueText) {
    using laminate::cli::member_tail;
    using laminate::cli::raw_member;
    const std::string l = R"({"text": "a \"schema\": x", "schema": {"type": ["a", "}"]} , "n": 1})";
    EXPECT_EQ(raw_member(l, "schema"), R"({"type": ["a", "}"]})");
    EXPECT_EQ(raw_member(l, "n"), "1");
    EXPECT_EQ(raw_member(l, "none"), "");
    EXPECT_EQ(raw_member(R"({"schema": 1, "schema": 2})", "schema"), ""); // a duplicate
    EXPECT_EQ(raw_member(R"({"sch\u0065ma": 1})", "schema"), "");         // an escaped key
    EXPECT_EQ(member_tail(R"({"text": "x", "schema": {"a": 1} })", "schema"), R"({"a": 1})");
    // Broken lines: some view or none, never past the end.
    for (std::string_view broken : {"{\"schema\": {\"a\": \"\\", "{\"schema\"", "{", "", "{\"a\":[[[[", "}}}"}) {
        const auto r = raw_member(broken, "schema");
        EXPECT_LE(r.size(), broken.size());
        const auto t = member_tail(broken, "schema");
        EXPECT_LE(t.size(), broken.size());
    }
}

// Schemas that differ in one byte, all of the same length: each text gets its own compiled
// schema, kept or evicted and compiled again, never another's.
TEST(CliSchemaCache, SchemasOfTheSameLengthAreKeptApart) {
    for (std::size_t capacity : {std::size_t(0), std::size_t(4), std::size_t(1000)}) {
        laminate::cli::SchemaCache cache({}, capacity);
        for (int round = 0; round < 3; ++round)
            for (int i = 0; i < 300; ++i) {
                char text[32];
                std::snprintf(text, sizeof text, R"({"const":"%03d"})", i);
                auto value = laminate::parse_json(text);
                ASSERT_TRUE(value);
                (void)cache.contains(text); // as the request loop asks before get()
                auto schema = cache.get(*value, text);
                ASSERT_TRUE(schema);
                char same[8], next[8];
                std::snprintf(same, sizeof same, "%03d", i);
                std::snprintf(next, sizeof next, "%03d", i + 1);
                EXPECT_TRUE((*schema)->is_valid(laminate::Value(same))) << text;
                EXPECT_FALSE((*schema)->is_valid(laminate::Value(next))) << text;
            }
        EXPECT_LE(cache.size(), capacity);
    }
}
