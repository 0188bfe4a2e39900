// A typed program with a repair round, over real HTTP: a small OpenAI-compatible server on
// 127.0.0.1 (cpp-httplib, started here) answers like a small model would — first with a fenced
// answer that breaks the schema (a string where a number belongs, a day count of 0), then with a
// corrected one — and the program sends the first answer back with every violation at once.
//
//   build/tests/lm/example_lm_repair_round_demo      (scripts/demo.sh runs it)
//
// Set LAMINATE_EXAMPLE_BASE_URL (and LAMINATE_EXAMPLE_MODEL, OPENAI_API_KEY) to ask a real
// OpenAI-compatible endpoint instead.
#include <laminate/lm.hpp>

#include "example_endpoint.hpp"

#include <httplib.h>

#include <iostream>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace demo {

struct TripPlan {
    std::string city;
    int days;                         // at least 1
    std::vector<std::string> sights;  // two to five
};

struct PlanTrip {
    static constexpr std::string_view instructions = "Plan a short city trip from the traveller's request.";
    using output = TripPlan;
    std::string request;

    static std::vector<std::string> validate(const TripPlan& plan) {
        std::vector<std::string> problems;
        if (plan.days < 1) problems.push_back("make `days` at least 1");
        if (plan.sights.size() < 2 || plan.sights.size() > 5) problems.push_back("list two to five `sights`");
        return problems;
    }
};

// An OpenAI-compatible chat completion around `content`.
std::string completion(const std::string& content) {
    return R"({"id":"chatcmpl-demo","object":"chat.completion","model":"demo-model","choices":[{"index":0,"message":{"role":"assistant","content":)" +
           laminate::Value(content).dump() +
           R"(},"finish_reason":"stop"}],"usage":{"prompt_tokens":120,"completion_tokens":30,"total_tokens":150}})";
}

} // namespace demo

int main() {
    std::unique_ptr<laminate::lm::Provider> provider;
    httplib::Server server;
    std::thread serving;
    std::mutex mu;
    std::vector<std::string> requests; // the bodies the server received
    // What the test server answers, in turn: a fenced answer that breaks the contract, then a
    // corrected one.
    const std::vector<std::string> answers = {
        "Here is your plan:\n```json\n{\"city\": \"Lisbon\", \"days\": \"zero\", \"sights\": [\"Belem Tower\"],}\n```",
        R"({"city": "Lisbon", "days": 2, "sights": ["Belem Tower", "Alfama", "LX Factory"]})",
    };

    if (auto endpoint = example::endpoint_from_env()) {
        provider = std::make_unique<laminate::lm::OpenAiCompatible>(*endpoint);
    } else {
        server.Post("/v1/chat/completions", [&](const httplib::Request& req, httplib::Response& res) {
            std::lock_guard lock(mu);
            const std::size_t n = requests.size();
            requests.push_back(req.body);
            res.set_content(demo::completion(answers[n < answers.size() ? n : answers.size() - 1]), "application/json");
        });
        const int port = server.bind_to_any_port("127.0.0.1");
        // The socket listens from bind_to_any_port on: a request waits in the backlog until the
        // accept loop below starts.
        serving = std::thread([&] { server.listen_after_bind(); });
        std::cout << "an OpenAI-compatible test server is listening on 127.0.0.1:" << port << "\n\n";
        provider = std::make_unique<laminate::lm::OpenAiCompatible>(laminate::lm::ProviderOptions{
            .base_url = "http://127.0.0.1:" + std::to_string(port) + "/v1", .model = "demo-model"});
    }

    laminate::lm::Program<demo::PlanTrip> plan_trip{*provider, {.strategy = laminate::lm::Strategy::JsonMode}};
    auto exec = plan_trip.execute({.request = "Two days in Lisbon, I like old towers and street art."});

    for (std::size_t i = 0; i < exec.attempts.size(); ++i) {
        const auto& attempt = exec.attempts[i];
        std::cout << "attempt " << i + 1 << ": " << (attempt.error ? attempt.error->to_string() : "accepted") << '\n';
        if (attempt.error && i + 1 < exec.attempts.size()) {
            // What the next request sent back to the model (the last message of attempt i + 1).
            std::cout << "  sent back to the model:\n";
            const std::string& feedback = exec.attempts[i + 1].messages.back().content;
            std::size_t start = 0;
            for (std::size_t end; (end = feedback.find('\n', start)) != std::string::npos; start = end + 1)
                std::cout << "    " << feedback.substr(start, end - start) << '\n';
            std::cout << "    " << feedback.substr(start) << '\n';
        }
    }
    int status = 0;
    if (exec.ok()) {
        const demo::TripPlan& plan = *exec.output;
        std::cout << "\nplan: " << plan.days << " days in " << plan.city << ':';
        for (const auto& s : plan.sights) std::cout << ' ' << s << ';';
        std::cout << "\ntokens: " << exec.usage.input_tokens.value_or(0) << " in, " << exec.usage.output_tokens.value_or(0)
                  << " out, over " << exec.attempts.size() << " attempts\n";
        for (const auto& d : exec.diagnostics) std::cout << "  " << d << '\n';
    } else {
        std::cout << "\nno plan: " << *exec.error << '\n';
        status = 1;
    }
    if (serving.joinable()) {
        server.stop();
        serving.join();
    }
    return status;
}
