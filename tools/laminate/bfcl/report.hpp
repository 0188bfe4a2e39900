#pragma once
// The benchmark's answer for people (a table) and for scripts (JSON).

#include "run.hpp"

#include <laminate/value.hpp>

#include <string>

namespace laminate::bfcl {

// One row a class: recovered/applicable per category, the total, the rate, and the rate over
// calls whose valid rendering recovers (the rest are artefacts of the data); then throughput.
std::string format_table(const Report& report);

// Throughput lines: calls shaped per second and MB/s of CPU time, in total and for the valid
// renderings.
std::string format_throughput(const Report& report);

// {"complete_truncated", "calls", "categories", "classes": [{"class", "description",
//  "categories": {cat: {"applicable", "recovered"}}, "applicable", "recovered", "rate",
//  "artefacts", "rate_excluding_artefacts", "throughput"}], "throughput", "failures": [...]}
Value report_to_json(const Report& report);

} // namespace laminate::bfcl
