// A key that lost its closing quote before the colon ({"key:"value"}, {"key: "value"}): the key
// ends at the colon when the quote after it opens a whole string value that ends the member.

#include "parse_support.hpp"

namespace laminate {
namespace {

using test::expect_repair;

TEST(ParseKeyQuotes, AKeyLosesItsClosingQuoteBeforeTheColon) {
    expect_repair(R"({"key:"value"})", R"({"key": "value"})", RepairKind::MissingQuote, 5);
    expect_repair(R"({"key: "value"})", R"({"key": "value"})", RepairKind::MissingQuote, 5);
    expect_repair(R"({"key: "value", "b": 1})", R"({"key": "value", "b": 1})",
                  RepairKind::MissingQuote, 5);
    expect_repair(R"({"a": 1, "key:"v"})", R"({"a": 1, "key": "v"})", RepairKind::MissingQuote,
                  13);
    expect_repair("{'key: 'value'}", R"({"key": "value"})", RepairKind::MissingQuote, 5);
    auto ds = expect_repair(R"([{"k:"v"}])", R"([{"k": "v"}])", RepairKind::MissingQuote, 4);
    EXPECT_EQ(test::repairs_of(ds, RepairKind::MissingQuote)[0].path, "[0].k");
}

TEST(ParseKeyQuotes, AKeyWithAQuotedColonStaysWhole) {
    // The quote after the colon opens no value that ends the member: a key's own text.
    auto r = parse(R"({"a:"b": 1})");
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(r->value, test::json(R"({"a:\"b": 1})"));
    EXPECT_FALSE(test::has_repair(r->diagnostics, RepairKind::MissingQuote));
    // Nothing before the colon is no key.
    EXPECT_FALSE(parse(R"({" :"value"})"));
}

TEST(ParseKeyQuotes, StrictModeRefuses) {
    EXPECT_FALSE(parse(R"({"key:"value"})", test::strict()));
    EXPECT_FALSE(parse(R"({"key: "value"})", test::strict()));
}

} // namespace
} // namespace laminate
