// The worker pool behind run_batch: jthreads taking the next index from an atomic counter, so
// inputs start in order and a slow call never holds up the others.
#include <laminate/lm/batch.hpp>

#include <algorithm>
#include <atomic>
#include <exception>
#include <memory>
#include <mutex>
#include <thread>

namespace laminate::lm::detail {

void run_indexed(std::size_t n, const BatchOptions& options,
                 const std::function<bool(std::size_t, std::stop_token)>& work) {
    if (n == 0) return;
    // One stop source for the workers: the caller's stop and a failing call both request it.
    std::stop_source stop;
    std::stop_callback forward(options.stop, [&stop] { stop.request_stop(); });

    std::unique_ptr<RateLimiter> own_limiter;
    RateLimiter* limiter = options.rate_limiter;
    if (limiter == nullptr && options.requests_per_second > 0) {
        own_limiter = std::make_unique<RateLimiter>(RateLimiter::Options{.requests_per_second = options.requests_per_second});
        limiter = own_limiter.get();
    }

    std::atomic<std::size_t> next{0};
    std::mutex mu; // guards done, failures, first_error and serializes on_progress
    std::size_t done = 0;
    std::size_t failures = 0;
    std::exception_ptr first_error;

    auto worker = [&] {
        const std::stop_token token = stop.get_token();
        while (!token.stop_requested()) {
            const std::size_t i = next.fetch_add(1);
            if (i >= n) return;
            if (limiter != nullptr && !limiter->acquire(token)) return;
            try {
                const bool failed = work(i, token);
                std::lock_guard lock(mu);
                ++done;
                if (failed) ++failures;
                if (options.on_progress) options.on_progress(done, n, failures);
            } catch (...) {
                {
                    std::lock_guard lock(mu);
                    if (!first_error) first_error = std::current_exception();
                }
                stop.request_stop();
                return;
            }
        }
    };

    const std::size_t workers = std::min(n, std::max<std::size_t>(options.concurrency, 1));
    {
        std::vector<std::jthread> pool;
        pool.reserve(workers);
        for (std::size_t w = 0; w < workers; ++w) pool.emplace_back(worker);
    } // joined here
    if (first_error) std::rethrow_exception(first_error);
}

} // namespace laminate::lm::detail
