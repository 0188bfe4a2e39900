// Deep nesting: destroy, copy, dump and == do not recurse, so hand-built values far deeper than
// the parser's max_depth (512) are safe.
#include <laminate/value.hpp>

#include <gtest/gtest.h>

#include <string>

using laminate::Value;

namespace {
constexpr int kVeryDeep = 200000; // well past what a recursive destructor survives under ASan

// [[[ ... ]]] depth levels, built iteratively.
Value nested_arrays(int depth) {
    Value v = Value::array();
    for (int i = 1; i < depth; ++i) {
        Value outer = Value::array();
        outer.push_back(std::move(v));
        v = std::move(outer);
    }
    return v;
}

// {"k":{"k": ... {"leaf":"<long string>"} }} with a sibling at every level, so that freeing has
// to come back up and continue in each parent.
Value nested_objects(int depth) {
    Value v = Value::object({{"leaf", "a string long enough to live on the heap"}});
    for (int i = 1; i < depth; ++i) {
        Value outer = Value::object();
        outer.set("before", Value::array({i, "a heap string at every level of the tree"}));
        outer.set("k", std::move(v));
        outer.set("after", Value::object({{"n", i}}));
        v = std::move(outer);
    }
    return v;
}

int depth_of(const Value& root) {
    int depth = 0;
    for (const Value* v = &root; v && (v->is_array() || v->is_object()); ++depth)
        v = v->is_array() ? (v->empty() ? nullptr : &v->items()[0]) : v->find("k");
    return depth;
}
} // namespace

TEST(ValueDepth, ParserDepthWorksEverywhere) {
    for (Value v : {nested_arrays(512), nested_objects(512)}) {
        Value copy = v;
        EXPECT_EQ(copy, v);
        EXPECT_EQ(copy.dump(), v.dump());
        EXPECT_EQ(depth_of(copy), 512);
        EXPECT_FALSE(copy.dump_pretty().empty());
    }
    EXPECT_EQ(nested_arrays(512).dump(), std::string(512, '[') + std::string(512, ']'));
}

TEST(ValueDepth, VeryDeepArraysDestroyCopyAndDump) {
    Value v = nested_arrays(kVeryDeep);
    Value copy = v;
    EXPECT_EQ(depth_of(copy), kVeryDeep);
    std::string text = copy.dump();
    EXPECT_EQ(text.size(), 2u * kVeryDeep);
    EXPECT_EQ(text, std::string(kVeryDeep, '[') + std::string(kVeryDeep, ']'));
    copy = Value(); // frees the whole chain
    EXPECT_TRUE(copy.is_null());
}

TEST(ValueDepth, VeryDeepObjectsDestroyCopyAndDump) {
    Value v = nested_objects(kVeryDeep / 4);
    Value copy(v);
    EXPECT_EQ(depth_of(copy), kVeryDeep / 4);
    EXPECT_EQ(copy.dump().size(), v.dump().size());
}

TEST(ValueDepth, DeepPrettyDump) {
    // Pretty output grows with depth squared (indentation), so a moderate depth.
    Value v = nested_arrays(5000);
    std::string text = v.dump_pretty(1);
    EXPECT_EQ(text.size(), 5000u * 5000u + 2u * 5000u - 1u);
    EXPECT_EQ(text.substr(0, 5), "[\n [\n");
}

TEST(ValueDepth, VeryDeepEquality) {
    Value a = nested_objects(kVeryDeep / 4), b = nested_objects(kVeryDeep / 4);
    EXPECT_EQ(a, b);
    Value* leaf = &b;
    while (leaf->find("k")) leaf = leaf->find("k");
    leaf->set("leaf", "changed");
    EXPECT_NE(a, b);
    Value x = nested_arrays(kVeryDeep), y = nested_arrays(kVeryDeep);
    EXPECT_EQ(x, y);
    Value* innermost = &y;
    while (!innermost->empty()) innermost = &innermost->items()[0];
    innermost->push_back(1);
    EXPECT_NE(x, y);
}

TEST(ValueDepth, WideAndDeepTreesFreeEveryNode) {
    // Mixed shapes exercise every resume path of the destructor: under ASan, a leak or a double
    // free fails this test.
    Value root = Value::array();
    for (int i = 0; i < 50; ++i) {
        Value branch = i % 2 ? nested_arrays(100 + i) : nested_objects(20 + i);
        Value wrapper = Value::object({{"branch", std::move(branch)}, {"empty", Value::array()}});
        wrapper.set("tail", Value::array({Value::object(), Value::array({Value::array()}), "text on the heap, long"}));
        root.push_back(std::move(wrapper));
    }
    Value copy = root;
    EXPECT_EQ(copy, root);
    root = Value::array({std::move(copy)});
    EXPECT_EQ(root.size(), 1u);
}
