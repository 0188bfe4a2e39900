// The loopback server over cpp-httplib.
#include "loopback_server.hpp"

#include <laminate/parse.hpp>

#include <httplib.h>

#include <algorithm>
#include <cctype>
#include <deque>
#include <set>
#include <stdexcept>

namespace laminate::test {

Reply Reply::json(std::string body, int status) { return Reply{.status = status, .body = std::move(body)}; }

Reply Reply::status_only(int status) { return Reply{.status = status, .body = "{}"}; }

Reply Reply::html_error(int status, std::string page) {
    if (page.empty())
        page = "<html><head><title>502 Bad Gateway</title></head><body><h1>Bad Gateway</h1>"
               "<p>upstream said: SECRET-UPSTREAM-DETAIL sk-live-abcdefghijklmnop</p></body></html>";
    return Reply{.status = status, .body = std::move(page), .content_type = "text/html; charset=utf-8"};
}

Reply Reply::sse(const std::vector<std::string>& data_lines) {
    Reply r{.status = 200, .content_type = "text/event-stream"};
    for (const auto& line : data_lines) r.chunks.push_back("data: " + line + "\n\n");
    return r;
}

Reply Reply::stream_text(std::string_view text, std::string content_type, std::size_t piece) {
    Reply r{.status = 200, .content_type = std::move(content_type)};
    piece = std::max<std::size_t>(piece, 1);
    for (std::size_t at = 0; at < text.size(); at += piece) r.chunks.emplace_back(text.substr(at, piece));
    return r;
}

Reply Reply::with_header(std::string name, std::string value) && {
    headers.emplace_back(std::move(name), std::move(value));
    return std::move(*this);
}

Reply Reply::with_delay(std::chrono::milliseconds d) && {
    delay = d;
    return std::move(*this);
}

Reply Reply::cut(std::size_t after) && {
    cut_after = after;
    return std::move(*this);
}

namespace {

bool iequals(std::string_view a, std::string_view b) {
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
               return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
           });
}

} // namespace

std::string RecordedRequest::header(std::string_view name) const {
    for (const auto& [k, v] : headers)
        if (iequals(k, name)) return v;
    return {};
}

bool RecordedRequest::has_header(std::string_view name) const {
    return std::any_of(headers.begin(), headers.end(), [&](const auto& h) { return iequals(h.first, name); });
}

Value RecordedRequest::json() const {
    auto parsed = parse_json(body);
    return parsed ? std::move(*parsed) : Value();
}

class LoopbackServer::Impl {
public:
    explicit Impl(Options options) : options_(options) {
        server_.new_task_queue = [n = options_.threads] { return new httplib::ThreadPool(n); };
        server_.set_tcp_nodelay(true); // headers and body go out in separate writes: no Nagle stall
        server_.set_keep_alive_max_count(1'000'000);
        server_.set_keep_alive_timeout(options_.keep_alive.count());
        server_.set_payload_max_length(std::size_t(64) << 20);
        auto handle = [this](const httplib::Request& req, httplib::Response& res) { answer(req, res); };
        server_.Get(".*", handle);
        server_.Post(".*", handle);
        server_.Put(".*", handle);
        server_.Delete(".*", handle);
        port_ = server_.bind_to_any_port("127.0.0.1");
        if (port_ <= 0) throw std::runtime_error("loopback server: cannot bind 127.0.0.1");
        thread_ = std::thread([this] { server_.listen_after_bind(); });
        // Ready when the accept loop runs.
        for (int i = 0; i < 2000 && !server_.is_running(); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }

    ~Impl() { stop(); }

    void stop() {
        if (stopping_.exchange(true)) return;
        server_.stop();
        if (thread_.joinable()) thread_.join();
    }

    int port() const { return port_; }

    void enqueue(Reply r) {
        std::lock_guard lock(mutex_);
        queue_.push_back(std::move(r));
    }
    void set_fallback(Reply r) {
        std::lock_guard lock(mutex_);
        fallback_ = std::move(r);
    }
    void set_handler(std::function<Reply(const RecordedRequest&)> h) {
        std::lock_guard lock(mutex_);
        handler_ = std::move(h);
    }
    std::vector<RecordedRequest> requests() const {
        std::lock_guard lock(mutex_);
        return requests_;
    }
    std::size_t request_count() const { return count_.load(); }
    std::size_t connection_count() const {
        std::lock_guard lock(mutex_);
        return ports_.size();
    }
    std::size_t unscripted_count() const { return unscripted_.load(); }

private:
    // Sleeps in small steps so that a stopping server never waits for a handler.
    bool pause(std::chrono::milliseconds d) {
        const auto until = std::chrono::steady_clock::now() + d;
        while (std::chrono::steady_clock::now() < until) {
            if (stopping_.load()) return false;
            std::this_thread::sleep_for(std::min<std::chrono::steady_clock::duration>(
                std::chrono::milliseconds(5), until - std::chrono::steady_clock::now()));
        }
        return !stopping_.load();
    }

    void answer(const httplib::Request& req, httplib::Response& res) {
        RecordedRequest rec{.method = req.method, .path = req.path, .body = req.body, .client_port = req.remote_port};
        for (const auto& [k, v] : req.params) {
            if (!rec.query.empty()) rec.query += '&';
            rec.query += k + "=" + v;
        }
        for (const auto& [k, v] : req.headers) rec.headers.emplace_back(k, v);
        count_.fetch_add(1);
        Reply reply;
        {
            std::lock_guard lock(mutex_);
            ports_.insert(req.remote_port);
            if (handler_) {
                auto h = handler_;
                mutex_.unlock();
                reply = h(rec);
                mutex_.lock();
            } else if (!queue_.empty()) {
                reply = std::move(queue_.front());
                queue_.pop_front();
            } else {
                unscripted_.fetch_add(1);
                reply = fallback_;
            }
            if (options_.record) requests_.push_back(std::move(rec));
        }
        if (reply.hang) {
            while (pause(std::chrono::milliseconds(50))) {
            }
            res.status = 503;
            return;
        }
        if (reply.delay.count() > 0 && !pause(reply.delay)) {
            res.status = 503;
            return;
        }
        res.status = reply.status;
        for (const auto& [k, v] : reply.headers) res.set_header(k, v);
        if (!reply.chunks.empty()) {
            struct Progress {
                Reply reply;
                std::size_t next = 0; // the next chunk to send
            };
            auto progress = std::make_shared<Progress>(Progress{std::move(reply)});
            const std::string content_type = progress->reply.content_type;
            res.set_chunked_content_provider(content_type, [this, progress](std::size_t, httplib::DataSink& sink) {
                const Reply* shared = &progress->reply;
                std::size_t& next = progress->next;
                if (shared->cut_after && next >= *shared->cut_after) return false; // cut: no last chunk
                if (next >= shared->chunks.size()) {
                    sink.done();
                    return true;
                }
                if (next > 0 && shared->chunk_delay.count() > 0 && !pause(shared->chunk_delay)) return false;
                const std::string& c = shared->chunks[next++];
                return sink.write(c.data(), c.size());
            });
            return;
        }
        if (reply.cut_after) {
            auto shared = std::make_shared<Reply>(std::move(reply));
            res.set_content_provider(shared->body.size(), shared->content_type,
                                     [shared](std::size_t offset, std::size_t, httplib::DataSink& sink) {
                                         const std::size_t cut = std::min(*shared->cut_after, shared->body.size());
                                         if (offset >= cut) return false; // close with bytes outstanding
                                         return sink.write(shared->body.data() + offset, cut - offset);
                                     });
            return;
        }
        res.set_content(reply.body, reply.content_type);
    }

    Options options_;
    httplib::Server server_;
    std::thread thread_;
    int port_ = 0;
    std::atomic<bool> stopping_{false};
    mutable std::mutex mutex_;
    std::deque<Reply> queue_;
    Reply fallback_ = Reply::json(R"({"error": {"message": "loopback server: no reply scripted"}})", 500);
    std::function<Reply(const RecordedRequest&)> handler_;
    std::vector<RecordedRequest> requests_;
    std::set<int> ports_;
    std::atomic<std::size_t> count_{0};
    std::atomic<std::size_t> unscripted_{0};
};

LoopbackServer::LoopbackServer() : LoopbackServer(Options{}) {}
LoopbackServer::LoopbackServer(Options options) : impl_(std::make_unique<Impl>(options)) { port_ = impl_->port(); }
LoopbackServer::~LoopbackServer() = default;

std::string LoopbackServer::url() const { return "http://127.0.0.1:" + std::to_string(port_); }
void LoopbackServer::enqueue(Reply reply) { impl_->enqueue(std::move(reply)); }
void LoopbackServer::enqueue(std::vector<Reply> replies) {
    for (auto& r : replies) impl_->enqueue(std::move(r));
}
void LoopbackServer::set_fallback(Reply reply) { impl_->set_fallback(std::move(reply)); }
void LoopbackServer::set_handler(std::function<Reply(const RecordedRequest&)> handler) {
    impl_->set_handler(std::move(handler));
}
std::vector<RecordedRequest> LoopbackServer::requests() const { return impl_->requests(); }
std::size_t LoopbackServer::request_count() const { return impl_->request_count(); }
std::size_t LoopbackServer::connection_count() const { return impl_->connection_count(); }
std::size_t LoopbackServer::unscripted_count() const { return impl_->unscripted_count(); }
void LoopbackServer::stop() { impl_->stop(); }

} // namespace laminate::test
