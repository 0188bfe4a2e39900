// Enum reflection by name: enum_names, enum_values, enum_to_string, enum_from_string.

#include <laminate/reflect.hpp>

#include <gtest/gtest.h>

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace reflect_test {

enum class Cabin { Economy, PremiumEconomy, Business, First };
enum class Gappy { Low = -100, MinusOne = -1, Zero = 0, Ten = 10, Top = 255 };
enum Unscoped { kRed, kGreen = 5, kBlue };
enum class Small : std::uint8_t { A = 0, B = 200, C = 255 };
enum class Signed8 : std::int8_t { Min = -128, Max = 127 };
enum class Letter : char { Alpha = 'a', Comma = ',', Quote = '\'' };
enum class Switch : bool { Off = false, On = true };
enum class Aliased { One = 1, Uno = 1, Two = 2 };
enum class HttpStatus { Ok = 200, NotFound = 404, Teapot = 418, Unavailable = 503 };
enum class Wide : std::int64_t { Far = 1000, Near = 1 };
enum class Nameless {};
enum class Ten { A, B, C, D, E, F, G, H, I, J };
enum class Farbe { Grün, Blau };

namespace inner {
enum Nested { kOne = 1, kTwo };
}

template <class A, class B>
struct Box {
    enum class Side { Left, Right };
};

namespace {
enum class Hidden { Secret = 3 };
}

} // namespace reflect_test

template <>
struct laminate::enum_range<reflect_test::HttpStatus> {
    static constexpr int min = 100;
    static constexpr int max = 599;
};

namespace reflect_test {
namespace {

namespace r = laminate::reflect;

template <class E>
std::vector<std::string_view> names_of() {
    const auto& names = r::enum_names<E>();
    return {names.begin(), names.end()};
}

// All of it is available to constant evaluation.
static_assert(r::enum_to_string(Cabin::Business) == "Business");
static_assert(r::enum_from_string<Cabin>("First") == Cabin::First);
static_assert(r::enum_names<Cabin>().size() == 4);
static_assert(r::enum_values<Gappy>()[0] == Gappy::Low);

TEST(ReflectEnum, ScopedNamesInValueOrder) {
    EXPECT_EQ(names_of<Cabin>(), (std::vector<std::string_view>{"Economy", "PremiumEconomy", "Business", "First"}));
    EXPECT_EQ(r::enum_to_string(Cabin::PremiumEconomy), "PremiumEconomy");
    EXPECT_EQ(r::enum_from_string<Cabin>("Economy"), Cabin::Economy);
}

TEST(ReflectEnum, GapsAndNegativeValues) {
    EXPECT_EQ(names_of<Gappy>(), (std::vector<std::string_view>{"Low", "MinusOne", "Zero", "Ten", "Top"}));
    const auto& values = r::enum_values<Gappy>();
    EXPECT_EQ(std::vector<Gappy>(values.begin(), values.end()),
              (std::vector<Gappy>{Gappy::Low, Gappy::MinusOne, Gappy::Zero, Gappy::Ten, Gappy::Top}));
    EXPECT_EQ(r::enum_to_string(Gappy::MinusOne), "MinusOne");
    EXPECT_EQ(r::enum_to_string(Gappy::Top), "Top");
    EXPECT_EQ(r::enum_from_string<Gappy>("Low"), Gappy::Low);
}

TEST(ReflectEnum, ValuesWithoutANameHaveNone) {
    EXPECT_EQ(r::enum_to_string(static_cast<Gappy>(5)), "");
    EXPECT_EQ(r::enum_to_string(static_cast<Cabin>(4)), "");
    EXPECT_EQ(r::enum_to_string(static_cast<Cabin>(-1)), "");
    // Outside the probed range (-128..255): no name even if the value were declared.
    EXPECT_EQ(r::enum_to_string(Wide::Far), "");
    EXPECT_EQ(r::enum_to_string(Wide::Near), "Near");
    EXPECT_EQ(names_of<Wide>(), (std::vector<std::string_view>{"Near"}));
    EXPECT_EQ(r::enum_to_string(static_cast<Wide>(-5000)), "");
}

TEST(ReflectEnum, FromStringIsExact) {
    EXPECT_EQ(r::enum_from_string<Cabin>("economy"), std::nullopt);
    EXPECT_EQ(r::enum_from_string<Cabin>(" Economy"), std::nullopt);
    EXPECT_EQ(r::enum_from_string<Cabin>(""), std::nullopt);
    EXPECT_EQ(r::enum_from_string<Cabin>("Cabin::Economy"), std::nullopt);
    EXPECT_EQ(r::enum_from_string<Cabin>(std::string_view("Business\0", 9)), std::nullopt);
}

TEST(ReflectEnum, UnscopedEnums) {
    EXPECT_EQ(names_of<Unscoped>(), (std::vector<std::string_view>{"kRed", "kGreen", "kBlue"}));
    EXPECT_EQ(r::enum_to_string(kBlue), "kBlue");
    EXPECT_EQ(r::enum_from_string<Unscoped>("kGreen"), kGreen);
    EXPECT_EQ(names_of<inner::Nested>(), (std::vector<std::string_view>{"kOne", "kTwo"}));
    EXPECT_EQ(r::enum_to_string(inner::kTwo), "kTwo");
}

TEST(ReflectEnum, UnderlyingTypesNarrowTheRange) {
    EXPECT_EQ(names_of<Small>(), (std::vector<std::string_view>{"A", "B", "C"}));
    EXPECT_EQ(r::enum_to_string(Small::C), "C");
    EXPECT_EQ(names_of<Signed8>(), (std::vector<std::string_view>{"Min", "Max"}));
    EXPECT_EQ(names_of<Letter>(), (std::vector<std::string_view>{"Quote", "Comma", "Alpha"}));
    EXPECT_EQ(r::enum_from_string<Letter>("Comma"), Letter::Comma);
    EXPECT_EQ(names_of<Switch>(), (std::vector<std::string_view>{"Off", "On"}));
    EXPECT_EQ(r::enum_to_string(Switch::On), "On");
}

TEST(ReflectEnum, AliasesShareOneName) {
    const auto names = names_of<Aliased>();
    ASSERT_EQ(names.size(), 2u);
    EXPECT_TRUE(names[0] == "One" || names[0] == "Uno");
    EXPECT_EQ(names[1], "Two");
    EXPECT_EQ(r::enum_to_string(Aliased::Uno), names[0]);
}

TEST(ReflectEnum, CustomRange) {
    EXPECT_EQ(names_of<HttpStatus>(), (std::vector<std::string_view>{"Ok", "NotFound", "Teapot", "Unavailable"}));
    EXPECT_EQ(r::enum_to_string(HttpStatus::Teapot), "Teapot");
    EXPECT_EQ(r::enum_from_string<HttpStatus>("NotFound"), HttpStatus::NotFound);
    EXPECT_EQ(r::enum_to_string(static_cast<HttpStatus>(600)), "");
    EXPECT_EQ(r::enum_to_string(static_cast<HttpStatus>(99)), "");
}

TEST(ReflectEnum, EnumWithoutEnumerators) {
    EXPECT_TRUE(r::enum_names<Nameless>().empty());
    EXPECT_EQ(r::enum_to_string(Nameless{}), "");
    EXPECT_EQ(r::enum_from_string<Nameless>("anything"), std::nullopt);
}

TEST(ReflectEnum, NonAsciiEnumerators) {
    EXPECT_EQ(r::enum_to_string(Farbe::Grün), "Grün");
    EXPECT_EQ(r::enum_from_string<Farbe>("Blau"), Farbe::Blau);
}

TEST(ReflectEnum, TenValues) {
    EXPECT_EQ(r::enum_names<Ten>().size(), 10u);
    EXPECT_EQ(r::enum_to_string(Ten::J), "J");
    for (std::string_view name : r::enum_names<Ten>()) EXPECT_EQ(r::enum_to_string(*r::enum_from_string<Ten>(name)), name);
}

TEST(ReflectEnum, EnumsInTemplatesAnonymousNamespacesAndFunctions) {
    EXPECT_EQ((names_of<Box<int, char>::Side>()), (std::vector<std::string_view>{"Left", "Right"}));
    EXPECT_EQ(names_of<Hidden>(), (std::vector<std::string_view>{"Secret"}));
    enum class Local { Here = 7, There = -7 };
    EXPECT_EQ(names_of<Local>(), (std::vector<std::string_view>{"There", "Here"}));
    EXPECT_EQ(r::enum_to_string(Local::Here), "Here");
}

} // namespace
} // namespace reflect_test
