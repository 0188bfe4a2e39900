// An object whose '{' is missing: the answer starts with a quoted key and its colon and ends
// with '}' ("sentiment": "positive", "confidence": 0.9}), as it does when the caller prefilled
// the model's answer with '{' and passes on only what the model wrote. The '{' is inserted
// (missing_opener, Warning at the first key). Without the closing '}' at the end nothing says
// the text is an object: it stays an error.

#include "parse_support.hpp"

#include <laminate/extract.hpp>

namespace laminate {
namespace {

using test::expect_repair;

TEST(ParseMissingOpener, AQuotedKeyAColonAndAClosingBraceAreAnObject) {
    expect_repair(R"("sentiment": "positive", "confidence": 0.9})", R"({"sentiment": "positive", "confidence": 0.9})",
                  RepairKind::MissingOpener, 0);
    expect_repair("\n  \"a\": {\"b\": [1, 2]},\n  \"c\": null\n}\n", R"({"a": {"b": [1, 2]}, "c": null})",
                  RepairKind::MissingOpener, 3);
    auto ds = expect_repair(R"('a': 1})", R"({"a": 1})", RepairKind::MissingOpener, 0);
    EXPECT_TRUE(test::has_repair(ds, RepairKind::SingleQuotes));
    // A repeated key in it is still said.
    auto dup = parse(R"("a": 1, "a": 2})");
    ASSERT_TRUE(dup) << dup.error();
    EXPECT_EQ(dup->value, test::json(R"({"a": 2})"));
    EXPECT_TRUE(std::any_of(dup->diagnostics.begin(), dup->diagnostics.end(),
                            [](const Diagnostic& d) { return d.kind == DiagnosticKind::DuplicateKey; }));
}

TEST(ParseMissingOpener, NoClosingBraceNoObject) {
    for (const char* text : {R"("a": 1)", R"("a": 1, "b": 2)", R"("Paris": the capital of France.)"}) {
        SCOPED_TRACE(text);
        auto r = parse(text);
        EXPECT_FALSE(r) << r->value.dump();
    }
    // Unquoted text before the colon is prose, not a key (read as the parser reads prose).
    auto prose = parse("Answer: 1}");
    EXPECT_TRUE(!prose || !prose->value.is_object());
    // Strict JSON: no repair.
    EXPECT_FALSE(parse(R"("a": 1})", test::strict()));
}

TEST(ParseMissingOpener, ExtractAndTheWholeAnswerAgree) {
    auto r = extract(R"("sentiment": "positive", "confidence": 0.9})");
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(r->parsed.value, test::json(R"({"sentiment": "positive", "confidence": 0.9})"));
    EXPECT_TRUE(test::has_repair(r->parsed.diagnostics, RepairKind::MissingOpener));
}

} // namespace
} // namespace laminate
