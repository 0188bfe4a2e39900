#pragma once
// Helpers shared by the extraction tests.

#include <laminate/extract.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

namespace laminate::test {

// "source[label]:text" per candidate, in order: one assertion shows the whole picture.
inline std::vector<std::string> describe(const std::vector<Candidate>& cs) {
    std::vector<std::string> out;
    for (const Candidate& c : cs) {
        std::string d(source_name(c.source));
        if (!c.label.empty()) d += "[" + c.label + "]";
        if (!c.closed) d += "(open)";
        d += ":";
        d += c.text;
        out.push_back(std::move(d));
    }
    return out;
}

inline std::vector<std::string> describe(std::string_view text, const ExtractOptions& o = {}) {
    return describe(extract_candidates(text, o));
}

// The other_candidates note of a reading, or null.
inline const Diagnostic* other_candidates(const Extracted& e) {
    const auto& ds = e.parsed.diagnostics;
    auto it = std::find_if(ds.begin(), ds.end(), [](const Diagnostic& d) {
        return d.repair == RepairKind::OtherCandidates;
    });
    return it == ds.end() ? nullptr : &*it;
}

// The reading of `text` is `expected`, with no other_candidates note.
inline void expect_quiet(const std::string& text, const std::string& expected,
                         const ParseOptions& po = {}) {
    SCOPED_TRACE(text);
    auto r = extract(text, po);
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(r->parsed.value.dump(), expected);
    EXPECT_EQ(other_candidates(*r), nullptr) << other_candidates(*r)->message;
}

// Every candidate must be a view into the input at exactly its offset.
inline void expect_exact_views(std::string_view text, const std::vector<Candidate>& cs) {
    for (const Candidate& c : cs) {
        EXPECT_EQ(c.text.data(), text.data() + c.offset) << c.text;
        EXPECT_LE(c.offset + c.text.size(), text.size());
    }
}

// The tolerant parser is developed separately; tests that need repairs run once it is in.
inline bool parser_repairs() { return parse("[1,]").has_value(); }

} // namespace laminate::test

#define LAMINATE_REQUIRE_REPAIRS()                                                                 \
    do {                                                                                           \
        if (!::laminate::test::parser_repairs())                                                   \
            GTEST_SKIP() << "needs the tolerant parser (repairs); the placeholder is strict";      \
    } while (0)
