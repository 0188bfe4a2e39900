// Valid JSON (RFC 8259) parses exactly and without diagnostics, in both modes.

#include "parse_support.hpp"

#include <cmath>
#include <cstdint>
#include <limits>
#include <random>

namespace laminate {
namespace {

using test::strict;

// Builds "a" + "b" + ... (GCC 12 warns falsely on chained std::string operator+ at -O3).
template <class... Parts> std::string cat(const Parts&... parts) {
    std::string out;
    (out.append(parts), ...);
    return out;
}

Value parse_valid(std::string_view text) {
    SCOPED_TRACE(std::string(text));
    auto lenient = parse(text);
    auto exact = parse(text, strict());
    EXPECT_TRUE(lenient) << lenient.error();
    EXPECT_TRUE(exact) << exact.error();
    if (!lenient || !exact) return Value();
    EXPECT_TRUE(lenient->diagnostics.empty()) << test::describe(lenient->diagnostics);
    EXPECT_TRUE(exact->diagnostics.empty()) << test::describe(exact->diagnostics);
    EXPECT_EQ(lenient->value, exact->value);
    return std::move(lenient->value);
}

TEST(ParseValid, ParsesAnObjectWithoutDiagnostics) {
    auto r = parse(R"({"a": [1, 2.5, "x"], "b": null})");
    ASSERT_TRUE(r) << r.error();
    EXPECT_TRUE(r->diagnostics.empty());
    EXPECT_EQ(r->value.dump(), R"({"a":[1,2.5,"x"],"b":null})");
}

TEST(ParseValid, Literals) {
    EXPECT_EQ(parse_valid("true"), Value(true));
    EXPECT_EQ(parse_valid("false"), Value(false));
    EXPECT_TRUE(parse_valid("null").is_null());
    EXPECT_EQ(parse_valid("[true,false,null]").dump(), "[true,false,null]");
}

TEST(ParseValid, Integers) {
    std::int64_t i = 0;
    std::uint64_t u = 0;
    EXPECT_TRUE(parse_valid("0").get_int64(i));
    EXPECT_EQ(i, 0);
    EXPECT_TRUE(parse_valid("-42").get_int64(i));
    EXPECT_EQ(i, -42);
    EXPECT_TRUE(parse_valid("9223372036854775807").get_int64(i));
    EXPECT_EQ(i, std::numeric_limits<std::int64_t>::max());
    EXPECT_TRUE(parse_valid("-9223372036854775808").get_int64(i));
    EXPECT_EQ(i, std::numeric_limits<std::int64_t>::min());
    const Value big = parse_valid("18446744073709551615");
    EXPECT_EQ(big.number_kind(), NumberKind::UInt);
    EXPECT_TRUE(big.get_uint64(u));
    EXPECT_EQ(u, std::numeric_limits<std::uint64_t>::max());
    EXPECT_TRUE(big.is_lossless());
}

TEST(ParseValid, NegativeZeroKeepsItsSign) {
    const Value z = parse_valid("-0");
    EXPECT_EQ(z.dump(), "-0");
    EXPECT_EQ(parse_valid("-0.0").dump(), "-0.0");
    EXPECT_TRUE(std::signbit(parse_valid("-0.0").as_double()));
}

TEST(ParseValid, BigAndPreciseNumbersStayExactThroughTheirLexeme) {
    const Value huge = parse_valid("123456789012345678901234567890");
    EXPECT_FALSE(huge.is_lossless());
    EXPECT_EQ(huge.lexeme(), "123456789012345678901234567890");
    EXPECT_EQ(huge.dump(), "123456789012345678901234567890");

    const Value pi = parse_valid("3.14159265358979323846264338327950288");
    EXPECT_FALSE(pi.is_lossless());
    EXPECT_EQ(pi.dump(), "3.14159265358979323846264338327950288");
    EXPECT_DOUBLE_EQ(pi.as_double(), 3.141592653589793);

    const Value tiny = parse_valid("-1e-400");
    EXPECT_EQ(tiny.dump(), "-1e-400");
}

TEST(ParseValid, DecimalsAndExponents) {
    struct Case {
        const char* text;
        double value;
    };
    for (const Case& c : {Case{"2.5", 2.5}, Case{"-0.125", -0.125}, Case{"760.41", 760.41},
                          Case{"44.746094", 44.746094}, Case{"0.5", 0.5}, Case{"0.05", 0.05},
                          Case{"1e5", 1e5}, Case{"1E5", 1e5}, Case{"1e+5", 1e5},
                          Case{"2.3e-3", 2.3e-3}, Case{"0e+2", 0.0}, Case{"2300e3", 2300e3},
                          Case{"-2.5E-10", -2.5e-10}, Case{"123456789012.5", 123456789012.5},
                          Case{"1.7976931348623157e308", 1.7976931348623157e308}}) {
        const Value v = parse_valid(c.text);
        ASSERT_TRUE(v.is_number()) << c.text;
        EXPECT_EQ(v.number_kind(), NumberKind::Double) << c.text;
        EXPECT_EQ(v.as_double(), c.value) << c.text;
        EXPECT_TRUE(v.is_lossless()) << c.text;
        // The written form survives a round trip.
        EXPECT_EQ(parse_valid(v.dump()), v) << c.text;
    }
    // Plain decimals render as written.
    EXPECT_EQ(parse_valid("[760.41,-0.125,44.746094]").dump(), "[760.41,-0.125,44.746094]");
}

TEST(ParseValid, Strings) {
    EXPECT_EQ(parse_valid(R"("")").as_string(), "");
    EXPECT_EQ(parse_valid(R"("str")").as_string(), "str");
    EXPECT_EQ(parse_valid(R"("\"\\\/\b\f\n\r\t")").as_string(), "\"\\/\b\f\n\r\t");
    EXPECT_EQ(parse_valid(R"("\u260E")").as_string(), "\xE2\x98\x8E");
    EXPECT_EQ(parse_valid(R"("\u00e9\u00E9")").as_string(), "\xC3\xA9\xC3\xA9");
    EXPECT_EQ(parse_valid(R"("\ud83d\ude00")").as_string(), "\xF0\x9F\x98\x80");
    EXPECT_EQ(parse_valid(R"("\u0000")").as_string(), std::string_view("\0", 1));
    const std::string long_text(1000, 'x');
    EXPECT_EQ(parse_valid(cat("\"", long_text, "\"")).as_string(), long_text);
    // Escapes at every position of the 8-byte blocks the fast path reads.
    for (int pad = 0; pad < 17; ++pad) {
        const std::string prefix(static_cast<std::size_t>(pad), 'a');
        EXPECT_EQ(parse_valid(cat("\"", prefix, "\\n", prefix, "\"")).as_string(),
                  cat(prefix, "\n", prefix));
        EXPECT_EQ(parse_valid(cat("\"", prefix, "\"")).as_string(), prefix);
    }
    // Strings equal to a delimiter.
    EXPECT_EQ(parse_valid(R"([",", ":", "[", "]", "{", "}", "//", "/*"])").dump(),
              R"([",",":","[","]","{","}","//","/*"])");
}

TEST(ParseValid, Unicode) {
    EXPECT_EQ(parse_valid("\"caf\xC3\xA9 \xE6\x9D\xB1\xE4\xBA\xAC \xF0\x9F\x9A\x80\"").as_string(),
              "caf\xC3\xA9 \xE6\x9D\xB1\xE4\xBA\xAC \xF0\x9F\x9A\x80");
    const Value obj = parse_valid("{\"\xE2\x98\x85\": true, \"\xF0\x9F\x98\x80\": 1}");
    EXPECT_EQ(obj["\xE2\x98\x85"], Value(true));
    EXPECT_EQ(obj["\xF0\x9F\x98\x80"], Value(1));
    // Smart quotes and special spaces inside a string are text.
    EXPECT_EQ(parse_valid("\"Rounded \xE2\x80\x9C quote\xC2\xA0!\"").as_string(),
              "Rounded \xE2\x80\x9C quote\xC2\xA0!");
}

TEST(ParseValid, NestingAndKeyOrder) {
    const Value v =
        parse_valid(R"({"z": {"y": [1, [2, [3, {"x": []}]]]}, "a": {}, "m": [{}, []]})");
    EXPECT_EQ(v.dump(), R"({"z":{"y":[1,[2,[3,{"x":[]}]]]},"a":{},"m":[{},[]]})");
    ASSERT_EQ(v.members().size(), 3u);
    EXPECT_EQ(v.members()[0].key(), "z");
    EXPECT_EQ(v.members()[2].key(), "m");
    std::string deep;
    for (int i = 0; i < 500; ++i)
        deep += "[";
    deep += "1";
    for (int i = 0; i < 500; ++i)
        deep += "]";
    EXPECT_EQ(parse_valid(deep).dump(), deep);
}

TEST(ParseValid, Whitespace) {
    EXPECT_EQ(parse_valid(" \t\r\n{ \t\r\n\"a\" \t\r\n: \t\r\n[ 1 , 2 ] \t\r\n} \t\r\n").dump(),
              R"({"a":[1,2]})");
    EXPECT_EQ(parse_valid("  { \n } \t ").dump(), "{}");
    EXPECT_EQ(parse_valid("[  ]").dump(), "[]");
}

TEST(ParseValid, ParseJsonMatchesParse) {
    auto r = parse_json(R"({"a": [1, "two", {"three": 3.5}], "b": false})");
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(r->dump(), R"({"a":[1,"two",{"three":3.5}],"b":false})");
}

// Random documents survive dump -> parse unchanged, with no diagnostic.
Value random_value(std::mt19937& rng, int depth) {
    const char* words[] = {"",
                           "a",
                           "caf\xC3\xA9",
                           "quote \" and \\ backslash",
                           "line\nbreak\ttab",
                           "\x01\x1f",
                           "long string that is over sixteen bytes",
                           "\xF0\x9F\x98\x80",
                           "{\"not\": json}"};
    const auto pick = [&](unsigned n) { return rng() % n; };
    switch (pick(depth > 4 ? 5u : 8u)) {
    case 0: return Value(pick(2) == 1);
    case 1: return Value(static_cast<std::int64_t>(rng()) - 2147483648LL);
    case 2: return Value(static_cast<double>(rng() % 100000) / 64.0);
    case 3: return Value(words[pick(9)]);
    case 4: return Value();
    case 5:
    case 6: {
        Value a = Value::array();
        for (unsigned i = pick(6); i > 0; --i)
            a.push_back(random_value(rng, depth + 1));
        return a;
    }
    default: {
        Value o = Value::object();
        for (unsigned i = pick(6); i > 0; --i)
            o.set(cat("k", std::to_string(i), words[pick(9)]), random_value(rng, depth + 1));
        return o;
    }
    }
}

TEST(ParseValid, RandomDocumentsRoundTrip) {
    std::mt19937 rng(12345);
    for (int doc = 0; doc < 300; ++doc) {
        const Value root = random_value(rng, 0);
        const std::string text = doc % 2 ? root.dump() : root.dump_pretty();
        EXPECT_EQ(parse_valid(text), root) << text;
    }
}

} // namespace
} // namespace laminate
