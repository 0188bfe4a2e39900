// OtlpHttpTracer: the GenAI spans and metrics as OTLP/HTTP JSON (opentelemetry-proto's
// trace.proto, metrics.proto and common.proto under the JSON mapping of docs/specification.md:
// lowerCamelCase keys, integer enums, 64-bit integers as decimal strings, hex trace/span ids).
#include <laminate/lm/otlp.hpp>

#include <laminate/parse.hpp>
#include <laminate/value.hpp>
#include <laminate/version.hpp>

#include <algorithm>
#include <array>
#include <atomic>
#include <cctype>
#include <cmath>
#include <condition_variable>
#include <cstdlib>
#include <map>
#include <mutex>
#include <random>
#include <thread>
#include <unordered_map>
#include <utility>

namespace laminate::lm {

namespace {

// Span kinds and status codes as trace.proto numbers them.
constexpr int kSpanKindInternal = 1;
constexpr int kSpanKindClient = 3;
constexpr int kStatusCodeError = 2;
// metrics.proto's AggregationTemporality.
constexpr int kTemporalityDelta = 1;

std::string env(const char* name) {
    const char* v = std::getenv(name);
    return v ? std::string(v) : std::string();
}

std::string_view trim(std::string_view s) {
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
    return s;
}

int hex_digit(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

std::string percent_decode(std::string_view s) {
    std::string out;
    out.reserve(s.size());
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (s[i] == '%' && i + 2 < s.size()) {
            const int hi = hex_digit(s[i + 1]), lo = hex_digit(s[i + 2]);
            if (hi >= 0 && lo >= 0) {
                out.push_back(static_cast<char>(hi * 16 + lo));
                i += 2;
                continue;
            }
        }
        out.push_back(s[i]);
    }
    return out;
}

std::string trim_slash(std::string url) {
    while (!url.empty() && url.back() == '/') url.pop_back();
    return url;
}

bool iequal(std::string_view a, std::string_view b) {
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
               return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
           });
}

void append_hex(std::string& out, std::uint64_t v) {
    static constexpr char digits[] = "0123456789abcdef";
    for (int shift = 60; shift >= 0; shift -= 4) out.push_back(digits[(v >> shift) & 0xF]);
}

std::uint64_t now_ns() {
    const auto t = std::chrono::system_clock::now().time_since_epoch();
    return static_cast<std::uint64_t>(std::chrono::duration_cast<std::chrono::nanoseconds>(t).count());
}

// A double as proto3 JSON spells it: a number, or the strings NaN / Infinity / -Infinity.
Value double_value(double d) {
    if (std::isnan(d)) return Value("NaN");
    if (std::isinf(d)) return Value(d > 0 ? "Infinity" : "-Infinity");
    return Value(d);
}

Value any_value(const AttributeValue& v) {
    Value out = Value::object();
    if (const auto* s = std::get_if<std::string>(&v)) out.set("stringValue", *s);
    else if (const auto* b = std::get_if<bool>(&v)) out.set("boolValue", *b);
    else if (const auto* i = std::get_if<std::int64_t>(&v)) out.set("intValue", std::to_string(*i));
    else if (const auto* d = std::get_if<double>(&v)) out.set("doubleValue", double_value(*d));
    else if (const auto* list = std::get_if<std::vector<std::string>>(&v)) {
        Value values = Value::array();
        for (const auto& text : *list) {
            Value item = Value::object();
            item.set("stringValue", text);
            values.push_back(std::move(item));
        }
        Value array = Value::object();
        array.set("values", std::move(values));
        out.set("arrayValue", std::move(array));
    }
    return out;
}

Value key_values(std::span<const Attribute> attributes) {
    Value out = Value::array();
    for (const auto& a : attributes) {
        Value kv = Value::object();
        kv.set("key", a.key);
        kv.set("value", any_value(a.value));
        out.push_back(std::move(kv));
    }
    return out;
}

Value resource(const std::string& service_name) {
    const Attribute service{"service.name", service_name};
    Value out = Value::object();
    out.set("attributes", key_values(std::span<const Attribute>(&service, 1)));
    return out;
}

Value scope() {
    Value out = Value::object();
    out.set("name", "laminate");
    out.set("version", laminate::version);
    return out;
}

// The GenAI conventions' advisory bucket boundaries for their two histograms.
std::vector<double> bucket_bounds(std::string_view metric) {
    if (metric == "gen_ai.client.operation.duration")
        return {0.01, 0.02, 0.04, 0.08, 0.16, 0.32, 0.64, 1.28, 2.56, 5.12, 10.24, 20.48, 40.96, 81.92};
    if (metric == "gen_ai.client.token.usage")
        return {1, 4, 16, 64, 256, 1024, 4096, 16384, 65536, 262144, 1048576, 4194304, 16777216, 67108864};
    return {};
}

struct SpanData {
    std::string name;
    SpanKind kind = SpanKind::Client;
    std::vector<Attribute> attributes;
    std::uint64_t trace_hi = 0, trace_lo = 0, span_id = 0;
    std::uint64_t start_ns = 0, end_ns = 0;
    std::string error_type;
};

struct Series {
    std::string name, unit;
    std::vector<Attribute> attributes;
    std::vector<double> bounds;
    std::vector<std::uint64_t> buckets; // bounds.size() + 1
    std::uint64_t count = 0;
    double sum = 0, min = 0, max = 0;
};

Value span_json(const SpanData& s) {
    std::string trace_id, span_id;
    append_hex(trace_id, s.trace_hi);
    append_hex(trace_id, s.trace_lo);
    append_hex(span_id, s.span_id);
    Value out = Value::object();
    out.set("traceId", trace_id);
    out.set("spanId", span_id);
    out.set("name", s.name);
    out.set("kind", s.kind == SpanKind::Internal ? kSpanKindInternal : kSpanKindClient);
    out.set("startTimeUnixNano", std::to_string(s.start_ns));
    out.set("endTimeUnixNano", std::to_string(s.end_ns));
    out.set("attributes", key_values(s.attributes));
    if (!s.error_type.empty()) {
        Value status = Value::object();
        status.set("code", kStatusCodeError);
        status.set("message", s.error_type);
        out.set("status", std::move(status));
    }
    return out;
}

std::string traces_body(const std::vector<SpanData>& spans, const std::string& service_name) {
    Value list = Value::array();
    for (const auto& s : spans) list.push_back(span_json(s));
    Value scope_spans = Value::object();
    scope_spans.set("scope", scope());
    scope_spans.set("spans", std::move(list));
    Value resource_spans = Value::object();
    resource_spans.set("resource", resource(service_name));
    resource_spans.set("scopeSpans", Value::array({std::move(scope_spans)}));
    Value body = Value::object();
    body.set("resourceSpans", Value::array({std::move(resource_spans)}));
    return body.dump();
}

std::string metrics_body(const std::vector<Series>& series, std::uint64_t start_ns, std::uint64_t time_ns,
                         const std::string& service_name) {
    // One Metric per (name, unit), each series of it a data point.
    std::map<std::pair<std::string, std::string>, Value> points;
    for (const auto& s : series) {
        Value p = Value::object();
        p.set("attributes", key_values(s.attributes));
        p.set("startTimeUnixNano", std::to_string(start_ns));
        p.set("timeUnixNano", std::to_string(time_ns));
        p.set("count", std::to_string(s.count));
        p.set("sum", double_value(s.sum));
        Value buckets = Value::array();
        for (auto n : s.buckets) buckets.push_back(std::to_string(n));
        p.set("bucketCounts", std::move(buckets));
        Value bounds = Value::array();
        for (double b : s.bounds) bounds.push_back(b);
        p.set("explicitBounds", std::move(bounds));
        p.set("min", double_value(s.min));
        p.set("max", double_value(s.max));
        auto [it, inserted] = points.try_emplace({s.name, s.unit}, Value::array());
        it->second.push_back(std::move(p));
    }
    Value metrics = Value::array();
    for (auto& [key, data_points] : points) {
        Value histogram = Value::object();
        histogram.set("dataPoints", std::move(data_points));
        histogram.set("aggregationTemporality", kTemporalityDelta);
        Value metric = Value::object();
        metric.set("name", key.first);
        metric.set("unit", key.second);
        metric.set("histogram", std::move(histogram));
        metrics.push_back(std::move(metric));
    }
    Value scope_metrics = Value::object();
    scope_metrics.set("scope", scope());
    scope_metrics.set("metrics", std::move(metrics));
    Value resource_metrics = Value::object();
    resource_metrics.set("resource", resource(service_name));
    resource_metrics.set("scopeMetrics", Value::array({std::move(scope_metrics)}));
    Value body = Value::object();
    body.set("resourceMetrics", Value::array({std::move(resource_metrics)}));
    return body.dump();
}

// The series key: name, unit and attributes, unambiguous (the attributes as their JSON).
std::string series_key(const MetricPoint& p) {
    std::string key = p.name;
    key.push_back('\0');
    key += p.unit;
    key.push_back('\0');
    key += key_values(p.attributes).dump();
    return key;
}

// partialSuccess.rejected{Spans,DataPoints} of a 2xx response ("" or "{}" when all accepted).
std::uint64_t rejected(std::string_view body, std::string_view field) {
    if (trim(body).empty()) return 0;
    auto parsed = parse_json(body);
    if (!parsed || !parsed->is_object()) return 0;
    const Value* partial = parsed->find("partialSuccess");
    if (!partial || !partial->is_object()) return 0;
    const Value* n = partial->find(field);
    if (!n) return 0;
    std::uint64_t out = 0;
    if (n->is_string()) {
        for (char c : n->as_string()) {
            if (c < '0' || c > '9') return 0;
            out = out * 10 + static_cast<std::uint64_t>(c - '0');
        }
        return out;
    }
    if (n->is_number() && n->get_uint64(out)) return out;
    return 0;
}

} // namespace

std::vector<Header> parse_otlp_headers(std::string_view text) {
    std::vector<Header> out;
    while (!text.empty()) {
        const auto comma = text.find(',');
        const std::string_view item = text.substr(0, comma);
        text = comma == std::string_view::npos ? std::string_view() : text.substr(comma + 1);
        const auto eq = item.find('=');
        if (eq == std::string_view::npos) continue;
        const std::string key = percent_decode(trim(item.substr(0, eq)));
        if (key.empty()) continue;
        out.emplace_back(key, percent_decode(trim(item.substr(eq + 1))));
    }
    return out;
}

struct OtlpHttpTracer::Impl {
    OtlpOptions options;
    std::string traces_url, metrics_url, service_name;
    std::vector<Header> headers;
    HttpClient client;

    mutable std::mutex mu;
    std::mt19937_64 rng;
    std::unordered_map<SpanId, SpanData> pending;
    std::vector<SpanData> ended;
    std::unordered_map<std::string, Series> series;
    std::uint64_t series_start_ns = now_ns();
    std::uint64_t measurements = 0; // in `series`

    std::atomic<std::size_t> dropped_spans{0}, dropped_points{0}, exported_spans{0};

    // The background exporter (when export_interval > 0): woken by a full batch, by the
    // interval, and to stop. It counts the exports it started and finished, so that flush() can
    // wait for those started before it (and not for later ones, which a busy tracer never runs
    // out of).
    bool background = false;
    bool stopping = false;
    std::uint64_t exports_started = 0, exports_finished = 0;
    std::condition_variable wake, idle;
    std::thread worker;

    struct MetricBatch {
        std::vector<Series> series;
        std::uint64_t measurements = 0, start = 0, end = 0;
    };

    // Everything aggregated since the last export; the next interval starts now. Under mu.
    MetricBatch take_metrics_locked() {
        MetricBatch out;
        if (series.empty()) return out;
        out.series.reserve(series.size());
        for (auto& [key, one] : series) out.series.push_back(std::move(one));
        series.clear();
        out.measurements = measurements;
        measurements = 0;
        out.start = series_start_ns;
        out.end = std::max(now_ns(), out.start);
        series_start_ns = out.end;
        return out;
    }

    void run_worker() {
        std::unique_lock lock(mu);
        auto next_metrics = std::chrono::steady_clock::now() + options.export_interval;
        while (true) {
            wake.wait_for(lock, options.export_interval,
                          [&] { return stopping || ended.size() >= options.batch_size; });
            if (stopping) return;
            std::vector<SpanData> spans;
            spans.swap(ended);
            MetricBatch metrics;
            const auto now = std::chrono::steady_clock::now();
            if (now >= next_metrics) {
                metrics = take_metrics_locked();
                next_metrics = now + options.export_interval;
            }
            if (spans.empty() && metrics.series.empty()) continue;
            ++exports_started;
            lock.unlock();
            export_spans(std::move(spans));
            export_metrics(std::move(metrics));
            lock.lock();
            ++exports_finished;
            idle.notify_all();
        }
    }

    static HttpOptions http_options(const OtlpOptions& o, std::vector<Header> headers) {
        HttpOptions h;
        h.total_timeout = o.timeout;
        h.connect_timeout = std::min(o.timeout, std::chrono::milliseconds(10'000));
        h.retry.max_attempts = std::max<std::size_t>(1, o.max_attempts);
        h.retry.initial_backoff = std::chrono::milliseconds(200);
        h.retry.max_backoff = std::chrono::milliseconds(2'000);
        h.retry.max_retry_after = std::chrono::milliseconds(5'000);
        h.headers = std::move(headers);
        h.user_agent = std::string("laminate-otlp/") + laminate::version;
        h.max_body = std::size_t(1) << 20;
        return h;
    }

    static std::vector<Header> resolve_headers(const OtlpOptions& o) {
        std::vector<Header> out;
        if (o.read_environment) out = parse_otlp_headers(env("OTEL_EXPORTER_OTLP_HEADERS"));
        for (const auto& h : o.headers) {
            std::erase_if(out, [&](const Header& e) { return iequal(e.first, h.first); });
            out.push_back(h);
        }
        return out;
    }

    explicit Impl(OtlpOptions o)
        : options(std::move(o)), headers(resolve_headers(options)), client(http_options(options, headers)) {
        // Explicit options win over the environment: an endpoint given in code also keeps the
        // per-signal variables from redirecting its exports.
        const bool from_env = options.read_environment;
        const bool signal_env = from_env && options.endpoint.empty();
        std::string endpoint = options.endpoint;
        if (endpoint.empty() && from_env) endpoint = env("OTEL_EXPORTER_OTLP_ENDPOINT");
        if (endpoint.empty()) endpoint = "http://localhost:4318";
        endpoint = trim_slash(std::move(endpoint));
        traces_url = options.traces_url;
        if (traces_url.empty() && signal_env) traces_url = env("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT");
        if (traces_url.empty()) traces_url = endpoint + "/v1/traces";
        metrics_url = options.metrics_url;
        if (metrics_url.empty() && signal_env) metrics_url = env("OTEL_EXPORTER_OTLP_METRICS_ENDPOINT");
        if (metrics_url.empty()) metrics_url = endpoint + "/v1/metrics";
        service_name = options.service_name;
        if (service_name.empty() && from_env) service_name = env("OTEL_SERVICE_NAME");
        if (service_name.empty()) service_name = "laminate";
        if (options.batch_size == 0) options.batch_size = 1;
        std::random_device rd;
        std::seed_seq seed{rd(), rd(), rd(), rd(), rd(), rd(), rd(), rd()};
        rng.seed(seed);
    }

    std::uint64_t nonzero() {
        std::uint64_t v = 0;
        while (v == 0) v = rng();
        return v;
    }

    // One POST; the number of items the receiver rejected, or nullopt when the export failed.
    std::optional<std::uint64_t> post(const std::string& url, std::string body, std::string_view rejected_field) {
        try {
            HttpRequest request{.method = "POST", .url = url,
                                .headers = {{"Content-Type", "application/json"}}, .body = std::move(body)};
            auto response = client.send(request);
            if (!response) return std::nullopt;
            return rejected(response->body, rejected_field);
        } catch (...) {
            return std::nullopt; // never into the program
        }
    }

    // In requests of at most batch_size spans.
    bool export_spans(std::vector<SpanData> spans) {
        bool ok = true;
        for (std::size_t first = 0; first < spans.size(); first += options.batch_size) {
            const std::size_t last = std::min(spans.size(), first + options.batch_size);
            std::vector<SpanData> batch(std::make_move_iterator(spans.begin() + static_cast<std::ptrdiff_t>(first)),
                                        std::make_move_iterator(spans.begin() + static_cast<std::ptrdiff_t>(last)));
            ok = export_batch(std::move(batch)) && ok;
        }
        return ok;
    }

    bool export_batch(std::vector<SpanData> batch) {
        if (batch.empty()) return true;
        const std::size_t n = batch.size();
        std::string body;
        try {
            body = traces_body(batch, service_name);
        } catch (...) {
            dropped_spans += n;
            return false;
        }
        const auto rejected_count = post(traces_url, std::move(body), "rejectedSpans");
        if (!rejected_count) {
            dropped_spans += n;
            return false;
        }
        const std::size_t lost = static_cast<std::size_t>(std::min<std::uint64_t>(*rejected_count, n));
        dropped_spans += lost;
        exported_spans += n - lost;
        return lost == 0;
    }

    bool export_metrics(MetricBatch metrics) {
        std::vector<Series>& batch = metrics.series;
        const std::uint64_t count = metrics.measurements, start_ns = metrics.start, end_ns = metrics.end;
        if (batch.empty()) return true;
        std::string body;
        try {
            body = metrics_body(batch, start_ns, end_ns, service_name);
        } catch (...) {
            dropped_points += count;
            return false;
        }
        // rejectedDataPoints counts data points (series here), not measurements.
        const auto rejected_count = post(metrics_url, std::move(body), "rejectedDataPoints");
        if (!rejected_count) {
            dropped_points += count;
            return false;
        }
        std::uint64_t lost = 0;
        if (*rejected_count > 0) {
            // Which series were rejected is not said: count the smallest ones as lost.
            std::vector<std::uint64_t> counts;
            for (const auto& s : batch) counts.push_back(s.count);
            std::sort(counts.begin(), counts.end());
            for (std::size_t i = 0; i < counts.size() && i < *rejected_count; ++i) lost += counts[i];
        }
        dropped_points += lost;
        return lost == 0;
    }
};

OtlpHttpTracer::OtlpHttpTracer(OtlpOptions options) : impl_(std::make_unique<Impl>(std::move(options))) {
    if (impl_->options.export_interval.count() <= 0) return;
    try {
        impl_->worker = std::thread([impl = impl_.get()] { impl->run_worker(); });
        impl_->background = true;
    } catch (...) {
        // No thread to be had: full batches are exported by the call that fills them.
    }
}

OtlpHttpTracer::~OtlpHttpTracer() {
    try {
        {
            std::lock_guard lock(impl_->mu);
            impl_->stopping = true;
        }
        impl_->wake.notify_all();
        if (impl_->worker.joinable()) impl_->worker.join();
        impl_->background = false;
        flush();
    } catch (...) {
    }
}

Tracer::SpanId OtlpHttpTracer::start_span(std::string_view name, SpanKind kind, std::span<const Attribute> attributes) {
    try {
        const std::uint64_t start = now_ns();
        std::lock_guard lock(impl_->mu);
        if (impl_->pending.size() >= impl_->options.max_pending_spans) {
            ++impl_->dropped_spans;
            return 0;
        }
        SpanData s;
        s.name = std::string(name);
        s.kind = kind;
        s.attributes.assign(attributes.begin(), attributes.end());
        s.trace_hi = impl_->nonzero();
        s.trace_lo = impl_->rng();
        do s.span_id = impl_->nonzero();
        while (impl_->pending.contains(s.span_id));
        s.start_ns = start;
        const SpanId id = s.span_id;
        impl_->pending.emplace(id, std::move(s));
        return id;
    } catch (...) {
        ++impl_->dropped_spans;
        return 0;
    }
}

void OtlpHttpTracer::end_span(SpanId span, std::span<const Attribute> attributes, std::string_view error_type) {
    std::vector<SpanData> batch;
    try {
        const std::uint64_t end = now_ns();
        {
            std::lock_guard lock(impl_->mu);
            auto it = impl_->pending.find(span);
            if (it == impl_->pending.end()) return; // not ours, or dropped at the start
            SpanData s = std::move(it->second);
            impl_->pending.erase(it);
            s.attributes.insert(s.attributes.end(), attributes.begin(), attributes.end());
            s.error_type = std::string(error_type);
            s.end_ns = std::max(end, s.start_ns);
            if (impl_->ended.size() >= impl_->options.max_queue_size) {
                ++impl_->dropped_spans; // the exporter is behind: shed load rather than memory
                return;
            }
            impl_->ended.push_back(std::move(s));
            if (impl_->ended.size() >= impl_->options.batch_size) {
                if (impl_->background) impl_->wake.notify_one();
                else batch.swap(impl_->ended);
            }
        }
    } catch (...) {
        ++impl_->dropped_spans;
        return;
    }
    if (!batch.empty()) impl_->export_spans(std::move(batch));
}

void OtlpHttpTracer::record_metric(const MetricPoint& point) {
    if (!impl_->options.export_metrics) return;
    if (!std::isfinite(point.value)) { // a histogram's sum and bounds have no place for it
        ++impl_->dropped_points;
        return;
    }
    try {
        const std::string key = series_key(point);
        std::lock_guard lock(impl_->mu);
        auto it = impl_->series.find(key);
        if (it == impl_->series.end()) {
            if (impl_->series.size() >= impl_->options.max_metric_series) {
                ++impl_->dropped_points;
                return;
            }
            Series s;
            s.name = point.name;
            s.unit = point.unit;
            s.attributes = point.attributes;
            s.bounds = bucket_bounds(point.name);
            s.buckets.assign(s.bounds.size() + 1, 0);
            s.min = s.max = point.value;
            it = impl_->series.emplace(key, std::move(s)).first;
        }
        Series& s = it->second;
        // Bucket i holds values in (bounds[i-1], bounds[i]]; the last, above every bound.
        const auto bucket = static_cast<std::size_t>(
            std::lower_bound(s.bounds.begin(), s.bounds.end(), point.value) - s.bounds.begin());
        ++s.buckets[bucket];
        ++s.count;
        s.sum += point.value;
        s.min = std::min(s.min, point.value);
        s.max = std::max(s.max, point.value);
        ++impl_->measurements;
    } catch (...) {
        ++impl_->dropped_points;
    }
}

bool OtlpHttpTracer::flush() {
    const std::size_t dropped_before = dropped();
    std::vector<SpanData> spans;
    Impl::MetricBatch metrics;
    std::uint64_t started = 0;
    try {
        std::lock_guard lock(impl_->mu);
        started = impl_->exports_started;
        spans.swap(impl_->ended);
        metrics = impl_->take_metrics_locked();
    } catch (...) {
        return false;
    }
    impl_->export_spans(std::move(spans));
    impl_->export_metrics(std::move(metrics));
    try { // and what the background exporter already took
        std::unique_lock lock(impl_->mu);
        impl_->idle.wait(lock, [&] { return impl_->exports_finished >= started; });
    } catch (...) {
        return false;
    }
    return dropped() == dropped_before;
}

std::size_t OtlpHttpTracer::dropped_spans() const noexcept { return impl_->dropped_spans.load(); }
std::size_t OtlpHttpTracer::dropped_metric_points() const noexcept { return impl_->dropped_points.load(); }
std::size_t OtlpHttpTracer::dropped() const noexcept { return dropped_spans() + dropped_metric_points(); }
std::size_t OtlpHttpTracer::exported_spans() const noexcept { return impl_->exported_spans.load(); }
const std::string& OtlpHttpTracer::traces_url() const noexcept { return impl_->traces_url; }
const std::string& OtlpHttpTracer::metrics_url() const noexcept { return impl_->metrics_url; }
const std::string& OtlpHttpTracer::service_name() const noexcept { return impl_->service_name; }

} // namespace laminate::lm
