#include "corpus.hpp"

#include <laminate/parse.hpp>

#include <algorithm>
#include <fstream>
#include <sstream>
#include <unordered_map>

namespace laminate::bfcl {

namespace {

Result<std::string> read_text(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return Error(ErrorKind::InvalidArgument, "cannot read BFCL file " + path.string());
    std::ostringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

// Each non-blank line parsed strictly: the corpus is valid JSON Lines.
Result<std::vector<Value>> read_json_lines(const std::filesystem::path& path) {
    auto text = read_text(path);
    if (!text) return std::move(text).error();
    std::vector<Value> lines;
    std::string_view rest = *text;
    std::size_t line_no = 0;
    while (!rest.empty()) {
        const auto end = rest.find('\n');
        const auto line = rest.substr(0, end);
        rest = end == std::string_view::npos ? std::string_view{} : rest.substr(end + 1);
        ++line_no;
        if (line.find_first_not_of(" \t\r") == std::string_view::npos) continue;
        auto v = parse_json(line);
        if (!v)
            return Error(ErrorKind::InvalidJson, path.filename().string() + " line " +
                                                      std::to_string(line_no) + ": " +
                                                      v.error().message());
        lines.push_back(std::move(*v));
    }
    return lines;
}

Error bad_shape(const std::string& id, const char* what) {
    return Error(ErrorKind::InvalidSchema, "BFCL entry " + id + ": " + what);
}

} // namespace

Result<std::vector<Call>> load_category(const std::filesystem::path& dir, std::string_view category) {
    const std::string file = "BFCL_v4_" + std::string(category) + ".json";
    auto questions = read_json_lines(dir / file);
    if (!questions) return std::move(questions).error();
    auto answers = read_json_lines(dir / "possible_answer" / file);
    if (!answers) return std::move(answers).error();

    std::unordered_map<std::string, const Value*> functions_by_id;
    for (const auto& q : *questions) {
        if (!q["id"].is_string() || !q["function"].is_array())
            return bad_shape("?", "question line without id or function list");
        functions_by_id.emplace(std::string(q["id"].as_string()), &q["function"]);
    }

    std::vector<Call> calls;
    for (const auto& a : *answers) {
        if (!a["id"].is_string() || !a["ground_truth"].is_array())
            return bad_shape("?", "answer line without id or ground_truth list");
        const std::string id(a["id"].as_string());
        const auto fns = functions_by_id.find(id);
        if (fns == functions_by_id.end()) return bad_shape(id, "answer without a question");
        std::size_t index = 0;
        for (const auto& gt : a["ground_truth"].items()) {
            if (!gt.is_object() || gt.size() != 1) return bad_shape(id, "a call is not {name: args}");
            const auto& member = gt.members()[0];
            const auto& list = fns->second->items();
            const auto fn = std::find_if(list.begin(), list.end(), [&](const Value& f) {
                return f["name"].is_string() && f["name"].as_string() == member.key();
            });
            if (fn == list.end()) return bad_shape(id, "a call names an undeclared function");
            if (!member.value.is_object()) return bad_shape(id, "call arguments are not an object");
            calls.push_back(Call{id, std::string(category), index++, std::string(member.key()),
                                 (*fn)["parameters"], member.value});
        }
    }
    return calls;
}

Result<std::vector<Call>> load_corpus(const std::filesystem::path& dir,
                                      const std::vector<std::string>& only) {
    std::vector<Call> all;
    for (const auto category : categories) {
        if (!only.empty() && std::find(only.begin(), only.end(), category) == only.end()) continue;
        auto calls = load_category(dir, category);
        if (!calls) return std::move(calls).error();
        std::move(calls->begin(), calls->end(), std::back_inserter(all));
    }
    return all;
}

} // namespace laminate::bfcl
