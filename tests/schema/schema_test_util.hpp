#pragma once
// Helpers for the validation tests: JSON from text, one-shot validation, violations as strings.

#include <laminate/parse.hpp>
#include <laminate/validate.hpp>

#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <vector>

namespace laminate::test {

inline Value json(std::string_view text) {
    auto v = parse_json(text);
    EXPECT_TRUE(v) << v.error() << " in " << text;
    return v ? *v : Value();
}

inline ValidationResult check(std::string_view schema, std::string_view instance, const ValidateOptions& options = {}) {
    auto r = validate(json(instance), json(schema), options);
    EXPECT_TRUE(r) << r.error();
    return r ? *r : ValidationResult{};
}

inline bool valid(std::string_view schema, std::string_view instance) { return check(schema, instance).valid; }

// "path: message" for each violation.
inline std::vector<std::string> lines(const ValidationResult& r) {
    std::vector<std::string> out;
    for (const auto& v : r.violations) out.push_back(to_string(v));
    return out;
}

inline std::vector<std::string> keywords(const ValidationResult& r) {
    std::vector<std::string> out;
    for (const auto& v : r.violations) out.push_back(v.keyword);
    return out;
}

} // namespace laminate::test
