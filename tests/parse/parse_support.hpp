#pragma once
// Helpers shared by the parser's tests: parse and compare by value, find diagnostics by repair.

#include <laminate/parse.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <string>
#include <string_view>
#include <vector>

namespace laminate::test {

inline ParseOptions completing() {
    ParseOptions o;
    o.complete_truncated = true;
    return o;
}

// One diagnostic per repaired site, style repairs included (for the tests of each site's path).
inline ParseOptions per_site() {
    ParseOptions o;
    o.diagnostics_per_site = true;
    return o;
}

inline ParseOptions strict() {
    ParseOptions o;
    o.repair = false;
    return o;
}

// The strict parse of a test's expectation, written as JSON.
inline Value json(std::string_view text) {
    auto r = parse_json(text);
    EXPECT_TRUE(r) << "expectation is not JSON: " << text;
    return r ? std::move(*r) : Value();
}

inline std::vector<Diagnostic> repairs_of(const Diagnostics& ds, RepairKind kind) {
    std::vector<Diagnostic> out;
    std::copy_if(ds.begin(), ds.end(), std::back_inserter(out), [&](const Diagnostic& d) {
        return d.kind == DiagnosticKind::Repaired && d.repair == kind;
    });
    return out;
}

inline bool has_repair(const Diagnostics& ds, RepairKind kind) {
    return !repairs_of(ds, kind).empty();
}

inline std::string describe(const Diagnostics& ds) {
    std::string out;
    for (const auto& d : ds) {
        out += "\n  ";
        out += repair_name(d.repair);
        out += " @";
        out += std::to_string(d.offset);
        out += " ";
        out += d.to_string();
    }
    return out;
}

// Parses `text`, expects `expected` (JSON) and, among the diagnostics, one Repaired of `kind` at
// `offset` with `risk`. Returns the diagnostics for further checks.
inline Diagnostics expect_repair(std::string_view text, std::string_view expected, RepairKind kind,
                                 std::size_t offset, Risk risk = Risk::Warning,
                                 const ParseOptions& options = {}) {
    SCOPED_TRACE(std::string("input: ") + std::string(text));
    auto r = parse(text, options);
    if (!r) {
        ADD_FAILURE() << r.error();
        return {};
    }
    EXPECT_EQ(r->value, json(expected)) << "got " << r->value.dump();
    const auto found = repairs_of(r->diagnostics, kind);
    const bool match = std::any_of(found.begin(), found.end(), [&](const Diagnostic& d) {
        return d.offset == offset && d.risk == risk && !d.message.empty();
    });
    EXPECT_TRUE(match) << "no " << repair_name(kind) << " at offset " << offset << " with risk "
                       << risk_name(risk) << "; diagnostics:" << describe(r->diagnostics);
    return r->diagnostics;
}

// A hang guard for the big inputs of linearity tests: not a speed test (bench/ measures speed),
// only a bound that linear work meets by far, even under sanitizers, and a quadratic path misses.
class HangGuard {
public:
    HangGuard() = default;
    HangGuard(const HangGuard&) = delete;
    HangGuard& operator=(const HangGuard&) = delete;
    ~HangGuard() { EXPECT_LT(seconds(), 20.0) << "a linear parse took this long"; }
    double seconds() const {
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    }

private:
    std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
};

// Parses and expects an error of `kind`, wherever it is reported.
inline void expect_error_kind(std::string_view text, ErrorKind kind,
                              const ParseOptions& options = {}) {
    SCOPED_TRACE(std::string("input: ") + std::string(text));
    auto r = parse(text, options);
    ASSERT_FALSE(r) << "parsed as " << r->value.dump();
    EXPECT_EQ(r.error().kind(), kind) << r.error();
}

// Parses and expects an error of `kind` at `offset`.
inline void expect_error(std::string_view text, ErrorKind kind, std::size_t offset,
                         const ParseOptions& options = {}) {
    SCOPED_TRACE(std::string("input: ") + std::string(text));
    auto r = parse(text, options);
    ASSERT_FALSE(r) << "parsed as " << r->value.dump();
    EXPECT_EQ(r.error().kind(), kind) << r.error();
    EXPECT_EQ(r.error().offset(), offset) << r.error();
}

} // namespace laminate::test
