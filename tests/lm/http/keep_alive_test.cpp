// Connections are kept alive and reused, chunked bodies read whole, and one client serves many
// threads at once.
#include <laminate/lm/http.hpp>

#include "loopback_server.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <thread>

using namespace laminate::lm;
using laminate::test::LoopbackServer;
using laminate::test::Reply;

TEST(HttpKeepAlive, SequentialCallsReuseOneConnection) {
    LoopbackServer server;
    server.set_fallback(Reply::json(R"({"ok":true})"));
    HttpClient client;
    for (int i = 0; i < 6; ++i) {
        auto r = client.send(HttpRequest{.url = server.url() + "/x", .body = "{}"});
        ASSERT_TRUE(r) << r.error().to_string();
    }
    EXPECT_EQ(server.request_count(), 6u);
    EXPECT_EQ(server.connection_count(), 1u);
}

TEST(HttpKeepAlive, ARequestCarriesTheConfiguredHeadersAndUserAgent) {
    LoopbackServer server;
    server.enqueue(Reply::json("{}"));
    HttpClient client(HttpOptions{.headers = {{"X-Org", "acme"}}, .user_agent = "laminate-test/9"});
    ASSERT_TRUE(client.send(HttpRequest{.url = server.url() + "/v1/chat", .headers = {{"X-Req", "1"}}, .body = R"({"a":1})"}));
    const auto req = server.requests().at(0);
    EXPECT_EQ(req.method, "POST");
    EXPECT_EQ(req.path, "/v1/chat");
    EXPECT_EQ(req.header("User-Agent"), "laminate-test/9");
    EXPECT_EQ(req.header("X-Org"), "acme");
    EXPECT_EQ(req.header("X-Req"), "1");
    EXPECT_EQ(req.header("Content-Type"), "application/json");
    EXPECT_FALSE(req.has_header("Expect"));
    EXPECT_EQ(req.body, R"({"a":1})");
}

TEST(HttpKeepAlive, AChunkedBodyIsReadWhole) {
    LoopbackServer server;
    Reply r = Reply::stream_text(R"({"text": "one two three four five six seven"})", "application/json", 4);
    r.chunk_delay = std::chrono::milliseconds(1);
    server.enqueue(std::move(r));
    HttpClient client;
    auto got = client.send(HttpRequest{.url = server.url() + "/x", .body = "{}"});
    ASSERT_TRUE(got);
    EXPECT_EQ(got->body, R"({"text": "one two three four five six seven"})");
}

TEST(HttpKeepAlive, ASinkReceivesTheBodyAsItArrives) {
    LoopbackServer server;
    server.enqueue(Reply::stream_text("abcdefghij", "text/plain", 3));
    HttpClient client;
    std::string seen;
    std::size_t calls = 0;
    auto got = client.send(HttpRequest{.url = server.url() + "/x", .body = "{}"}, {},
                           [&](std::string_view chunk) -> std::optional<ProviderError> {
                               seen += chunk;
                               ++calls;
                               return std::nullopt;
                           });
    ASSERT_TRUE(got);
    EXPECT_EQ(seen, "abcdefghij");
    EXPECT_TRUE(got->body.empty());
    EXPECT_GE(calls, 1u);
}

TEST(HttpKeepAlive, OneClientServesManyThreads) {
    LoopbackServer server({.threads = 16});
    server.set_handler([](const laminate::test::RecordedRequest& req) { return Reply::json(req.body); });
    HttpClient client;
    std::atomic<int> ok{0};
    std::vector<std::thread> threads;
    for (int t = 0; t < 8; ++t)
        threads.emplace_back([&, t] {
            for (int i = 0; i < 20; ++i) {
                const std::string body = "{\"t\":" + std::to_string(t) + ",\"i\":" + std::to_string(i) + "}";
                auto r = client.send(HttpRequest{.url = server.url() + "/echo", .body = body});
                if (r && r->body == body) ok.fetch_add(1);
            }
        });
    for (auto& th : threads) th.join();
    EXPECT_EQ(ok.load(), 160);
    EXPECT_LE(server.connection_count(), 8u); // pooled: at most one connection a thread in flight
}

TEST(HttpKeepAlive, CancellableAndPlainCallsShareTheHandlePool) {
    // Calls with a stop token run through the handle's multi handle, calls without one through
    // curl_easy_perform: one pooled handle serves both, in any order.
    LoopbackServer server;
    server.set_fallback(Reply::json(R"({"ok":true})"));
    HttpClient client;
    std::stop_source stop;
    for (int i = 0; i < 6; ++i) {
        auto r = i % 2 == 0 ? client.send(HttpRequest{.url = server.url() + "/x", .body = "{}"})
                            : client.send(HttpRequest{.url = server.url() + "/x", .body = "{}"}, stop.get_token());
        ASSERT_TRUE(r) << i << ": " << r.error().to_string();
        EXPECT_EQ(r->body, R"({"ok":true})");
    }
    EXPECT_EQ(server.request_count(), 6u);
    EXPECT_LE(server.connection_count(), 2u); // one idle connection per path at most
}

TEST(HttpKeepAlive, AGetRequestAfterAPostIsAGet) {
    LoopbackServer server;
    server.set_fallback(Reply::json("{}"));
    HttpClient client;
    ASSERT_TRUE(client.send(HttpRequest{.url = server.url() + "/a", .body = R"({"x":1})"}));
    ASSERT_TRUE(client.send(HttpRequest{.method = "GET", .url = server.url() + "/b"}));
    const auto requests = server.requests();
    ASSERT_EQ(requests.size(), 2u);
    EXPECT_EQ(requests[0].method, "POST");
    EXPECT_EQ(requests[1].method, "GET");
    EXPECT_TRUE(requests[1].body.empty());
}
