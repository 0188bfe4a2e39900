// User types through laminate::Shaper<T>, described types, and laminate::Value members.
#include "shape_test_types.hpp"

#include <gtest/gtest.h>

namespace laminate::test {

// A type with private state and its own JSON form: "12.34 EUR".
class Money {
public:
    Money() = default;
    Money(std::int64_t cents, std::string currency) : cents_(cents), currency_(std::move(currency)) {}
    std::int64_t cents() const { return cents_; }
    const std::string& currency() const { return currency_; }

private:
    std::int64_t cents_ = 0;
    std::string currency_;
};

// Described, not an aggregate.
class Account {
public:
    Account() = default;
    const std::string& owner() const { return owner_; }
    int id() const { return id_; }

private:
    friend struct laminate::Describe<Account>;
    int id_ = 0;
    std::string owner_;
};

} // namespace laminate::test

template <>
struct laminate::Shaper<laminate::test::Money> {
    static Result<test::Money> from_value(const Value& v, const CoerceContext& ctx) {
        if (v.is_object()) { // {"cents": 1234, "currency": "EUR"}
            auto cents = coerce_to<std::int64_t>(v["cents"], ctx);
            if (!cents) return std::move(cents).error();
            return test::Money(*cents, std::string(v["currency"].is_string() ? v["currency"].as_string() : ""));
        }
        auto s = coerce_string(v, ctx);
        if (!s) return std::move(s).error();
        std::size_t space = s->find(' ');
        if (space == std::string::npos) return Error(ErrorKind::TypeMismatch, "expected an amount and a currency");
        auto amount = coerce_to<double>(Value(s->substr(0, space)), CoerceContext{ctx.diagnostics, CoercionLevel::StringCoercion, ctx.path});
        if (!amount) return std::move(amount).error();
        return test::Money(static_cast<std::int64_t>(*amount * 100 + 0.5), s->substr(space + 1));
    }
    static Value to_value(const test::Money& m) {
        return Value::object({{"cents", Value(m.cents())}, {"currency", Value(m.currency())}});
    }
};

LAMINATE_REFLECT(laminate::test::Account, id_, owner_);

namespace laminate::test {
namespace {

struct Invoice {
    Money total;
    Account account;
    Value metadata;
};

TEST(Customization, ShaperReadsAndWritesItsOwnForm) {
    auto shaped = from_value<Invoice>(js(R"({"total": "12.34 EUR", "account": {"id_": 7, "owner_": "ann"}, "metadata": {"k": [1]}})"));
    ASSERT_TRUE(shaped) << shaped.error();
    EXPECT_EQ(shaped->value.total.cents(), 1234);
    EXPECT_EQ(shaped->value.total.currency(), "EUR");
    EXPECT_EQ(shaped->value.account.id(), 7);
    EXPECT_EQ(shaped->value.account.owner(), "ann");
    EXPECT_EQ(shaped->value.metadata, js(R"({"k": [1]})"));
    Value back = to_value(shaped->value);
    EXPECT_EQ(back["total"], js(R"({"cents": 1234, "currency": "EUR"})"));
    auto again = from_value<Invoice>(back, Mode::Strict);
    ASSERT_TRUE(again) << again.error();
    EXPECT_EQ(again->value.total.cents(), 1234);
}

TEST(Customization, ShaperErrorsGetTheFieldPath) {
    auto shaped = from_value<Invoice>(js(R"({"total": "lots", "account": {"id_": 1, "owner_": ""}, "metadata": null})"));
    ASSERT_FALSE(shaped);
    EXPECT_EQ(shaped.error().path(), "total");
    EXPECT_EQ(shaped.error().kind(), ErrorKind::TypeMismatch);
}

TEST(Customization, ValueMembersTakeAnything) {
    struct Any { Value v; };
    for (const char* text : {R"({"v": null})", R"({"v": [1, "a"]})", R"({"v": {"x": {}}})", R"({"v": 1.5})"}) {
        auto shaped = from_value<Any>(js(text), Mode::Strict);
        ASSERT_TRUE(shaped) << text;
        EXPECT_EQ(shaped->value.v, js(text)["v"]);
    }
}

} // namespace
} // namespace laminate::test
