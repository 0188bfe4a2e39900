// The way out for types that cannot be reflected automatically: LAMINATE_REFLECT and
// laminate::Describe<T> specializations, including private members through a friend.

#include <laminate/reflect.hpp>

#include <gtest/gtest.h>

#include <array>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

namespace reflect_test {

// A class with a constructor and private members.
class Account {
public:
    Account() = default;
    Account(int id, std::string owner) : id_(id), owner_(std::move(owner)) {}
    int id() const { return id_; }
    const std::string& owner() const { return owner_; }

private:
    friend struct laminate::Describe<Account>;
    int id_ = 0;
    std::string owner_;
    double balance_ = 0;
};

// A base class with data.
struct Timestamps {
    long created = 0;
};
struct Article : Timestamps {
    std::string title;
};

// A class template, through an alias (a macro argument cannot hold a top-level comma).
template <class K, class V>
struct Entry {
    Entry() = default;
    K key{};
    V value{};
};
using NamedCount = Entry<std::string, int>;

// A constructor but nothing to list.
struct Marker {
    Marker() {}
};

// An aggregate whose automatic names are overridden, and a subset of its members chosen.
struct Renamed {
    int internal_id;
    std::string display;
    int scratch;
};

// Wider than automatic reflection goes (max_fields is 64): described, it is fine.
struct Seventy {
    int f0, f1, f2, f3, f4, f5, f6, f7, f8, f9, f10, f11, f12, f13, f14, f15, f16, f17, f18, f19, f20, f21, f22, f23, f24, f25, f26, f27, f28, f29, f30, f31, f32, f33, f34, f35, f36, f37, f38, f39, f40, f41, f42, f43, f44, f45, f46, f47, f48, f49, f50, f51, f52, f53, f54, f55, f56, f57, f58, f59, f60, f61, f62, f63, f64, f65, f66, f67, f68, f69;
};

} // namespace reflect_test

LAMINATE_REFLECT(reflect_test::Seventy, f0, f1, f2, f3, f4, f5, f6, f7, f8, f9, f10, f11, f12, f13, f14, f15, f16, f17, f18, f19, f20, f21, f22, f23, f24, f25, f26, f27, f28, f29, f30, f31, f32, f33, f34, f35, f36, f37, f38, f39, f40, f41, f42, f43, f44, f45, f46, f47, f48, f49, f50, f51, f52, f53, f54, f55, f56, f57, f58, f59, f60, f61, f62, f63, f64, f65, f66, f67, f68, f69);
LAMINATE_REFLECT(reflect_test::Account, id_, owner_, balance_);
LAMINATE_REFLECT(reflect_test::Article, created, title);
LAMINATE_REFLECT(reflect_test::NamedCount, key, value);
LAMINATE_REFLECT(reflect_test::Marker);

template <>
struct laminate::Describe<reflect_test::Renamed> {
    using T = reflect_test::Renamed;
    static constexpr auto members = std::tuple{&T::internal_id, &T::display};
    static constexpr std::array<std::string_view, 2> names{"id", "name"};
};

namespace reflect_test {
namespace {

namespace r = laminate::reflect;

template <class T>
std::vector<std::string_view> names_of() {
    const auto& names = r::field_names<T>();
    return {names.begin(), names.end()};
}

static_assert(!std::is_aggregate_v<Account>);
static_assert(r::is_reflectable<Account>);
static_assert(r::obstacle<Account> == r::Obstacle::None);
static_assert(r::field_count<Account> == 3);
static_assert(r::field_names<Account>()[1] == "owner_");
static_assert(r::is_reflectable<Article>);
static_assert(r::is_reflectable<Marker>);
static_assert(r::field_count<Marker> == 0);
static_assert(r::field_count<Renamed> == 2);
static_assert(std::is_same_v<r::field_type<Account, 2>, double>);

TEST(ReflectDescribe, MacroListsPrivateMembersThroughAFriend) {
    EXPECT_EQ(names_of<Account>(), (std::vector<std::string_view>{"id_", "owner_", "balance_"}));
    Account account(7, "ada");
    r::for_each_field(account, [](std::string_view name, auto& member, auto index) {
        using M = std::remove_cvref_t<decltype(member)>;
        if constexpr (std::is_same_v<M, int>) member += 1;
        else if constexpr (std::is_same_v<M, std::string>) member += std::string(name);
        else member = static_cast<double>(index());
    });
    EXPECT_EQ(account.id(), 8);
    EXPECT_EQ(account.owner(), "adaowner_");
    EXPECT_EQ(std::get<2>(r::tie_fields(account)), 2.0);
}

TEST(ReflectDescribe, BaseClassMembersCanBeListed) {
    EXPECT_EQ(names_of<Article>(), (std::vector<std::string_view>{"created", "title"}));
    Article article;
    article.created = 5;
    article.title = "t";
    auto [created, title] = r::tie_fields(article);
    EXPECT_EQ(created, 5);
    EXPECT_EQ(&title, &article.title);
}

TEST(ReflectDescribe, TemplateThroughAlias) {
    NamedCount entry;
    entry.key = "k";
    entry.value = 3;
    EXPECT_EQ(names_of<NamedCount>(), (std::vector<std::string_view>{"key", "value"}));
    EXPECT_EQ(std::get<1>(r::tie_fields(entry)), 3);
}

TEST(ReflectDescribe, NoMembers) {
    Marker marker;
    int calls = 0;
    r::for_each_field(marker, [&](std::string_view, auto&) { ++calls; });
    EXPECT_EQ(calls, 0);
    EXPECT_TRUE(names_of<Marker>().empty());
}

TEST(ReflectDescribe, HandWrittenSpecializationOverridesAutomaticNames) {
    EXPECT_EQ(names_of<Renamed>(), (std::vector<std::string_view>{"id", "name"}));
    Renamed renamed{1, "one", 99};
    std::vector<std::string> seen;
    r::for_each_field(renamed, [&](std::string_view name, const auto& member) {
        if constexpr (std::is_same_v<std::remove_cvref_t<decltype(member)>, int>)
            seen.push_back(std::string(name) + "=" + std::to_string(member));
        else
            seen.push_back(std::string(name) + "=" + member);
    });
    EXPECT_EQ(seen, (std::vector<std::string>{"id=1", "name=one"}));
}

TEST(ReflectDescribe, MoreMembersThanAutomaticReflectionAllows) {
    static_assert(r::obstacle<Seventy> == r::Obstacle::None);
    static_assert(r::field_count<Seventy> == 70);
    EXPECT_EQ(r::field_names<Seventy>()[69], "f69");
    Seventy wide{};
    r::for_each_field(wide, [](std::string_view, int& member, auto index) { member = static_cast<int>(index()); });
    EXPECT_EQ(wide.f0, 0);
    EXPECT_EQ(wide.f69, 69);
}

TEST(ReflectDescribe, ConstObject) {
    const Account account(1, "x");
    const auto& owner = std::get<1>(r::tie_fields(account));
    static_assert(std::is_same_v<decltype(owner), const std::string&>);
    EXPECT_EQ(owner, "x");
}

} // namespace
} // namespace reflect_test
