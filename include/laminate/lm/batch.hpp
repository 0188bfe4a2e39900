#pragma once
// laminate::lm::run_batch — one callable over many inputs, several at a time, results in input
// order:
//
//   std::vector<Ticket> tickets = ...;
//   auto results = laminate::lm::run_batch(std::span<const Ticket>(tickets),
//       [&](const Ticket& t, std::stop_token stop) { return classify.run(t, {.stop = stop}); },
//       {.concurrency = 4, .requests_per_second = 2,
//        .on_progress = [](std::size_t done, std::size_t total, std::size_t failures) { ... }});
//   // results[i] answers tickets[i]
//
// Semantics:
// * fn is called as fn(input, stop_token) when it takes one, else fn(input); it returns some
//   Result<T, E> (anything with has_value() and error()). fn is called from several threads at
//   once (it and everything it shares, such as a Provider, must be thread-safe) and at most once
//   per input. The stop_token handed to fn is requested when the batch stops (options.stop, or
//   an exception in another call), so a long model call can end early.
// * At most `concurrency` calls run at the same time (0 counts as 1): a pool of that many
//   std::jthreads (fewer when there are fewer inputs), each taking the next input in order.
// * requests_per_second > 0 spaces the *starts* of calls out with a token bucket (burst 1);
//   options.rate_limiter, when set, is used instead (shared across batches, or on a test
//   clock). To count every HTTP request a call makes (repairs, retries), wrap the provider in a
//   RateLimitedProvider instead or as well.
// * on_progress(done, total, failures) is called after each call ends, one call at a time (never
//   concurrently), with `done` rising by one each time; failures counts results without a
//   value. It runs on a worker thread and must be quick.
// * Stopping (options.stop requested): no further input is started, running calls finish (their
//   results are kept), and each input never started gets the result on_skipped(input) gives —
//   by default, for an E constructible from ProviderError, ProviderError{Reason::Cancelled}
//   ("the batch stopped before this input ran"); any other E needs the on_skipped overload.
// * Exceptions: fn should report failures as errors, not throw. If it (or on_progress) throws
//   anyway, the batch stops as if cancelled, waits for the running calls, and rethrows the first
//   exception on the calling thread (the other results are lost).
// * The results vector has inputs.size() elements; an empty input gives an empty vector without
//   starting a thread.

#include <laminate/lm/provider.hpp>
#include <laminate/lm/rate_limiter.hpp>

#include <concepts>
#include <cstddef>
#include <functional>
#include <mutex>
#include <optional>
#include <span>
#include <stop_token>
#include <type_traits>
#include <utility>
#include <vector>

namespace laminate::lm {

struct BatchOptions {
    std::size_t concurrency = 8;
    double requests_per_second = 0; // 0: unlimited
    std::function<void(std::size_t done, std::size_t total, std::size_t failures)> on_progress = {};
    std::stop_token stop = {};
    // When set, used instead of requests_per_second (must outlive the call).
    RateLimiter* rate_limiter = nullptr;
};

namespace detail {

template <class R>
concept BatchResultLike = requires(const R& r) {
    { r.has_value() } -> std::convertible_to<bool>;
    r.error();
};

template <class R>
using batch_error_t = std::remove_cvref_t<decltype(std::declval<const R&>().error())>;

template <class Fn, class In>
decltype(auto) invoke_batch_fn(Fn& fn, const In& input, std::stop_token stop) {
    if constexpr (std::is_invocable_v<Fn&, const In&, std::stop_token>)
        return std::invoke(fn, input, std::move(stop));
    else
        return std::invoke(fn, input);
}

template <class Fn, class In>
using batch_result_t = std::remove_cvref_t<decltype(invoke_batch_fn(std::declval<Fn&>(),
                                                                    std::declval<const In&>(),
                                                                    std::declval<std::stop_token>()))>;

// Runs work(i, stop) for i in [0, n) on the pool `options` describes; work returns whether the
// result is a failure. Returns normally once every worker has ended; rethrows the first
// exception work or on_progress threw. Inputs never started are the caller's to fill.
void run_indexed(std::size_t n, const BatchOptions& options,
                 const std::function<bool(std::size_t, std::stop_token)>& work);

template <class R>
R skipped_result() {
    using E = batch_error_t<R>;
    ProviderError cancelled{.reason = ProviderError::Reason::Cancelled,
                            .message = "the batch stopped before this input ran"};
    if constexpr (std::is_constructible_v<E, ProviderError>) {
        return R(E(std::move(cancelled)));
    } else {
        // lm::Error and errors like it: a factory named provider().
        static_assert(requires { E::provider(std::move(cancelled)); },
                      "run_batch: this error type cannot hold a ProviderError; pass on_skipped to say "
                      "what an input that never ran (a stopped batch) gets");
        return R(E::provider(std::move(cancelled)));
    }
}

} // namespace detail

// Runs fn over every input as described at the top of this file; on_skipped(input) gives the
// result of an input never started because the batch stopped.
template <class In, class Fn, class Skipped>
auto run_batch(std::span<const In> inputs, Fn&& fn, const BatchOptions& options, Skipped&& on_skipped)
    -> std::vector<detail::batch_result_t<Fn, In>> {
    using R = detail::batch_result_t<Fn, In>;
    static_assert(detail::BatchResultLike<R>, "run_batch: fn must return a Result<T, E>");
    std::vector<std::optional<R>> slots(inputs.size());
    detail::run_indexed(inputs.size(), options, [&](std::size_t i, std::stop_token stop) {
        slots[i].emplace(detail::invoke_batch_fn(fn, inputs[i], std::move(stop)));
        return !slots[i]->has_value();
    });
    std::vector<R> results;
    results.reserve(inputs.size());
    for (std::size_t i = 0; i < inputs.size(); ++i) {
        if (slots[i]) results.push_back(std::move(*slots[i]));
        else results.push_back(std::invoke(on_skipped, inputs[i]));
    }
    return results;
}

// The same, with the default result for skipped inputs (a cancelled ProviderError).
template <class In, class Fn>
auto run_batch(std::span<const In> inputs, Fn&& fn, const BatchOptions& options = {})
    -> std::vector<detail::batch_result_t<Fn, In>> {
    using R = detail::batch_result_t<Fn, In>;
    return run_batch(inputs, std::forward<Fn>(fn), options, [](const In&) { return detail::skipped_result<R>(); });
}

// The same run, but each result is handed to sink(index, result) as soon as it and every
// result before it are there — in input order, one at a time, on a worker thread (or, for
// inputs never started, on the calling thread after the workers end). For writing results out
// while a long batch runs (the command line's --concurrency): a result waits only for those
// before it, and each is dropped once handed over. A sink that throws stops the batch like fn.
template <class In, class Fn, class Sink, class Skipped>
void run_batch_ordered(std::span<const In> inputs, Fn&& fn, Sink&& sink, const BatchOptions& options,
                       Skipped&& on_skipped) {
    using R = detail::batch_result_t<Fn, In>;
    static_assert(detail::BatchResultLike<R>, "run_batch_ordered: fn must return a Result<T, E>");
    static_assert(std::is_invocable_v<Sink&, std::size_t, R&&>, "run_batch_ordered: sink(index, result)");
    std::vector<std::optional<R>> slots(inputs.size());
    std::mutex mu;         // guards slots and next
    std::size_t next = 0;  // the first index not yet handed to sink
    auto flush_locked = [&] {
        while (next < slots.size() && slots[next]) {
            std::invoke(sink, next, std::move(*slots[next]));
            slots[next].reset();
            ++next;
        }
    };
    detail::run_indexed(inputs.size(), options, [&](std::size_t i, std::stop_token stop) {
        R result = detail::invoke_batch_fn(fn, inputs[i], std::move(stop));
        const bool failed = !result.has_value();
        std::lock_guard lock(mu);
        slots[i].emplace(std::move(result));
        flush_locked();
        return failed;
    });
    // Every worker has ended: fill what never started, hand over the rest in order.
    for (std::size_t i = next; i < slots.size(); ++i)
        if (!slots[i]) slots[i].emplace(std::invoke(on_skipped, inputs[i]));
    flush_locked();
}

template <class In, class Fn, class Sink>
void run_batch_ordered(std::span<const In> inputs, Fn&& fn, Sink&& sink, const BatchOptions& options = {}) {
    using R = detail::batch_result_t<Fn, In>;
    run_batch_ordered(inputs, std::forward<Fn>(fn), std::forward<Sink>(sink), options,
                      [](const In&) { return detail::skipped_result<R>(); });
}

// Convenience: a vector's elements as the inputs.
template <class In, class Fn>
auto run_batch(const std::vector<In>& inputs, Fn&& fn, const BatchOptions& options = {}) {
    return run_batch(std::span<const In>(inputs), std::forward<Fn>(fn), options);
}

} // namespace laminate::lm
