// The token bucket. The bucket's state is a token count and the time it was last brought up to
// date; tokens accrue lazily when someone asks, so an idle limiter costs nothing.
#include <laminate/lm/rate_limiter.hpp>

#include <algorithm>
#include <cmath>
#include <condition_variable>

namespace laminate::lm {

namespace {

class SteadyClock final : public RateLimiter::Clock {
public:
    RateLimiter::TimePoint now() override { return std::chrono::steady_clock::now(); }
    bool sleep_until(RateLimiter::TimePoint deadline, std::stop_token stop) override {
        // A condition variable nobody notifies: wait_until returns at the deadline, or at once
        // when `stop` is requested (condition_variable_any registers a stop callback).
        std::mutex mu;
        std::condition_variable_any cv;
        std::unique_lock lock(mu);
        cv.wait_until(lock, stop, deadline, [] { return false; });
        return !stop.stop_requested();
    }
};

double sane_rate(double rps) noexcept { return std::isfinite(rps) && rps > 0 ? rps : 0.0; }
double sane_burst(double burst) noexcept { return std::isfinite(burst) && burst >= 1 ? burst : 1.0; }

} // namespace

RateLimiter::Clock& RateLimiter::steady_clock() {
    static SteadyClock clock;
    return clock;
}

RateLimiter::RateLimiter(Options options) : RateLimiter(options, steady_clock()) {}

RateLimiter::RateLimiter(Options options, Clock& clock)
    : clock_(&clock), rate_(sane_rate(options.requests_per_second)), burst_(sane_burst(options.burst)),
      tokens_(burst_), last_(clock.now()) {}

std::chrono::nanoseconds RateLimiter::refill_locked(TimePoint now) {
    if (now > last_) {
        const double elapsed = std::chrono::duration<double>(now - last_).count();
        tokens_ = std::min(burst_, tokens_ + elapsed * rate_);
        last_ = now;
    }
    if (tokens_ >= 1) return std::chrono::nanoseconds{0};
    // Round up so that waking at the deadline always finds the token there. A tiny rate could
    // wait longer than nanoseconds count: wait at most a day, then look again.
    const double wait_s = std::min((1 - tokens_) / rate_, 86400.0);
    return std::chrono::nanoseconds{static_cast<std::int64_t>(std::ceil(wait_s * 1e9))};
}

bool RateLimiter::try_acquire() {
    if (unlimited()) return true;
    std::lock_guard lock(mu_);
    if (refill_locked(clock_->now()).count() > 0) return false;
    tokens_ -= 1;
    return true;
}

bool RateLimiter::acquire(std::stop_token stop) {
    if (unlimited()) return !stop.stop_requested();
    for (;;) {
        if (stop.stop_requested()) return false;
        TimePoint deadline;
        {
            std::lock_guard lock(mu_);
            const TimePoint now = clock_->now();
            const auto wait = refill_locked(now);
            if (wait.count() == 0) {
                tokens_ -= 1;
                return true;
            }
            deadline = now + wait;
        }
        // Another waiter may take the token first; then the loop waits again.
        if (!clock_->sleep_until(deadline, stop)) return false;
    }
}

Result<Completion, ProviderError> RateLimitedProvider::complete(const ChatRequest& request,
                                                                const CallOptions& options) {
    if (!limiter_->acquire(options.stop))
        return ProviderError{.reason = ProviderError::Reason::Cancelled,
                             .message = "stopped while waiting for the rate limit"};
    return inner_->complete(request, options);
}

} // namespace laminate::lm
