// The from_json fast path (detail/shape_fast.hpp) against the Value path it short-cuts: for every
// input, from_json<T> must give exactly what parse + shape gives (value, residual, every
// diagnostic field, or the same error), and the fast path must really take the valid common case.
#include <laminate/laminate.hpp>

#include <gtest/gtest.h>

#include "fast_path_compare.hpp"

#include <cstdint>
#include <cstring>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <optional>
#include <random>
#include <sstream>
#include <string>
#include <vector>

namespace fast_test {

enum class AlertRule { response_time, error_rate };

struct AlertConfig {
    std::string name;
    std::string description;
    std::int32_t severity = 0;
    std::optional<bool> triggering;
    std::string websiteId;
    std::string tagFilterExpression;
    std::int32_t granularity = 0;
    AlertRule rule = AlertRule::response_time;
    double threshold = 0;
    std::int32_t timeThreshold = 0;
    std::optional<std::vector<std::string>> alertChannelIds;
};

// Members the fast path reads directly from the text (doubles, enums by name), optional and in arrays.
enum class Unit { celsius, kelvin, degrees_fahrenheit };
struct Reading {
    double value = 0;
    std::optional<double> error;
    std::vector<double> samples;
    Unit unit = Unit::celsius;
    std::optional<Unit> display;
    std::vector<Unit> history;
};

struct Leg {
    std::string from;
    std::uint8_t hops = 0;
};

struct Trip {
    std::string id;
    std::vector<Leg> legs;
    std::optional<Leg> backup;
    std::optional<double> price;
    std::vector<bool> flags;
    std::vector<std::int64_t> counts;
    laminate::Overflow extra;
};

// A user type with its own JSON form, and a container of it: never read by the fast path itself.
struct Cents {
    std::int64_t value = 0;
};

struct Wallet {
    std::string owner;
    Cents balance;
    std::vector<Cents> history;
    std::optional<std::vector<Cents>> pending;
};

struct Defaults {
    std::string code;
    std::uint8_t seats = 1;
    std::vector<std::string> names;
    std::optional<double> budget;
    int strict_count = 0;
};

// Absent fields whose Defaulted diagnostic the fast path builds in place: keys that are no
// identifier (a bracketed path step), a field whose own mode records no defaults and one whose
// does, at the root and nested in arrays and optionals.
struct Sparse {
    std::string id;
    std::optional<std::int32_t> max_price;
    std::optional<std::string> note;
    std::optional<bool> quiet;
    std::optional<double> loud;
    std::uint8_t seats = 1;
};

struct SparseHolder {
    std::vector<Sparse> items;
    std::optional<Sparse> extra;
    std::optional<std::int32_t> count;
};

// Described (not aggregate) with private members, an Overflow in the middle and a const-free
// mix of member types: the per-type reader / writer tables of all three paths.
class Ledger {
public:
    const std::string& owner() const { return owner_; }
    std::int32_t entries() const { return entries_; }
    const laminate::Overflow& rest() const { return rest_; }

private:
    friend struct laminate::Describe<Ledger>;
    std::string owner_;
    laminate::Overflow rest_;
    std::int32_t entries_ = 0;
    std::optional<std::vector<double>> amounts_;
};

} // namespace fast_test

LAMINATE_REFLECT(fast_test::Ledger, owner_, rest_, entries_, amounts_);

static_assert(std::is_same_v<laminate::reflect::field_types<fast_test::Ledger>,
                             laminate::reflect::type_list<std::string, laminate::Overflow, std::int32_t,
                                                          std::optional<std::vector<double>>>>);
static_assert(std::is_same_v<laminate::reflect::field_types<fast_test::Leg>,
                             laminate::reflect::type_list<std::string, std::uint8_t>>);

template <>
struct laminate::Fields<fast_test::Sparse> {
    static FieldList options() {
        laminate::ModePolicy silent;
        silent.record_defaults = false;
        laminate::ModePolicy loud;
        loud.record_defaults = true;
        return {
            field("max_price").rename("max price"),
            field("note").rename("2nd.note"),
            field("quiet").mode(silent),
            field("loud").mode(loud),
            field("seats").defaulted(),
        };
    }
};

template <>
struct laminate::Fields<fast_test::Defaults> {
    static FieldList options() {
        return {
            field("code").rename("bookingCode").alias("ref").pattern("[A-Z]{3}[0-9]{2}"),
            field("seats").defaulted().range(1, 9),
            field("names").items(1, 3),
            field("budget").min(0),
            field("strict_count").level(CoercionLevel::Exact),
        };
    }
};

template <>
struct laminate::Shaper<fast_test::Cents> {
    static Result<fast_test::Cents> from_value(const Value& v, const CoerceContext& ctx) {
        if (v.is_array()) return fast_test::Cents{static_cast<std::int64_t>(v.size())};
        auto n = coerce_to<std::int64_t>(v, ctx);
        if (!n) return std::move(n).error();
        return fast_test::Cents{*n * 100};
    }
    static Value to_value(const fast_test::Cents& c) { return Value(c.value); }
};

template <>
struct laminate::Shaper<std::vector<fast_test::Cents>> {
    static Result<std::vector<fast_test::Cents>> from_value(const Value& v, const CoerceContext&) {
        return std::vector<fast_test::Cents>(v.is_array() ? v.size() + 10 : 1);
    }
    static Value to_value(const std::vector<fast_test::Cents>& c) { return Value(c.size()); }
};

namespace fast_test {
namespace {

// F-like documents (make_workloads.py's create_website_alert_config) rendered valid.
std::vector<std::string> alert_documents(std::size_t n) {
    std::mt19937 rng(424242);
    auto pick = [&](std::initializer_list<const char*> xs) { return *(xs.begin() + rng() % xs.size()); };
    std::vector<std::string> out;
    for (std::size_t i = 0; i < n; ++i) {
        std::string d = "{\"name\": \"" + std::string(pick({"Shop", "Docs", "Caf\xc3\xa9"})) + " alert " +
                        std::to_string(i) + "\", \"description\": \"" +
                        pick({"plain words", "back\\\\slash and \\\"quote\\\"", "tab\\tnew\\nline \\u00e9\\u4e2d",
                              "\xe2\x82\xac euro"}) +
                        "\", \"severity\": " + std::to_string(rng() % 10 + 1);
        if (rng() % 4) d += std::string(", \"triggering\": ") + (rng() % 2 ? "true" : "false");
        d += ", \"websiteId\": \"b3c983c1-a148-ae30-230f-90caeb617203\", \"tagFilterExpression\": "
             "\"beacon.page.name:\\\"home\\\" AND beacon.location.country:GR\", \"granularity\": " +
             std::to_string(rng() % 60 + 1) + ", \"rule\": \"" + pick({"response_time", "error_rate"}) +
             "\", \"threshold\": " + pick({"511.3", "0.1777", "5000", "1e2", "-0.0"}) +
             ", \"timeThreshold\": " + std::to_string(rng() % 120 + 1);
        if (rng() % 4) {
            d += ", \"alertChannelIds\": [";
            for (unsigned k = 0, m = rng() % 4; k < m; ++k) d += (k ? ", \"ch-" : "\"ch-") + std::to_string(rng() % 99999) + "\"";
            d += "]";
        }
        out.push_back(d + "}");
    }
    return out;
}

// The malformed variants of W3 / F3: trailing commas, single quotes, Python literals.
std::string malformed(std::string d, std::size_t i) {
    auto replace_all = [&](std::string_view from, std::string_view to) {
        for (std::size_t at = 0; (at = d.find(from, at)) != std::string::npos; at += to.size()) d.replace(at, from.size(), to);
    };
    switch (i % 3) {
    case 0: d.pop_back(); d += ",}"; break;
    case 1: replace_all("\": ", "': "); replace_all(", \"", ", '"); replace_all("{\"", "{'"); break;
    default: replace_all("true", "True"); replace_all("false", "False"); break;
    }
    return d;
}

TEST(FastPath, AlertDocumentsValidTakeTheFastPathAndMatch) {
    const auto docs = alert_documents(400);
    std::size_t taken = 0;
    for (const auto& d : docs) taken += expect_same<AlertConfig>(d) > 0;
    EXPECT_EQ(taken, docs.size()); // every valid document is the common case
}

// The fast path makes these repairs itself (fast_repair_test.cpp), where syntax repair is on.
TEST(FastPath, AlertDocumentsMalformedTakeTheFastPathAndMatch) {
    const auto docs = alert_documents(300);
    for (std::size_t i = 0; i < docs.size(); ++i) {
        const std::string bad = malformed(docs[i], i);
        const int taken = expect_same<AlertConfig>(bad);
        // Strict refuses repairs. The quoting variant leaves strings like 'x" (for the Value path).
        if (i % 3 != 1) {
            EXPECT_EQ(taken, bad != docs[i] ? 2 : 3) << bad;
        }
    }
}

TEST(FastPath, CoercionsGoThroughTheSameCode) {
    // Strings for numbers and bools, floats for ints, null and sentinels in optionals.
    for (const char* doc : {
             R"({"name":"a","description":"b","severity":"7","triggering":"true","websiteId":"w","tagFilterExpression":"t","granularity":5.0,"rule":"error_rate","threshold":"0.5","timeThreshold":1})",
             R"({"name":"a","description":"b","severity":7,"triggering":null,"websiteId":"w","tagFilterExpression":"t","granularity":5,"rule":"Error Rate","threshold":1,"timeThreshold":1,"alertChannelIds":null})",
             R"({"name":"a","description":"b","severity":7,"triggering":"None","websiteId":"w","tagFilterExpression":"t","granularity":5,"rule":"error_rate","threshold":1,"timeThreshold":1,"alertChannelIds":"ch-1"})",
             R"({"name":1,"description":true,"severity":7.5,"websiteId":"w","tagFilterExpression":"t","granularity":99999999999,"rule":"nope","threshold":1e400,"timeThreshold":-1})",
             R"({"name":"a","description":"b","severity":7,"websiteId":"w","tagFilterExpression":"t","granularity":5,"rule":"error_rate","threshold":123456789012345678901234567890,"timeThreshold":1})",
             R"({"name":"a"})",
             R"({})",
         })
        expect_same<AlertConfig>(doc);
}

// Lexemes around the edges of the direct double read: what make_number flags inexact or renders to
// know (over 15 digits, subnormal, beyond 2^53, out of range), integers, signs and exponents.
const char* const kDoubleLexemes[] = {"1.5",    "-0.0",  "0.0",   "1e2",  "1E-5",  "-2.5e+3",  "2.5e-320",   "1e400",
                                      "-1e400", "1e-400", "5",     "-7",   "0",     "1.0e+3",   "0.1234567890123456789",
                                      "123456789012345678.5", "9007199254740993.0", "9007199254740991.5",
                                      "2.2250738585072014e-308", "1.7976931348623157e308", "01.5", "1.", ".5", "1e", "+1.5",
                                      // Around the one-operation read (at most 19 digits, below 2^53, |exponent| <= 22).
                                      "511.3", "0.1777", "2745.1", "1e22", "1e23", "1e-22", "1e-23", "-1.5E+0", "1e0022",
                                      "4.35", "0.000001", "123456789012345.6", "12345678901234.5", "900719925474099.1",
                                      "0.30000000000000004", "100000000000000000000000e-22", "1.0000000000000000000000001",
                                      "0.1e-21", "12.5e-21", "9.999999999999999e22", "1234567890123456789e-10", "-0e5",
                                      "0.0000000000000000001", "1.5e", "1.5e+", "1.5e-x", "1.5x", "-", "-.5", "1.5-2"};

TEST(FastPath, DoublesReadDirectlyMatchTheValuePathBitForBit) {
    for (const char* lexeme : kDoubleLexemes) {
        const std::string doc = std::string(R"({"value":)") + lexeme + R"(,"error":)" + lexeme + R"(,"samples":[)" + lexeme +
                                "," + lexeme + R"(],"unit":"kelvin"})";
        expect_same<Reading>(doc);
        auto fast = laminate::from_json<Reading>(doc);
        auto slow = slow_path<Reading>(doc, {});
        ASSERT_EQ(fast.has_value(), slow.has_value()) << doc;
        if (!fast) continue;
        EXPECT_EQ(std::memcmp(&fast->value.value, &slow->value.value, sizeof(double)), 0) << doc;
        ASSERT_EQ(fast->value.error.has_value(), slow->value.error.has_value()) << doc;
        if (fast->value.error) {
            EXPECT_EQ(std::memcmp(&*fast->value.error, &*slow->value.error, sizeof(double)), 0) << doc;
        }
        ASSERT_EQ(fast->value.samples.size(), slow->value.samples.size()) << doc;
        for (std::size_t i = 0; i < fast->value.samples.size(); ++i)
            EXPECT_EQ(std::memcmp(&fast->value.samples[i], &slow->value.samples[i], sizeof(double)), 0) << doc;
    }
    // The common case really is taken: a plain fraction in every mode.
    EXPECT_EQ(expect_same<Reading>(R"({"value":21.5,"error":0.25,"samples":[1.5,2.5],"unit":"kelvin","display":"celsius","history":[]})"), 3);
}

// Random lexemes of up to 20 digits, a point anywhere, exponents up to +-30: the direct read
// (one IEEE operation when it can, from_chars otherwise) gives the parser's double, bit for bit.
TEST(FastPath, RandomDoublesMatchTheValuePathBitForBit) {
    std::mt19937 rng(20261203);
    for (int n = 0; n < 3000; ++n) {
        std::string lexeme = rng() % 4 ? "" : "-";
        const unsigned digits = rng() % 20 + 1, point = rng() % (digits + 1);
        for (unsigned i = 0; i < digits; ++i) {
            if (i == point && i) lexeme += '.';
            lexeme += static_cast<char>('0' + (i == 0 && digits > 1 && point != 1 ? rng() % 9 + 1 : rng() % 10));
        }
        if (rng() % 2) {
            lexeme += 'e';
            lexeme += std::to_string(static_cast<int>(rng() % 61) - 30);
        }
        std::string doc = R"({"value":)";
        doc += lexeme;
        doc += R"(,"samples":[)";
        doc += lexeme;
        doc += R"(],"unit":"kelvin"})";
        auto fast = laminate::from_json<Reading>(doc);
        auto slow = slow_path<Reading>(doc, {});
        ASSERT_EQ(fast.has_value(), slow.has_value()) << doc;
        if (!fast) continue;
        EXPECT_EQ(std::memcmp(&fast->value.value, &slow->value.value, sizeof(double)), 0) << doc;
        ASSERT_EQ(fast->value.samples.size(), 1u) << doc;
        EXPECT_EQ(std::memcmp(&fast->value.samples[0], &slow->value.samples[0], sizeof(double)), 0) << doc;
        EXPECT_EQ(observe(fast), observe(slow)) << doc;
    }
}

TEST(FastPath, MissingFieldsDiagnosticsAtTheirPathsAsTheValuePathGivesThem) {
    for (const char* doc : {
             R"({"id":"a"})",
             R"({"id":"a","max price":5})",
             R"({"id":"a","2nd.note":"n","quiet":true,"loud":1.5,"seats":2})",
             R"({"items":[{"id":"a"},{"id":"b","quiet":false}],"extra":{"id":"c"}})",
             R"({"items":[],"count":3})",
             R"({})",
         }) {
        expect_same<Sparse>(doc);
        expect_same<SparseHolder>(doc);
    }
    EXPECT_EQ(expect_same<SparseHolder>(R"({"items":[{"id":"a"},{"id":"b","quiet":false}],"extra":{"id":"c"}})"), 3);
    EXPECT_EQ(expect_same<Sparse>(R"({"id":"a"})"), 3);
}

TEST(FastPath, DescribedTypesWithAnOverflowReadAndWriteByMemberType) {
    for (const char* doc : {
             R"({"owner_":"ann","entries_":3,"amounts_":[1.5,2]})",
             R"({"owner_":"ann","entries_":"3","note":"kept","amounts_":null})",
             R"({"owner_":"ann"})",
         })
        expect_same<Ledger>(doc);
    EXPECT_EQ(expect_same<Ledger>(R"({"owner_":"ann","entries_":3,"amounts_":[1.5,2]})"), 3);
    auto r = laminate::from_json<Ledger>(R"({"owner_":"ann","entries_":"3","note":"kept"})");
    ASSERT_TRUE(r);
    EXPECT_EQ(r->value.owner(), "ann");
    EXPECT_EQ(r->value.entries(), 3);
    EXPECT_EQ(laminate::to_json(r->value), R"({"owner_":"ann","entries_":3,"note":"kept"})");
}

TEST(FastPath, EnumsByExactNameReadDirectlyOthersAsTheValuePathDoes) {
    for (const char* name : {"kelvin", "degrees_fahrenheit", "Kelvin", "KELVIN", "degreesFahrenheit", " kelvin",
                             "kelvin ", "kelvi", "", "\\u006belvin", "kel\\vin", "k\xc3\xa9lvin"}) {
        const std::string quoted = std::string("\"") + name + "\"";
        for (const std::string& doc : {
                 R"({"value":1.5,"unit":)" + quoted + "}",
                 R"({"value":1.5,"unit":"celsius","display":)" + quoted + "}",
                 R"({"value":1.5,"unit":"celsius","history":["kelvin",)" + quoted + "]}",
             })
            expect_same<Reading>(doc);
    }
    for (const char* doc : {R"({"value":1.5,"unit":1})", R"({"value":1.5,"unit":null,"display":null})",
                            R"({"value":1.5,"unit":true})", R"({"value":1.5,"unit":["kelvin"]})"})
        expect_same<Reading>(doc);
    EXPECT_EQ(expect_same<Reading>(R"({"value":1.5,"error":null,"samples":[],"unit":"kelvin","display":"celsius","history":["kelvin"]})"), 3);
}

// Without syntax repair (strict mode), a trailing comma is refused before anything is read.
TEST(FastPath, ATrailingCommaIsRefusedBeforeReadingAndShapesAsTheValuePathDoes) {
    using laminate::shape_detail::ends_in_trailing_comma;
    EXPECT_TRUE(ends_in_trailing_comma(R"({"value":1.5,})"));
    EXPECT_TRUE(ends_in_trailing_comma("{\"value\":1.5 ,\n } \r\n"));
    EXPECT_FALSE(ends_in_trailing_comma(R"({"value":1.5})"));
    EXPECT_FALSE(ends_in_trailing_comma(R"({"value":",}"})"));
    EXPECT_FALSE(ends_in_trailing_comma(R"({"samples":[1.5,]})"));
    EXPECT_FALSE(ends_in_trailing_comma(""));
    EXPECT_FALSE(ends_in_trailing_comma(",}"  + std::string(1, 'x')));
    EXPECT_TRUE(ends_in_trailing_comma(",}"));
    for (const char* doc : {R"({"value":1.5,"unit":"kelvin","samples":[],"history":[],})", R"({"value":1.5 , } )",
                            R"({"value":1.5,"unit":"kelvin","samples":[2.5,],"history":[]})", R"({,})", R"({"value":",}"})"}) {
        EXPECT_EQ(expect_same<Reading>(doc), 0) << doc;
    }
}

// The parser's fuzz seeds (odd numbers, escapes, depth, truncation) as regression inputs of the
// direct reads: whatever they are, both paths must agree.
TEST(FastPath, ParseFuzzSeedsShapeTheSameOnBothPaths) {
    const std::filesystem::path dir = std::filesystem::path(LAMINATE_SOURCE_DIR) / "fuzz/corpus/parse_fuzzer";
    if (!std::filesystem::is_directory(dir)) GTEST_SKIP() << "no fuzz corpus at " << dir;
    std::size_t seeds = 0;
    for (const auto& entry : std::filesystem::directory_iterator(dir)) {
        std::ifstream in(entry.path(), std::ios::binary);
        const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        expect_same<AlertConfig>(text);
        expect_same<Reading>(text);
        ++seeds;
    }
    EXPECT_GT(seeds, 0u);
}

TEST(FastPath, SyntaxOutsideTheStrictGrammarFallsBack) {
    const std::string base =
        R"({"name":"a","description":"b","severity":7,"websiteId":"w","tagFilterExpression":"t","granularity":5,"rule":"error_rate","threshold":1.5,"timeThreshold":1})";
    EXPECT_TRUE(fast_taken<AlertConfig>(base));
    EXPECT_TRUE(fast_taken<AlertConfig>(" \n\t" + base + "\r\n "));
    for (const std::string& doc : {
             base + "x", base + base, "\xef\xbb\xbf" + base, "[" + base + "]", std::string("```json\n") + base + "\n```",
             std::string(R"({"name":"a\u0000b","description":"\ud83d\ude00","severity":07})"),
             std::string(R"({"name":"\ud800","description":"raw)") + "\x01" + R"("})",
             std::string(R"({"name":"bad )") + "\xc3\x28" + R"(","severity":+1})",
             std::string(R"({"name":"a","description":"b","severity":1.5.3})"),
             std::string(R"({"name":"a","description":"b","severity":NaN,"triggering":nul})"),
             std::string(R"({"name":"a" "description":"b"})"), std::string(R"({"name":"a",,"description":"b"})"),
             std::string(R"({"name":"a","description":"b")"), std::string(R"({"name":"a","description":)"),
             std::string(R"({"n\u0061me":"a","description":"b"})"), std::string(R"({name:"a"})"),
             std::string(R"({"name":"a", // comment
"description":"b"})"),
         }) {
        expect_same<AlertConfig>(doc);
        EXPECT_FALSE(fast_taken<AlertConfig>(doc)) << doc;
    }
}

TEST(FastPath, KeysOutOfOrderUnknownOrRepeatedFallBack) {
    for (const char* doc : {
             R"({"description":"b","name":"a","severity":7})",
             R"({"name":"a","name":"b","severity":7})",
             R"({"name":"a","Severity":7})",
             R"({"name":"a","surprise":[1,{"x":2}],"severity":7})",
         }) {
        expect_same<AlertConfig>(doc);
        EXPECT_FALSE(fast_taken<AlertConfig>(doc)) << doc;
    }
}

TEST(FastPath, NestedStructsVectorsAndOverflow) {
    for (const char* doc : {
             R"({"id":"t1","legs":[{"from":"SFO","hops":1},{"from":"JFK","hops":"2"}],"backup":{"from":"LAX"},"price":null,"flags":[true,false],"counts":[1,-2,9223372036854775807]})",
             R"({"id":"t1","legs":[],"flags":[],"counts":[]})",
             R"({"id":"t1","legs":[{"from":"SFO","hops":300}],"flags":[1],"counts":[1.5]})",
             R"({"id":"t1","legs":{"from":"SFO"},"flags":true,"counts":"[1,2]"})",
             R"({"id":"t1","legs":[{"from":"SFO","hops":1,"extra":1}],"flags":[],"counts":[],"_trace":"x"})",
             R"({"id":"t1","legs":[[{"from":"SFO"}]],"flags":[],"counts":[]})",
             R"({"id":"t1","backup":[{"from":"SFO"}],"legs":[],"flags":[],"counts":[]})",
         })
        expect_same<Trip>(doc);
    EXPECT_TRUE(fast_taken<Trip>(R"({"id":"t1","legs":[{"from":"SFO","hops":1}],"flags":[true],"counts":[1]})"));
}

// An array field's path is built only when one of its items needs it (a coercion, an error, a
// nested struct's Defaulted): those diagnostics still name the field and the item.
TEST(FastPath, ArrayItemsThatNeedAPathNameTheFieldAndTheItem) {
    for (const char* doc : {
             R"({"name":"a","description":"b","severity":7,"websiteId":"w","tagFilterExpression":"t","granularity":5,"rule":"error_rate","threshold":1.5,"timeThreshold":1,"alertChannelIds":["ch-1",2,"ch-3",true]})",
             R"({"name":"a","description":"b","severity":7,"websiteId":"w","tagFilterExpression":"t","granularity":5,"rule":"error_rate","threshold":1.5,"timeThreshold":1,"alertChannelIds":["ch-1",null]})",
             R"({"name":"a","description":"b","severity":7,"websiteId":"w","tagFilterExpression":"t","granularity":5,"rule":"error_rate","threshold":1.5,"timeThreshold":1,"alertChannelIds":["ch-1",["x"]]})",
             R"({"name":"a","description":"b","severity":7,"websiteId":"w","tagFilterExpression":"t","granularity":5,"rule":"error_rate","threshold":1.5,"timeThreshold":1,"alertChannelIds":[]})",
         })
        expect_same<AlertConfig>(doc);
    for (const char* doc : {
             R"({"value":1.5,"samples":[1.5,"2.5",3],"unit":"kelvin","history":["kelvin","Kelvin"]})",
             R"({"value":1.5,"samples":[1.5,2],"unit":"kelvin","history":["kelvin","celsius"]})",
         })
        expect_same<Reading>(doc);
    for (const char* doc : {
             R"({"id":"t1","legs":[{"from":"SFO"},{"from":"JFK","hops":"2"}],"flags":[true,"false"],"counts":[1,"2"]})",
             R"({"items":[{"id":"a"},{"id":"b","quiet":"yes"}],"count":1})",
         }) {
        expect_same<Trip>(doc);
        expect_same<SparseHolder>(doc);
    }
    // Exact-type items make no path and no diagnostic: the fast path takes them in every mode.
    EXPECT_EQ(expect_same<AlertConfig>(
                  R"({"name":"a","description":"b","severity":7,"triggering":true,"websiteId":"w","tagFilterExpression":"t","granularity":5,"rule":"error_rate","threshold":1.5,"timeThreshold":1,"alertChannelIds":["ch-1","ch-2"]})"),
              3);
}

// Escaped strings decode in one pass into a 512-byte buffer; a longer raw text takes a block of
// its own size. Around that edge (the escape or the multi-byte sequence at the very end, raw
// lengths 500..530) and far past it, the text is the parser's.
TEST(FastPath, LongEscapedStringsAroundTheDecodeBufferMatch) {
    for (std::size_t n = 500; n <= 530; ++n) {
        for (const char* tail : {"\\\\", "\\u4e2d", "\xe4\xb8\xad", "\\\"", "x"}) {
            std::string text = "\\n" + std::string(n, 'a') + tail;
            const std::string doc = "{\"name\":\"" + text + "\",\"description\":\"" + std::string(n, 'b') +
                                    "\",\"severity\":1,\"websiteId\":\"w\",\"tagFilterExpression\":\"t\","
                                    "\"granularity\":1,\"rule\":\"error_rate\",\"threshold\":1,\"timeThreshold\":1}";
            EXPECT_EQ(expect_same<AlertConfig>(doc), 3) << n << tail;
        }
    }
    std::string big;
    for (int i = 0; i < 400; ++i) big += "q\\\"\\u00e9\xc3\xa9";
    const std::string doc = "{\"name\":\"" + big + "\",\"description\":\"b\",\"severity\":1,\"websiteId\":\"w\","
                            "\"tagFilterExpression\":\"" + big + "\\t\",\"granularity\":1,\"rule\":\"error_rate\","
                            "\"threshold\":1,\"timeThreshold\":1}";
    EXPECT_EQ(expect_same<AlertConfig>(doc), 3);
    // Broken past the buffer: a bad escape, an unterminated string.
    expect_same<AlertConfig>("{\"name\":\"" + big + "\\x\",\"description\":\"b\",\"severity\":1}");
    expect_same<AlertConfig>("{\"name\":\"" + big);
}

TEST(FastPath, EscapesDecodeAsTheParserDoes) {
    for (const char* doc : {
             R"({"name":"nul\u0000 us\u001f e\u00e9 zh\u4e2d max\uffff sl\/ bs\\ q\" \b\f\n\r\t","description":"\u0041","severity":0,"websiteId":"","tagFilterExpression":"x","granularity":-5,"rule":"error_rate","threshold":-0,"timeThreshold":-0})",
             R"({"name":"raw 😀 中 é","description":"\u00","severity":1})",
             // Longer than the small-string buffer, escapes and raw UTF-8 mixed: one reservation, same text.
             R"({"name":"beacon.page.name:\"home\" AND beacon.location.country:GR \u00e9\u4e2d é 中 \\ \/ end","description":"\\\\\\\\\\\\\\\\\\\\","severity":1,"websiteId":"\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n","tagFilterExpression":"t","granularity":1,"rule":"error_rate","threshold":1,"timeThreshold":1})",
             // Raw UTF-8 right after an escape, right before one and right before the closing quote
             // (it stays in the pending run), then a broken sequence after an escape.
             R"({"name":"\"é\"中\né","description":"é\\","severity":1,"websiteId":"w","tagFilterExpression":"t","granularity":1,"rule":"error_rate","threshold":1,"timeThreshold":1})",
             "{\"name\":\"ok\\\"\xc3(\",\"description\":\"b\",\"severity\":1}",
             R"({"name":"unterminated \"escape\)",
             R"({"name":"a","description":"b","severity":999999999999999999,"websiteId":"w","tagFilterExpression":"t","granularity":1E2,"rule":"error_rate","threshold":1e-7,"timeThreshold":-9223372036854775808})",
         })
        expect_same<AlertConfig>(doc);
    EXPECT_TRUE(fast_taken<AlertConfig>(
        R"({"name":"beacon.page.name:\"home\" AND beacon.location.country:GR \u00e9 é","description":"b","severity":1,"websiteId":"w","tagFilterExpression":"t","granularity":1,"rule":"error_rate","threshold":1,"timeThreshold":1})"));
    EXPECT_TRUE(fast_taken<AlertConfig>(
        R"({"name":"\"é\"中\né","description":"é\\","severity":1,"websiteId":"w","tagFilterExpression":"t","granularity":1,"rule":"error_rate","threshold":1,"timeThreshold":1})"));
    EXPECT_TRUE(fast_taken<AlertConfig>(
        R"({"name":"nul\u0000 e\u00e9","description":"b\\\\","severity":1,"websiteId":"w","tagFilterExpression":"t","granularity":1,"rule":"error_rate","threshold":1,"timeThreshold":1})"));
}

TEST(FastPath, ShapersGetTheirValue) {
    for (const char* doc : {
             R"({"owner":"a","balance":12,"history":[1,[1,2],"3"],"pending":[1,2]})",
             R"({"owner":"a","balance":[1,2,3],"history":[],"pending":null})",
         })
        expect_same<Wallet>(doc);
}

TEST(FastPath, FieldOptionsDefaultsConstraintsAndLevels) {
    for (const char* doc : {
             R"({"bookingCode":"ABC12","seats":2,"names":["x"],"budget":10,"strict_count":1})",
             R"({"ref":"ABC12","names":["x","y"],"strict_count":1})",
             R"({"bookingCode":"abc","seats":12,"names":[],"budget":-1,"strict_count":"1"})",
             R"({"bookingCode":"ABC12","seats":null,"names":["x"],"strict_count":1})",
             R"({"bookingCode":"ABC12","seats":"None","names":["a","b","c","d"],"strict_count":1.0})",
             R"({"code":"ABC12","names":["x"],"strict_count":1})",
         })
        expect_same<Defaults>(doc);
}

TEST(FastPath, DepthLimitAndOptionsAreHonoured) {
    laminate::ShapeOptions tight;
    const std::string doc = R"({"id":"t1","legs":[{"from":"SFO","hops":1}],"flags":[],"counts":[]})";
    EXPECT_TRUE(fast_taken<Trip>(doc, tight));
    // A sink and fail_at see the same diagnostics either way.
    laminate::ShapeOptions warn{.mode = laminate::Mode::Lenient};
    warn.fail_at = laminate::Risk::Info;
    const char* coerced = R"({"id":"t1","legs":[{"from":"SFO","hops":"1"}],"flags":[],"counts":[]})";
    EXPECT_EQ(observe(laminate::from_json<Trip>(coerced, warn)), observe(slow_path<Trip>(coerced, warn)));
}

// The generated F / F3 workloads themselves, when $LAMINATE_SHAPE_WORKLOADS names the directory
// make_workloads.py wrote them to (the bench's build/bench-data).
TEST(FastPath, GeneratedWorkloadsWhenPresent) {
    const char* dir = std::getenv("LAMINATE_SHAPE_WORKLOADS");
    if (!dir) GTEST_SKIP() << "set LAMINATE_SHAPE_WORKLOADS to the directory of f_valid.jsonl / f_malformed.jsonl";
    for (const char* file : {"f_valid.jsonl", "f_malformed.jsonl"}) {
        std::ifstream in(std::filesystem::path(dir) / file);
        ASSERT_TRUE(in) << file;
        std::string line;
        std::size_t docs = 0, taken = 0;
        while (std::getline(in, line)) {
            ++docs;
            const laminate::ShapeOptions options{};
            ASSERT_EQ(observe(laminate::from_json<AlertConfig>(line, options)), observe(slow_path<AlertConfig>(line, options)))
                << line;
            taken += fast_taken<AlertConfig>(line);
        }
        std::cout << file << ": " << docs << " documents identical, " << taken << " by the fast path\n";
    }
}

} // namespace
} // namespace fast_test
