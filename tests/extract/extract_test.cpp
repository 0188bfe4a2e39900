// The public API in brief: source names, the whole-text candidate, the no_payload error.
#include "extract/extract_test_util.hpp"

using laminate::CandidateSource;
using laminate::ErrorKind;

TEST(Extract, WholeTextIsACandidate) {
    auto r = laminate::extract(R"({"a": 1})");
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(r->parsed.value.dump(), R"({"a":1})");
    EXPECT_EQ(r->candidate.source, CandidateSource::Whole);
    EXPECT_TRUE(r->parsed.diagnostics.empty());
}

TEST(Extract, SourceNames) {
    EXPECT_EQ(laminate::source_name(CandidateSource::Whole), "whole");
    EXPECT_EQ(laminate::source_name(CandidateSource::Fence), "fence");
    EXPECT_EQ(laminate::source_name(CandidateSource::Tag), "tag");
    EXPECT_EQ(laminate::source_name(CandidateSource::Balanced), "balanced");
}

TEST(Extract, NothingToExtract) {
    for (const char* text : {"", "   ", "No JSON here.", "I cannot help with that."}) {
        EXPECT_TRUE(laminate::extract_candidates(text).empty()) << text;
        auto r = laminate::extract(text);
        ASSERT_FALSE(r) << text;
        EXPECT_EQ(r.error().kind(), ErrorKind::NoPayload);
        EXPECT_FALSE(r.error().has_offset());
    }
}

TEST(Extract, ScalarPayloads) {
    auto n = laminate::extract(" 42\n");
    ASSERT_TRUE(n) << n.error();
    EXPECT_EQ(n->parsed.value.dump(), "42");
    auto s = laminate::extract("<answer>\"Paris\"</answer>");
    ASSERT_TRUE(s) << s.error();
    EXPECT_EQ(s->parsed.value.as_string(), "Paris");
}
