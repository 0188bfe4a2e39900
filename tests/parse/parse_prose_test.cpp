// Text that is no JSON stays an error: a sentence is not an array of its clauses, a sign alone is
// not -0.

#include "parse_support.hpp"

namespace laminate {
namespace {

TEST(ParseProse, ASentenceIsNotAnArray) {
    for (const char* text : {"Sorry, I cannot help with that.", "Sure, here it is",
                             "No\nI will not", "{\"a\": 1}\nSorry, no."}) {
        auto r = parse(text);
        EXPECT_FALSE(r) << text << " parsed as " << r->value.dump();
    }
}

TEST(ParseProse, ASingleWordIsStillAnUnquotedString) {
    test::expect_repair("abc", R"("abc")", RepairKind::UnquotedString, 0);
}

TEST(ParseProse, ASignAloneIsNoNumber) {
    for (const char* text : {"[-]", "[-, 1]", "{\"a\": -}", "[.]"}) {
        auto r = parse(text);
        EXPECT_FALSE(r) << text << " parsed as " << r->value.dump();
    }
    auto r = parse("[-]");
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().kind(), ErrorKind::InvalidJson);
    EXPECT_EQ(r.error().offset(), 1u);
}

} // namespace
} // namespace laminate
