// output_schema<T>() for structs: properties in declaration order, required, defaults, Overflow.
#include "schema/schema_test_util.hpp"

#include <cstdint>
#include <optional>
#include <string>

namespace laminate::test::schema_structs {

struct SearchFlights {
    std::string origin;
    std::string destination;
    std::uint8_t passengers;
    bool nonstop;
    std::optional<std::uint32_t> max_price;
    Overflow extra;
};

struct Order {
    std::string sku;
    std::uint8_t quantity = 1;
    std::string note = "none";
    double weight = 2.5;
};

struct Closed {
    int a;
};

struct Empty {};

struct Leg { std::string from; std::string to; };
struct Trip { Leg out; std::optional<Leg> back; };

struct Described {
    std::string text;
};

} // namespace laminate::test::schema_structs

template <>
struct laminate::Fields<laminate::test::schema_structs::Order> {
    static FieldList options() { return {field("quantity").defaulted(), field("note").defaulted(), field("weight").defaulted()}; }
};

template <>
struct laminate::Fields<laminate::test::schema_structs::Described> {
    static constexpr std::string_view description = "A note for the packer.";
    static FieldList options() { return {}; }
};

namespace laminate::test::schema_structs {

TEST(SchemaStructs, OptionalIsNotRequiredAndOverflowOpensTheObject) {
    EXPECT_SCHEMA_EQ(schema_without_uri<SearchFlights>(), R"({
        "type": "object",
        "properties": {
            "origin": {"type": "string"},
            "destination": {"type": "string"},
            "passengers": {"type": "integer", "minimum": 0, "maximum": 255},
            "nonstop": {"type": "boolean"},
            "max_price": {"type": ["integer", "null"], "minimum": 0, "maximum": 4294967295}},
        "required": ["origin", "destination", "passengers", "nonstop"],
        "additionalProperties": true})");
}

TEST(SchemaStructs, PropertiesKeepDeclarationOrder) {
    const Value s = schema_without_uri<SearchFlights>();
    const auto props = s["properties"].members();
    ASSERT_EQ(props.size(), 5u);
    EXPECT_EQ(props[0].key(), "origin");
    EXPECT_EQ(props[4].key(), "max_price");
}

TEST(SchemaStructs, DefaultedFieldsCarryTheirInitializer) {
    EXPECT_SCHEMA_EQ(schema_without_uri<Order>(), R"({
        "type": "object",
        "properties": {
            "sku": {"type": "string"},
            "quantity": {"type": "integer", "minimum": 0, "maximum": 255, "default": 1},
            "note": {"type": "string", "default": "none"},
            "weight": {"type": "number", "default": 2.5}},
        "required": ["sku"],
        "additionalProperties": false})");
}

TEST(SchemaStructs, WithoutOverflowTheObjectIsClosed) {
    EXPECT_SCHEMA_EQ(schema_without_uri<Closed>(), R"({
        "type": "object", "properties": {"a": {"type": "integer", "minimum": -2147483648, "maximum": 2147483647}},
        "required": ["a"], "additionalProperties": false})");
}

TEST(SchemaStructs, ClosedStructsCanBeSwitchedOff) {
    const Value s = schema_without_uri<Closed>(OutputSchemaOptions{.closed_structs = false});
    EXPECT_FALSE(s.contains("additionalProperties"));
    EXPECT_EQ(schema_without_uri<SearchFlights>(OutputSchemaOptions{.closed_structs = false})["additionalProperties"],
              Value(true));
}

TEST(SchemaStructs, EmptyStructHasNoRequired) {
    EXPECT_SCHEMA_EQ(schema_without_uri<Empty>(),
                     R"({"type": "object", "properties": {}, "additionalProperties": false})");
}

TEST(SchemaStructs, TypeLevelDescription) {
    EXPECT_SCHEMA_EQ(schema_without_uri<Described>(), R"({
        "type": "object", "description": "A note for the packer.",
        "properties": {"text": {"type": "string"}}, "required": ["text"], "additionalProperties": false})");
}

TEST(SchemaStructs, NestedStructGoesToDefs) {
    EXPECT_SCHEMA_EQ(output_schema<Trip>(), R"({
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "type": "object",
        "properties": {"out": {"$ref": "#/$defs/Leg"}, "back": {"anyOf": [{"$ref": "#/$defs/Leg"}, {"type": "null"}]}},
        "required": ["out"],
        "additionalProperties": false,
        "$defs": {"Leg": {"type": "object",
                          "properties": {"from": {"type": "string"}, "to": {"type": "string"}},
                          "required": ["from", "to"], "additionalProperties": false}}})");
}

} // namespace laminate::test::schema_structs

namespace laminate::test::schema_structs {

struct WithNote {
    std::string number;
    std::optional<std::string> note;
};

// A model told a field is optional often answers null for it: the schema says so, and the answer
// validates (as shaping reads it: nullopt).
TEST(SchemaStructs, OptionalFieldAcceptsNullAndAbsence) {
    const Value schema = output_schema<WithNote>();
    EXPECT_EQ(schema["properties"]["note"], Value::object({{"type", Value::array({Value("string"), Value("null")})}}));
    auto compiled = Schema::compile(schema);
    ASSERT_TRUE(compiled);
    EXPECT_TRUE(compiled->is_valid(*parse_json(R"({"number": "A", "note": null})")));
    EXPECT_TRUE(compiled->is_valid(*parse_json(R"({"number": "A"})")));
    EXPECT_TRUE(compiled->is_valid(*parse_json(R"({"number": "A", "note": "x"})")));
    EXPECT_FALSE(compiled->is_valid(*parse_json(R"({"number": "A", "note": 5})")));
}

} // namespace laminate::test::schema_structs
