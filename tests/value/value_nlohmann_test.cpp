// Interop with nlohmann/json (include/laminate/nlohmann.hpp).
#include <laminate/nlohmann.hpp>

#include <gtest/gtest.h>

#include <cstdint>
#include <limits>

using laminate::from_nlohmann;
using laminate::to_nlohmann;
using laminate::Value;
using nlohmann::json;
using nlohmann::ordered_json;

TEST(ValueNlohmann, ScalarsToNlohmann) {
    EXPECT_TRUE(to_nlohmann(Value()).is_null());
    EXPECT_EQ(to_nlohmann(Value(true)), json(true));
    json i = to_nlohmann(Value(-3));
    EXPECT_TRUE(i.is_number_integer());
    EXPECT_EQ(i.get<std::int64_t>(), -3);
    json u = to_nlohmann(Value(std::numeric_limits<std::uint64_t>::max()));
    EXPECT_TRUE(u.is_number_unsigned());
    EXPECT_EQ(u.get<std::uint64_t>(), std::numeric_limits<std::uint64_t>::max());
    json d = to_nlohmann(Value(2.5));
    EXPECT_TRUE(d.is_number_float());
    EXPECT_EQ(d.get<double>(), 2.5);
    EXPECT_EQ(to_nlohmann(Value("text with \"quotes\" and \xC3\xA9")), json("text with \"quotes\" and \xC3\xA9"));
}

TEST(ValueNlohmann, ScalarsFromNlohmann) {
    EXPECT_TRUE(from_nlohmann(json(nullptr)).is_null());
    EXPECT_EQ(from_nlohmann(json(false)), Value(false));
    Value i = from_nlohmann(json(std::int64_t{-7}));
    EXPECT_EQ(i.number_kind(), laminate::NumberKind::Int);
    EXPECT_EQ(i, Value(-7));
    Value u = from_nlohmann(json(std::numeric_limits<std::uint64_t>::max()));
    EXPECT_EQ(u.number_kind(), laminate::NumberKind::UInt);
    Value d = from_nlohmann(json(0.1));
    EXPECT_EQ(d.number_kind(), laminate::NumberKind::Double);
    EXPECT_EQ(d.dump(), "0.1");
    EXPECT_EQ(from_nlohmann(json("s")).as_string(), "s");
    EXPECT_TRUE(from_nlohmann(json(json::value_t::discarded)).is_null());
}

TEST(ValueNlohmann, BinaryBecomesAnArrayOfBytes) {
    json bin = json::binary({0x00, 0x7f, 0xff});
    EXPECT_EQ(from_nlohmann(bin).dump(), "[0,127,255]");
}

TEST(ValueNlohmann, RoundTripsEveryType) {
    Value v = Value::object({{"null", nullptr},
                             {"bool", true},
                             {"int", -42},
                             {"uint", std::numeric_limits<std::uint64_t>::max()},
                             {"double", 3.25},
                             {"string", "a string long enough to be on the heap"},
                             {"array", Value::array({1, "two", Value::array(), Value::object()})},
                             {"object", Value::object({{"nested", Value::array({false})}})}});
    json j = to_nlohmann(v);
    EXPECT_EQ(from_nlohmann(j), v);
    EXPECT_EQ(to_nlohmann(from_nlohmann(j)), j);
    json parsed = json::parse(v.dump());
    EXPECT_EQ(parsed, j);
}

TEST(ValueNlohmann, ConversionSyntax) {
    Value v = Value::object({{"k", Value::array({1, 2})}});
    json j = v;
    EXPECT_EQ(j.dump(), R"({"k":[1,2]})");
    auto back = j.get<Value>();
    EXPECT_EQ(back, v);
    Value assigned;
    j.get_to(assigned);
    EXPECT_EQ(assigned, v);
    json list = json::array({v, Value(1)});
    EXPECT_EQ(list.dump(), R"([{"k":[1,2]},1])");
    ordered_json oj = v;
    EXPECT_EQ(oj.get<Value>(), v);
}

TEST(ValueNlohmann, KeyOrderThroughStdMapIsSorted) {
    // nlohmann::json keeps objects in a std::map: keys come back sorted by bytes.
    Value v = Value::object({{"b", 1}, {"a", 2}, {"c", 3}});
    json j = to_nlohmann(v);
    EXPECT_EQ(j.dump(), R"({"a":2,"b":1,"c":3})");
    Value back = from_nlohmann(j);
    EXPECT_EQ(back.dump(), R"({"a":2,"b":1,"c":3})");
    EXPECT_EQ(back, v); // equality ignores member order
}

TEST(ValueNlohmann, OrderedJsonKeepsKeyOrder) {
    Value v = Value::object({{"b", 1}, {"a", 2}, {"c", 3}});
    auto oj = to_nlohmann<ordered_json>(v);
    EXPECT_EQ(oj.dump(), R"({"b":1,"a":2,"c":3})");
    EXPECT_EQ(from_nlohmann(oj).dump(), R"({"b":1,"a":2,"c":3})");
    ordered_json source = ordered_json::parse(R"({"z":{"y":1,"x":2},"a":[{"q":1,"p":2}]})");
    EXPECT_EQ(from_nlohmann(source).dump(), R"({"z":{"y":1,"x":2},"a":[{"q":1,"p":2}]})");
}

TEST(ValueNlohmann, DuplicateKeysCollapseToTheLastValue) {
    Value v = Value::object();
    v.append_member("k", 1);
    v.append_member("other", 0);
    v.append_member("k", 2);
    EXPECT_EQ(to_nlohmann(v).dump(), R"({"k":2,"other":0})");
    // ordered_json: the first position, the last value (as Value::set does).
    EXPECT_EQ(to_nlohmann<ordered_json>(v).dump(), R"({"k":2,"other":0})");
}

TEST(ValueNlohmann, NumbersBeyondADoubleAreRoundedThere) {
    // Documented loss: nlohmann/json has no lexeme to keep.
    Value big = Value::number_from_lexeme("18446744073709551616");
    json j = to_nlohmann(big);
    EXPECT_TRUE(j.is_number_float());
    EXPECT_EQ(j.get<double>(), 18446744073709551616.0);
    Value spelled = Value::number_from_lexeme("1E2");
    EXPECT_EQ(to_nlohmann(spelled).get<double>(), 100.0);
    EXPECT_EQ(from_nlohmann(to_nlohmann(spelled)), spelled); // same value, new spelling
    EXPECT_EQ(from_nlohmann(to_nlohmann(spelled)).dump(), "100.0");
}
