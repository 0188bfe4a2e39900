#pragma once
// The BFCL corpus as the recovery benchmark sees it: one Call per ground-truth function call.
// Question lines give each function's parameter schema; answer lines give, per call, every
// parameter's list of accepted values ("" in a list: the parameter may be left out). Parallel
// categories have several calls per id; each becomes its own Call (index = its position).

#include <laminate/result.hpp>
#include <laminate/value.hpp>

#include <array>
#include <cstddef>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace laminate::bfcl {

// The ten categories that have ground truth, in the order the report lists them.
inline constexpr std::array<std::string_view, 10> categories = {
    "simple_python", "simple_java", "simple_javascript", "multiple", "parallel",
    "parallel_multiple", "live_simple", "live_multiple", "live_parallel", "live_parallel_multiple"};

struct Call {
    std::string id;        // BFCL's id, e.g. "simple_python_0"
    std::string category;  // one of categories
    std::size_t index = 0; // position of this call in the id's ground truth
    std::string function;  // the function's name
    Value schema;          // the function's "parameters": {type: "dict", properties, required}
    Value accepted;        // {"param": [accepted values...]}, nested dicts in the same form
};

// Every call of one category, in file order. invalid_argument when a file cannot be read,
// invalid_json when a line is not JSON, invalid_schema when an answer names a function the
// question does not declare or lines are not of the documented shape.
Result<std::vector<Call>> load_category(const std::filesystem::path& dir, std::string_view category);

// The calls of the given categories (all ten when empty), category by category.
Result<std::vector<Call>> load_corpus(const std::filesystem::path& dir,
                                      const std::vector<std::string>& only = {});

} // namespace laminate::bfcl
