// Types with a laminate::Shaper<T> (their own JSON form, optionally their own schema) and types
// described with LAMINATE_REFLECT.
#include "schema/schema_test_util.hpp"

#include <laminate/shape.hpp>

#include <string>

namespace laminate::test::schema_customization {

// "12.34 EUR" in JSON; its Shaper says so in a schema.
struct Money {
    std::int64_t cents = 0;
    std::string currency;
};

// Its own JSON form, no schema() declared: unconstrained.
struct Opaque {
    int hidden = 0;
};

struct Invoice {
    Money total;
    std::optional<Money> discount;
    Opaque blob;
};

// Not an aggregate: described.
class Account {
public:
    Account() = default;

private:
    friend struct laminate::Describe<Account>;
    int id_ = 0;
    std::string owner_;
};

} // namespace laminate::test::schema_customization

template <>
struct laminate::Shaper<laminate::test::schema_customization::Money> {
    static Result<test::schema_customization::Money> from_value(const Value& v, const CoerceContext& ctx) {
        auto s = coerce_string(v, ctx);
        if (!s) return std::move(s).error();
        return test::schema_customization::Money{0, *s};
    }
    static Value to_value(const test::schema_customization::Money& m) { return Value(m.currency); }
    static Value schema() {
        return Value::object({{"type", "string"}, {"pattern", "^[0-9]+\\.[0-9]{2} [A-Z]{3}$"}});
    }
};

template <>
struct laminate::Shaper<laminate::test::schema_customization::Opaque> {
    static Result<test::schema_customization::Opaque> from_value(const Value&, const CoerceContext&) { return test::schema_customization::Opaque{}; }
    static Value to_value(const test::schema_customization::Opaque&) { return Value(); }
};

LAMINATE_REFLECT(laminate::test::schema_customization::Account, id_, owner_);

namespace laminate::test::schema_customization {

TEST(SchemaCustomization, ShaperSchemaIsUsedWhereverTheTypeAppears) {
    EXPECT_SCHEMA_EQ(schema_without_uri<Invoice>(), R"({
        "type": "object",
        "properties": {
            "total": {"type": "string", "pattern": "^[0-9]+\\.[0-9]{2} [A-Z]{3}$"},
            "discount": {"type": ["string", "null"], "pattern": "^[0-9]+\\.[0-9]{2} [A-Z]{3}$"},
            "blob": {}},
        "required": ["total", "blob"],
        "additionalProperties": false})");
}

TEST(SchemaCustomization, ShaperWithoutSchemaIsUnconstrained) {
    EXPECT_SCHEMA_EQ(schema_without_uri<Opaque>(), R"({})");
}

TEST(SchemaCustomization, DescribedTypeUsesItsDescribedNames) {
    EXPECT_SCHEMA_EQ(schema_without_uri<Account>(), R"({
        "type": "object",
        "properties": {"id_": {"type": "integer", "minimum": -2147483648, "maximum": 2147483647},
                       "owner_": {"type": "string"}},
        "required": ["id_", "owner_"], "additionalProperties": false})");
}

} // namespace laminate::test::schema_customization
