// The pure retry helpers: Retry-After in both forms, backoff with full jitter, which statuses
// retry. No server needed.
#include <laminate/lm/http.hpp>

#include <gtest/gtest.h>

using namespace laminate::lm;
using namespace std::chrono;

namespace {

system_clock::time_point at(int year_day_seconds) {
    // 2026-12-06T12:00:00Z plus an offset.
    return system_clock::from_time_t(1796558400) + seconds(year_day_seconds);
}

} // namespace

TEST(RetryAfter, DeltaSecondsAreADelay) {
    EXPECT_EQ(parse_retry_after("0", at(0)), milliseconds(0));
    EXPECT_EQ(parse_retry_after("120", at(0)), milliseconds(120'000));
    EXPECT_EQ(parse_retry_after("  7 ", at(0)), milliseconds(7'000));
}

TEST(RetryAfter, HugeDeltaSecondsAreCutToADayWithoutOverflow) {
    EXPECT_EQ(parse_retry_after("99999999999999999999999999", at(0)), milliseconds(86'400'000));
}

TEST(RetryAfter, HttpDateInEveryFormIsTheTimeUntilThen) {
    // 1796558400 is Sun, 06 Dec 2026 12:00:00 GMT.
    const auto now = at(0);
    EXPECT_EQ(parse_retry_after("Sun, 06 Dec 2026 12:00:30 GMT", now), milliseconds(30'000));
    EXPECT_EQ(parse_retry_after("Sunday, 06-Dec-26 12:01:00 GMT", now), milliseconds(60'000));
    EXPECT_EQ(parse_retry_after("Sun Dec  6 12:00:05 2026", now), milliseconds(5'000));
}

TEST(RetryAfter, ADateInThePastIsNoDelay) {
    EXPECT_EQ(parse_retry_after("Sun, 06 Dec 2026 11:00:00 GMT", at(0)), milliseconds(0));
}

TEST(RetryAfter, UnreadableValuesAreNothing) {
    EXPECT_EQ(parse_retry_after("", at(0)), std::nullopt);
    EXPECT_EQ(parse_retry_after("soon", at(0)), std::nullopt);
    EXPECT_EQ(parse_retry_after("-5", at(0)), std::nullopt);
    EXPECT_EQ(parse_retry_after("1.5", at(0)), std::nullopt);
    EXPECT_EQ(parse_retry_after(std::string(200, 'x'), at(0)), std::nullopt);
}

TEST(Backoff, FullJitterStaysWithinTheExponentialCeiling) {
    RetryPolicy policy{.initial_backoff = milliseconds(100), .max_backoff = milliseconds(1'000), .multiplier = 2.0};
    std::mt19937_64 rng(42);
    for (std::size_t attempt = 1; attempt <= 8; ++attempt) {
        const auto ceiling = std::min<long long>(100LL << (attempt - 1), 1'000);
        milliseconds largest{0};
        for (int i = 0; i < 500; ++i) {
            const auto d = backoff_delay(attempt, policy, rng);
            EXPECT_GE(d.count(), 0);
            EXPECT_LE(d.count(), ceiling) << "attempt " << attempt;
            largest = std::max(largest, d);
        }
        // Jitter spreads over the whole range: the largest of 500 draws is near the ceiling.
        EXPECT_GT(largest.count(), ceiling * 8 / 10) << "attempt " << attempt;
    }
}

TEST(Backoff, IsDeterministicForASeedAndSafeForHugeAttempts) {
    RetryPolicy policy;
    std::mt19937_64 a(7), b(7);
    EXPECT_EQ(backoff_delay(3, policy, a), backoff_delay(3, policy, b));
    EXPECT_LE(backoff_delay(10'000, policy, a), policy.max_backoff);
    RetryPolicy none{.initial_backoff = milliseconds(0)};
    EXPECT_EQ(backoff_delay(1, none, a), milliseconds(0));
}

TEST(RetryableStatus, RetriesTimeoutsRateLimitsAndServerErrorsOnly) {
    for (int s : {408, 429, 500, 502, 503, 504, 529}) EXPECT_TRUE(is_retryable_status(s)) << s;
    for (int s : {200, 301, 400, 401, 403, 404, 409, 413, 422}) EXPECT_FALSE(is_retryable_status(s)) << s;
}

TEST(Redaction, KeysAndKeyLikeWordsAreMasked) {
    EXPECT_EQ(redact_secrets("bad key abc123SECRET here", "abc123SECRET"), "bad key [redacted] here");
    EXPECT_EQ(redact_secrets("Incorrect API key provided: sk-proj-abc***xyz.", ""),
              "Incorrect API key provided: [redacted].");
    EXPECT_EQ(redact_secrets("key AIzaSyA-1234567890 rejected"), "key [redacted] rejected");
    EXPECT_EQ(redact_secrets("nothing to hide"), "nothing to hide");
}
