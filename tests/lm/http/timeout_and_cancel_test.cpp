// A server that never answers: the total timeout ends the call; a stop request ends it sooner,
// in flight or during a backoff sleep.
#include <laminate/lm/http.hpp>

#include "loopback_server.hpp"

#include <gtest/gtest.h>

#include <thread>

using namespace laminate::lm;
using laminate::test::LoopbackServer;
using laminate::test::Reply;
using namespace std::chrono;

TEST(HttpTimeout, AHungConnectionHitsTheTotalTimeout) {
    LoopbackServer server;
    server.enqueue(Reply{.hang = true});
    HttpClient client(HttpOptions{.total_timeout = milliseconds(300), .retry = {.max_attempts = 3}});
    const auto start = steady_clock::now();
    auto r = client.send(HttpRequest{.url = server.url() + "/x", .body = "{}"});
    const auto took = steady_clock::now() - start;
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().reason, ProviderError::Reason::Timeout);
    EXPECT_EQ(r.error().to_string(), "timeout: no answer within 300 ms");
    EXPECT_GE(took, milliseconds(250));
    EXPECT_LT(took, milliseconds(3000)); // generous: the machine may be loaded
    EXPECT_EQ(server.request_count(), 1u); // the deadline is spent: no retry
}

TEST(HttpTimeout, ASlowReplyWithinTheTimeoutSucceeds) {
    LoopbackServer server;
    server.enqueue(Reply::json(R"({"late":true})").with_delay(milliseconds(100)));
    HttpClient client(HttpOptions{.total_timeout = seconds(5)});
    auto r = client.send(HttpRequest{.url = server.url() + "/x", .body = "{}"});
    ASSERT_TRUE(r);
    EXPECT_GE(r->latency, milliseconds(100));
}

TEST(HttpCancel, AStopRequestEndsATransferInFlight) {
    LoopbackServer server;
    server.enqueue(Reply{.hang = true});
    HttpClient client(HttpOptions{.total_timeout = seconds(30)});
    std::stop_source stop;
    std::thread canceller([&] {
        std::this_thread::sleep_for(milliseconds(100));
        stop.request_stop();
    });
    const auto start = steady_clock::now();
    auto r = client.send(HttpRequest{.url = server.url() + "/x", .body = "{}"}, stop.get_token());
    const auto took = steady_clock::now() - start;
    canceller.join();
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().reason, ProviderError::Reason::Cancelled);
    EXPECT_LT(took, milliseconds(3000)); // woken at once, not at the 30 s timeout
}

TEST(HttpCancel, AStopRequestWakesABackoffSleep) {
    LoopbackServer server;
    server.enqueue(Reply::status_only(429).with_header("Retry-After", "20"));
    server.enqueue(Reply::json("{}"));
    HttpClient client(HttpOptions{.total_timeout = seconds(60), .retry = {.max_attempts = 3}});
    std::stop_source stop;
    std::thread canceller([&] {
        std::this_thread::sleep_for(milliseconds(150));
        stop.request_stop();
    });
    const auto start = steady_clock::now();
    auto r = client.send(HttpRequest{.url = server.url() + "/x", .body = "{}"}, stop.get_token());
    canceller.join();
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().reason, ProviderError::Reason::Cancelled);
    EXPECT_LT(steady_clock::now() - start, seconds(2));
    EXPECT_EQ(server.request_count(), 1u);
}

TEST(HttpCancel, AStopRequestedBeforeTheCallSendsNothing) {
    LoopbackServer server;
    HttpClient client;
    std::stop_source stop;
    stop.request_stop();
    auto r = client.send(HttpRequest{.url = server.url() + "/x", .body = "{}"}, stop.get_token());
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().reason, ProviderError::Reason::Cancelled);
    EXPECT_EQ(server.request_count(), 0u);
}
