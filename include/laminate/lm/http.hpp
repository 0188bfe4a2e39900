#pragma once
// laminate::lm HTTP transport: one libcurl client that the HTTP providers (providers.hpp) send
// their requests through. Most users never touch it; they set HttpOptions on a provider.
//
//   laminate::lm::HttpClient client{{.total_timeout = std::chrono::seconds(30)}};
//   auto r = client.send({.url = "http://127.0.0.1:8080/v1/chat/completions", .body = "{}"});
//   if (r) std::cout << r->status << ' ' << r->body;
//   else   std::cerr << r.error().to_string();   // safe to print: never the body or a key
//
// Semantics:
// * Connections: keep-alive. Easy handles live in a pool (each keeps its idle connections), and
//   one curl share object per client shares DNS and TLS sessions between them, guarded by lock
//   callbacks. A client is safe to use from many threads at once; a connection serves one
//   request at a time (libcurl does not support sharing a connection cache across threads).
// * Retries (RetryPolicy): connection failures, resets and bodies cut off, and the statuses 408,
//   429 and 5xx are retried up to max_attempts; other 4xx never are. The delay is Retry-After
//   when the response says (delta-seconds or an HTTP-date, capped at max_retry_after), otherwise
//   exponential backoff with full jitter. A response already being streamed to a sink is never
//   retried. A backoff that would pass the total timeout ends the call with the last error.
// * total_timeout bounds the whole call, retries and backoff included; connect_timeout bounds
//   each connection attempt.
// * Cancellation: a stop requested on the token aborts the transfer in flight (within ~100 ms)
//   and wakes a backoff sleep; the call ends with Reason::Cancelled.
// * Errors are ProviderErrors. A status that is not 2xx is Reason::Status: its message is the
//   provider's own error message when the body is a JSON error object (at most 300 bytes, with
//   anything that looks like a key masked), otherwise only the status and the body's type and
//   size, never its text (an HTML error page stays out of the message). The raw body is kept in
//   ProviderError::body. Bodies larger than max_body end the call (MalformedResponse).

#include <laminate/lm/provider.hpp>

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <random>
#include <stop_token>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace laminate::lm {

using Header = std::pair<std::string, std::string>;

struct RetryPolicy {
    std::size_t max_attempts = 3; // every attempt counts, the first included; 1 = no retries
    std::chrono::milliseconds initial_backoff{500};
    std::chrono::milliseconds max_backoff{20'000};
    double multiplier = 2.0;
    // A Retry-After longer than this is cut to it.
    std::chrono::milliseconds max_retry_after{60'000};
};

struct HttpOptions {
    std::chrono::milliseconds connect_timeout{10'000};
    std::chrono::milliseconds total_timeout{300'000}; // the whole call, retries included
    RetryPolicy retry = {};
    std::vector<Header> headers = {}; // sent with every request (after the provider's own)
    std::string user_agent = "laminate-lm/1";
    std::size_t max_body = std::size_t(64) << 20; // bytes of a response body
};

struct HttpRequest {
    std::string method = "POST";
    std::string url = {};
    std::vector<Header> headers = {};
    std::string body = {};
};

struct HttpResponse {
    int status = 0;
    std::vector<Header> headers = {}; // of the final response, names as sent
    std::string body = {};            // empty when the body went to a sink
    std::size_t attempts = 1;
    std::chrono::nanoseconds latency{0}; // first request to last byte, retries included

    // The first header of this name (case-insensitive), or nullptr.
    const std::string* header(std::string_view name) const noexcept;
};

// Receives the body of a 2xx response as it arrives. Returning an error aborts the transfer and
// ends the call with that error (no retry).
using BodySink = std::function<std::optional<ProviderError>(std::string_view chunk)>;

namespace detail {
class HttpClientImpl;
}

class HttpClient {
public:
    explicit HttpClient(HttpOptions options = {});
    ~HttpClient();
    HttpClient(const HttpClient&) = delete;
    HttpClient& operator=(const HttpClient&) = delete;

    // One request with the retries the policy allows. Success is a 2xx response; anything else
    // is a ProviderError (see the header comment). With a sink, a 2xx body goes to the sink and
    // HttpResponse::body stays empty. `secret` (an API key) is masked in every error message.
    // Thread-safe.
    Result<HttpResponse, ProviderError> send(const HttpRequest& request, std::stop_token stop = {},
                                             const BodySink& sink = {}, std::string_view secret = {});

    const HttpOptions& options() const noexcept;

private:
    std::unique_ptr<detail::HttpClientImpl> impl_;
};

// ---- retry helpers (pure: testable without a network) -----------------------------------------

// A Retry-After header value as a delay from `now`: delta-seconds ("120") or an HTTP-date
// (IMF-fixdate, RFC 850 or asctime). A date in the past is zero. nullopt when unreadable.
std::optional<std::chrono::milliseconds> parse_retry_after(std::string_view value,
                                                           std::chrono::system_clock::time_point now);

// The delay before retry number `attempt` (1 = after the first failure): uniform in
// [0, min(max_backoff, initial_backoff * multiplier^(attempt-1))] (full jitter).
std::chrono::milliseconds backoff_delay(std::size_t attempt, const RetryPolicy& policy, std::mt19937_64& rng);

// 408, 429 and 5xx.
bool is_retryable_status(int status) noexcept;

// The ProviderError for a response with a status that is not 2xx (see the header comment).
ProviderError status_error(int status, std::string_view body, std::string_view content_type,
                           std::string_view secret = {});

// `text` with every occurrence of `secret` and every word that looks like an API key (sk-...,
// AIza..., a word with "***") replaced by "[redacted]".
std::string redact_secrets(std::string_view text, std::string_view secret = {});

} // namespace laminate::lm
