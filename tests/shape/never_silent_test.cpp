// What no level does silently: an integer out of range, a fraction into an integer, a partly
// numeric string, a float beyond float32. Each fails at every level, with its own error kind
// once the level allows the value's type, and records no diagnostic.

#include "coerce_test_util.hpp"

namespace {

using laminate::CoercionLevel;
using laminate::ErrorKind;
using laminate::Target;
using laminate::Value;
using laminate::test::json;
using laminate::test::Probe;

struct Row {
    const char* input; // JSON
    Target target;
    ErrorKind kind;                 // the error once the value's type is allowed
    CoercionLevel type_allowed_from; // below it the error is type_mismatch
};

void expect_never(const Row& row) {
    for (CoercionLevel level : laminate::test::kAllLevels) {
        SCOPED_TRACE(std::string(row.input) + " -> " + std::string(row.target.name()) + " at " +
                     std::string(laminate::level_name(level)));
        Probe p;
        auto r = laminate::coerce(json(row.input), row.target, p.at(level));
        ASSERT_FALSE(r) << "accepted as " << r->dump();
        EXPECT_EQ(r.error().kind(), level >= row.type_allowed_from ? row.kind : ErrorKind::TypeMismatch)
            << r.error();
        EXPECT_TRUE(p.diagnostics.empty());
    }
}

const Target u8 = Target::of(laminate::test::u8);
const Target i8 = Target::of(laminate::test::i8);
const Target u32 = Target::of(laminate::test::u32);
const Target i64 = Target::of(laminate::test::i64);
const Target f32 = Target::of(laminate::float32_target);
const Target f64 = Target::of(laminate::float64_target);

TEST(NeverSilent, OutOfRangeIntegers) {
    using L = CoercionLevel;
    const Row rows[] = {
        {"256", u8, ErrorKind::OutOfRange, L::Exact},
        {"-1", u8, ErrorKind::OutOfRange, L::Exact},
        {"-129", i8, ErrorKind::OutOfRange, L::Exact},
        {"-1", u32, ErrorKind::OutOfRange, L::Exact},
        {"9223372036854775808", i64, ErrorKind::OutOfRange, L::Exact},
        {"100000000000000000000000", i64, ErrorKind::OutOfRange, L::Exact},
        // A JSON number's range is checked before its form: no level would make it fit.
        {"1e20", i64, ErrorKind::OutOfRange, L::Exact},
        {"300.0", u8, ErrorKind::OutOfRange, L::Exact},
        {R"("300")", u8, ErrorKind::OutOfRange, L::StringCoercion},
        {R"("-5")", u32, ErrorKind::OutOfRange, L::StringCoercion},
        {R"("0x100")", u8, ErrorKind::OutOfRange, L::StringCoercion},
        {R"("99999999999999999999999")", i64, ErrorKind::OutOfRange, L::StringCoercion},
        {R"("1,000")", u8, ErrorKind::OutOfRange, L::BestEffort},
        {R"("$256")", u8, ErrorKind::OutOfRange, L::BestEffort},
        {"[256]", u8, ErrorKind::OutOfRange, L::BestEffort},
    };
    for (const Row& row : rows) expect_never(row);
}

TEST(NeverSilent, FractionsIntoIntegers) {
    using L = CoercionLevel;
    const Row rows[] = {
        {"2.5", i64, ErrorKind::LossyConversion, L::Exact},
        {"-0.001", i64, ErrorKind::LossyConversion, L::Exact},
        {"1e-5", i64, ErrorKind::LossyConversion, L::Exact},
        {"1.0000000000000000001", i64, ErrorKind::LossyConversion, L::Exact},
        {"255.5", u8, ErrorKind::LossyConversion, L::Exact},
        {R"("2.5")", i64, ErrorKind::LossyConversion, L::StringCoercion},
        {R"("3.14")", i64, ErrorKind::LossyConversion, L::StringCoercion},
        {R"("1,234.5")", i64, ErrorKind::LossyConversion, L::BestEffort},
        {R"("1.234,5")", i64, ErrorKind::LossyConversion, L::BestEffort},
        {"[0.5]", i64, ErrorKind::LossyConversion, L::BestEffort},
    };
    for (const Row& row : rows) expect_never(row);
}

TEST(NeverSilent, PartlyNumericStrings) {
    using L = CoercionLevel;
    for (const char* text : {R"("12abc")", R"("12 abc")", R"("abc12")", R"("1.5kg")", R"("12,34abc")",
                             R"("42!")", R"("4 2")", R"("0x1Fz")", R"("1e5e5")", R"("12%")", R"("hello")"}) {
        expect_never({text, i64, ErrorKind::TypeMismatch, L::Exact});
        expect_never({text, f64, ErrorKind::TypeMismatch, L::Exact});
        expect_never({text, Target::boolean(), ErrorKind::TypeMismatch, L::Exact});
    }
}

TEST(NeverSilent, FloatsBeyondFloat32) {
    using L = CoercionLevel;
    const Row rows[] = {
        {"1e308", f32, ErrorKind::OutOfRange, L::Exact},
        {"-1e39", f32, ErrorKind::OutOfRange, L::Exact},
        {"1e-300", f32, ErrorKind::OutOfRange, L::Exact},
        {R"("1e308")", f32, ErrorKind::OutOfRange, L::StringCoercion},
        {R"("-1e-300")", f32, ErrorKind::OutOfRange, L::StringCoercion},
        {"1e999", f64, ErrorKind::OutOfRange, L::Exact},
    };
    for (const Row& row : rows) expect_never(row);
}

TEST(NeverSilent, BoolsOtherThanZeroAndOne) {
    for (const char* text : {"2", "-1", "0.5", "42"})
        expect_never({text, Target::boolean(), ErrorKind::TypeMismatch, CoercionLevel::Exact});
}

} // namespace
