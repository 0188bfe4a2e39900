#include "report.hpp"

#include <cstdio>

namespace laminate::bfcl {

namespace {

std::string short_name(std::string_view category) {
    std::string out;
    bool start = true;
    for (const char c : category) {
        if (start) out += c;
        start = c == '_';
    }
    if (category == "simple_javascript") out = "sjs";
    return out;
}

std::string pad(std::string s, std::size_t width) {
    if (s.size() < width) s.insert(0, width - s.size(), ' ');
    return s;
}

std::string fraction(std::size_t recovered, std::size_t applicable) {
    return std::to_string(recovered) + "/" + std::to_string(applicable);
}

std::string percent(double p) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.2f%%", p);
    return buf;
}

Value throughput_json(const Throughput& t) {
    return Value::object({{"calls", Value(t.calls)},
                          {"bytes", Value(t.bytes)},
                          {"cpu_seconds", Value(t.seconds)},
                          {"wall_seconds", Value(t.wall_seconds)},
                          {"calls_per_second", Value(t.calls_per_second())},
                          {"mb_per_second", Value(t.mb_per_second())}});
}

} // namespace

std::string format_table(const Report& r) {
    std::string out = "BFCL recovery: " + std::to_string(r.calls) + " ground-truth calls" +
                      (r.complete_truncated ? ", truncated values completed (opt-in)" : "") + "\n";
    out += "categories:";
    for (const auto& c : r.categories) out += " " + short_name(c) + "=" + c;
    out += "\n\n" + pad("class", 5) + "  " + std::string(30, ' ');
    for (const auto& c : r.categories) out += pad(short_name(c), 10);
    out += pad("total", 11) + pad("rate", 9) + pad("w/o artefacts", 15) + "\n";
    for (std::size_t k = 0; k < r.classes.size(); ++k) {
        std::string desc(class_description(r.classes[k]));
        desc.resize(30, ' ');
        out += pad(std::string(class_name(r.classes[k])), 5) + "  " + desc;
        for (const auto& cell : r.cells[k]) out += pad(fraction(cell.recovered, cell.applicable), 10);
        const Cell t = r.class_total(k);
        out += pad(fraction(t.recovered, t.applicable), 11);
        out += pad(percent(Report::rate(t.recovered, t.applicable)), 9);
        out += pad(percent(Report::rate(t.recovered - t.artefacts_recovered, t.applicable - t.artefacts)), 15);
        out += "\n";
    }
    return out;
}

std::string format_throughput(const Report& r) {
    char buf[256];
    std::snprintf(buf, sizeof buf,
                  "throughput: %zu shapings, %.0f calls/s, %.1f MB/s (CPU time %.3f s, wall %.3f s)\n",
                  r.total.calls, r.total.calls_per_second(), r.total.mb_per_second(), r.total.seconds,
                  r.total.wall_seconds);
    std::string out = buf;
    for (std::size_t k = 0; k < r.classes.size(); ++k) {
        if (r.classes[k] != Class::Valid) continue;
        const auto& t = r.per_class[k];
        std::snprintf(buf, sizeof buf, "  valid renderings: %.0f calls/s, %.1f MB/s\n",
                      t.calls_per_second(), t.mb_per_second());
        out += buf;
    }
    return out;
}

Value report_to_json(const Report& r) {
    Value classes = Value::array();
    for (std::size_t k = 0; k < r.classes.size(); ++k) {
        Value per_category = Value::object();
        for (std::size_t c = 0; c < r.categories.size(); ++c) {
            const auto& cell = r.cells[k][c];
            per_category.set(r.categories[c], Value::object({{"applicable", Value(cell.applicable)},
                                                             {"recovered", Value(cell.recovered)}}));
        }
        const Cell t = r.class_total(k);
        classes.push_back(Value::object({
            {"class", Value(class_name(r.classes[k]))},
            {"description", Value(class_description(r.classes[k]))},
            {"categories", std::move(per_category)},
            {"applicable", Value(t.applicable)},
            {"recovered", Value(t.recovered)},
            {"rate", Value(Report::rate(t.recovered, t.applicable))},
            {"artefacts", Value(t.artefacts)},
            {"rate_excluding_artefacts",
             Value(Report::rate(t.recovered - t.artefacts_recovered, t.applicable - t.artefacts))},
            {"throughput", throughput_json(r.per_class[k])},
        }));
    }
    Value failures = Value::array();
    for (const auto& f : r.failures)
        failures.push_back(Value::object({{"id", Value(f.id)},
                                          {"call", Value(f.index)},
                                          {"category", Value(f.category)},
                                          {"class", Value(class_name(f.cls))},
                                          {"reason", Value(f.reason)}}));
    Value category_list = Value::array();
    for (const auto& c : r.categories) category_list.push_back(Value(c));
    return Value::object({{"benchmark", Value("bfcl-recovery")},
                          {"complete_truncated", Value(r.complete_truncated)},
                          {"calls", Value(r.calls)},
                          {"categories", std::move(category_list)},
                          {"classes", std::move(classes)},
                          {"throughput", throughput_json(r.total)},
                          {"failures", std::move(failures)}});
}

} // namespace laminate::bfcl
