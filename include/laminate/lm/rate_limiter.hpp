#pragma once
// laminate::lm::RateLimiter — a token bucket that spaces requests out to a rate, shared by any
// number of threads:
//
//   laminate::lm::RateLimiter limiter{{.requests_per_second = 5, .burst = 2}};
//   if (limiter.acquire(stop)) call_the_model();     // false: stop was requested while waiting
//
//   // Every request a provider sends, repairs included, through one limiter:
//   laminate::lm::RateLimitedProvider limited{provider, limiter};
//
// Semantics:
// * The bucket holds at most `burst` tokens (at least 1) and starts full; it refills
//   continuously at `requests_per_second`. acquire() takes one token, waiting until one is there.
//   Over any interval of length T from the limiter's creation, at most burst + rate * T
//   acquisitions succeed.
// * requests_per_second <= 0 (or NaN) means unlimited: acquire() never waits.
// * Waiting honours a std::stop_token: a requested stop ends the wait at once and acquire()
//   returns false without taking a token.
// * Time comes from a RateLimiter::Clock, injectable so that tests run on a fake clock without
//   sleeping (steady_clock() is the real one).
// * Thread-safe: acquire() may be called from any number of threads at once. Waiters are not
//   served in FIFO order (no fairness guarantee), but the rate holds.

#include <laminate/lm/provider.hpp>

#include <chrono>
#include <cstddef>
#include <mutex>
#include <stop_token>

namespace laminate::lm {

class RateLimiter {
public:
    using TimePoint = std::chrono::steady_clock::time_point;

    // Where the limiter reads the time and how it waits. Implementations must be thread-safe.
    class Clock {
    public:
        virtual ~Clock() = default;
        virtual TimePoint now() = 0;
        // Waits until `deadline` (or returns at once when it has passed). Returns false when
        // `stop` was requested before or during the wait, true otherwise.
        virtual bool sleep_until(TimePoint deadline, std::stop_token stop) = 0;
    };
    // std::chrono::steady_clock, waiting on a condition variable that a stop request wakes.
    static Clock& steady_clock();

    struct Options {
        double requests_per_second = 0; // <= 0: unlimited
        double burst = 1;               // bucket size; values below 1 count as 1
    };

    explicit RateLimiter(Options options);
    // `clock` must outlive the limiter.
    RateLimiter(Options options, Clock& clock);

    RateLimiter(const RateLimiter&) = delete;
    RateLimiter& operator=(const RateLimiter&) = delete;

    // Takes a token, waiting for one when the bucket is empty. Returns false (no token taken)
    // when `stop` is requested before a token could be taken.
    bool acquire(std::stop_token stop = {});
    // Takes a token when one is there now; never waits.
    bool try_acquire();

    bool unlimited() const noexcept { return rate_ <= 0; }
    double requests_per_second() const noexcept { return rate_; }

private:
    // Under mu_: adds what accrued since last_; returns how long until a whole token is there
    // (zero when one is there).
    std::chrono::nanoseconds refill_locked(TimePoint now);

    Clock* clock_;
    double rate_;
    double burst_;
    std::mutex mu_;
    double tokens_;
    TimePoint last_;
};

// A Provider whose every complete() first takes a token from `limiter` (so repair rounds and
// retries a program makes count too). A stop requested while waiting ends the call with
// ProviderError::Reason::Cancelled and no request sent. Forwards everything else to `inner`;
// both must outlive it. Thread-safe when `inner` is.
class RateLimitedProvider final : public Provider {
public:
    RateLimitedProvider(Provider& inner, RateLimiter& limiter) noexcept : inner_(&inner), limiter_(&limiter) {}

    std::string_view name() const noexcept override { return inner_->name(); }
    const std::string& model() const noexcept override { return inner_->model(); }
    Capabilities capabilities() const noexcept override { return inner_->capabilities(); }
    Result<Completion, ProviderError> complete(const ChatRequest& request, const CallOptions& options) override;
    std::string server_address() const override { return inner_->server_address(); }
    int server_port() const override { return inner_->server_port(); }

private:
    Provider* inner_;
    RateLimiter* limiter_;
};

} // namespace laminate::lm
