// A one-member object around the payload ({"result": {...}}, {"items": [...]}), as models write
// when JSON mode has them answer with an object: when the wrapper does not fit the target and
// the value inside it does, the value inside is taken, with a wrapper_stripped Warning at the
// root. An object whose one key is the target's own is its data, never a wrapper; a wrapper
// around a scalar is not looked into (the key could mean anything).
#include <laminate/laminate.hpp>

#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <vector>

namespace {

using namespace laminate;

struct Sentiment {
    std::string sentiment;
    double confidence = 0;
};

struct Node {
    std::string name;
    std::optional<Value> parent;
};

const Diagnostic* stripped(const Diagnostics& ds) {
    for (const Diagnostic& d : ds)
        if (d.repair == RepairKind::WrapperStripped) return &d;
    return nullptr;
}

TEST(Wrapper, AnObjectInsideAOneMemberObjectIsTaken) {
    for (const char* text : {R"({"result": {"sentiment": "positive", "confidence": 0.8}})",
                             "Here you go:\n```json\n{\"response\": {\"sentiment\": \"positive\", \"confidence\": 0.8}}\n```"}) {
        SCOPED_TRACE(text);
        auto r = from_llm_response<Sentiment>(text);
        ASSERT_TRUE(r) << r.error();
        EXPECT_EQ(r->value.sentiment, "positive");
        EXPECT_EQ(r->value.confidence, 0.8);
        const Diagnostic* d = stripped(r->diagnostics);
        ASSERT_NE(d, nullptr);
        EXPECT_EQ(d->risk, Risk::Warning);
        EXPECT_EQ(d->path, "");
        EXPECT_EQ(d->message.find("result"), std::string::npos); // the key is not quoted
    }
}

TEST(Wrapper, AnArrayInsideAOneMemberObjectIsTaken) {
    auto r = from_llm_response<std::vector<int>>(R"({"items": [1, 2, 3]})");
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(r->value, (std::vector<int>{1, 2, 3}));
    ASSERT_NE(stripped(r->diagnostics), nullptr);
    auto schema = Schema::compile_json(R"({"type":"array","items":{"type":"integer"}})");
    ASSERT_TRUE(schema);
    auto s = schema->from_llm_response(R"({"items": [1, 2, 3]})");
    ASSERT_TRUE(s) << s.error();
    EXPECT_EQ(s->value.dump(), "[1,2,3]");
    ASSERT_NE(stripped(s->diagnostics), nullptr);
}

TEST(Wrapper, NoWrapperIsGuessedWhereTheReadingIsNotClear) {
    // The wrapper fits: it is the answer.
    auto fits = from_llm_response<Node>(R"({"name": "a"})");
    ASSERT_TRUE(fits);
    EXPECT_EQ(stripped(fits->diagnostics), nullptr);
    // What is inside does not fit either: the wrapper's own error.
    EXPECT_FALSE(from_llm_response<Sentiment>(R"({"result": {"mood": "good"}})"));
    EXPECT_FALSE(from_llm_response<std::vector<int>>(R"({"errors": ["none found"]})"));
    // A wrapper around a scalar is not looked into.
    EXPECT_FALSE(from_llm_response<int>(R"({"result": 5})"));
    // Two members: no wrapper.
    EXPECT_FALSE(from_llm_response<Sentiment>(R"({"result": {"sentiment": "positive", "confidence": 0.8}, "ok": true})"));
    // The one key is the target's own: its data, not a wrapper (the value inside would fit).
    EXPECT_FALSE(from_llm_response<Node>(R"({"parent": {"name": "Bob"}})"));
    auto schema = Schema::compile_json(
        R"({"type":"object","properties":{"name":{"type":"string"},"parent":{"type":"object"}},"required":["name"]})");
    ASSERT_TRUE(schema);
    EXPECT_FALSE(schema->from_llm_response(R"({"parent": {"name": "Bob", "parent": {}}})"));
}

} // namespace
