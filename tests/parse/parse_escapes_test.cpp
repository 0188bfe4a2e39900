// Escapes decode exactly in every quoting style, repaired strings included. (A known peer bug
// returns "caf\u00e" for "caf\u00e9" once a document needs repair.) Every style is crossed with
// every escape.

#include "parse_support.hpp"

#include <functional>

namespace laminate {
namespace {

struct Style {
    const char* name;
    std::function<std::string(const std::string&)> document; // the text of one string value
    bool complete = false;                                   // needs complete_truncated
};

std::string wrap(const char* before, const std::string& text, const char* after) {
    std::string out = before;
    out += text;
    out += after;
    return out;
}

const std::vector<Style>& styles() {
    static const std::vector<Style> all = {
        {"double quotes", [](const std::string& t) { return wrap("{\"k\": \"", t, "\"}"); }},
        {"double quotes in a repaired document",
         [](const std::string& t) { return wrap("{'j': 1, \"k\": \"", t, "\",}"); }},
        {"double quotes re-read after an unescaped quote",
         [](const std::string& t) { return wrap("{\"k\": \"", t, " \"x\" y\"}"); }},
        {"single quotes", [](const std::string& t) { return wrap("{\"k\": '", t, "'}"); }},
        {"typographic double quotes",
         [](const std::string& t) { return wrap("{\"k\": \xE2\x80\x9C", t, "\xE2\x80\x9D}"); }},
        {"typographic single quotes",
         [](const std::string& t) { return wrap("{\"k\": \xE2\x80\x98", t, "\xE2\x80\x99}"); }},
        {"backtick and acute accent",
         [](const std::string& t) { return wrap("{\"k\": `", t, "\xC2\xB4}"); }},
        {"missing closing quote before a delimiter",
         [](const std::string& t) { return wrap("{\"k\": \"", t, "}"); }},
        {"missing closing quote before the next string",
         [](const std::string& t) { return wrap("{\"k\": \"", t, ",\"m\": 1}"); }},
        {"cut off by the end of the input",
         [](const std::string& t) { return wrap("{\"k\": \"", t, ""); }, true},
        {"single quotes cut off by the end of the input",
         [](const std::string& t) { return wrap("{\"k\": '", t, ""); }, true},
    };
    return all;
}

struct EscapeCase {
    const char* escape;
    const char* decoded;
};

const EscapeCase escapes[] = {
    {"\\n", "\n"},
    {"\\\\", "\\"},
    {"\\'", "'"},
    {"\\\"", "\""},
    {"\\/", "/"},
    {"\\b", "\b"},
    {"\\f", "\f"},
    {"\\r", "\r"},
    {"\\t", "\t"},
    {"\\u00e9", "\xC3\xA9"},
    {"\\u00E9", "\xC3\xA9"},
    {"\\u2605", "\xE2\x98\x85"},
    {"\\ud83d\\ude00", "\xF0\x9F\x98\x80"},
    {"\\uD83D\\uDE00", "\xF0\x9F\x98\x80"},
    {"\\ud800", "\xEF\xBF\xBD"}, // an unpaired surrogate becomes U+FFFD
    {"\\udc00", "\xEF\xBF\xBD"},
};

TEST(ParseEscapes, EveryStyleDecodesEveryEscape) {
    for (const Style& style : styles()) {
        for (const EscapeCase& e : escapes) {
            const std::string text = wrap("caf", e.escape, "x");
            const std::string document = style.document(text);
            SCOPED_TRACE(std::string(style.name) + ": " + document);
            ParseOptions options;
            options.complete_truncated = style.complete;
            auto r = parse(document, options);
            ASSERT_TRUE(r) << r.error();
            const Value* v = r->value.find("k");
            ASSERT_TRUE(v && v->is_string()) << r->value.dump();
            std::string expected = wrap("caf", e.decoded, "x");
            if (std::string_view(style.name) == "double quotes re-read after an unescaped quote")
                expected += " \"x\" y";
            EXPECT_EQ(v->as_string(), expected);
            if (std::string_view(e.decoded) == "\xEF\xBF\xBD") {
                EXPECT_TRUE(test::has_repair(r->diagnostics, RepairKind::InvalidEscape))
                    << test::describe(r->diagnostics);
            }
        }
    }
}

TEST(ParseEscapes, KeysDecodeEscapesInEveryStyle) {
    for (const char* document : {"{\"caf\\u00e9\": 1}", "{'caf\\u00e9': 1}",
                                 "{\xE2\x80\x9C"
                                 "caf\\u00e9\xE2\x80\x9D: 1}",
                                 "{\"caf\\u00e9\" 1}"}) {
        SCOPED_TRACE(document);
        auto r = parse(document);
        ASSERT_TRUE(r) << r.error();
        EXPECT_EQ(r->value, test::json("{\"caf\xC3\xA9\": 1}"));
    }
}

TEST(ParseEscapes, InvalidEscapesKeepTheCharacter) {
    // The backslash stays: "C:\Users\me" is a path (it was read as "C:Usersme").
    test::expect_repair(R"("\a")", R"("\\a")", RepairKind::InvalidEscape, 1);
    test::expect_repair(R"("foo\'bar")", R"("foo'bar")", RepairKind::InvalidEscape, 4);
    test::expect_repair("'foo\\'bar'", R"("foo'bar")", RepairKind::SingleQuotes, 0);
    test::expect_repair(R"(["C:\Users\me"])", R"(["C:\\Users\\me"])", RepairKind::InvalidEscape, 4);
    test::expect_repair(R"({"path": "C:\Users\me"})", R"({"path": "C:\\Users\\me"})",
                        RepairKind::InvalidEscape, 12);
    // Unquoted text keeps backslashes that are not JSON escapes.
    test::expect_repair(R"({path: C:\Users\me})", R"({"path": "C:\\Users\\me"})",
                        RepairKind::UnquotedString, 7);
}

TEST(ParseEscapes, UnquotedTextKeepsEveryBackslash) {
    // Without quotes there is no escape syntax: C:\new is a path, not "C:", a line break and
    // "ew"; \b in C:\Users\bob is no backspace.
    test::expect_repair(R"({"a": C:\new})", R"({"a": "C:\\new"})", RepairKind::UnquotedString, 6);
    test::expect_repair(R"({"path": C:\Users\bob})", R"({"path": "C:\\Users\\bob"})",
                        RepairKind::UnquotedString, 9);
    test::expect_repair(R"({dir: C:\temp\new, n: 1})", R"({"dir": "C:\\temp\\new", "n": 1})",
                        RepairKind::UnquotedString, 6);
    test::expect_repair(R"({"a": x\u0041})", R"({"a": "x\\u0041"})", RepairKind::UnquotedString,
                        6);
    test::expect_repair(R"({"a": a\\b})", R"({"a": "a\\\\b"})", RepairKind::UnquotedString, 6);
    // An escaped quote is text too, and opens no string.
    test::expect_repair(R"({"a": say \"hi\", "b": 1})", R"({"a": "say \\\"hi\\\"", "b": 1})",
                        RepairKind::UnquotedString, 6);
    // A key: no line break in {a\nb: 1}.
    test::expect_repair(R"({a\nb: 1})", R"({"a\\nb": 1})", RepairKind::UnquotedKey, 1);
    test::expect_repair(R"({caf\u00e9: 1})", R"({"caf\\u00e9": 1})", RepairKind::UnquotedKey,
                        1);
    // Text that lost its opening quote is read as written as well.
    test::expect_repair(R"({"k": caf\nx"})", R"({"k": "caf\\nx"})", RepairKind::MissingQuote, 6);
}

TEST(ParseEscapes, UnicodeEscapesNeedFourHexDigits) {
    test::expect_error(R"("\u26")", ErrorKind::InvalidJson, 1);
    test::expect_error(R"("\uZ000")", ErrorKind::InvalidJson, 1);
    test::expect_error(R"("\uZ000)", ErrorKind::InvalidJson, 1);
}

TEST(ParseEscapes, EscapedStringsUndoOneLevel) {
    auto r = parse(R"({\"a\": \"caf\\u00e9 \\\"x\\\" \\n\"})");
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(r->value, test::json(R"({"a": "caf\u00e9 \"x\" \n"})"));
}

} // namespace
} // namespace laminate
