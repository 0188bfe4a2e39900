// Typed dispatch: arguments shaped into each tool's struct in its mode, handlers called with the
// diagnostics, every parallel call dispatched with its own result, unknown names reported, and
// tool definitions rendered for each provider's request format.

#include <laminate/toolcall/dispatch.hpp>
#include <laminate/parse.hpp>
#include <laminate/toolcall/providers.hpp>

#include "corpora.hpp"

#include <gtest/gtest.h>

#include <optional>
#include <sstream>
#include <string>

using namespace laminate;
using namespace laminate::toolcall;

namespace {

struct GetWeather {
    std::string city;
    std::optional<std::string> units;
};

struct AddNumbers {
    int a;
    int b;
};

struct Forecast {
    std::string city;
    int days;
};

Response calls_response() {
    auto r = read_response(R"({"id":"x","choices":[{"index":0,"message":{"tool_calls":[
        {"id":"c1","function":{"name":"get_weather","arguments":"{\"city\": \"Paris\"}"}},
        {"id":"c2","function":{"name":"add","arguments":"{\"a\": \"2\", \"b\": 3}"}},
        {"id":"c3","function":{"name":"launch_rockets","arguments":"{}"}},
        {"id":"c4","function":{"name":"add","arguments":"{\"a\": 1}"}}]},
        "finish_reason":"tool_calls"}]})");
    return r ? *r : Response{};
}

ToolRegistry registry(std::vector<std::string>* seen = nullptr) {
    ToolRegistry tools;
    tools.add<GetWeather>("get_weather", "Current weather for a city",
                          [seen](const GetWeather& w, const Diagnostics&) {
                              if (seen) seen->push_back(w.city);
                              return std::string("sunny in ") + w.city;
                          });
    tools.add<AddNumbers>("add", "Adds two integers", [](const AddNumbers& n) { return n.a + n.b; });
    return tools;
}

} // namespace

TEST(ToolcallDispatch, EveryParallelCallGetsItsOwnResult) {
    std::vector<std::string> seen;
    const auto results = registry(&seen).dispatch(calls_response());
    ASSERT_EQ(results.size(), 4u);

    EXPECT_EQ(results[0].id, "c1");
    ASSERT_TRUE(results[0].result);
    EXPECT_EQ(*results[0].result, Value("sunny in Paris"));
    EXPECT_EQ(seen, std::vector<std::string>{"Paris"});

    ASSERT_TRUE(results[1].result) << results[1].result.error();
    EXPECT_EQ(*results[1].result, Value(5)); // "2" coerced leniently
    bool coerced = false;
    for (const auto& d : results[1].diagnostics) coerced = coerced || d.kind == DiagnosticKind::Coerced;
    EXPECT_TRUE(coerced);

    ASSERT_FALSE(results[2].result);
    EXPECT_EQ(results[2].result.error().kind(), ErrorKind::UnknownTool);
    EXPECT_EQ(results[2].name, "launch_rockets");

    ASSERT_FALSE(results[3].result);
    EXPECT_EQ(results[3].result.error().kind(), ErrorKind::MissingField);
}

TEST(ToolcallDispatch, HandlerSeesDiagnosticsAndModeIsPerTool) {
    ToolRegistry tools;
    std::size_t seen_diagnostics = 0;
    tools.add<AddNumbers>("lenient_add", "",
                          [&](const AddNumbers& n, const Diagnostics& ds) {
                              seen_diagnostics = ds.size();
                              return n.a + n.b;
                          });
    tools.add<AddNumbers>("strict_add", "", [](const AddNumbers& n) { return n.a + n.b; }, Mode::Strict);

    ToolCall call{"c", "lenient_add", Value(), "", true, {}};
    read_arguments(call, "{'a': '1', 'b': 2}");
    auto lenient = tools.call(call);
    ASSERT_TRUE(lenient.result) << lenient.result.error();
    EXPECT_EQ(*lenient.result, Value(3));
    EXPECT_GE(seen_diagnostics, 2u); // the repair of the quotes and the coercion

    call.name = "strict_add";
    auto strict = tools.call(call);
    ASSERT_FALSE(strict.result);
    EXPECT_EQ(strict.result.error().kind(), ErrorKind::RepairNotAllowed);

    ToolCall clean{"d", "strict_add", Value(), "", true, {}};
    read_arguments(clean, R"({"a": "1", "b": 2})");
    auto typed = tools.call(clean);
    ASSERT_FALSE(typed.result);
    EXPECT_EQ(typed.result.error().kind(), ErrorKind::TypeMismatch);
}

TEST(ToolcallDispatch, PartialAndUnreadableCallsAreNotRun) {
    int runs = 0;
    ToolRegistry tools;
    tools.add<GetWeather>("get_weather", "", [&](const GetWeather&) { ++runs; });
    ToolCall cut{"a", "get_weather", Value(), "", true, {}};
    read_arguments(cut, R"({"city": "Par)");
    EXPECT_EQ(tools.call(cut).result.error().kind(), ErrorKind::ValueNotClosed);
    ToolCall broken{"b", "get_weather", Value(), "", true, {}};
    read_arguments(broken, "no json here");
    EXPECT_EQ(tools.call(broken).result.error().kind(), ErrorKind::InvalidJson);
    EXPECT_EQ(runs, 0);
}

TEST(ToolcallDispatch, ResultAndValueAndStructReturns) {
    ToolRegistry tools;
    tools.add<GetWeather>("fails", "", [](const GetWeather&) -> Result<int> {
        return Error(ErrorKind::InvalidArgument, "no such city");
    });
    tools.add<GetWeather>("value", "", [](const GetWeather& w) { return Value::object({{"c", Value(w.city)}}); });
    tools.add<GetWeather>("forecast", "", [](const GetWeather& w) { return Forecast{w.city, 3}; });
    tools.add<GetWeather>("nothing", "", [](const GetWeather&) {});
    ToolCall call{"c", "fails", Value::object({{"city", Value("Oslo")}}), "{}", true, {}};
    EXPECT_EQ(tools.call(call).result.error().kind(), ErrorKind::InvalidArgument);
    call.name = "value";
    EXPECT_EQ((*tools.call(call).result)["c"], Value("Oslo"));
    call.name = "forecast";
    EXPECT_EQ((*tools.call(call).result)["days"], Value(3));
    call.name = "nothing";
    EXPECT_TRUE(tools.call(call).result->is_null());
}

TEST(ToolcallDispatch, ReRegisteringReplaces) {
    ToolRegistry tools = registry();
    EXPECT_EQ(tools.size(), 2u);
    tools.add<AddNumbers>("add", "Adds, again", [](const AddNumbers& n) { return n.a * 0 + n.b; });
    EXPECT_EQ(tools.size(), 2u);
    EXPECT_EQ(tools.tools()[1].description, "Adds, again");
    EXPECT_TRUE(tools.contains("get_weather"));
    EXPECT_FALSE(tools.contains("nope"));
}

TEST(ToolcallDefinitions, OpenAiShape) {
    auto defs = registry().definitions(Format::OpenAi);
    ASSERT_TRUE(defs) << defs.error();
    ASSERT_EQ(defs->size(), 2u);
    const Value& fn = (*defs)[0]["function"];
    EXPECT_EQ((*defs)[0]["type"], Value("function"));
    EXPECT_EQ(fn["name"], Value("get_weather"));
    EXPECT_EQ(fn["description"], Value("Current weather for a city"));
    EXPECT_EQ(fn["parameters"]["type"], Value("object"));
    EXPECT_EQ(fn["parameters"]["properties"]["city"]["type"], Value("string"));
    EXPECT_EQ(fn["parameters"]["required"], Value::array({Value("city")}));
    EXPECT_FALSE(fn["parameters"].contains("$schema"));

    auto strict = registry().definitions(Format::OpenAi, true);
    ASSERT_TRUE(strict);
    const Value& sfn = (*strict)[0]["function"];
    EXPECT_EQ(sfn["strict"], Value(true));
    EXPECT_EQ(sfn["parameters"]["required"].size(), 2u); // strict lists every property

    auto ollama = registry().definitions(Format::Ollama);
    ASSERT_TRUE(ollama);
    EXPECT_EQ(*ollama, *defs);
}

TEST(ToolcallDefinitions, ResponsesAnthropicGemini) {
    auto responses = registry().definitions(Format::OpenAiResponses);
    ASSERT_TRUE(responses);
    EXPECT_EQ((*responses)[1]["type"], Value("function"));
    EXPECT_EQ((*responses)[1]["name"], Value("add"));
    EXPECT_EQ((*responses)[1]["parameters"]["properties"]["a"]["type"], Value("integer"));

    auto anthropic = registry().definitions(Format::Anthropic);
    ASSERT_TRUE(anthropic);
    EXPECT_EQ((*anthropic)[0]["name"], Value("get_weather"));
    EXPECT_EQ((*anthropic)[0]["input_schema"]["type"], Value("object"));
    EXPECT_FALSE((*anthropic)[0].contains("parameters"));

    auto gemini = registry().definitions(Format::Gemini);
    ASSERT_TRUE(gemini);
    ASSERT_EQ(gemini->size(), 1u);
    const Value& decls = (*gemini)[0]["functionDeclarations"];
    ASSERT_EQ(decls.size(), 2u);
    EXPECT_EQ(decls[0]["name"], Value("get_weather"));
    EXPECT_FALSE(decls[0]["parameters"].contains("additionalProperties"));

    auto none = registry().definitions(Format::AutoDetect);
    ASSERT_FALSE(none);
    EXPECT_EQ(none.error().kind(), ErrorKind::InvalidArgument);
}

TEST(ToolcallDefinitions, HandWrittenSchema) {
    ToolRegistry tools;
    Value schema = Value::object({{"type", Value("object")},
                                  {"properties", Value::object({{"q", Value::object({{"type", Value("string")}})}})}});
    tools.add_untyped({"search", "Search the web", schema},
                      [](const ToolCall& c, Diagnostics&) -> Result<Value> { return c.arguments["q"]; });
    auto defs = tools.definitions(Format::Anthropic);
    ASSERT_TRUE(defs);
    EXPECT_EQ((*defs)[0]["input_schema"]["properties"]["q"]["type"], Value("string"));
    ToolCall call{"c", "search", Value::object({{"q", Value("laminate")}}), "", true, {}};
    EXPECT_EQ(*tools.call(call).result, Value("laminate"));
}

namespace {
enum class Units { c, f };
struct GetWeatherArgs {
    std::string city;
    std::string country;
    Units units;
};
struct StockPrice {
    std::string ticker;
    std::string exchange;
};
} // namespace

TEST(ToolcallDispatch, RecordedParallelCallsShapeIntoStructs) {
    const auto file = laminate::test::corpora_dir() / "providers" / "openai-python" /
                      "openai_chat_completion_responses.jsonl";
    LAMINATE_REQUIRE_CORPUS(file);
    std::istringstream lines(laminate::test::read_file(file));
    std::string line;
    Value body;
    while (std::getline(lines, line)) {
        auto entry = parse_json(line);
        if (entry && (*entry)["test"] == Value("test_parse_multiple_pydantic_tools")) body = (*entry)["response_body"];
    }
    ASSERT_FALSE(body.is_null());
    auto response = read_response(body);
    ASSERT_TRUE(response);

    ToolRegistry tools;
    tools.add<GetWeatherArgs>("GetWeatherArgs", "Weather", [](const GetWeatherArgs& a) {
        return a.city + "/" + a.country + (a.units == Units::c ? "/C" : "/F");
    });
    tools.add<StockPrice>("get_stock_price", "Stock price", [](const StockPrice& s) { return s.exchange + ":" + s.ticker; },
                          Mode::Strict);
    const auto results = tools.dispatch(*response);
    ASSERT_EQ(results.size(), 2u);
    ASSERT_TRUE(results[0].result) << results[0].result.error();
    EXPECT_EQ(*results[0].result, Value("Edinburgh/GB/C"));
    EXPECT_EQ(results[0].id, "call_fdNz3vOBKYgOIpMdWotB9MjY");
    ASSERT_TRUE(results[1].result) << results[1].result.error();
    EXPECT_EQ(*results[1].result, Value("NASDAQ:AAPL"));
}
