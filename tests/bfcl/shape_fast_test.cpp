// Schema-driven shaping's fast path from text (src/schema/shape_fast_read.cpp) against the
// general path (parse, then read_node on the Value): wherever the fast path takes a text, the
// value, diagnostics and residual must be the very ones the general path makes, in every mode.
// Inputs: every BFCL call rendered under every class (with its schema as given and closed, as
// the benchmark closes it), plus the parser, extractor and schema fuzz seeds against a set of
// BFCL schemas; and texts the fast path must leave to the general path.
#include "corpora.hpp"
#include "corpus.hpp"
#include "render.hpp"

#include "schema/shape/node.hpp"

#include <laminate/detail/shape_state.hpp>
#include <laminate/parse.hpp>
#include <laminate/schema.hpp>

#include <gtest/gtest.h>

#include <array>
#include <filesystem>
#include <string>
#include <vector>

namespace laminate::bfcl {
namespace {

constexpr std::array<Mode, 3> kModes{Mode::Lenient, Mode::Absorbing, Mode::Strict};

std::string describe(const Diagnostics& ds) {
    std::string s;
    for (const Diagnostic& d : ds) {
        s += d.to_string();
        s += " |" + d.suggestion + "|" + d.from + "|" + d.to + "|" + std::to_string(d.offset) + "\n";
    }
    return s;
}

// Whether the fast path took the text; when it did, fails the test unless the general path agrees.
bool fast_agrees(std::string_view text, const Schema& schema, Mode mode, const std::string& what) {
    const ShapeOptions options{.mode = mode};
    const ParseOptions parse_options = shape_detail::parse_options_for(options);
    shape_detail::ShapeState fast_st(options);
    Value fast_value;
    if (!schema_detail::fast_shape(text, schema, fast_value, fast_st, parse_options.max_size,
                                   parse_options.max_depth))
        return false;
    auto parsed = parse(text, parse_options);
    EXPECT_TRUE(parsed.has_value()) << what;
    if (!parsed) return true;
    shape_detail::ShapeState st(options);
    st.diagnostics = std::move(parsed->diagnostics);
    Value value;
    schema_detail::read_node(parsed->value, schema.shape_root(), value, st);
    EXPECT_TRUE(st.errors.empty()) << what << ": the fast path succeeded where the general path fails";
    EXPECT_EQ(fast_value.dump(), value.dump()) << what;
    EXPECT_TRUE(fast_value == value) << what;
    EXPECT_EQ(describe(fast_st.diagnostics), describe(st.diagnostics)) << what;
    EXPECT_EQ(fast_st.residual.dump(), st.residual.dump()) << what;
    // The public entry point gives the same answer too.
    auto shaped = schema.from_json(text, options);
    EXPECT_TRUE(shaped.has_value()) << what;
    if (shaped) {
        EXPECT_EQ(shaped->value.dump(), value.dump()) << what;
        EXPECT_EQ(describe(shaped->diagnostics), describe(st.diagnostics)) << what;
    }
    return true;
}

struct Schemas {
    std::vector<Schema> open, closed;
    std::vector<const Call*> calls;
};

const std::vector<Call>& corpus() {
    static const std::vector<Call> calls = [] {
        auto c = load_corpus(test::corpora_dir() / "bfcl");
        return c ? std::move(*c) : std::vector<Call>{};
    }();
    return calls;
}

const Schemas& schemas() {
    static const Schemas s = [] {
        Schemas out;
        for (const Call& call : corpus()) {
            SchemaCompileOptions options;
            options.source_literals = call.category == "simple_java" || call.category == "simple_javascript";
            Value closed = call.schema;
            if (!closed.contains("additionalProperties")) closed.set("additionalProperties", Value(false));
            auto a = Schema::compile(call.schema, options);
            auto b = Schema::compile(closed, options);
            if (!a || !b) continue;
            out.open.push_back(std::move(*a));
            out.closed.push_back(std::move(*b));
            out.calls.push_back(&call);
        }
        return out;
    }();
    return s;
}

TEST(SchemaShapeFast, AgreesWithTheGeneralPathOnEveryBfclRendering) {
    LAMINATE_REQUIRE_CORPUS(test::corpora_dir() / "bfcl" / "possible_answer");
    const Schemas& s = schemas();
    ASSERT_GT(s.calls.size(), 3000u);
    std::size_t valid_texts = 0, valid_fast = 0, taken = 0;
    for (std::size_t i = 0; i < s.calls.size(); ++i) {
        for (Class cls : all_classes) {
            const auto text = render(cls, *s.calls[i]);
            if (!text) continue;
            for (Mode mode : kModes) {
                const std::string what = s.calls[i]->id + " " + std::string(class_name(cls)) + " " +
                                         std::string(mode_name(mode));
                const bool open_fast = fast_agrees(*text, s.open[i], mode, what + " open");
                const bool closed_fast = fast_agrees(*text, s.closed[i], mode, what + " closed");
                taken += open_fast + closed_fast;
                if (cls == Class::Valid && mode == Mode::Lenient) {
                    ++valid_texts;
                    valid_fast += closed_fast;
                }
            }
        }
    }
    EXPECT_GT(taken, 0u);
    // The benchmark's workload: valid renderings against the closed schemas go the fast path.
    EXPECT_GT(valid_fast * 100, valid_texts * 95) << valid_fast << " of " << valid_texts;
}

std::vector<std::string> seeds() {
    std::vector<std::string> out;
    for (const char* target : {"parse_fuzzer", "extract_fuzzer", "schema_fuzzer"}) {
        const auto dir = std::filesystem::path(LAMINATE_SOURCE_DIR) / "fuzz/corpus" / target;
        if (!std::filesystem::exists(dir)) continue;
        for (const auto& entry : std::filesystem::directory_iterator(dir))
            if (entry.is_regular_file()) out.push_back(test::read_file(entry.path()));
    }
    return out;
}

TEST(SchemaShapeFast, AgreesWithTheGeneralPathOnTheFuzzSeeds) {
    LAMINATE_REQUIRE_CORPUS(test::corpora_dir() / "bfcl" / "possible_answer");
    const Schemas& s = schemas();
    const auto texts = seeds();
    ASSERT_GT(texts.size(), 50u);
    std::vector<Schema> extra;
    for (const char* json : {R"({})", R"({"type":"object"})", R"({"type":"array","items":{"type":"integer"}})",
                             R"({"type":"object","properties":{"a":{"type":"integer"},"b":{"type":"string"}},"required":["a"]})",
                             R"({"type":["object","array","null"],"items":{},"additionalProperties":{"type":"number"}})"}) {
        auto c = Schema::compile_json(json);
        ASSERT_TRUE(c.has_value()) << json;
        extra.push_back(std::move(*c));
    }
    // Every seed against the hand-written schemas and every 25th BFCL schema, both forms.
    for (std::size_t t = 0; t < texts.size(); ++t) {
        for (Mode mode : kModes) {
            const std::string what = "seed " + std::to_string(t) + " " + std::string(mode_name(mode));
            for (std::size_t k = 0; k < extra.size(); ++k) fast_agrees(texts[t], extra[k], mode, what);
            for (std::size_t i = 0; i < s.calls.size(); i += 25) {
                fast_agrees(texts[t], s.open[i], mode, what + " " + s.calls[i]->id);
                fast_agrees(texts[t], s.closed[i], mode, what + " " + s.calls[i]->id + " closed");
            }
            // Each seed also as the value of a BFCL call's first parameter.
            for (std::size_t i = 0; i < s.calls.size(); i += 97) {
                const auto props = s.calls[i]->schema.find("properties");
                if (!props || !props->is_object() || props->size() == 0) continue;
                const std::string wrapped = "{\"" + std::string(props->members()[0].key()) + "\": " + texts[t] + "}";
                fast_agrees(wrapped, s.closed[i], mode, what + " wrapped " + s.calls[i]->id);
            }
        }
    }
}

TEST(SchemaShapeFast, LeavesUnusualTextsToTheGeneralPath) {
    auto schema = Schema::compile_json(
        R"({"type":"object","properties":{"a":{"type":"integer"},"b":{"type":"array","items":{"type":"string"}}},"additionalProperties":false})");
    ASSERT_TRUE(schema.has_value());
    for (const char* text : {R"({"b":["x"],"a":1})",       // out of schema order
                             R"({"a":1,"a":2})",           // repeated
                             R"({"a":1,"c":2})",           // unknown
                             R"({"A":1})",                 // loose key
                             R"({"a":1,})",                // trailing comma
                             R"({'a':1})",                 // repair
                             R"({"a":"x"})",               // an error
                             R"({"a":1} {"a":2})",         // two documents
                             R"({"b":{"x":1}})",           // object where an array belongs
                             "{\"a\\u0041\":1}"}) {        // escaped key
        for (Mode mode : kModes) {
            const ShapeOptions options{.mode = mode};
            shape_detail::ShapeState st(options);
            Value out;
            EXPECT_FALSE(schema_detail::fast_shape(text, *schema, out, st, 1 << 20, 512)) << text;
        }
    }
    shape_detail::ShapeState st(ShapeOptions{});
    Value out;
    EXPECT_TRUE(schema_detail::fast_shape(R"( {"a": 1, "b": ["x", "y"]} )", *schema, out, st, 1 << 20, 512));
    EXPECT_EQ(out.dump(), R"({"a":1,"b":["x","y"]})");
    // The parser's limits hold: too deep, too long.
    shape_detail::ShapeState st2(ShapeOptions{});
    EXPECT_FALSE(schema_detail::fast_shape(R"({"a":1,"b":["x"]})", *schema, out, st2, 1 << 20, 1));
    shape_detail::ShapeState st3(ShapeOptions{});
    EXPECT_FALSE(schema_detail::fast_shape(R"({"a":1})", *schema, out, st3, 3, 512));
}

// The scalars the fast path reads straight from the text by the node (direct_read: plain strings,
// string enums, booleans, small integers, short fractions) and the ones next to them it must
// leave to fast_scalar / read_property: each member against each property type, in every mode,
// agrees with the general path wherever the fast path takes the text.
TEST(SchemaShapeFast, DirectScalarsAgreeWithTheGeneralPath) {
    auto schema = Schema::compile_json(R"({"type":"object","additionalProperties":false,"properties":{
        "s":{"type":"string"},"e":{"enum":["red","green"]},"b":{"type":"boolean"},"i":{"type":"integer"},
        "u":{"type":"integer","minimum":0},"n":{"type":"number"},"sn":{"type":["string","null"]},
        "in":{"type":["integer","number"]},"lim":{"type":"integer","minimum":1,"maximum":9},
        "sl":{"type":"string","maxLength":3},"any":{},"ai":{"type":"array","items":{"type":"integer"}},
        "an":{"type":"array","items":{"type":"number"}},"ae":{"type":"array","items":{"enum":["x","y"]}},
        "r":{"$ref":"#/$defs/s"},"o":{"allOf":[{"type":"object","properties":{"x":{"type":"integer"}}},
        {"properties":{"y":{"type":"string","default":"d"}},"required":["x"]}]}},
        "$defs":{"s":{"type":"string","minLength":2}}})");
    ASSERT_TRUE(schema.has_value());
    const std::vector<std::string> values{
        R"("plain")", R"("a long plain string past sixteen bytes")", R"("esc\u0041aped")", R"("\n")", R"("")",
        R"("red")", R"("blue")", "true", "false", "null", "0", "-0", "7", "-12", "123456789012345678",
        "1234567890123456789", "99999999999999999999", "1.5", "-0.25", "1e3", "1.25e-2", "3.14159265",
        "3.141592653589793", "0.1000000000000000055511151231257827", "1.0", "10.50", "01", "1.", "-", "[1,2]",
        R"(["x","z"])", "[1.5,2]", R"({"k":1})", R"({"x":1})", R"({"x":1,"y":"z"})", R"({"y":"z"})", "tru", "nul", "5 ", R"("5")", R"("true")", "1E+2"};
    std::size_t taken = 0, texts = 0;
    for (const schema_detail::Property& p : schema->shape_root().properties) {
        for (const std::string& v : values) {
            const std::string text = "{\"" + p.key + "\":" + v + "}";
            for (Mode mode : kModes) {
                ++texts;
                taken += fast_agrees(text, *schema, mode, text + " " + std::string(mode_name(mode)));
            }
        }
    }
    EXPECT_GT(taken * 4, texts); // a good share go the fast path (most pairs are errors: the general path)
}

// The fast path reads objects from the schema's compact form (src/schema/shape_hot.hpp): keys,
// child checks, defaults, Defaulted notes and enum names decided at compile time into each
// property's entry. Schemas exercising every entry kind (nested, shared and recursive objects,
// arrays of objects, absent properties with and without defaults at each depth, long keys and
// defaults, limits on children, enums, a root the fast path may not walk) against texts that give
// or leave out each property agree with the general path, in every mode.
TEST(SchemaShapeFast, CompactFormAgreesWithTheGeneralPath) {
    const std::vector<std::pair<std::string, std::vector<std::string>>> cases{
        {R"({"type":"object","properties":{
            "a_key_longer_than_sixteen_bytes":{"type":"string","default":"a default longer than sixteen bytes"},
            "n":{"type":"object","properties":{"x":{"type":"integer","default":3},"y":{"type":"string"},
                 "z":{"type":"boolean","default":false}},"required":["y"]},
            "unit":{"type":"string","enum":["celsius","fahrenheit","a unit longer than sixteen bytes"],"default":"celsius"},
            "k":{"enum":["a",1,null]},"count":{"type":"integer","minimum":1,"maximum":5,"default":2},
            "tags":{"type":"array","items":{"type":"string"},"maxItems":2},
            "pts":{"type":"array","items":{"type":"object","properties":{"p":{"type":"number"},"q":{"type":"string","default":"q"}}}},
            "deep":{"type":"object","properties":{"d":{"type":"object","properties":{"e":{"type":"string","default":"e"}}}}}},
            "required":["n"],"additionalProperties":false})",
         {R"({"n":{"y":"v"}})", R"({"a_key_longer_than_sixteen_bytes":"s","n":{"x":1,"y":"v","z":true}})",
          R"({"n":{"x":1}})", R"({"n":{"y":"v"},"unit":"fahrenheit"})", R"({"n":{"y":"v"},"unit":"kelvin"})",
          R"({"n":{"y":"v"},"unit":"a unit longer than sixteen bytes"})", R"({"n":{"y":"v"},"k":"a"})",
          R"({"n":{"y":"v"},"k":1})", R"({"n":{"y":"v"},"k":null})", R"({"n":{"y":"v"},"count":4})",
          R"({"n":{"y":"v"},"count":9})", R"({"n":{"y":"v"},"tags":["a","b"]})", R"({"n":{"y":"v"},"tags":["a","b","c"]})",
          R"({"n":{"y":"v"},"pts":[{"p":1.5},{"p":2,"q":"r"},{}]})", R"({"n":{"y":"v"},"deep":{"d":{}}})",
          R"({"n":{"y":"v"},"deep":{}})", R"({"n":{"y":"v"},"deep":{"d":{"e":"f"}}})", R"({"n":{"y":"v"},"deep":[]})",
          R"({"n":{"y":"v"},"pts":{}})", R"({"n":{"y":"v"},"tags":{}})", R"({"n":{"y":"v","w":1}})", R"({})"}},
        // A tree: the node's own compact form is shared by every level.
        {R"({"$ref":"#/$defs/t","$defs":{"t":{"type":"object","properties":{"v":{"type":"integer"},
            "kids":{"type":"array","items":{"$ref":"#/$defs/t"}},"left":{"$ref":"#/$defs/t"}},"required":["v"]}}})",
         {R"({"v":1})", R"({"v":1,"kids":[{"v":2},{"v":3,"left":{"v":4}}]})", R"({"v":1,"left":{"left":{}}})",
          R"({"v":1,"left":{"v":2,"kids":[]}})"}},
        // One node under two properties, and a child object with limits.
        {R"({"type":"object","properties":{"a":{"$ref":"#/$defs/p"},"b":{"$ref":"#/$defs/p"},
            "c":{"type":"object","properties":{"s":{"type":"string","minLength":2}}}},
            "$defs":{"p":{"type":"object","properties":{"x":{"type":"number","default":0.5}}}}})",
         {R"({"a":{},"b":{"x":1}})", R"({"b":{}})", R"({"c":{"s":"ab"}})", R"({"c":{"s":"a"}})", R"({"a":{"x":"1"}})"}},
        // Roots the fast path may not walk as objects, and one it may walk as an array.
        {R"({"anyOf":[{"type":"object","properties":{"a":{"type":"integer"}}},{"type":"string"}]})", {R"({"a":1})"}},
        {R"({"type":"object","enum":[{"a":1}],"properties":{"a":{"type":"integer"}}})", {R"({"a":1})"}},
        {R"({"type":"array","items":{"type":"object","properties":{"a":{"type":"integer","default":1}}},"maxItems":2})",
         {R"([{},{"a":2}])", R"([{},{},{}])", R"([])"}},
        // Arrays by their compact form: items of each kind, nested arrays, no items schema, none
        // allowed, constraints on the items and on the array, a type union of array and object.
        {R"({"type":"object","properties":{"s":{"type":"array","items":{"type":"string","maxLength":3}},
            "e":{"type":"array","items":{"enum":["x","yy"]},"minItems":1},"m":{"type":"array","items":{"enum":["x",2]}},
            "aa":{"type":"array","items":{"type":"array","items":{"type":"integer","minimum":0}}},
            "free":{"type":"array"},"none":{"type":"array","items":false},"num":{"type":"array","items":{"type":"number"}},
            "u":{"type":["array","object"],"items":{"type":"boolean"},"properties":{"k":{"type":"string"}}},
            "any":{"type":"array","items":{}},"src":{"type":"array","items":{"type":"String"}}}})",
         {R"({"s":["ab","abc"]})", R"({"s":["abcd"]})", R"({"s":[1]})", R"({"e":["x","yy"]})", R"({"e":[]})",
          R"({"e":["z"]})", R"({"m":["x",2,3]})", R"({"aa":[[1,2],[],[3]]})", R"({"aa":[[-1]]})", R"({"aa":[1]})",
          R"({"free":[1,"a",null,true]})", R"({"free":[{}]})", R"({"none":[]})", R"({"none":[1]})",
          R"({"num":[1,2.5,-3e2]})", R"({"u":[true]})", R"({"u":{"k":"v"}})", R"({"any":[{"a":1},[2],"s"]})",
          R"({"src":["a","b"]})", R"({"s":["a"],"e":["x"],"aa":[[0]],"num":[0.5]})"}},
    };
    std::size_t taken = 0, texts = 0;
    for (const auto& [json, inputs] : cases) {
        auto schema = Schema::compile_json(json);
        ASSERT_TRUE(schema.has_value()) << json;
        for (const std::string& text : inputs)
            for (Mode mode : kModes) {
                ++texts;
                taken += fast_agrees(text, *schema, mode, text + " " + std::string(mode_name(mode)));
            }
    }
    EXPECT_GT(taken * 2, texts);
    // The root with alternatives or an enum is never walked by the compact form.
    auto alternatives = Schema::compile_json(cases[3].first);
    ASSERT_TRUE(alternatives.has_value());
    EXPECT_EQ(alternatives->hot_root(), nullptr);
}

} // namespace
} // namespace laminate::bfcl
