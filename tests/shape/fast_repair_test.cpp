// The repairs from_json's fast path makes itself (src/shape/fast_repair.cpp): single-quoted keys
// and strings, Python's True / False / None, trailing commas. Wherever it makes one, the result
// (value, residual, every diagnostic field, their order) must be what parse + shape gives; where
// the parser's rules are not that simple it must leave the text to the Value path.
#include <laminate/laminate.hpp>

#include <gtest/gtest.h>

#include "fast_path_compare.hpp"
#include "repair_test_types.hpp"

#include <cstdint>
#include <optional>
#include <random>
#include <string>
#include <vector>

namespace fast_test {
namespace {

// Taken in lenient and absorbing mode (strict refuses every repair, so the Value path reports it).
constexpr int kRepairingModes = 2;

TEST(FastRepair, EachRepairInEachPlaceIsMadeAsTheParserMakesIt) {
    for (const char* doc : {
             // Single quotes: keys, values, array items, nested objects, escapes, non-ASCII, a '"'.
             R"({'name': 'a', 'count': 3})", R"({'name': 'a [b', 'count': 1})",
             R"({"name": 'it\'s \\ "q" \n caf)" "\xc3\xa9" R"(', 'count': 3, 'tags': ['x', 'y z', ''], 'note': 'n'})",
             R"({'name' : 'a' , 'inner': {'label': 'l', 'on': True}, 'items': [{'label': 'm'}, {'label': 'o', 'on': None}]})",
             // Python literals into bool, optional<bool>, optional<string>, vector<bool>, and where they do not fit.
             R"({"name": "a", "flag": False, "bits": [True, False, True], "note": None})",
             R"({"name": "a", "count": 1, "color": None, "ratio": None})",
             R"({"name": None, "count": 1})",
             // Trailing commas: the root, nested objects, arrays (empty after the comma: blanks, line breaks).
             R"({"name": "a", "count": 1,})",
             "{\"name\": \"a\", \"tags\": [\"x\",\n ],\n \"inner\": {\"label\": \"l\" , }  ,\r\n}",
             R"({"name": "a", "items": [{"label": "m",},], "bits": [true,],})",
             // All together, as a model's dict repr has them.
             R"({'name': 'Shop alert', 'count': 2, 'flag': True, 'color': 'dark_blue', 'tags': ['a', 'b',], 'ratio': 0.5,})",
             // Coercions and unknown keys next to repairs (shaping's diagnostics come after the parser's).
             R"({'name': 5, 'count': '7', 'flag': 'yes', 'color': 'Dark Blue'})",
             R"({'name': 'a', 'ratio': '1e3', 'bits': ['true', 0,],})",
         }) {
        SCOPED_TRACE(doc);
        // Lenient at least: absorbing refuses some of the coercions, and the fast path then gives up.
        EXPECT_GE(expect_same<Outer>(doc), 1);
        EXPECT_TRUE(fast_taken<Outer>(doc));
    }
    for (const char* doc : {
             R"({'odd key': 'a', 'list': ['x',], 'n': 1,})",
             R"({"odd key": 'a', "list": [True], "n": None})",
         }) {
        SCOPED_TRACE(doc);
        EXPECT_GE(expect_same<Keyed>(doc), 1);
        EXPECT_TRUE(fast_taken<Keyed>(doc));
    }
}

TEST(FastRepair, DiagnosticsAreTheParsersInTextOrderBeforeShapingsOwn) {
    const std::string_view doc = R"({'name': 'a', 'count': '7', 'tags': ['x',], 'inner': {'label': 'l', 'on': True},})";
    auto r = laminate::from_json<Outer>(doc);
    ASSERT_TRUE(r) << r.error();
    std::vector<std::string> seen;
    for (const auto& d : r->diagnostics) seen.push_back(describe(d));
    const std::vector<std::string> expected = {
        // The parser's repairs, one per style at its first site, in text order: the quotes of
        // every key and string (10 sites), the commas of the array and the root, the literal.
        "name|repaired|warning|replaced quotes||1|single_quotes|||x10",
        "tags|repaired|warning|removed comma||40|trailing_comma|||x2",
        "inner.on|repaired|warning|mapped literal||74|python_literal||",
        // Then shaping's: the coercion, the absent optionals.
        "count|coerced|info|coerced string -> int32|emit numbers as JSON numbers, not strings|18446744073709551615|none|"
        "string|int32",
        "flag|defaulted|info|left empty||18446744073709551615|none||",
        "color|defaulted|info|left empty||18446744073709551615|none||",
        "items|defaulted|info|left empty||18446744073709551615|none||",
        "ratio|defaulted|info|left empty||18446744073709551615|none||",
        "bits|defaulted|info|left empty||18446744073709551615|none||",
        "note|defaulted|info|left empty||18446744073709551615|none||",
    };
    EXPECT_EQ(seen, expected);
    EXPECT_TRUE(fast_taken<Outer>(doc));
    EXPECT_GE(expect_same<Outer>(doc), 1); // absorbing refuses the string for count
}

TEST(FastRepair, PerSiteDiagnosticsAreTheParsersToo) {
    // With diagnostics_per_site, each site is its own diagnostic on both paths.
    const std::string_view doc = R"({'name': 'a', 'count': '7', 'tags': ['x',], 'inner': {'label': 'l', 'on': True},})";
    laminate::ShapeOptions options;
    options.parse.diagnostics_per_site = true;
    auto r = laminate::from_json<Outer>(doc, options);
    ASSERT_TRUE(r) << r.error();
    std::size_t repairs = 0;
    for (const auto& d : r->diagnostics) {
        EXPECT_EQ(d.count, 1u) << describe(d);
        repairs += d.kind == laminate::DiagnosticKind::Repaired;
    }
    EXPECT_EQ(repairs, 13u);
    EXPECT_EQ(r->diagnostics[1].offset, 9u);
    EXPECT_TRUE(fast_taken<Outer>(doc, options));
    EXPECT_GE(expect_same<Outer>(doc, options), 1);
}

TEST(FastRepair, WhatTheParserWeighsIsLeftToIt) {
    for (const std::string& doc : {
             // A quote that does not end its string, or whose end depends on brackets inside it.
             std::string(R"({'name': 'it's', 'count': 1})"),
             std::string(R"({"tags": ['a]']})"),
             std::string(R"({"tags": ['(x)']})"),
             // Escapes the parser repairs or decodes its own way, controls, bad or cut UTF-8.
             std::string(R"({'name': 'a\x'})"), std::string(R"({'name': '\u00e9'})"),
             std::string("{'name': 'a\tb'}"), std::string("{'name': 'bad \xc3\x28'}"),
             std::string("{'name': 'cut \xc3"),
             // Literals that are not a whole value; a single-quoted string cut off.
             std::string(R"({"name": "a", "flag": Truex})"), std::string(R"({"name": "a", "flag": True story})"),
             std::string(R"({"name": 'a)"), std::string(R"({"name": "a", "flag": None)"),
             // Commas the parser repairs otherwise.
             std::string(R"({"name": "a",, "count": 1})"), std::string(R"({, "name": "a"})"),
             std::string(R"({"name": "a", "tags": [,]})"), std::string(R"({"name": "a"},)"),
             // A key without its colon: no comma before the '}' (found by fuzz/shape_fuzzer), and
             // a single-quoted string after it that is no key.
             std::string(R"({"name"})"), std::string(R"({"name" 'x': 1})"), std::string(R"({"name": "a", "n" })"),
         }) {
        SCOPED_TRACE(doc);
        EXPECT_EQ(expect_same<Outer>(doc), 0);
    }
    // An alias or a loosely matched key: the parser's paths name it, shaping's the field.
    for (const char* doc : {R"({"items": ['x']})", R"({'items': ["x"]})", R"({"items": ["x",]})",
                            R"({"Odd_Key": 'a', "list": []})", R"({"list": [], "ODD KEY": True})"}) {
        SCOPED_TRACE(doc);
        EXPECT_EQ(expect_same<Keyed>(doc), 0);
    }
}

TEST(FastRepair, RepairLimitAndSwitchesAreTheParsers) {
    const std::string doc = R"({'name': 'a', 'count': 1, 'flag': True})"; // five repairs
    for (std::size_t limit : {0u, 1u, 4u, 5u, 6u}) {
        laminate::ShapeOptions options;
        options.parse.max_repairs = limit;
        EXPECT_EQ(observe(laminate::from_json<Outer>(doc, options)), observe(slow_path<Outer>(doc, options))) << limit;
        EXPECT_EQ(fast_taken<Outer>(doc, options), limit >= 5) << limit;
    }
    laminate::ShapeOptions no_repair;
    no_repair.parse.repair = false;
    EXPECT_EQ(observe(laminate::from_json<Outer>(doc, no_repair)), observe(slow_path<Outer>(doc, no_repair)));
    EXPECT_FALSE(laminate::from_json<Outer>(doc, no_repair));
    EXPECT_FALSE(laminate::from_json<Outer>(doc, laminate::Mode::Strict));
}

// Valid documents with repairs sprinkled at random (each key, string, literal and closer a coin
// toss): whatever the mix, both paths agree, and the fast path takes every one it can.
TEST(FastRepair, RandomMixesOfRepairsMatchTheValuePath) {
    std::mt19937 rng(20261204);
    auto coin = [&] { return rng() % 3 == 0; };
    std::string d;
    // Appended piece by piece (g++ 12 warns falsely on long operator+ chains of std::string).
    auto text = [&](std::string_view s) {
        d += coin() ? '\'' : '"';
        d.append(s);
        d += d[d.size() - s.size() - 1];
    };
    auto member = [&](std::string_view key) {
        d += ", ";
        text(key);
        d += ": ";
    };
    auto boolean = [&](bool b) { d += coin() ? (b ? "True" : "False") : (b ? "true" : "false"); };
    auto close = [&](char closer, bool empty = false) {
        if (!empty && coin()) d += ',';
        if (coin()) d += ' ';
        d += closer;
    };
    std::size_t taken = 0;
    const int n = 600;
    for (int i = 0; i < n; ++i) {
        d = "{";
        text("name");
        d += ": ";
        text("alert " + std::to_string(i));
        member("count");
        d += std::to_string(rng() % 100);
        if (coin()) {
            member("flag");
            if (coin()) d += coin() ? "None" : "null";
            else boolean(rng() % 2);
        }
        member("tags");
        d += '[';
        for (unsigned k = 0, m = rng() % 4; k < m; ++k) {
            if (k) d += ", ";
            text("t" + std::to_string(k));
        }
        close(']', d.back() == '[');
        if (coin()) {
            member("inner");
            d += '{';
            text("label");
            d += ": ";
            text("l");
            member("on");
            boolean(rng() % 2);
            close('}');
        }
        member("bits");
        d += '[';
        boolean(true);
        d += ", ";
        boolean(false);
        close(']');
        close('}');
        SCOPED_TRACE(d);
        const int modes = expect_same<Outer>(d);
        EXPECT_GE(modes, kRepairingModes); // all three when the coins made no repair
        taken += modes >= kRepairingModes;
    }
    EXPECT_EQ(taken, static_cast<std::size_t>(n));
}

} // namespace
} // namespace fast_test
