// The seed example: a model's tool-call arguments shaped into a plain struct.
//
//   $ example_search_flights
//   origin SFO, destination JFK, 2 passenger(s), nonstop, cabin coach, no price limit
//   [info] $.passengers: coerced string -> uint8
//   ...
//
// Exits 1 if the outcome differs from the one DESIGN.md describes (it runs as a test).
#include <laminate/laminate.hpp>

#include <cstdint>
#include <iostream>
#include <optional>
#include <string>

struct SearchFlights {                      // a plain aggregate: no macro, no base class
    std::string origin;
    std::string destination;
    std::string depart_date;
    std::uint8_t passengers;                // "2"    -> 2      (Info)
    bool nonstop;                           // "true" -> true   (Info)
    std::string cabin;                      // "coach", kept as is
    std::optional<std::uint32_t> max_price; // absent -> nullopt
    laminate::Overflow extra;               // captures "_trace_id" instead of dropping it
};

enum class CabinClass { Economy, Premium, Business, First };

int main() {
    const std::string args =
        R"({"origin":"SFO","destination":"JFK","depart_date":"2026-07-02","passengers":"2","nonstop":"true","cabin":"coach","_trace_id":"req_abc123"})";
    const std::string text = "I'll search for that flight.\n<tool_call>\n" + args + "\n</tool_call>";

    auto shaped = laminate::from_llm_response<SearchFlights>(text); // lenient by default
    if (!shaped) {
        std::cerr << shaped.error() << '\n';
        return 1;
    }
    auto& [flights, diagnostics] = *shaped;
    std::cout << "origin " << flights.origin << ", destination " << flights.destination << ", "
              << int(flights.passengers) << " passenger(s), " << (flights.nonstop ? "nonstop" : "with stops")
              << ", cabin " << flights.cabin << ", "
              << (flights.max_price ? "max price " + std::to_string(*flights.max_price) : std::string("no price limit"))
              << '\n';
    for (auto& d : diagnostics) std::cout << d << '\n';
    std::cout << "round trip: " << laminate::to_json(flights) << '\n';

    // Strict: the same arguments need two coercions, so they are refused.
    auto strict = laminate::shape_strict<SearchFlights>(*laminate::parse_json(args));
    std::cout << "strict: " << (strict ? std::string("accepted") : strict.error().to_string()) << '\n';

    // An open enum keeps a value nobody declared.
    auto [cabin, cabin_diagnostics] = *laminate::from_value<laminate::Open<CabinClass>>(laminate::Value(flights.cabin));
    std::cout << "cabin class: " << (cabin.is_known() ? "declared" : "undeclared '" + cabin.unknown() + "'") << '\n';
    for (auto& d : cabin_diagnostics) std::cout << d << '\n';

    bool as_designed = flights.passengers == 2 && flights.nonstop && flights.cabin == "coach" && !flights.max_price &&
                       flights.extra.contains("_trace_id") && diagnostics.size() == 4 &&
                       laminate::max_risk(diagnostics) == laminate::Risk::Info && !strict &&
                       cabin.unknown() == "coach" && cabin_diagnostics.size() == 1;
    return as_designed ? 0 : 1;
}
