#pragma once
// Types and helpers shared by the program layer's tests: the TypedLM crate's Analysis output
// (corpora/typedlm/parse_output_cases.json), an invoice signature, and corpus access.

#include <laminate/lm.hpp>
#include <laminate/toolcall/providers.hpp>

#include "corpora.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace lmtest {

enum class Urgency { Low, Medium, High };

struct LineItem {
    std::string name;
    std::uint8_t quantity;
};

// serde's externally tagged enum Shape { Circle { radius: f64 }, Square(f64), Unknown }:
// {"Circle": {"radius": 2.0}}, {"Square": 1.5}, "Unknown".
struct CircleBody {
    double radius;
};
struct ShapeCircle {
    CircleBody Circle;
};
struct ShapeSquare {
    double Square;
};
enum class ShapeUnit { Unknown };
using Shape = std::variant<ShapeCircle, ShapeSquare, ShapeUnit>;

struct Analysis {
    Urgency urgency;
    std::optional<std::string> note;
    std::optional<LineItem> main_item;
    std::vector<LineItem> items;
    Shape shape;
};

// The crate's custom rule at_least_one_item.
inline std::vector<std::string> at_least_one_item(const Analysis& a) {
    if (a.items.empty()) return {"list at least one item in `items`"};
    return {};
}

struct Analyze {
    static constexpr std::string_view instructions = "Analyze the ticket.";
    using output = Analysis;
    std::string text;
    std::vector<std::string> validate(const Analysis& a) const { return at_least_one_item(a); }
};

// http_scenarios.json's output: Invoice { number: String, total_cents: u64, note: Option<String> }.
struct Invoice {
    std::string number;
    std::uint64_t total_cents;
    std::optional<std::string> note;
};

struct ExtractInvoice {
    static constexpr std::string_view instructions = "Extract the invoice.";
    using output = Invoice;
    std::string text;
};

inline std::filesystem::path typedlm_dir() { return laminate::test::corpora_dir() / "typedlm"; }

inline laminate::Value read_corpus(const std::string& file) {
    auto v = laminate::parse_json(laminate::test::read_file(typedlm_dir() / file));
    return v ? *v : laminate::Value();
}

inline laminate::toolcall::Response text_response(const std::string& text,
                                                  laminate::toolcall::FinishReason finish = laminate::toolcall::FinishReason::Stop) {
    return laminate::lm::ScriptedProvider::text_response(text, finish);
}

inline std::string replace_all(std::string s, const std::string& from, const std::string& to) {
    for (std::size_t at = s.find(from); at != std::string::npos; at = s.find(from, at + to.size()))
        s.replace(at, from.size(), to);
    return s;
}

// A reply of http_scenarios.json ({"message": ..., "finish": ...}) in the completion envelope,
// read as the OpenAI reader reads it.
inline laminate::toolcall::Response scenario_reply(const laminate::Value& reply) {
    laminate::Value choice = laminate::Value::object(
        {{"index", 0}, {"message", reply["message"]}, {"finish_reason", reply["finish"]}});
    laminate::Value body = laminate::Value::object(
        {{"model", "gpt-test-2026"},
         {"choices", laminate::Value::array({choice})},
         {"usage", laminate::Value::object({{"prompt_tokens", 50}, {"completion_tokens", 7}})}});
    auto r = laminate::toolcall::read_response(body, laminate::toolcall::Format::OpenAi);
    return r ? *r : laminate::toolcall::Response{};
}

} // namespace lmtest
