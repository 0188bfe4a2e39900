// The Value path's exact-type shortcut (read_direct in detail/shape_read.hpp): a member whose value
// needs nothing done is written with no path built. It must record exactly what the general
// reading records (nothing) in every mode, and leave every other case to it: field options,
// loose keys, sentinels, values of another type, item paths in arrays.
#include <laminate/laminate.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace direct_test {

enum class Tier { basic, premium };

struct Plain {
    std::string name;
    bool active = false;
    std::int16_t count = 0;
    std::uint64_t big = 0;
    Tier tier = Tier::basic;
    std::optional<std::string> note;
    std::optional<std::int32_t> limit;
    std::vector<std::string> tags;
};

struct Measured {
    double ratio = 0;
    std::optional<double> cap;
    std::vector<double> samples;
};

struct Lists {
    std::vector<std::string> tags;
    std::optional<std::vector<std::int32_t>> counts;
    std::vector<Tier> tiers;
    std::vector<bool> flags;
};

struct Limited {
    std::string code;
    std::int32_t seats = 0;
};

} // namespace direct_test

template <>
struct laminate::Fields<direct_test::Limited> {
    static FieldList options() { return {field("code").max_length(3), field("seats").range(1, 9)}; }
};

namespace direct_test {
namespace {

const laminate::Mode kModes[] = {laminate::Mode::Lenient, laminate::Mode::Absorbing, laminate::Mode::Strict};

TEST(DirectRead, ExactTypesRecordNothingInEveryMode) {
    const laminate::Value v = laminate::parse(
                                  R"({"name":"ann","active":true,"count":-7,"big":18446744073709551615,"tier":"premium",)"
                                  R"("note":null,"limit":12,"tags":["a","b"]})")
                                  ->value;
    for (laminate::Mode mode : kModes) {
        auto r = laminate::from_value<Plain>(v, mode);
        ASSERT_TRUE(r) << laminate::mode_name(mode);
        EXPECT_TRUE(r->diagnostics.empty()) << laminate::mode_name(mode);
        EXPECT_EQ(r->value.name, "ann");
        EXPECT_TRUE(r->value.active);
        EXPECT_EQ(r->value.count, -7);
        EXPECT_EQ(r->value.big, 18446744073709551615u); // beyond int64: the general reading takes it
        EXPECT_EQ(r->value.tier, Tier::premium);
        EXPECT_FALSE(r->value.note);
        EXPECT_EQ(r->value.limit, 12);
        EXPECT_EQ(r->value.tags, (std::vector<std::string>{"a", "b"}));
    }
}

TEST(DirectRead, EverythingElseStillGoesThroughTheGeneralReading) {
    // Another type in an array item: its diagnostic names the item's path.
    auto r = laminate::from_json<Plain>(R"({"name":"a","active":true,"count":1,"big":1,"tier":"basic","tags":["x",7]})");
    ASSERT_TRUE(r);
    ASSERT_EQ(r->diagnostics.size(), 3u); // note and limit defaulted, then tags[1] coerced
    EXPECT_EQ(r->diagnostics[0].path, "note");
    EXPECT_EQ(r->diagnostics[1].path, "limit");
    EXPECT_EQ(r->diagnostics[2].path, "tags[1]");
    EXPECT_EQ(r->diagnostics[2].kind, laminate::DiagnosticKind::Coerced);
    EXPECT_EQ(r->value.tags, (std::vector<std::string>{"x", "7"}));

    // A loose key keeps its Warning though the value is exact; a sentinel in an optional its own.
    r = laminate::from_json<Plain>(R"({"Name":"a","active":true,"count":1,"big":1,"tier":"basic","limit":"None","tags":[]})");
    ASSERT_TRUE(r);
    ASSERT_GE(r->diagnostics.size(), 2u);
    EXPECT_EQ(r->diagnostics[0].path, "name");
    EXPECT_EQ(r->diagnostics[0].risk, laminate::Risk::Warning);
    EXPECT_FALSE(r->value.limit);

    // Out of range, a fraction, a name of another case: errors and coercions at the field's path.
    auto bad = laminate::from_json<Plain>(R"({"name":"a","active":true,"count":70000,"big":1.5,"tier":"Premium","tags":[]})");
    ASSERT_FALSE(bad);
    EXPECT_NE(bad.error().message().find("count"), std::string::npos);
    EXPECT_NE(bad.error().message().find("big"), std::string::npos);
}

TEST(DirectRead, DecimalsIntoDoubleRecordNothingOthersGoTheGeneralWay) {
    for (laminate::Mode mode : kModes) {
        auto r = laminate::from_json<Measured>(R"({"ratio":511.3,"cap":-0.0,"samples":[1e-300,0.1,2.5E3]})", mode);
        ASSERT_TRUE(r) << laminate::mode_name(mode);
        EXPECT_TRUE(r->diagnostics.empty()) << laminate::mode_name(mode);
        EXPECT_EQ(r->value.ratio, 511.3);
        ASSERT_TRUE(r->value.cap);
        EXPECT_TRUE(std::signbit(*r->value.cap));
        EXPECT_EQ(r->value.samples, (std::vector<double>{1e-300, 0.1, 2.5e3}));
    }
    // The same through from_value (no text fast path): the Value path's own shortcut.
    const laminate::Value v = laminate::parse(R"({"ratio":0.25,"cap":null,"samples":[]})")->value;
    auto r = laminate::from_value<Measured>(v, laminate::Mode::Strict);
    ASSERT_TRUE(r);
    EXPECT_TRUE(r->diagnostics.empty());
    EXPECT_EQ(r->value.ratio, 0.25);

    // An integer is the general reading's: exact when the mantissa holds it, else rounded (a
    // Warning, refused at Exact).
    auto small = laminate::from_json<Measured>(R"({"ratio":3,"samples":[]})", laminate::Mode::Strict);
    ASSERT_TRUE(small);
    EXPECT_EQ(small->value.ratio, 3.0);
    EXPECT_TRUE(small->diagnostics.empty());
    const char* wide = R"({"ratio":9007199254740993,"samples":[]})";
    auto refused = laminate::from_json<Measured>(wide, laminate::Mode::Strict);
    ASSERT_FALSE(refused);
    EXPECT_EQ(refused.error().path(), "ratio");
    auto rounded = laminate::from_json<Measured>(wide);
    ASSERT_TRUE(rounded);
    ASSERT_EQ(rounded->diagnostics.size(), 2u); // the rounding, then cap defaulted
    EXPECT_EQ(rounded->diagnostics[0].path, "ratio");
    EXPECT_EQ(rounded->diagnostics[0].kind, laminate::DiagnosticKind::Coerced);
    EXPECT_EQ(rounded->diagnostics[0].risk, laminate::Risk::Warning);
    // A literal beyond double's range: an error at its path, not an infinity; one that rounds to
    // zero: underflow, never a silent 0.
    for (const char* doc : {R"({"ratio":1e400,"samples":[]})", R"({"ratio":1e-400,"samples":[]})"}) {
        auto out = laminate::from_json<Measured>(doc);
        ASSERT_FALSE(out) << doc;
        EXPECT_EQ(out.error().path(), "ratio") << doc;
    }
    // A repaired NaN is the general reading's: kept, with the parser's repair.
    auto nan = laminate::from_json<Measured>(R"({"ratio":NaN,"samples":[]})");
    ASSERT_TRUE(nan);
    EXPECT_TRUE(std::isnan(nan->value.ratio));
    ASSERT_FALSE(nan->diagnostics.empty());
    EXPECT_EQ(nan->diagnostics[0].path, "ratio");
}

TEST(DirectRead, FieldOptionsAreAlwaysApplied) {
    auto r = laminate::from_json<Limited>(R"({"code":"ABCD","seats":12})");
    ASSERT_FALSE(r);
    EXPECT_NE(r.error().message().find("code"), std::string::npos);
    EXPECT_NE(r.error().message().find("seats"), std::string::npos);
    EXPECT_TRUE(laminate::from_json<Limited>(R"({"code":"ABC","seats":2})"));
}

// Arrays of exact-type items in the Value path: read whole with no path and no diagnostic; an item
// that is not exact sends the whole field to the general reading, which starts the vector over.
TEST(DirectRead, ArraysOfExactItemsRecordNothingOthersStartOver) {
    for (laminate::Mode mode : kModes) {
        const laminate::Value v =
            laminate::parse(R"({"tags":["a","b"],"counts":[1,-2,3],"tiers":["premium"],"flags":[true]})")->value;
        auto r = laminate::from_value<Lists>(v, mode);
        ASSERT_TRUE(r) << laminate::mode_name(mode);
        EXPECT_TRUE(r->diagnostics.empty()) << laminate::mode_name(mode);
        EXPECT_EQ(r->value.tags, (std::vector<std::string>{"a", "b"}));
        EXPECT_EQ(r->value.counts, (std::vector<std::int32_t>{1, -2, 3}));
        EXPECT_EQ(r->value.tiers, (std::vector<Tier>{Tier::premium}));
        EXPECT_EQ(r->value.flags, (std::vector<bool>{true}));
    }
    // The third item needs a coercion: the items before it are not kept twice, and the diagnostic
    // names the item.
    const laminate::Value v = laminate::parse(R"({"tags":["a","b",7,"d"],"counts":[1,"2"],"tiers":[],"flags":[]})")->value;
    auto r = laminate::from_value<Lists>(v);
    ASSERT_TRUE(r);
    EXPECT_EQ(r->value.tags, (std::vector<std::string>{"a", "b", "7", "d"}));
    EXPECT_EQ(r->value.counts, (std::vector<std::int32_t>{1, 2}));
    ASSERT_EQ(r->diagnostics.size(), 2u);
    EXPECT_EQ(r->diagnostics[0].path, "tags[2]");
    EXPECT_EQ(r->diagnostics[1].path, "counts[1]");
    // Strict refuses the coercion at the item's path.
    auto strict = laminate::from_value<Lists>(v, laminate::Mode::Strict);
    ASSERT_FALSE(strict);
    EXPECT_EQ(strict.error().path(), "tags[2]");
    // Out of range in an item, an unknown enum name: errors at the items' paths.
    const laminate::Value w = laminate::parse(R"({"tags":[],"counts":[1,3000000000],"tiers":["gold"],"flags":[]})")->value;
    auto bad = laminate::from_value<Lists>(w);
    ASSERT_FALSE(bad);
    EXPECT_NE(bad.error().message().find("counts[1]"), std::string::npos);
    EXPECT_NE(bad.error().message().find("tiers[0]"), std::string::npos);
    // null in an optional array, empty arrays.
    auto none = laminate::from_value<Lists>(laminate::parse(R"({"tags":[],"counts":null,"tiers":[],"flags":[]})")->value);
    ASSERT_TRUE(none);
    EXPECT_FALSE(none->value.counts);
    EXPECT_TRUE(none->diagnostics.empty());
}

} // namespace
} // namespace direct_test
