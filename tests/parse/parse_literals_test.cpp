// Literals from other languages and malformed numbers: Python (True, False, None, tuples),
// JavaScript (NaN, Infinity, undefined), numbers models write wrong.

#include "parse_support.hpp"

#include <cmath>

namespace laminate {
namespace {

using test::completing;
using test::expect_repair;

TEST(ParseLiterals, PythonConstants) {
    expect_repair("True", "true", RepairKind::PythonLiteral, 0);
    expect_repair("False", "false", RepairKind::PythonLiteral, 0);
    expect_repair("None", "null", RepairKind::PythonLiteral, 0);
    expect_repair("{\"a\": [True, False, None]}", R"({"a":[true,false,null]})",
                  RepairKind::PythonLiteral, 20, Risk::Warning, test::per_site());
    // Only whole words: these are text.
    expect_repair("[Trueish]", R"(["Trueish"])", RepairKind::UnquotedString, 1);
    expect_repair("{\"a\": True story}", R"({"a":"True story"})", RepairKind::UnquotedString, 6);
}

TEST(ParseLiterals, JsonConstantsInAnotherCase) {
    expect_repair(R"({"key": TRUE, "key2": FALSE, "key3": Null})",
                  R"({"key": true, "key2": false, "key3": null})", RepairKind::PythonLiteral, 8);
    expect_repair("[NULL]", "[null]", RepairKind::PythonLiteral, 1);
    // NONE may be a label of the answer's own (an enum value): it stays text.
    expect_repair("[NONE]", R"(["NONE"])", RepairKind::UnquotedString, 1);
    expect_repair("[TRUE story]", R"(["TRUE story"])", RepairKind::UnquotedString, 1);
}

TEST(ParseLiterals, PythonTuples) {
    expect_repair("(1, 2)", "[1,2]", RepairKind::PythonTuple, 0);
    expect_repair("{'point': (1.5, -2), 'empty': (), 'one': (1,)}",
                  R"({"point":[1.5,-2],"empty":[],"one":[1]})", RepairKind::PythonTuple, 10);
    expect_repair("[(1, 'a'), (2, None)]", R"([[1,"a"],[2,null]])", RepairKind::PythonTuple, 11);
    auto ds = expect_repair("((1, 2), (3,))", "[[1,2],[3]]", RepairKind::PythonTuple, 1);
    EXPECT_FALSE(test::has_repair(ds, RepairKind::TrailingComma)); // (3,) is how Python writes it
}

TEST(ParseLiterals, WordsInParenthesesAreNoTuple) {
    // A remark in parentheses is the member's text, parentheses and all.
    expect_repair(R"({"note": (optional), "b": 1})", R"x({"note":"(optional)","b":1})x",
                  RepairKind::UnquotedString, 9);
    expect_repair(R"({"note": (see below)})", R"x({"note":"(see below)"})x",
                  RepairKind::UnquotedString, 9);
    // Anywhere else, or with a comma, unquoted words in a tuple are not unwrapped.
    test::expect_error("[(optional)]", ErrorKind::AmbiguousRepair, 2);
    test::expect_error(R"({"a": (x, 1)})", ErrorKind::AmbiguousRepair, 7);
    test::expect_error("(a, b)", ErrorKind::AmbiguousRepair, 1);
    // Values still make tuples, and a constant in parentheses is the constant.
    expect_repair(R"({"point": (1, 2)})", R"({"point":[1,2]})", RepairKind::PythonTuple, 10);
    expect_repair("[(1,2),(3,4)]", "[[1,2],[3,4]]", RepairKind::PythonTuple, 1);
    expect_repair(R"({"a": (None)})", R"({"a":null})", RepairKind::PythonTuple, 6);
}

TEST(ParseLiterals, ParenthesesAroundOneValueAreNoTuple) {
    // In Python (7) is 7 and ("x") is "x": only a comma makes a tuple.
    auto ds = expect_repair("{'n': (7), 'pair': (7, 8), 'single': (7,)}",
                            R"({"n":7,"pair":[7,8],"single":[7]})", RepairKind::PythonTuple, 6);
    const auto tuples = test::repairs_of(ds, RepairKind::PythonTuple);
    ASSERT_EQ(tuples.size(), 3u);
    EXPECT_EQ(tuples[0].path, "n");
    EXPECT_EQ(tuples[0].message, "removed parens");
    EXPECT_EQ(tuples[1].message, "tuple to array");
    expect_repair("(\"word\")", R"("word")", RepairKind::PythonTuple, 0);
    expect_repair("  ( {\"k\": [1]} )", R"({"k":[1]})", RepairKind::PythonTuple, 2);
    // Nested: ((3,)) is the tuple (3,); ((3)) is 3; [(1), (2, )] keeps the second a tuple.
    expect_repair("((3,))", "[3]", RepairKind::PythonTuple, 0);
    expect_repair("((3))", "3", RepairKind::PythonTuple, 1);
    expect_repair("[(1), (2, )]", "[1,[2]]", RepairKind::PythonTuple, 6);
    // Repairs inside the parentheses keep their diagnostics: the quotes of 'a' count among the
    // document's single-quote sites (a style: one diagnostic, at the first site).
    auto inner = expect_repair("{'t': ('a')}", R"({"t":"a"})", RepairKind::SingleQuotes, 1);
    const auto quotes = test::repairs_of(inner, RepairKind::SingleQuotes);
    ASSERT_EQ(quotes.size(), 1u);
    EXPECT_EQ(quotes[0].count, 2u);
    EXPECT_EQ(test::repairs_of(inner, RepairKind::PythonTuple).size(), 1u);
}

TEST(ParseLiterals, NanAndInfinityAreDoublesWrittenAsNull) {
    auto r = parse("[NaN, Infinity, -Infinity, +Infinity]");
    ASSERT_TRUE(r) << r.error();
    ASSERT_EQ(r->value.size(), 4u);
    EXPECT_TRUE(std::isnan(r->value[0].as_double()));
    EXPECT_EQ(r->value[1].as_double(), HUGE_VAL);
    EXPECT_EQ(r->value[2].as_double(), -HUGE_VAL);
    EXPECT_EQ(r->value[3].as_double(), HUGE_VAL);
    for (const auto& v : r->value.items()) {
        EXPECT_EQ(v.number_kind(), NumberKind::Double);
        EXPECT_TRUE(v.lexeme().empty());
    }
    EXPECT_EQ(r->value.dump(), "[null,null,null,null]");
    const auto ds = test::repairs_of(r->diagnostics, RepairKind::NanInfinity);
    ASSERT_EQ(ds.size(), 4u);
    EXPECT_EQ(ds[0].offset, 1u);
    EXPECT_EQ(ds[2].offset, 16u);
    EXPECT_EQ(ds[2].risk, Risk::Warning);
}

TEST(ParseLiterals, Undefined) {
    expect_repair("undefined", "null", RepairKind::UndefinedValue, 0);
    expect_repair("{\"a\":undefined}", R"({"a":null})", RepairKind::UndefinedValue, 5);
    expect_repair("[undefined]", "[null]", RepairKind::UndefinedValue, 1);
}

TEST(ParseLiterals, MalformedNumbersAreCompleted) {
    expect_repair(".3", "0.3", RepairKind::InvalidNumber, 0);
    expect_repair("-.3", "-0.3", RepairKind::InvalidNumber, 0);
    expect_repair("[2.]", "[2.0]", RepairKind::InvalidNumber, 1);
    // An exponent without digits, not cut off by the end: 2e0 would invent it, 2 drop it.
    test::expect_error("[2e]", ErrorKind::InvalidJson, 1);
    test::expect_error("[2e+ ]", ErrorKind::InvalidJson, 1);
    test::expect_error(R"({"a": 1e})", ErrorKind::InvalidJson, 6);
    test::expect_error(R"({"a": 1.0e+, "b": 2})", ErrorKind::InvalidJson, 6);
    // Where the text ends after the number's delimiter, the document was cut off: a Risky
    // completion (value_not_closed without complete_truncated).
    expect_repair("[2e,", "[2e0]", RepairKind::TruncatedCompleted, 1, Risk::Risky, completing());
    test::expect_error_kind("[2e, ", ErrorKind::ValueNotClosed);
    // A sign without digits is no number: -0 would be invented (was [-0,1], a silent wrong reading).
    test::expect_error("[-,1]", ErrorKind::InvalidJson, 1);
    expect_repair("[+1]", "[1]", RepairKind::InvalidNumber, 1);
    // Cut off by the end of the input: a Risky completion.
    expect_repair("2.", "2.0", RepairKind::TruncatedCompleted, 0, Risk::Risky, completing());
    // Cut before its exponent digits: dropped with its key, the exponent is not invented.
    expect_repair("{\"a\":2e-", R"({})", RepairKind::TruncatedCompleted, 5, Risk::Risky,
                  completing());
    // Nothing of the number was written: an error, not an invented -0.
    test::expect_error("-", ErrorKind::ValueNotClosed, 0, completing());
}

TEST(ParseLiterals, ThousandsSeparatorsInAMemberValue) {
    auto ds = expect_repair(R"({"x": -2,000.00})", R"({"x": -2000.00})", RepairKind::InvalidNumber, 6);
    const auto fixed = test::repairs_of(ds, RepairKind::InvalidNumber);
    ASSERT_EQ(fixed.size(), 1u);
    EXPECT_EQ(fixed[0].path, "x");
    EXPECT_EQ(fixed[0].message, "removed commas");
    EXPECT_EQ(ds.size(), 1u);
    expect_repair(R"({"x": 2,000})", R"({"x": 2000})", RepairKind::InvalidNumber, 6);
    expect_repair(R"({"n": 1,234,567, "m": 8})", R"({"n": 1234567, "m": 8})",
                  RepairKind::InvalidNumber, 6);
    expect_repair("{price: 12,500.5e1\n}", R"({"price": 12500.5e1})", RepairKind::InvalidNumber, 8);
    // The digits after the comma cannot be the next member (no ':'): one number.
    expect_repair(R"({"x": 1,000, "y": 2})", R"({"x": 1000, "y": 2})", RepairKind::InvalidNumber, 6);
    expect_repair(R"({"x": 1,000,"y": 2})", R"({"x": 1000, "y": 2})", RepairKind::InvalidNumber, 6);
}

TEST(ParseLiterals, DigitsAfterACommaStayTheirOwnWhenTheyMightBe) {
    // With a ':' after them, the digits are the next member's key, as before.
    expect_repair(R"({"x": 1,000: 2})", R"({"x": 1, "000": 2})", RepairKind::UnquotedKey, 8);
    // In an array each is an element: [1,234] is valid JSON and stays two numbers.
    auto valid = parse("[1,234]");
    ASSERT_TRUE(valid);
    EXPECT_EQ(valid->value, test::json("[1, 234]"));
    EXPECT_TRUE(valid->diagnostics.empty());
    expect_repair("[1,000]", R"([1, "000"])", RepairKind::InvalidNumber, 3);
    // Not groups of three, a space after the comma, a long or zero-led first group, a fraction
    // before the comma, the end of the text: no number is joined (an error or the old reading).
    for (const char* text : {R"({"x": 1,00})", R"({"x": 1,0000})", R"({"x": 1, 000})",
                             R"({"x": 1234,567})", R"({"x": 0,500})", R"({"x": 1.5,000})",
                             R"({"x": 1,000)", R"({"x": +1,000})", R"({"x": 1,000 "y": 2})",
                             R"({"x": 12,345,67})", R"({"x": 12,345,67: 1})"}) {
        SCOPED_TRACE(text);
        auto r = parse(text);
        if (!r) continue;
        if (r->value.contains("x") && r->value["x"].is_number()) {
            EXPECT_LT(r->value["x"].as_double(), 1000.0) << r->value.dump();
        }
    }
    // Strict: still the error it was.
    auto strict = parse(R"({"x": 2,000})", test::strict());
    ASSERT_FALSE(strict);
    EXPECT_EQ(strict.error().kind(), ErrorKind::RepairNotAllowed);
}

TEST(ParseLiterals, LeadingZerosKeepTheirDigitsAsAString) {
    expect_repair("0789", R"("0789")", RepairKind::InvalidNumber, 0);
    expect_repair("[-05]", R"(["-05"])", RepairKind::InvalidNumber, 1);
    expect_repair("{value:001.2}", R"({"value":"001.2"})", RepairKind::InvalidNumber, 7);
    expect_repair("002e3", R"("002e3")", RepairKind::InvalidNumber, 0);
}

TEST(ParseLiterals, WordsThatStartLikeNumbersAreText) {
    expect_repair("0.0.1", R"("0.0.1")", RepairKind::UnquotedString, 0);
    expect_repair("[2 0.0.1 2]", R"([2, "0.0.1 2"])", RepairKind::UnquotedString, 3);
    expect_repair("{\"date\":2024-10-18T18:35:22.229Z}", R"({"date":"2024-10-18T18:35:22.229Z"})",
                  RepairKind::UnquotedString, 8);
    expect_repair("746de9ad-d4ff-4c66-97d7-00a92ad46967",
                  R"("746de9ad-d4ff-4c66-97d7-00a92ad46967")", RepairKind::UnquotedString, 0);
    expect_repair("[-e5]", R"(["-e5"])", RepairKind::UnquotedString, 1);
    expect_repair("1st", R"("1st")", RepairKind::UnquotedString, 0);
}

TEST(ParseLiterals, KeywordsGluedToMoreLettersAreText) {
    expect_repair("trueble", R"("trueble")", RepairKind::UnquotedString, 0);
    expect_repair("[nullifiable, false_value]", R"(["nullifiable", "false_value"])",
                  RepairKind::UnquotedString, 1);
    // A keyword cut off at the end is completed only on request.
    expect_repair("[tr", "[true]", RepairKind::TruncatedCompleted, 1, Risk::Risky, completing());
    expect_repair("{\"a\": nul", R"({"a":null})", RepairKind::TruncatedCompleted, 6, Risk::Risky,
                  completing());
}

} // namespace
} // namespace laminate
