// Enum and const matching beyond ASCII: accents folded (cafe -> café, SENOR -> señor), case folded
// for Latin-1 Supplement and Latin Extended-A, '.' ignored with the other separators; each a
// Warning at BestEffort; a name that folds like two declared values is an error.
#include <laminate/laminate.hpp>

#include "shape/name_fold.hpp"

#include <gtest/gtest.h>

#include <array>

namespace {

using namespace laminate;

constexpr std::array<std::string_view, 4> kDrinks{"café", "señor", "crème brûlée", "Łódź"};
const EnumTarget kDrink{kDrinks, "Drink"};

Result<std::size_t> match(std::string_view text, CoercionLevel level, Diagnostics& ds) {
    const std::string path;
    return coerce_enum(Value(text), kDrink, CoerceContext{ds, level, path});
}

TEST(EnumFold, TableFoldsLatin1AndExtendedA) {
    using shape_detail::fold_name;
    using shape_detail::NameFold;
    EXPECT_EQ(fold_name("Café_Crème", NameFold::Case), "cafécrème");
    EXPECT_EQ(fold_name("Café_Crème", NameFold::Accents), "cafecreme");
    EXPECT_EQ(fold_name("STRASSE", NameFold::Accents), fold_name("Straße", NameFold::Accents));
    EXPECT_EQ(fold_name("ŁÓDŹ", NameFold::Case), fold_name("łódź", NameFold::Case));
    EXPECT_EQ(fold_name("Łódź", NameFold::Accents), "lodz");
    EXPECT_EQ(fold_name("Œuvre", NameFold::Accents), "oeuvre");
    EXPECT_EQ(fold_name("a.b-c d", NameFold::Case), "abcd");
    EXPECT_EQ(fold_name("日本", NameFold::Accents), "日本"); // other scripts: as they are
    EXPECT_EQ(shape_detail::fold_case(U'Ÿ'), U'ÿ');
    EXPECT_EQ(shape_detail::fold_case(U'×'), U'×'); // a sign, not a letter
}

TEST(EnumFold, AccentsFoldedAtBestEffortWithAWarning) {
    using Case = std::pair<const char*, std::size_t>;
    for (auto [text, index] : {Case{"cafe", 0}, Case{"SENOR", 1}, Case{"creme brulee", 2}, Case{"lodz", 3}}) {
        Diagnostics ds;
        auto r = match(text, CoercionLevel::BestEffort, ds);
        ASSERT_TRUE(r) << text << ": " << r.error();
        EXPECT_EQ(*r, index) << text;
        ASSERT_EQ(ds.size(), 1u);
        EXPECT_EQ(ds[0].risk, Risk::Warning);
        EXPECT_EQ(ds[0].message, "coerced string -> Drink (matched ignoring accents, case and separators)");
    }
    Diagnostics ds;
    EXPECT_FALSE(match("cafe", CoercionLevel::StringCoercion, ds)); // a liberty of BestEffort only
}

TEST(EnumFold, UnicodeCaseWithoutAccentFolding) {
    Diagnostics ds;
    auto r = match("CAFÉ", CoercionLevel::BestEffort, ds);
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(*r, 0u);
    ASSERT_EQ(ds.size(), 1u);
    EXPECT_EQ(ds[0].message, "coerced string -> Drink (matched ignoring case and separators)");
    Diagnostics ds2;
    auto polish = match("ŁÓDŹ", CoercionLevel::BestEffort, ds2);
    ASSERT_TRUE(polish) << polish.error();
    EXPECT_EQ(*polish, 3u);
}

TEST(EnumFold, DotIsASeparator) {
    constexpr std::array<std::string_view, 2> names{"in_progress", "done"};
    Diagnostics ds;
    const std::string path;
    auto r = coerce_enum(Value("In.Progress."), EnumTarget{names, "Status"}, CoerceContext{ds, CoercionLevel::BestEffort, path});
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(*r, 0u);
    EXPECT_EQ(max_risk(ds), Risk::Warning);
}

TEST(EnumFold, TwoDeclaredValuesFoldingAlikeAreAnError) {
    constexpr std::array<std::string_view, 2> names{"résumé", "resume"};
    Diagnostics ds;
    const std::string path;
    const EnumTarget target{names, "Doc"};
    EXPECT_EQ(*coerce_enum(Value("resume"), target, CoerceContext{ds, CoercionLevel::BestEffort, path}), 1u); // exact
    // Case alone tells them apart: the closer fold wins before accents are folded.
    EXPECT_EQ(*coerce_enum(Value("RESUME"), target, CoerceContext{ds, CoercionLevel::BestEffort, path}), 1u);
    auto r = coerce_enum(Value("RESUMÉ"), target, CoerceContext{ds, CoercionLevel::BestEffort, path});
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().kind(), ErrorKind::AmbiguousValue);
    // "V1" is v1 by case alone, before "v.1" folds like it once '.' is ignored; "V 1" needs the
    // separators ignored, and there both names match.
    constexpr std::array<std::string_view, 2> dotted{"v.1", "v1"};
    auto v1 = coerce_enum(Value("V1 "), EnumTarget{dotted, "Version"}, CoerceContext{ds, CoercionLevel::BestEffort, path});
    ASSERT_TRUE(v1) << v1.error();
    EXPECT_EQ(*v1, 1u);
    auto d = coerce_enum(Value("V 1"), EnumTarget{dotted, "Version"}, CoerceContext{ds, CoercionLevel::BestEffort, path});
    ASSERT_FALSE(d);
    EXPECT_EQ(d.error().kind(), ErrorKind::AmbiguousValue);
}

TEST(EnumFold, SchemaEnumAndConst) {
    auto e = Schema::compile_json(R"({"enum":["café","thé"]})");
    ASSERT_TRUE(e) << e.error();
    auto r = e->from_json(R"("CAFE")");
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(r->value, Value("café"));
    EXPECT_EQ(max_risk(r->diagnostics), Risk::Warning);
    auto c = Schema::compile_json(R"({"const":"señor"})");
    ASSERT_TRUE(c) << c.error();
    auto k = c->from_json(R"("Senor")");
    ASSERT_TRUE(k) << k.error();
    EXPECT_EQ(k->value, Value("señor"));
    EXPECT_FALSE(c->from_json(R"("Senor")", ShapeOptions{.mode = Mode::Strict}));
}

} // namespace
