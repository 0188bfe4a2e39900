// Structure: stringified JSON, one-element arrays <-> scalars, objects, the Any target.

#include "coerce_test_util.hpp"

#include <array>

namespace {

using laminate::CoercionLevel;
using laminate::ErrorKind;
using laminate::Risk;
using laminate::Value;
using laminate::test::json;
using laminate::test::Probe;

TEST(AnyTarget, ParsesStringifiedJsonAtBestEffort) {
    for (const char* text : {R"({"a":1})", R"( {"a": 1} )", "[1,2,3]", "\n[]\n"}) {
        Probe p("payload");
        Value in(text);
        auto below = laminate::coerce_any(in, p.at(CoercionLevel::StringCoercion));
        ASSERT_TRUE(below);
        EXPECT_EQ(*below, in);
        EXPECT_TRUE(p.diagnostics.empty());
        auto r = laminate::coerce_any(in, p.at(CoercionLevel::BestEffort));
        ASSERT_TRUE(r);
        EXPECT_EQ(*r, json(text));
        ASSERT_EQ(p.diagnostics.size(), 1u);
        EXPECT_EQ(p.diagnostics[0].from, "string");
        EXPECT_EQ(p.diagnostics[0].to, r->is_object() ? "object" : "array");
        EXPECT_EQ(p.diagnostics[0].risk, Risk::Warning);
        EXPECT_EQ(p.diagnostics[0].path, "payload");
    }
}

TEST(AnyTarget, KeepsOtherStringsAndValues) {
    for (const char* text : {R"("not json")", R"("42")", R"("{broken")", R"("[1,")", R"("true")", "42", "null",
                             R"({"a":"{\"b\":1}"})"}) {
        Probe p;
        auto r = laminate::coerce_any(json(text), p.at(CoercionLevel::BestEffort));
        ASSERT_TRUE(r);
        EXPECT_EQ(*r, json(text)) << text;
        EXPECT_TRUE(p.diagnostics.empty());
    }
}

TEST(ArrayTarget, ArraysAsTheyAre) {
    Probe p;
    Value storage;
    Value in = json("[1, 2]");
    auto r = laminate::coerce_array(in, p.at(CoercionLevel::Exact), storage);
    ASSERT_TRUE(r);
    EXPECT_EQ(r->size(), 2u);
    EXPECT_EQ(r->data(), in.items().data()) << "no copy";
    EXPECT_TRUE(p.diagnostics.empty());
}

TEST(ArrayTarget, WrapsParsesAndDefaultsAtBestEffort) {
    Probe p("tags");
    Value storage;
    Value scalar("solo");
    EXPECT_FALSE(laminate::coerce_array(scalar, p.at(CoercionLevel::StringCoercion), storage));
    auto wrapped = laminate::coerce_array(scalar, p.at(CoercionLevel::BestEffort), storage);
    ASSERT_TRUE(wrapped);
    ASSERT_EQ(wrapped->size(), 1u);
    EXPECT_EQ(&(*wrapped)[0], &scalar) << "a span of one over the value itself";
    EXPECT_EQ(p.diagnostics.back().message, "coerced string -> array (wrapped a single value in an array)");

    Value object = json(R"({"id": 1})");
    auto obj = laminate::coerce_array(object, p.at(CoercionLevel::BestEffort), storage);
    ASSERT_TRUE(obj);
    EXPECT_EQ(obj->size(), 1u);

    auto parsed = laminate::coerce_array(Value(R"(["a", "b"])"), p.at(CoercionLevel::BestEffort), storage);
    ASSERT_TRUE(parsed);
    ASSERT_EQ(parsed->size(), 2u);
    EXPECT_EQ((*parsed)[1], Value("b"));
    EXPECT_EQ(p.diagnostics.back().message, "coerced string -> array (parsed the JSON text it held)");

    for (const char* nothing : {"null", R"("N/A")"}) {
        auto empty = laminate::coerce_array(json(nothing), p.at(CoercionLevel::BestEffort), storage);
        ASSERT_TRUE(empty);
        EXPECT_TRUE(empty->empty());
        EXPECT_EQ(p.diagnostics.back().risk, Risk::Warning);
    }
    for (const auto& d : p.diagnostics) {
        EXPECT_EQ(d.to, "array");
        EXPECT_EQ(d.path, "tags");
    }
}

TEST(ObjectTarget, ParsesUnwrapsAndDefaultsAtBestEffort) {
    Probe p;
    Value storage;
    Value object = json(R"({"a": 1})");
    auto same = laminate::coerce_object(object, p.at(CoercionLevel::Exact), storage);
    ASSERT_TRUE(same);
    EXPECT_EQ(*same, &object);

    Value text(R"({"a": 1})");
    auto below = laminate::coerce_object(text, p.at(CoercionLevel::StringCoercion), storage);
    ASSERT_FALSE(below);
    EXPECT_EQ(below.error().kind(), ErrorKind::TypeMismatch);
    auto parsed = laminate::coerce_object(text, p.at(CoercionLevel::BestEffort), storage);
    ASSERT_TRUE(parsed);
    EXPECT_EQ(**parsed, object);

    Value one = json(R"([{"a": 1}])");
    auto unwrapped = laminate::coerce_object(one, p.at(CoercionLevel::BestEffort), storage);
    ASSERT_TRUE(unwrapped);
    EXPECT_EQ(*unwrapped, &one.items()[0]);

    auto defaulted = laminate::coerce_object(json("null"), p.at(CoercionLevel::BestEffort), storage);
    ASSERT_TRUE(defaulted);
    EXPECT_TRUE((*defaulted)->is_object());
    EXPECT_TRUE((*defaulted)->empty());
    EXPECT_EQ(p.diagnostics.size(), 3u);

    for (const char* bad : {"42", "[1]", R"([{"a":1},{"b":2}])", R"("[1]")", R"("text")"}) {
        auto r = laminate::coerce_object(json(bad), p.at(CoercionLevel::BestEffort), storage);
        ASSERT_FALSE(r) << bad;
        EXPECT_EQ(r.error().kind(), ErrorKind::TypeMismatch);
    }
}

TEST(ScalarTargets, UnwrapOneElementArraysOnceOnly) {
    Probe p;
    auto ctx = p.at(CoercionLevel::BestEffort);
    EXPECT_EQ(*laminate::coerce_to<int>(json("[7]"), ctx), 7);
    EXPECT_EQ(*laminate::coerce_to<double>(json(R"(["2.5"])"), ctx), 2.5);
    EXPECT_FALSE(laminate::coerce_to<int>(json("[[7]]"), ctx));
    EXPECT_FALSE(laminate::coerce_to<bool>(json("[true, false]"), ctx));
    EXPECT_EQ(p.diagnostics.at(0).from, "array");
    EXPECT_EQ(p.diagnostics.at(1).message, "coerced array -> float64 (unwrapped a one-element array)");
}

TEST(RunTimeTarget, NamesAndDispatch) {
    using laminate::Target;
    EXPECT_EQ(Target::any().name(), "value");
    EXPECT_EQ(Target::null().name(), "null");
    EXPECT_EQ(Target::boolean().name(), "bool");
    EXPECT_EQ(Target::string().name(), "string");
    EXPECT_EQ(Target::of(laminate::test::u16).name(), "uint16");
    EXPECT_EQ(Target::of(laminate::float32_target).name(), "float32");
    constexpr std::array<std::string_view, 2> names{"low", "high"};
    Target e = Target::of(laminate::EnumTarget{names, "Priority"});
    EXPECT_EQ(e.name(), "Priority");
    Probe p;
    EXPECT_EQ(*laminate::coerce(Value("HIGH"), e, p.at(CoercionLevel::BestEffort)), Value("high"));
    EXPECT_EQ(*laminate::coerce(Value("18446744073709551615"), Target::of(laminate::test::u64),
                                p.at(CoercionLevel::StringCoercion)),
              json("18446744073709551615"));
}

} // namespace
