// options.repair == false: a strict RFC 8259 parser. The first deviation is an error with the
// offset of what would have been repaired.

#include "parse_support.hpp"

namespace laminate {
namespace {

using test::expect_error;
using test::strict;

TEST(ParseStrict, EveryRepairIsAnErrorAtItsOffset) {
    struct Case {
        const char* text;
        std::size_t offset;
    };
    for (const Case& c : {
             Case{"[1,]", 2},       // trailing comma (the offset of the comma)
             Case{"{\"a\":1,}", 6}, // trailing comma in an object
             Case{"[,1]", 1},       // leading comma
             Case{"[1 2]", 3},      // missing comma
             Case{"{\"a\" 1}", 5},  // missing colon
             Case{"{\"a\":}", 5},   // missing value
             Case{"{a:1}", 1},      // unquoted key
             Case{"['a']", 1},      // single quotes
             Case{"[\xE2\x80\x9C"
                  "a\xE2\x80\x9D]",
                  1},                     // typographic quotes
             Case{"[abc]", 1},            // unquoted string
             Case{"// c\n1", 0},          // comment
             Case{"[1] # c", 4},          // hash comment
             Case{"[True]", 1},           // Python literal
             Case{"(1, 2)", 0},           // Python tuple
             Case{"[NaN]", 1},            // NaN
             Case{"[undefined]", 1},      // undefined
             Case{"\"a\nb\"", 2},         // raw control character
             Case{"\"a\\xb\"", 2},        // invalid escape
             Case{"\"a\\'b\"", 2},        // escaped single quote
             Case{"[01]", 1},             // leading zero
             Case{"[.5]", 1},             // malformed number
             Case{"{\"a\":1}{}", 7},      // concatenated payloads
             Case{"[1]]", 3},             // redundant closer
             Case{"[1}", 2},              // mismatched closer
             Case{"[1, ...]", 4},         // ellipsis
             Case{"cb({})", 0},           // JSONP wrapper
             Case{"```json\n{}\n```", 0}, // markdown fence
             Case{"\xEF\xBB\xBF{}", 0},   // byte order mark
             Case{"{\"a\":\xC2\xA0"
                  "1}",
                  5},                  // no-break space
             Case{"\"a\" + \"b\"", 4}, // string concatenation
             Case{"[\"a\" \"b\" c\"]", 5}, // strict: the string ends at its first quote
         }) {
        expect_error(c.text, ErrorKind::RepairNotAllowed, c.offset, strict());
    }
}

TEST(ParseStrict, UnrepairableInputIsInvalidJson) {
    expect_error("{\"a\":1}x", ErrorKind::InvalidJson, 7, strict());
    expect_error("{:1}", ErrorKind::InvalidJson, 1, strict());
    expect_error("\"\\u12G4\"", ErrorKind::InvalidJson, 1, strict());
    expect_error("\"\\ud800\"", ErrorKind::InvalidJson, 1, strict()); // unpaired surrogate
    expect_error("\"\\udc00\\ud800\"", ErrorKind::InvalidJson, 1, strict());
    expect_error("[1,:]", ErrorKind::InvalidJson, 3, strict());
}

TEST(ParseStrict, EmptyAndTruncatedInput) {
    expect_error("", ErrorKind::EmptyInput, 0, strict());
    expect_error(" \n\t ", ErrorKind::EmptyInput, 4, strict());
    expect_error("[1,2", ErrorKind::ValueNotClosed, 0, strict());
    expect_error("{\"a\": \"b", ErrorKind::ValueNotClosed, 6, strict());
}

TEST(ParseStrict, ParseJsonIsStrict) {
    auto r = parse_json("[1,]");
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().kind(), ErrorKind::RepairNotAllowed);
    EXPECT_EQ(r.error().offset(), 2u);
    EXPECT_TRUE(parse_json("[1]"));
}

TEST(ParseStrict, ErrorsNameThePathOfTheValue) {
    auto r = parse(R"({"a": {"b": [1, 2, 03]}})", strict());
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().path(), "a.b[2]");
    EXPECT_EQ(r.error().offset(), 19u);
}

TEST(ParseStrict, TruncationCanStillBeCompleted) {
    // Streaming use: strict syntax, but a document cut short is closed on request.
    ParseOptions o = strict();
    o.complete_truncated = true;
    auto r = parse(R"({"a": [1, 2)", o);
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(r->value, test::json(R"({"a": [1, 2]})"));
    ASSERT_FALSE(r->diagnostics.empty());
    for (const auto& d : r->diagnostics)
        EXPECT_EQ(d.risk, Risk::Risky);
    // ... but nothing else is repaired.
    expect_error(R"({"a": [1, 2,] )", ErrorKind::RepairNotAllowed, 11, o);
}

} // namespace
} // namespace laminate
