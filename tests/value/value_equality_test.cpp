// Equality: numbers by the decimal they stand for, objects order-insensitive with multiplicity.
#include <laminate/value.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

using laminate::Value;

namespace {
Value lex(std::string_view text) { return Value::number_from_lexeme(text); }

std::string key_for(int i) {
    std::string key(1, 'k');
    key += std::to_string(i % 300);
    return key;
}
} // namespace

TEST(ValueEquality, ScalarsAndTypeMismatch) {
    EXPECT_EQ(Value(), Value(nullptr));
    EXPECT_EQ(Value(true), Value(true));
    EXPECT_NE(Value(true), Value(false));
    EXPECT_NE(Value(0), Value(false));
    EXPECT_NE(Value(1), Value(true));
    EXPECT_NE(Value("1"), Value(1));
    EXPECT_NE(Value(), Value(0));
    EXPECT_NE(Value(), Value(""));
    EXPECT_NE(Value(), Value::array());
    EXPECT_NE(Value::array(), Value::object());
    EXPECT_NE(Value("null"), Value());
    EXPECT_EQ(Value("text"), Value(std::string("text")));
    EXPECT_NE(Value("text"), Value("Text"));
}

TEST(ValueEquality, NumbersByValue) {
    EXPECT_EQ(Value(1), Value(1.0));
    EXPECT_EQ(lex("1e0"), Value(1));
    EXPECT_EQ(lex("100"), lex("1e2"));
    EXPECT_EQ(lex("100"), lex("1.00E+2"));
    EXPECT_EQ(Value(0), Value(-0.0));
    EXPECT_EQ(Value(std::uint64_t{5}), Value(std::int64_t{5}));
    EXPECT_NE(Value(1), Value(1.5));
    EXPECT_NE(Value(-1), Value(std::numeric_limits<std::uint64_t>::max()));
    EXPECT_NE(Value(std::numeric_limits<std::int64_t>::max()), Value(std::numeric_limits<std::uint64_t>::max()));
}

TEST(ValueEquality, IntegersAgainstDoublesAreExact) {
    const std::int64_t two53 = std::int64_t{1} << 53;
    EXPECT_EQ(Value(two53), Value(9007199254740992.0));
    EXPECT_NE(Value(two53 + 1), Value(9007199254740992.0)); // the double would round the integer
    EXPECT_EQ(Value(std::uint64_t{1} << 63), Value(9223372036854775808.0));
    EXPECT_NE(Value(std::numeric_limits<std::uint64_t>::max()), Value(18446744073709551616.0));
    EXPECT_NE(Value(std::numeric_limits<std::int64_t>::min() + 1), Value(-9223372036854775808.0));
    EXPECT_EQ(Value(std::numeric_limits<std::int64_t>::min()), Value(-9223372036854775808.0));
}

TEST(ValueEquality, NumbersBeyondADouble) {
    EXPECT_EQ(lex("123456789012345678901234567890"), lex("1.2345678901234567890123456789e29"));
    EXPECT_NE(lex("123456789012345678901234567890"), lex("123456789012345678901234567891"));
    EXPECT_NE(lex("123456789012345678901234567890"), Value(1.2345678901234568e29));
    EXPECT_EQ(lex("1e400"), lex("10e399"));
    EXPECT_NE(lex("1e400"), lex("1e401"));
    EXPECT_NE(lex("1e400"), Value(std::numeric_limits<double>::infinity()));
    EXPECT_NE(lex("1e-400"), lex("0"));
    // 2^64 is exactly a double; 2^64 + 1 is not.
    EXPECT_EQ(lex("18446744073709551616"), Value(18446744073709551616.0));
    EXPECT_NE(lex("18446744073709551617"), Value(18446744073709551616.0));
    EXPECT_NE(lex("18446744073709551617"), lex("18446744073709551616"));
}

TEST(ValueEquality, NonFiniteDoubles) {
    const double inf = std::numeric_limits<double>::infinity();
    const double nan = std::numeric_limits<double>::quiet_NaN();
    EXPECT_EQ(Value(nan), Value(nan)); // every value equals its copy
    EXPECT_EQ(Value(inf), Value(inf));
    EXPECT_NE(Value(inf), Value(-inf));
    EXPECT_NE(Value(nan), Value(0));
    EXPECT_NE(Value(inf), Value(std::numeric_limits<std::int64_t>::max()));
    Value a = Value::array({nan});
    EXPECT_EQ(a, Value(a));
}

TEST(ValueEquality, IsAnEquivalenceOverManySpellings) {
    const double nan = std::numeric_limits<double>::quiet_NaN();
    std::vector<Value> numbers = {
        Value(0), lex("-0"), Value(-0.0), lex("0.0"), Value(1), Value(1.0), lex("1e0"), lex("10e-1"),
        Value(0.1), lex("0.10"), lex("1e-1"), lex("0.1000000000000000000001"), Value(100), lex("1E2"),
        Value(std::uint64_t{1} << 63), Value(9223372036854775808.0), lex("9223372036854775808.0"),
        lex("9223372036854775808"), lex("9223372036854776000"), Value(18446744073709551616.0),
        lex("18446744073709551616"), lex("18446744073709551617"), lex("1e400"), lex("1.0e400"),
        lex("1e-400"), Value(nan), Value(std::numeric_limits<double>::infinity()), Value(1e23),
        lex("1e23"), lex("99999999999999991611392"), lex("100000000000000000000000")};
    for (const auto& a : numbers) {
        EXPECT_EQ(a, a) << a.dump();
        for (const auto& b : numbers) {
            EXPECT_EQ(a == b, b == a) << a.dump() << " vs " << b.dump();
            if (!(a == b)) continue;
            for (const auto& c : numbers)
                if (b == c) {
                    EXPECT_EQ(a, c) << a.dump() << " = " << b.dump() << " = " << c.dump();
                }
        }
    }
}

TEST(ValueEquality, Arrays) {
    EXPECT_EQ(Value::array({1, "a", nullptr}), Value::array({1.0, "a", nullptr}));
    EXPECT_NE(Value::array({1, 2}), Value::array({2, 1}));
    EXPECT_NE(Value::array({1, 2}), Value::array({1, 2, 3}));
    EXPECT_EQ(Value::array(), Value::array());
}

TEST(ValueEquality, ObjectsIgnoreOrder) {
    Value a = Value::object({{"x", 1}, {"y", Value::array({1, 2})}, {"z", "s"}});
    Value b = Value::object({{"z", "s"}, {"x", 1.0}, {"y", Value::array({1, 2})}});
    EXPECT_EQ(a, b);
    EXPECT_NE(a, Value::object({{"x", 1}, {"y", Value::array({2, 1})}, {"z", "s"}}));
    EXPECT_NE(a, Value::object({{"x", 1}, {"y", Value::array({1, 2})}}));
    EXPECT_NE(a, Value::object({{"x", 1}, {"y", Value::array({1, 2})}, {"w", "s"}}));
    EXPECT_EQ(Value::object(), Value::object());
}

TEST(ValueEquality, DuplicateKeysCountByMultiplicity) {
    auto object = [](std::initializer_list<std::pair<const char*, int>> members) {
        Value o = Value::object();
        for (auto [k, v] : members) o.append_member(k, v);
        return o;
    };
    EXPECT_EQ(object({{"a", 1}, {"a", 2}}), object({{"a", 2}, {"a", 1}}));
    EXPECT_NE(object({{"a", 1}, {"a", 1}}), object({{"a", 1}, {"a", 2}}));
    EXPECT_NE(object({{"a", 1}, {"a", 1}, {"b", 2}}), object({{"a", 1}, {"b", 2}, {"b", 2}}));
    EXPECT_NE(object({{"a", 1}, {"a", 1}}), object({{"a", 1}}));
    EXPECT_EQ(object({{"a", 1}, {"b", 2}, {"a", 1}}), object({{"a", 1}, {"a", 1}, {"b", 2}}));
}

TEST(ValueEquality, DuplicateKeysWithContainerValuesBacktrack) {
    // Each member tries its own position first, then the others: the first tries fail deep
    // inside the values and the matcher must move on to the next candidate.
    auto object = [](std::initializer_list<Value> values) {
        Value o = Value::object();
        for (const auto& v : values) o.append_member("k", v);
        return o;
    };
    Value a = object({Value::array({1, Value::object({{"x", 1}})}), Value::array({1, Value::object({{"x", 2}})}),
                      Value::array({1, Value::object({{"x", 3}})})});
    Value b = object({Value::array({1, Value::object({{"x", 3}})}), Value::array({1, Value::object({{"x", 1}})}),
                      Value::array({1, Value::object({{"x", 2}})})});
    EXPECT_EQ(a, b);
    EXPECT_EQ(b, a);
    Value c = object({Value::array({1, Value::object({{"x", 3}})}), Value::array({1, Value::object({{"x", 1}})}),
                      Value::array({1, Value::object({{"x", 1}})})});
    EXPECT_NE(a, c);
    EXPECT_NE(c, a);
    Value wrapped_a = Value::array({a, Value::object({{"inner", a}})});
    Value wrapped_b = Value::array({b, Value::object({{"inner", b}})});
    EXPECT_EQ(wrapped_a, wrapped_b);
    Value wrapped_c = Value::array({b, Value::object({{"inner", c}})});
    EXPECT_NE(wrapped_a, wrapped_c);
}

TEST(ValueEquality, Nested) {
    Value a = Value::object({{"list", Value::array({Value::object({{"k", Value::array({1, 2.0})}, {"j", nullptr}})})}});
    Value b = Value::object({{"list", Value::array({Value::object({{"j", nullptr}, {"k", Value::array({1.0, 2})}})})}});
    EXPECT_EQ(a, b);
    b.find("list")->items()[0].set("j", false);
    EXPECT_NE(a, b);
}

TEST(ValueEquality, LargeObjectsInAnyOrder) {
    // A thousand members, 300 distinct keys, in another order: marks span many words.
    std::vector<int> order(1000);
    for (int i = 0; i < 1000; ++i) order[static_cast<std::size_t>(i)] = i;
    Value forward = Value::object(), shuffled = Value::object();
    for (int i : order) forward.append_member(key_for(i), i);
    std::reverse(order.begin(), order.end());
    std::rotate(order.begin(), order.begin() + 337, order.end());
    for (int i : order) shuffled.append_member(key_for(i), i);
    EXPECT_EQ(forward, shuffled);
    shuffled.members()[500].value = -1;
    EXPECT_NE(forward, shuffled);
}
