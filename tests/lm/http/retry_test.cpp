// Retries over a real connection to the loopback server: which failures are retried, how many
// times, and how long the client waits.
#include <laminate/lm/http.hpp>

#include "loopback_server.hpp"

#include <gtest/gtest.h>

#include <ctime>

using namespace laminate::lm;
using laminate::test::LoopbackServer;
using laminate::test::Reply;
using namespace std::chrono;

namespace {

HttpOptions fast_retries(std::size_t attempts = 3) {
    return HttpOptions{.total_timeout = seconds(20),
                       .retry = {.max_attempts = attempts, .initial_backoff = milliseconds(1), .max_backoff = milliseconds(5)}};
}

HttpRequest post(const LoopbackServer& server) { return HttpRequest{.url = server.url() + "/v1/x", .body = R"({"a":1})"}; }

std::string http_date(system_clock::time_point t) {
    const std::time_t tt = system_clock::to_time_t(t);
    std::tm tm{};
    gmtime_r(&tt, &tm);
    char buf[64];
    std::strftime(buf, sizeof buf, "%a, %d %b %Y %H:%M:%S GMT", &tm);
    return buf;
}

} // namespace

TEST(HttpRetry, TooManyRequestsWithRetryAfterSecondsThenSuccess) {
    LoopbackServer server;
    server.enqueue(Reply::status_only(429).with_header("Retry-After", "0"));
    server.enqueue(Reply::json(R"({"ok":true})"));
    HttpClient client(fast_retries());
    auto r = client.send(post(server));
    ASSERT_TRUE(r) << r.error().to_string();
    EXPECT_EQ(r->status, 200);
    EXPECT_EQ(r->body, R"({"ok":true})");
    EXPECT_EQ(r->attempts, 2u);
    ASSERT_EQ(server.request_count(), 2u);
    EXPECT_EQ(server.requests()[1].body, R"({"a":1})"); // the same request, sent again
}

TEST(HttpRetry, RetryAfterSecondsIsHonouredOverTheBackoff) {
    LoopbackServer server;
    server.enqueue(Reply::status_only(429).with_header("Retry-After", "1"));
    server.enqueue(Reply::json("{}"));
    HttpClient client(fast_retries());
    const auto start = steady_clock::now();
    auto r = client.send(post(server));
    ASSERT_TRUE(r);
    EXPECT_GE(steady_clock::now() - start, milliseconds(950)); // the backoff alone would be ~ms
}

TEST(HttpRetry, RetryAfterAsAnHttpDateIsHonoured) {
    LoopbackServer server;
    // Two seconds ahead, cut to the second by the date format: a wait of 1..2 s.
    server.enqueue(Reply::status_only(503).with_header("Retry-After", http_date(system_clock::now() + seconds(2))));
    server.enqueue(Reply::json("{}"));
    HttpClient client(fast_retries());
    const auto start = steady_clock::now();
    auto r = client.send(post(server));
    ASSERT_TRUE(r) << r.error().to_string();
    EXPECT_EQ(r->attempts, 2u);
    const auto waited = steady_clock::now() - start;
    EXPECT_GE(waited, milliseconds(900));
    EXPECT_LT(waited, milliseconds(4000));
}

TEST(HttpRetry, RetryAfterIsCappedByThePolicy) {
    LoopbackServer server;
    server.enqueue(Reply::status_only(429).with_header("Retry-After", "3600"));
    server.enqueue(Reply::json("{}"));
    auto options = fast_retries();
    options.retry.max_retry_after = milliseconds(20);
    HttpClient client(options);
    const auto start = steady_clock::now();
    auto r = client.send(post(server));
    ASSERT_TRUE(r);
    EXPECT_LT(steady_clock::now() - start, seconds(2));
}

TEST(HttpRetry, ServerErrorThenSuccess) {
    LoopbackServer server;
    server.enqueue(Reply::status_only(500));
    server.enqueue(Reply::status_only(503));
    server.enqueue(Reply::json(R"({"n":3})"));
    HttpClient client(fast_retries());
    auto r = client.send(post(server));
    ASSERT_TRUE(r);
    EXPECT_EQ(r->attempts, 3u);
    EXPECT_EQ(server.request_count(), 3u);
}

TEST(HttpRetry, ClientErrorsAreNeverRetried) {
    for (int status : {400, 401, 403, 404, 422}) {
        LoopbackServer server;
        server.enqueue(Reply::json(R"({"error":"bad schema"})", status));
        server.enqueue(Reply::json("{}"));
        HttpClient client(fast_retries());
        auto r = client.send(post(server));
        ASSERT_FALSE(r) << status;
        EXPECT_EQ(r.error().reason, ProviderError::Reason::Status);
        EXPECT_EQ(r.error().status, status);
        EXPECT_EQ(r.error().http_attempts, 1u);
        EXPECT_EQ(r.error().body, R"({"error":"bad schema"})");
        EXPECT_EQ(r.error().message, "bad schema");
        EXPECT_EQ(server.request_count(), 1u) << status;
    }
}

TEST(HttpRetry, GivesUpAfterMaxAttemptsWithTheLastStatus) {
    LoopbackServer server;
    server.set_fallback(Reply::json(R"({"error":{"message":"overloaded","type":"overloaded_error"}})", 529));
    HttpClient client(fast_retries(4));
    auto r = client.send(post(server));
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().reason, ProviderError::Reason::Status);
    EXPECT_EQ(r.error().status, 529);
    EXPECT_EQ(r.error().http_attempts, 4u);
    EXPECT_EQ(r.error().to_string(), "provider returned status 529: overloaded");
    EXPECT_EQ(server.request_count(), 4u);
}

TEST(HttpRetry, AConnectionCutMidBodyIsRetried) {
    LoopbackServer server;
    server.enqueue(Reply::json(R"({"long": "a body the server never finishes"})").cut(5));
    server.enqueue(Reply::json(R"({"ok":1})"));
    HttpClient client(fast_retries());
    auto r = client.send(post(server));
    ASSERT_TRUE(r) << r.error().to_string();
    EXPECT_EQ(r->body, R"({"ok":1})");
    EXPECT_EQ(r->attempts, 2u);
}

TEST(HttpRetry, ARefusedConnectionIsATransportErrorAfterTheRetries) {
    int port = 0;
    {
        LoopbackServer gone;
        port = gone.port();
    } // nothing listens there any more
    HttpClient client(fast_retries(2));
    auto r = client.send(HttpRequest{.url = "http://127.0.0.1:" + std::to_string(port) + "/v1/x", .body = "{}"});
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().reason, ProviderError::Reason::Transport);
    EXPECT_EQ(r.error().http_attempts, 2u);
}

TEST(HttpRetry, ABackoffThatWouldPassTheTotalTimeoutEndsWithTheLastError) {
    LoopbackServer server;
    server.enqueue(Reply::status_only(429).with_header("Retry-After", "30"));
    server.enqueue(Reply::json("{}"));
    HttpOptions options{.total_timeout = seconds(5), .retry = {.max_attempts = 3}};
    HttpClient client(options);
    const auto start = steady_clock::now();
    auto r = client.send(post(server));
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().status, 429);
    EXPECT_EQ(r.error().http_attempts, 1u);
    EXPECT_LT(steady_clock::now() - start, seconds(3)); // no 30 s sleep that could not succeed
}
