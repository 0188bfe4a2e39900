// OtlpHttpTracer: a Program's GenAI span and metrics arrive at a loopback OTLP/HTTP receiver as
// JSON in the shape of opentelemetry-proto (trace.proto / metrics.proto under the OTLP JSON
// mapping): lowerCamelCase keys, integer enums, 64-bit integers as decimal strings, hex ids.
// Failed exports are counted, never thrown.
#include <laminate/lm.hpp>
#include <laminate/version.hpp>

#include "loopback_server.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <iostream>
#include <set>
#include <stdexcept>
#include <string>
#include <thread>

using namespace laminate;
using laminate::test::LoopbackServer;
using laminate::test::Reply;

namespace {

struct OtlpInvoice {
    std::string number;
    std::uint64_t total_cents;
};

struct OtlpExtract {
    static constexpr std::string_view instructions = "Extract the invoice.";
    using output = OtlpInvoice;
    std::string text;
};

// Exports only on a full batch or flush(), from the calling thread: deterministic.
lm::OtlpOptions loopback(const LoopbackServer& server) {
    return lm::OtlpOptions{.endpoint = server.url(), .export_interval = std::chrono::milliseconds(0),
                           .read_environment = false};
}

// Waits (up to 10 s) until the server has seen `n` requests to `path`.
bool wait_for_requests(const LoopbackServer& server, std::string_view path, std::size_t n) {
    for (int i = 0; i < 1000; ++i) {
        std::size_t seen = 0;
        for (const auto& r : server.requests()) seen += r.path == path;
        if (seen >= n) return true;
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    return false;
}

bool all_digits(std::string_view s) {
    if (s.empty()) return false;
    for (char c : s)
        if (c < '0' || c > '9') return false;
    return true;
}

bool lower_hex(std::string_view s) {
    for (char c : s)
        if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return false;
    return true;
}

// The OTLP AnyValue of the attribute `key` in a KeyValue list, or nullptr.
const Value* attribute(const Value& key_values, std::string_view key) {
    for (std::size_t i = 0; i < key_values.size(); ++i)
        if (key_values[i]["key"].as_string() == key) return &key_values[i]["value"];
    return nullptr;
}

std::string string_attribute(const Value& key_values, std::string_view key) {
    const Value* v = attribute(key_values, key);
    if (!v || !v->contains("stringValue")) return "<missing>";
    return std::string((*v)["stringValue"].as_string());
}

// The single span of a single ExportTraceServiceRequest.
const Value& only_span(const Value& body) {
    const Value& resource_spans = body["resourceSpans"];
    if (resource_spans.size() != 1 || resource_spans[0]["scopeSpans"].size() != 1 ||
        resource_spans[0]["scopeSpans"][0]["spans"].size() != 1)
        throw std::runtime_error("expected one span");
    return resource_spans[0]["scopeSpans"][0]["spans"][0];
}

std::vector<test::RecordedRequest> requests_to(const LoopbackServer& server, std::string_view path) {
    std::vector<test::RecordedRequest> out;
    for (auto& r : server.requests())
        if (r.path == path) out.push_back(r);
    // OTLP_TEST_DUMP=1: every body on stderr, one a line, for checking against the .proto files.
    if (std::getenv("OTLP_TEST_DUMP"))
        for (const auto& r : out) std::cerr << r.body << '\n';
    return out;
}

std::shared_ptr<lm::ScriptedProvider> answering(int answers) {
    auto model = std::make_shared<lm::ScriptedProvider>();
    for (int i = 0; i < answers; ++i)
        model->push_text(R"({"number": "SECRET-INV-1", "total_cents": 5})", toolcall::FinishReason::Stop,
                         lm::ScriptedProvider::usage(100, 12));
    return model;
}

} // namespace

TEST(OtlpTracer, AProgramRunArrivesAsAnOtlpJsonSpan) {
    LoopbackServer server;
    server.set_fallback(Reply::json("{}"));
    auto options = loopback(server);
    options.service_name = "invoice-service";
    auto tracer = std::make_shared<lm::OtlpHttpTracer>(options);
    lm::Program<OtlpExtract> program{answering(1), {.tracer = tracer}};
    ASSERT_TRUE(program.run({.text = "SECRET-INPUT"}));
    EXPECT_EQ(server.request_count(), 0u); // buffered until the batch fills or a flush
    ASSERT_TRUE(tracer->flush());
    EXPECT_EQ(tracer->dropped(), 0u);
    EXPECT_EQ(tracer->exported_spans(), 1u);

    const auto traces = requests_to(server, "/v1/traces");
    ASSERT_EQ(traces.size(), 1u);
    EXPECT_EQ(traces[0].method, "POST");
    EXPECT_EQ(traces[0].header("Content-Type"), "application/json");
    std::size_t content_types = 0;
    for (const auto& [name, value] : traces[0].headers) content_types += name == "Content-Type" || name == "content-type";
    EXPECT_EQ(content_types, 1u);
    const Value body = traces[0].json();
    ASSERT_TRUE(body.is_object());

    const Value& resource = body["resourceSpans"][0]["resource"];
    EXPECT_EQ(string_attribute(resource["attributes"], "service.name"), "invoice-service");
    const Value& scope = body["resourceSpans"][0]["scopeSpans"][0]["scope"];
    EXPECT_EQ(scope["name"].as_string(), "laminate");
    EXPECT_EQ(scope["version"].as_string(), laminate::version);

    const Value& span = only_span(body);
    ASSERT_TRUE(span["traceId"].is_string());
    ASSERT_TRUE(span["spanId"].is_string());
    EXPECT_EQ(span["traceId"].as_string().size(), 32u);
    EXPECT_EQ(span["spanId"].as_string().size(), 16u);
    EXPECT_TRUE(lower_hex(span["traceId"].as_string()));
    EXPECT_TRUE(lower_hex(span["spanId"].as_string()));
    EXPECT_NE(span["traceId"].as_string(), std::string(32, '0'));
    EXPECT_NE(span["spanId"].as_string(), std::string(16, '0'));
    EXPECT_EQ(span["name"].as_string(), "chat scripted-model");
    std::int64_t kind = 0;
    ASSERT_TRUE(span["kind"].get_int64(kind));
    EXPECT_EQ(kind, 3); // SPAN_KIND_CLIENT

    ASSERT_TRUE(span["startTimeUnixNano"].is_string());
    ASSERT_TRUE(span["endTimeUnixNano"].is_string());
    const std::string start(span["startTimeUnixNano"].as_string()), end(span["endTimeUnixNano"].as_string());
    ASSERT_TRUE(all_digits(start)) << start;
    ASSERT_TRUE(all_digits(end)) << end;
    EXPECT_GE(std::stoull(end), std::stoull(start));
    EXPECT_GT(std::stoull(start), 1'600'000'000'000'000'000ull); // nanoseconds since the epoch

    const Value& attributes = span["attributes"];
    ASSERT_TRUE(attributes.is_array());
    EXPECT_EQ(string_attribute(attributes, "gen_ai.operation.name"), "chat");
    EXPECT_EQ(string_attribute(attributes, "gen_ai.provider.name"), "scripted");
    EXPECT_EQ(string_attribute(attributes, "gen_ai.request.model"), "scripted-model");
    EXPECT_EQ(string_attribute(attributes, "laminate.outcome"), "success");
    const Value* input_tokens = attribute(attributes, "gen_ai.usage.input_tokens");
    ASSERT_NE(input_tokens, nullptr);
    ASSERT_TRUE((*input_tokens)["intValue"].is_string()); // int64 as a decimal string
    EXPECT_EQ((*input_tokens)["intValue"].as_string(), "100");
    const Value* finish = attribute(attributes, "gen_ai.response.finish_reasons");
    ASSERT_NE(finish, nullptr);
    ASSERT_EQ((*finish)["arrayValue"]["values"].size(), 1u);
    EXPECT_EQ((*finish)["arrayValue"]["values"][0]["stringValue"].as_string(), "stop");
    EXPECT_EQ(attribute(attributes, "error.type"), nullptr);
    // Status unset on success.
    EXPECT_TRUE(!span.contains("status") || span["status"]["code"].is_null() ||
                span["status"]["code"].as_double() == 0);

    // No content without record_content: neither the input nor the answer is anywhere.
    EXPECT_EQ(attribute(attributes, "gen_ai.input.messages"), nullptr);
    EXPECT_EQ(attribute(attributes, "gen_ai.output.messages"), nullptr);
    for (const auto& r : server.requests()) {
        EXPECT_EQ(r.body.find("SECRET-INPUT"), std::string::npos);
        EXPECT_EQ(r.body.find("SECRET-INV-1"), std::string::npos);
    }
}

TEST(OtlpTracer, ContentIsSentOnlyWithRecordContent) {
    LoopbackServer server;
    server.set_fallback(Reply::json("{}"));
    auto tracer = std::make_shared<lm::OtlpHttpTracer>(loopback(server));
    lm::Program<OtlpExtract> program{answering(1), {.record_content = true, .tracer = tracer}};
    ASSERT_TRUE(program.run({.text = "SECRET-INPUT"}));
    ASSERT_TRUE(tracer->flush());
    const auto traces = requests_to(server, "/v1/traces");
    ASSERT_EQ(traces.size(), 1u);
    const Value body = traces[0].json();
    const Value& attributes = only_span(body)["attributes"];
    EXPECT_NE(string_attribute(attributes, "gen_ai.input.messages").find("SECRET-INPUT"), std::string::npos);
    EXPECT_NE(string_attribute(attributes, "gen_ai.output.messages").find("SECRET-INV-1"), std::string::npos);
}

TEST(OtlpTracer, AFailedRunHasErrorStatus) {
    LoopbackServer server;
    server.set_fallback(Reply::json("{}"));
    auto tracer = std::make_shared<lm::OtlpHttpTracer>(loopback(server));
    auto model = std::make_shared<lm::ScriptedProvider>();
    model->push_text("not json").push_text("still not json");
    lm::Program<OtlpExtract> program{model, {.max_repairs = 1, .tracer = tracer}};
    ASSERT_FALSE(program.run({.text = "x"}));
    ASSERT_TRUE(tracer->flush());
    const auto traces = requests_to(server, "/v1/traces");
    ASSERT_EQ(traces.size(), 1u);
    const Value body = traces[0].json();
    const Value& span = only_span(body);
    std::int64_t code = 0;
    ASSERT_TRUE(span["status"]["code"].get_int64(code));
    EXPECT_EQ(code, 2); // STATUS_CODE_ERROR
    EXPECT_EQ(span["status"]["message"].as_string(), "retry_limit_exceeded");
    EXPECT_EQ(string_attribute(span["attributes"], "error.type"), "retry_limit_exceeded");
    EXPECT_EQ(string_attribute(span["attributes"], "laminate.outcome"), "error");
    EXPECT_EQ(traces[0].body.find("not json"), std::string::npos);
}

TEST(OtlpTracer, MetricsArriveAsDeltaHistograms) {
    LoopbackServer server;
    server.set_fallback(Reply::json("{}"));
    auto tracer = std::make_shared<lm::OtlpHttpTracer>(loopback(server));
    lm::Program<OtlpExtract> program{answering(2), {.tracer = tracer}};
    ASSERT_TRUE(program.run({.text = "a"}));
    ASSERT_TRUE(program.run({.text = "b"}));
    ASSERT_TRUE(tracer->flush());

    const auto metrics = requests_to(server, "/v1/metrics");
    ASSERT_EQ(metrics.size(), 1u);
    EXPECT_EQ(metrics[0].header("Content-Type"), "application/json");
    const Value body = metrics[0].json();
    const Value& list = body["resourceMetrics"][0]["scopeMetrics"][0]["metrics"];
    ASSERT_TRUE(list.is_array());
    const Value* duration = nullptr;
    const Value* tokens = nullptr;
    for (std::size_t i = 0; i < list.size(); ++i) {
        if (list[i]["name"].as_string() == "gen_ai.client.operation.duration") duration = &list[i];
        if (list[i]["name"].as_string() == "gen_ai.client.token.usage") tokens = &list[i];
    }
    ASSERT_NE(duration, nullptr);
    ASSERT_NE(tokens, nullptr);
    EXPECT_EQ((*duration)["unit"].as_string(), "s");
    EXPECT_EQ((*tokens)["unit"].as_string(), "{token}");

    const Value& histogram = (*duration)["histogram"];
    std::int64_t temporality = 0;
    ASSERT_TRUE(histogram["aggregationTemporality"].get_int64(temporality));
    EXPECT_EQ(temporality, 1); // AGGREGATION_TEMPORALITY_DELTA
    ASSERT_EQ(histogram["dataPoints"].size(), 1u); // both runs: one series
    const Value& point = histogram["dataPoints"][0];
    EXPECT_EQ(point["count"].as_string(), "2");
    EXPECT_TRUE(all_digits(point["startTimeUnixNano"].as_string()));
    EXPECT_TRUE(all_digits(point["timeUnixNano"].as_string()));
    EXPECT_EQ(point["bucketCounts"].size(), point["explicitBounds"].size() + 1);
    EXPECT_EQ(string_attribute(point["attributes"], "gen_ai.operation.name"), "chat");

    // Input and output token counts are two series (gen_ai.token.type), each summed over both runs.
    const Value& token_points = (*tokens)["histogram"]["dataPoints"];
    ASSERT_EQ(token_points.size(), 2u);
    bool saw_input = false;
    for (std::size_t i = 0; i < token_points.size(); ++i) {
        if (string_attribute(token_points[i]["attributes"], "gen_ai.token.type") != "input") continue;
        saw_input = true;
        EXPECT_EQ(token_points[i]["count"].as_string(), "2");
        EXPECT_EQ(token_points[i]["sum"].as_double(), 200.0);
        EXPECT_EQ(token_points[i]["min"].as_double(), 100.0);
        EXPECT_EQ(token_points[i]["max"].as_double(), 100.0);
    }
    EXPECT_TRUE(saw_input);
}

TEST(OtlpTracer, SendsTheConfiguredHeaders) {
    LoopbackServer server;
    server.set_fallback(Reply::json("{}"));
    auto options = loopback(server);
    options.headers = {{"Authorization", "Bearer otlp-token"}, {"X-Scope-OrgID", "tenant-7"}};
    auto tracer = std::make_shared<lm::OtlpHttpTracer>(options);
    lm::trace_call(*tracer, lm::CallRecord{}, false);
    ASSERT_TRUE(tracer->flush());
    const auto traces = requests_to(server, "/v1/traces");
    ASSERT_EQ(traces.size(), 1u);
    EXPECT_EQ(traces[0].header("Authorization"), "Bearer otlp-token");
    EXPECT_EQ(traces[0].header("X-Scope-OrgID"), "tenant-7");
}

TEST(OtlpTracer, AServerErrorCountsAsDroppedAndNeverThrows) {
    LoopbackServer server;
    server.set_fallback(Reply::status_only(500));
    auto options = loopback(server);
    options.max_attempts = 1;
    auto tracer = std::make_shared<lm::OtlpHttpTracer>(options);
    lm::Program<OtlpExtract> program{answering(1), {.tracer = tracer}};
    ASSERT_TRUE(program.run({.text = "x"})); // the program is not affected
    bool ok = true;
    EXPECT_NO_THROW(ok = tracer->flush());
    EXPECT_FALSE(ok);
    EXPECT_EQ(tracer->dropped_spans(), 1u);
    EXPECT_EQ(tracer->exported_spans(), 0u);
    EXPECT_GE(tracer->dropped_metric_points(), 1u);
    EXPECT_EQ(tracer->dropped(), tracer->dropped_spans() + tracer->dropped_metric_points());
    EXPECT_EQ(requests_to(server, "/v1/traces").size(), 1u);
}

TEST(OtlpTracer, AnUnreachableCollectorCountsAsDropped) {
    int port = 0;
    {
        LoopbackServer probe; // a port that was free a moment ago and now has nobody listening
        port = probe.port();
    }
    lm::OtlpOptions options{.endpoint = "http://127.0.0.1:" + std::to_string(port),
                            .timeout = std::chrono::milliseconds(2'000), .max_attempts = 1,
                            .read_environment = false};
    lm::OtlpHttpTracer tracer{options};
    lm::trace_call(tracer, lm::CallRecord{}, false);
    EXPECT_FALSE(tracer.flush());
    EXPECT_EQ(tracer.dropped_spans(), 1u);
}

TEST(OtlpTracer, PartialSuccessRejectionsAreDropped) {
    LoopbackServer server;
    server.enqueue(Reply::json(R"({"partialSuccess": {"rejectedSpans": "1", "errorMessage": "too old"}})"));
    server.set_fallback(Reply::json("{}"));
    lm::OtlpOptions options = loopback(server);
    options.export_metrics = false;
    lm::OtlpHttpTracer tracer{options};
    lm::trace_call(tracer, lm::CallRecord{}, false);
    lm::trace_call(tracer, lm::CallRecord{}, false);
    EXPECT_FALSE(tracer.flush());
    EXPECT_EQ(tracer.dropped_spans(), 1u);
    EXPECT_EQ(tracer.exported_spans(), 1u);
    EXPECT_EQ(requests_to(server, "/v1/metrics").size(), 0u);
}

TEST(OtlpTracer, AFullBatchIsExportedWithoutAFlushAndTheDestructorFlushesTheRest) {
    LoopbackServer server;
    server.set_fallback(Reply::json("{}"));
    {
        lm::OtlpOptions options = loopback(server);
        options.batch_size = 2;
        options.export_metrics = false;
        lm::OtlpHttpTracer tracer{options};
        for (int i = 0; i < 3; ++i) lm::trace_call(tracer, lm::CallRecord{}, false);
        const auto traces = requests_to(server, "/v1/traces");
        ASSERT_EQ(traces.size(), 1u);
        EXPECT_EQ(traces[0].json()["resourceSpans"][0]["scopeSpans"][0]["spans"].size(), 2u);
    }
    const auto traces = requests_to(server, "/v1/traces");
    ASSERT_EQ(traces.size(), 2u);
    EXPECT_EQ(traces[1].json()["resourceSpans"][0]["scopeSpans"][0]["spans"].size(), 1u);
}

TEST(OtlpTracer, ManyThreadsGetDistinctIds) {
    LoopbackServer server;
    server.set_fallback(Reply::json("{}"));
    lm::OtlpOptions options = loopback(server);
    options.batch_size = 1000;
    options.export_metrics = false;
    lm::OtlpHttpTracer tracer{options};
    std::vector<std::thread> threads;
    for (int t = 0; t < 4; ++t)
        threads.emplace_back([&] {
            for (int i = 0; i < 50; ++i) lm::trace_call(tracer, lm::CallRecord{}, false);
        });
    for (auto& t : threads) t.join();
    ASSERT_TRUE(tracer.flush());
    const auto traces = requests_to(server, "/v1/traces");
    ASSERT_EQ(traces.size(), 1u);
    const Value body = traces[0].json();
    const Value& spans = body["resourceSpans"][0]["scopeSpans"][0]["spans"];
    ASSERT_EQ(spans.size(), 200u);
    std::set<std::string> span_ids, trace_ids;
    for (std::size_t i = 0; i < spans.size(); ++i) {
        span_ids.insert(std::string(spans[i]["spanId"].as_string()));
        trace_ids.insert(std::string(spans[i]["traceId"].as_string()));
    }
    EXPECT_EQ(span_ids.size(), 200u);
    EXPECT_EQ(trace_ids.size(), 200u);
}

TEST(OtlpTracer, AttributeValuesMapToAnyValue) {
    LoopbackServer server;
    server.set_fallback(Reply::json("{}"));
    lm::OtlpOptions options = loopback(server);
    options.export_metrics = false;
    lm::OtlpHttpTracer tracer{options};
    const std::vector<lm::Attribute> start{{"s", std::string("text")}, {"i", std::int64_t{-42}},
                                           {"d", 0.5},                 {"b", true},
                                           {"list", std::vector<std::string>{"x", "y"}}};
    const auto id = tracer.start_span("internal work", lm::SpanKind::Internal, start);
    const std::vector<lm::Attribute> end{{"late", std::int64_t{9'007'199'254'740'993}}};
    tracer.end_span(id, end, "");
    tracer.end_span(id, end, "");            // a second end is ignored
    tracer.end_span(12345, end, "timeout");  // an unknown id too
    ASSERT_TRUE(tracer.flush());
    const auto traces = requests_to(server, "/v1/traces");
    ASSERT_EQ(traces.size(), 1u);
    const Value body = traces[0].json();
    const Value& span = only_span(body);
    std::int64_t kind = 0;
    ASSERT_TRUE(span["kind"].get_int64(kind));
    EXPECT_EQ(kind, 1); // SPAN_KIND_INTERNAL
    const Value& a = span["attributes"];
    EXPECT_EQ((*attribute(a, "s"))["stringValue"].as_string(), "text");
    EXPECT_EQ((*attribute(a, "i"))["intValue"].as_string(), "-42");
    EXPECT_EQ((*attribute(a, "d"))["doubleValue"].as_double(), 0.5);
    EXPECT_TRUE((*attribute(a, "b"))["boolValue"].as_bool());
    EXPECT_EQ((*attribute(a, "list"))["arrayValue"]["values"][1]["stringValue"].as_string(), "y");
    EXPECT_EQ((*attribute(a, "late"))["intValue"].as_string(), "9007199254740993"); // beyond 2^53, exact
}

TEST(OtlpTracer, EndpointsAndHeadersFromTheEnvironment) {
    ::setenv("OTEL_EXPORTER_OTLP_ENDPOINT", "http://collector.example:4318/", 1);
    ::setenv("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT", "", 1);
    ::setenv("OTEL_SERVICE_NAME", "billing", 1);
    {
        lm::OtlpHttpTracer tracer{lm::OtlpOptions{.timeout = std::chrono::milliseconds(1)}};
        EXPECT_EQ(tracer.traces_url(), "http://collector.example:4318/v1/traces");
        EXPECT_EQ(tracer.metrics_url(), "http://collector.example:4318/v1/metrics");
        EXPECT_EQ(tracer.service_name(), "billing");
    }
    ::setenv("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT", "http://traces.example/custom/path", 1);
    {
        lm::OtlpHttpTracer tracer{lm::OtlpOptions{.timeout = std::chrono::milliseconds(1)}};
        EXPECT_EQ(tracer.traces_url(), "http://traces.example/custom/path"); // used as it is
    }
    ::unsetenv("OTEL_EXPORTER_OTLP_ENDPOINT");
    ::unsetenv("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT");
    ::unsetenv("OTEL_SERVICE_NAME");
    lm::OtlpHttpTracer defaults{lm::OtlpOptions{.timeout = std::chrono::milliseconds(1)}};
    EXPECT_EQ(defaults.traces_url(), "http://localhost:4318/v1/traces");
    EXPECT_EQ(defaults.service_name(), "laminate");

    const auto headers = lm::parse_otlp_headers(" api-key = abc%3D%3D , x-tenant=7,broken, =nokey,empty=");
    ASSERT_EQ(headers.size(), 3u);
    EXPECT_EQ(headers[0], (lm::Header{"api-key", "abc=="}));
    EXPECT_EQ(headers[1], (lm::Header{"x-tenant", "7"}));
    EXPECT_EQ(headers[2], (lm::Header{"empty", ""}));
}

TEST(OtlpTracer, EnvironmentHeadersAreSentAndOptionsOverrideThem) {
    LoopbackServer server;
    server.set_fallback(Reply::json("{}"));
    ::setenv("OTEL_EXPORTER_OTLP_HEADERS", "x-env=from-env,authorization=Basic%20env", 1);
    lm::OtlpOptions options{.endpoint = server.url(), .headers = {{"Authorization", "Bearer option"}}};
    {
        lm::OtlpHttpTracer tracer{options};
        lm::trace_call(tracer, lm::CallRecord{}, false);
        ASSERT_TRUE(tracer.flush());
    }
    ::unsetenv("OTEL_EXPORTER_OTLP_HEADERS");
    const auto traces = requests_to(server, "/v1/traces");
    ASSERT_EQ(traces.size(), 1u);
    EXPECT_EQ(traces[0].header("x-env"), "from-env");
    EXPECT_EQ(traces[0].header("Authorization"), "Bearer option");
}

TEST(OtlpTracer, TheBackgroundExporterSendsAFullBatchWithoutAFlush) {
    LoopbackServer server;
    server.set_fallback(Reply::json("{}"));
    lm::OtlpOptions options{.endpoint = server.url(), .export_metrics = false, .batch_size = 2,
                            .export_interval = std::chrono::milliseconds(60'000), .read_environment = false};
    lm::OtlpHttpTracer tracer{options};
    lm::trace_call(tracer, lm::CallRecord{}, false);
    lm::trace_call(tracer, lm::CallRecord{}, false);
    ASSERT_TRUE(wait_for_requests(server, "/v1/traces", 1));
    EXPECT_EQ(server.requests()[0].json()["resourceSpans"][0]["scopeSpans"][0]["spans"].size(), 2u);
}

TEST(OtlpTracer, TheBackgroundExporterSendsSpansAndMetricsEveryInterval) {
    LoopbackServer server;
    server.set_fallback(Reply::json("{}"));
    lm::OtlpOptions options{.endpoint = server.url(), .export_interval = std::chrono::milliseconds(50),
                            .read_environment = false};
    auto tracer = std::make_shared<lm::OtlpHttpTracer>(options);
    lm::Program<OtlpExtract> program{answering(1), {.tracer = tracer}};
    ASSERT_TRUE(program.run({.text = "x"}));
    EXPECT_TRUE(wait_for_requests(server, "/v1/traces", 1));
    EXPECT_TRUE(wait_for_requests(server, "/v1/metrics", 1));
    EXPECT_EQ(tracer->exported_spans(), 1u);
}

TEST(OtlpTracer, ASlowCollectorDoesNotHoldUpTheProgram) {
    LoopbackServer server;
    server.set_fallback(Reply::json("{}").with_delay(std::chrono::milliseconds(1'000)));
    lm::OtlpOptions options{.endpoint = server.url(), .export_metrics = false, .batch_size = 1,
                            .export_interval = std::chrono::milliseconds(60'000), .read_environment = false};
    lm::OtlpHttpTracer tracer{options};
    const auto t0 = std::chrono::steady_clock::now();
    for (int i = 0; i < 3; ++i) lm::trace_call(tracer, lm::CallRecord{}, false);
    EXPECT_LT(std::chrono::steady_clock::now() - t0, std::chrono::milliseconds(500));
    EXPECT_TRUE(tracer.flush()); // waits for the export under way
    EXPECT_EQ(tracer.exported_spans(), 3u);
    EXPECT_EQ(tracer.dropped(), 0u);
}

TEST(OtlpTracer, TheQueueIsBoundedAndNonFiniteMeasurementsAreDropped) {
    LoopbackServer server;
    server.set_fallback(Reply::json("{}"));
    lm::OtlpOptions options = loopback(server);
    options.batch_size = 100;
    options.max_queue_size = 3;
    lm::OtlpHttpTracer tracer{options};
    for (int i = 0; i < 5; ++i) {
        const auto id = tracer.start_span("s", lm::SpanKind::Internal, {});
        tracer.end_span(id, {}, "");
    }
    tracer.record_metric({.name = "m", .unit = "s", .value = std::nan(""), .attributes = {}});
    tracer.record_metric({.name = "m", .unit = "s", .value = 1.0, .attributes = {}});
    EXPECT_EQ(tracer.dropped_spans(), 2u);
    EXPECT_EQ(tracer.dropped_metric_points(), 1u);
    tracer.flush();
    EXPECT_EQ(tracer.exported_spans(), 3u);
    const auto metrics = requests_to(server, "/v1/metrics");
    ASSERT_EQ(metrics.size(), 1u);
    const Value body = metrics[0].json();
    const Value& point = body["resourceMetrics"][0]["scopeMetrics"][0]["metrics"][0]["histogram"]["dataPoints"][0];
    EXPECT_EQ(point["count"].as_string(), "1");
    EXPECT_EQ(point["bucketCounts"].size(), 1u); // no advisory bounds for an unknown metric: one bucket
}
