// Each conversion at each level: it succeeds, with the same value and one Coerced diagnostic, at
// its minimum level and every level above, and fails below it. A value taken as declared
// (minimum level Exact) records no diagnostic at any level.

#include "coerce_test_util.hpp"

#include <array>
#include <cmath>
#include <limits>
#include <vector>

namespace {

using laminate::CoercionLevel;
using laminate::Target;
using laminate::Value;
using laminate::test::json;

constexpr std::array<std::string_view, 4> kColours{"red", "green", "blue", "light_blue"};
const Target kColour = Target::of(laminate::EnumTarget{kColours, "Colour"});
const Target kI64 = Target::of(laminate::test::i64);
const Target kU8 = Target::of(laminate::test::u8);
const Target kF64 = Target::of(laminate::float64_target);
const Target kF32 = Target::of(laminate::float32_target);
const Target kBool = Target::boolean();
const Target kString = Target::string();
const Target kNull = Target::null();

struct Row {
    const char* label;
    Value input;
    Target target;
    CoercionLevel min_level;
    Value expected;
};

std::vector<Row> rows() {
    using L = CoercionLevel;
    return {
        // Exact: JSON types as declared.
        {"integer -> int64", json("42"), kI64, L::Exact, json("42")},
        {"integer -> uint8 at its bound", json("255"), kU8, L::Exact, json("255")},
        {"float -> float64", json("1.5"), kF64, L::Exact, json("1.5")},
        {"integer literal -> float64", json("42"), kF64, L::Exact, json("42")},
        {"float32 holds it exactly", json("0.5"), kF32, L::Exact, json("0.5")},
        {"bool -> bool", json("true"), kBool, L::Exact, json("true")},
        {"string -> string", json(R"("abc")"), kString, L::Exact, json(R"("abc")")},
        {"null -> null", json("null"), kNull, L::Exact, json("null")},
        {"declared enum name", json(R"("green")"), kColour, L::Exact, json(R"("green")")},
        // SafeWidening.
        {"integral float -> int64", json("2.0"), kI64, L::SafeWidening, json("2")},
        {"exponent integral -> int64", json("1e3"), kI64, L::SafeWidening, json("1000")},
        {"true -> int64", json("true"), kI64, L::SafeWidening, json("1")},
        {"false -> uint8", json("false"), kU8, L::SafeWidening, json("0")},
        {"true -> float64", json("true"), kF64, L::SafeWidening, json("1.0")},
        {"1 -> bool", json("1"), kBool, L::SafeWidening, json("true")},
        {"0 -> bool", json("0"), kBool, L::SafeWidening, json("false")},
        {"1.0 -> bool", json("1.0"), kBool, L::SafeWidening, json("true")},
        {"float32 keeps every written digit", json("12.99"), kF32, L::SafeWidening, Value(static_cast<double>(12.99f))},
        {"integer rounds into float64", json("9007199254740993"), kF64, L::SafeWidening, json("9007199254740992")},
        // StringCoercion.
        {"padded string -> int64", json(R"(" 42 ")"), kI64, L::StringCoercion, json("42")},
        {"plus sign -> int64", json(R"("+42")"), kI64, L::StringCoercion, json("42")},
        {"negative string -> int64", json(R"("-17")"), kI64, L::StringCoercion, json("-17")},
        {"\"3.0\" -> int64", json(R"("3.0")"), kI64, L::StringCoercion, json("3")},
        {"\"1e3\" -> int64", json(R"("1e3")"), kI64, L::StringCoercion, json("1000")},
        {"leading zeros -> int64", json(R"("007")"), kI64, L::StringCoercion, json("7")},
        {"string -> uint8", json(R"("200")"), kU8, L::StringCoercion, json("200")},
        {"string -> float64", json(R"("3.14")"), kF64, L::StringCoercion, json("3.14")},
        {"\".5\" -> float64", json(R"(".5")"), kF64, L::StringCoercion, json("0.5")},
        {"string -> float32", json(R"("3.14")"), kF32, L::StringCoercion, Value(static_cast<double>(3.14f))},
        {"\"yes\" -> bool", json(R"("yes")"), kBool, L::StringCoercion, json("true")},
        {"\"Off\" -> bool", json(R"("Off")"), kBool, L::StringCoercion, json("false")},
        {"\"1\" -> bool", json(R"("1")"), kBool, L::StringCoercion, json("true")},
        {"\" f \" -> bool", json(R"(" f ")"), kBool, L::StringCoercion, json("false")},
        {"integer -> string", json("42"), kString, L::StringCoercion, json(R"("42")")},
        {"float -> string keeps the spelling", json("1.50"), kString, L::StringCoercion, json(R"("1.50")")},
        {"bool -> string", json("false"), kString, L::StringCoercion, json(R"("false")")},
        {"hex -> int64", json(R"("0x1F")"), kI64, L::StringCoercion, json("31")},
        {"octal -> uint8", json(R"("0o17")"), kU8, L::StringCoercion, json("15")},
        {"binary -> int64", json(R"("0b101")"), kI64, L::StringCoercion, json("5")},
        {"enum name with spaces around", json(R"(" blue ")"), kColour, L::StringCoercion, json(R"("blue")")},
        // BestEffort.
        {"US grouping -> float64", json(R"("1,234.5")"), kF64, L::BestEffort, json("1234.5")},
        {"European grouping -> float64", json(R"("1.234,56")"), kF64, L::BestEffort, json("1234.56")},
        {"Swiss grouping -> int64", json(R"("1'234'567")"), kI64, L::BestEffort, json("1234567")},
        {"SI grouping -> int64", json(R"("1 234")"), kI64, L::BestEffort, json("1234")},
        {"currency -> float64", json(R"("$4.99")"), kF64, L::BestEffort, json("4.99")},
        {"negative currency -> float64", json(R"("-$1,000.50")"), kF64, L::BestEffort, json("-1000.5")},
        {"currency code -> float64", json(R"("USD 12.50")"), kF64, L::BestEffort, json("12.5")},
        {"currency code after -> int64", json(R"("1,299 EUR")"), kI64, L::BestEffort, json("1299")},
        {"typographic minus -> int64", json(R"("\u22125")"), kI64, L::BestEffort, json("-5")},
        {"fullwidth minus -> float64", json(R"("\uff0d2.5")"), kF64, L::BestEffort, json("-2.5")},
        {"zero-width space after -> float64", json(R"("19.99\u200b")"), kF64, L::BestEffort, json("19.99")},
        {"byte order mark before -> uint8", json(R"("\ufeff42")"), kU8, L::BestEffort, json("42")},
        {"sentinel -> int64 default", json(R"("N/A")"), kI64, L::BestEffort, json("0")},
        {"sentinel -> float64 default", json(R"("none")"), kF64, L::BestEffort, json("0.0")},
        {"sentinel -> bool default", json(R"("null")"), kBool, L::BestEffort, json("false")},
        {"sentinel -> null", json(R"("N/A")"), kNull, L::BestEffort, json("null")},
        {"null -> int64 default", json("null"), kI64, L::BestEffort, json("0")},
        {"null -> uint8 default", json("null"), kU8, L::BestEffort, json("0")},
        {"null -> float64 default", json("null"), kF64, L::BestEffort, json("0.0")},
        {"null -> bool default", json("null"), kBool, L::BestEffort, json("false")},
        {"null -> string default", json("null"), kString, L::BestEffort, json(R"("")")},
        {"one-element array -> int64", json("[42]"), kI64, L::BestEffort, json("42")},
        {"one-element array of a string -> int64", json(R"([" 7 "])"), kI64, L::BestEffort, json("7")},
        {"one-element array -> bool", json("[true]"), kBool, L::BestEffort, json("true")},
        {"one-element array -> float64", json("[2.5]"), kF64, L::BestEffort, json("2.5")},
        {"one-element array -> enum", json(R"(["red"])"), kColour, L::BestEffort, json(R"("red")")},
        {"object -> compact JSON string", json(R"({"a": [1, 2]})"), kString, L::BestEffort, json(R"("{\"a\":[1,2]}")")},
        {"array -> compact JSON string", json(R"([1, "x"])"), kString, L::BestEffort, json(R"("[1,\"x\"]")")},
        {"enum name in another case", json(R"("GREEN")"), kColour, L::BestEffort, json(R"("green")")},
        {"enum name with other separators", json(R"("Light Blue")"), kColour, L::BestEffort, json(R"("light_blue")")},
        {"enum name in markdown bold", json(R"("**green**")"), kColour, L::BestEffort, json(R"("green")")},
        {"enum name in inline code", json(R"("`light_blue`")"), kColour, L::BestEffort, json(R"("light_blue")")},
        {"float32 drops digits", json("3.141592653589793"), kF32, L::BestEffort, Value(static_cast<double>(3.1415927f))},
        {"\"Infinity\" -> float64", json(R"("Infinity")"), kF64, L::BestEffort, Value(std::numeric_limits<double>::infinity())},
        {"\"-inf\" -> float64", json(R"("-inf")"), kF64, L::BestEffort, Value(-std::numeric_limits<double>::infinity())},
    };
}

TEST(LevelMatrix, EachConversionAtEachLevel) {
    for (const Row& row : rows()) {
        for (CoercionLevel level : laminate::test::kAllLevels) {
            SCOPED_TRACE(std::string(row.label) + " at " + std::string(laminate::level_name(level)));
            laminate::test::Probe probe("f");
            auto r = laminate::coerce(row.input, row.target, probe.at(level));
            if (level < row.min_level) {
                ASSERT_FALSE(r) << "accepted below its level: " << r->dump();
                EXPECT_TRUE(probe.diagnostics.empty());
                continue;
            }
            ASSERT_TRUE(r) << r.error();
            EXPECT_EQ(*r, row.expected) << r->dump();
            if (row.min_level == CoercionLevel::Exact) {
                EXPECT_TRUE(probe.diagnostics.empty());
            } else {
                ASSERT_EQ(probe.diagnostics.size(), 1u);
                EXPECT_EQ(probe.diagnostics[0].kind, laminate::DiagnosticKind::Coerced);
                EXPECT_EQ(probe.diagnostics[0].to, row.target.name());
            }
        }
    }
}

TEST(LevelMatrix, NotANumberStringReadsAsNaNAtBestEffortOnly) {
    for (CoercionLevel level : laminate::test::kAllLevels) {
        laminate::test::Probe probe;
        auto r = laminate::coerce_float(json(R"("NaN")"), laminate::float64_target, probe.at(level));
        if (level < CoercionLevel::BestEffort) {
            EXPECT_FALSE(r);
            continue;
        }
        ASSERT_TRUE(r) << r.error();
        EXPECT_TRUE(std::isnan(*r));
        ASSERT_EQ(probe.diagnostics.size(), 1u);
        EXPECT_EQ(probe.diagnostics[0].risk, laminate::Risk::Warning);
    }
}

TEST(LevelMatrix, LevelsAreOrdered) {
    EXPECT_LT(CoercionLevel::Exact, CoercionLevel::SafeWidening);
    EXPECT_LT(CoercionLevel::SafeWidening, CoercionLevel::StringCoercion);
    EXPECT_LT(CoercionLevel::StringCoercion, CoercionLevel::BestEffort);
    laminate::Diagnostics ds;
    laminate::CoerceContext ctx{ds, CoercionLevel::StringCoercion};
    EXPECT_TRUE(ctx.allows(CoercionLevel::Exact));
    EXPECT_TRUE(ctx.allows(CoercionLevel::StringCoercion));
    EXPECT_FALSE(ctx.allows(CoercionLevel::BestEffort));
}

} // namespace
