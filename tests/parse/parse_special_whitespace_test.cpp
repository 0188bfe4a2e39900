// White space JSON does not know (Unicode spaces, a form feed, a vertical tab) next to a closing
// quote and between tokens: white space (a special_whitespace Warning), never a quote made text.

#include "parse_support.hpp"

namespace laminate {
namespace {

using test::expect_error;
using test::expect_repair;

constexpr const char* kSpaces[] = {"\xC2\xA0",     "\xE2\x80\x8B", "\xEF\xBB\xBF", "\xE2\x80\x89",
                                   "\xE2\x80\xAF", "\xE3\x80\x80", "\xE2\x80\xA8", "\f",
                                   "\v"};

std::string with(const char* space, std::string_view before, std::string_view after) {
    return std::string(before) + space + std::string(after);
}

TEST(ParseSpecialWhitespace, AfterAKeysClosingQuote) {
    for (const char* space : kSpaces) {
        SCOPED_TRACE(space);
        // A member after it: the key was renamed to name"<NBSP> before.
        expect_repair(with(space, R"({"name")", R"(: "Ann", "age": 30})"),
                      R"({"name": "Ann", "age": 30})", RepairKind::SpecialWhitespace, 7);
        expect_repair(with(space, R"({"age")", R"(: 30, "b": 1})"), R"({"age": 30, "b": 1})",
                      RepairKind::SpecialWhitespace, 6);
    }
}

TEST(ParseSpecialWhitespace, AfterAValuesClosingQuote) {
    for (const char* space : kSpaces) {
        SCOPED_TRACE(space);
        expect_repair(with(space, R"({"a": "x")", R"(, "b": 1})"), R"({"a": "x", "b": 1})",
                      RepairKind::SpecialWhitespace, 9);
        expect_repair(with(space, R"(["a")", R"(, "b"])"), R"(["a", "b"])",
                      RepairKind::SpecialWhitespace, 4);
        expect_repair(with(space, R"({"a": "x")", "}"), R"({"a": "x"})",
                      RepairKind::SpecialWhitespace, 9);
        // Read by the careful reader (the value holds an escape).
        expect_repair(with(space, R"({"a": "x\n")", R"(, "b": 1})"), R"({"a": "x\n", "b": 1})",
                      RepairKind::SpecialWhitespace, 11);
    }
}

TEST(ParseSpecialWhitespace, BeforeAValue) {
    expect_repair("{\"a\":\f1}", R"({"a": 1})", RepairKind::SpecialWhitespace, 5);
    expect_repair("{\"a\":\v1}", R"({"a": 1})", RepairKind::SpecialWhitespace, 5);
    expect_repair("\f{\"a\":1}", R"({"a": 1})", RepairKind::SpecialWhitespace, 0);
}

TEST(ParseSpecialWhitespace, InsideANumberIsAnError) {
    // [1<ZWSP>2] reads as [12]: neither [1, 2] nor 12 is clearly what was meant.
    expect_error("[1\xE2\x80\x8B" "2]", ErrorKind::AmbiguousRepair, 2);
    expect_error("{\"age\": 3\xC2\xA0" "0}", ErrorKind::AmbiguousRepair, 9);
    // Between two numbers written apart, a space is a space.
    expect_repair("[1, \xE2\x80\x8B" "2]", "[1, 2]", RepairKind::SpecialWhitespace, 4);
}

TEST(ParseSpecialWhitespace, InsideAStringIsText) {
    auto r = parse("{\"a\": \"x\xC2\xA0\", \"b\": \"\f\"}");
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(r->value, test::json("{\"a\": \"x\xC2\xA0\", \"b\": \"\\f\"}"));
}

} // namespace
} // namespace laminate
