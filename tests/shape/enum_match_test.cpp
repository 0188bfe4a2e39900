// Enum names and keys: exact, trimmed (StringCoercion), case/separator-insensitive (BestEffort).

#include "coerce_test_util.hpp"

#include <array>

namespace {

using laminate::CoercionLevel;
using laminate::ErrorKind;
using laminate::NameMatch;
using laminate::Risk;
using laminate::Value;
using laminate::test::json;
using laminate::test::Probe;

constexpr std::array<std::string_view, 5> kCabins{"Economy", "PremiumEconomy", "Business", "First", "in_progress"};
const laminate::EnumTarget kCabin{kCabins, "CabinClass"};

TEST(EnumMatch, ExactNameAtEveryLevelWithoutDiagnostic) {
    for (CoercionLevel level : laminate::test::kAllLevels) {
        Probe p;
        auto r = laminate::coerce_enum(Value("Business"), kCabin, p.at(level));
        ASSERT_TRUE(r) << r.error();
        EXPECT_EQ(*r, 2u);
        EXPECT_TRUE(p.diagnostics.empty());
    }
}

TEST(EnumMatch, SurroundingWhitespaceAtStringCoercion) {
    Probe p;
    EXPECT_FALSE(laminate::coerce_enum(Value(" First "), kCabin, p.at(CoercionLevel::SafeWidening)));
    auto r = laminate::coerce_enum(Value(" First\n"), kCabin, p.at(CoercionLevel::StringCoercion));
    ASSERT_TRUE(r);
    EXPECT_EQ(*r, 3u);
    ASSERT_EQ(p.diagnostics.size(), 1u);
    EXPECT_EQ(p.diagnostics[0].risk, Risk::Info);
    EXPECT_EQ(p.diagnostics[0].to, "CabinClass");
}

TEST(EnumMatch, CaseAndSeparatorsAtBestEffortWithWarning) {
    struct Case { const char* text; std::size_t index; };
    for (Case c : {Case{"economy", 0}, Case{"ECONOMY", 0}, Case{"premium economy", 1}, Case{"premium_economy", 1},
                   Case{"Premium-Economy", 1}, Case{"In Progress", 4}, Case{"inprogress", 4}, Case{" first ", 3}}) {
        Probe p("cabin");
        EXPECT_FALSE(laminate::coerce_enum(Value(c.text), kCabin, p.at(CoercionLevel::StringCoercion))) << c.text;
        auto r = laminate::coerce_enum(Value(c.text), kCabin, p.at(CoercionLevel::BestEffort));
        ASSERT_TRUE(r) << c.text << ": " << r.error();
        EXPECT_EQ(*r, c.index) << c.text;
        ASSERT_EQ(p.diagnostics.size(), 1u);
        EXPECT_EQ(p.diagnostics[0].risk, Risk::Warning);
        EXPECT_EQ(p.diagnostics[0].message, "coerced string -> CabinClass (matched ignoring case and separators)");
    }
}

TEST(EnumMatch, UnknownNamesFailListingTheDeclaredOnes) {
    for (const char* text : {"coach", "", "Economy Plus", "firstclass", "N/A"}) {
        Probe p;
        auto r = laminate::coerce_enum(Value(text), kCabin, p.at(CoercionLevel::BestEffort));
        ASSERT_FALSE(r) << text;
        EXPECT_EQ(r.error().kind(), ErrorKind::UnknownVariant);
        EXPECT_EQ(r.error().message(),
                  "expected one of the names of CabinClass (Economy, PremiumEconomy, Business, First, in_progress), "
                  "got a string matching none");
    }
}

TEST(EnumMatch, SeveralLooseMatchesAreAmbiguous) {
    constexpr std::array<std::string_view, 3> names{"on_hold", "OnHold", "done"};
    Probe p;
    auto r = laminate::coerce_enum(Value("ON HOLD"), {names, "Status"}, p.at(CoercionLevel::BestEffort));
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().kind(), ErrorKind::AmbiguousValue);
    // An exact match wins over loose ones.
    auto exact = laminate::coerce_enum(Value("OnHold"), {names, "Status"}, p.at(CoercionLevel::Exact));
    ASSERT_TRUE(exact);
    EXPECT_EQ(*exact, 1u);
}

// The tiers go in order, each deciding when it finds a name: case alone, then separators too,
// then accents too. "a" is A by case alone, whatever later tiers would say of A+ and A-.
// Ambiguity is two names in the tier that decides.
TEST(EnumMatch, CaseAloneDecidesBeforeSeparatorsAreIgnored) {
    constexpr std::array<std::string_view, 3> grades{"A+", "A", "A-"};
    const laminate::EnumTarget target{grades, "Grade"};
    struct Case {
        const char* text;
        std::size_t index;
    };
    for (Case c : {Case{"a", 1}, Case{"a-", 2}, Case{"a+", 0}, Case{" a ", 1}}) {
        Probe p;
        auto r = laminate::coerce_enum(Value(c.text), target, p.at(CoercionLevel::BestEffort));
        ASSERT_TRUE(r) << c.text << ": " << r.error();
        EXPECT_EQ(*r, c.index) << c.text;
        ASSERT_EQ(p.diagnostics.size(), 1u);
        EXPECT_EQ(p.diagnostics[0].risk, Risk::Warning);
    }
    Probe p;
    EXPECT_EQ(*laminate::coerce_enum(Value("A-"), target, p.at(CoercionLevel::Exact)), 2u);
    // Two names alike by case alone: ambiguous in the first tier, whatever the later ones say.
    constexpr std::array<std::string_view, 3> names{"Foo", "FOO", "f_o_o"};
    auto r = laminate::coerce_enum(Value("foo"), {names, "Twice"}, p.at(CoercionLevel::BestEffort));
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().kind(), ErrorKind::AmbiguousValue);
    // Case alone finds none, separators find one.
    constexpr std::array<std::string_view, 2> states{"on_hold", "done"};
    EXPECT_EQ(*laminate::coerce_enum(Value("On Hold"), {states, "State"}, p.at(CoercionLevel::BestEffort)), 0u);
    EXPECT_EQ(*laminate::coerce_enum(Value("ON-HOLD"), {states, "State"}, p.at(CoercionLevel::BestEffort)), 0u);
}

// '_', '-' and '.' are ignored between characters only: at an edge they are part of the name.
// "a" among A+ and A- alone is neither (A- is not A with a separator), nor "id" the name "_id".
TEST(EnumMatch, ASeparatorAtAnEdgeIsPartOfTheName) {
    constexpr std::array<std::string_view, 2> grades{"A+", "A-"};
    Probe p;
    auto r = laminate::coerce_enum(Value("a"), {grades, "Grade"}, p.at(CoercionLevel::BestEffort));
    ASSERT_FALSE(r) << *r;
    EXPECT_EQ(r.error().kind(), ErrorKind::UnknownVariant);
    EXPECT_EQ(*laminate::coerce_enum(Value("a-"), {grades, "Grade"}, p.at(CoercionLevel::BestEffort)), 1u);
    constexpr std::array<std::string_view, 2> keys{"_id", "name"};
    EXPECT_FALSE(laminate::coerce_enum(Value("ID"), {keys, "Key"}, p.at(CoercionLevel::BestEffort)));
    EXPECT_EQ(*laminate::coerce_enum(Value(" _ID "), {keys, "Key"}, p.at(CoercionLevel::BestEffort)), 0u);
    // A run of them at the edge is kept whole: "__private" is neither "_private" nor "private".
    constexpr std::array<std::string_view, 2> hidden{"_private", "private"};
    EXPECT_FALSE(laminate::coerce_enum(Value("__private"), {hidden, "Hidden"}, p.at(CoercionLevel::BestEffort)));
}

// Markdown a model put around a whole name (bold, emphasis, inline code) is removed when the
// text inside matches a name: a Warning, at BestEffort only.
TEST(EnumMatch, MarkdownAroundTheWholeName) {
    constexpr std::array<std::string_view, 3> moods{"positive", "negative", "in_progress"};
    const laminate::EnumTarget target{moods, "Sentiment"};
    for (const char* text : {"**negative**", "__negative__", "*negative*", "_negative_", "`negative`", " **negative** "}) {
        Probe p("sentiment");
        auto r = laminate::coerce_enum(Value(text), target, p.at(CoercionLevel::BestEffort));
        ASSERT_TRUE(r) << text << ": " << r.error();
        EXPECT_EQ(*r, 1u) << text;
        ASSERT_EQ(p.diagnostics.size(), 1u);
        EXPECT_EQ(p.diagnostics[0].kind, laminate::DiagnosticKind::Coerced);
        EXPECT_EQ(p.diagnostics[0].risk, Risk::Warning);
        EXPECT_EQ(p.diagnostics[0].path, "sentiment");
        EXPECT_EQ(p.diagnostics[0].message, "coerced string -> Sentiment (removed markdown marks around the name)");
        for (CoercionLevel below : {CoercionLevel::Exact, CoercionLevel::StringCoercion}) {
            Probe q;
            auto refused = laminate::coerce_enum(Value(text), target, q.at(below));
            ASSERT_FALSE(refused) << text;
            EXPECT_NE(refused.error().message().find("best_effort is needed"), std::string::npos) << refused.error();
            EXPECT_TRUE(q.diagnostics.empty());
        }
    }
    // The name inside may itself be loose: both liberties are noted. '_' inside a word is no mark.
    Probe p;
    EXPECT_EQ(*laminate::coerce_enum(Value("**Negative**"), target, p.at(CoercionLevel::BestEffort)), 1u);
    EXPECT_EQ(p.diagnostics.at(0).message,
              "coerced string -> Sentiment (removed markdown marks around the name; matched ignoring case and separators)");
    EXPECT_EQ(*laminate::coerce_enum(Value("_in_progress_"), target, p.at(CoercionLevel::BestEffort)), 2u);
    EXPECT_EQ(*laminate::coerce_enum(Value("`In Progress`"), target, p.at(CoercionLevel::BestEffort)), 2u);
}

TEST(EnumMatch, MarkdownThatDoesNotWrapOneName) {
    constexpr std::array<std::string_view, 2> moods{"positive", "negative"};
    const laminate::EnumTarget target{moods, "Sentiment"};
    // Marks around part of the text, unpaired, mismatched, not hugging the text, two emphases,
    // marks around nothing or around another word: no name.
    for (const char* text : {"**neg**ative", "**negative", "negative**", "**negative*", "*negative_", "** negative **",
                             "*positive* *negative*", "****", "**", "``", "**neutral**", "***negative***",
                             "`negative", "**`negative`**", "*neg*ative*"}) {
        Probe p;
        auto r = laminate::coerce_enum(Value(text), target, p.at(CoercionLevel::BestEffort));
        ASSERT_FALSE(r) << text << " read as " << *r;
        EXPECT_EQ(r.error().kind(), ErrorKind::UnknownVariant) << text;
        EXPECT_TRUE(p.diagnostics.empty());
    }
    // A name the marks are part of matches as written, never unwrapped to another one.
    constexpr std::array<std::string_view, 2> starred{"*", "**bold**"};
    Probe p;
    EXPECT_EQ(*laminate::coerce_enum(Value("**bold**"), {starred, "Starred"}, p.at(CoercionLevel::Exact)), 1u);
    EXPECT_FALSE(laminate::coerce_enum(Value("*bold*"), {starred, "Starred"}, p.at(CoercionLevel::BestEffort)));
    // Names that begin or end with the mark's character: the marks may be a name's own.
    constexpr std::array<std::string_view, 2> ids{"_id", "id"};
    EXPECT_FALSE(laminate::coerce_enum(Value("_id_"), {ids, "Key"}, p.at(CoercionLevel::BestEffort)));
    EXPECT_EQ(*laminate::coerce_enum(Value("`id`"), {ids, "Key"}, p.at(CoercionLevel::BestEffort)), 1u);
    constexpr std::array<std::string_view, 2> dunder{"__init__", "init"};
    EXPECT_EQ(*laminate::coerce_enum(Value("__init__"), {dunder, "Hook"}, p.at(CoercionLevel::Exact)), 0u);
    EXPECT_EQ(*laminate::coerce_enum(Value("__INIT__"), {dunder, "Hook"}, p.at(CoercionLevel::BestEffort)), 0u);
    // Inside the marks, two names alike is still ambiguous.
    constexpr std::array<std::string_view, 2> twice{"on_hold", "OnHold"};
    auto r = laminate::coerce_enum(Value("**ON HOLD**"), {twice, "Status"}, p.at(CoercionLevel::BestEffort));
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().kind(), ErrorKind::AmbiguousValue);
}

TEST(EnumMatch, NumbersAndBoolsSpelledLikeNamesAtStringCoercion) {
    constexpr std::array<std::string_view, 4> levels{"1", "2", "3", "true"};
    const laminate::EnumTarget target{levels, "Level"};
    Probe p;
    EXPECT_FALSE(laminate::coerce_enum(json("2"), target, p.at(CoercionLevel::SafeWidening)));
    EXPECT_EQ(*laminate::coerce_enum(json("2"), target, p.at(CoercionLevel::StringCoercion)), 1u);
    EXPECT_EQ(*laminate::coerce_enum(json("true"), target, p.at(CoercionLevel::StringCoercion)), 3u);
    EXPECT_EQ(p.diagnostics.at(0).from, "integer");
    EXPECT_EQ(p.diagnostics.at(1).from, "bool");
    auto r = laminate::coerce_enum(json("4"), target, p.at(CoercionLevel::BestEffort));
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().kind(), ErrorKind::UnknownVariant);
    EXPECT_FALSE(laminate::coerce_enum(json("{}"), target, p.at(CoercionLevel::BestEffort)));
}

TEST(NameMatching, KeysMatchExactlyThenLoosely) {
    constexpr std::array<std::string_view, 3> fields{"first_name", "lastName", "age"};
    NameMatch m = laminate::match_name("age", fields, CoercionLevel::Exact);
    EXPECT_EQ(m.how, NameMatch::How::Exact);
    EXPECT_EQ(m.index, 2u);
    EXPECT_FALSE(laminate::match_name("FirstName", fields, CoercionLevel::StringCoercion));
    m = laminate::match_name("FirstName", fields, CoercionLevel::BestEffort);
    EXPECT_EQ(m.how, NameMatch::How::Loose);
    EXPECT_EQ(m.index, 0u);
    m = laminate::match_name("last name", fields, CoercionLevel::BestEffort);
    EXPECT_EQ(m.index, 1u);
    m = laminate::match_name("nickname", fields, CoercionLevel::BestEffort);
    EXPECT_EQ(m.how, NameMatch::How::None);
    EXPECT_EQ(m.index, NameMatch::npos);
    EXPECT_FALSE(m);
}

// Keys have the same two tiers: "User_Name" is user_name's by case alone; "user-name" matches
// both fields once separators are ignored, and is ambiguous.
TEST(NameMatching, CaseAloneDecidesBeforeSeparators) {
    constexpr std::array<std::string_view, 2> fields{"user_name", "userName"};
    NameMatch m = laminate::match_name("User_Name", fields, CoercionLevel::BestEffort);
    EXPECT_EQ(m.how, NameMatch::How::Loose);
    EXPECT_EQ(m.index, 0u);
    m = laminate::match_name("USERNAME", fields, CoercionLevel::BestEffort);
    EXPECT_EQ(m.how, NameMatch::How::Loose);
    EXPECT_EQ(m.index, 1u);
    m = laminate::match_name("user-name", fields, CoercionLevel::BestEffort);
    EXPECT_EQ(m.how, NameMatch::How::Ambiguous);
    EXPECT_FALSE(m);
}

TEST(NameMatching, LooseComparison) {
    EXPECT_TRUE(laminate::names_match_loosely("first_name", "FirstName"));
    EXPECT_TRUE(laminate::names_match_loosely("first-name", "first name"));
    EXPECT_TRUE(laminate::names_match_loosely(" user name ", "user_name"));
    // '_' and '-' at an edge are part of the name: "_id" is not "id", "x_" not "x".
    EXPECT_FALSE(laminate::names_match_loosely("_id", "id"));
    EXPECT_FALSE(laminate::names_match_loosely("user_name_", "user_name"));
    EXPECT_TRUE(laminate::names_match_loosely("_User-Name", "_user_name"));
    EXPECT_FALSE(laminate::names_match_loosely("", "_ -"));
    EXPECT_FALSE(laminate::names_match_loosely("first", "firstname"));
    EXPECT_FALSE(laminate::names_match_loosely("firstname", "first"));
    EXPECT_FALSE(laminate::names_match_loosely("f.name", "fname"));
    // Non-ASCII bytes compare as they are.
    EXPECT_TRUE(laminate::names_match_loosely("caf\xC3\xA9", "CAF\xC3\xA9"));
    EXPECT_FALSE(laminate::names_match_loosely("caf\xC3\xA9", "CAF\xC3\x89"));
}

} // namespace
