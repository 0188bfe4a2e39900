// The schema-dialect vectors of the Rust crate TypedLM (corpora/typedlm/dialect_cases.json), each
// an exact "out" or a set of "assert"s: "/pointer" -> expected value, "keys(/pointer)" -> the
// object's keys in order, "absent" -> pointers that must not resolve.
#include "schema/schema_test_util.hpp"

#include "../../corpora.hpp"

#include <iostream>
#include <string>

namespace laminate::test::schema_typedlm_dialect {

// Every failed check of one case, empty when it passes.
std::string check_case(const Value& c) {
    std::string failures;
    const auto d = dialect_from_name(c["dialect"].is_string() ? c["dialect"].as_string() : "");
    if (!d) return "unknown dialect";
    auto r = to_dialect(c["in"], *d);
    if (!r) return "to_dialect failed: " + r.error().to_string();
    const Value& out = *r;
    if (const Value* expected = c.find("out"); expected && !(out == *expected))
        failures += "out: got " + out.dump() + "\n";
    for (const Member& a : c["assert"].members()) {
        const std::string_view key = a.key();
        if (key == "absent") {
            for (const Value& p : a.value.items())
                if (out.at_pointer(p.as_string())) failures += "present: " + std::string(p.as_string()) + "\n";
        } else if (key.starts_with("keys(") && key.ends_with(")")) {
            const Value* at = out.at_pointer(key.substr(5, key.size() - 6));
            Value keys = Value::array();
            if (at)
                for (const Member& m : at->members()) keys.push_back(m.name);
            if (!(keys == a.value)) failures += std::string(key) + ": got " + keys.dump() + "\n";
        } else {
            const Value* at = out.at_pointer(key);
            if (!at || !(*at == a.value))
                failures += std::string(key) + ": got " + (at ? at->dump() : std::string("(absent)")) + "\n";
        }
    }
    return failures;
}

TEST(TypedlmDialectVectors, AllCasesPass) {
    const auto path = corpora_dir() / "typedlm" / "dialect_cases.json";
    LAMINATE_REQUIRE_CORPUS(path);
    auto doc = parse(read_file(path), ParseOptions{.repair = false});
    ASSERT_TRUE(doc.has_value()) << doc.error().to_string();
    const Value& cases = doc->value["cases"];
    ASSERT_GT(cases.size(), 0u);
    std::size_t passed = 0;
    for (const Value& c : cases.items()) {
        const std::string failures = check_case(c);
        if (failures.empty()) ++passed;
        else ADD_FAILURE() << c["name"].as_string() << ":\n" << failures;
    }
    std::cout << "typedlm dialect vectors: " << passed << "/" << cases.size() << " passed\n";
    EXPECT_EQ(passed, cases.size());
}

TEST(TypedlmDialectVectors, StrictFormatsMatchTheCorpusList) {
    const auto path = corpora_dir() / "typedlm" / "dialect_cases.json";
    LAMINATE_REQUIRE_CORPUS(path);
    auto doc = parse(read_file(path), ParseOptions{.repair = false});
    ASSERT_TRUE(doc.has_value());
    for (const Value& f : doc->value["strict_string_formats"].items()) {
        const Value in = Value::object({{"type", "string"}, {"format", f}});
        EXPECT_EQ(dialect(in, Dialect::OpenAiStrict), in) << f.as_string();
    }
    const Value unsupported = json(R"({"type": "string", "format": "uri"})");
    EXPECT_SCHEMA_EQ(dialect(unsupported, Dialect::OpenAiStrict), R"({"type": "string"})");
}

} // namespace laminate::test::schema_typedlm_dialect
