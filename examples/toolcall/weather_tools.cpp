// Typed tool calls end to end: define tools from plain structs, render their definitions for a
// provider's request, read the model's reply (here a Hermes/Qwen raw text with two parallel
// calls, one of them with a stringified number), dispatch each call to its typed handler.
#include <laminate/toolcall/dispatch.hpp>
#include <laminate/toolcall/providers.hpp>

#include <iostream>
#include <optional>
#include <string>

struct GetWeather {
    std::string city;
    std::optional<std::string> units; // absent -> nullopt
};

struct GetForecast {
    std::string city;
    int days; // "3" -> 3 (coerced, Info)
};

int main() {
    laminate::toolcall::ToolRegistry tools;
    tools.add<GetWeather>("get_weather", "Current weather for a city", [](const GetWeather& w) {
        return "12 degrees in " + w.city;
    });
    tools.add<GetForecast>("get_forecast", "Forecast for the next days",
                           [](const GetForecast& f, const laminate::Diagnostics& ds) {
                               for (const auto& d : ds) std::cout << "  " << d << '\n';
                               return std::to_string(f.days) + " days of rain in " + f.city;
                           });

    auto definitions = tools.definitions(laminate::toolcall::Format::OpenAi);
    std::cout << "tools: " << definitions->dump() << "\n\n";

    const std::string reply =
        "<think>Two lookups.</think>\n"
        "<tool_call>{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Oslo\"}}</tool_call>\n"
        "<tool_call>{\"name\": \"get_forecast\", \"arguments\": {\"city\": \"Oslo\", \"days\": \"3\"}}</tool_call>";
    auto response = laminate::toolcall::read_response(reply);
    if (!response) {
        std::cerr << response.error() << '\n';
        return 1;
    }
    for (const auto& done : tools.dispatch(*response)) {
        if (done.result) std::cout << done.id << " " << done.name << " -> " << done.result->dump() << '\n';
        else std::cout << done.id << " " << done.name << " failed: " << done.result.error() << '\n';
    }
    return 0;
}
