// One engine: a struct and its equivalent hand-written schema give the same values and the same
// diagnostics (kind, path, risk, from, to) on the same inputs, in every mode; errors alike (kind,
// path). Only target names differ: a schema has no C++ type name ("integer" for uint8, "enum" for Cabin).
#include "schema/schema_test_util.hpp"

#include <laminate/shape.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

using namespace laminate;
using namespace schema_test;

namespace agreement {
enum class Cabin { economy, business };
struct Leg {
    std::string from;
    std::uint8_t stops;
};
struct Booking {
    std::string name;
    std::int32_t passengers;
    double budget;
    bool refundable;
    Cabin cabin;
    std::vector<Leg> legs;
    std::optional<std::string> note;
};
struct Account {
    std::string user_name;
    std::string userName;
    std::int64_t id;
    double score;
    std::vector<std::vector<int>> grid;
};
} // namespace agreement

namespace {

const char* kBookingSchema = R"({"type":"object","properties":{
    "name":{"type":"string"},
    "passengers":{"type":"integer","minimum":-2147483648,"maximum":2147483647},
    "budget":{"type":"number"},
    "refundable":{"type":"boolean"},
    "cabin":{"type":"string","enum":["economy","business"]},
    "legs":{"type":"array","items":{"type":"object","properties":{
        "from":{"type":"string"},"stops":{"type":"integer","minimum":0,"maximum":255}},
      "required":["from","stops"],"additionalProperties":false}},
    "note":{"type":"string"}},
  "required":["name","passengers","budget","refundable","cabin","legs"],"additionalProperties":false})";

struct Seen {
    std::string path, from, to;
    DiagnosticKind kind;
    Risk risk;
    bool operator==(const Seen&) const = default;
    friend std::ostream& operator<<(std::ostream& os, const Seen& s) {
        return os << "[" << kind_name(s.kind) << " " << risk_name(s.risk) << " at '" << s.path << "' " << s.from << "->"
                  << s.to << "]";
    }
};

std::vector<Seen> seen(const Diagnostics& ds) {
    std::vector<Seen> out;
    for (const auto& d : ds) out.push_back({d.path, d.from, d.to == "uint8" || d.to == "int32" || d.to == "int64" ? "integer" : d.to == "Cabin" ? "enum" : d.to, d.kind, d.risk});
    return out;
}

} // namespace

TEST(SchemaTypedAgreement, SameValuesAndDiagnostics) {
    const char* inputs[] = {
        R"({"name":"Ann","passengers":2,"budget":100.5,"refundable":true,"cabin":"economy","legs":[{"from":"OSL","stops":0}]})",
        R"({"name":"Ann","passengers":"2","budget":"1,234.5","refundable":"yes","cabin":"Business","legs":[{"from":"OSL","stops":"1"}],"note":null})",
        R"({"name":"Ann","passengers":2.0,"budget":3,"refundable":1,"cabin":"economy","legs":{"from":"OSL","stops":0},"extra":1})",
        R"({"Name":"Ann","passengers":2,"budget":1.5,"refundable":false,"cabin":"economy","legs":[],"note":"hi","x":[1]})",
        R"({"name":"Ann","passengers":300,"budget":1,"refundable":false,"cabin":"economy","legs":[{"from":"OSL","stops":300}]})",
        R"({"name":"Ann","budget":1,"refundable":"maybe","cabin":"first","legs":[]})",
    };
    auto schema = compiled(kBookingSchema);
    for (Mode mode : {Mode::Lenient, Mode::Absorbing, Mode::Strict}) {
        for (const char* input : inputs) {
            SCOPED_TRACE(std::string(mode_name(mode)) + " " + input);
            std::vector<Error> typed_errors, schema_errors;
            auto typed = from_json<agreement::Booking>(input, ShapeOptions{.mode = mode, .field_errors = &typed_errors});
            auto by_schema = schema.from_json(input, ShapeOptions{.mode = mode, .field_errors = &schema_errors});
            ASSERT_EQ(bool(typed), bool(by_schema)) << (typed ? by_schema.error().to_string() : typed.error().to_string());
            if (!typed) {
                ASSERT_EQ(typed_errors.size(), schema_errors.size());
                for (std::size_t i = 0; i < typed_errors.size(); ++i) {
                    EXPECT_EQ(typed_errors[i].kind(), schema_errors[i].kind()) << typed_errors[i] << " / " << schema_errors[i];
                    EXPECT_EQ(typed_errors[i].path(), schema_errors[i].path());
                }
                continue;
            }
            Value typed_value = to_value(typed->value);
            if (!typed->value.note) typed_value.erase("note"); // an empty optional is absent in the schema's value
            EXPECT_EQ(typed_value, by_schema->value) << typed_value << " / " << by_schema->value;
            EXPECT_EQ(seen(typed->diagnostics), seen(by_schema->diagnostics));
            EXPECT_EQ(typed->residual, by_schema->residual);
        }
    }
}

// The readings the two paths once differed on, and a key both fields would take: the same
// values, diagnostics and errors (kind and path) from both.
TEST(SchemaTypedAgreement, EdgeReadingsAgree) {
    const char* schema_text = R"({"type":"object","properties":{
        "user_name":{"type":"string"},"userName":{"type":"string"},
        "id":{"type":"integer","minimum":-9223372036854775808,"maximum":9223372036854775807},
        "score":{"type":"number"},
        "grid":{"type":"array","items":{"type":"array","items":{"type":"integer","minimum":-2147483648,"maximum":2147483647}}}},
      "required":["user_name","userName","id","score","grid"],"additionalProperties":false})";
    const char* inputs[] = {
        R"({"user_name":["a"],"userName":"b","id":3.000,"score":[2.5],"grid":[[1]]})",
        R"({"user_name":"a","userName":"b","user-name":"c","id":1,"score":1,"grid":[]})",
        R"({"user_name":"a","userName":"b","id":1,"score":1,"grid":[1,[2]]})",
        R"({"user_name":"a","userName":"b","id":1,"score":1,"grid":7})",
        R"({"user_name":"a","userName":"b","id":3.5,"score":1,"grid":[]})",
    };
    auto schema = compiled(schema_text);
    for (Mode mode : {Mode::Lenient, Mode::Absorbing, Mode::Strict}) {
        for (const char* input : inputs) {
            SCOPED_TRACE(std::string(mode_name(mode)) + " " + input);
            std::vector<Error> typed_errors, schema_errors;
            auto typed = from_json<agreement::Account>(input, ShapeOptions{.mode = mode, .field_errors = &typed_errors});
            auto by_schema = schema.from_json(input, ShapeOptions{.mode = mode, .field_errors = &schema_errors});
            ASSERT_EQ(bool(typed), bool(by_schema)) << (typed ? by_schema.error().to_string() : typed.error().to_string());
            if (!typed) {
                ASSERT_EQ(typed_errors.size(), schema_errors.size());
                for (std::size_t i = 0; i < typed_errors.size(); ++i) {
                    EXPECT_EQ(typed_errors[i].kind(), schema_errors[i].kind()) << typed_errors[i] << " / " << schema_errors[i];
                    EXPECT_EQ(typed_errors[i].path(), schema_errors[i].path());
                }
                continue;
            }
            Value typed_value = to_value(typed->value);
            EXPECT_EQ(typed_value, by_schema->value) << typed_value << " / " << by_schema->value;
            EXPECT_EQ(seen(typed->diagnostics), seen(by_schema->diagnostics));
        }
    }
    // The ambiguous key is an error at its own path in both.
    auto typed = from_json<agreement::Account>(inputs[1]);
    ASSERT_FALSE(typed);
    EXPECT_EQ(typed.error().kind(), ErrorKind::AmbiguousValue);
    EXPECT_EQ(typed.error().path(), "user-name");
    auto by_schema = schema.from_json(inputs[1]);
    ASSERT_FALSE(by_schema);
    EXPECT_EQ(by_schema.error().kind(), ErrorKind::AmbiguousValue);
    EXPECT_EQ(by_schema.error().path(), "user-name");
}
