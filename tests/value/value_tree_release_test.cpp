// Freeing a parsed document at once: a container whose whole tree lives in one arena chunk is
// released without a walk (Value::kTreeBlocks). An element taken out of it through any mutable
// accessor must survive the document, and the chunk must not be handed out again while it lives:
// each test frees the document, then parses others over the same thread's arena, and only then
// reads what it kept.

#include <laminate/parse.hpp>
#include <laminate/value.hpp>

#include <gtest/gtest.h>

#include <string>
#include <utility>

namespace {

using laminate::Value;

constexpr const char* kDoc =
    R"({"name": "a string long enough for the arena", "n": 1.50000000000000000,)"
    R"( "list": ["another string long enough for the arena", {"k": "and a third long string here"}],)"
    R"( "tail": {"t": "the last string long enough for it"}})";

Value parse_value(std::string_view text) {
    auto r = laminate::parse(text);
    EXPECT_TRUE(r.has_value());
    return std::move(r->value);
}

// Parses and frees documents over the arena, so that a chunk freed too early is overwritten.
void churn() {
    std::string big = "[";
    for (int i = 0; i < 4000; ++i) big += std::string(i ? "," : "") + R"({"x": "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"})";
    big += "]";
    for (int i = 0; i < 3; ++i) {
        Value v = parse_value(big);
        ASSERT_EQ(v.size(), 4000u);
        Value w = parse_value(kDoc);
    }
}

TEST(ValueTreeRelease, ElementMovedOutThroughItemsOutlivesTheDocument) {
    Value doc = parse_value(kDoc);
    Value list = std::move(doc.members()[2].value);
    Value first = std::move(list.items()[0]);
    Value second = std::move(list[1]);
    doc = Value();
    list = Value();
    churn();
    EXPECT_EQ(first.as_string(), "another string long enough for the arena");
    EXPECT_EQ(second.dump(), R"({"k":"and a third long string here"})");
}

TEST(ValueTreeRelease, MemberMovedOutThroughFindOutlivesTheDocument) {
    Value doc = parse_value(kDoc);
    Value tail = std::move(*doc.find("tail"));
    Value n = std::move(*doc.find("n"));
    doc = Value();
    churn();
    EXPECT_EQ(tail.dump(), R"({"t":"the last string long enough for it"})");
    EXPECT_EQ(n.lexeme(), "1.50000000000000000");
    EXPECT_EQ(n.dump(), "1.50000000000000000");
}

TEST(ValueTreeRelease, NestedMemberMovedOutThroughMembersOutlivesTheDocument) {
    Value doc = parse_value(kDoc);
    Value name = std::move(doc.members()[0].name); // the key itself
    Value k = std::move(doc.members()[2].value.items()[1].members()[0].value);
    doc = Value();
    churn();
    EXPECT_EQ(name.as_string(), "name");
    EXPECT_EQ(k.as_string(), "and a third long string here");
}

TEST(ValueTreeRelease, EditedDocumentsFreeWhatTheyHold) {
    Value doc = parse_value(kDoc);
    EXPECT_TRUE(doc.erase("name"));
    doc.set("tail", Value("a replacement string long enough for the heap"));
    doc.append_member("extra", parse_value(R"(["one more string long enough for the arena"])"));
    Value copy = doc;
    doc = Value();
    churn();
    EXPECT_EQ(copy.dump(), R"({"n":1.50000000000000000,"list":["another string long enough for the arena",)"
                           R"({"k":"and a third long string here"}],"tail":"a replacement string long enough )"
                           R"(for the heap","extra":["one more string long enough for the arena"]})");
}

TEST(ValueTreeRelease, ArrayGrownAfterParsingFreesItsElements) {
    Value doc = parse_value(R"([["a string long enough for the arena"], "and another long string!!"])");
    doc[0].push_back(Value("a pushed string long enough for the heap"));
    Value inner = std::move(doc[0]);
    doc = Value();
    churn();
    EXPECT_EQ(inner.dump(), R"(["a string long enough for the arena","a pushed string long enough for the heap"])");
}

TEST(ValueTreeRelease, UntouchedDocumentsBiggerThanAChunkFreeCleanly) {
    std::string text = "[";
    for (int i = 0; i < 3000; ++i)
        text += std::string(i ? "," : "") + R"({"id": )" + std::to_string(i) +
                R"(, "s": "a string long enough for the arena", "a": [1.0000000000010, "x"]})";
    text += "]";
    for (int round = 0; round < 3; ++round) {
        Value doc = parse_value(text);
        ASSERT_EQ(doc.size(), 3000u);
        const Value& last = doc.items()[2999];
        EXPECT_EQ(last["s"].as_string(), "a string long enough for the arena");
        EXPECT_EQ(last["a"][0].lexeme(), "1.0000000000010");
    }
}

} // namespace
