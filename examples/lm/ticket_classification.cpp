// Classifying support tickets with a typed program: the signature is a plain struct, the output an
// ordinary struct of enums, and every answer is checked before the code sees it.
//
//   build/tests/lm/example_lm_ticket_classification
//
// classify_tickets() takes any Provider. main() runs it against a ScriptedProvider that answers
// the way small models do (an answer in a fence with a lowercase enum name, then a repair round),
// so the example runs without a network.

#include <laminate/lm.hpp>

#include "example_endpoint.hpp"

#include <iostream>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace example {

enum class Urgency { Low, Medium, High, Critical };
enum class Category { Outage, Billing, Account, Bug, Question, Other };

struct TicketClassification {
    Urgency urgency;
    Category category;
    std::string summary; // one sentence
};

struct ClassifyTicket {
    static constexpr std::string_view instructions =
        "Classify a customer support ticket by urgency and category, and summarize it in one sentence.";
    using output = TicketClassification;
    std::string text;

    // A rule the schema cannot say, phrased as an instruction to the model.
    static std::vector<std::string> validate(const TicketClassification& t) {
        if (t.category == Category::Outage && t.urgency == Urgency::Low)
            return {"an outage is never of low urgency: choose High or Critical"};
        return {};
    }
};

// Classifies a few tickets; 0 when every one was classified.
inline int classify_tickets(laminate::lm::Provider& provider, std::ostream& out) {
    laminate::lm::Program<ClassifyTicket> classify{provider, {.temperature = 0.0}};
    const std::vector<std::string> tickets = {
        "Production database is down since 9:00, nobody can log in.",
        "I was charged twice for my March invoice.",
    };
    int failures = 0;
    for (const std::string& text : tickets) {
        auto exec = classify.execute({.text = text});
        if (!exec.ok()) {
            out << "failed: " << *exec.error << '\n'; // safe to log: never the model's words
            ++failures;
            continue;
        }
        const TicketClassification& t = *exec.output;
        out << laminate::reflect::enum_to_string(t.urgency) << " / " << laminate::reflect::enum_to_string(t.category)
            << ": " << t.summary << "  (" << exec.attempts.size() << " attempt" << (exec.attempts.size() == 1 ? "" : "s")
            << ", " << exec.usage.input_tokens.value_or(0) + exec.usage.output_tokens.value_or(0) << " tokens)\n";
        for (const auto& attempt : exec.attempts)
            if (attempt.error) out << "  repaired: " << attempt.error->kind_name() << '\n';
        for (const auto& d : exec.diagnostics) out << "  " << d << '\n';
    }
    return failures == 0 ? 0 : 1;
}

} // namespace example

#ifndef LAMINATE_EXAMPLE_NO_MAIN
int main() {
    // A real endpoint when LAMINATE_EXAMPLE_BASE_URL is set (example_endpoint.hpp); otherwise
    // the scripted answers below.
    if (auto endpoint = example::endpoint_from_env()) {
        laminate::lm::OpenAiCompatible provider{*endpoint};
        return example::classify_tickets(provider, std::cout);
    }
    using laminate::lm::ScriptedProvider;
    ScriptedProvider model;
    // Ticket 1: an outage called low — the rule sends it back — then a good answer.
    model.push_text("```json\n{\"urgency\": \"low\", \"category\": \"Outage\", \"summary\": \"The database is down.\"}\n```",
                    laminate::toolcall::FinishReason::Stop, ScriptedProvider::usage(180, 24));
    model.push_text(R"({"urgency": "Critical", "category": "Outage", "summary": "The production database is down."})",
                    laminate::toolcall::FinishReason::Stop, ScriptedProvider::usage(240, 20));
    // Ticket 2: right the first time.
    model.push_text(R"({"urgency": "Medium", "category": "Billing", "summary": "A customer was charged twice."})",
                    laminate::toolcall::FinishReason::Stop, ScriptedProvider::usage(175, 18));
    return example::classify_tickets(model, std::cout);
}
#endif
