// laminate::Fields<T> options in the generated schema: keys, descriptions, defaults, ranges,
// lengths, patterns, formats, item counts.
#include "schema/schema_test_util.hpp"

#include <laminate/shape.hpp>

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace laminate::test::schema_field_options {

struct Booking {
    std::string code;
    std::uint8_t seats = 1;
    std::string cabin = "economy";
    std::vector<std::string> names;
    std::optional<double> budget;
    std::string date;
    std::map<std::string, int> extras;
    int score;
};

struct Leg { std::string to; };
struct Wrapper { Leg leg; };

} // namespace laminate::test::schema_field_options

template <>
struct laminate::Fields<laminate::test::schema_field_options::Booking> {
    static FieldList options() {
        return {
            field("code").rename("bookingCode").alias("ref").pattern("[A-Z]{3}[0-9]{2}").describe("booking reference"),
            field("seats").defaulted().range(1, 9),
            field("cabin").defaulted().length(3, 12),
            field("names").items(1, 3),
            field("budget").min(0.5),
            field("date").format("date"),
            field("extras").max_items(4),
            field("score").range(-1e12, 1e12), // wider than int: the type's own range stays
        };
    }
};

template <>
struct laminate::Fields<laminate::test::schema_field_options::Wrapper> {
    static FieldList options() { return {field("leg").describe("the only leg")}; }
};

namespace laminate::test::schema_field_options {

TEST(SchemaFieldOptions, EveryOptionBecomesAKeyword) {
    EXPECT_SCHEMA_EQ(schema_without_uri<Booking>(), R"({
        "type": "object",
        "properties": {
            "bookingCode": {"type": "string", "pattern": "[A-Z]{3}[0-9]{2}", "description": "booking reference"},
            "seats": {"type": "integer", "minimum": 1, "maximum": 9, "default": 1},
            "cabin": {"type": "string", "minLength": 3, "maxLength": 12, "default": "economy"},
            "names": {"type": "array", "items": {"type": "string"}, "minItems": 1, "maxItems": 3},
            "budget": {"type": ["number", "null"], "minimum": 0.5},
            "date": {"type": "string", "format": "date"},
            "extras": {"type": "object", "additionalProperties":
                           {"type": "integer", "minimum": -2147483648, "maximum": 2147483647},
                       "maxProperties": 4},
            "score": {"type": "integer", "minimum": -2147483648, "maximum": 2147483647}},
        "required": ["bookingCode", "names", "date", "extras", "score"],
        "additionalProperties": false})");
}

TEST(SchemaFieldOptions, RenamedKeyIsTheOneShapingReads) {
    const Value s = schema_without_uri<Booking>();
    EXPECT_FALSE(s["properties"].contains("code"));
    auto shaped = from_value<Booking>(json(R"({"bookingCode": "ABC12", "names": ["a"], "date": "2026-12-02",
                                               "extras": {}, "score": 3})"),
                                      Mode::Strict);
    ASSERT_TRUE(shaped.has_value()) << shaped.error().to_string();
    EXPECT_EQ(shaped->value.code, "ABC12");
}

TEST(SchemaFieldOptions, DescriptionBesideARef) {
    EXPECT_SCHEMA_EQ(schema_without_uri<Wrapper>()["properties"]["leg"],
                     R"({"$ref": "#/$defs/Leg", "description": "the only leg"})");
}

TEST(SchemaFieldOptions, FormatIsRecordedOnTheSpec) {
    const FieldSpec f = field("when").format("date-time");
    EXPECT_EQ(f.format_text, "date-time");
}

} // namespace laminate::test::schema_field_options
