// The end of a schema-driven shaping run (diagnostics through the sink, fail_at, the residual,
// field_errors), the same whether the text went the fast path (valid JSON) or parse + shape
// (a repaired text): shape_entry.cpp finishes the common case itself and leaves the others to
// typed shaping's conclude().
#include <laminate/schema.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

using namespace laminate;

namespace {

const char* kSchema = R"({"type":"object","properties":{"a":{"type":"integer"},"c":{"type":"string","default":"x"}},
  "required":["a"],"additionalProperties":false})";

Schema compiled() {
    auto c = Schema::compile_json(kSchema);
    EXPECT_TRUE(c.has_value());
    return std::move(*c);
}

// The same document as valid JSON (the fast path) and with a trailing comma (parse + shape); an
// unknown member always goes parse + shape (the fast path leaves unknown keys to it).
const std::vector<std::string> kTexts{R"({"a":1})", R"({"a":1,})"};
const std::vector<std::string> kUnknown{R"({"a":1,"b":2})", R"({"a":1,"b":2,})"};

TEST(SchemaFinish, CollectsDiagnosticsAndResidual) {
    const Schema s = compiled();
    for (const std::string& text : kTexts) {
        auto r = s.from_json(text);
        ASSERT_TRUE(r) << text;
        EXPECT_EQ(r->value.dump(), R"({"a":1,"c":"x"})") << text;
        EXPECT_EQ(r->residual.dump(), "{}") << text;
        ASSERT_FALSE(r->diagnostics.empty()) << text;
        EXPECT_EQ(r->diagnostics.back().path, "c") << text;
        EXPECT_EQ(r->diagnostics.back().kind, DiagnosticKind::Defaulted) << text;
    }
    for (const std::string& text : kUnknown) {
        auto r = s.from_json(text, ShapeOptions{.mode = Mode::Absorbing});
        ASSERT_TRUE(r) << text;
        EXPECT_EQ(r->value.dump(), R"({"a":1,"c":"x"})") << text;
        EXPECT_EQ(r->residual.dump(), R"({"b":2})") << text;
        std::vector<std::string> kinds;
        for (const Diagnostic& d : r->diagnostics)
            if (d.kind != DiagnosticKind::Repaired) kinds.push_back(d.path + ":" + std::string(kind_name(d.kind)));
        EXPECT_EQ(kinds, (std::vector<std::string>{"c:defaulted", "b:preserved"})) << text;
    }
}

TEST(SchemaFinish, DropAndForwardSinksOnBothPaths) {
    const Schema s = compiled();
    for (const std::string& text : kTexts) {
        auto dropped = s.from_json(text, ShapeOptions{.sink = DiagnosticSink::drop()});
        ASSERT_TRUE(dropped) << text;
        EXPECT_TRUE(dropped->diagnostics.empty()) << text;
        std::vector<std::string> seen;
        auto forwarded = s.from_json(text, ShapeOptions{.sink = DiagnosticSink::forward(Risk::Info, [&](const Diagnostic& d) { seen.push_back(d.path); })});
        ASSERT_TRUE(forwarded) << text;
        EXPECT_TRUE(forwarded->diagnostics.empty()) << text;
        EXPECT_NE(std::find(seen.begin(), seen.end(), "c"), seen.end()) << text;
        EXPECT_EQ(forwarded->value.dump(), R"({"a":1,"c":"x"})") << text;
    }
}

TEST(SchemaFinish, FailAtAndFieldErrorsOnBothPaths) {
    const Schema s = compiled();
    for (const std::string& text : kTexts) {
        // The Defaulted diagnostic of "c" is Info: fail_at Info turns it into an error.
        auto failed = s.from_json(text, ShapeOptions{.fail_at = Risk::Info});
        EXPECT_FALSE(failed) << text;
        auto passed = s.from_json(text, ShapeOptions{.fail_at = Risk::Risky});
        EXPECT_TRUE(passed) << text;
    }
    std::vector<Error> errors;
    for (const char* text : {R"({"c":"y"})", R"({"c":"y",})"}) {
        errors.clear();
        auto missing = s.from_json(text, ShapeOptions{.field_errors = &errors});
        ASSERT_FALSE(missing) << text;
        ASSERT_EQ(errors.size(), 1u) << text;
        EXPECT_EQ(errors.front().kind(), ErrorKind::MissingField) << text;
    }
}

} // namespace
