// A call inside a pythonic call's value ([f(x=g(1))]) is an expression Python would evaluate:
// the value is its text with an expression_as_string Warning, never the inner call's argument
// (the parser alone takes g( … ) for a wrapper and keeps 1, which loses the inner call).

#include <laminate/toolcall/raw_text.hpp>

#include "raw_text_support.hpp"

#include <gtest/gtest.h>

#include <string>

using namespace laminate;
using namespace laminate::toolcall;
using laminate::toolcall::test::call;
using laminate::toolcall::test::read;

namespace {

bool has_repair(const ToolCall& c, RepairKind repair, std::string_view path) {
    for (const Diagnostic& d : c.diagnostics)
        if (d.repair == repair && d.path == path && d.risk == Risk::Warning) return true;
    return false;
}

TEST(RawTextPythonicNested, InnerCallIsKeptAsItsText) {
    for (const Format f : {Format::AutoDetect, Format::Llama3}) {
        const Response r = read("[f(x=g(1), y=2)]", f);
        ASSERT_EQ(r.tool_calls().size(), 1u);
        const ToolCall& c = call(r, 0);
        EXPECT_EQ(c.name, "f");
        EXPECT_EQ(c.arguments["x"], Value("g(1)"));
        EXPECT_EQ(c.arguments["y"], Value(2));
        EXPECT_TRUE(has_repair(c, RepairKind::ExpressionAsString, "x"));
        for (const Diagnostic& d : c.diagnostics) EXPECT_NE(d.repair, RepairKind::WrapperStripped);
    }
}

TEST(RawTextPythonicNested, InnerCallsInsideContainersAndDottedNames) {
    for (const char* value : {"os.getenv(\"HOME\")", "[g(1), 2]", "{\"a\": g(1)}", "g(h(2))", "g(a=1)"}) {
        const std::string text = std::string("[f(x=") + value + ")]";
        const Response r = read(text);
        ASSERT_EQ(r.tool_calls().size(), 1u) << text;
        const ToolCall& c = call(r, 0);
        EXPECT_EQ(c.arguments["x"], Value(value)) << text;
        EXPECT_TRUE(has_repair(c, RepairKind::ExpressionAsString, "x")) << text;
    }
}

} // namespace
