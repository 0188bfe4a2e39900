// null into a required number or boolean with no declared default is an error (missing_field),
// not the type's zero "read as the default"; a declared default or an optional still takes it.
// NaN and the infinities into a schema number are errors in every mode: JSON cannot hold them.
#include <laminate/laminate.hpp>

#include <gtest/gtest.h>

#include <optional>

namespace {

using namespace laminate;

struct Reading {
    int count;
    std::optional<int> limit;
    bool enabled = false;
};

TEST(NullWithoutDefault, TypedRequiredNumberIsAnError) {
    auto r = from_json<Reading>(R"({"count": null, "enabled": true})");
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().kind(), ErrorKind::MissingField);
    EXPECT_EQ(r.error().path(), "count");
    auto sentinel = from_json<Reading>(R"({"count": "N/A", "enabled": true})");
    ASSERT_FALSE(sentinel);
    EXPECT_EQ(sentinel.error().kind(), ErrorKind::MissingField);
    auto optional = from_json<Reading>(R"({"count": 1, "limit": null, "enabled": true})");
    ASSERT_TRUE(optional) << optional.error();
    EXPECT_FALSE(optional->value.limit);
}

TEST(NullWithoutDefault, SchemaRequiredIntegerIsAnError) {
    auto s = Schema::compile_json(R"({"type":"object","properties":{"x":{"type":"integer"},)"
                                  R"("y":{"type":"integer","default":5},"z":{"type":"integer"}},"required":["x","y"]})");
    ASSERT_TRUE(s) << s.error();
    auto r = s->from_json(R"({"x": null, "y": 1})");
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().kind(), ErrorKind::MissingField);
    EXPECT_EQ(r.error().path(), "x");
    auto defaulted = s->from_json(R"({"x": 1, "y": null, "z": null})");
    ASSERT_TRUE(defaulted) << defaulted.error();
    EXPECT_EQ(defaulted->value.dump(), R"({"x":1,"y":5})"); // y's declared default, z absent
}

TEST(NullWithoutDefault, NonFiniteIntoASchemaNumberIsAnErrorInEveryMode) {
    auto s = Schema::compile_json(R"({"type":"object","properties":{"x":{"type":"number"}}})");
    ASSERT_TRUE(s) << s.error();
    for (Mode mode : {Mode::Lenient, Mode::Absorbing, Mode::Strict})
        for (const char* text : {R"({"x": "NaN"})", R"({"x": "+inf"})", R"({"x": "-Infinity"})"}) {
            auto r = s->from_json(text, ShapeOptions{.mode = mode});
            ASSERT_FALSE(r) << text << " in " << mode_name(mode) << ": " << r->value.dump();
        }
    auto literal = s->from_json(R"({"x": NaN})"); // the parser's repair of a bare NaN
    ASSERT_FALSE(literal);
    EXPECT_EQ(literal.error().kind(), ErrorKind::TypeMismatch);
}

} // namespace
