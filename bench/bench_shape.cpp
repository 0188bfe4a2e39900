// Typed shaping speed (F / F3): 5,000 argument objects of one 11-parameter BFCL function
// (create_website_alert_config) shaped into a struct, beside its baselines in the same run:
//   F/simdjson               simdjson DOM parse of the valid set (the yardstick)
//   F/simdjson_ondemand      simdjson On-Demand into the struct by hand
//   F/nlohmann               nlohmann::json::parse + get<AlertConfig>() (from_json written by hand)
//   F/laminate_from_json     laminate::from_json<AlertConfig>, lenient, default options
//   F3/laminate_from_json    the same on the malformed set (baseline: simdjson DOM on F)
//   F*/laminate_value_path   parse + shape without the fast path (what from_json did before it)
#include "register.hpp"

#include <laminate/shape.hpp>

#include <cstdint>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

namespace laminate::bench {
namespace {

enum class AlertRule { response_time, error_rate };

// The parameters of create_website_alert_config as make_workloads.py renders them.
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

void from_json(const nlohmann::json& j, AlertConfig& c) {
    j.at("name").get_to(c.name);
    j.at("description").get_to(c.description);
    j.at("severity").get_to(c.severity);
    if (auto it = j.find("triggering"); it != j.end() && !it->is_null()) c.triggering = it->get<bool>();
    j.at("websiteId").get_to(c.websiteId);
    j.at("tagFilterExpression").get_to(c.tagFilterExpression);
    j.at("granularity").get_to(c.granularity);
    const auto& rule = j.at("rule").get_ref<const std::string&>();
    if (rule == "response_time") c.rule = AlertRule::response_time;
    else if (rule == "error_rate") c.rule = AlertRule::error_rate;
    else throw std::invalid_argument("rule");
    j.at("threshold").get_to(c.threshold);
    j.at("timeThreshold").get_to(c.timeThreshold);
    if (auto it = j.find("alertChannelIds"); it != j.end() && !it->is_null())
        c.alertChannelIds = it->get<std::vector<std::string>>();
}

struct FWorkloads {
    std::string missing;
    Docs valid;
    Docs malformed;
};

bool read_lines(const std::filesystem::path& path, Docs& out) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return false;
    std::string line;
    while (std::getline(in, line))
        if (!line.empty()) out.add(line);
    return true;
}

const FWorkloads& f_workloads() {
    static const FWorkloads w = [] {
        FWorkloads f;
        if (!read_lines(data_dir() / "f_valid.jsonl", f.valid) ||
            !read_lines(data_dir() / "f_malformed.jsonl", f.malformed))
            f.missing = "f_valid.jsonl / f_malformed.jsonl not found in " + data_dir().string() +
                        " (generate them with the laminate_bench_data target or make_workloads.py)";
        return f;
    }();
    return w;
}

struct SimdjsonOnDemand {
    simdjson::ondemand::parser parser;
    AlertConfig out;

    static simdjson::error_code read(simdjson::ondemand::object obj, AlertConfig& c) {
        c.triggering.reset();
        c.alertChannelIds.reset();
        for (auto field : obj) {
            std::string_view key;
            if (auto e = field.unescaped_key().get(key)) return e;
            auto v = field.value();
            std::string_view s;
            std::int64_t i = 0;
            if (key == "name" || key == "description" || key == "websiteId" || key == "tagFilterExpression") {
                if (auto e = v.get_string().get(s)) return e;
                (key == "name" ? c.name : key == "description" ? c.description
                                      : key == "websiteId" ? c.websiteId : c.tagFilterExpression) = s;
            } else if (key == "severity" || key == "granularity" || key == "timeThreshold") {
                if (auto e = v.get_int64().get(i)) return e;
                (key == "severity" ? c.severity : key == "granularity" ? c.granularity : c.timeThreshold) =
                    static_cast<std::int32_t>(i);
            } else if (key == "triggering") {
                bool b = false;
                if (auto e = v.get_bool().get(b)) return e;
                c.triggering = b;
            } else if (key == "rule") {
                if (auto e = v.get_string().get(s)) return e;
                if (s == "response_time") c.rule = AlertRule::response_time;
                else if (s == "error_rate") c.rule = AlertRule::error_rate;
                else return simdjson::INCORRECT_TYPE;
            } else if (key == "threshold") {
                if (auto e = v.get_double().get(c.threshold)) return e;
            } else if (key == "alertChannelIds") {
                simdjson::ondemand::array arr;
                if (auto e = v.get_array().get(arr)) return e;
                auto& ids = c.alertChannelIds.emplace();
                for (auto item : arr) {
                    if (auto e = item.get_string().get(s)) return e;
                    ids.emplace_back(s);
                }
            }
        }
        return simdjson::SUCCESS;
    }

    Outcome operator()(const simdjson::padded_string& doc) {
        simdjson::ondemand::document d;
        if (parser.iterate(doc).get(d)) return Outcome::Rejected;
        simdjson::ondemand::object obj;
        if (d.get_object().get(obj)) return Outcome::Rejected;
        const bool ok = read(obj, out) == simdjson::SUCCESS;
        benchmark::DoNotOptimize(out);
        return ok ? Outcome::Parsed : Outcome::Rejected;
    }
};

struct NlohmannGet {
    Outcome operator()(const simdjson::padded_string& doc) const {
        const auto text = view(doc);
        auto j = nlohmann::json::parse(text.begin(), text.end(), nullptr, /*allow_exceptions=*/false);
        if (j.is_discarded()) return Outcome::Rejected;
        try {
            auto c = j.get<AlertConfig>();
            benchmark::DoNotOptimize(c);
        } catch (const nlohmann::json::exception&) {
            return Outcome::Rejected;
        }
        return Outcome::Parsed;
    }
};

// Lenient (the default mode), default options. `repaired` counts documents with a parser
// repair (a Repaired diagnostic); absent optionals' Defaulted diagnostics do not count.
struct LaminateFromJson {
    Outcome operator()(const simdjson::padded_string& doc) const {
        auto r = laminate::from_json<AlertConfig>(view(doc));
        benchmark::DoNotOptimize(r);
        if (!r) return Outcome::Rejected;
        for (const auto& d : r->diagnostics)
            if (d.kind == laminate::DiagnosticKind::Repaired) return Outcome::Repaired;
        return Outcome::Parsed;
    }
};

// The Value path alone (tolerant parse, then shape), as from_json was before its fast path: the
// fast path's gain measured in the same run.
struct LaminateValuePath {
    Outcome operator()(const simdjson::padded_string& doc) const {
        const laminate::ShapeOptions options{};
        auto parsed = laminate::parse_detail::parse_for_shaping(view(doc), laminate::shape_detail::parse_options_for(options));
        if (!parsed) return Outcome::Rejected;
        auto r = laminate::shape_detail::shape_parsed<AlertConfig>(std::move(*parsed), options);
        benchmark::DoNotOptimize(r);
        if (!r) return Outcome::Rejected;
        for (const auto& d : r->diagnostics)
            if (d.kind == laminate::DiagnosticKind::Repaired) return Outcome::Repaired;
        return Outcome::Parsed;
    }
};

template <class Parser>
void register_on_f(const std::string& name, bool malformed) {
    benchmark::RegisterBenchmark(name.c_str(), [malformed](benchmark::State& state) {
        const FWorkloads& w = f_workloads();
        if (!w.missing.empty()) {
            state.SkipWithError(w.missing.c_str());
            return;
        }
        Parser parser;
        parse_all(state, malformed ? w.malformed : w.valid, parser);
    });
}

} // namespace

void register_shape() {
    register_on_f<SimdjsonDom>("F/simdjson", false);
    register_on_f<SimdjsonOnDemand>("F/simdjson_ondemand", false);
    register_on_f<NlohmannGet>("F/nlohmann", false);
    register_on_f<LaminateFromJson>("F/laminate_from_json", false);
    register_on_f<LaminateFromJson>("F3/laminate_from_json", true);
    register_on_f<LaminateValuePath>("F/laminate_value_path", false);
    register_on_f<LaminateValuePath>("F3/laminate_value_path", true);
    // No paired F / F3 (paired.hpp): a second call site of from_json<AlertConfig> in this file
    // made g++ stop inlining it into F/laminate_from_json's loop (+2% instructions there).
}

} // namespace laminate::bench
