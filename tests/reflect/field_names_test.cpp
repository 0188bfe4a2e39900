// field_names<T>(): the declared member names, in order, as compile-time constants.

#include "sample_types.hpp"

#include <laminate/reflect.hpp>

#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <string_view>
#include <vector>

namespace reflect_test {
namespace {

namespace r = laminate::reflect;
using namespace std::string_view_literals;

// Constant evaluation: usable in static_assert and as constexpr data.
static_assert(r::field_names<Point>()[0] == "x");
static_assert(r::field_names<Point>()[1] == "y");
static_assert(r::field_names<Single>()[0] == "only");
static_assert(r::field_names<Empty>().empty());
constexpr std::string_view kFirstOfEverything = r::field_names<Everything>()[0];
static_assert(kFirstOfEverything == "flag");

template <class T>
std::vector<std::string_view> names_of() {
    const auto& names = r::field_names<T>();
    return {names.begin(), names.end()};
}

TEST(ReflectFieldNames, EveryKindOfMember) {
    const std::vector<std::string_view> expected{
        "flag",  "count",  "ratio",  "text",   "view",   "numbers",     "table",      "maybe", "either", "raw",
        "fixed", "c_array", "grid", "nested", "points", "maybe_point", "point_list", "owned", "mood"};
    EXPECT_EQ(names_of<Everything>(), expected);
}

TEST(ReflectFieldNames, NestedStructsHaveTheirOwnNames) {
    struct Inner {
        int leaf;
    };
    struct Outer {
        Inner inner;
        Inner many[2];
        int tail;
    };
    EXPECT_EQ(names_of<Outer>(), (std::vector<std::string_view>{"inner", "many", "tail"}));
    EXPECT_EQ(names_of<Inner>(), (std::vector<std::string_view>{"leaf"}));
}

TEST(ReflectFieldNames, ArraysKeepTheirPlace) {
    struct Arrays {
        char a[1];
        std::string b[3];
        int c;
        double d[2][2];
    };
    EXPECT_EQ(names_of<Arrays>(), (std::vector<std::string_view>{"a", "b", "c", "d"}));
}

TEST(ReflectFieldNames, EmptyAndSingle) {
    EXPECT_TRUE(names_of<Empty>().empty());
    EXPECT_EQ(names_of<Single>(), (std::vector<std::string_view>{"only"}));
}

TEST(ReflectFieldNames, NamesAreNulTerminated) {
    for (std::string_view name : r::field_names<Everything>())
        EXPECT_EQ(std::strlen(name.data()), name.size()) << name;
}

template <class A, class B>
struct Pair {
    A first;
    B second;
};

template <class T>
struct Holder {
    struct Inside {
        T held;
        int count;
    };
};

TEST(ReflectFieldNames, TemplatesWhoseSpellingHasCommas) {
    EXPECT_EQ((names_of<Pair<int, std::pair<char, long>>>()), (std::vector<std::string_view>{"first", "second"}));
    EXPECT_EQ((names_of<Holder<Pair<int, int>>::Inside>()), (std::vector<std::string_view>{"held", "count"}));
}

TEST(ReflectFieldNames, LocalAndLambdaLocalTypes) {
    struct Local {
        int alpha;
        int beta;
    };
    EXPECT_EQ(names_of<Local>(), (std::vector<std::string_view>{"alpha", "beta"}));
    const auto from_lambda = [] {
        struct InLambda {
            double gamma;
        };
        return names_of<InLambda>();
    }();
    EXPECT_EQ(from_lambda, (std::vector<std::string_view>{"gamma"}));
}

namespace {
struct InAnonymousNamespace {
    int hidden;
    int seen;
};
} // namespace

TEST(ReflectFieldNames, AnonymousNamespace) {
    EXPECT_EQ(names_of<InAnonymousNamespace>(), (std::vector<std::string_view>{"hidden", "seen"}));
}

struct Base {};
struct WithEmptyBase : Base {
    int own;
};

TEST(ReflectFieldNames, EmptyBase) {
    EXPECT_EQ(names_of<WithEmptyBase>(), (std::vector<std::string_view>{"own"}));
}

struct Unusual {
    int _leading;
    int trailing_;
    int with2digits3;
    int CamelCase;
};

TEST(ReflectFieldNames, IdentifierCharacters) {
    EXPECT_EQ(names_of<Unusual>(),
              (std::vector<std::string_view>{"_leading", "trailing_", "with2digits3", "CamelCase"}));
}

struct Größe {
    int höhe;
    int breite;
};

TEST(ReflectFieldNames, NonAsciiIdentifiersStayUtf8) {
    EXPECT_EQ(names_of<Größe>(), (std::vector<std::string_view>{"höhe", "breite"}));
}

TEST(ReflectFieldNames, ConstTypeHasTheSameNames) {
    EXPECT_EQ(&r::field_names<const Point>(), &r::field_names<Point>());
}

} // namespace
} // namespace reflect_test
