// output_schema<T>() for scalars: JSON types, integer ranges from the C++ type.
#include "schema/schema_test_util.hpp"

#include <cstdint>
#include <string>

namespace laminate::test::schema_scalars {

TEST(SchemaScalars, RootCarriesTheDraft2020Uri) {
    EXPECT_SCHEMA_EQ(output_schema<bool>(),
                     R"({"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "boolean"})");
}

TEST(SchemaScalars, BoolStringAndFloatingTypes) {
    EXPECT_SCHEMA_EQ(schema_without_uri<bool>(), R"({"type": "boolean"})");
    EXPECT_SCHEMA_EQ(schema_without_uri<std::string>(), R"({"type": "string"})");
    EXPECT_SCHEMA_EQ(schema_without_uri<float>(), R"({"type": "number"})");
    EXPECT_SCHEMA_EQ(schema_without_uri<double>(), R"({"type": "number"})");
}

TEST(SchemaScalars, IntegersCarryTheirRange) {
    EXPECT_SCHEMA_EQ(schema_without_uri<std::uint8_t>(), R"({"type": "integer", "minimum": 0, "maximum": 255})");
    EXPECT_SCHEMA_EQ(schema_without_uri<std::int8_t>(), R"({"type": "integer", "minimum": -128, "maximum": 127})");
    EXPECT_SCHEMA_EQ(schema_without_uri<std::uint16_t>(), R"({"type": "integer", "minimum": 0, "maximum": 65535})");
    EXPECT_SCHEMA_EQ(schema_without_uri<std::int32_t>(),
                     R"({"type": "integer", "minimum": -2147483648, "maximum": 2147483647})");
    EXPECT_SCHEMA_EQ(schema_without_uri<std::int64_t>(),
                     R"({"type": "integer", "minimum": -9223372036854775808, "maximum": 9223372036854775807})");
    EXPECT_SCHEMA_EQ(schema_without_uri<std::uint64_t>(),
                     R"({"type": "integer", "minimum": 0, "maximum": 18446744073709551615})");
}

TEST(SchemaScalars, Uint64MaximumIsExact) {
    const Value s = schema_without_uri<std::uint64_t>();
    std::uint64_t max = 0;
    ASSERT_TRUE(s["maximum"].get_uint64(max));
    EXPECT_EQ(max, UINT64_MAX);
}

TEST(SchemaScalars, ValueAndMonostate) {
    EXPECT_SCHEMA_EQ(schema_without_uri<Value>(), R"({})");
    EXPECT_SCHEMA_EQ(schema_without_uri<std::monostate>(), R"({"type": "null"})");
}

TEST(SchemaScalars, SchemaUriCanBeLeftOut) {
    EXPECT_FALSE(output_schema<int>(OutputSchemaOptions{.schema_uri = false}).contains("$schema"));
    EXPECT_TRUE(output_schema<int>().contains("$schema"));
}

} // namespace laminate::test::schema_scalars
