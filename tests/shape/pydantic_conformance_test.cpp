// Conformance with pydantic's conversion table
// (../shared/corpora/coercion/pydantic/pydantic_conversion_table.json): the rows with JSON input
// for the field types int, float, bool, str, Enum, list and None.
//
// * Strict rows are checked at Exact; lax rows at StringCoercion and at BestEffort: a valid
//   example must coerce at each, an invalid one must fail at each.
// * Field types map to targets: int -> int64, float -> float64, bool, str -> string, Enum -> an
//   enum of "red", "green", "blue", list -> array (coerce_array), None -> null.
// * {"$float": "inf"} / {"$float": "nan"} stand for the non-finite doubles.
// * Rows that give no example of the input type they accept get one representative example
//   (kSynthesized); those are reported apart from the corpus's own examples.
// The examples that differ on purpose are listed in kDeliberateDifferences with the reason.

#include <laminate/coerce.hpp>
#include <laminate/parse.hpp>

#include "corpora.hpp"

#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <limits>
#include <map>
#include <set>
#include <string>

namespace {

using laminate::CoercionLevel;
using laminate::Value;

// (field_type, input_type, strict) -> valid example, for rows that list no valid example.
const std::map<std::string, std::string> kSynthesized = {
    {"int/int/strict", "123"},       {"int/int/lax", "123"},       {"float/float/strict", "1.5"},
    {"str/str/strict", R"("abc")"},   {"list/Array/strict", "[1,2]"}, {"None/None/strict", "null"},
    {"Enum/Any/strict", R"("red")"},
};

// Examples (row key + example JSON) that differ on purpose, with the reason.
const std::map<std::string, std::string> kDeliberateDifferences = {};

constexpr std::array<std::string_view, 3> kColours{"red", "green", "blue"};

laminate::Result<bool> coerce_as(std::string_view field_type, const Value& in, CoercionLevel level) {
    laminate::Diagnostics ds;
    laminate::CoerceContext ctx{ds, level};
    auto ok = [](const auto& r) -> laminate::Result<bool> {
        if (!r) return r.error();
        return true;
    };
    if (field_type == "int") return ok(laminate::coerce_signed(in, laminate::int_target<std::int64_t>(), ctx));
    if (field_type == "float") return ok(laminate::coerce_float(in, laminate::float64_target, ctx));
    if (field_type == "bool") return ok(laminate::coerce_bool(in, ctx));
    if (field_type == "str") return ok(laminate::coerce_string(in, ctx));
    if (field_type == "Enum") return ok(laminate::coerce_enum(in, {kColours, "Colour"}, ctx));
    if (field_type == "None") return ok(laminate::coerce_null(in, ctx));
    Value storage;
    return ok(laminate::coerce_array(in, ctx, storage)); // list
}

Value example_value(const Value& example) {
    if (const Value* f = example.find("$float")) {
        std::string_view s = f->as_string();
        if (s == "nan") return Value(std::numeric_limits<double>::quiet_NaN());
        return Value(s[0] == '-' ? -std::numeric_limits<double>::infinity() : std::numeric_limits<double>::infinity());
    }
    return example;
}

TEST(PydanticConformance, JsonInputRows) {
    auto path = laminate::test::corpora_dir() / "coercion/pydantic/pydantic_conversion_table.json";
    LAMINATE_REQUIRE_CORPUS(path);
    auto doc = laminate::parse_json(laminate::test::read_file(path));
    ASSERT_TRUE(doc) << doc.error();
    const std::set<std::string_view> field_types{"int", "float", "bool", "str", "Enum", "list", "None"};

    std::size_t rows = 0, corpus_checked = 0, corpus_passed = 0, synth_checked = 0, synth_passed = 0;
    std::set<std::string> differing;
    for (const Value& row : doc->items()) {
        std::string_view field_type = row["field_type"].as_string();
        if (!row["json_input"].as_bool() || !field_types.count(field_type)) continue;
        ++rows;
        bool strict = row["strict"].as_bool();
        std::string key = std::string(field_type) + "/" + std::string(row["input_type"].as_string()) + "/" +
                          (strict ? "strict" : "lax");
        std::vector<CoercionLevel> levels = strict ? std::vector{CoercionLevel::Exact}
                                                   : std::vector{CoercionLevel::StringCoercion, CoercionLevel::BestEffort};

        auto check = [&](const Value& example, bool valid, bool synthesized) {
            Value in = example_value(example);
            bool conforms = true;
            std::string detail;
            for (CoercionLevel level : levels) {
                auto r = coerce_as(field_type, in, level);
                if (r.has_value() != valid) {
                    conforms = false;
                    detail += std::string(" at ") + std::string(laminate::level_name(level)) +
                              (valid ? ": " + r.error().to_string() : ": accepted");
                }
            }
            (synthesized ? synth_checked : corpus_checked)++;
            if (conforms) {
                (synthesized ? synth_passed : corpus_passed)++;
                return;
            }
            std::string id = key + " " + example.dump();
            differing.insert(id);
            if (!kDeliberateDifferences.count(id))
                ADD_FAILURE() << id << (valid ? " should coerce" : " should fail") << detail;
        };
        if (row["valid_examples"].is_array()) {
            for (const Value& e : row["valid_examples"].items()) check(e, true, false);
        } else if (auto it = kSynthesized.find(key); it != kSynthesized.end()) {
            check(*laminate::parse_json(it->second), true, true);
        }
        if (row["invalid_examples"].is_array())
            for (const Value& e : row["invalid_examples"].items()) check(e, false, false);
    }
    EXPECT_EQ(rows, 17u);
    std::cout << "pydantic table: " << rows << " rows; corpus examples " << corpus_passed << "/" << corpus_checked
              << " conform; synthesized examples " << synth_passed << "/" << synth_checked << '\n';
    std::set<std::string> listed;
    for (const auto& [id, reason] : kDeliberateDifferences) listed.insert(id);
    EXPECT_EQ(differing, listed);
    EXPECT_EQ(synth_checked, kSynthesized.size());
}

// The enum row gives no invalid example: an undeclared name must fail at Exact.
TEST(PydanticConformance, EnumRejectsUndeclaredName) {
    auto r = coerce_as("Enum", Value("purple"), CoercionLevel::Exact);
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().kind(), laminate::ErrorKind::UnknownVariant);
}

} // namespace
