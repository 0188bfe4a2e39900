// Truncated input: an error (value_not_closed, with the offset of the value left open) unless
// the caller asks for completion; then every completion is a Risky diagnostic.

#include "parse_support.hpp"

namespace laminate {
namespace {

using test::completing;
using test::expect_error;
using test::expect_repair;

TEST(ParseTruncation, IsAnErrorByDefault) {
    expect_error("\"abc", ErrorKind::ValueNotClosed, 0);
    expect_error("[1, 2", ErrorKind::ValueNotClosed, 0);
    expect_error("{\"a\": [1, {\"b\": 2", ErrorKind::ValueNotClosed, 10);
    expect_error("{\"a\": \"xy", ErrorKind::ValueNotClosed, 6);
    expect_error("{\"a\"", ErrorKind::ValueNotClosed, 0);  // dangling key
    expect_error("{\"a\":", ErrorKind::ValueNotClosed, 0); // dangling colon
    expect_error("[1,", ErrorKind::ValueNotClosed, 0);     // dangling comma
    expect_error("{\"a\": 1,", ErrorKind::ValueNotClosed, 0);
    expect_error("[1.", ErrorKind::ValueNotClosed, 1);
    expect_error("\"\\u00", ErrorKind::ValueNotClosed, 0);
    auto r = parse("{\"a\": [1, {\"b\": 2");
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().path(), "a[1]");
}

TEST(ParseTruncation, IsCompletedOnRequest) {
    expect_repair("\"foo", R"("foo")", RepairKind::TruncatedCompleted, 0, Risk::Risky,
                  completing());
    expect_repair("[", "[]", RepairKind::MissingCloser, 1, Risk::Risky, completing());
    expect_repair("[\"foo\",", R"(["foo"])", RepairKind::TruncatedCompleted, 6, Risk::Risky,
                  completing());
    expect_repair("{\"foo\":\"bar\"", R"({"foo":"bar"})", RepairKind::MissingCloser, 12,
                  Risk::Risky, completing());
    // A dangling key is dropped, never given an invented null (it was {"foo":null}).
    expect_repair("{\"foo\":", R"({})", RepairKind::TruncatedCompleted, 7, Risk::Risky,
                  completing());
    expect_repair("{\"foo\"", R"({})", RepairKind::TruncatedCompleted, 6, Risk::Risky,
                  completing());
    expect_repair("{\"foo", R"({})", RepairKind::TruncatedCompleted, 1, Risk::Risky,
                  completing());
    expect_repair("{\"a\": 1,", R"({"a":1})", RepairKind::TruncatedCompleted, 7, Risk::Risky,
                  completing());
    expect_repair("{\"foo\":\"bar\\u20", R"({"foo":"bar"})", RepairKind::TruncatedCompleted, 7,
                  Risk::Risky, completing());
    // Nothing of the string was written: an error, not an invented "".
    test::expect_error("\"\\ud83d", ErrorKind::ValueNotClosed, 0, completing());
    expect_repair("\"caf\xC3", R"("caf")", RepairKind::TruncatedCompleted, 0, Risk::Risky,
                  completing());
    expect_repair("{\"s \\ud", R"({})", RepairKind::TruncatedCompleted, 1, Risk::Risky,
                  completing());
    // A number cut before its exponent digits is dropped with its key: "12e0" would invent the
    // exponent ("12e3" was as likely). "1." is a number as Python writes it: 1.0, Risky.
    expect_repair("{\"n\": 12e", R"({})", RepairKind::TruncatedCompleted, 6, Risk::Risky, completing());
    expect_repair("[1, -3e+", R"([1])", RepairKind::TruncatedCompleted, 4, Risk::Risky, completing());
    expect_repair("[1, 2.", R"([1, 2.0])", RepairKind::TruncatedCompleted, 4, Risk::Risky, completing());
    auto ds = expect_repair("[[1, {\"a\": [2", R"([[1, {"a": [2]}]])", RepairKind::MissingCloser,
                            13, Risk::Risky, completing());
    EXPECT_EQ(test::repairs_of(ds, RepairKind::MissingCloser).size(), 4u);
}

TEST(ParseTruncation, ALoneOpenerIsAnEmptyContainer) {
    // Nothing but the opener: the empty container, its closer a Risky completion (as jsonrepair
    // reads it); a cut-off sign inside is dropped, never completed to 0 or -0.
    for (const char* text : {"{", "[", "  {  ", "[\n"}) {
        SCOPED_TRACE(text);
        auto r = parse(text, completing());
        ASSERT_TRUE(r) << r.error();
        EXPECT_EQ(r->value, test::json(std::string_view(text).find('{') != std::string_view::npos
                                           ? "{}"
                                           : "[]"));
        ASSERT_EQ(r->diagnostics.size(), 1u);
        EXPECT_EQ(r->diagnostics[0].repair, RepairKind::MissingCloser);
        EXPECT_EQ(r->diagnostics[0].risk, Risk::Risky);
    }
    auto ds = expect_repair("[-", "[]", RepairKind::TruncatedCompleted, 1, Risk::Risky,
                            completing());
    EXPECT_TRUE(test::has_repair(ds, RepairKind::MissingCloser));
    // Without completion, each is value_not_closed.
    for (const char* text : {"{", "[", "[-"})
        EXPECT_EQ(parse(text).error().kind(), ErrorKind::ValueNotClosed) << text;
}

TEST(ParseTruncation, AColonWithoutAKeyIsNoTruncation) {
    // {:} is closed: it lacks a key, which completing does not invent.
    test::expect_error_kind("{:}", ErrorKind::InvalidJson, completing());
    test::expect_error_kind("{:", ErrorKind::InvalidJson, completing());
}

TEST(ParseTruncation, CompletionsAreRisky) {
    auto r = parse("{\"name\": \"Ada\", \"tags\": [\"x\", \"y", completing());
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(r->value, test::json(R"({"name": "Ada", "tags": ["x", "y"]})"));
    EXPECT_EQ(max_risk(r->diagnostics), Risk::Risky);
    for (const auto& d : r->diagnostics)
        EXPECT_EQ(d.risk, Risk::Risky) << d;
}

// A streamed document, cut after every byte: each prefix is completed without error (and the
// only error without completion is value_not_closed); the whole document parses exactly.
TEST(ParseTruncation, EveryPrefixOfADocumentCompletes) {
    const std::string doc =
        R"({"name": "caf\u00e9 \"x\"", "n": -12.5e3, "ok": true, "absent": null, "list": [1, [2, {"k": "v"}], "w\ud83d\ude00"], "empty": {}})";
    for (std::size_t n = 1; n < doc.size(); ++n) {
        const std::string prefix = doc.substr(0, n);
        SCOPED_TRACE(prefix);
        auto completed = parse(prefix, completing());
        ASSERT_TRUE(completed) << completed.error();
        for (const auto& d : completed->diagnostics)
            EXPECT_EQ(d.risk, Risk::Risky) << d;
        auto plain = parse(prefix);
        ASSERT_FALSE(plain);
        EXPECT_EQ(plain.error().kind(), ErrorKind::ValueNotClosed) << plain.error();
    }
    auto full = parse(doc, completing());
    ASSERT_TRUE(full) << full.error();
    EXPECT_TRUE(full->diagnostics.empty());
    EXPECT_EQ(full->value, test::json(doc));
}

} // namespace
} // namespace laminate
