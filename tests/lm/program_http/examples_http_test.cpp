// The program-layer examples (examples/lm/) against the loopback HTTP server through
// OpenAiCompatible, as they run against a real endpoint with LAMINATE_EXAMPLE_BASE_URL: the
// invoice's items_add_up rule sends the first answer back; the ticket rule repairs an outage
// called low.
#define LAMINATE_EXAMPLE_NO_MAIN
#include "../../../examples/lm/invoice_extraction.cpp"
#include "../../../examples/lm/ticket_classification.cpp"

#include "loopback_server.hpp"

#include <gtest/gtest.h>

#include <sstream>

using laminate::test::LoopbackServer;
using laminate::test::Reply;

namespace {

std::string chat(const std::string& content) {
    return R"({"id":"chatcmpl-1","object":"chat.completion","model":"example-model","choices":[{"index":0,"message":{"role":"assistant","content":)" +
           laminate::Value(content).dump() +
           R"(},"finish_reason":"stop"}],"usage":{"prompt_tokens":300,"completion_tokens":80,"total_tokens":380}})";
}

laminate::lm::OpenAiCompatible on(const LoopbackServer& server) {
    return laminate::lm::OpenAiCompatible{{.base_url = server.url() + "/v1", .model = "example-model"}};
}

TEST(ExamplesOverHttp, InvoiceExtractionRepairsItemsThatDoNotAddUp) {
    LoopbackServer server;
    server.enqueue(Reply::json(chat(
        R"({"number": "R-2024-117", "currency": "EUR", "items": [{"description": "Widget", "quantity": 1, "unit_price_cents": 1250, "total_cents": 1250}], "net_cents": 2500})")));
    server.enqueue(Reply::json(chat(
        R"({"number": "R-2024-117", "currency": "EUR", "items": [{"description": "Widget", "quantity": 2, "unit_price_cents": 1250, "total_cents": 2500}], "net_cents": 2500})")));
    auto provider = on(server);
    std::ostringstream out;
    EXPECT_EQ(example::extract_invoice(provider, out), 0) << out.str();
    EXPECT_NE(out.str().find("2 x Widget = 2500"), std::string::npos) << out.str();
    const auto requests = server.requests();
    ASSERT_EQ(requests.size(), 2u);
    const laminate::Value messages = requests[1].json()["messages"];
    const std::string feedback(messages[messages.size() - 1]["content"].as_string());
    EXPECT_NE(feedback.find("make the line items' total_cents add up to net_cents"), std::string::npos) << feedback;
}

TEST(ExamplesOverHttp, TicketClassificationRepairsAnOutageCalledLow) {
    LoopbackServer server;
    server.enqueue(Reply::json(chat("```json\n{\"urgency\": \"low\", \"category\": \"Outage\", \"summary\": \"down\"}\n```")));
    server.enqueue(Reply::json(chat(R"({"urgency": "Critical", "category": "Outage", "summary": "down"})")));
    server.enqueue(Reply::json(chat(R"({"urgency": "Medium", "category": "Billing", "summary": "charged twice"})")));
    auto provider = on(server);
    std::ostringstream out;
    EXPECT_EQ(example::classify_tickets(provider, out), 0) << out.str();
    EXPECT_NE(out.str().find("Critical / Outage: down  (2 attempts"), std::string::npos) << out.str();
    EXPECT_NE(out.str().find("Medium / Billing: charged twice  (1 attempt"), std::string::npos) << out.str();
    EXPECT_EQ(server.request_count(), 3u);
}

} // namespace
