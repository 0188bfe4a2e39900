// The program-layer examples (examples/lm/), run against scripted providers: the ticket example
// repairs an answer that breaks its rule; the invoice example's items_add_up rule sends the first
// answer back with an instruction and accepts the corrected one.
#define LAMINATE_EXAMPLE_NO_MAIN
#include "../../../examples/lm/invoice_extraction.cpp"
#include "../../../examples/lm/ticket_classification.cpp"

#include <gtest/gtest.h>

#include <sstream>

using laminate::lm::ScriptedProvider;

namespace {

TEST(Examples, InvoiceExtractionRepairsItemsThatDoNotAddUp) {
    example::Invoice wrong{"R-1", "EUR", {{"Widget", 1, 1250, 1250}}, 2500, std::nullopt};
    auto messages = example::items_add_up(wrong);
    ASSERT_EQ(messages.size(), 1u);
    EXPECT_EQ(messages[0].rfind("make the line items' total_cents add up to net_cents", 0), 0u);

    auto model = std::make_shared<ScriptedProvider>();
    model->push_text(R"({"number": "R-2024-117", "currency": "EUR", "items": [{"description": "Widget", "quantity": 1, "unit_price_cents": 1250, "total_cents": 1250}], "net_cents": 2500})")
        .push_text(R"({"number": "R-2024-117", "currency": "EUR", "items": [{"description": "Widget", "quantity": 2, "unit_price_cents": 1250, "total_cents": 2500}], "net_cents": 2500})");
    std::ostringstream out;
    EXPECT_EQ(example::extract_invoice(*model, out), 0);
    EXPECT_NE(out.str().find("attempt 1: answer failed validation"), std::string::npos) << out.str();
    EXPECT_NE(out.str().find("2 x Widget = 2500"), std::string::npos) << out.str();
    const auto second = model->requests().at(1).messages;
    EXPECT_NE(second.back().content.find("- make the line items' total_cents add up to net_cents (they add up to 1250"),
              std::string::npos);
}

TEST(Examples, TicketClassificationRunsEachTicket) {
    auto model = std::make_shared<ScriptedProvider>();
    model->push_text(R"({"urgency": "Low", "category": "Outage", "summary": "down"})")
        .push_text(R"({"urgency": "Critical", "category": "Outage", "summary": "down"})")
        .push_text(R"({"urgency": "Medium", "category": "Billing", "summary": "charged twice"})");
    std::ostringstream out;
    EXPECT_EQ(example::classify_tickets(*model, out), 0);
    EXPECT_NE(out.str().find("Critical / Outage: down  (2 attempts"), std::string::npos) << out.str();
    EXPECT_NE(out.str().find("repaired: validation"), std::string::npos);
    EXPECT_NE(out.str().find("Medium / Billing: charged twice  (1 attempt"), std::string::npos);
}

TEST(Examples, TicketClassificationReportsAFailureSafely) {
    auto model = std::make_shared<ScriptedProvider>();
    model->push_error({laminate::lm::ProviderError::Reason::Timeout, "no answer within 30 s"});
    model->push_text(R"({"urgency": "Medium", "category": "Billing", "summary": "x"})");
    std::ostringstream out;
    EXPECT_EQ(example::classify_tickets(*model, out), 1);
    EXPECT_NE(out.str().find("failed: timeout: no answer within 30 s"), std::string::npos) << out.str();
}

} // namespace
