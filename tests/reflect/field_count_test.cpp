// field_count<T>: one per declared member, whatever its type; arrays and nested aggregates are
// one field each even though brace elision lets them take several initializers.

#include "sample_types.hpp"

#include <laminate/reflect.hpp>

#include <gtest/gtest.h>

#include <any>
#include <functional>
#include <memory>
#include <tuple>
#include <utility>

namespace reflect_test {
namespace {

namespace r = laminate::reflect;

static_assert(r::field_count<Everything> == 19);
static_assert(r::field_count<Empty> == 0);
static_assert(r::field_count<Single> == 1);
static_assert(r::field_count<Point> == 2);
static_assert(r::field_count<const Point> == 2);

struct ArraysOnly {
    char a[1];
    char b[7];
    int c[2][2][2];
    Point d[3];
};
static_assert(r::field_count<ArraysOnly> == 4);

struct ArrayLast {
    int head;
    std::string tail[5];
};
static_assert(r::field_count<ArrayLast> == 2);

struct Nested {
    Point outer;
    struct {
        int deep;
        Point deeper[2];
    } anonymous_struct_member;
    Everything all;
};
static_assert(r::field_count<Nested> == 3);

struct MoreMemberKinds {
    std::function<void()> callback;
    std::shared_ptr<int> shared;
    std::variant<std::monostate, int, std::string> with_monostate;
    std::optional<laminate::Value> maybe_raw;
    std::vector<laminate::Value> raw_list;
    std::map<std::string, laminate::Value> raw_table;
    const int constant = 3;
    std::any anything;
    std::pair<int, std::string> pair;
    std::tuple<int, double, Point> tuple;
};
static_assert(r::field_count<MoreMemberKinds> == 10);

struct WithDefaults {
    int a = 1;
    std::string b = "two";
    int c[2] = {3, 4};
};
static_assert(r::field_count<WithDefaults> == 3);

// A member type without a default constructor, initialized by a default member initializer.
struct NoDefault {
    explicit NoDefault(int v) : value(v) {}
    int value;
};
struct HoldsNoDefault {
    int before;
    NoDefault held = NoDefault(7);
    int after;
};
static_assert(r::field_count<HoldsNoDefault> == 3);

struct Tag {};
struct OtherTag {};
struct WithEmptyBases : Tag, OtherTag {
    int a;
    int b[2];
};
static_assert(r::field_count<WithEmptyBases> == 2);

template <class A, class B>
struct Pair {
    A first;
    B second;
};
static_assert(r::field_count<Pair<int, std::string>> == 2);
static_assert(r::field_count<Pair<int[3], Point>> == 2);

TEST(ReflectFieldCount, CountsEveryKindOfMemberOnce) {
    EXPECT_EQ(r::field_count<Everything>, 19u);
    EXPECT_EQ(r::field_count<MoreMemberKinds>, 10u);
    EXPECT_EQ(r::field_count<Nested>, 3u);
}

TEST(ReflectFieldCount, ArraysAreOneFieldEach) {
    EXPECT_EQ(r::field_count<ArraysOnly>, 4u);
    EXPECT_EQ(r::field_count<ArrayLast>, 2u);
    EXPECT_EQ(r::field_count<WithDefaults>, 3u);
}

TEST(ReflectFieldCount, EmptyAndSingle) {
    EXPECT_EQ(r::field_count<Empty>, 0u);
    EXPECT_EQ(r::field_count<Single>, 1u);
}

TEST(ReflectFieldCount, EmptyBasesAreNotFields) {
    EXPECT_EQ(r::field_count<WithEmptyBases>, 2u);
}

TEST(ReflectFieldCount, LocalTypes) {
    struct Local {
        int a;
        double b[2];
        std::string c;
    };
    static_assert(r::field_count<Local> == 3);
    EXPECT_EQ(r::field_count<Local>, 3u);
}

TEST(ReflectFieldCount, MemberWithoutDefaultConstructor) {
    EXPECT_EQ(r::field_count<HoldsNoDefault>, 3u);
}

} // namespace
} // namespace reflect_test
