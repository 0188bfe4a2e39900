// What an error says: never an HTML page's text, never a key; the raw body kept for debugging;
// bodies beyond the cap refused.
#include <laminate/lm/http.hpp>

#include "loopback_server.hpp"

#include <gtest/gtest.h>

using namespace laminate::lm;
using laminate::test::LoopbackServer;
using laminate::test::Reply;

namespace {
HttpOptions no_retries() { return HttpOptions{.retry = {.max_attempts = 1}}; }
} // namespace

TEST(HttpErrors, AnHtmlErrorPageIsAStatusWhoseMessageHoldsNoneOfThePage) {
    LoopbackServer server;
    server.enqueue(Reply::html_error(502));
    HttpClient client(no_retries());
    auto r = client.send(HttpRequest{.url = server.url() + "/x", .body = "{}"});
    ASSERT_FALSE(r);
    const ProviderError& e = r.error();
    EXPECT_EQ(e.reason, ProviderError::Reason::Status);
    EXPECT_EQ(e.status, 502);
    EXPECT_EQ(e.message.find("SECRET"), std::string::npos) << e.message;
    EXPECT_EQ(e.message.find("<"), std::string::npos) << e.message;
    EXPECT_EQ(e.to_string().find("upstream"), std::string::npos);
    EXPECT_NE(e.message.find("HTML page"), std::string::npos) << e.message;
    EXPECT_NE(e.body.find("SECRET-UPSTREAM-DETAIL"), std::string::npos); // kept raw for debugging
}

TEST(HttpErrors, TheApiKeyNeverAppearsInAMessage) {
    const std::string key = "sk-test-0123456789SECRETKEY";
    LoopbackServer server;
    server.enqueue(Reply::json(R"({"error":{"message":"Incorrect API key provided: )" + key +
                                   R"(. You can find your key at https://example.test.","type":"invalid_request_error"}})",
                               401));
    HttpClient client(no_retries());
    auto r = client.send(HttpRequest{.url = server.url() + "/x", .headers = {{"Authorization", "Bearer " + key}}, .body = "{}"},
                         {}, {}, key);
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().status, 401);
    EXPECT_EQ(r.error().to_string().find(key), std::string::npos) << r.error().to_string();
    EXPECT_EQ(r.error().to_string().find("SECRETKEY"), std::string::npos);
    EXPECT_NE(r.error().message.find("Incorrect API key provided"), std::string::npos);
    EXPECT_EQ(server.requests()[0].header("Authorization"), "Bearer " + key); // it was sent
}

TEST(HttpErrors, AProviderErrorMessageIsCutShort) {
    LoopbackServer server;
    server.enqueue(Reply::json(R"({"error":{"message":")" + std::string(5000, 'x') + R"("}})", 400));
    HttpClient client(no_retries());
    auto r = client.send(HttpRequest{.url = server.url() + "/x", .body = "{}"});
    ASSERT_FALSE(r);
    EXPECT_LE(r.error().message.size(), 310u);
    EXPECT_EQ(r.error().body.size(), 5000u + 24u);
}

TEST(HttpErrors, ABodyBeyondTheCapIsRefused) {
    LoopbackServer server;
    server.enqueue(Reply::json("\"" + std::string(100'000, 'a') + "\""));
    HttpOptions options = no_retries();
    options.max_body = 1000;
    HttpClient client(options);
    auto r = client.send(HttpRequest{.url = server.url() + "/x", .body = "{}"});
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().reason, ProviderError::Reason::MalformedResponse);
    EXPECT_NE(r.error().message.find("larger than 1000 bytes"), std::string::npos);
}

TEST(HttpErrors, AMalformedUrlIsAnInvalidRequestNotRetried) {
    HttpClient client;
    auto r = client.send(HttpRequest{.url = "ftp://127.0.0.1/x", .body = "{}"});
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().reason, ProviderError::Reason::InvalidRequest);
    EXPECT_EQ(r.error().http_attempts, 1u);
}

TEST(HttpErrors, HeadersThatWouldSplitTheRequestAreDropped) {
    LoopbackServer server;
    server.enqueue(Reply::json("{}"));
    HttpClient client;
    auto r = client.send(HttpRequest{.url = server.url() + "/x",
                                     .headers = {{"X-Good", "yes"}, {"X-Bad", "a\r\nX-Injected: 1"}},
                                     .body = "{}"});
    ASSERT_TRUE(r);
    const auto req = server.requests().at(0);
    EXPECT_EQ(req.header("X-Good"), "yes");
    EXPECT_FALSE(req.has_header("X-Injected"));
    EXPECT_FALSE(req.has_header("X-Bad"));
}
