// Closers that do not fit: one too many inside an array, a value without a key after an
// object's member, an object closed early, a markdown fence right after an unclosed object.

#include "parse_support.hpp"

namespace laminate {
namespace {

using test::completing;
using test::expect_repair;

TEST(ParseClosers, ExtraCloserInsideAnArrayIsRemoved) {
    auto ds = expect_repair(R"([{"a": 1}}, {"a": 2}])", R"([{"a": 1}, {"a": 2}])",
                            RepairKind::RedundantCloser, 9);
    EXPECT_FALSE(test::has_repair(ds, RepairKind::ConcatenatedPayloads)) << test::describe(ds);
}

TEST(ParseClosers, RepeatedCloserInsideANestedArrayIsRemoved) {
    expect_repair(R"({"x": [{"a": 1}}, {"a": 2}]})", R"({"x": [{"a": 1}, {"a": 2}]})",
                  RepairKind::RedundantCloser, 15);
}

TEST(ParseClosers, WrongCloserAtTheEndStillClosesItsContainer) {
    expect_repair(R"([1, 2})", R"([1, 2])", RepairKind::MissingCloser, 5);
}

TEST(ParseClosers, TheArraysCloserWrittenForAnElementsIsReplaced) {
    // Closing the array there would end the document with elements still to come: the ']' was
    // written for the object's '}'.
    auto ds = expect_repair(R"([{"a": 1], {"b": 2}])", R"([{"a": 1}, {"b": 2}])",
                            RepairKind::MissingCloser, 8);
    EXPECT_FALSE(test::has_repair(ds, RepairKind::ConcatenatedPayloads)) << test::describe(ds);
}

TEST(ParseClosers, ACloserAfterJoinedPayloadsIsAnError) {
    // {"a": "x"}, "y"} is one broken document, not an object and a string.
    test::expect_error(R"({"a": "x"}, "y"})", ErrorKind::AmbiguousRepair, 15);
    test::expect_error("[1]\n[2]]", ErrorKind::AmbiguousRepair, 7);
    // Without joined payloads, an extra closer at the end is still removed.
    expect_repair(R"({"a": 1}})", R"({"a": 1})", RepairKind::RedundantCloser, 8);
}

TEST(ParseClosers, ValueWithoutKeyAfterAMemberIsAmbiguous) {
    // An object (or a scalar) without a key could be a second member's value or a new element:
    // no reading is the careful one. (An array after an array member continues it: see
    // parse_members_test.cpp.)
    auto r = parse(R"({"a": 1 {"b": 2}})");
    ASSERT_FALSE(r) << "parsed as " << r->value.dump();
    EXPECT_EQ(r.error().kind(), ErrorKind::AmbiguousRepair);
    auto r2 = parse(R"({"a": [1, 2], {"b": 2}})");
    ASSERT_FALSE(r2) << "parsed as " << r2->value.dump();
    EXPECT_EQ(r2.error().kind(), ErrorKind::AmbiguousRepair);
    EXPECT_EQ(r2.error().offset(), 14u);
    auto r3 = parse(R"({"a": 1, [3, 4]})");
    ASSERT_FALSE(r3) << "parsed as " << r3->value.dump();
    EXPECT_EQ(r3.error().kind(), ErrorKind::AmbiguousRepair);
}

TEST(ParseClosers, ObjectsInAnArrayMayStillLoseACloser) {
    expect_repair(R"([{"i":1,{"i":2}])", R"([{"i":1},{"i":2}])", RepairKind::MissingCloser, 8);
    expect_repair(R"([{"i":1{"i":2}])", R"([{"i":1},{"i":2}])", RepairKind::MissingCloser, 7);
}

TEST(ParseClosers, EarlyObjectCloserKeepsTheMembersAfterIt) {
    auto ds = expect_repair(R"({"a": 1}, "b": 2})", R"({"a": 1, "b": 2})",
                            RepairKind::RedundantCloser, 7);
    EXPECT_FALSE(test::has_repair(ds, RepairKind::ConcatenatedPayloads));
}

TEST(ParseClosers, FenceAfterAnUnclosedObjectInventsNoMember) {
    const char* text = "{\"a\": 1, \"b\": \"x\"\n```";
    auto ds = expect_repair(text, R"({"a": 1, "b": "x"})", RepairKind::MissingCloser, 21,
                            Risk::Risky, completing());
    for (const auto& d : ds)
        EXPECT_NE(d.repair, RepairKind::SmartQuotes) << test::describe(ds);
    // Without completion it is reported as cut off, naming the object, not a member "".
    auto r = parse(text);
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().kind(), ErrorKind::ValueNotClosed);
    EXPECT_EQ(r.error().path(), "");
    // After a comma, or after a key, the fence ends the text the same way.
    expect_repair("{\"a\": 1,\n```\n", R"({"a": 1})", RepairKind::TruncatedCompleted, 7,
                  Risk::Risky, completing());
    expect_repair("{\"a\": 1, \"b\":\n```", R"({"a": 1})", RepairKind::TruncatedCompleted, 17,
                  Risk::Risky, completing());
    expect_repair("```json\n{\"a\": [1, 2\n```", R"({"a": [1, 2]})", RepairKind::MissingCloser, 23,
                  Risk::Risky, completing());
}

} // namespace
} // namespace laminate
