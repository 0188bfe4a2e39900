// laminate::Fields<T>: keys, aliases, defaults, constraints, per-field levels and modes.
#include "shape_test_types.hpp"

#include <gtest/gtest.h>

namespace laminate::test {

struct Booking {
    std::string code;
    std::uint8_t seats = 1;
    std::string cabin = "economy";
    std::vector<std::string> names;
    std::optional<double> budget;
    int strict_count;
    std::string first_name;
};

struct Sections {
    Point strict_part;
    Point loose_part;
};

struct BadOptions { int a; };
struct BadPattern { std::string s; };

} // namespace laminate::test

template <>
struct laminate::Fields<laminate::test::Booking> {
    static FieldList options() {
        return {
            field("code").rename("bookingCode").alias("ref").pattern("[A-Z]{3}[0-9]{2}").describe("booking reference"),
            field("seats").defaulted().range(1, 9),
            field("cabin").defaulted().length(3, 12),
            field("names").items(1, 3),
            field("budget").min(0),
            field("strict_count").level(CoercionLevel::Exact),
        };
    }
};

template <>
struct laminate::Fields<laminate::test::Sections> {
    static FieldList options() { return {field("strict_part").mode(Mode::Strict), field("loose_part").mode(Mode::Lenient)}; }
};

template <>
struct laminate::Fields<laminate::test::BadOptions> {
    static FieldList options() { return {field("b")}; }
};

template <>
struct laminate::Fields<laminate::test::BadPattern> {
    static FieldList options() { return {field("s").pattern("([a-z")}; }
};

namespace laminate::test {
namespace {

TEST(FieldOptions, RenamesAliasesAndDefaults) {
    auto shaped = from_value<Booking>(js(R"({"bookingCode": "ABC12", "names": ["a"], "strict_count": 3, "first_name": "x"})"));
    ASSERT_TRUE(shaped) << shaped.error();
    const Booking& b = shaped->value;
    EXPECT_EQ(b.code, "ABC12");
    EXPECT_EQ(b.seats, 1);           // the initializer's value
    EXPECT_EQ(b.cabin, "economy");
    EXPECT_EQ(count_kind(shaped->diagnostics, DiagnosticKind::Defaulted), 3u); // seats, cabin, budget
    EXPECT_EQ(at_path(shaped->diagnostics, "seats")->risk, Risk::Info);
    EXPECT_EQ(at_path(shaped->diagnostics, "seats")->message, "kept default");

    auto alias = from_value<Booking>(js(R"({"ref": "XYZ99", "names": ["a"], "strict_count": 3, "first_name": "x"})"), Mode::Strict);
    ASSERT_TRUE(alias) << alias.error();
    EXPECT_EQ(alias->value.code, "XYZ99");
    EXPECT_TRUE(alias->diagnostics.empty()); // Strict fills defaults without recording them

    // The C++ name is not the key any more.
    auto renamed = from_value<Booking>(js(R"({"code": "ABC12", "names": ["a"], "strict_count": 3, "first_name": "x"})"));
    ASSERT_FALSE(renamed);
    EXPECT_EQ(renamed.error().kind(), ErrorKind::MissingField);
    EXPECT_EQ(renamed.error().path(), "bookingCode");
    EXPECT_EQ(to_value(alias->value)["bookingCode"], Value("XYZ99"));
}

TEST(FieldOptions, NullKeepsTheDefaultWhenLenient) {
    auto shaped = from_value<Booking>(js(R"({"ref": "ABC12", "seats": null, "cabin": "N/A", "names": ["a"], "strict_count": 1, "first_name": ""})"));
    ASSERT_TRUE(shaped) << shaped.error();
    EXPECT_EQ(shaped->value.seats, 1);
    EXPECT_EQ(shaped->value.cabin, "N/A"); // a string field holds a sentinel faithfully
    EXPECT_EQ(at_path(shaped->diagnostics, "seats")->risk, Risk::Warning);
}

TEST(FieldOptions, ConstraintsAreCheckedAfterCoercion) {
    std::vector<Error> errors;
    auto shaped = from_value<Booking>(
        js(R"({"ref": "abc", "seats": "12", "cabin": "ab", "names": [], "budget": -1, "strict_count": 1, "first_name": ""})"),
        {.field_errors = &errors});
    ASSERT_FALSE(shaped);
    EXPECT_EQ(shaped.error().kind(), ErrorKind::ShapeError);
    ASSERT_EQ(errors.size(), 5u);
    for (const auto& e : errors) EXPECT_EQ(e.kind(), ErrorKind::ConstraintViolation) << e;
    EXPECT_EQ(errors[0].path(), "bookingCode");
    EXPECT_EQ(errors[0].message(), "expected a string matching /[A-Z]{3}[0-9]{2}/");
    EXPECT_EQ(errors[1].message(), "expected a value 1..9, got 12");
    EXPECT_EQ(errors[2].message(), "expected a length of 3..12 code points, got 2");
    EXPECT_EQ(errors[3].message(), "expected 1..3 items, got 0");
    EXPECT_EQ(errors[4].message(), "expected a value at least 0, got -1");
}

TEST(FieldOptions, PatternInputIsBounded) {
    std::string long_code(max_pattern_input + 1, 'A');
    Value v = js(R"({"names": ["a"], "strict_count": 1, "first_name": ""})");
    v.set("ref", Value(long_code));
    auto shaped = from_value<Booking>(v);
    ASSERT_FALSE(shaped);
    EXPECT_EQ(shaped.error().kind(), ErrorKind::ConstraintViolation);
}

TEST(FieldOptions, PerFieldLevel) {
    auto shaped = from_value<Booking>(js(R"({"ref": "ABC12", "names": ["a"], "strict_count": "3", "first_name": ""})"));
    ASSERT_FALSE(shaped);
    EXPECT_EQ(shaped.error().path(), "strict_count");
    EXPECT_EQ(shaped.error().kind(), ErrorKind::TypeMismatch);
}

TEST(FieldOptions, LooseKeysAtBestEffortOnly) {
    Value v = js(R"({"BookingCode": "ABC12", "names": ["a"], "strict_count": 3, "First Name": "Ann"})");
    auto shaped = from_value<Booking>(v);
    ASSERT_TRUE(shaped) << shaped.error();
    EXPECT_EQ(shaped->value.first_name, "Ann");
    const Diagnostic* d = at_path(shaped->diagnostics, "first_name");
    ASSERT_NE(d, nullptr);
    EXPECT_EQ(d->risk, Risk::Warning);
    EXPECT_EQ(d->to_string(), "[warning] $.first_name: key matched field 'first_name' ignoring case and separators");
    auto absorbing = from_value<Booking>(v, Mode::Absorbing);
    ASSERT_FALSE(absorbing);
    EXPECT_EQ(absorbing.error().kind(), ErrorKind::ShapeError); // two missing fields
}

TEST(FieldOptions, ExactKeyBeatsALooseOne) {
    auto shaped = from_value<Booking>(js(R"({"ref": "ABC12", "names": ["a"], "strict_count": 3, "FirstName": "loose", "first_name": "exact"})"));
    ASSERT_TRUE(shaped) << shaped.error();
    EXPECT_EQ(shaped->value.first_name, "exact");
    EXPECT_EQ(count_kind(shaped->diagnostics, DiagnosticKind::Dropped), 1u);
    // The dropped value differs from the one kept: the model gave the field two values, a Warning
    // that names the field (an unknown key alone would be Info).
    const Diagnostic* d = at_path(shaped->diagnostics, "FirstName");
    ASSERT_NE(d, nullptr);
    EXPECT_EQ(d->kind, DiagnosticKind::Dropped);
    EXPECT_EQ(d->risk, Risk::Warning);
    EXPECT_NE(d->message.find("'first_name'"), std::string::npos) << d->message;
    // The same value twice loses nothing: Info.
    auto same = from_value<Booking>(js(R"({"ref": "ABC12", "names": ["a"], "strict_count": 3, "first_name": "Ann", "FirstName": "Ann"})"));
    ASSERT_TRUE(same) << same.error();
    const Diagnostic* s = at_path(same->diagnostics, "FirstName");
    ASSERT_NE(s, nullptr);
    EXPECT_EQ(s->risk, Risk::Info);
}

// Typed too: an unknown member dropped while a field is absent is a Warning.
TEST(FieldOptions, UnknownDroppedWhileAFieldIsAbsentIsAWarning) {
    struct Item {
        std::string sku;
        std::optional<int> quantity;
    };
    auto typo = from_value<Item>(js(R"({"sku": "A", "quantiy": 3})"));
    ASSERT_TRUE(typo) << typo.error();
    const Diagnostic* d = at_path(typo->diagnostics, "quantiy");
    ASSERT_NE(d, nullptr);
    EXPECT_EQ(d->risk, Risk::Warning);
    auto complete = from_value<Item>(js(R"({"sku": "A", "quantity": 3, "extra": 1})"));
    ASSERT_TRUE(complete) << complete.error();
    const Diagnostic* e = at_path(complete->diagnostics, "extra");
    ASSERT_NE(e, nullptr);
    EXPECT_EQ(e->risk, Risk::Info);
}

TEST(FieldOptions, PerFieldMode) {
    // `strict_part` is Strict inside a lenient call: its unknown member is an error there,
    // while the one at the top is dropped.
    auto shaped = from_value<Sections>(js(R"({"strict_part": {"x": 1, "y": 2, "z": 3}, "loose_part": {"x": "1", "y": 2, "z": 3}})"));
    ASSERT_FALSE(shaped);
    EXPECT_EQ(shaped.error().kind(), ErrorKind::UnknownField);
    EXPECT_EQ(shaped.error().path(), "strict_part.z");
    auto ok = from_value<Sections>(js(R"({"strict_part": {"x": 1, "y": 2}, "loose_part": {"x": "1", "y": 2, "z": 3}})"));
    ASSERT_TRUE(ok) << ok.error();
    EXPECT_EQ(ok->value.loose_part.x, 1);
    // And the reverse: a lenient field inside a strict call.
    auto reverse = from_value<Sections>(js(R"({"strict_part": {"x": 1, "y": 2}, "loose_part": {"x": "1", "y": 2}})"), Mode::Strict);
    ASSERT_TRUE(reverse) << reverse.error();
}

TEST(FieldOptions, InvalidOptionsAreReportedWhenShaping) {
    auto bad = from_value<BadOptions>(js(R"({"a": 1})"));
    ASSERT_FALSE(bad);
    EXPECT_EQ(bad.error().kind(), ErrorKind::InvalidArgument);
    EXPECT_NE(bad.error().message().find("'b' is not a field"), std::string::npos);
    auto pattern = from_value<BadPattern>(js(R"({"s": "x"})"));
    ASSERT_FALSE(pattern);
    EXPECT_EQ(pattern.error().kind(), ErrorKind::InvalidArgument);
}

} // namespace
} // namespace laminate::test
