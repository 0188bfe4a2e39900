// OpenAiCompatible::complete against the loopback server, keep-alive, 32 threads at once, a
// small JSON answer — against a bare libcurl request loop (one keep-alive easy handle a thread,
// the same request bytes, the body only collected) hitting the same server in the same run.
// The ratio of the two rates is the cost of the provider layer: building the request JSON,
// the handle pool, the retry loop and reading the answer into a toolcall::Response.
//
//   build/bin/laminate_bench_lm_http --benchmark_min_time=3
//
// Figures: bench/README.md, "Program layer: HTTP providers".
#include <laminate/lm/output.hpp>
#include <laminate/lm/program.hpp>
#include <laminate/lm/providers.hpp>
#include <laminate/lm/testing.hpp>

#include "loopback_server.hpp"

#include <benchmark/benchmark.h>
#include <curl/curl.h>
#include <simdjson.h>

#include <cstdio>
#include <memory>
#include <string>
#include <vector>

namespace {

using laminate::test::LoopbackServer;
using laminate::test::Reply;

constexpr int kThreads = 32;

const std::string kAnswer =
    R"({"id":"chatcmpl-1","object":"chat.completion","model":"gpt-test","choices":[{"index":0,"message":)"
    R"({"role":"assistant","content":"{\"number\":\"R-17\",\"total_cents\":11900,\"note\":null}"},)"
    R"("finish_reason":"stop"}],"usage":{"prompt_tokens":50,"completion_tokens":17,"total_tokens":67}})";

LoopbackServer& server() {
    static LoopbackServer s = [] {
        LoopbackServer::Options o;
        // One worker per open connection: the provider pool (32) and every bare-loop run (32 each,
        // closed as the run ends) must never wait for a worker.
        o.threads = kThreads * 5;
        o.record = false;
        return LoopbackServer(o);
    }();
    static const bool handler_set = [] {
        s.set_handler([](const laminate::test::RecordedRequest&) { return Reply::json(kAnswer); });
        return true;
    }();
    (void)handler_set;
    return s;
}

laminate::lm::ChatRequest request() {
    using namespace laminate::lm;
    ChatRequest r;
    r.messages = {{Role::System, "Extract the invoice."}, {Role::User, R"({"text":"Invoice R-17, total 119.00 EUR"})"}};
    r.strategy = Strategy::JsonMode;
    r.temperature = 0.0;
    return r;
}

laminate::lm::OpenAiCompatible& provider() {
    static laminate::lm::OpenAiCompatible p({.base_url = server().url() + "/v1", .model = "gpt-test", .api_key = "sk-bench"});
    return p;
}

void BM_OpenAiCompatible_complete(benchmark::State& state) {
    auto& p = provider();
    const auto r = request();
    (void)p.complete(r, {}); // untimed: the thread's connection is open before the clock starts
    for (auto _ : state) {
        auto done = p.complete(r, {});
        if (!done) {
            state.SkipWithError(done.error().to_string().c_str());
            break;
        }
        benchmark::DoNotOptimize(done->response.text());
    }
    state.SetItemsProcessed(state.iterations());
}
// Fixed iteration counts: Google Benchmark's probe run would otherwise time connection setup
// and choose one call a thread for every repetition.
BENCHMARK(BM_OpenAiCompatible_complete)->Threads(1)->Iterations(3000)->UseRealTime();
BENCHMARK(BM_OpenAiCompatible_complete)->Threads(kThreads)->Iterations(500)->UseRealTime();

// The whole program: request built from the typed input, the HTTP call, the answer through the
// pipeline (extraction, shaping and validation against the schema) into the struct.
struct Invoice {
    std::string number;
    std::uint64_t total_cents;
    std::optional<std::string> note;
};
struct ExtractInvoice {
    static constexpr std::string_view instructions = "Extract the invoice.";
    using output = Invoice;
    std::string text;
};

const laminate::lm::Program<ExtractInvoice>& program() {
    static const laminate::lm::Program<ExtractInvoice> p{provider(), {.strategy = laminate::lm::Strategy::JsonMode}};
    return p;
}

void BM_Program_run(benchmark::State& state) {
    const auto& p = program();
    const ExtractInvoice input{.text = "Invoice R-17, total 119.00 EUR"};
    (void)p.run(input); // untimed, as above
    for (auto _ : state) {
        auto r = p.run(input);
        if (!r) {
            state.SkipWithError(r.error().to_string().c_str());
            break;
        }
        benchmark::DoNotOptimize(r->total_cents);
    }
    state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_Program_run)->Threads(1)->Iterations(3000)->UseRealTime();
BENCHMARK(BM_Program_run)->Threads(kThreads)->Iterations(500)->UseRealTime();

// Pipeline cost per answer without the network: parse_output on a valid answer and on one that
// needs repairs (a fence, single quotes, a trailing comma), each n items long, against simdjson's
// DOM parse of the same bytes. Linear in the answer's size: compare the rates across n.
struct Item {
    std::string name;
    std::uint32_t quantity;
    double price;
};
struct Order {
    std::string id;
    std::vector<Item> items;
};

std::string order_answer(std::size_t n, bool messy) {
    std::string s = messy ? "Here you go:\n```json\n{'id': 'A-1', 'items': [" : R"({"id": "A-1", "items": [)";
    for (std::size_t i = 0; i < n; ++i) {
        if (i) s += ", ";
        s += messy ? "{'name': 'widget " + std::to_string(i) + "', 'quantity': " + std::to_string(i % 7 + 1) + ", 'price': 2.5,}"
                   : R"({"name": "widget )" + std::to_string(i) + R"(", "quantity": )" + std::to_string(i % 7 + 1) + R"(, "price": 2.5})";
    }
    s += messy ? "],}\n```" : "]}";
    return s;
}

void pipeline(benchmark::State& state, bool messy) {
    const std::string text = order_answer(static_cast<std::size_t>(state.range(0)), messy);
    const auto response = laminate::lm::ScriptedProvider::text_response(text);
    static const laminate::Schema schema = *laminate::Schema::compile(laminate::lm::request_schema<Order>());
    for (auto _ : state) {
        auto r = laminate::lm::parse_output<Order>(response, schema);
        if (!r) {
            state.SkipWithError(r.error().to_string().c_str());
            break;
        }
        benchmark::DoNotOptimize(r->value.items.size());
    }
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * text.size()));
}
void BM_parse_output_valid(benchmark::State& state) { pipeline(state, false); }
void BM_parse_output_repaired(benchmark::State& state) { pipeline(state, true); }
void BM_simdjson_dom(benchmark::State& state) {
    const simdjson::padded_string text(order_answer(static_cast<std::size_t>(state.range(0)), false));
    simdjson::dom::parser parser;
    for (auto _ : state) {
        auto doc = parser.parse(text);
        benchmark::DoNotOptimize(doc.error());
    }
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * text.size()));
}
BENCHMARK(BM_simdjson_dom)->Arg(4)->Arg(64)->Arg(1024);
BENCHMARK(BM_parse_output_valid)->Arg(4)->Arg(64)->Arg(1024);
BENCHMARK(BM_parse_output_repaired)->Arg(4)->Arg(64)->Arg(1024);

size_t collect(char* data, size_t size, size_t count, void* user) {
    static_cast<std::string*>(user)->append(data, size * count);
    return size * count;
}

// One keep-alive easy handle per benchmark thread index, kept across runs like the provider's
// pool, so that neither side pays for connecting inside the timed loop.
struct BareHandle {
    CURL* easy = nullptr;
    curl_slist* headers = nullptr;
    std::string got;
};

BareHandle& bare_handle(int thread_index) {
    static std::vector<BareHandle> handles(kThreads);
    static const std::string body = [] {
        auto http = provider().build_request(request(), false);
        return http ? http->body : std::string("{}");
    }();
    static const std::string url = server().url() + "/v1/chat/completions";
    BareHandle& h = handles[static_cast<std::size_t>(thread_index)];
    if (!h.easy) { // each index is used by one thread at a time
        h.easy = curl_easy_init();
        h.headers = curl_slist_append(h.headers, "Content-Type: application/json");
        h.headers = curl_slist_append(h.headers, "Authorization: Bearer sk-bench");
        curl_easy_setopt(h.easy, CURLOPT_URL, url.c_str());
        curl_easy_setopt(h.easy, CURLOPT_NOSIGNAL, 1L);
        curl_easy_setopt(h.easy, CURLOPT_HTTPHEADER, h.headers);
        curl_easy_setopt(h.easy, CURLOPT_POSTFIELDS, body.c_str());
        curl_easy_setopt(h.easy, CURLOPT_POSTFIELDSIZE_LARGE, static_cast<curl_off_t>(body.size()));
        curl_easy_setopt(h.easy, CURLOPT_WRITEFUNCTION, &collect);
        curl_easy_setopt(h.easy, CURLOPT_WRITEDATA, &h.got);
    }
    return h;
}

void BM_bare_libcurl(benchmark::State& state) {
    BareHandle& h = bare_handle(state.thread_index());
    (void)curl_easy_perform(h.easy); // untimed, as for the provider
    for (auto _ : state) {
        h.got.clear();
        const CURLcode code = curl_easy_perform(h.easy);
        if (code != CURLE_OK) {
            state.SkipWithError(curl_easy_strerror(code));
            break;
        }
        benchmark::DoNotOptimize(h.got.data());
    }
    state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_bare_libcurl)->Threads(1)->Iterations(3000)->UseRealTime();
BENCHMARK(BM_bare_libcurl)->Threads(kThreads)->Iterations(500)->UseRealTime();

} // namespace

int main(int argc, char** argv) {
    curl_global_init(CURL_GLOBAL_DEFAULT);
    server(); // started before any benchmark thread
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
    benchmark::RunSpecifiedBenchmarks();
    // Keep-alive check: connections opened over the whole run (both loops), not per call.
    std::fprintf(stderr, "loopback server: %zu requests over %zu connections\n", server().request_count(),
                 server().connection_count());
    benchmark::Shutdown();
    return 0;
}
