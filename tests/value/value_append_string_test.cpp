// Value::append_string: a string grown in place, as a streamed string is — the bytes are right
// across the inline/heap boundary, copies are independent, and many small appends move the
// characters only O(log n) times.

#include <laminate/parse.hpp>
#include <laminate/value.hpp>

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

namespace {

using laminate::Value;

TEST(ValueAppendString, GrowsFromInlineToHeap) {
    Value v("");
    std::string want;
    for (int i = 0; i < 200; ++i) {
        const std::string piece = std::to_string(i) + (i % 3 ? " " : "é");
        v.append_string(piece);
        want += piece;
        ASSERT_EQ(v.as_string(), want) << "after append " << i;
    }
    EXPECT_EQ(v, Value(want));
    EXPECT_EQ(v.dump(), Value(want).dump());
}

TEST(ValueAppendString, NullBecomesAStringOtherTypesThrow) {
    Value v;
    v.append_string("abc");
    EXPECT_EQ(v, Value("abc"));
    Value n(3);
    EXPECT_THROW(n.append_string("x"), std::logic_error);
    Value a = Value::array({1});
    EXPECT_THROW(a.append_string("x"), std::logic_error);
    v.append_string(""); // nothing to add
    EXPECT_EQ(v.as_string(), "abc");
}

TEST(ValueAppendString, CopiesAndMovesOfAGrownStringAreIndependent) {
    Value v("a string that is already longer than the inline limit");
    v.append_string(" and more");
    Value copy = v;
    copy.append_string("!");
    EXPECT_EQ(v.as_string(), "a string that is already longer than the inline limit and more");
    EXPECT_EQ(copy.as_string(), "a string that is already longer than the inline limit and more!");
    Value moved = std::move(copy);
    moved.append_string("?");
    EXPECT_EQ(moved.as_string(), "a string that is already longer than the inline limit and more!?");
    copy = moved; // assigned over a moved-from value
    EXPECT_EQ(copy, moved);
    moved = Value("short"); // a grown string replaced by an inline one
    moved.append_string(" again");
    EXPECT_EQ(moved.as_string(), "short again");
}

TEST(ValueAppendString, ItsOwnCharactersCanBeAppended) {
    Value v("0123456789");
    v.append_string(v.as_string()); // inline, fits
    EXPECT_EQ(v.as_string(), "01234567890123456789");
    v.append_string(v.as_string()); // needs a new block while reading the old one
    EXPECT_EQ(v.as_string(), "0123456789012345678901234567890123456789");
    v.append_string(v.as_string().substr(0, 4));
    EXPECT_EQ(v.as_string().substr(36), "67890123");
}

TEST(ValueAppendString, AStringTheParserBuiltCanGrow) {
    // The parser keeps long strings in its arena; growing one moves it to a block of its own.
    auto parsed = laminate::parse(R"({"k": "a string long enough for the arena"})");
    ASSERT_TRUE(parsed);
    Value s = std::move(*parsed->value.find("k"));
    s.append_string(", grown");
    EXPECT_EQ(s.as_string(), "a string long enough for the arena, grown");
    Value& in_place = *parsed->value.find("k");
    in_place = Value("another string long enough for the heap");
    in_place.append_string(".");
    EXPECT_EQ(parsed->value["k"].as_string(), "another string long enough for the heap.");
}

// One byte at a time: the characters move each time the block doubles, not on every append.
TEST(ValueAppendString, ManySmallAppendsMoveTheCharactersLogarithmicallyOften) {
    Value v("");
    const char* last = v.as_string().data();
    int moves = 0;
    for (int i = 0; i < 100000; ++i) {
        v.append_string(i % 2 ? "x" : "y");
        if (v.as_string().data() != last) {
            ++moves;
            last = v.as_string().data();
        }
    }
    EXPECT_EQ(v.as_string().size(), 100000u);
    EXPECT_LE(moves, 20);
}

} // namespace
