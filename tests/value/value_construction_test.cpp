// Construction of every type, copy / move / swap, self-assignment and deep-copy independence.
#include <laminate/value.hpp>

#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <string>
#include <type_traits>
#include <utility>

using laminate::Member;
using laminate::NumberKind;
using laminate::Type;
using laminate::Value;

static_assert(sizeof(Value) == 24);
static_assert(sizeof(Member) == 48);
static_assert(std::is_nothrow_move_constructible_v<Value>);
static_assert(std::is_nothrow_move_assignable_v<Value>);
static_assert(std::is_nothrow_swappable_v<Value>);
// A stray pointer must not silently become a bool; C strings still work.
static_assert(!std::is_constructible_v<Value, int*>);
static_assert(!std::is_constructible_v<Value, const void*>);
static_assert(std::is_constructible_v<Value, char*>);
static_assert(std::is_constructible_v<Value, const char*>);

TEST(ValueConstruction, DefaultAndNullptrAreNull) {
    Value a;
    Value b(nullptr);
    EXPECT_EQ(a.type(), Type::Null);
    EXPECT_TRUE(a.is_null());
    EXPECT_TRUE(b.is_null());
    EXPECT_EQ(a.size(), 0u);
    EXPECT_TRUE(a.empty());
    EXPECT_EQ(a.dump(), "null");
}

TEST(ValueConstruction, Bools) {
    Value t(true), f(false);
    EXPECT_TRUE(t.is_bool());
    EXPECT_TRUE(t.as_bool());
    EXPECT_FALSE(f.as_bool());
    EXPECT_FALSE(t.is_number());
    EXPECT_EQ(t.dump(), "true");
    EXPECT_EQ(f.dump(), "false");
}

TEST(ValueConstruction, IntegersOfEveryWidth) {
    EXPECT_EQ(Value(static_cast<short>(-7)).dump(), "-7");
    EXPECT_EQ(Value(42).number_kind(), NumberKind::Int);
    EXPECT_EQ(Value(42L).dump(), "42");
    EXPECT_EQ(Value(42u).number_kind(), NumberKind::Int); // unsigned but fits int64
    EXPECT_EQ(Value(static_cast<std::uint8_t>(200)).dump(), "200");
    Value big(std::numeric_limits<std::uint64_t>::max());
    EXPECT_EQ(big.number_kind(), NumberKind::UInt);
    EXPECT_EQ(big.dump(), "18446744073709551615");
    EXPECT_TRUE(Value(0).is_integer());
}

TEST(ValueConstruction, FloatingPoint) {
    Value d(2.5);
    EXPECT_TRUE(d.is_number());
    EXPECT_EQ(d.number_kind(), NumberKind::Double);
    EXPECT_FALSE(d.is_integer());
    EXPECT_DOUBLE_EQ(d.as_double(), 2.5);
    Value f(0.5f);
    EXPECT_EQ(f.number_kind(), NumberKind::Double);
    EXPECT_EQ(f.as_double(), 0.5);
}

TEST(ValueConstruction, StringsFromEverySource) {
    std::string s = "from std::string";
    std::string_view sv = "from view";
    char buffer[] = "mutable";
    EXPECT_EQ(Value("literal").as_string(), "literal");
    EXPECT_EQ(Value(s).as_string(), s);
    EXPECT_EQ(Value(sv).as_string(), sv);
    EXPECT_EQ(Value(static_cast<char*>(buffer)).as_string(), "mutable");
    EXPECT_TRUE(Value("").is_string());
    EXPECT_EQ(Value("").as_string(), "");
}

TEST(ValueConstruction, Containers) {
    Value a = Value::array();
    Value o = Value::object();
    EXPECT_TRUE(a.is_array());
    EXPECT_TRUE(o.is_object());
    EXPECT_TRUE(a.empty());
    EXPECT_TRUE(o.empty());
    EXPECT_TRUE(a.items().empty());
    EXPECT_TRUE(o.members().empty());
    EXPECT_EQ(a.dump(), "[]");
    EXPECT_EQ(o.dump(), "{}");

    Value list = Value::array({1, "two", nullptr, Value::array({true})});
    ASSERT_EQ(list.size(), 4u);
    EXPECT_EQ(list[1].as_string(), "two");
    EXPECT_TRUE(list[2].is_null());
    EXPECT_TRUE(list[3][0].as_bool());
    EXPECT_EQ(Value::array({}).dump(), "[]");
}

TEST(ValueConstruction, ObjectInitializerKeepsOrderAndLastDuplicate) {
    Value o = Value::object({{"z", 1}, {"a", 2}, {"z", 3}, {"m", 4}});
    ASSERT_EQ(o.size(), 3u);
    EXPECT_EQ(o.members()[0].key(), "z");
    EXPECT_EQ(o.members()[1].key(), "a");
    EXPECT_EQ(o.members()[2].key(), "m");
    EXPECT_EQ(o.dump(), R"({"z":3,"a":2,"m":4})");
}

TEST(ValueConstruction, TypeNames) {
    EXPECT_EQ(laminate::type_name(Type::Null), "null");
    EXPECT_EQ(laminate::type_name(Type::Bool), "bool");
    EXPECT_EQ(laminate::type_name(Type::Number), "number");
    EXPECT_EQ(laminate::type_name(Type::String), "string");
    EXPECT_EQ(laminate::type_name(Type::Array), "array");
    EXPECT_EQ(laminate::type_name(Type::Object), "object");
}

namespace {
Value sample() {
    return Value::object({{"name", "a string longer than sixteen bytes"},
                          {"short", "inline"},
                          {"n", Value::number_from_lexeme("123456789012345678901234567890")},
                          {"list", Value::array({1, 2.5, Value::object({{"deep", "value on the heap!"}})})},
                          {"empty", Value::object()}});
}
} // namespace

TEST(ValueCopy, CopyIsDeepAndIndependent) {
    Value original = sample();
    Value copy(original);
    EXPECT_EQ(copy, original);
    EXPECT_EQ(copy.dump(), original.dump());

    copy.set("name", "changed");
    copy.find("list")->push_back(3);
    copy.find("list")->items()[2].set("deep", 0);
    EXPECT_EQ(original["name"].as_string(), "a string longer than sixteen bytes");
    EXPECT_EQ(original["list"].size(), 3u);
    EXPECT_EQ(original["list"][2]["deep"].as_string(), "value on the heap!");
    EXPECT_NE(copy, original);
    // Heap strings and lexemes are not shared.
    EXPECT_NE(copy["n"].lexeme().data(), original["n"].lexeme().data());
    EXPECT_EQ(copy["n"].lexeme(), original["n"].lexeme());
}

TEST(ValueCopy, CopyAssignReplacesEveryType) {
    Value v = sample();
    v = Value(1);
    EXPECT_EQ(v.dump(), "1");
    v = sample();
    EXPECT_EQ(v, sample());
    Value s("a heap string that is long enough");
    v = s;
    EXPECT_EQ(v.as_string(), s.as_string());
    EXPECT_NE(v.as_string().data(), s.as_string().data());
}

TEST(ValueCopy, SelfAssignment) {
    Value v = sample();
    const std::string before = v.dump();
    Value& alias = v;
    v = alias;
    EXPECT_EQ(v.dump(), before);
    v = std::move(alias);
    EXPECT_EQ(v.dump(), before);
    v.swap(v);
    EXPECT_EQ(v.dump(), before);
}

TEST(ValueCopy, MoveLeavesNull) {
    Value v = sample();
    const std::string before = v.dump();
    Value moved(std::move(v));
    EXPECT_TRUE(v.is_null()); // NOLINT(bugprone-use-after-move): documented state
    EXPECT_EQ(moved.dump(), before);
    Value target = Value::array({1, 2});
    target = std::move(moved);
    EXPECT_TRUE(moved.is_null()); // NOLINT(bugprone-use-after-move)
    EXPECT_EQ(target.dump(), before);
}

TEST(ValueCopy, AssignFromOwnChild) {
    // Unwrapping: the source lives inside the destination.
    Value v = sample();
    v = std::move(*v.find("list"));
    EXPECT_EQ(v.dump(), R"([1,2.5,{"deep":"value on the heap!"}])");
    v = v[2];
    EXPECT_EQ(v.dump(), R"({"deep":"value on the heap!"})");
    v = v["deep"];
    EXPECT_EQ(v.as_string(), "value on the heap!");
}

TEST(ValueCopy, Swap) {
    Value a = sample();
    Value b("x");
    const std::string da = a.dump();
    swap(a, b);
    EXPECT_EQ(a.as_string(), "x");
    EXPECT_EQ(b.dump(), da);
    std::swap(a, b);
    EXPECT_EQ(a.dump(), da);
    EXPECT_EQ(b.as_string(), "x");
}

TEST(ValueCopy, CopyOfEmptyContainerWithCapacity) {
    Value a = Value::array({1, 2, 3});
    Value b = a;
    a = Value::array();
    a.push_back(1);
    EXPECT_EQ(b.dump(), "[1,2,3]");
    Value o = Value::object({{"k", 1}});
    o.erase("k");
    Value c = o; // empty, but the source still owns a block
    EXPECT_TRUE(c.is_object());
    EXPECT_TRUE(c.empty());
}
