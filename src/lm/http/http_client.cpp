// HttpClient over libcurl: a pool of easy handles (each keeps its own idle keep-alive
// connections: libcurl does not support one connection cache shared by concurrent threads), one
// share object for DNS and TLS sessions with a mutex per kind of data, and the retry loop.
#include <laminate/lm/http.hpp>

#include <curl/curl.h>

#include <algorithm>
#include <array>
#include <condition_variable>
#include <mutex>
#include <thread>

namespace laminate::lm {
namespace detail {

namespace {

using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;

// curl_global_init is not thread-safe before 7.84; do it once, before the first client.
void global_init_once() {
    static std::once_flag once;
    std::call_once(once, [] { curl_global_init(CURL_GLOBAL_DEFAULT); });
}

std::mt19937_64& thread_rng() {
    thread_local std::mt19937_64 rng{std::random_device{}()};
    return rng;
}

// Per-transfer state the callbacks see.
struct Transfer {
    const std::stop_token* stop = nullptr;
    const BodySink* sink = nullptr;
    std::size_t max_body = 0;
    CURL* easy = nullptr;
    std::vector<Header> headers = {};
    std::string body = {};
    long status = 0;
    bool status_known = false;
    bool delivered = false;       // bytes went to the sink: no retry from here on
    bool too_large = false;
    std::optional<ProviderError> sink_error = {};
};

std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r' || s.back() == '\n'))
        s.remove_suffix(1);
    return s;
}

size_t on_header(char* data, size_t size, size_t count, void* user) {
    auto* t = static_cast<Transfer*>(user);
    const std::string_view line(data, size * count);
    if (line.starts_with("HTTP/")) {
        t->headers.clear(); // a new response (after a 100 Continue): keep only the final headers
        return size * count;
    }
    const auto colon = line.find(':');
    if (colon != std::string_view::npos && t->headers.size() < 256)
        t->headers.emplace_back(std::string(trim(line.substr(0, colon))), std::string(trim(line.substr(colon + 1))));
    return size * count;
}

size_t on_body(char* data, size_t size, size_t count, void* user) {
    auto* t = static_cast<Transfer*>(user);
    const std::size_t n = size * count;
    if (!t->status_known) {
        curl_easy_getinfo(t->easy, CURLINFO_RESPONSE_CODE, &t->status);
        t->status_known = true;
    }
    const bool success = t->status >= 200 && t->status < 300;
    if (success && t->sink && *t->sink) {
        t->delivered = true;
        if (auto error = (*t->sink)(std::string_view(data, n))) {
            t->sink_error = std::move(error);
            return 0; // CURLE_WRITE_ERROR
        }
        return n;
    }
    if (t->body.size() + n > t->max_body) {
        t->too_large = true;
        return 0;
    }
    t->body.append(data, n);
    return n;
}

int on_progress(void* user, curl_off_t, curl_off_t, curl_off_t, curl_off_t) {
    const auto* t = static_cast<Transfer*>(user);
    return t->stop && t->stop->stop_requested() ? 1 : 0;
}

ProviderError make_error(ProviderError::Reason reason, std::string message) {
    return ProviderError{.reason = reason, .message = std::move(message)};
}

std::string millis(milliseconds ms) {
    if (ms.count() % 1000 == 0) return std::to_string(ms.count() / 1000) + " s";
    return std::to_string(ms.count()) + " ms";
}

} // namespace

// A pooled transfer slot: the multi handle owns the idle connections, the easy handle the
// options. Slots are used by one thread at a time.
struct Slot {
    CURLM* multi = nullptr;
    CURL* easy = nullptr;
};

class HttpClientImpl {
public:
    explicit HttpClientImpl(HttpOptions options) : options_(std::move(options)) {
        global_init_once();
        share_ = curl_share_init();
        curl_share_setopt(share_, CURLSHOPT_LOCKFUNC, &HttpClientImpl::lock);
        curl_share_setopt(share_, CURLSHOPT_UNLOCKFUNC, &HttpClientImpl::unlock);
        curl_share_setopt(share_, CURLSHOPT_USERDATA, this);
        curl_share_setopt(share_, CURLSHOPT_SHARE, CURL_LOCK_DATA_DNS);
        curl_share_setopt(share_, CURLSHOPT_SHARE, CURL_LOCK_DATA_SSL_SESSION);
    }

    ~HttpClientImpl() {
        for (Slot slot : pool_) cleanup(slot);
        curl_share_cleanup(share_);
    }

    const HttpOptions& options() const noexcept { return options_; }

    Result<HttpResponse, ProviderError> send(const HttpRequest& request, const std::stop_token& stop,
                                             const BodySink& sink, std::string_view secret) {
        const auto started = Clock::now();
        const auto deadline = started + options_.total_timeout;
        const std::size_t max_attempts = std::max<std::size_t>(options_.retry.max_attempts, 1);

        curl_slist* headers = nullptr;
        bool has_content_type = false;
        for (const std::vector<Header>* list : std::array<const std::vector<Header>*, 2>{&request.headers, &options_.headers})
            for (const auto& [name, value] : *list) {
                if (name.empty() || name.find_first_of("\r\n:") != std::string::npos ||
                    value.find_first_of("\r\n") != std::string::npos)
                    continue; // a header that would split the request is dropped, never sent
                if (curl_strequal(name.c_str(), "content-type")) has_content_type = true;
                headers = curl_slist_append(headers, (name + ": " + value).c_str());
            }
        if (!has_content_type && !request.body.empty())
            headers = curl_slist_append(headers, "Content-Type: application/json");
        headers = curl_slist_append(headers, "Expect:"); // no 100-continue round trip
        struct SlistGuard {
            curl_slist* list;
            ~SlistGuard() { curl_slist_free_all(list); }
        } guard{headers};

        ProviderError last;
        for (std::size_t attempt = 1;; ++attempt) {
            if (stop.stop_requested()) return failed(make_error(ProviderError::Reason::Cancelled, "the call was cancelled"), attempt - 1);
            const auto now = Clock::now();
            if (now >= deadline)
                return failed(make_error(ProviderError::Reason::Timeout, "no answer within " + millis(options_.total_timeout)), attempt - 1);
            const auto remaining = std::chrono::duration_cast<milliseconds>(deadline - now);

            Transfer t{.stop = &stop, .sink = &sink, .max_body = options_.max_body};
            Slot slot = acquire();
            CURL* easy = slot.easy;
            t.easy = easy;
            configure(easy, request, headers, t, remaining, stop.stop_possible());
            const CURLcode code = perform(slot, stop);
            long status = 0;
            curl_easy_getinfo(easy, CURLINFO_RESPONSE_CODE, &status);
            double connect_time = 0;
            curl_easy_getinfo(easy, CURLINFO_CONNECT_TIME, &connect_time);
            release(slot);

            std::optional<milliseconds> retry_after;
            if (code == CURLE_OK) {
                if (status >= 200 && status < 300) {
                    HttpResponse response{.status = static_cast<int>(status), .headers = std::move(t.headers),
                                          .body = std::move(t.body), .attempts = attempt,
                                          .latency = Clock::now() - started};
                    return response;
                }
                std::string content_type;
                for (const auto& [k, v] : t.headers)
                    if (curl_strequal(k.c_str(), "content-type")) content_type = v;
                last = status_error(static_cast<int>(status), t.body, content_type, secret);
                if (!is_retryable_status(static_cast<int>(status)))
                    return failed(std::move(last), attempt);
                for (const auto& [k, v] : t.headers)
                    if (curl_strequal(k.c_str(), "retry-after"))
                        retry_after = parse_retry_after(v, std::chrono::system_clock::now());
            } else {
                if (code == CURLE_ABORTED_BY_CALLBACK && stop.stop_requested())
                    return failed(make_error(ProviderError::Reason::Cancelled, "the call was cancelled"), attempt);
                if (t.sink_error) return failed(std::move(*t.sink_error), attempt);
                if (t.too_large)
                    return failed(make_error(ProviderError::Reason::MalformedResponse,
                                             "the response body is larger than " + std::to_string(options_.max_body) + " bytes"),
                                  attempt);
                if (code == CURLE_OPERATION_TIMEDOUT) {
                    if (Clock::now() + milliseconds(5) >= deadline)
                        return failed(make_error(ProviderError::Reason::Timeout, "no answer within " + millis(options_.total_timeout)), attempt);
                    last = make_error(ProviderError::Reason::Timeout,
                                      connect_time == 0 ? "no connection within " + millis(options_.connect_timeout)
                                                        : std::string("the transfer timed out"));
                } else if (code == CURLE_URL_MALFORMAT || code == CURLE_UNSUPPORTED_PROTOCOL ||
                           code == CURLE_BAD_FUNCTION_ARGUMENT || code == CURLE_OUT_OF_MEMORY) {
                    return failed(make_error(ProviderError::Reason::InvalidRequest,
                                             std::string("the request cannot be sent: ") + curl_easy_strerror(code)),
                                  attempt);
                } else {
                    last = make_error(ProviderError::Reason::Transport, std::string(curl_easy_strerror(code)));
                    if (status > 0) last.status = static_cast<int>(status);
                }
                // A stream already handed out cannot be taken back.
                if (t.delivered) {
                    if (last.reason == ProviderError::Reason::Transport) last.message = "the stream was cut off: " + last.message;
                    return failed(std::move(last), attempt);
                }
            }
            if (attempt >= max_attempts) return failed(std::move(last), attempt);

            milliseconds delay = retry_after ? std::min(*retry_after, options_.retry.max_retry_after)
                                             : backoff_delay(attempt, options_.retry, thread_rng());
            if (Clock::now() + delay >= deadline) return failed(std::move(last), attempt);
            if (!sleep(delay, stop))
                return failed(make_error(ProviderError::Reason::Cancelled, "the call was cancelled"), attempt);
        }
    }

private:
    static Result<HttpResponse, ProviderError> failed(ProviderError e, std::size_t attempts) {
        e.http_attempts = attempts;
        return e;
    }

    // Sleeps, waking early when a stop is requested; false when it was.
    static bool sleep(milliseconds delay, const std::stop_token& stop) {
        if (delay.count() <= 0) return !stop.stop_requested();
        std::mutex m;
        std::condition_variable_any cv;
        std::unique_lock lock(m);
        return !cv.wait_for(lock, stop, delay, [] { return false; }) && !stop.stop_requested();
    }

    // The options every request through this client shares, set once per pooled handle.
    void configure_once(CURL* easy) const {
        curl_easy_setopt(easy, CURLOPT_SHARE, share_);
        curl_easy_setopt(easy, CURLOPT_NOSIGNAL, 1L);
        curl_easy_setopt(easy, CURLOPT_USERAGENT, options_.user_agent.c_str());
        curl_easy_setopt(easy, CURLOPT_TCP_KEEPALIVE, 1L);
        curl_easy_setopt(easy, CURLOPT_FOLLOWLOCATION, 0L); // never carry a key to another host
        curl_easy_setopt(easy, CURLOPT_PROTOCOLS_STR, "http,https");
        curl_easy_setopt(easy, CURLOPT_HEADERFUNCTION, &on_header);
        curl_easy_setopt(easy, CURLOPT_WRITEFUNCTION, &on_body);
        curl_easy_setopt(easy, CURLOPT_XFERINFOFUNCTION, &on_progress);
    }

    // The options of one request. Every one of them is set on every request, so nothing of the
    // previous request through the handle remains (no curl_easy_reset: it would drop buffers
    // libcurl otherwise keeps, and cost as much as the setup it saves).
    void configure(CURL* easy, const HttpRequest& request, curl_slist* headers, Transfer& t, milliseconds remaining,
                   bool cancellable) const {
        curl_easy_setopt(easy, CURLOPT_URL, request.url.c_str());
        curl_easy_setopt(easy, CURLOPT_HTTPHEADER, headers);
        const auto connect = std::min(options_.connect_timeout, remaining);
        curl_easy_setopt(easy, CURLOPT_CONNECTTIMEOUT_MS, static_cast<long>(std::max<long long>(connect.count(), 1)));
        curl_easy_setopt(easy, CURLOPT_TIMEOUT_MS, static_cast<long>(std::max<long long>(remaining.count(), 1)));
        if (request.method == "GET" && request.body.empty()) {
            curl_easy_setopt(easy, CURLOPT_HTTPGET, 1L);
        } else {
            curl_easy_setopt(easy, CURLOPT_POST, 1L);
            curl_easy_setopt(easy, CURLOPT_POSTFIELDSIZE_LARGE, static_cast<curl_off_t>(request.body.size()));
            curl_easy_setopt(easy, CURLOPT_POSTFIELDS, request.body.data());
        }
        curl_easy_setopt(easy, CURLOPT_CUSTOMREQUEST,
                         request.method == "POST" || request.method == "GET" ? nullptr : request.method.c_str());
        curl_easy_setopt(easy, CURLOPT_HEADERDATA, &t);
        curl_easy_setopt(easy, CURLOPT_WRITEDATA, &t);
        curl_easy_setopt(easy, CURLOPT_XFERINFODATA, &t);
        curl_easy_setopt(easy, CURLOPT_NOPROGRESS, cancellable ? 0L : 1L);
    }

    // One transfer through the slot's multi handle, so that a stop wakes the wait at once
    // (curl_multi_wakeup from a stop_callback) instead of at the next progress tick.
    static CURLcode perform(const Slot& slot, const std::stop_token& stop) {
        // A call that cannot be cancelled takes libcurl's own loop (a few syscalls fewer a call).
        if (!stop.stop_possible()) return curl_easy_perform(slot.easy);
        if (curl_multi_add_handle(slot.multi, slot.easy) != CURLM_OK) return CURLE_FAILED_INIT;
        CURLcode code = CURLE_OK;
        bool done = false;
        {
            std::stop_callback wake(stop, [multi = slot.multi] { curl_multi_wakeup(multi); });
            int running = 1;
            while (true) {
                if (curl_multi_perform(slot.multi, &running) != CURLM_OK) {
                    code = CURLE_FAILED_INIT;
                    break;
                }
                int queued = 0;
                while (CURLMsg* msg = curl_multi_info_read(slot.multi, &queued))
                    if (msg->msg == CURLMSG_DONE && msg->easy_handle == slot.easy) {
                        code = msg->data.result;
                        done = true;
                    }
                if (done || running == 0) break;
                if (stop.stop_requested()) {
                    code = CURLE_ABORTED_BY_CALLBACK;
                    break;
                }
                if (curl_multi_poll(slot.multi, nullptr, 0, 1000, nullptr) != CURLM_OK) {
                    code = CURLE_FAILED_INIT;
                    break;
                }
            }
        }
        // Removing a transfer that did not finish closes its connection; a finished one stays in
        // the multi handle's cache for the next request through this slot.
        curl_multi_remove_handle(slot.multi, slot.easy);
        return code;
    }

    Slot acquire() {
        {
            std::lock_guard lock(pool_mutex_);
            if (!pool_.empty()) {
                Slot slot = pool_.back();
                pool_.pop_back();
                return slot;
            }
        }
        Slot slot{curl_multi_init(), curl_easy_init()};
        configure_once(slot.easy);
        return slot;
    }

    void release(Slot slot) {
        {
            std::lock_guard lock(pool_mutex_);
            if (pool_.size() < kMaxPooled) {
                pool_.push_back(slot);
                return;
            }
        }
        cleanup(slot);
    }

    static void cleanup(Slot slot) {
        curl_easy_cleanup(slot.easy);
        curl_multi_cleanup(slot.multi);
    }

    static void lock(CURL*, curl_lock_data data, curl_lock_access, void* user) {
        static_cast<HttpClientImpl*>(user)->locks_[static_cast<std::size_t>(data) % kLocks].lock();
    }
    static void unlock(CURL*, curl_lock_data data, void* user) {
        static_cast<HttpClientImpl*>(user)->locks_[static_cast<std::size_t>(data) % kLocks].unlock();
    }

    static constexpr std::size_t kMaxPooled = 256;
    static constexpr std::size_t kLocks = CURL_LOCK_DATA_LAST;

    HttpOptions options_;
    CURLSH* share_ = nullptr;
    std::array<std::mutex, kLocks> locks_;
    std::mutex pool_mutex_;
    std::vector<Slot> pool_;
};

} // namespace detail

HttpClient::HttpClient(HttpOptions options) : impl_(std::make_unique<detail::HttpClientImpl>(std::move(options))) {}
HttpClient::~HttpClient() = default;

Result<HttpResponse, ProviderError> HttpClient::send(const HttpRequest& request, std::stop_token stop,
                                                     const BodySink& sink, std::string_view secret) {
    return impl_->send(request, stop, sink, secret);
}

const HttpOptions& HttpClient::options() const noexcept { return impl_->options(); }

} // namespace laminate::lm
