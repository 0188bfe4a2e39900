// Integers beyond 64 bits: exact in a schema `integer` (the Value keeps the lexeme), never
// rounded; a sized target (a C++ int64, Java's long, bounds within int64) stays out_of_range.
#include "schema/schema_test_util.hpp"

#include <laminate/shape.hpp>

using namespace laminate;
using namespace schema_test;

namespace {

constexpr const char* kBig = "123456789012345678901234567890";

TEST(SchemaBigInteger, KeptExactlyInAnIntegerField) {
    Schema s = compiled(R"({"type":"object","properties":{"id":{"type":"integer"}},"required":["id"]})");
    const std::string text = std::string(R"({"id": )") + kBig + "}";
    auto check = [&](const Result<Shaped<Value>>& shaped) {
        ASSERT_TRUE(shaped) << shaped.error();
        EXPECT_EQ(shaped->value["id"].number_text(), kBig);
        EXPECT_TRUE(shaped->diagnostics.empty());
        EXPECT_EQ(shaped->value.dump(), std::string(R"({"id":)") + kBig + "}");
    };
    check(s.from_json(text));
    check(s.from_llm_response(text));
    check(s.from_value(json(text)));
    auto negative = compiled(R"({"type":"integer"})").from_json(std::string("-") + kBig);
    ASSERT_TRUE(negative) << negative.error();
    EXPECT_EQ(negative->value.number_text(), std::string("-") + kBig);
    EXPECT_TRUE(s.is_valid(json(text)));
}

// Between int64's maximum and uint64's (the Value holds them as unsigned, not as a lexeme): as
// exact, not out_of_range.
TEST(SchemaBigInteger, AboveInt64UpToUint64IsKeptToo) {
    Schema s = compiled(R"({"type":"object","properties":{"n":{"type":"integer"}}})");
    for (const char* n : {"9223372036854775808", "12345678901234567890", "18446744073709551615"}) {
        SCOPED_TRACE(n);
        auto shaped = s.from_json(std::string(R"({"n": )") + n + "}");
        ASSERT_TRUE(shaped) << shaped.error();
        EXPECT_EQ(shaped->value.dump(), std::string(R"({"n":)") + n + "}");
        EXPECT_TRUE(shaped->diagnostics.empty());
    }
    auto bounded = compiled(R"({"type":"integer","maximum":100})").from_json("12345678901234567890");
    ASSERT_FALSE(bounded);
    auto typed = from_json<std::int64_t>("12345678901234567890");
    ASSERT_FALSE(typed);
    EXPECT_EQ(typed.error().kind(), ErrorKind::OutOfRange);
}

TEST(SchemaBigInteger, SizedTargetsStayOutOfRange) {
    for (const char* schema : {R"({"type":"long"})", R"({"type":"integer","maximum":1000})"}) {
        auto r = compiled(schema).from_json(kBig);
        ASSERT_FALSE(r) << schema;
        EXPECT_TRUE(r.error().kind() == ErrorKind::OutOfRange || r.error().kind() == ErrorKind::ConstraintViolation)
            << r.error();
    }
    auto typed = from_json<std::int64_t>(kBig);
    ASSERT_FALSE(typed);
    EXPECT_EQ(typed.error().kind(), ErrorKind::OutOfRange);
}

TEST(SchemaBigInteger, AFractionIsStillNoInteger) {
    auto r = compiled(R"({"type":"integer"})").from_json("12345678901234567890123.5");
    ASSERT_FALSE(r);
}

} // namespace
