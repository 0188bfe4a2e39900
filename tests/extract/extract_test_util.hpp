#pragma once
// Helpers shared by the extraction tests.

#include <laminate/extract.hpp>

#include <gtest/gtest.h>

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
