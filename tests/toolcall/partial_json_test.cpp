// PartialJson: the value of streamed arguments so far — closed members complete, the open one
// marked partial — and the work it does stays linear when asked after every delta.

#include <laminate/toolcall/partial_json.hpp>

#include <gtest/gtest.h>

#include <string>

namespace {

using laminate::Value;
using laminate::toolcall::PartialJson;

TEST(PartialJson, ClosedMembersAndTheOpenOne) {
    PartialJson p;
    EXPECT_EQ(p.view().closed, nullptr); // nothing yet
    p.append(R"({"city": "Par)");
    auto v = p.view();
    ASSERT_NE(v.closed, nullptr);
    EXPECT_TRUE(v.closed->empty());
    EXPECT_TRUE(v.has_open);
    EXPECT_EQ(v.open_key, "city");
    EXPECT_EQ(v.open_path, "city");
    EXPECT_EQ(v.open_value, Value("Par"));
    p.append(R"(is", "days": 3, "tags": ["a", "b)");
    v = p.view();
    EXPECT_EQ(*v.closed, Value::object({{"city", "Paris"}, {"days", 3}}));
    EXPECT_EQ(v.open_key, "tags");
    EXPECT_EQ(v.open_value, Value::array({"a", "b"}));
    EXPECT_FALSE(v.complete);
    p.append(R"("], "note": "a, b } ]"})");
    v = p.view();
    EXPECT_TRUE(v.complete);
    EXPECT_FALSE(v.has_open);
    EXPECT_EQ(p.value(), Value::object({{"city", "Paris"}, {"days", 3}, {"tags", Value::array({"a", "b"})},
                                        {"note", "a, b } ]"}}));
}

TEST(PartialJson, NestedObjectsAndEscapesDoNotSplitMembers) {
    PartialJson p;
    p.append(R"({"a": {"x": 1, "y": [1, {"z": "q\"},"}]}, "b)");
    auto v = p.view();
    ASSERT_NE(v.closed, nullptr);
    EXPECT_EQ(v.closed->size(), 1u);
    EXPECT_EQ((*v.closed)["a"]["y"][1]["z"], Value("q\"},"));
    EXPECT_EQ(v.open_key, "b");
}

TEST(PartialJson, ArraysAtTheTop) {
    PartialJson p;
    p.append(R"([{"name": "a"}, {"name": "b)");
    auto v = p.view();
    EXPECT_EQ(v.closed->size(), 1u);
    EXPECT_EQ(v.open_path, "[1]");
    EXPECT_EQ(v.open_value, Value::object({{"name", "b"}}));
    EXPECT_EQ(p.value().size(), 2u);
}

TEST(PartialJson, TextThatIsNotAnObjectIsReadWhole) {
    PartialJson p;
    p.append("```json\n{\"a\": 1");
    auto v = p.view();
    EXPECT_EQ(v.closed, nullptr);
    EXPECT_FALSE(p.complete());
}

TEST(PartialJson, ByteByByteEqualsWhole) {
    const std::string text = R"({"q": "caf\u00e9 \"x\"", "n": [1, 2, {"d": null}], "ok": true, "s": "é,}"})";
    PartialJson p;
    for (char c : text) {
        p.append(std::string_view(&c, 1));
        (void)p.view(); // asked after every byte
    }
    EXPECT_TRUE(p.complete());
    EXPECT_EQ(p.value(), Value::object({{"q", "café \"x\""}, {"n", Value::array({1, 2, Value::object({{"d", nullptr}})})},
                                        {"ok", true}, {"s", "é,}"}}));
}

// `text` appended in deltas of `step` bytes, with a view asked after each one.
PartialJson viewed_after_every_delta(std::string_view text, std::size_t step) {
    PartialJson p;
    for (std::size_t i = 0; i < text.size(); i += step) {
        p.append(text.substr(i, step));
        (void)p.view();
    }
    return p;
}

// The work counter: bytes handed to the parser. Asked after every 3-byte delta over 2,000
// members, a reparse of the prefix would be quadratic (~ n^2 / 6 bytes); the scanner keeps it to
// a small multiple of the length.
TEST(PartialJson, WorkIsLinearWhenAskedAfterEveryDelta) {
    auto work_for = [](int members) {
        std::string text = "{";
        for (int i = 0; i < members; ++i) text += (i ? ", " : "") + std::string("\"key") + std::to_string(i) + "\": \"value " + std::to_string(i) + "\"";
        text += "}";
        const PartialJson p = viewed_after_every_delta(text, 3);
        EXPECT_TRUE(p.complete());
        EXPECT_EQ(p.value().size(), static_cast<std::size_t>(members));
        return std::pair{p.bytes_parsed(), text.size()};
    };
    const auto [small_work, small_len] = work_for(200);
    const auto [big_work, big_len] = work_for(2000);
    EXPECT_LT(big_work, 6 * big_len);
    // Ten times the input, about ten times the work (not a hundred).
    const double ratio = static_cast<double>(big_work) / static_cast<double>(small_work);
    const double len_ratio = static_cast<double>(big_len) / static_cast<double>(small_len);
    EXPECT_LT(ratio, 1.5 * len_ratio);
}

// A view from the incremental reader, asked after every byte, equals a fresh reader's view of
// the same prefix (which parses it in one go): the open-string shortcut changes no result, for
// plain text, simple escapes, \u escapes, non-ASCII, keys, arrays and nesting.
TEST(PartialJson, ViewsAfterEveryByteEqualAFreshReadOfThePrefix) {
    for (const std::string& text :
         {std::string(R"({"a": 1, "text": "line one\nline \"two\"\t\\ end/\/ caf\u00e9 é x", "b": ["p", "q\n"], "c": "z"})"),
          std::string(R"(["first \"elem\"", "sec\\ond é", {"k": "v"}, "la\u0073t"])")}) {
        PartialJson p;
        for (std::size_t i = 0; i < text.size(); ++i) {
            p.append(std::string_view(text).substr(i, 1));
            const auto got = p.view();
            PartialJson fresh;
            fresh.append(std::string_view(text).substr(0, i + 1));
            const auto want = fresh.view();
            ASSERT_EQ(got.has_open, want.has_open) << "after byte " << i;
            EXPECT_EQ(got.open_key, want.open_key) << "after byte " << i;
            EXPECT_EQ(got.open_path, want.open_path) << "after byte " << i;
            EXPECT_EQ(got.open_value, want.open_value) << "after byte " << i;
            EXPECT_EQ(got.complete, want.complete) << "after byte " << i;
        }
    }
}

// One huge string member open across many deltas, asked after every delta: the parser must not
// reread the open string each time. Counted in bytes handed to the parser or decoded (no clock):
// a rescan would be ~ n^2 / 2 bytes; the open-string shortcut keeps it near n.
TEST(PartialJson, WorkIsLinearForOneLongOpenString) {
    auto work_for = [](std::size_t n) {
        std::string text = R"({"id": 7, "body": ")";
        for (std::size_t i = 0; text.size() < n; ++i) text += i % 10 == 9 ? "\\n" : "word ";
        text += R"(", "end": true})";
        const PartialJson p = viewed_after_every_delta(text, 2);
        EXPECT_TRUE(p.complete());
        EXPECT_EQ(p.value()["end"], Value(true));
        return std::pair{p.bytes_parsed(), text.size()};
    };
    const auto [small_work, small_len] = work_for(2000);
    const auto [big_work, big_len] = work_for(20000);
    EXPECT_LT(big_work, 4 * big_len);
    const double ratio = static_cast<double>(big_work) / static_cast<double>(small_work);
    const double len_ratio = static_cast<double>(big_len) / static_cast<double>(small_len);
    EXPECT_LT(ratio, 1.5 * len_ratio);
}

} // namespace
