#pragma once
// laminate::lm OTLP export — a Tracer that sends the GenAI spans and metrics (tracing.hpp) to an
// OpenTelemetry Collector (or any OTLP/HTTP receiver) with the JSON encoding, without an
// OpenTelemetry SDK.
//
//   auto tracer = std::make_shared<laminate::lm::OtlpHttpTracer>(); // OTEL_* environment, else localhost:4318
//   laminate::lm::Program<Classify> p{provider, {.tracer = tracer}};
//   ... p.run(...) ...
//   tracer->flush();   // also done by the destructor
//
// Semantics:
// * Wire format: OTLP/HTTP, JSON Protobuf encoding ("Content-Type: application/json"). Spans
//   are POSTed as an ExportTraceServiceRequest to traces_url ({endpoint}/v1/traces), metric
//   points as an ExportMetricsServiceRequest to metrics_url ({endpoint}/v1/metrics). Field names
//   are lowerCamelCase, enums integers, 64-bit integers decimal strings, trace and span ids hex.
// * Spans: each call span is a root span (a fresh 16-byte trace id, an 8-byte span id, from a
//   std::random_device-seeded mt19937_64 per tracer). Kind Client = 3, Internal = 1. Start and
//   end times are the system clock when start_span / end_span ran. A span ended with an
//   error_type has status {code: 2 (ERROR), message: error_type}; others leave the status unset.
//   Attributes map to AnyValue: string -> stringValue, int64 -> intValue (a decimal string),
//   double -> doubleValue ("NaN"/"Infinity"/"-Infinity" when not finite), bool -> boolValue,
//   string list -> arrayValue of stringValues.
// * Metrics: measurements are aggregated per (name, unit, attributes) between two exports into
//   one explicit-bucket histogram data point with DELTA temporality (count, sum, min, max,
//   bucket counts), using the GenAI conventions' advisory bucket boundaries for
//   gen_ai.client.operation.duration and gen_ai.client.token.usage (none for other names).
// * Batching: ended spans are buffered. A background thread exports them when batch_size are
//   waiting or export_interval has passed, and the metrics every export_interval, so a slow or
//   absent collector never holds up a model call (with export_interval 0 there is no thread: the
//   end_span that fills a batch exports it). flush() exports everything buffered from the
//   calling thread and waits for exports already under way; the destructor stops the thread and
//   flushes (a flush against an unreachable collector takes up to `timeout`).
// * Failures never reach the program: an export that fails (connection refused, a non-2xx status
//   after the retries the options allow, a timeout) drops its spans and points; they are counted
//   (dropped_spans(), dropped_metric_points()) and never printed. A 2xx response with a
//   partialSuccess counts the rejected spans/points as dropped too. Spans started but never
//   ended are bounded by max_pending_spans (beyond it, new spans are dropped, counted).
// * Content: the tracer sends the attributes it is given; message content appears only when
//   the program's record_content is on (tracing.hpp).
// * Configuration: an option set in code wins over the environment; an endpoint set in code
//   also keeps OTEL_EXPORTER_OTLP_{TRACES,METRICS}_ENDPOINT from applying.
// * Thread-safe.

#include <laminate/lm/http.hpp>
#include <laminate/lm/tracing.hpp>

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace laminate::lm {

struct OtlpOptions {
    // Base URL of the receiver ("http://collector:4318"). Empty: OTEL_EXPORTER_OTLP_ENDPOINT,
    // else "http://localhost:4318" (the OTLP/HTTP default port).
    std::string endpoint = {};
    // Full URLs, used as they are. Empty: OTEL_EXPORTER_OTLP_TRACES_ENDPOINT /
    // OTEL_EXPORTER_OTLP_METRICS_ENDPOINT, else endpoint + "/v1/traces" / "/v1/metrics".
    std::string traces_url = {};
    std::string metrics_url = {};
    // Sent with every export (an API key for a hosted backend). Added to the headers of
    // OTEL_EXPORTER_OTLP_HEADERS ("k=v,k2=v2", values percent-decoded); a name given here
    // replaces the environment's.
    std::vector<Header> headers = {};
    // resource attribute service.name. Empty: OTEL_SERVICE_NAME, else "laminate".
    std::string service_name = {};
    bool export_metrics = true;             // false: record_metric does nothing
    std::size_t batch_size = 64;            // spans per export request; a full batch is sent at once
    // How often the background exporter sends what is buffered (spans and the metrics
    // aggregated since its last export). 0: no background thread; a full batch is then sent by
    // the end_span call that fills it, and the rest on flush().
    std::chrono::milliseconds export_interval{5'000};
    std::size_t max_queue_size = 2048;      // ended spans waiting; beyond it new spans are dropped
    std::size_t max_pending_spans = 4096;   // started, not yet ended
    std::size_t max_metric_series = 1024;   // distinct (name, unit, attributes) between exports
    std::chrono::milliseconds timeout{10'000}; // one export, retries included
    std::size_t max_attempts = 2;           // per export (retries: connection errors, 408, 429, 5xx)
    // Whether the OTEL_* variables above are read (off: only these options count).
    bool read_environment = true;
};

// OTEL_EXPORTER_OTLP_HEADERS's format: comma-separated key=value pairs, whitespace around
// them trimmed, values percent-decoded; malformed entries (no '=', empty key) skipped.
std::vector<Header> parse_otlp_headers(std::string_view text);

class OtlpHttpTracer final : public Tracer {
public:
    explicit OtlpHttpTracer(OtlpOptions options = {});
    // Flushes what is buffered (bounded by the timeout).
    ~OtlpHttpTracer() override;
    OtlpHttpTracer(const OtlpHttpTracer&) = delete;
    OtlpHttpTracer& operator=(const OtlpHttpTracer&) = delete;

    SpanId start_span(std::string_view name, SpanKind kind, std::span<const Attribute> attributes) override;
    void end_span(SpanId span, std::span<const Attribute> attributes, std::string_view error_type) override;
    void record_metric(const MetricPoint& point) override;

    // Exports every ended span and the metrics aggregated so far, and waits for exports the
    // background thread has under way. True when nothing was dropped meanwhile (nothing to send
    // is success). Never throws.
    bool flush();

    // Spans and metric points (measurements) that were not delivered: failed exports,
    // partial-success rejections, the pending-span, queue and series limits, non-finite values.
    std::size_t dropped_spans() const noexcept;
    std::size_t dropped_metric_points() const noexcept;
    // dropped_spans() + dropped_metric_points().
    std::size_t dropped() const noexcept;
    // Spans a receiver accepted.
    std::size_t exported_spans() const noexcept;

    // The resolved configuration.
    const std::string& traces_url() const noexcept;
    const std::string& metrics_url() const noexcept;
    const std::string& service_name() const noexcept;

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

} // namespace laminate::lm
