// Limits and hostile input: depth, size and repair limits are clean errors (no recursion, no
// crash); invalid UTF-8 is an error or U+FFFD by policy; pathological input costs linear time.

#include "parse_support.hpp"

#include <chrono>

namespace laminate {
namespace {

using test::expect_error;

TEST(ParseLimits, AMillionOpeningBracketsIsADepthError) {
    const std::string deep(1'000'000, '[');
    expect_error(deep, ErrorKind::DepthExceeded, 512);
    ParseOptions o;
    o.complete_truncated = true;
    expect_error(deep, ErrorKind::DepthExceeded, 512, o);
    // Objects too.
    std::string objects;
    for (int i = 0; i < 200'000; ++i)
        objects += "{\"a\":";
    expect_error(objects, ErrorKind::DepthExceeded, 5 * 512);
}

TEST(ParseLimits, DepthLimitIsExact) {
    ParseOptions o;
    o.max_depth = 3;
    EXPECT_TRUE(parse("[[[1]]]", o));
    EXPECT_TRUE(parse(R"({"a": {"b": [1]}})", o));
    expect_error("[[[[1]]]]", ErrorKind::DepthExceeded, 3, o);
    o.max_depth = 0;
    EXPECT_TRUE(parse("1", o));
    expect_error("[]", ErrorKind::DepthExceeded, 0, o);
}

TEST(ParseLimits, DeepInputWithoutRecursion) {
    // Far deeper than any call stack would allow, when the caller raises the limit: the parser
    // keeps its frames on the heap. (The document is rejected as unclosed, so that no deep Value
    // is built.)
    ParseOptions o;
    o.max_depth = 2'000'000;
    expect_error(std::string(1'000'000, '['), ErrorKind::ValueNotClosed, 999'999, o);
}

TEST(ParseLimits, Size) {
    ParseOptions o;
    o.max_size = 10;
    EXPECT_TRUE(parse("[1,2,3,45]", o));
    auto r = parse("[1,2,3,456]", o);
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().kind(), ErrorKind::SizeExceeded);
}

TEST(ParseLimits, Repairs) {
    ParseOptions o;
    o.max_repairs = 2;
    EXPECT_TRUE(parse("[1,2,]//c", o));
    expect_error("[1,2,] // c\n ,", ErrorKind::TooManyRepairs, 13, o);
    // A million redundant closers stop at the limit.
    expect_error("[]" + std::string(1'000'000, ']'), ErrorKind::TooManyRepairs, 10'002);
}

TEST(ParseLimits, InvalidUtf8IsAnErrorByDefault) {
    expect_error("\"a\xFF"
                 "b\"",
                 ErrorKind::InvalidUtf8, 2);
    expect_error("\"\xC0\xAF\"", ErrorKind::InvalidUtf8, 1);         // overlong
    expect_error("\"\xED\xA0\x80\"", ErrorKind::InvalidUtf8, 1);     // encoded surrogate
    expect_error("\"\xF4\x90\x80\x80\"", ErrorKind::InvalidUtf8, 1); // beyond U+10FFFF
    expect_error("\"ab\x80\"", ErrorKind::InvalidUtf8, 3);           // stray continuation byte
    expect_error("{\"\xFE\": 1}", ErrorKind::InvalidUtf8, 2);
    expect_error("['\xFF']", ErrorKind::InvalidUtf8, 2);
    expect_error("[abc\xFF]", ErrorKind::InvalidUtf8, 4);
    expect_error("[\xFF]", ErrorKind::InvalidUtf8, 1);
    expect_error("\"\xE2\x82"
                 "x\"",
                 ErrorKind::InvalidUtf8, 1); // sequence cut short
    expect_error("\"\xE2\x82\"", ErrorKind::InvalidUtf8, 1, test::strict());
}

TEST(ParseLimits, InvalidUtf8CanBeReplaced) {
    ParseOptions o;
    o.invalid_utf8 = InvalidUtf8::Replace;
    struct Case {
        const char* text;
        const char* expected;
        std::size_t offset;
    };
    for (const Case& c :
         {Case{"\"a\xFF"
               "b\"",
               "\"a\xEF\xBF\xBD"
               "b\"",
               2},
          Case{"\"\xC0\xAF\"", "\"\xEF\xBF\xBD\xEF\xBF\xBD\"", 1},
          Case{"\"\xE2\x82"
               "x\"",
               "\"\xEF\xBF\xBD"
               "x\"",
               1},
          Case{"\"\xED\xA0\x80\"", "\"\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD\"", 1},
          Case{"{\"k\xFE\": 1}", "{\"k\xEF\xBF\xBD\": 1}", 3},
          Case{"['\xFF']", "[\"\xEF\xBF\xBD\"]", 2}, Case{"[\xFF]", "[\"\xEF\xBF\xBD\"]", 1}}) {
        SCOPED_TRACE(c.text);
        test::expect_repair(c.text, c.expected, RepairKind::InvalidUtf8, c.offset, Risk::Warning,
                            o);
    }
    // The policy holds in strict mode too: replacing is not a syntax repair.
    o.repair = false;
    auto r = parse("\"a\xFF"
                   "b\"",
                   o);
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(r->value.as_string(), "a\xEF\xBF\xBD"
                                    "b");
    EXPECT_TRUE(test::has_repair(r->diagnostics, RepairKind::InvalidUtf8));
}

// Inputs built to defeat look-aheads and re-reads. Each is about a megabyte: linear work takes
// milliseconds, quadratic work would take hours.
TEST(ParseLimits, PathologicalInputIsLinear) {
    auto repeat = [](std::string_view unit, std::size_t n) {
        std::string out;
        out.reserve(unit.size() * n);
        for (std::size_t i = 0; i < n; ++i)
            out += unit;
        return out;
    };
    ParseOptions lots;
    lots.max_repairs = 10'000'000;
    lots.complete_truncated = true;
    const std::vector<std::string> inputs = {
        "[" + repeat("\"a, ", 250'000) + "]",     // strings that end at a comma
        "\"" + repeat("a\" ", 300'000) + "\"",    // quotes inside a string
        "'" + repeat("x\" y' z ", 100'000) + "'", // mixed quotes
        "[\"abc, " + repeat("word ", 200'000),    // unclosed string, end after text
        "[\"x" + repeat("[ ", 400'000),           // unclosed string, restart at a delimiter
        "[" + repeat("{\"a\":1 ", 100'000) + "]", // missing commas
        "[" + std::string(500, '[') + std::string(500'000, '}'),   // mismatched closers
        "{" + repeat("\"k\": 1, ", 100'000) + "}",                 // one key repeated
        "{" + repeat("a", 1) + repeat(": 1, a", 100'000) + ": 1}", // unquoted keys
        "[" + repeat("/* c */ 1, ", 100'000) + "]",                // comments
        "\"x\"" + repeat(" + \"x\"", 100'000),                     // concatenation
        repeat("{}\n", 300'000),                                   // NDJSON
        "[" + repeat("\"\\ud800\", ", 100'000) + "]",              // unpaired surrogates
        "[" + repeat("True, None, NaN, (1, 2), ", 50'000) + "]",   // foreign literals
        "/*" + std::string(1'000'000, '*'),                        // unterminated comment
        "[" + repeat("#\n", 400'000) + "]",                        // hash comments
        "[" + repeat("b\"aaaa, ", 200'000) + "]",                  // prefixes, unclosed strings
        "[" + repeat("b\"a, b'a, ", 100'000) + "]",                // prefixes, mixed quotes
        "[" + repeat("r'a\\', ", 200'000) + "]",                   // raw strings
        "{\"a\": " + repeat("\"\"x, ", 200'000) + "}",              // doubled opening quotes
        "{'a': " + repeat("''x, ", 200'000) + "}",                 // doubled single quotes
        "{" + repeat("\"k:\"v\" ", 100'000) + "}",                 // keys losing their quote
        "{\"a\": \"x" + repeat("\" \"y", 100'000) + "\"}",          // adjacent strings
    };
    for (const auto& input : inputs) {
        SCOPED_TRACE(input.substr(0, 40));
        const auto start = std::chrono::steady_clock::now();
        auto r = parse(input, lots);
        const double seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        EXPECT_LT(seconds, 20.0);
        if (!r) {
            EXPECT_NE(r.error().kind(), ErrorKind::TooManyRepairs) << r.error();
        }
    }
}

} // namespace
} // namespace laminate
