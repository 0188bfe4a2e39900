#pragma once
// A scripted HTTP server on 127.0.0.1 (a free port) for testing the program layer without a
// network: each request takes the next scripted Reply (or the handler's), and every request is
// recorded (method, path, query, headers, body, the client's port) for assertions.
//
//   laminate::test::LoopbackServer server;
//   server.enqueue(Reply::status(429).with_header("Retry-After", "0"));
//   server.enqueue(Reply::json(R"({"choices": [...]})"));
//   laminate::lm::OpenAiCompatible p{{.base_url = server.url() + "/v1", .model = "m"}};
//   ... p.complete(...) ...
//   EXPECT_EQ(server.requests().size(), 2u);
//   EXPECT_EQ(server.requests()[0].json()["model"].as_string(), "m");
//
// Replies can be delayed, hang (until the server stops), come chunked (one flush a chunk), cut
// the connection after some bytes or chunks, carry Retry-After, or be an HTML error page.
// Declare the server before the client that talks to it: the client closes its keep-alive
// connections first, and the server then stops at once.

#include <laminate/value.hpp>

#include <atomic>
#include <chrono>
#include <cstddef>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <utility>
#include <vector>

namespace laminate::test {

struct Reply {
    int status = 200;
    std::string body = {};
    std::string content_type = "application/json";
    std::vector<std::pair<std::string, std::string>> headers = {};
    std::chrono::milliseconds delay{0}; // before the reply starts
    bool hang = false;                  // never reply (the handler waits until the server stops)
    // Chunked transfer: each element one chunk, flushed on its own, chunk_delay apart. `body`
    // is then ignored.
    std::vector<std::string> chunks = {};
    std::chrono::milliseconds chunk_delay{0};
    // Close the connection mid-reply: after this many body bytes (a plain body, whose
    // Content-Length announces it whole) or this many chunks (chunked).
    std::optional<std::size_t> cut_after = {};

    static Reply json(std::string body, int status = 200);
    // An empty JSON object with this status.
    static Reply status_only(int status);
    // A server error page in HTML ("<html>... secret-looking text ...</html>").
    static Reply html_error(int status, std::string page = {});
    // Server-sent events: each event's data a line "data: <e>\n\n", chunked one event a chunk.
    static Reply sse(const std::vector<std::string>& data_lines);
    // Raw SSE/NDJSON text sent chunked in pieces of `piece` bytes.
    static Reply stream_text(std::string_view text, std::string content_type, std::size_t piece = 64);

    Reply with_header(std::string name, std::string value) &&;
    Reply with_delay(std::chrono::milliseconds d) &&;
    Reply cut(std::size_t after) &&;
};

struct RecordedRequest {
    std::string method = {};
    std::string path = {};  // without the query
    std::string query = {}; // "alt=sse" (keys and values as sent, '&'-joined), or ""
    std::vector<std::pair<std::string, std::string>> headers = {};
    std::string body = {};
    int client_port = 0; // the connection's remote port: equal ports = one reused connection

    // The first header of this name (case-insensitive), or "".
    std::string header(std::string_view name) const;
    bool has_header(std::string_view name) const;
    // The body parsed as JSON (null when it is not).
    Value json() const;
};

class LoopbackServer {
public:
    struct Options {
        std::size_t threads = 16;                // worker threads (one per open connection)
        std::chrono::seconds keep_alive{2};      // idle keep-alive before the server closes
        bool record = true;                      // keep every request (off for benchmarks)
    };

    LoopbackServer();
    explicit LoopbackServer(Options options);
    ~LoopbackServer();
    LoopbackServer(const LoopbackServer&) = delete;
    LoopbackServer& operator=(const LoopbackServer&) = delete;

    int port() const noexcept { return port_; }
    // "http://127.0.0.1:<port>"
    std::string url() const;

    // Replies in order, one per request. When the queue is empty the fallback answers (by
    // default a 500 saying no reply was scripted).
    void enqueue(Reply reply);
    void enqueue(std::vector<Reply> replies);
    void set_fallback(Reply reply);
    // Every request answered by this function instead (called on server threads).
    void set_handler(std::function<Reply(const RecordedRequest&)> handler);

    std::vector<RecordedRequest> requests() const;
    std::size_t request_count() const;
    // Distinct client ports seen: the number of connections the client opened.
    std::size_t connection_count() const;
    // Requests that found no scripted reply.
    std::size_t unscripted_count() const;

    void stop();

private:
    class Impl;
    std::unique_ptr<Impl> impl_;
    int port_ = 0;
};

} // namespace laminate::test
