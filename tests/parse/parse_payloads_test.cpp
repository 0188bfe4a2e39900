// The document as a whole: several payloads (concatenated or newline-delimited JSON) become an
// array; a document encoded in a JSON string is decoded.

#include "parse_support.hpp"

namespace laminate {
namespace {

using test::expect_error;
using test::expect_repair;

TEST(ParsePayloads, ConcatenatedObjects) {
    expect_repair(R"({"a":1}{"b":2})", R"([{"a":1},{"b":2}])", RepairKind::ConcatenatedPayloads,
                  7);
    expect_repair(R"([1][2] [3])", "[[1],[2],[3]]", RepairKind::ConcatenatedPayloads, 3);
}

TEST(ParsePayloads, NewlineDelimitedJson) {
    auto ds = expect_repair("{\"a\":1}\n{\"a\":2}\n{\"a\":3}\n", R"([{"a":1},{"a":2},{"a":3}])",
                            RepairKind::ConcatenatedPayloads, 8);
    EXPECT_EQ(test::repairs_of(ds, RepairKind::ConcatenatedPayloads).size(), 1u);
    expect_repair("1\n2", "[1,2]", RepairKind::ConcatenatedPayloads, 2);
    // Unquoted words on two lines are prose, not two payloads (was ["a","b"], a silent wrong
    // reading of a sentence as an array).
    test::expect_error("a\nb", ErrorKind::InvalidJson, 2);
    expect_repair("/* 1 */\n{},\n\n/* 2 */\n{},\n\n/* 3 */\n{},\n", "[{},{},{}]",
                  RepairKind::ConcatenatedPayloads, 21);
}

TEST(ParsePayloads, CommaSeparatedValues) {
    expect_repair("1,2,3", "[1,2,3]", RepairKind::ConcatenatedPayloads, 2);
    auto ds = expect_repair("1,2,3,", "[1,2,3]", RepairKind::TrailingComma, 5);
    EXPECT_TRUE(test::has_repair(ds, RepairKind::ConcatenatedPayloads));
}

TEST(ParsePayloads, PathsOfLaterPayloadsNameTheirIndex) {
    auto r = parse("{\"a\": 1}\n{\"a\": [1,]}");
    ASSERT_TRUE(r) << r.error();
    const auto trailing = test::repairs_of(r->diagnostics, RepairKind::TrailingComma);
    ASSERT_EQ(trailing.size(), 1u);
    EXPECT_EQ(trailing[0].path, "[1].a");
}

TEST(ParsePayloads, OtherTrailingContentIsAnError) {
    expect_error(R"({"a":2}foo)", ErrorKind::InvalidJson, 7);
    expect_error("foo [", ErrorKind::InvalidJson, 4);
    expect_error("1 2", ErrorKind::InvalidJson, 2);
    expect_error(R"("a" "b")", ErrorKind::InvalidJson, 4);
}

TEST(ParsePayloads, AStringHoldingJsonIsReadAsWritten) {
    // Valid JSON reads exactly: a document that is one string is that string, whatever it holds
    // (extract() takes the document it holds as the payload; shaping decodes it where the target
    // is no string, a BestEffort coercion).
    for (const char* text : {R"("{\"a\": [1, 2]}")", R"(  "[1, 2]" )", R"("{a:b}")", R"("42")"}) {
        auto r = parse(text);
        ASSERT_TRUE(r) << r.error();
        EXPECT_TRUE(r->value.is_string()) << text;
        EXPECT_TRUE(r->diagnostics.empty()) << text;
    }
}

} // namespace
} // namespace laminate
