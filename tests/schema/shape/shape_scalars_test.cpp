// Scalars by schema, at each coercion level: the same engine as typed shaping.
#include "schema/schema_test_util.hpp"

using namespace laminate;
using namespace schema_test;

TEST(SchemaScalar, IntegerAtEachLevel) {
    const char* schema = R"({"type":"integer"})";
    EXPECT_EQ(shape_text(schema, "42", Mode::Strict)->value, Value(42));
    EXPECT_EQ(shape_text(schema, "2.0", Mode::Absorbing)->value, Value(2));
    EXPECT_FALSE(shape_text(schema, "2.0", Mode::Strict));
    EXPECT_EQ(shape_text(schema, "\" 42 \"", Mode::Lenient)->value, Value(42));
    EXPECT_FALSE(shape_text(schema, "\"42\"", Mode::Absorbing));
    EXPECT_EQ(shape_text(schema, "\"1,234\"", Mode::Lenient)->value, Value(1234));
    auto frac = shape_text(schema, "2.5", Mode::Lenient);
    ASSERT_FALSE(frac);
    EXPECT_EQ(frac.error().kind(), ErrorKind::LossyConversion);
}

// "3.000" is the integer 3 (its lexeme is not kept: the value is an integer), with the Info of a
// float read as an integer; from a string as well, and as a bare answer. "3.5" stays an error.
TEST(SchemaScalar, ZeroFractionIsTheInteger) {
    const char* schema = R"({"type":"integer"})";
    for (const char* text : {"3.000", "\"3.00\"", "30e-1"}) {
        auto r = shape_text(schema, text);
        ASSERT_TRUE(r) << text << ": " << r.error();
        EXPECT_TRUE(r->value.is_integer()) << text;
        EXPECT_EQ(r->value.dump(), "3") << text;
        EXPECT_EQ(max_risk(r->diagnostics), Risk::Info) << text;
    }
    // A string "3.000" is 3 or 3000 (German grouping): ambiguous. The JSON number 3.000 is 3.
    auto grouped = shape_text(schema, "\"3.000\"");
    ASSERT_FALSE(grouped);
    EXPECT_EQ(grouped.error().kind(), ErrorKind::AmbiguousValue);
    auto bare = compiled(schema).from_llm_response("The answer:\n```\n3.000\n```");
    ASSERT_TRUE(bare) << bare.error();
    EXPECT_EQ(bare->value.dump(), "3");
    auto frac = shape_text(schema, "\"3.5\"");
    ASSERT_FALSE(frac);
    EXPECT_EQ(frac.error().kind(), ErrorKind::LossyConversion);
}

TEST(SchemaScalar, IntegerRangeFromMinimumMaximum) {
    const char* schema = R"({"type":"integer","minimum":0,"maximum":255})";
    EXPECT_EQ(shape_text(schema, "255")->value, Value(255));
    auto over = shape_text(schema, "300");
    ASSERT_FALSE(over);
    EXPECT_EQ(over.error().kind(), ErrorKind::OutOfRange);
    auto under = shape_text(schema, "-1");
    ASSERT_FALSE(under);
    EXPECT_EQ(under.error().kind(), ErrorKind::OutOfRange);
}

TEST(SchemaScalar, NumberKeepsIntegersAndCoercesStrings) {
    const char* schema = R"({"type":"number"})";
    auto i = shape_text(schema, "3", Mode::Strict);
    ASSERT_TRUE(i);
    EXPECT_TRUE(i->value.is_integer());
    EXPECT_TRUE(i->diagnostics.empty());
    auto s = shape_text(schema, "\"4.5\"");
    ASSERT_TRUE(s);
    EXPECT_EQ(s->value, Value(4.5));
    ASSERT_EQ(s->diagnostics.size(), 1u);
    EXPECT_EQ(s->diagnostics[0].kind, DiagnosticKind::Coerced);
    EXPECT_EQ(s->diagnostics[0].from, "string");
    EXPECT_FALSE(shape_text(schema, "\"4.5\"", Mode::Strict));
}

TEST(SchemaScalar, ANumericStringKeepsDigitsADoubleCannotHold) {
    // As the same digits written as a JSON number are kept: not rounded to 0.1 or to 1.2345e22.
    const char* schema = R"({"type":"number"})";
    const std::pair<const char*, const char*> cases[] = {
        {R"(" 0.1000000000000000055511151231257827 ")", "0.1000000000000000055511151231257827"},
        {R"("12345678901234567890123")", "12345678901234567890123"}};
    for (const auto& [input, digits] : cases) {
        auto r = shape_text(schema, input);
        ASSERT_TRUE(r) << r.error();
        EXPECT_EQ(r->value.dump(), digits);
        ASSERT_EQ(r->diagnostics.size(), 1u);
        EXPECT_EQ(r->diagnostics[0].risk, Risk::Info); // nothing was rounded
        EXPECT_FALSE(shape_text(schema, input, Mode::Strict));
    }
    // Beyond a double's range as a string is still out_of_range.
    auto huge = shape_text(schema, R"("1e400")");
    ASSERT_FALSE(huge);
    EXPECT_EQ(huge.error().kind(), ErrorKind::OutOfRange);
}

// Typeset text in a number or an integer: a typographic minus, invisible characters around the
// number, an ISO 4217 code. Read in Lenient mode with a Warning, as typed shaping reads them
// (the same coercion); refused in Absorbing and Strict modes.
TEST(SchemaScalar, TypesetNumbersAndCurrencyCodes) {
    struct Case { const char* schema; const char* input; const char* value; const char* note; };
    const Case cases[] = {
        {R"({"type":"integer"})", R"("\u22125")", "-5", "read a typographic minus sign as '-'"},
        {R"({"type":"number"})", R"("\uff0d2.5")", "-2.5", "read a typographic minus sign as '-'"},
        {R"({"type":"number"})", R"("19.99\u200b")", "19.99", "removed invisible characters or no-break spaces"},
        {R"({"type":"integer"})", R"("\u00a042\u202f")", "42", "removed invisible characters or no-break spaces"},
        {R"({"type":"number"})", R"("USD 12.50")", "12.5", "removed a currency code"},
        {R"({"type":"integer"})", R"("1,299 EUR")", "1299", "removed a currency code"},
    };
    for (const Case& c : cases) {
        auto r = shape_text(c.schema, c.input);
        ASSERT_TRUE(r) << c.input << ": " << r.error();
        EXPECT_EQ(r->value.dump(), c.value) << c.input;
        ASSERT_EQ(r->diagnostics.size(), 1u) << c.input;
        EXPECT_EQ(r->diagnostics[0].kind, DiagnosticKind::Coerced);
        EXPECT_EQ(r->diagnostics[0].risk, Risk::Warning);
        EXPECT_NE(r->diagnostics[0].message.find(c.note), std::string::npos) << r->diagnostics[0].message;
        EXPECT_FALSE(shape_text(c.schema, c.input, Mode::Absorbing)) << c.input;
        EXPECT_FALSE(shape_text(c.schema, c.input, Mode::Strict)) << c.input;
    }
    for (const char* bad : {R"("\u2212")", R"("USD")", R"("12.50 USDX")", R"("12.50 usd")", R"("1\u200b2")"}) {
        auto r = shape_text(R"({"type":"number"})", bad);
        ASSERT_FALSE(r) << bad << " read as " << r->value.dump();
        EXPECT_EQ(r.error().kind(), ErrorKind::TypeMismatch) << bad;
    }
    auto dot = shape_text(R"({"type":"integer"})", R"("USD 1.000")");
    ASSERT_FALSE(dot);
    EXPECT_EQ(dot.error().kind(), ErrorKind::AmbiguousValue);
}

TEST(SchemaScalar, BooleanStringAndNull) {
    EXPECT_EQ(shape_text(R"({"type":"boolean"})", "\"yes\"")->value, Value(true));
    EXPECT_FALSE(shape_text(R"({"type":"boolean"})", "\"yes\"", Mode::Strict));
    EXPECT_EQ(shape_text(R"({"type":"boolean"})", "1", Mode::Absorbing)->value, Value(true));
    EXPECT_EQ(shape_text(R"({"type":"string"})", "12")->value, Value("12"));
    EXPECT_FALSE(shape_text(R"({"type":"string"})", "12", Mode::Strict));
    EXPECT_EQ(shape_text(R"({"type":"null"})", "null", Mode::Strict)->value, Value(nullptr));
    EXPECT_EQ(shape_text(R"({"type":"null"})", "\"n/a\"")->value, Value(nullptr));
}

TEST(SchemaScalar, AnyTakesEveryValue) {
    EXPECT_EQ(shape_text("{}", R"({"a":[1,"x"]})", Mode::Strict)->value, json(R"({"a":[1,"x"]})"));
    EXPECT_EQ(shape_text("true", "\"x\"", Mode::Strict)->value, Value("x"));
    EXPECT_EQ(shape_text(R"({"type":"any"})", "3")->value, Value(3));
    EXPECT_FALSE(shape_text("false", "3"));
}

TEST(SchemaScalar, ConstraintsAfterCoercion) {
    auto r = shape_text(R"({"type":"number","maximum":10})", "\"12\"");
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().kind(), ErrorKind::ConstraintViolation);
    auto ex = shape_text(R"({"type":"number","exclusiveMinimum":0})", "0");
    ASSERT_FALSE(ex);
    EXPECT_EQ(ex.error().kind(), ErrorKind::ConstraintViolation);
    auto len = shape_text(R"({"type":"string","maxLength":3})", R"("abcd")");
    ASSERT_FALSE(len);
    EXPECT_EQ(len.error().kind(), ErrorKind::ConstraintViolation);
    EXPECT_TRUE(shape_text(R"({"type":"string","maxLength":3})", R"("héé")"));
}

// null, or a null sentinel where no string is allowed, is no number, integer or boolean: with no
// `default` declared it is an error (never 0 or false); a declared default stands in (Warning).
TEST(SchemaScalar, NullWithoutDefaultIsAnError) {
    for (const char* schema : {R"({"type":"number"})", R"({"type":"integer"})", R"({"type":"boolean"})"}) {
        auto s = compiled(schema);
        for (const char* answer : {"N/A", "None", "-", "unknown", "null"}) {
            auto r = s.from_llm_response(answer);
            ASSERT_FALSE(r) << schema << " " << answer << " read as " << r->value.dump();
            EXPECT_EQ(r.error().kind(), ErrorKind::TypeMismatch) << schema << " " << answer;
            EXPECT_EQ(r.error().to_string().find(answer == std::string("null") ? "N/A" : answer),
                      std::string::npos) << "the message quotes no input";
        }
        EXPECT_FALSE(shape_text(schema, "null"));
        EXPECT_FALSE(shape_text(schema, "\"n/a\""));
    }
    EXPECT_FALSE(shape_text(R"({"type":"string"})", "null"));
    EXPECT_FALSE(shape_text(R"({"type":"array"})", "null"));
    EXPECT_FALSE(shape_text(R"({"type":"object"})", "null"));
    // A sentinel is a fine string.
    EXPECT_EQ(shape_text(R"({"type":"string"})", "\"N/A\"")->value, Value("N/A"));

    auto d = shape_text(R"({"type":"number","default":5})", "null");
    ASSERT_TRUE(d) << d.error();
    EXPECT_EQ(d->value, Value(5));
    ASSERT_EQ(d->diagnostics.size(), 1u);
    EXPECT_EQ(d->diagnostics[0].risk, Risk::Warning);
    EXPECT_FALSE(shape_text(R"({"type":"number","default":5})", "null", Mode::Strict));
}

// A null sentinel for a nullable string whose rules it breaks ({"email": "N/A"} with format
// email) is the null the schema allows (Warning, Lenient); a sentinel that keeps the rules stays
// a string, and other strings that break them stay errors.
TEST(SchemaScalar, ANullSentinelThatBreaksANullableStringsRulesIsNull) {
    for (const char* schema : {R"({"type":["string","null"],"format":"email"})",
                               R"({"type":["string","null"],"pattern":"^[0-9]{4}-[0-9]{2}-[0-9]{2}$"})",
                               R"({"type":["null","string"],"minLength":5})"}) {
        SCOPED_TRACE(schema);
        auto r = shape_text(schema, "\"N/A\"", Mode::Lenient);
        ASSERT_TRUE(r) << r.error();
        EXPECT_EQ(r->value, Value(nullptr));
        ASSERT_EQ(r->diagnostics.size(), 1u);
        EXPECT_EQ(r->diagnostics[0].risk, Risk::Warning);
        EXPECT_EQ(r->diagnostics[0].to, "null");
        EXPECT_EQ(r->diagnostics[0].message.find("N/A"), std::string::npos);
        EXPECT_FALSE(shape_text(schema, "\"N/A\"", Mode::Strict));
        EXPECT_FALSE(shape_text(schema, "\"bob\"", Mode::Lenient));
    }
    // As a string it keeps the rules: a string it stays.
    auto kept = shape_text(R"({"type":["string","null"],"maxLength":5})", "\"N/A\"", Mode::Lenient);
    ASSERT_TRUE(kept);
    EXPECT_EQ(kept->value, Value("N/A"));
    // No null allowed: the rules' error.
    EXPECT_FALSE(shape_text(R"({"type":"string","format":"email"})", "\"N/A\"", Mode::Lenient));
}

// ["a"] for a string: the one element (Warning), as for numbers and booleans; longer arrays
// keep their JSON text.
TEST(SchemaScalar, OneElementArrayReadsAsTheString) {
    auto r = shape_text(R"({"type":"object","properties":{"x":{"type":"string"}}})", R"({"x": ["a"]})");
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(r->value, json(R"({"x":"a"})"));
    ASSERT_EQ(r->diagnostics.size(), 1u);
    EXPECT_EQ(r->diagnostics[0].risk, Risk::Warning);
    EXPECT_EQ(r->diagnostics[0].from, "array");
    auto two = shape_text(R"({"type":"string"})", R"(["a","b"])");
    ASSERT_TRUE(two) << two.error();
    EXPECT_EQ(two->value, Value(R"(["a","b"])"));
    EXPECT_FALSE(shape_text(R"({"type":"string"})", R"(["a"])", Mode::Strict));
}
