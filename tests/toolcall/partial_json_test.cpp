// PartialJson: the value of streamed arguments so far — closed members complete, the open one
// marked partial — and the work it does stays linear when asked after every delta.

#include <laminate/parse.hpp>
#include <laminate/toolcall/partial_json.hpp>

#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

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
    EXPECT_EQ(*v.open_value, Value("Par"));
    p.append(R"(is", "days": 3, "tags": ["a", "b)");
    v = p.view();
    EXPECT_EQ(*v.closed, Value::object({{"city", "Paris"}, {"days", 3}}));
    EXPECT_EQ(v.open_key, "tags");
    EXPECT_EQ(*v.open_value, Value::array({"a", "b"}));
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
    EXPECT_FALSE(v.has_open); // a key without its value yet
    p.append(R"(": 2)");
    v = p.view();
    EXPECT_EQ(v.open_key, "b");
    EXPECT_EQ(*v.open_value, Value(2));
}

TEST(PartialJson, ArraysAtTheTop) {
    PartialJson p;
    p.append(R"([{"name": "a"}, {"name": "b)");
    auto v = p.view();
    EXPECT_EQ(v.closed->size(), 1u);
    EXPECT_EQ(v.open_path, "[1]");
    EXPECT_EQ(*v.open_value, Value::object({{"name", "b"}}));
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

// Work (bytes parsed) against input length, for a small and a ten times bigger input: the big one
// costs at most `per_byte` per input byte, and ten times the input about ten times the work (not
// a hundred).
void expect_linear_work(std::pair<std::size_t, std::size_t> small, std::pair<std::size_t, std::size_t> big,
                        std::size_t per_byte) {
    const auto [small_work, small_len] = small;
    const auto [big_work, big_len] = big;
    EXPECT_LT(big_work, per_byte * big_len);
    const double ratio = static_cast<double>(big_work) / static_cast<double>(small_work);
    const double len_ratio = static_cast<double>(big_len) / static_cast<double>(small_len);
    EXPECT_LT(ratio, 1.5 * len_ratio);
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
    expect_linear_work(work_for(200), work_for(2000), 6);
}

// Both null, or equal values.
bool same_open(const Value* a, const Value* b) { return a == b || (a && b && *a == *b); }

// A view from the incremental reader, asked after every byte, equals a fresh reader's view of
// the same prefix (which reads it in one go): how the text was cut changes no result, for plain
// text, escapes (\u and surrogate pairs too), non-ASCII, keys, numbers, literals, arrays and
// nesting; and the complete value equals the parser's.
TEST(PartialJson, ViewsAfterEveryByteEqualAFreshReadOfThePrefix) {
    for (const std::string& text :
         {std::string(R"({"a": 1, "text": "line one\nline \"two\"\t\\ end/\/ caf\u00e9 é x", "b": ["p", "q\n"], "c": "z"})"),
          std::string(R"(["first \"elem\"", "sec\\ond é", {"k": "v"}, "la\u0073t"])"),
          std::string(R"({"n": -12.5e+3, "m": [0, 10, 2E2, {"deep": [true, false, null, "\ud83d\ude00 ✓"]}], "z": 0.25})")}) {
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
            EXPECT_TRUE(same_open(got.open_value, want.open_value)) << "after byte " << i;
            EXPECT_EQ(got.complete, want.complete) << "after byte " << i;
        }
        auto parsed = laminate::parse(text);
        ASSERT_TRUE(parsed);
        EXPECT_EQ(p.value(), parsed->value);
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
    expect_linear_work(work_for(2000), work_for(20000), 4);
}

// One member holding a big nested array, asked after every delta: the open member is kept built,
// so the work stays a small multiple of the length (a reparse of the open member would be
// quadratic: the member is the whole text).
TEST(PartialJson, WorkIsLinearForOneBigNestedMember) {
    auto work_for = [](int items) {
        std::string text = R"({"rows": [)";
        for (int i = 0; i < items; ++i)
            text += (i ? ", " : "") + std::string(R"({"id": )") + std::to_string(i) + R"(, "tags": ["x", "y\n"], "w": -1.5e2})";
        text += "]}";
        const PartialJson p = viewed_after_every_delta(text, 3);
        EXPECT_TRUE(p.complete());
        EXPECT_EQ(p.value()["rows"].size(), static_cast<std::size_t>(items));
        return std::pair{p.bytes_parsed(), text.size()};
    };
    expect_linear_work(work_for(100), work_for(1000), 3);
}

// The view refers to the value being built: the same Value across views of one member, and a
// long string grows in place — its characters move O(log n) times, not on every delta.
TEST(PartialJson, TheOpenStringGrowsInPlace) {
    PartialJson p;
    p.append(R"({"id": 1, "body": ")");
    const Value* open = p.view().open_value;
    ASSERT_NE(open, nullptr);
    const char* chars = open->as_string().data();
    int moves = 0;
    for (int i = 0; i < 50000; ++i) {
        p.append(i % 7 ? "a" : "\\\\"); // a JSON escape: one backslash
        const auto v = p.view();
        ASSERT_EQ(v.open_value, open);
        if (v.open_value->as_string().data() != chars) {
            ++moves;
            chars = v.open_value->as_string().data();
        }
    }
    EXPECT_LE(moves, 20);
    EXPECT_EQ(open->as_string().size(), 50000u); // one character a delta
    EXPECT_EQ(open->as_string().substr(0, 3), "\\aa");
}

// Numbers show their digits so far once they form a number; literals show from the first letter;
// a key without a value yet is not shown.
TEST(PartialJson, OpenNumbersLiteralsAndKeys) {
    PartialJson p;
    auto open_after = [&p](std::string_view delta) {
        p.append(delta);
        const auto v = p.view();
        return v.has_open ? *v.open_value : Value("<none>");
    };
    EXPECT_EQ(open_after(R"({"n)"), Value("<none>"));
    EXPECT_EQ(open_after(R"(": )"), Value("<none>"));
    EXPECT_EQ(open_after("-"), Value("<none>"));
    EXPECT_EQ(open_after("1"), Value(-1));
    EXPECT_EQ(open_after("2."), Value(-12));
    EXPECT_EQ(open_after("5"), Value(-12.5));
    EXPECT_EQ(open_after("e"), Value(-12.5));
    EXPECT_EQ(open_after("3"), Value(-12500.0));
    EXPECT_EQ(p.view().open_key, "n");
    EXPECT_EQ(open_after(R"(, "ok": t)"), Value(true));
    EXPECT_EQ((*p.view().closed)["n"], Value(-12500.0));
    EXPECT_EQ(open_after(R"(rue, "nested": {"a": [1, {"b": nu)"),
              Value::object({{"a", Value::array({1, Value::object({{"b", nullptr}})})}}));
    EXPECT_EQ(open_after(R"(ll, "c)"), Value::object({{"a", Value::array({1, Value::object({{"b", nullptr}})})}}));
    EXPECT_EQ(p.view().open_path, "nested");
}

// Copies and moves carry the member being built; each goes on by itself.
TEST(PartialJson, CopiesAndMovesGoOnIndependently) {
    std::vector<PartialJson> calls(1);
    calls[0].append(R"({"a": [1, {"b": "te)");
    PartialJson copy = calls[0];
    for (int i = 0; i < 20; ++i) calls.emplace_back(); // moves calls[0] as the vector grows
    calls[0].append(R"(xt"}], "c": 2})");
    copy.append(R"(st"}]})");
    EXPECT_EQ(calls[0].value(), Value::object({{"a", Value::array({1, Value::object({{"b", "text"}})})}, {"c", 2}}));
    EXPECT_EQ(copy.value(), Value::object({{"a", Value::array({1, Value::object({{"b", "test"}})})}}));
    PartialJson moved = std::move(copy);
    EXPECT_TRUE(moved.complete());
}

// Text that stops being strict JSON part-way is read by the tolerant scanner from the member
// where it stops: the members before stay as read, the ones after are parsed when they close,
// and the complete value is the parser's.
TEST(PartialJson, TextThatIsNotStrictJsonIsReadTolerantly) {
    const std::string text =
        R"({"a": [1, 2], "b": {'q': True}, "c": [1, 2,], "d": {"k": 1, "k": 2}, "e": "café", "f": "x"})";
    PartialJson p;
    for (std::size_t i = 0; i < text.size(); ++i) {
        p.append(std::string_view(text).substr(i, 1));
        const auto v = p.view();
        if (i == 27) { // inside "b" (at "Tru"): the tolerant parser's completion of the open member
            ASSERT_TRUE(v.has_open);
            EXPECT_EQ(v.open_key, "b");
            EXPECT_EQ((*v.closed)["a"], Value::array({1, 2}));
        }
    }
    EXPECT_TRUE(p.complete());
    auto parsed = laminate::parse(text);
    ASSERT_TRUE(parsed);
    EXPECT_EQ(p.value(), parsed->value);
    EXPECT_EQ(p.value()["d"], Value::object({{"k", 2}})); // a repeated nested key: the last one
}

// A lone surrogate and a control character are the parser's to repair; bytes that are not
// UTF-8 are its to reject (by default), and then nothing is complete.
TEST(PartialJson, BadStringsAreTheParsersToRepair) {
    const std::string not_utf8 = "{\"a\": \"x\xFFy\", \"b\": 1}";
    EXPECT_FALSE(laminate::parse(not_utf8));
    EXPECT_FALSE(viewed_after_every_delta(not_utf8, 1).complete());
    for (const std::string& text : {std::string(R"({"a": "\ud800 lone", "b": 1})"),
                                    std::string("{\"a\": \"tab\there\", \"b\": 1}")}) {
        const PartialJson p = viewed_after_every_delta(text, 1);
        EXPECT_TRUE(p.complete());
        auto parsed = laminate::parse(text);
        ASSERT_TRUE(parsed);
        EXPECT_EQ(p.value(), parsed->value);
    }
}

} // namespace
