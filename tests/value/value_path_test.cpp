// laminate's path syntax: a.b[0]["odd key"], and the path rendering used by diagnostics.
#include <laminate/value.hpp>

#include <gtest/gtest.h>

#include <string>
#include <vector>

using laminate::Value;

namespace {
Value document() {
    return Value::object({{"a", Value::object({{"b", Value::array({Value::object({{"odd key", "found"}}), 1})}})},
                          {"odd key", "top"},
                          {"list", Value::array({Value::array({"x", "y"})})},
                          {"$a", "dollar"},
                          {"a-b", "dash"},
                          {"it's", "apostrophe"},
                          {"say \"hi\"", "quoted"},
                          {"tab\there", "tab"},
                          {"caf\xC3\xA9", "utf8"},
                          {"\xF0\x9F\x98\x80", "emoji"},
                          {"back\\slash", "backslash"},
                          {"", "empty"}});
}

std::string at(const Value& v, std::string_view path) {
    const Value* found = v.at_path(path);
    return found ? found->dump() : "<absent>";
}
} // namespace

TEST(ValuePath, DotsIndicesAndQuotedKeys) {
    const Value doc = document();
    EXPECT_EQ(at(doc, R"(a.b[0]["odd key"])"), R"("found")");
    EXPECT_EQ(at(doc, "a.b[0]['odd key']"), R"("found")");
    EXPECT_EQ(at(doc, "a.b[1]"), "1");
    EXPECT_EQ(at(doc, R"(["odd key"])"), R"("top")");
    EXPECT_EQ(at(doc, "list[0][1]"), R"("y")");
    EXPECT_EQ(at(doc, "a-b"), R"("dash")");
    EXPECT_EQ(at(doc, R"([""])"), R"("empty")");
}

TEST(ValuePath, RootMarkers) {
    const Value doc = document();
    EXPECT_EQ(doc.at_path(""), &doc);
    EXPECT_EQ(doc.at_path("$"), &doc);
    EXPECT_EQ(at(doc, "$.a.b[1]"), "1");
    EXPECT_EQ(at(doc, "$['odd key']"), R"("top")");
    EXPECT_EQ(at(doc, ".a.b[1]"), "1"); // a leading '.' reads like "$."
    // "$" followed by a name character is part of the key.
    EXPECT_EQ(at(doc, "$a"), R"("dollar")");
    const Value list = Value::array({"first"});
    EXPECT_EQ(at(list, "$[0]"), R"("first")");
    EXPECT_EQ(at(list, "[0]"), R"("first")");
}

TEST(ValuePath, EscapesInQuotedKeys) {
    const Value doc = document();
    EXPECT_EQ(at(doc, R"(['it\'s'])"), R"("apostrophe")");
    EXPECT_EQ(at(doc, R"(["it's"])"), R"("apostrophe")");
    EXPECT_EQ(at(doc, R"(["say \"hi\""])"), R"("quoted")");
    EXPECT_EQ(at(doc, R"(['say "hi"'])"), R"("quoted")");
    EXPECT_EQ(at(doc, R"(["tab\there"])"), R"("tab")");
    EXPECT_EQ(at(doc, R"(["tab\u0009here"])"), R"("tab")");
    EXPECT_EQ(at(doc, R"(["caf\u00e9"])"), R"("utf8")");
    EXPECT_EQ(at(doc, R"(["caf\u00E9"])"), R"("utf8")");
    EXPECT_EQ(at(doc, "[\"caf\xC3\xA9\"]"), R"("utf8")");
    EXPECT_EQ(at(doc, R"(["\ud83d\ude00"])"), R"("emoji")");
    EXPECT_EQ(at(doc, R"(["back\\slash"])"), R"("backslash")");
    EXPECT_EQ(at(doc, R"(["a.b[0]"])"), "<absent>"); // brackets and dots inside quotes are text
}

TEST(ValuePath, MalformedPathsAreAbsent) {
    const Value doc = document();
    for (std::string_view path :
         {"a.", "a..b", ".", "..a", "a[", "a[0", "a.b[01]", "a.b[-1]", "a.b[x]", "a.b[ 0]", "a.b[0 ]",
          "a.b[+0]", "a.b[]", R"(a["b)", R"(a["b")", R"(a["b"]x)", R"(a["b"]])", "a]", "a.b]", "a.b[0]x",
          R"(["\q"])", R"(["\u12"])", R"(["\u12zz"])", R"(["\ud83d"])", R"(["\ude00"])", R"(["\ud83d\u0041"])",
          "a'b", "a\"b", "$$", "$.", "$..a", "[0][", R"(['odd key"])", R"(["odd key'])"}) {
        EXPECT_EQ(doc.at_path(path), nullptr) << path;
    }
}

TEST(ValuePath, MissingStepsAreAbsent) {
    const Value doc = document();
    EXPECT_EQ(doc.at_path("missing"), nullptr);
    EXPECT_EQ(doc.at_path("a.missing.deeper"), nullptr);
    EXPECT_EQ(doc.at_path("a.b[2]"), nullptr);
    EXPECT_EQ(doc.at_path("a[0]"), nullptr);       // index into an object
    EXPECT_EQ(doc.at_path("list.x"), nullptr);     // key into an array
    EXPECT_EQ(doc.at_path("a.b[1].x"), nullptr);   // key into a number
    EXPECT_EQ(doc.at_path("missing[x]"), nullptr); // malformed after a miss: still absent
}

TEST(ValuePath, AppendPathRendering) {
    std::string path;
    laminate::append_path_key(path, "a");
    laminate::append_path_key(path, "b_2");
    laminate::append_path_index(path, 0);
    laminate::append_path_key(path, "odd key");
    laminate::append_path_key(path, "x-y");
    EXPECT_EQ(path, R"(a.b_2[0]["odd key"].x-y)");

    std::string root_odd;
    laminate::append_path_key(root_odd, "has space");
    EXPECT_EQ(root_odd, R"(["has space"])");
    std::string index_first;
    laminate::append_path_index(index_first, 12);
    laminate::append_path_key(index_first, "k");
    EXPECT_EQ(index_first, "[12].k");

    for (std::string_view key : {"$", "$a", "-1", "0", "9lives", "", "a.b", "q\"uote"}) {
        std::string rendered;
        laminate::append_path_key(rendered, key);
        EXPECT_EQ(rendered.front(), '[') << key; // never bare: would read as something else
    }
}

TEST(ValuePath, AppendPathKeyAsFirstSegmentAfterOtherPaths) {
    // Several paths end to end in one string: a bare key that begins a path takes no '.'.
    std::string paths = "a.b";
    laminate::append_path_key(paths, "c", true);
    EXPECT_EQ(paths, "a.bc");
    laminate::append_path_key(paths, "d", false);
    EXPECT_EQ(paths, "a.bc.d");
    laminate::append_path_key(paths, "odd key", true); // a bracketed key never takes a '.'
    EXPECT_EQ(paths, R"(a.bc.d["odd key"])");
}

TEST(ValuePath, RenderedPathsReadBack) {
    // Every key append_path_key can write must resolve again through at_path.
    const std::vector<std::string> keys = {
        "a", "odd key", "", "$", "$a", "-1", "0", "01", "a.b", "a[0]", "q\"uote", "it's", "back\\slash",
        "tab\t", "nl\n", std::string("\x01\x1f", 2), "caf\xC3\xA9", "\xF0\x9F\x98\x80", "a-b", "_x1", "]", "["};
    for (const auto& key : keys) {
        Value doc = Value::object({{"outer", Value::array({Value::object({{key, "hit"}})})}});
        std::string path;
        laminate::append_path_key(path, "outer");
        laminate::append_path_index(path, 0);
        laminate::append_path_key(path, key);
        const Value* found = doc.at_path(path);
        ASSERT_NE(found, nullptr) << path;
        EXPECT_EQ(found->as_string(), "hit") << path;

        std::string from_root;
        laminate::append_path_key(from_root, key);
        Value flat = Value::object({{key, 1}});
        EXPECT_NE(flat.at_path(from_root), nullptr) << from_root;
    }
}
