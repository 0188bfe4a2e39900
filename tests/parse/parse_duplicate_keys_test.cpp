// Objects that repeat a key: a DuplicateKey diagnostic (Warning) for every repetition, and the
// policy of ParseOptions::duplicate_keys decides what the object keeps.

#include "parse_support.hpp"

namespace laminate {
namespace {

ParseOptions policy(DuplicateKeys p) {
    ParseOptions o;
    o.duplicate_keys = p;
    return o;
}

const Diagnostic* duplicate_diagnostic(const Diagnostics& ds) {
    for (const auto& d : ds)
        if (d.kind == DiagnosticKind::DuplicateKey) return &d;
    return nullptr;
}

constexpr std::string_view doc = R"({"a": 1, "b": 2, "a": 3})";

TEST(ParseDuplicateKeys, LastWinsByDefault) {
    auto r = parse(doc);
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(r->value.dump(), R"({"a":3,"b":2})"); // the earlier position, the later value
    const Diagnostic* d = duplicate_diagnostic(r->diagnostics);
    ASSERT_NE(d, nullptr);
    EXPECT_EQ(d->risk, Risk::Warning);
    EXPECT_EQ(d->offset, 17u);
    EXPECT_EQ(d->path, "a");
    EXPECT_EQ(d->repair, RepairKind::None);
}

TEST(ParseDuplicateKeys, FirstWins) {
    auto r = parse(doc, policy(DuplicateKeys::FirstWins));
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(r->value.dump(), R"({"a":1,"b":2})");
    ASSERT_NE(duplicate_diagnostic(r->diagnostics), nullptr);
}

TEST(ParseDuplicateKeys, KeepAll) {
    auto r = parse(doc, policy(DuplicateKeys::KeepAll));
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(r->value.dump(), R"({"a":1,"b":2,"a":3})");
    EXPECT_EQ(r->value["a"], Value(3));
    ASSERT_NE(duplicate_diagnostic(r->diagnostics), nullptr);
}

TEST(ParseDuplicateKeys, Error) {
    test::expect_error(doc, ErrorKind::InvalidJson, 17, policy(DuplicateKeys::Error));
}

TEST(ParseDuplicateKeys, ApplyInStrictModeToo) {
    auto r = parse(doc, test::strict());
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(r->value.dump(), R"({"a":3,"b":2})");
    ASSERT_NE(duplicate_diagnostic(r->diagnostics), nullptr);
}

TEST(ParseDuplicateKeys, EveryRepetitionIsReported) {
    auto r = parse(R"({"x": {"k": 1, "k": 2, "k": 3}, "k": 0})");
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(r->value.dump(), R"({"x":{"k":3},"k":0})");
    std::vector<std::size_t> offsets;
    for (const auto& d : r->diagnostics) {
        ASSERT_EQ(d.kind, DiagnosticKind::DuplicateKey);
        EXPECT_EQ(d.path, "x.k");
        offsets.push_back(d.offset);
    }
    EXPECT_EQ(offsets, (std::vector<std::size_t>{15, 23}));
}

TEST(ParseDuplicateKeys, LargeObjects) {
    // Beyond the pairwise comparison of small objects.
    std::string text = "{";
    for (int i = 0; i < 1000; ++i)
        text += "\"key" + std::to_string(i) + "\": " + std::to_string(i) + ", ";
    text += "\"key500\": -1, \"key999\": -2}";
    auto r = parse(text);
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(r->value.size(), 1000u);
    EXPECT_EQ(r->value["key500"], Value(-1));
    EXPECT_EQ(r->value["key999"], Value(-2));
    EXPECT_EQ(r->value["key0"], Value(0));
    EXPECT_EQ(r->value.members()[500].key(), "key500");
    EXPECT_EQ(r->diagnostics.size(), 2u);
    // Distinct keys: no false positive.
    auto clean = parse(text.substr(0, text.rfind(", \"key500\"")) + "}");
    ASSERT_TRUE(clean) << clean.error();
    EXPECT_TRUE(clean->diagnostics.empty());
    EXPECT_EQ(clean->value.size(), 1000u);
}

TEST(ParseDuplicateKeys, MidSizeObjectsAroundTheFilterSizes) {
    // 17..64 members take the larger fingerprint filter, 65 and more the sort: a repeat is found
    // wherever it is, and distinct keys (long ones too, which are hashed) raise nothing.
    for (int members : {16, 17, 40, 64, 65, 100}) {
        for (int repeat_of : {0, members / 2, members - 1}) {
            std::string text = "{";
            for (int i = 0; i < members; ++i)
                text += "\"a rather long key number " + std::to_string(i) + "\": " + std::to_string(i) + ", ";
            const std::string distinct = text.substr(0, text.size() - 2) + "}";
            text += "\"a rather long key number " + std::to_string(repeat_of) + "\": -1}";
            auto r = parse(text);
            ASSERT_TRUE(r) << r.error();
            EXPECT_EQ(r->value.size(), static_cast<std::size_t>(members)) << members;
            EXPECT_EQ(r->value["a rather long key number " + std::to_string(repeat_of)], Value(-1)) << members;
            ASSERT_EQ(r->diagnostics.size(), 1u) << members << " " << repeat_of;
            EXPECT_EQ(r->diagnostics[0].kind, DiagnosticKind::DuplicateKey);
            auto clean = parse(distinct);
            ASSERT_TRUE(clean) << clean.error();
            EXPECT_TRUE(clean->diagnostics.empty()) << members;
            EXPECT_EQ(clean->value.size(), static_cast<std::size_t>(members));
        }
    }
}

TEST(ParseDuplicateKeys, KeysAreComparedAfterDecoding) {
    auto r = parse(R"({"caf\u00e9": 1, "café": 2, 'café': 3})");
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(r->value.size(), 1u);
    EXPECT_EQ(r->value["café"], Value(3));
}

} // namespace
} // namespace laminate
