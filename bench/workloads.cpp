#include "workloads.hpp"

#include <cstdlib>
#include <fstream>
#include <map>
#include <string>
#include <sstream>

namespace laminate::bench {
namespace {

std::filesystem::path& configured_dir() {
    static std::filesystem::path dir = [] {
        if (const char* env = std::getenv("LAMINATE_BENCH_DATA"); env && *env)
            return std::filesystem::path(env);
        return std::filesystem::path(LAMINATE_BENCH_DATA_DIR);
    }();
    return dir;
}

bool read_whole(const std::filesystem::path& p, std::string& out) {
    std::ifstream in(p, std::ios::binary);
    if (!in) return false;
    std::ostringstream ss;
    ss << in.rdbuf();
    out = std::move(ss).str();
    return true;
}

// One document per non-empty line (JSON Lines).
void add_lines(std::string_view text, Docs& into) {
    while (!text.empty()) {
        const auto end = text.find('\n');
        const auto line = text.substr(0, end);
        if (!line.empty()) into.add(line);
        if (end == std::string_view::npos) break;
        text.remove_prefix(end + 1);
    }
}

// make_workloads.py writes W2 as "[\n" + ",\n".join(records) + "\n]\n", one record per line; the
// first tenth of those lines makes a W2-like document of a tenth of the size.
std::string first_tenth_of_records(std::string_view w2) {
    std::vector<std::string_view> records;
    std::string_view rest = w2;
    while (!rest.empty()) {
        const auto end = rest.find('\n');
        auto line = rest.substr(0, end);
        if (line != "[" && line != "]" && !line.empty()) {
            if (line.back() == ',') line.remove_suffix(1);
            records.push_back(line);
        }
        if (end == std::string_view::npos) break;
        rest.remove_prefix(end + 1);
    }
    std::string out = "[\n";
    const std::size_t n = records.size() / 10;
    for (std::size_t i = 0; i < n; ++i) {
        out += records[i];
        out += i + 1 < n ? ",\n" : "\n";
    }
    out += "]\n";
    return out;
}

Workloads load(const std::filesystem::path& dir) {
    Workloads w;
    w.dir = dir;
    std::string w1, w3, w2;
    if (!read_whole(dir / "w1.jsonl", w1) || !read_whole(dir / "w3.jsonl", w3) ||
        !read_whole(dir / "w2.json", w2)) {
        w.missing = "workloads not found in " + dir.string() +
                    " (generate them with bench/run.sh, the laminate_bench_data target, or "
                    "make_workloads.py; point to them with --data=DIR or LAMINATE_BENCH_DATA)";
        return w;
    }
    add_lines(w1, w.w1);
    add_lines(w3, w.w3);
    w.w2.add(w2);
    w.w2_tenth.add(first_tenth_of_records(w2));
    return w;
}

} // namespace

void Docs::add(std::string_view text) {
    docs.emplace_back(text);
    bytes += text.size();
}

void set_data_dir(std::filesystem::path dir) { configured_dir() = std::move(dir); }

const std::filesystem::path& data_dir() { return configured_dir(); }

const Workloads& workloads() {
    static const Workloads w = load(configured_dir());
    return w;
}

std::string nested_document(std::size_t depth) {
    std::string out;
    for (std::size_t i = 0; i < depth; ++i) {
        // Always four digits, so that every level has the same size.
        const auto n = std::to_string(1000 + i % 9000);
        out += "{\"id\": " + n + ", \"name\": \"level " + n + "\", \"tags\": [\"x\", \"y\"], \"child\": ";
    }
    out += "null";
    out.append(depth, '}');
    return out;
}

const Docs& nested_docs(std::size_t depth) {
    static std::map<std::size_t, Docs> cache;
    auto [it, inserted] = cache.try_emplace(depth);
    if (inserted) it->second.add(nested_document(depth));
    return it->second;
}

} // namespace laminate::bench
