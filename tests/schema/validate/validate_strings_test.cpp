// minLength/maxLength in code points, pattern on RE2, format assertions.
#include "schema/schema_test_util.hpp"

#include <gmock/gmock.h>

using namespace laminate;
using laminate::test::check;
using laminate::test::validate;
using laminate::test::json;
using laminate::test::lines;
using laminate::test::valid;
using ::testing::ElementsAre;
using ::testing::HasSubstr;

TEST(SchemaStrings, LengthsCountCodePoints) {
    EXPECT_TRUE(valid(R"({"maxLength": 2})", "\"\xC3\xA9\xF0\x9F\x98\x80\"")); // é + emoji: 2 code points, 6 bytes
    EXPECT_FALSE(valid(R"({"minLength": 3})", "\"\xC3\xA9\xF0\x9F\x98\x80\""));
    EXPECT_THAT(lines(check(R"({"minLength": 3})", R"("ab")")), ElementsAre("$: expected at least 3 characters, got 2"));
    EXPECT_THAT(lines(check(R"({"maxLength": 1})", R"("ab")")), ElementsAre("$: expected at most 1 characters, got 2"));
    EXPECT_TRUE(valid(R"({"maxLength": 2.0})", R"("ab")"));
}

TEST(SchemaStrings, PatternSearchesUnanchored) {
    EXPECT_TRUE(valid(R"({"pattern": "a+"})", R"("xxaay")"));
    EXPECT_FALSE(valid(R"({"pattern": "^a+$"})", R"("xxaay")"));
    EXPECT_THAT(lines(check(R"({"pattern": "^[A-Z]{3}$"})", R"("Paris")")),
                ElementsAre(R"($: expected a string matching the pattern "^[A-Z]{3}$")"));
    EXPECT_TRUE(valid(R"({"pattern": "^[A-Z]{3}$"})", "7")); // only strings
}

TEST(SchemaStrings, EcmaEscapesAreTranslated) {
    EXPECT_TRUE(valid(R"({"pattern": "^\\u00e9$"})", "\"\xC3\xA9\""));
    EXPECT_TRUE(valid(R"({"pattern": "^\\ud83d\\ude00$"})", "\"\xF0\x9F\x98\x80\""));
    EXPECT_TRUE(valid(R"({"pattern": "^a\\/b$"})", R"("a/b")"));
    EXPECT_TRUE(valid(R"j({"pattern": "^(?<year>\\d{4})$"})j", R"("2024")"));
}

TEST(SchemaStrings, PatternsRe2CannotRunAreInvalidSchemas) {
    for (const char* schema : {R"j({"pattern": "(?=a)a"})j", R"j({"pattern": "(a)\\1"})j", R"({"pattern": "[unclosed"})",
                               R"j({"patternProperties": {"(?!x)": {}}})j"}) {
        auto r = Schema::compile(json(schema));
        ASSERT_FALSE(r) << schema;
        EXPECT_EQ(r.error().kind(), ErrorKind::InvalidSchema);
        EXPECT_THAT(r.error().message(), HasSubstr("pattern"));
    }
}

TEST(SchemaStrings, PatternRunsInLinearTime) {
    // Catastrophic for backtracking engines; RE2 answers at once.
    const std::string long_a(100000, 'a');
    EXPECT_FALSE(valid(R"j({"pattern": "^(a+)+$"})j", "\"" + long_a + "!\""));
}

struct FormatCase {
    const char* format;
    const char* value;
    bool ok;
};

TEST(SchemaStrings, FormatsAreAsserted) {
    const FormatCase cases[] = {
        {"date", "2024-02-29", true}, {"date", "2023-02-29", false}, {"date", "2024-13-01", false}, {"date", "24-01-01", false},
        {"date-time", "2024-05-31T14:30:00Z", true}, {"date-time", "2024-05-31t14:30:00.5+02:00", true},
        {"date-time", "2024-05-31 14:30:00Z", false}, {"date-time", "2024-05-31T14:30:00", false},
        {"date-time", "1998-12-31T23:59:60Z", true}, {"date-time", "1998-12-31T22:59:60Z", false},
        {"time", "08:30:06.283185Z", true}, {"time", "08:30:06+25:00", false}, {"time", "8:30:06Z", false},
        {"email", "joe.bloggs@example.com", true}, {"email", "\"joe bloggs\"@example.com", true},
        {"email", "joe..bloggs@example.com", false}, {"email", "no-at-sign", false}, {"email", ".joe@example.com", false},
        {"uuid", "123e4567-e89b-12d3-a456-426614174000", true}, {"uuid", "123e4567e89b12d3a456426614174000", false},
        {"uri", "https://example.com/a?b=c#d", true}, {"uri", "urn:isbn:0451450523", true},
        {"uri", "http://[2001:db8::1]:80/x", true}, {"uri", "/relative/path", false}, {"uri", "http://a b.com", false},
        {"uri", "bar,baz:foo", false},
        {"ipv4", "192.168.0.1", true}, {"ipv4", "256.0.0.1", false}, {"ipv4", "01.2.3.4", false}, {"ipv4", "1.2.3", false},
        {"ipv6", "2001:db8::1", true}, {"ipv6", "::", true}, {"ipv6", "::ffff:192.168.0.1", true},
        {"ipv6", "1:2:3:4:5:6:7:8:9", false}, {"ipv6", "12345::", false}, {"ipv6", "1::2::3", false}, {"ipv6", "fe80::1%eth0", false},
        {"hostname", "api.example.com", true}, {"hostname", "-bad.example.com", false}, {"hostname", "under_score.com", false},
        {"hostname", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.com", false}, // a 64-byte label
    };
    for (const auto& c : cases) {
        Value schema = Value::object({{"format", c.format}});
        auto r = validate(Value(c.value), schema);
        ASSERT_TRUE(r);
        EXPECT_EQ(r->valid, c.ok) << c.format << " " << c.value;
    }
}

TEST(SchemaStrings, FormatMessageSaysWhatIsExpected) {
    EXPECT_THAT(lines(check(R"({"format": "date"})", R"("31/05/2024")")),
                ElementsAre("$: expected a date (RFC 3339 full-date, e.g. 2024-05-31)"));
}

TEST(SchemaStrings, UnknownFormatsAndAnnotationModeAreNotAsserted) {
    EXPECT_TRUE(valid(R"({"format": "color"})", R"("not a colour")"));
    SchemaCompileOptions o;
    o.assert_format = false;
    auto s = Schema::compile(json(R"({"format": "date"})"), o);
    ASSERT_TRUE(s);
    EXPECT_TRUE(s->is_valid(Value("31/05/2024")));
}
