// A model's answer that is one JSON string holding a JSON object or array (a document encoded
// once more): extraction takes the document it holds as the payload (double_encoded Warning),
// unless the caller's filter accepts the string as written (a string target). parse() reads the
// string as written: it is valid JSON.
#include "extract_test_util.hpp"

namespace laminate {
namespace {

bool has_repair(const Diagnostics& ds, RepairKind kind) {
    return std::any_of(ds.begin(), ds.end(), [&](const Diagnostic& d) { return d.repair == kind; });
}

TEST(ExtractDoubleEncoded, TheDocumentHeldIsThePayload) {
    const std::string text = R"(  "{\"a\": [1, 2]}")";
    auto r = extract(text);
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(r->parsed.value.dump(), R"({"a":[1,2]})");
    ASSERT_TRUE(has_repair(r->parsed.diagnostics, RepairKind::DoubleEncoded));
    for (const Diagnostic& d : r->parsed.diagnostics) {
        if (d.repair == RepairKind::DoubleEncoded) {
            EXPECT_EQ(d.offset, 2u);
        }
    }
    // Only strictly valid JSON inside, and only an object or an array.
    for (const char* other : {R"("{a:b}")", R"("[1,2,3,]")", R"("42")", R"("[ just prose ]")"}) {
        auto s = extract(other);
        ASSERT_TRUE(s) << s.error();
        EXPECT_TRUE(s->parsed.value.is_string()) << other;
    }
    // Without repairs the string is the payload.
    ParseOptions strict;
    strict.repair = false;
    auto exact = extract(text, strict);
    ASSERT_TRUE(exact) << exact.error();
    EXPECT_TRUE(exact->parsed.value.is_string());
}

TEST(ExtractDoubleEncoded, RepeatedKeysInsideAreReported) {
    auto r = extract(R"("{\"a\": 1, \"a\": 2}")");
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(r->parsed.value.dump(), R"({"a":2})");
    EXPECT_TRUE(has_repair(r->parsed.diagnostics, RepairKind::DoubleEncoded));
    EXPECT_EQ(r->parsed.diagnostics.size(), 2u);
}

TEST(ExtractDoubleEncoded, AFilterThatTakesTheStringKeepsIt) {
    const std::string text = R"("[1, 2]")";
    auto strings = [](const Value& v) { return v.is_string(); };
    auto kept = extract(text, {}, {}, strings);
    ASSERT_TRUE(kept) << kept.error();
    EXPECT_EQ(kept->parsed.value, Value("[1, 2]"));
    EXPECT_TRUE(kept->parsed.diagnostics.empty());
    auto arrays = [](const Value& v) { return v.is_array(); };
    auto decoded = extract(text, {}, {}, arrays);
    ASSERT_TRUE(decoded) << decoded.error();
    EXPECT_EQ(decoded->parsed.value.dump(), "[1,2]");
}

} // namespace
} // namespace laminate
