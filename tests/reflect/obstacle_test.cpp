// What cannot be reflected automatically, and why: reflect::obstacle<T> and the
// is_reflectable concept. Using field_count/field_names/tie_fields on these types fails to
// compile with a static_assert naming the obstacle (tests/reflect/compile_fail/ checks the text).

#include <laminate/reflect.hpp>

#include <gtest/gtest.h>

#include <array>
#include <string>
#include <tuple>
#include <utility>

namespace reflect_test {

struct Fine {
    int a;
};

class WithConstructor {
public:
    explicit WithConstructor(int v) : v_(v) {}
    int v_;
};

class WithPrivate {
    int hidden_ = 0;

public:
    int shown = 0;
    int hidden() const { return hidden_; }
};

struct Polymorphic {
    virtual ~Polymorphic() = default;
    int a;
};

union Either {
    int i;
    float f;
};

struct Base {
    int inherited;
};
struct DerivedWithData : Base {
    int own;
};
struct DerivedOnly : Base {};

struct WithReference {
    int& ref;
};

struct NeedsArgument {
    explicit NeedsArgument(int) {}
};
struct WithoutDefault {
    NeedsArgument member;
};

struct Incomplete;

// A member type constructible from anything by const reference: initializing it from laminate's
// probe is ambiguous (the constructor and the probe's conversion tie), so fields cannot be counted.
struct Greedy {
    template <class T>
    Greedy(const T&) {}
    Greedy() = default;
};
struct WithGreedy {
    int a;
    Greedy g;
};

struct TooWide {
    int f0, f1, f2, f3, f4, f5, f6, f7, f8, f9, f10, f11, f12, f13, f14, f15, f16, f17, f18, f19, f20, f21, f22,
        f23, f24, f25, f26, f27, f28, f29, f30, f31, f32, f33, f34, f35, f36, f37, f38, f39, f40, f41, f42, f43, f44,
        f45, f46, f47, f48, f49, f50, f51, f52, f53, f54, f55, f56, f57, f58, f59, f60, f61, f62, f63, f64;
};

// A Describe specialization that gets it wrong is not reflectable either.
struct BadlyDescribed {
    int a;
    int b;
};

// Not detectable in C++20: a bit-field counts as a field, but no reference can bind to it, so
// tie_fields/field_names fail to compile inside laminate. Describe such types explicitly.
struct WithBitField {
    int small : 3;
    int normal;
};

} // namespace reflect_test

template <>
struct laminate::Describe<reflect_test::BadlyDescribed> {
    static constexpr auto members = std::tuple{&reflect_test::BadlyDescribed::a, &reflect_test::BadlyDescribed::b};
    static constexpr std::array<std::string_view, 1> names{"a"};
};

namespace reflect_test {
namespace {

namespace r = laminate::reflect;
using O = r::Obstacle;

static_assert(r::is_reflectable<Fine>);
static_assert(r::is_reflectable<const Fine>);
static_assert(r::obstacle<Fine> == O::None);

static_assert(!r::is_reflectable<Fine&>);
static_assert(!r::is_reflectable<const Fine&>);
static_assert(r::obstacle<Fine&> == O::Reference);
static_assert(r::obstacle<Fine&&> == O::Reference);

static_assert(!r::is_reflectable<int>);
static_assert(r::obstacle<int> == O::NotAClass);
static_assert(r::obstacle<Fine[2]> == O::NotAClass);
static_assert(r::obstacle<void> == O::NotAClass);

static_assert(!r::is_reflectable<Either>);
static_assert(r::obstacle<Either> == O::UnionType);

static_assert(!r::is_reflectable<Incomplete>);
static_assert(r::obstacle<Incomplete> == O::Incomplete);

static_assert(!r::is_reflectable<WithConstructor>);
static_assert(r::obstacle<WithConstructor> == O::NotAggregate);
static_assert(r::obstacle<WithPrivate> == O::NotAggregate);
static_assert(r::obstacle<Polymorphic> == O::NotAggregate);
static_assert(r::obstacle<std::string> == O::NotAggregate);
static_assert(r::obstacle<std::pair<int, int>> == O::NotAggregate);

static_assert(r::obstacle<std::array<int, 3>> == O::TupleLike);

static_assert(r::obstacle<WithReference> == O::NotDefaultInitializable);
static_assert(r::obstacle<WithoutDefault> == O::NotDefaultInitializable);

static_assert(!r::is_reflectable<DerivedWithData>);
static_assert(r::obstacle<DerivedWithData> == O::BaseWithData);
static_assert(r::obstacle<DerivedOnly> == O::BaseWithData);

static_assert(r::obstacle<WithGreedy> == O::UnsupportedMember);

static_assert(!r::is_reflectable<TooWide>);
static_assert(r::obstacle<TooWide> == O::TooManyFields);

static_assert(!r::is_reflectable<BadlyDescribed>);
static_assert(r::obstacle<BadlyDescribed> == O::InvalidDescription);

static_assert(r::is_reflectable<WithBitField>); // the documented blind spot

template <class T>
constexpr bool usable_in_requires = requires { requires r::is_reflectable<T>; };

TEST(ReflectObstacle, ConceptSelectsOverloads) {
    const auto describe = []<class T>(const T&) {
        if constexpr (r::is_reflectable<T>) return r::field_count<T>;
        else return std::size_t{999};
    };
    EXPECT_EQ(describe(Fine{1}), 1u);
    EXPECT_EQ(describe(WithConstructor{1}), 999u);
    EXPECT_EQ(describe(Either{}), 999u);
    EXPECT_TRUE(usable_in_requires<Fine>);
    EXPECT_FALSE(usable_in_requires<WithPrivate>);
}

TEST(ReflectObstacle, ObstaclesHaveStableNames) {
    EXPECT_EQ(r::enum_to_string(O::None), "None");
    EXPECT_EQ(r::enum_to_string(O::NotAggregate), "NotAggregate");
    EXPECT_EQ(r::enum_to_string(O::InvalidDescription), "InvalidDescription");
    EXPECT_EQ(r::enum_names<O>().size(), 12u);
}

TEST(ReflectObstacle, ReportsTheFirstObstacle) {
    EXPECT_EQ(r::obstacle<WithReference>, O::NotDefaultInitializable);
    EXPECT_EQ(r::obstacle<DerivedWithData>, O::BaseWithData);
    EXPECT_EQ(r::obstacle<TooWide>, O::TooManyFields);
    EXPECT_EQ(r::obstacle<Fine>, O::None);
}

} // namespace
} // namespace reflect_test
