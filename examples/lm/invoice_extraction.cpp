// Extracting an invoice with a typed program and a rule of its own: the line items must add up to
// the net amount. A rule returns messages phrased as instructions; a failing answer goes back to
// the model with them, and the program returns the corrected invoice.
//
//   build/tests/lm/example_lm_invoice_extraction
//
// extract_invoice() takes any Provider; main() runs it against a ScriptedProvider whose first
// answer breaks the rule, so the example runs without a network.

#include <laminate/lm.hpp>

#include "example_endpoint.hpp"

#include <cstdint>
#include <iostream>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace example {

struct LineItem {
    std::string description;
    std::uint32_t quantity;
    std::int64_t unit_price_cents;
    std::int64_t total_cents;
};

struct Invoice {
    std::string number;
    std::string currency; // ISO 4217
    std::vector<LineItem> items;
    std::int64_t net_cents;
    std::optional<std::string> due_date; // YYYY-MM-DD when stated
};

// The line items must add up to the net amount.
inline std::vector<std::string> items_add_up(const Invoice& invoice) {
    std::int64_t sum = 0;
    for (const LineItem& item : invoice.items) sum += item.total_cents;
    if (sum == invoice.net_cents) return {};
    return {"make the line items' total_cents add up to net_cents (they add up to " + std::to_string(sum) +
            ", net_cents is " + std::to_string(invoice.net_cents) + "); check each quantity and unit price"};
}

struct ExtractInvoice {
    static constexpr std::string_view instructions =
        "Extract the invoice: its number, currency, line items (amounts in cents) and net amount.";
    using output = Invoice;
    std::string text;

    static std::vector<std::string> validate(const Invoice& invoice) { return items_add_up(invoice); }
};

inline constexpr std::string_view sample_invoice = R"(INVOICE R-2024-117      due 2024-07-31
2 x Widget            at 12.50 EUR      25.00 EUR
1 x Installation      at 40.00 EUR      40.00 EUR
Net                                     65.00 EUR)";

// Extracts the sample invoice; 0 on success.
inline int extract_invoice(laminate::lm::Provider& provider, std::ostream& out) {
    laminate::lm::Program<ExtractInvoice> extract{provider, {.temperature = 0.0, .max_repairs = 2}};
    auto exec = extract.execute({.text = std::string(sample_invoice)});
    for (std::size_t i = 0; i < exec.attempts.size(); ++i) {
        const auto& a = exec.attempts[i];
        out << "attempt " << i + 1 << ": " << (a.error ? a.error->to_string() : std::string("accepted")) << '\n';
    }
    if (!exec.ok()) {
        out << "failed: " << *exec.error << '\n';
        return 1;
    }
    const Invoice& inv = *exec.output;
    out << inv.number << " (" << inv.currency << "), net " << inv.net_cents << " cents, due "
        << inv.due_date.value_or("-") << '\n';
    for (const LineItem& item : inv.items)
        out << "  " << item.quantity << " x " << item.description << " = " << item.total_cents << '\n';
    out << "tokens: " << exec.usage.input_tokens.value_or(0) << " in, " << exec.usage.output_tokens.value_or(0)
        << " out over " << exec.attempts.size() << " attempts\n";
    return 0;
}

} // namespace example

#ifndef LAMINATE_EXAMPLE_NO_MAIN
int main() {
    // A real endpoint when LAMINATE_EXAMPLE_BASE_URL is set (example_endpoint.hpp); otherwise
    // the scripted answers below.
    if (auto endpoint = example::endpoint_from_env()) {
        laminate::lm::OpenAiCompatible provider{*endpoint};
        return example::extract_invoice(provider, std::cout);
    }
    using laminate::lm::ScriptedProvider;
    ScriptedProvider model;
    // The first answer misreads the widget's quantity: the items add up to 52.50, not 65.00.
    model.push_text(R"({"number": "R-2024-117", "currency": "EUR", "items": [
        {"description": "Widget", "quantity": 1, "unit_price_cents": 1250, "total_cents": 1250},
        {"description": "Installation", "quantity": 1, "unit_price_cents": 4000, "total_cents": 4000}],
        "net_cents": 6500, "due_date": "2024-07-31"})",
                    laminate::toolcall::FinishReason::Stop, ScriptedProvider::usage(310, 90));
    model.push_text(R"({"number": "R-2024-117", "currency": "EUR", "items": [
        {"description": "Widget", "quantity": 2, "unit_price_cents": 1250, "total_cents": 2500},
        {"description": "Installation", "quantity": 1, "unit_price_cents": 4000, "total_cents": 4000}],
        "net_cents": 6500, "due_date": "2024-07-31"})",
                    laminate::toolcall::FinishReason::Stop, ScriptedProvider::usage(450, 88));
    return example::extract_invoice(model, std::cout);
}
#endif
