// JSON Pointer (RFC 6901) access.
#include <laminate/value.hpp>

#include <gtest/gtest.h>

using laminate::Value;

namespace {
// The example document of RFC 6901, section 5.
Value rfc_document() {
    return Value::object({{"foo", Value::array({"bar", "baz"})},
                          {"", 0},
                          {"a/b", 1},
                          {"c%d", 2},
                          {"e^f", 3},
                          {"g|h", 4},
                          {"i\\j", 5},
                          {"k\"l", 6},
                          {" ", 7},
                          {"m~n", 8}});
}

std::string at(const Value& v, std::string_view pointer) {
    const Value* found = v.at_pointer(pointer);
    return found ? found->dump() : "<absent>";
}
} // namespace

TEST(ValuePointer, Rfc6901Examples) {
    const Value doc = rfc_document();
    EXPECT_EQ(doc.at_pointer(""), &doc);
    EXPECT_EQ(at(doc, "/foo"), R"(["bar","baz"])");
    EXPECT_EQ(at(doc, "/foo/0"), R"("bar")");
    EXPECT_EQ(at(doc, "/"), "0");
    EXPECT_EQ(at(doc, "/a~1b"), "1");
    EXPECT_EQ(at(doc, "/c%d"), "2");
    EXPECT_EQ(at(doc, "/e^f"), "3");
    EXPECT_EQ(at(doc, "/g|h"), "4");
    EXPECT_EQ(at(doc, "/i\\j"), "5");
    EXPECT_EQ(at(doc, "/k\"l"), "6");
    EXPECT_EQ(at(doc, "/ "), "7");
    EXPECT_EQ(at(doc, "/m~0n"), "8");
}

TEST(ValuePointer, ReturnsTheStoredNode) {
    Value doc = rfc_document();
    const Value* baz = doc.at_pointer("/foo/1");
    ASSERT_NE(baz, nullptr);
    EXPECT_EQ(baz, &doc.find("foo")->items()[1]);
}

TEST(ValuePointer, EscapesDecodeInOnePass) {
    Value doc = Value::object({{"~1", "tilde-one"}, {"/", "slash"}, {"~", "tilde"}, {"a~/b", "both"}});
    EXPECT_EQ(at(doc, "/~01"), R"("tilde-one")"); // ~01 is "~1", not "/"
    EXPECT_EQ(at(doc, "/~1"), R"("slash")");
    EXPECT_EQ(at(doc, "/~0"), R"("tilde")");
    EXPECT_EQ(at(doc, "/a~0~1b"), R"("both")");
}

TEST(ValuePointer, MalformedEscapesAreAbsent) {
    Value doc = Value::object({{"m~n", 8}, {"m~2n", 9}});
    EXPECT_EQ(doc.at_pointer("/m~2n"), nullptr);
    EXPECT_EQ(doc.at_pointer("/m~"), nullptr);
    EXPECT_EQ(doc.at_pointer("/~"), nullptr);
    EXPECT_EQ(doc.at_pointer("/missing/~x"), nullptr);
}

TEST(ValuePointer, MustStartWithASlash) {
    const Value doc = rfc_document();
    EXPECT_EQ(doc.at_pointer("foo"), nullptr);
    EXPECT_EQ(doc.at_pointer("#/foo"), nullptr);
    EXPECT_EQ(doc.at_pointer(" /foo"), nullptr);
}

TEST(ValuePointer, ArrayIndexRules) {
    const Value doc = Value::object({{"a", Value::array({10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20})}});
    EXPECT_EQ(at(doc, "/a/0"), "10");
    EXPECT_EQ(at(doc, "/a/10"), "20");
    EXPECT_EQ(doc.at_pointer("/a/11"), nullptr);  // past the end
    EXPECT_EQ(doc.at_pointer("/a/01"), nullptr);  // leading zero
    EXPECT_EQ(doc.at_pointer("/a/00"), nullptr);
    EXPECT_EQ(doc.at_pointer("/a/-"), nullptr);   // the element after the last: never present
    EXPECT_EQ(doc.at_pointer("/a/-1"), nullptr);
    EXPECT_EQ(doc.at_pointer("/a/+1"), nullptr);
    EXPECT_EQ(doc.at_pointer("/a/ 1"), nullptr);
    EXPECT_EQ(doc.at_pointer("/a/1 "), nullptr);
    EXPECT_EQ(doc.at_pointer("/a/1.0"), nullptr);
    EXPECT_EQ(doc.at_pointer("/a/"), nullptr);
    EXPECT_EQ(doc.at_pointer("/a/99999999999999999999999999"), nullptr);
}

TEST(ValuePointer, DigitsAreKeysOnObjects) {
    const Value doc = Value::object({{"0", "zero"}, {"01", "zero-one"}, {"-", "dash"}});
    EXPECT_EQ(at(doc, "/0"), R"("zero")");
    EXPECT_EQ(at(doc, "/01"), R"("zero-one")");
    EXPECT_EQ(at(doc, "/-"), R"("dash")");
}

TEST(ValuePointer, DescendingIntoScalarsOrMissingKeys) {
    const Value doc = rfc_document();
    EXPECT_EQ(doc.at_pointer("/foo/0/x"), nullptr);
    EXPECT_EQ(doc.at_pointer("/missing"), nullptr);
    EXPECT_EQ(doc.at_pointer("/missing/deeper"), nullptr);
    EXPECT_EQ(doc.at_pointer("/a~1b/0"), nullptr);
    EXPECT_EQ(Value(3).at_pointer("/0"), nullptr);
    const Value three(3);
    EXPECT_EQ(three.at_pointer(""), &three);
}

TEST(ValuePointer, EmptyKeysAtEveryLevel) {
    Value doc = Value::object({{"", Value::object({{"", Value::object({{"x", 1}})}})}});
    EXPECT_EQ(at(doc, "//"), R"({"x":1})");
    EXPECT_EQ(at(doc, "///x"), "1");
    EXPECT_EQ(doc.at_pointer("///"), nullptr);
}

TEST(ValuePointer, DuplicateKeysResolveToTheLast) {
    Value doc = Value::object();
    doc.append_member("k", 1);
    doc.append_member("k", 2);
    EXPECT_EQ(at(doc, "/k"), "2");
}
