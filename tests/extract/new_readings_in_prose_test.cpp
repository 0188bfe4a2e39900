// The parser's python_set, expression_as_string and digit_separator readings are found in prose
// as the whole text is read: none of them guesses where a string begins or ends, so a balanced
// span that needs them is a payload. A set of numbers in prose ({1, 2, 3}) is prose: "the primes
// below 10 are {2, 3, 5, 7}" must not outrank the payload after it.
#include <laminate/laminate.hpp>

#include <gtest/gtest.h>

#include <string>

namespace {

using namespace laminate;

const Diagnostic* find(const Diagnostics& ds, RepairKind kind) {
    for (const auto& d : ds)
        if (d.kind == DiagnosticKind::Repaired && d.repair == kind) return &d;
    return nullptr;
}

void expect_payload(std::string_view text, std::string_view dumped, RepairKind kind,
                    std::size_t offset) {
    SCOPED_TRACE(std::string(text));
    auto e = extract(text);
    ASSERT_TRUE(e) << e.error();
    EXPECT_EQ(e->parsed.value.dump(), dumped);
    const Diagnostic* d = find(e->parsed.diagnostics, kind);
    ASSERT_NE(d, nullptr) << repair_name(kind);
    EXPECT_EQ(d->offset, offset); // in the whole text
    EXPECT_EQ(d->risk, Risk::Warning);
}

TEST(NewReadingsInProse, PythonSets) {
    expect_payload("Here: {'a', 'b'} done", R"(["a","b"])", RepairKind::PythonSet, 6);
    expect_payload(R"(The set is {"key1", "key2", "key3"}.)", R"(["key1","key2","key3"])",
                   RepairKind::PythonSet, 11);
    auto primes = extract(R"(The primes below 20 are {2, 3, 5, 7, 11}. Result: {"count": 5})");
    ASSERT_TRUE(primes) << primes.error();
    EXPECT_EQ(primes->parsed.value.dump(), R"({"count":5})");
    expect_payload("```python\n{'a', 'b'}\n```", R"(["a","b"])", RepairKind::PythonSet, 10);
    expect_payload("{'a', 'b'}", R"(["a","b"])", RepairKind::PythonSet, 0);
    // Prose in braces stays prose.
    EXPECT_FALSE(extract("one of {1, two} or {5 apples}"));
}

TEST(NewReadingsInProse, Expressions) {
    expect_payload(R"(Sure! {"key": 12345/67890, "foo": "bar"} hope it helps)",
                   R"({"key":"12345/67890","foo":"bar"})", RepairKind::ExpressionAsString, 14);
    expect_payload("Result: [2*3] ok", R"(["2*3"])", RepairKind::ExpressionAsString, 9);
}

TEST(NewReadingsInProse, DigitSeparators) {
    expect_payload(R"(value {"value": 82_461_110} there)", R"({"value":82461110})",
                   RepairKind::DigitSeparator, 16);
}

TEST(NewReadingsInProse, StrictParsingFindsNone) {
    ParseOptions strict;
    strict.repair = false;
    for (const char* text : {"Here: {'a', 'b'} done", R"(x {"key": 1/3} y)", R"(x {"v": 1_000} y)"})
        EXPECT_FALSE(extract(text, strict)) << text;
}

} // namespace
