// Arrays and objects: growth, member order, lookup, duplicates, erase and missing-key access.
#include <laminate/value.hpp>

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

using laminate::Value;

TEST(ValueArray, PushBackGrowsAndKeepsOrder) {
    Value a = Value::array();
    for (int i = 0; i < 1000; ++i) a.push_back(i % 2 ? Value(i) : Value(std::to_string(i) + " as a long heap string"));
    ASSERT_EQ(a.size(), 1000u);
    EXPECT_EQ(a[999].dump(), "999");
    EXPECT_EQ(a[998].as_string(), "998 as a long heap string");
    EXPECT_EQ(a.items().size(), 1000u);
    int odd_sum = 0;
    for (const auto& item : a.items())
        if (item.is_number()) odd_sum += static_cast<int>(item.as_double());
    EXPECT_EQ(odd_sum, 250000);
}

TEST(ValueArray, PushBackOnNullMakesAnArray) {
    Value v;
    v.push_back("first");
    EXPECT_TRUE(v.is_array());
    EXPECT_EQ(v.dump(), R"(["first"])");
}

TEST(ValueArray, PushBackOnOtherTypesThrows) {
    Value s("text");
    Value o = Value::object();
    EXPECT_THROW(s.push_back(1), std::logic_error);
    EXPECT_THROW(o.push_back(1), std::logic_error);
    EXPECT_EQ(s.as_string(), "text");
}

TEST(ValueArray, PushBackOwnElement) {
    Value a = Value::array({"an element long enough to be on the heap", 2, 3, 4});
    a.push_back(a[0]); // copied before the array grows
    a.push_back(std::move(a[1]));
    EXPECT_EQ(a.dump(), R"(["an element long enough to be on the heap",null,3,4,"an element long enough to be on the heap",2])");
}

TEST(ValueArray, IndexingConstAndMutable) {
    Value a = Value::array({10, 20});
    const Value& c = a;
    EXPECT_EQ(c[0].dump(), "10"); // literal 0 is not ambiguous with the key overload
    EXPECT_EQ(c[std::size_t{1}].dump(), "20");
    a[1] = "changed";
    EXPECT_EQ(a.dump(), R"([10,"changed"])");
    for (auto& item : a.items()) item = nullptr;
    EXPECT_EQ(a.dump(), "[null,null]");
}

TEST(ValueObject, SetReplacesInPlaceOrAppends) {
    Value o = Value::object();
    o.set("b", 1);
    o.set("a", 2);
    Value& stored = o.set("b", "replaced");
    EXPECT_EQ(stored.as_string(), "replaced");
    EXPECT_EQ(o.dump(), R"({"b":"replaced","a":2})");
    EXPECT_EQ(o.size(), 2u);
}

TEST(ValueObject, SetOnNullMakesAnObjectAndOnOtherTypesThrows) {
    Value v;
    v.set("k", true);
    EXPECT_EQ(v.dump(), R"({"k":true})");
    Value a = Value::array();
    EXPECT_THROW(a.set("k", 1), std::logic_error);
    EXPECT_THROW(a.append_member("k", 1), std::logic_error);
    Value n(3);
    EXPECT_THROW(n.set("k", 1), std::logic_error);
}

TEST(ValueObject, MembersKeepInsertionOrder) {
    Value o;
    const char* keys[] = {"zeta", "alpha", "mid", "a key longer than sixteen bytes", "0", ""};
    for (int i = 0; i < 6; ++i) o.set(keys[i], i);
    ASSERT_EQ(o.members().size(), 6u);
    for (int i = 0; i < 6; ++i) {
        EXPECT_EQ(o.members()[static_cast<std::size_t>(i)].key(), keys[i]);
        EXPECT_EQ(o.members()[static_cast<std::size_t>(i)].value, Value(i));
    }
    EXPECT_EQ(o.dump(), R"({"zeta":0,"alpha":1,"mid":2,"a key longer than sixteen bytes":3,"0":4,"":5})");
}

TEST(ValueObject, AppendMemberKeepsDuplicatesAndFindTakesTheLast) {
    Value o = Value::object();
    o.append_member("k", 1);
    o.append_member("other", 0);
    o.append_member("k", 2);
    EXPECT_EQ(o.size(), 3u);
    EXPECT_EQ(o.dump(), R"({"k":1,"other":0,"k":2})");
    ASSERT_NE(o.find("k"), nullptr);
    EXPECT_EQ(*o.find("k"), Value(2));
    EXPECT_EQ(o["k"], Value(2));
    // set() replaces the last one, as find() sees it.
    o.set("k", 3);
    EXPECT_EQ(o.dump(), R"({"k":1,"other":0,"k":3})");
}

TEST(ValueObject, AppendMemberWithAKeyFromItself) {
    // The key views this object's own storage; growing the member block must not invalidate it.
    Value o = Value::object({{"a", 1}, {"b", 2}, {"c", 3}, {"d", 4}});
    for (int i = 0; i < 20; ++i) o.append_member(o.members()[0].key(), i);
    EXPECT_EQ(o.size(), 24u);
    EXPECT_EQ(o.members()[23].key(), "a");
    Value long_keys = Value::object({{"a key long enough for the heap", 1}});
    long_keys.set(std::string(long_keys.members()[0].key()) + "!", 2);
    long_keys.append_member(long_keys.members()[0].key(), 3);
    EXPECT_EQ(long_keys.dump(),
              R"({"a key long enough for the heap":1,"a key long enough for the heap!":2,"a key long enough for the heap":3})");
}

TEST(ValueObject, EraseRemovesEveryDuplicateAndKeepsOrder) {
    Value o = Value::object();
    o.append_member("x", 1);
    o.append_member("keep1", "a long string value kept on the heap");
    o.append_member("x", 2);
    o.append_member("keep2", 3);
    EXPECT_TRUE(o.erase("x"));
    EXPECT_EQ(o.dump(), R"({"keep1":"a long string value kept on the heap","keep2":3})");
    EXPECT_FALSE(o.erase("x"));
    EXPECT_FALSE(o.contains("x"));
    EXPECT_TRUE(o.erase("keep1"));
    EXPECT_TRUE(o.erase("keep2"));
    EXPECT_TRUE(o.empty());
    o.set("again", 1); // the emptied block is reused
    EXPECT_EQ(o.dump(), R"({"again":1})");
    Value a = Value::array({1});
    EXPECT_FALSE(a.erase("x"));
}

TEST(ValueObject, FindAndContains) {
    Value o = Value::object({{"a", 1}, {"nested", Value::object({{"b", 2}})}});
    EXPECT_TRUE(o.contains("a"));
    EXPECT_FALSE(o.contains("b"));
    EXPECT_EQ(o.find("missing"), nullptr);
    Value* nested = o.find("nested");
    ASSERT_NE(nested, nullptr);
    nested->set("b", 3); // mutable access through find
    EXPECT_EQ(o.dump(), R"({"a":1,"nested":{"b":3}})");
    EXPECT_EQ(Value(1).find("a"), nullptr);
    EXPECT_EQ(Value::array({1}).find("0"), nullptr);
}

TEST(ValueObject, SubscriptOnMissingKeysAndNonObjectsIsNull) {
    const Value o = Value::object({{"a", Value::object({{"b", "x"}})}});
    EXPECT_EQ(o["a"]["b"].as_string(), "x");
    EXPECT_TRUE(o["missing"].is_null());
    EXPECT_TRUE(o["missing"]["deeper"]["still"].is_null());
    EXPECT_TRUE(o["a"]["b"]["not an object"].is_null());
    EXPECT_TRUE(Value::array({1})["0"].is_null());
    EXPECT_TRUE(Value(nullptr)["k"].is_null());
    EXPECT_TRUE(o[std::string_view("a")].is_object());
    EXPECT_TRUE(o[std::string("a")].is_object());
}

TEST(ValueObject, SizeIsZeroForScalars) {
    EXPECT_EQ(Value("a string of length 20").size(), 0u);
    EXPECT_TRUE(Value(12345).empty());
    EXPECT_TRUE(Value("abc").items().empty());
    EXPECT_TRUE(Value("abc").members().empty());
    EXPECT_TRUE(Value::object({{"a", 1}}).items().empty());
    EXPECT_TRUE(Value::array({1}).members().empty());
}

TEST(ValueObject, MemberEquality) {
    Value o = Value::object({{"a", 1}, {"b", 1.0}});
    EXPECT_FALSE(o.members()[0] == o.members()[1]);
    Value p = Value::object({{"a", 1.0}});
    EXPECT_TRUE(o.members()[0] == p.members()[0]);
}
