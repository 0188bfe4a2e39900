// Errors of typed shaping: every failing field (lenient, absorbing) or the first (strict).
#include "shape_test_types.hpp"

#include <gtest/gtest.h>

namespace laminate::test {
namespace {

const char* kBadOrder =
    R"({"items": [{"sku": "a", "quantity": 1}, {"sku": "b"}, {"sku": "c", "quantity": 300}], "note": 5})";

TEST(ShapeErrors, LenientCollectsEveryFailingField) {
    std::vector<Error> errors;
    auto shaped = from_value<Order>(js(kBadOrder), {.field_errors = &errors});
    ASSERT_FALSE(shaped);
    EXPECT_EQ(shaped.error().kind(), ErrorKind::ShapeError);
    EXPECT_EQ(shaped.error().message(),
              "3 fields failed: $.id: missing required field 'id'; $.items[1].quantity: missing required field "
              "'quantity'; $.items[2].quantity: expected an integer 0..255 (uint8), got 300");
    ASSERT_EQ(errors.size(), 3u);
    EXPECT_EQ(errors[0].kind(), ErrorKind::MissingField);
    EXPECT_EQ(errors[1].path(), "items[1].quantity");
    EXPECT_EQ(errors[2].kind(), ErrorKind::OutOfRange);
}

TEST(ShapeErrors, AbsorbingCollectsToo) {
    std::vector<Error> errors;
    auto shaped = shape_absorbing<Order>(js(kBadOrder), {.field_errors = &errors});
    ASSERT_FALSE(shaped);
    EXPECT_EQ(errors.size(), 4u); // and "note": 5 is no string at SafeWidening
}

TEST(ShapeErrors, StrictStopsAtTheFirst) {
    std::vector<Error> errors;
    auto shaped = shape_strict<Order>(js(kBadOrder), {.field_errors = &errors});
    ASSERT_FALSE(shaped);
    EXPECT_EQ(shaped.error().kind(), ErrorKind::MissingField);
    EXPECT_EQ(shaped.error().path(), "id");
    EXPECT_EQ(errors.size(), 1u);
}

TEST(ShapeErrors, OneFailureComesBackAsItself) {
    auto shaped = from_value<Point>(js(R"({"x": 1})"));
    ASSERT_FALSE(shaped);
    EXPECT_EQ(shaped.error().kind(), ErrorKind::MissingField);
    EXPECT_EQ(shaped.error().to_string(), "missing_field at $.y: missing required field 'y'");
}

TEST(ShapeErrors, MissingRequiredIsAnErrorInEveryMode) {
    for (Mode mode : {Mode::Lenient, Mode::Absorbing, Mode::Strict}) {
        auto shaped = from_value<Point>(js(R"({"y": 1})"), mode);
        ASSERT_FALSE(shaped);
        EXPECT_EQ(shaped.error().kind(), ErrorKind::MissingField);
    }
}

TEST(ShapeErrors, WrongRootType) {
    auto shaped = from_value<Point>(js("[1, 2, 3]"));
    ASSERT_FALSE(shaped);
    EXPECT_EQ(shaped.error().kind(), ErrorKind::TypeMismatch);
    EXPECT_EQ(shaped.error().path(), "");
}

TEST(ShapeErrors, MessagesNeverQuoteStrings) {
    struct S { int n; Color c; };
    std::vector<Error> errors;
    auto shaped = from_value<S>(js(R"({"n": "password123", "c": "topsecret"})"), {.field_errors = &errors});
    ASSERT_FALSE(shaped);
    EXPECT_EQ(shaped.error().message().find("password123"), std::string::npos);
    EXPECT_EQ(shaped.error().message().find("topsecret"), std::string::npos);
}

TEST(ShapeErrors, DeepNestingDoesNotCrash) {
    // A recursive type through std::vector, fed a deep document: bounded by the parser's depth.
    std::string deep(400, '[');
    deep += std::string(400, ']');
    auto shaped = from_json<std::vector<std::vector<int>>>(deep);
    EXPECT_FALSE(shaped);
}

} // namespace
} // namespace laminate::test
