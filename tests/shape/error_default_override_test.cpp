// FieldSpec::default_on_error() (ErrorDefaulted) and FieldSpec::override_with() (Overridden).
#include "shape_test_types.hpp"

#include <gtest/gtest.h>

namespace laminate::test {

struct Reading {
    std::string sensor;
    std::uint8_t level = 5;                // an invalid level falls back to 5
    std::optional<std::uint16_t> interval; // an invalid interval is left empty
    std::vector<int> samples;              // an invalid list is left as the initializer had it
    double temperature = 0.7;              // always set by configuration
    std::string model = "base";            // set by configuration, even when absent
};

struct BadOverride {
    int count;
};

} // namespace laminate::test

template <>
struct laminate::Fields<laminate::test::Reading> {
    static FieldList options() {
        return {
            field("level").default_on_error().range(1, 10),
            field("interval").default_on_error(),
            field("samples").default_on_error(),
            field("temperature").override_with(Value(0.2)),
            field("model").override_with(Value("pinned")),
        };
    }
};

template <>
struct laminate::Fields<laminate::test::BadOverride> {
    static FieldList options() { return {field("count").override_with(Value("many"))}; }
};

namespace laminate::test {
namespace {

TEST(ErrorDefault, AnInvalidValueBecomesTheDefaultWithARiskyDiagnostic) {
    auto shaped = from_value<Reading>(js(R"({"sensor": "s1", "level": 300, "interval": "often", "samples": [1, "x"]})"));
    ASSERT_TRUE(shaped) << shaped.error();
    const Reading& r = shaped->value;
    EXPECT_EQ(r.level, 5);
    EXPECT_FALSE(r.interval.has_value());
    EXPECT_TRUE(r.samples.empty());
    EXPECT_EQ(count_kind(shaped->diagnostics, DiagnosticKind::ErrorDefaulted), 3u);
    const Diagnostic* level = at_path(shaped->diagnostics, "level");
    ASSERT_NE(level, nullptr);
    EXPECT_EQ(level->kind, DiagnosticKind::ErrorDefaulted);
    EXPECT_EQ(level->risk, Risk::Risky);
    EXPECT_NE(level->message.find("out_of_range"), std::string::npos) << level->message;
    EXPECT_FALSE(level->suggestion.empty());
    // The element's own diagnostics from the discarded attempt are gone with it.
    for (const auto& d : shaped->diagnostics) EXPECT_NE(d.path, "samples[1]") << d;
}

TEST(ErrorDefault, AConstraintViolationAlsoFallsBack) {
    auto shaped = from_value<Reading>(js(R"({"sensor": "s1", "level": 11})"));
    ASSERT_TRUE(shaped) << shaped.error();
    EXPECT_EQ(shaped->value.level, 5);
    const Diagnostic* level = at_path(shaped->diagnostics, "level");
    ASSERT_NE(level, nullptr);
    EXPECT_EQ(level->kind, DiagnosticKind::ErrorDefaulted);
    EXPECT_NE(level->message.find("constraint_violation"), std::string::npos) << level->message;
}

TEST(ErrorDefault, AValidValueIsKeptAndAMissingOneDefaulted) {
    auto shaped = from_value<Reading>(js(R"({"sensor": "s1", "level": "7", "samples": [1, 2]})"));
    ASSERT_TRUE(shaped) << shaped.error();
    EXPECT_EQ(shaped->value.level, 7);
    EXPECT_EQ(shaped->value.samples, (std::vector<int>{1, 2}));
    EXPECT_EQ(count_kind(shaped->diagnostics, DiagnosticKind::ErrorDefaulted), 0u);
    EXPECT_EQ(at_path(shaped->diagnostics, "level")->kind, DiagnosticKind::Coerced);
    EXPECT_EQ(at_path(shaped->diagnostics, "interval")->kind, DiagnosticKind::Defaulted);
}

TEST(ErrorDefault, TheFieldOptionHoldsInStrictModeAndFailAtCatchesIt) {
    // Strict stops at the first error; the field's own fallback undoes that stop.
    auto strict = from_value<Reading>(js(R"({"sensor": "s1", "level": "x"})"), Mode::Strict);
    ASSERT_TRUE(strict) << strict.error();
    EXPECT_EQ(strict->value.level, 5);
    EXPECT_EQ(count_kind(strict->diagnostics, DiagnosticKind::ErrorDefaulted), 1u);

    auto guarded = from_value<Reading>(js(R"({"sensor": "s1", "level": "x"})"), {.fail_at = Risk::Risky});
    ASSERT_FALSE(guarded);
    EXPECT_EQ(guarded.error().kind(), ErrorKind::RiskExceeded);
}

TEST(ErrorDefault, OtherFieldsStillFail) {
    std::vector<Error> errors;
    auto shaped = from_value<Reading>(js(R"({"sensor": 1.5, "level": "x"})"), {.mode = Mode::Strict, .field_errors = &errors});
    ASSERT_FALSE(shaped);
    EXPECT_EQ(shaped.error().path(), "sensor");
}

TEST(Override, ConfigurationReplacesTheModelsValue) {
    auto shaped = from_value<Reading>(js(R"({"sensor": "s1", "temperature": 1.9})"));
    ASSERT_TRUE(shaped) << shaped.error();
    EXPECT_DOUBLE_EQ(shaped->value.temperature, 0.2);
    EXPECT_EQ(shaped->value.model, "pinned");
    const Diagnostic* t = at_path(shaped->diagnostics, "temperature");
    ASSERT_NE(t, nullptr);
    EXPECT_EQ(t->kind, DiagnosticKind::Overridden);
    EXPECT_EQ(t->risk, Risk::Warning);
    const Diagnostic* m = at_path(shaped->diagnostics, "model");
    ASSERT_NE(m, nullptr);
    EXPECT_EQ(m->kind, DiagnosticKind::Overridden);
    EXPECT_EQ(m->risk, Risk::Info);
    EXPECT_EQ(m->to_string(), "[info] $.model: value set by the configured override");
}

TEST(Override, AppliesEvenWhenTheModelsValueIsInvalid) {
    auto shaped = from_value<Reading>(js(R"({"sensor": "s1", "temperature": "hot"})"), Mode::Strict);
    ASSERT_TRUE(shaped) << shaped.error();
    EXPECT_DOUBLE_EQ(shaped->value.temperature, 0.2);
}

TEST(Override, AnOverrideThatDoesNotFitIsAConfigurationError) {
    auto shaped = from_value<BadOverride>(js(R"({"count": 3})"));
    ASSERT_FALSE(shaped);
    EXPECT_EQ(shaped.error().kind(), ErrorKind::InvalidArgument);
    EXPECT_EQ(shaped.error().path(), "count");
}

// from_json takes a fast path for valid JSON: the same results as from_value.
TEST(Override, FromJsonGivesWhatFromValueGives) {
    for (std::string_view text : {R"({"sensor": "s1"})", R"({"sensor": "s1", "temperature": 1.9, "samples": [1, "x"]})",
                                  R"({"sensor": "s1", "level": 300, "model": "other"})"}) {
        auto fast = from_json<Reading>(text);
        auto slow = from_value<Reading>(js(text));
        ASSERT_TRUE(fast) << fast.error();
        ASSERT_TRUE(slow) << slow.error();
        EXPECT_EQ(fast->value.model, "pinned") << text;
        EXPECT_DOUBLE_EQ(fast->value.temperature, 0.2) << text;
        EXPECT_EQ(fast->value.level, slow->value.level) << text;
        EXPECT_EQ(fast->value.samples, slow->value.samples) << text;
        ASSERT_EQ(fast->diagnostics.size(), slow->diagnostics.size()) << text;
        for (std::size_t i = 0; i < fast->diagnostics.size(); ++i)
            EXPECT_EQ(fast->diagnostics[i].to_string(), slow->diagnostics[i].to_string()) << text;
    }
}

} // namespace
} // namespace laminate::test
