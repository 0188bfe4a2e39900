// Python's string prefixes in a pythonic call's value: r'C:\new', b'x', u'x', f'done', rb/br,
// rf/fr in any case, read as Python reads them with a python_literal Warning (as the parser
// reads them inside containers). What Python would compute or join is no literal: an f-string
// that interpolates, and a prefixed string with another after it, stay their text with an
// expression_as_string Warning, never a made-up literal.

#include <laminate/toolcall/raw_text.hpp>

#include "raw_text_support.hpp"

#include <gtest/gtest.h>

#include <string>

using namespace laminate;
using namespace laminate::toolcall;
using laminate::toolcall::test::call;
using laminate::toolcall::test::read;

namespace {

bool has_repair(const ToolCall& c, RepairKind repair, std::string_view path, Risk risk = Risk::Warning) {
    for (const Diagnostic& d : c.diagnostics)
        if (d.repair == repair && d.path == path && d.risk == risk) return true;
    return false;
}

TEST(RawTextPythonicPrefixes, RawStringKeepsItsBackslashes) {
    const std::string text = "[read_file(path=r'C:\\new\\table.csv', mode=\"r\")]";
    const Response r = read(text);
    ASSERT_EQ(r.tool_calls().size(), 1u);
    const ToolCall& c = call(r, 0);
    EXPECT_EQ(c.arguments["path"], Value("C:\\new\\table.csv"));
    EXPECT_EQ(c.arguments["mode"], Value("r"));
    EXPECT_TRUE(c.complete);
    ASSERT_TRUE(has_repair(c, RepairKind::PythonLiteral, "path"));
    for (const Diagnostic& d : c.diagnostics)
        if (d.repair == RepairKind::PythonLiteral) {
            EXPECT_EQ(d.offset, text.find("r'C:"));
        }
}

TEST(RawTextPythonicPrefixes, EveryPrefixInAnyCase) {
    const Response r = read("[f(a=R\"\\d+\", b=b'abc', c=u'caf\\u00e9', d=f'done', e=Rb'\\x00', g=fR'\\t')]");
    ASSERT_EQ(r.tool_calls().size(), 1u);
    const ToolCall& c = call(r, 0);
    EXPECT_EQ(c.arguments["a"], Value("\\d+"));
    EXPECT_EQ(c.arguments["b"], Value("abc"));
    EXPECT_EQ(c.arguments["c"], Value("caf\xC3\xA9")); // not raw: escapes decoded
    EXPECT_EQ(c.arguments["d"], Value("done"));         // an f-string with nothing to interpolate
    EXPECT_EQ(c.arguments["e"], Value("\\x00"));
    EXPECT_EQ(c.arguments["g"], Value("\\t"));
    // One diagnostic for the six prefixes, at the first, with their count.
    std::size_t prefixes = 0;
    for (const Diagnostic& d : c.diagnostics)
        if (d.repair == RepairKind::PythonLiteral && d.risk == Risk::Warning) prefixes += d.count;
    EXPECT_EQ(prefixes, 6u);
}

TEST(RawTextPythonicPrefixes, BackslashedQuoteStaysInARawString) {
    const Response r = read("[f(a=r'it\\'s', b=2)]");
    ASSERT_EQ(r.tool_calls().size(), 1u);
    EXPECT_EQ(call(r, 0).arguments["a"], Value("it\\'s"));
    EXPECT_EQ(call(r, 0).arguments["b"], Value(2));
}

TEST(RawTextPythonicPrefixes, InterpolatingFStringsAreNoLiteral) {
    // Python computes these; the braces are not text to take literally.
    const Response r = read("[f(a=f'{x}', b=rf'\\d{3}', c=fr'{x}', d=F\"n={n}\")]");
    ASSERT_EQ(r.tool_calls().size(), 1u);
    const ToolCall& c = call(r, 0);
    EXPECT_EQ(c.arguments["a"], Value("f'{x}'"));
    EXPECT_EQ(c.arguments["b"], Value("rf'\\d{3}'"));
    EXPECT_EQ(c.arguments["c"], Value("fr'{x}'"));
    EXPECT_EQ(c.arguments["d"], Value("F\"n={n}\""));
    for (const char* key : {"a", "b", "c", "d"}) {
        EXPECT_TRUE(has_repair(c, RepairKind::ExpressionAsString, key)) << key;
        EXPECT_FALSE(has_repair(c, RepairKind::PythonLiteral, key)) << key;
    }
}

TEST(RawTextPythonicPrefixes, AdjacentStringsAfterAPrefixAreNoOneString) {
    // Python joins r'x' 'y' into "xy"; the parser calls adjacent strings ambiguous, so the text
    // stays as written, said to be an expression, as for 'x' 'y' without a prefix.
    for (const char* text : {"[f(a=r'x' 'y')]", "[f(a='x' 'y')]", "[f(a=r'x' + 'y')]", "[f(a=b'x'.decode())]"}) {
        const Response r = read(text);
        ASSERT_EQ(r.tool_calls().size(), 1u) << text;
        const ToolCall& c = call(r, 0);
        EXPECT_TRUE(has_repair(c, RepairKind::ExpressionAsString, "a")) << text;
        EXPECT_FALSE(has_repair(c, RepairKind::UnquotedString, "a")) << text;
        EXPECT_NE(c.arguments["a"], Value("xy")) << text;
    }
}

TEST(RawTextPythonicPrefixes, RawStringCutOffIsCompletedAndSaysSo) {
    const Response r = read("[f(a=r'C:\\ne", Format::Llama3);
    ASSERT_EQ(r.tool_calls().size(), 1u);
    const ToolCall& c = call(r, 0);
    EXPECT_EQ(c.arguments["a"], Value("C:\\ne"));
    EXPECT_FALSE(c.complete);
    EXPECT_TRUE(has_repair(c, RepairKind::TruncatedCompleted, "a", Risk::Risky));
}

TEST(RawTextPythonicPrefixes, TripleQuotedAndMultiLineStayText) {
    // Neither is read as a literal here (the parser does not read r"""…""" either).
    for (const char* text : {"[f(a=r'''x''')]", "[f(a=r'x\ny')]"}) {
        const Response r = read(text);
        ASSERT_EQ(r.tool_calls().size(), 1u) << text;
        EXPECT_TRUE(has_repair(call(r, 0), RepairKind::ExpressionAsString, "a")) << text;
    }
}

TEST(RawTextPythonicPrefixes, PrefixedStringsInsideContainersReadAsTheParserReadsThem) {
    const Response r = read("[f(a=[r'x\\d', 'y'], b={'k': b'v'})]");
    ASSERT_EQ(r.tool_calls().size(), 1u);
    EXPECT_EQ(call(r, 0).arguments.dump(), R"({"a":["x\\d","y"],"b":{"k":"v"}})");
}

TEST(RawTextPythonicPrefixes, InsideContainersTooNoLiteralIsMadeUp) {
    // The parser calls these ambiguous; the call keeps the value's text, as for any expression.
    const Response r = read("[f(a=[rf'{x}'], b=[r'x' 'y'])]");
    ASSERT_EQ(r.tool_calls().size(), 1u);
    const ToolCall& c = call(r, 0);
    EXPECT_EQ(c.arguments["a"], Value("[rf'{x}']"));
    EXPECT_EQ(c.arguments["b"], Value("[r'x' 'y']"));
    EXPECT_TRUE(has_repair(c, RepairKind::ExpressionAsString, "a"));
    EXPECT_TRUE(has_repair(c, RepairKind::ExpressionAsString, "b"));
}

TEST(RawTextPythonicPrefixes, WordsThatLookLikePrefixesAreWords) {
    const Response r = read("[f(a=rb, b=fr, c=r)]");
    ASSERT_EQ(r.tool_calls().size(), 1u);
    EXPECT_EQ(call(r, 0).arguments.dump(), R"({"a":"rb","b":"fr","c":"r"})");
}

} // namespace
