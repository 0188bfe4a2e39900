// output_schema<T>() for enums (names via reflection) and laminate::Open<E> (any string).
#include "schema/schema_test_util.hpp"

#include <laminate/shape.hpp>

#include <optional>
#include <vector>

namespace laminate::test::schema_enums {

enum class CabinClass { Economy, Premium, Business, First };
enum class Sparse { Low = 1, High = 10 };

struct Ticket {
    CabinClass cabin;
    Open<CabinClass> requested;
    std::optional<Sparse> level;
};

TEST(SchemaEnums, EnumIsAStringWithItsNames) {
    EXPECT_SCHEMA_EQ(schema_without_uri<CabinClass>(),
                     R"({"type": "string", "enum": ["Economy", "Premium", "Business", "First"]})");
    EXPECT_SCHEMA_EQ(schema_without_uri<Sparse>(), R"({"type": "string", "enum": ["Low", "High"]})");
}

TEST(SchemaEnums, OpenEnumOffersTheNamesButTakesAnyString) {
    EXPECT_SCHEMA_EQ(schema_without_uri<Open<CabinClass>>(), R"({"anyOf": [
        {"type": "string", "enum": ["Economy", "Premium", "Business", "First"]},
        {"type": "string"}]})");
}

TEST(SchemaEnums, EnumFieldsInAStruct) {
    EXPECT_SCHEMA_EQ(schema_without_uri<Ticket>(), R"({
        "type": "object",
        "properties": {
            "cabin": {"type": "string", "enum": ["Economy", "Premium", "Business", "First"]},
            "requested": {"anyOf": [{"type": "string", "enum": ["Economy", "Premium", "Business", "First"]},
                                    {"type": "string"}]},
            "level": {"type": ["string", "null"], "enum": ["Low", "High", null]}},
        "required": ["cabin", "requested"],
        "additionalProperties": false})");
}

TEST(SchemaEnums, OptionalEnumElementAddsNullToTheEnum) {
    EXPECT_SCHEMA_EQ(schema_without_uri<std::vector<std::optional<Sparse>>>(),
                     R"({"type": "array", "items": {"type": ["string", "null"], "enum": ["Low", "High", null]}})");
}

TEST(SchemaEnums, EveryNameInTheSchemaShapes) {
    // The schema's names are exactly the ones shaping accepts.
    const Value schema = schema_without_uri<CabinClass>();
    ASSERT_EQ(schema["enum"].size(), 4u);
    for (const Value& name : schema["enum"].items()) {
        auto r = from_value<CabinClass>(name, Mode::Strict);
        EXPECT_TRUE(r.has_value()) << name.dump() << " " << (r ? "" : r.error().to_string());
    }
}

} // namespace laminate::test::schema_enums
