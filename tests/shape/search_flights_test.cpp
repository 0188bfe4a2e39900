// The seed example of typed shaping (DESIGN.md, "The code a user writes").
#include <laminate/laminate.hpp>

#include <gtest/gtest.h>

#include <cstdint>
#include <optional>
#include <sstream>
#include <string>

namespace {

struct SearchFlights {
    std::string origin;
    std::string destination;
    std::string depart_date;
    std::uint8_t passengers;
    bool nonstop;
    std::string cabin;
    std::optional<std::uint32_t> max_price;
    laminate::Overflow extra;
};

enum class CabinClass { Economy, Premium, Business, First };

constexpr std::string_view kArgs =
    R"({"origin":"SFO","destination":"JFK","depart_date":"2026-07-02","passengers":"2","nonstop":"true","cabin":"coach","_trace_id":"req_abc123"})";

TEST(SearchFlights, LenientShapesWithFourInfoDiagnostics) {
    auto shaped = laminate::from_json<SearchFlights>(kArgs);
    ASSERT_TRUE(shaped) << shaped.error();
    auto& [flights, diagnostics] = *shaped;
    EXPECT_EQ(flights.origin, "SFO");
    EXPECT_EQ(flights.destination, "JFK");
    EXPECT_EQ(flights.depart_date, "2026-07-02");
    EXPECT_EQ(flights.passengers, 2);
    EXPECT_TRUE(flights.nonstop);
    EXPECT_EQ(flights.cabin, "coach");
    EXPECT_FALSE(flights.max_price.has_value());
    ASSERT_EQ(flights.extra.size(), 1u);
    ASSERT_NE(flights.extra.find("_trace_id"), nullptr);
    EXPECT_EQ(*flights.extra.find("_trace_id"), laminate::Value("req_abc123"));

    ASSERT_EQ(diagnostics.size(), 4u);
    for (const auto& d : diagnostics) EXPECT_EQ(d.risk, laminate::Risk::Info) << d;
    EXPECT_EQ(diagnostics[0].to_string(), "[info] $.passengers: coerced string -> uint8");
    EXPECT_EQ(diagnostics[0].kind, laminate::DiagnosticKind::Coerced);
    EXPECT_EQ(diagnostics[0].from, "string");
    EXPECT_EQ(diagnostics[0].to, "uint8");
    EXPECT_EQ(diagnostics[1].to_string(), "[info] $.nonstop: coerced string -> bool");
    EXPECT_EQ(diagnostics[2].kind, laminate::DiagnosticKind::Defaulted);
    EXPECT_EQ(diagnostics[2].path, "max_price");
    EXPECT_EQ(diagnostics[3].to_string(), "[info] $._trace_id: preserved unknown field '_trace_id' in overflow");
    EXPECT_EQ(diagnostics[3].kind, laminate::DiagnosticKind::Preserved);
}

TEST(SearchFlights, FromLlmResponseFindsThePayloadInProse) {
    std::string text = "Sure! Here are the arguments:\n```json\n" + std::string(kArgs) + "\n```\nLet me know.";
    auto shaped = laminate::from_llm_response<SearchFlights>(text);
    ASSERT_TRUE(shaped) << shaped.error();
    EXPECT_EQ(shaped->value.passengers, 2);
    EXPECT_EQ(shaped->diagnostics.size(), 4u);
}

TEST(SearchFlights, StrictFailsBecauseACoercionWasNeeded) {
    auto value = laminate::parse_json(kArgs);
    ASSERT_TRUE(value);
    auto strict = laminate::shape_strict<SearchFlights>(*value);
    ASSERT_FALSE(strict);
    EXPECT_EQ(strict.error().kind(), laminate::ErrorKind::TypeMismatch);
    EXPECT_EQ(strict.error().path(), "passengers");
}

TEST(SearchFlights, RoundTripReinsertsTheOverflow) {
    auto shaped = laminate::from_json<SearchFlights>(kArgs);
    ASSERT_TRUE(shaped);
    laminate::Value back = laminate::to_value(shaped->value);
    EXPECT_EQ(back["passengers"], laminate::Value(2));
    EXPECT_EQ(back["nonstop"], laminate::Value(true));
    EXPECT_EQ(back["_trace_id"], laminate::Value("req_abc123"));
    EXPECT_FALSE(back.contains("max_price"));
    EXPECT_FALSE(back.contains("extra"));
    EXPECT_EQ(laminate::to_json(shaped->value),
              R"({"origin":"SFO","destination":"JFK","depart_date":"2026-07-02","passengers":2,"nonstop":true,"cabin":"coach","_trace_id":"req_abc123"})");
}

TEST(SearchFlights, OpenEnumKeepsAnUndeclaredCabin) {
    auto shaped = laminate::from_value<laminate::Open<CabinClass>>(laminate::Value("coach"));
    ASSERT_TRUE(shaped) << shaped.error();
    auto [cabin, d] = *shaped;
    EXPECT_FALSE(cabin.is_known());
    EXPECT_EQ(cabin.unknown(), "coach");
    ASSERT_EQ(d.size(), 1u);
    EXPECT_EQ(d[0].to_string(), "[warning] $: unrecognized variant kept");

    auto declared = laminate::from_value<laminate::Open<CabinClass>>(laminate::Value("Business"));
    ASSERT_TRUE(declared);
    EXPECT_EQ(declared->value, CabinClass::Business);
    EXPECT_TRUE(declared->diagnostics.empty());
}

} // namespace
