// Serialization: compact and pretty output, exact text for nested and empty containers.
#include <laminate/value.hpp>

#include <gtest/gtest.h>

#include <sstream>
#include <string>

using laminate::Value;

namespace {
Value nested() {
    return Value::object({{"name", "laminate"},
                          {"tags", Value::array({"json", "llm"})},
                          {"meta", Value::object({{"stars", 3}, {"ratio", 0.5}, {"none", nullptr}})},
                          {"ok", true},
                          {"empty_list", Value::array()},
                          {"empty_map", Value::object()},
                          {"matrix", Value::array({Value::array({1, 2}), Value::array()})}});
}
} // namespace

TEST(ValueDump, Scalars) {
    EXPECT_EQ(Value().dump(), "null");
    EXPECT_EQ(Value(true).dump(), "true");
    EXPECT_EQ(Value(-12).dump(), "-12");
    EXPECT_EQ(Value(2.5).dump(), "2.5");
    EXPECT_EQ(Value("s").dump(), R"("s")");
    EXPECT_EQ(Value().dump_pretty(), "null");
    EXPECT_EQ(Value("s").dump_pretty(), R"("s")");
}

TEST(ValueDump, EmptyContainers) {
    EXPECT_EQ(Value::array().dump(), "[]");
    EXPECT_EQ(Value::object().dump(), "{}");
    EXPECT_EQ(Value::array().dump_pretty(), "[]");
    EXPECT_EQ(Value::object().dump_pretty(), "{}");
    EXPECT_EQ(Value::array({Value::array(), Value::object()}).dump(), "[[],{}]");
}

TEST(ValueDump, CompactNested) {
    EXPECT_EQ(nested().dump(),
              R"({"name":"laminate","tags":["json","llm"],"meta":{"stars":3,"ratio":0.5,"none":null},)"
              R"("ok":true,"empty_list":[],"empty_map":{},"matrix":[[1,2],[]]})");
}

TEST(ValueDump, PrettyNested) {
    const char* expected = R"({
  "name": "laminate",
  "tags": [
    "json",
    "llm"
  ],
  "meta": {
    "stars": 3,
    "ratio": 0.5,
    "none": null
  },
  "ok": true,
  "empty_list": [],
  "empty_map": {},
  "matrix": [
    [
      1,
      2
    ],
    []
  ]
})";
    EXPECT_EQ(nested().dump_pretty(), expected);
}

TEST(ValueDump, PrettyIndentWidths) {
    Value v = Value::object({{"a", Value::array({1})}});
    EXPECT_EQ(v.dump_pretty(4), "{\n    \"a\": [\n        1\n    ]\n}");
    EXPECT_EQ(v.dump_pretty(0), "{\n\"a\": [\n1\n]\n}");
    EXPECT_EQ(v.dump_pretty(-3), v.dump_pretty(0)); // negative is treated as 0
    EXPECT_EQ(Value::array({1, 2}).dump_pretty(1), "[\n 1,\n 2\n]");
}

TEST(ValueDump, ToAppendsAndStreams) {
    std::string out = "x=";
    Value::array({1, "two"}).dump_to(out);
    EXPECT_EQ(out, R"(x=[1,"two"])");
    std::string pretty(1, '>');
    Value::object({{"k", nullptr}}).dump_pretty_to(pretty, 2);
    EXPECT_EQ(pretty, ">{\n  \"k\": null\n}");
    std::ostringstream os;
    os << Value::object({{"a", 1}});
    EXPECT_EQ(os.str(), R"({"a":1})");
}

TEST(ValueDump, KeepsMemberOrderAndDuplicates) {
    Value o = Value::object();
    o.append_member("b", 1);
    o.append_member("a", 2);
    o.append_member("b", 3);
    EXPECT_EQ(o.dump(), R"({"b":1,"a":2,"b":3})");
}

TEST(ValueDump, NumbersKeepTheirSourceSpelling) {
    Value v = Value::array({Value::number_from_lexeme("1E2"), Value::number_from_lexeme("1.50"),
                            Value::number_from_lexeme("123456789012345678901234567890"), Value(1.0)});
    EXPECT_EQ(v.dump(), "[1E2,1.50,123456789012345678901234567890,1.0]");
    EXPECT_EQ(v.dump_pretty(), "[\n  1E2,\n  1.50,\n  123456789012345678901234567890,\n  1.0\n]");
}

namespace {

// The escaping as the JSON grammar states it, one byte at a time.
std::string escaped_by_hand(std::string_view s) {
    static constexpr char hex[] = "0123456789abcdef";
    std::string out = "\"";
    for (char ch : s) {
        const auto c = static_cast<unsigned char>(ch);
        switch (c) {
        case '"': out += "\\\""; break;
        case '\\': out += "\\\\"; break;
        case '\n': out += "\\n"; break;
        case '\r': out += "\\r"; break;
        case '\t': out += "\\t"; break;
        case '\b': out += "\\b"; break;
        case '\f': out += "\\f"; break;
        default:
            if (c < 0x20) {
                out += "\\u00";
                out += hex[c >> 4];
                out += hex[c & 0xF];
            } else {
                out += ch;
            }
        }
    }
    return out + "\"";
}

} // namespace

// append_json_string: every byte that needs an escape (and bytes next to them: 0x1F, 0x21,
// 0x5B, 0x5D, 0x7F, 0x80, 0xFF) at every position of strings from 0 to 40 bytes, against the
// grammar applied one byte at a time; runs between escapes are copied whole, so their edges count.
TEST(ValueDump, StringEscapesAtEveryPositionAndLength) {
    const char specials[] = {'"', '\\', '\n', '\r', '\t', '\b', '\f', '\x01', '\x1f', '\x00',
                             '\x20', '\x21', '\x5b', '\x5d', '\x7f', '\x80', '\xff', '#'};
    for (std::size_t length = 0; length <= 40; ++length)
        for (std::size_t at = 0; at < length; ++at)
            for (char special : specials) {
                std::string s(length, 'a');
                s[at] = special;
                std::string out;
                laminate::append_json_string(out, s);
                ASSERT_EQ(out, escaped_by_hand(s)) << "length " << length << ", byte at " << at;
            }
    std::string dense;
    for (int i = 0; i < 256; ++i) dense += static_cast<char>(i);
    dense += dense;
    std::string out = "prefix";
    laminate::append_json_string(out, dense);
    EXPECT_EQ(out, "prefix" + escaped_by_hand(dense));
}
