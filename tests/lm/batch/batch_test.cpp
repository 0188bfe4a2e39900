// run_batch and the rate limiter: order, the concurrency bound, the rate (on a fake clock, so
// nothing here depends on how fast the machine is), stopping, progress and exceptions.
#include <laminate/lm/batch.hpp>
#include <laminate/lm/rate_limiter.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <random>
#include <stdexcept>
#include <thread>

using namespace laminate;
using namespace laminate::lm;
using namespace std::chrono_literals;

namespace {

// A clock that never sleeps: waiting moves its time forward to the deadline at once.
class FakeClock final : public RateLimiter::Clock {
public:
    RateLimiter::TimePoint now() override {
        std::lock_guard lock(mu_);
        return now_;
    }
    bool sleep_until(RateLimiter::TimePoint deadline, std::stop_token stop) override {
        if (stop.stop_requested()) return false;
        std::lock_guard lock(mu_);
        now_ = std::max(now_, deadline);
        return true;
    }
    std::chrono::nanoseconds elapsed() {
        std::lock_guard lock(mu_);
        return now_ - start_;
    }

private:
    std::mutex mu_;
    RateLimiter::TimePoint start_{std::chrono::hours(1)};
    RateLimiter::TimePoint now_{start_};
};

using IntResult = Result<int, ProviderError>;

std::vector<int> iota_inputs(int n) {
    std::vector<int> v(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) v[static_cast<std::size_t>(i)] = i;
    return v;
}

} // namespace

TEST(RunBatch, ResultsComeBackInInputOrderWhateverTheyTake) {
    const auto inputs = iota_inputs(60);
    auto results = run_batch(inputs, [](const int& i) -> IntResult {
        thread_local std::mt19937 rng(std::random_device{}());
        std::this_thread::sleep_for(std::chrono::microseconds(std::uniform_int_distribution<int>(0, 3000)(rng)));
        return i * 2;
    }, {.concurrency = 6});
    ASSERT_EQ(results.size(), inputs.size());
    for (std::size_t i = 0; i < results.size(); ++i) {
        ASSERT_TRUE(results[i].has_value()) << i;
        EXPECT_EQ(*results[i], static_cast<int>(i) * 2);
    }
}

TEST(RunBatch, NeverRunsMoreCallsAtOnceThanTheConcurrencyLimit) {
    constexpr std::size_t limit = 3;
    std::mutex mu;
    std::condition_variable cv;
    std::size_t in_flight = 0;
    std::size_t max_in_flight = 0;
    bool full = false;
    const auto inputs = iota_inputs(30);
    auto results = run_batch(inputs, [&](const int& i) -> IntResult {
        std::unique_lock lock(mu);
        ++in_flight;
        max_in_flight = std::max(max_in_flight, in_flight);
        if (in_flight >= limit) full = true;
        cv.notify_all();
        // The first calls wait until the pool is full, so the bound is reached, not just kept.
        if (i < static_cast<int>(limit)) cv.wait_for(lock, 10s, [&] { return full; });
        --in_flight;
        return i;
    }, {.concurrency = limit});
    EXPECT_EQ(max_in_flight, limit);
    EXPECT_EQ(results.size(), 30u);
}

TEST(RunBatch, ZeroConcurrencyCountsAsOne) {
    std::atomic<int> in_flight{0};
    std::atomic<int> max_in_flight{0};
    const auto inputs = iota_inputs(10);
    auto results = run_batch(inputs, [&](const int& i) -> IntResult {
        const int now = ++in_flight;
        int seen = max_in_flight.load();
        while (now > seen && !max_in_flight.compare_exchange_weak(seen, now)) {}
        std::this_thread::sleep_for(200us);
        --in_flight;
        return i;
    }, {.concurrency = 0});
    EXPECT_EQ(max_in_flight.load(), 1);
    EXPECT_EQ(results.size(), 10u);
}

TEST(RunBatch, EmptyInputGivesEmptyResults) {
    std::vector<int> none;
    bool called = false;
    auto results = run_batch(none, [&](const int&) -> IntResult { called = true; return 0; });
    EXPECT_TRUE(results.empty());
    EXPECT_FALSE(called);
}

TEST(RateLimiter, SpacesAcquisitionsToTheRateOnAFakeClock) {
    FakeClock clock;
    RateLimiter limiter({.requests_per_second = 10, .burst = 1}, clock);
    std::vector<std::chrono::nanoseconds> at;
    for (int i = 0; i < 20; ++i) {
        ASSERT_TRUE(limiter.acquire());
        at.push_back(clock.elapsed());
    }
    EXPECT_EQ(at.front(), 0ns); // the bucket starts full
    for (std::size_t k = 1; k < at.size(); ++k) EXPECT_GE(at[k] - at[k - 1], 100ms - 1us) << k;
    EXPECT_LE(clock.elapsed(), 1900ms + 1ms);
}

TEST(RateLimiter, BurstLetsThatManyThroughAtOnceThenTheRate) {
    FakeClock clock;
    RateLimiter limiter({.requests_per_second = 2, .burst = 3}, clock);
    for (int i = 0; i < 3; ++i) EXPECT_TRUE(limiter.try_acquire());
    EXPECT_FALSE(limiter.try_acquire());
    EXPECT_EQ(clock.elapsed(), 0ns);
    EXPECT_TRUE(limiter.acquire());
    EXPECT_GE(clock.elapsed(), 500ms - 1us);
    EXPECT_LE(clock.elapsed(), 500ms + 1us);
}

TEST(RateLimiter, ZeroRateIsUnlimited) {
    FakeClock clock;
    RateLimiter limiter({.requests_per_second = 0}, clock);
    for (int i = 0; i < 1000; ++i) ASSERT_TRUE(limiter.acquire());
    EXPECT_EQ(clock.elapsed(), 0ns);
    EXPECT_TRUE(limiter.unlimited());
}

TEST(RateLimiter, AStopEndsTheWaitWithoutTakingAToken) {
    RateLimiter limiter({.requests_per_second = 0.001}); // the second token is 1000 s away
    ASSERT_TRUE(limiter.acquire());
    std::stop_source stop;
    std::jthread stopper([&] {
        std::this_thread::sleep_for(20ms);
        stop.request_stop();
    });
    EXPECT_FALSE(limiter.acquire(stop.get_token()));
}

namespace {
// Records the first deadline it is asked to wait for, then reports a stop.
class DeadlineClock final : public RateLimiter::Clock {
public:
    RateLimiter::TimePoint now() override { return RateLimiter::TimePoint{}; }
    bool sleep_until(RateLimiter::TimePoint deadline, std::stop_token) override {
        deadline_ = deadline;
        return false;
    }
    RateLimiter::TimePoint deadline_{};
};
} // namespace

TEST(RateLimiter, ATinyRateWaitsADayAtATimeInsteadOfOverflowing) {
    DeadlineClock clock;
    RateLimiter limiter({.requests_per_second = 1e-15}, clock);
    ASSERT_TRUE(limiter.acquire());
    EXPECT_FALSE(limiter.acquire());
    EXPECT_EQ(clock.deadline_ - RateLimiter::TimePoint{}, std::chrono::hours(24));
}

TEST(RunBatch, RequestsPerSecondHoldsAcrossWorkers) {
    FakeClock clock;
    RateLimiter limiter({.requests_per_second = 10}, clock);
    std::mutex mu;
    std::vector<std::chrono::nanoseconds> starts;
    const auto inputs = iota_inputs(40);
    auto results = run_batch(inputs, [&](const int& i) -> IntResult {
        std::lock_guard lock(mu);
        starts.push_back(clock.elapsed());
        return i;
    }, {.concurrency = 4, .rate_limiter = &limiter});
    ASSERT_EQ(starts.size(), 40u);
    std::sort(starts.begin(), starts.end());
    // At most 1 + rate * t calls may have started by time t.
    for (std::size_t k = 0; k < starts.size(); ++k)
        EXPECT_GE(starts[k], std::chrono::nanoseconds(static_cast<std::int64_t>(k) * 100'000'000) - 1us) << k;
    EXPECT_LE(clock.elapsed(), 3900ms + 1ms); // and no slower than the rate needs
}

TEST(RunBatch, StoppingSkipsWhatHasNotStartedAndKeepsWhatRan) {
    std::stop_source stop;
    std::atomic<int> calls{0};
    const auto inputs = iota_inputs(100);
    auto results = run_batch(inputs, [&](const int& i, std::stop_token token) -> IntResult {
        ++calls;
        if (i == 5) stop.request_stop();
        if (i > 5) { // a call beside the one that stops waits for the stop, so the count is exact
            const auto deadline = std::chrono::steady_clock::now() + 10s;
            while (!token.stop_requested() && std::chrono::steady_clock::now() < deadline)
                std::this_thread::sleep_for(100us);
        }
        return i;
    }, {.concurrency = 2, .stop = stop.get_token()});
    ASSERT_EQ(results.size(), 100u);
    for (int i = 0; i <= 5; ++i) EXPECT_TRUE(results[static_cast<std::size_t>(i)].has_value()) << i;
    std::size_t cancelled = 0;
    for (const auto& r : results) {
        if (r.has_value()) continue;
        EXPECT_EQ(r.error().reason, ProviderError::Reason::Cancelled);
        EXPECT_EQ(r.error().message, "the batch stopped before this input ran");
        ++cancelled;
    }
    EXPECT_EQ(cancelled + static_cast<std::size_t>(calls.load()), 100u);
    EXPECT_GE(cancelled, 93u); // at most one more call could start beside the one that stopped
}

TEST(RunBatch, HandsTheBatchStopTokenToCallsThatTakeOne) {
    std::stop_source stop;
    std::atomic<bool> saw_stop{false};
    const auto inputs = iota_inputs(4);
    auto results = run_batch(inputs, [&](const int& i, std::stop_token token) -> IntResult {
        if (i == 0) {
            stop.request_stop();
            saw_stop = token.stop_requested();
        }
        return i;
    }, {.concurrency = 1, .stop = stop.get_token()});
    EXPECT_TRUE(saw_stop.load());
    EXPECT_TRUE(results[0].has_value());
    EXPECT_FALSE(results[1].has_value());
}

namespace {
struct MyError {
    std::string what;
    std::string to_string() const { return what; }
};
} // namespace

TEST(RunBatch, OnSkippedSaysWhatAnErrorTypeOfOneOwnGetsForInputsNeverRun) {
    std::stop_source stop;
    stop.request_stop();
    const auto inputs = iota_inputs(3);
    auto results = run_batch(std::span<const int>(inputs), [](const int& i) -> Result<int, MyError> { return i; },
                             BatchOptions{.stop = stop.get_token()},
                             [](const int& i) -> Result<int, MyError> { return MyError{"skipped " + std::to_string(i)}; });
    ASSERT_EQ(results.size(), 3u);
    EXPECT_EQ(results[2].error().what, "skipped 2");
}

TEST(RunBatch, ProgressCountsEveryCallOnceInOrderWithFailures) {
    std::vector<std::size_t> dones;
    std::size_t last_failures = 0;
    std::size_t total_seen = 0;
    const auto inputs = iota_inputs(25);
    auto results = run_batch(inputs, [](const int& i) -> IntResult {
        if (i % 5 == 0) return ProviderError{.reason = ProviderError::Reason::Timeout, .message = "slow"};
        return i;
    }, {.concurrency = 4, .on_progress = [&](std::size_t done, std::size_t total, std::size_t failures) {
        dones.push_back(done); // serialized by run_batch: no lock needed
        total_seen = total;
        last_failures = failures;
    }});
    ASSERT_EQ(dones.size(), 25u);
    for (std::size_t k = 0; k < dones.size(); ++k) EXPECT_EQ(dones[k], k + 1);
    EXPECT_EQ(total_seen, 25u);
    EXPECT_EQ(last_failures, 5u);
}

TEST(RunBatch, AnExceptionStopsTheBatchAndIsRethrownAfterTheJoin) {
    std::atomic<int> calls{0};
    std::atomic<bool> others_saw_stop{true};
    const auto inputs = iota_inputs(200);
    EXPECT_THROW((void)run_batch(inputs, [&](const int& i, std::stop_token stop) -> IntResult {
        ++calls;
        if (i == 3) throw std::runtime_error("boom");
        if (i > 3) {
            // Later calls wait for the stop the exception requests (or give up after 10 s).
            const auto deadline = std::chrono::steady_clock::now() + 10s;
            while (!stop.stop_requested() && std::chrono::steady_clock::now() < deadline)
                std::this_thread::sleep_for(100us);
            if (!stop.stop_requested()) others_saw_stop = false;
        }
        return i;
    }, {.concurrency = 2}), std::runtime_error);
    EXPECT_TRUE(others_saw_stop.load());
    EXPECT_LE(calls.load(), 6); // 0..3, and at most one more beside the call that threw
}

TEST(RunBatchOrdered, HandsEachResultOverOnceInInputOrderAsSoonAsItsPrefixIsDone) {
    const auto inputs = iota_inputs(40);
    std::vector<std::size_t> order;
    std::vector<int> values;
    run_batch_ordered(std::span<const int>(inputs), [](const int& i) -> IntResult {
        thread_local std::mt19937 rng(std::random_device{}());
        std::this_thread::sleep_for(std::chrono::microseconds(std::uniform_int_distribution<int>(0, 2000)(rng)));
        return i + 100;
    }, [&](std::size_t index, IntResult&& r) { // serialized by run_batch_ordered
        order.push_back(index);
        values.push_back(*r);
    }, {.concurrency = 5});
    ASSERT_EQ(order.size(), 40u);
    for (std::size_t k = 0; k < order.size(); ++k) {
        EXPECT_EQ(order[k], k);
        EXPECT_EQ(values[k], static_cast<int>(k) + 100);
    }
}

TEST(RunBatchOrdered, AResultIsHandedOverBeforeTheBatchEnds) {
    // Input 0 is handed over while input 1 still runs: input 1 waits until the sink saw 0.
    std::mutex mu;
    std::condition_variable cv;
    bool first_out = false;
    bool waited = false;
    const auto inputs = iota_inputs(2);
    run_batch_ordered(std::span<const int>(inputs), [&](const int& i) -> IntResult {
        if (i == 1) {
            std::unique_lock lock(mu);
            waited = cv.wait_for(lock, 10s, [&] { return first_out; });
        }
        return i;
    }, [&](std::size_t index, IntResult&&) {
        if (index == 0) {
            std::lock_guard lock(mu);
            first_out = true;
            cv.notify_all();
        }
    }, {.concurrency = 2});
    EXPECT_TRUE(waited);
}

TEST(RunBatchOrdered, InputsNeverStartedAreHandedOverInOrderAtTheEnd) {
    std::stop_source stop;
    const auto inputs = iota_inputs(10);
    std::vector<std::size_t> order;
    std::size_t cancelled = 0;
    run_batch_ordered(std::span<const int>(inputs), [&](const int& i) -> IntResult {
        if (i == 2) stop.request_stop();
        return i;
    }, [&](std::size_t index, IntResult&& r) {
        order.push_back(index);
        if (!r.has_value() && r.error().reason == ProviderError::Reason::Cancelled) ++cancelled;
    }, {.concurrency = 1, .stop = stop.get_token()});
    ASSERT_EQ(order.size(), 10u);
    for (std::size_t k = 0; k < order.size(); ++k) EXPECT_EQ(order[k], k);
    EXPECT_EQ(cancelled, 7u);
}

namespace {
class CountingProvider final : public Provider {
public:
    std::string_view name() const noexcept override { return "fake"; }
    const std::string& model() const noexcept override { return model_; }
    Capabilities capabilities() const noexcept override { return {}; }
    Result<Completion, ProviderError> complete(const ChatRequest&, const CallOptions&) override {
        ++calls;
        return Completion{};
    }
    std::atomic<int> calls{0};

private:
    std::string model_ = "m";
};
} // namespace

TEST(RateLimitedProvider, TakesATokenPerRequestAndCancelsWhenStoppedWhileWaiting) {
    FakeClock clock;
    RateLimiter limiter({.requests_per_second = 4}, clock);
    CountingProvider inner;
    RateLimitedProvider limited(inner, limiter);
    EXPECT_EQ(limited.name(), "fake");
    for (int i = 0; i < 5; ++i) ASSERT_TRUE(limited.complete({}, {}).has_value());
    EXPECT_EQ(inner.calls.load(), 5);
    EXPECT_GE(clock.elapsed(), 1000ms - 1us);

    std::stop_source stop;
    stop.request_stop();
    auto stopped = limited.complete({}, {.stop = stop.get_token(), .on_delta = {}});
    ASSERT_FALSE(stopped.has_value());
    EXPECT_EQ(stopped.error().reason, ProviderError::Reason::Cancelled);
    EXPECT_EQ(inner.calls.load(), 5);
}
