// Offsets: candidates are views at exact byte offsets; diagnostics are moved to the whole input.
#include "extract/extract_test_util.hpp"
#include "extract/select.hpp"

using laminate::Diagnostic;
using laminate::DiagnosticKind;
using laminate::Parsed;
using laminate::ParseOptions;
using laminate::RepairKind;
using laminate::Result;
using laminate::Value;
using laminate::extract;
using laminate::extract_candidates;
using laminate::test::expect_exact_views;

TEST(ExtractOffsets, CandidatesAreExactViews) {
    const std::string text =
        "<think>\n{\"h\": 0}\n</think>\nIntro [1] text:\n  ```json\n  {\"a\": 1}\n  ```\n"
        "<tool_call id=\"x\">\n [2, 3] \n</tool_call>\r\nand {\"b\": \"}\"} then \xE2\x80\x9C"
        "quoted\xE2\x80\x9D {\"c\": [";
    auto cs = extract_candidates(text);
    ASSERT_EQ(cs.size(), 5u);
    expect_exact_views(text, cs);
    EXPECT_EQ(cs[0].offset, text.find("[1]"));
    EXPECT_EQ(cs[1].offset, text.find("{\"a\""));
    EXPECT_EQ(cs[2].offset, text.find("[2, 3]"));
    EXPECT_EQ(cs[2].text, "[2, 3]");
    EXPECT_EQ(cs[3].offset, text.find("{\"b\""));
    EXPECT_EQ(cs[4].offset, text.find("{\"c\""));
    EXPECT_FALSE(cs[4].closed);
    for (std::size_t k = 1; k < cs.size(); ++k) EXPECT_LT(cs[k - 1].offset, cs[k].offset);
}

TEST(ExtractOffsets, NestedCandidatesOuterFirst) {
    const std::string text = "<answer>\n```\n{\"a\": 1} x\n```\n</answer>";
    auto cs = extract_candidates(text);
    ASSERT_EQ(cs.size(), 3u);
    expect_exact_views(text, cs);
    EXPECT_EQ(cs[0].source, laminate::CandidateSource::Tag);
    EXPECT_EQ(cs[1].source, laminate::CandidateSource::Fence);
    EXPECT_EQ(cs[2].source, laminate::CandidateSource::Balanced);
    EXPECT_EQ(cs[1].offset, cs[2].offset); // same start: the longer one first
}

TEST(ExtractOffsets, DiagnosticsAreRelativeToTheWholeInput) {
    struct OneRepair {
        Result<Parsed> operator()(std::string_view t, const ParseOptions& o) const {
            if (!o.repair) return laminate::Error(laminate::ErrorKind::RepairNotAllowed, "strict", 2);
            Diagnostic at, nowhere;
            at.kind = nowhere.kind = DiagnosticKind::Repaired;
            at.repair = nowhere.repair = RepairKind::TrailingComma;
            at.offset = t.size() - 2;
            return Parsed{Value::object({{"a", 1}}), {at, nowhere}};
        }
    };
    const std::string text = "Intro.\n```json\n{\"a\": 1,}\n```";
    const auto cs = extract_candidates(text);
    auto r = laminate::extract_detail::select_payload(cs, {}, {}, OneRepair{});
    ASSERT_TRUE(r) << r.error();
    ASSERT_EQ(r->parsed.diagnostics.size(), 2u);
    EXPECT_EQ(r->parsed.diagnostics[0].offset, text.find(",}"));
    EXPECT_EQ(r->parsed.diagnostics[1].offset, Diagnostic::no_offset);
}

TEST(ExtractOffsets, RealParserRepairOffsets) {
    LAMINATE_REQUIRE_REPAIRS();
    const std::string text = "Here: {\"a\": [1, 2,]} ok";
    auto r = extract(text);
    ASSERT_TRUE(r) << r.error();
    auto alone = laminate::parse(r->candidate.text);
    ASSERT_TRUE(alone) << alone.error();
    ASSERT_EQ(r->parsed.diagnostics.size(), alone->diagnostics.size());
    ASSERT_FALSE(alone->diagnostics.empty());
    EXPECT_EQ(r->parsed.diagnostics[0].offset, text.find('{') + alone->diagnostics[0].offset);
}
