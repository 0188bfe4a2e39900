#pragma once
// laminate::lm tracing — model calls as OpenTelemetry GenAI spans and metrics, without a
// dependency on an OpenTelemetry SDK: a Tracer is a small interface an application implements
// over whatever it uses (the OpenTelemetry C++ SDK, a log, a test recorder).
//
//   laminate::lm::CallRecord call = laminate::lm::call_record(provider, request);
//   auto span = laminate::lm::start_call_span(tracer, call, /*record_content=*/false);
//   auto done = provider.complete(request, {});
//   if (done) laminate::lm::record_response(call, done->response);
//   else call.error_type = laminate::lm::ProviderError::reason_name(done.error().reason);
//   call.attempts = 1; call.outcome = done ? "success" : "error"; call.duration = ...;
//   laminate::lm::end_call_span(tracer, span, call, /*record_content=*/false); // + metrics
//
// Conventions: OpenTelemetry semantic conventions for GenAI, version 1.37.0 (kSemconvVersion),
// the first with gen_ai.provider.name (replacing gen_ai.system) and gen_ai.input.messages /
// gen_ai.output.messages. One program call is one span:
// * name "{gen_ai.operation.name} {gen_ai.request.model}" ("chat gpt-4o"; just the operation
//   when the model is unknown), kind Client;
// * attributes gen_ai.operation.name, gen_ai.provider.name, gen_ai.request.model,
//   gen_ai.request.temperature, gen_ai.request.max_tokens, gen_ai.output.type, server.address,
//   server.port (known at the start); gen_ai.response.model, gen_ai.response.id,
//   gen_ai.response.finish_reasons (string array), gen_ai.usage.input_tokens,
//   gen_ai.usage.output_tokens, error.type (only on failure) (known at the end); laminate's own
//   laminate.attempts and laminate.outcome. An attribute with no value (no temperature set, no
//   usage reported, no server) is left out, as the conventions ask.
// * gen_ai.input.messages / gen_ai.output.messages (JSON strings in the conventions' message
//   shape: [{"role", "parts": [{"type": "text", "content"}, {"type": "tool_call", ...}]}])
//   only when record_content is true. Without it, no text of a request or answer appears in
//   any attribute or metric.
// * metrics: gen_ai.client.operation.duration (histogram, "s") once per call, and
//   gen_ai.client.token.usage (histogram, "{token}") once per reported count, with
//   gen_ai.token.type "input" or "output"; both carry gen_ai.operation.name,
//   gen_ai.provider.name, gen_ai.request.model, gen_ai.response.model, server.address,
//   server.port (when known) and error.type (duration, on failure).
//
// A Tracer must be thread-safe: batch runs trace calls from several threads at once.

#include <laminate/lm/provider.hpp>

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace laminate::lm {

// The semantic-conventions version every name here follows.
inline constexpr std::string_view kSemconvVersion = "1.37.0";

// ---- attributes ---------------------------------------------------------------------------------

using AttributeValue = std::variant<bool, std::int64_t, double, std::string, std::vector<std::string>>;

struct Attribute {
    std::string key;
    AttributeValue value;
    friend bool operator==(const Attribute&, const Attribute&) = default;
};

// The attribute with this key, or nullptr.
const Attribute* find_attribute(std::span<const Attribute> attributes, std::string_view key) noexcept;

// ---- the record of one call ---------------------------------------------------------------------

// One program call, as tracing sees it: filled at the start from the request, at the end from
// the answer. Plain data; the integrator fills it.
struct CallRecord {
    std::string operation = "chat";            // gen_ai.operation.name
    std::string provider_name;                 // gen_ai.provider.name ("openai", "ollama", ...)
    std::string request_model;                 // gen_ai.request.model
    std::optional<double> temperature;         // gen_ai.request.temperature
    std::optional<std::uint32_t> max_tokens;   // gen_ai.request.max_tokens
    std::string response_model;                // gen_ai.response.model
    std::string response_id;                   // gen_ai.response.id
    std::vector<std::string> finish_reasons;   // gen_ai.response.finish_reasons
    std::optional<std::uint64_t> input_tokens;  // gen_ai.usage.input_tokens (summed over attempts)
    std::optional<std::uint64_t> output_tokens; // gen_ai.usage.output_tokens (summed over attempts)
    std::string output_type = "json";          // gen_ai.output.type
    std::string server_address;                // server.address (empty: none)
    int server_port = 0;                       // server.port (0: none)
    std::string error_type;                    // error.type: a stable error kind; empty on success
    std::size_t attempts = 0;                  // laminate.attempts (0: not known, left out)
    std::string outcome;                       // laminate.outcome ("success", "repaired", "error"; empty: left out)
    std::chrono::nanoseconds duration{0};      // gen_ai.client.operation.duration
    // Content, emitted only with record_content: the request's messages and the answer.
    std::vector<Message> input_messages;
    std::vector<Message> output_messages;
};

// The request side of a record: operation "chat", the provider's name, the request's model
// (or the provider's when the request names none), temperature, max_tokens, server address
// and port, and the request's messages as input_messages.
CallRecord call_record(const Provider& provider, const ChatRequest& request);
// The answer side: response model and id, each choice's finish reason (finish_reason_name,
// "none" left out), token counts (added to what the record holds, so that a call of several
// attempts sums them) and the primary choice as one assistant output message.
void record_response(CallRecord& record, const toolcall::Response& response);

// ---- attribute and metric sets ------------------------------------------------------------------

// "{operation} {request_model}", or the operation alone when the model is empty.
std::string span_name(const CallRecord& record);
// The attributes known when the call starts (operation, provider, request model, temperature,
// max_tokens, output type, server address and port; input messages with record_content).
std::vector<Attribute> genai_start_attributes(const CallRecord& record, bool record_content);
// The attributes known when it ends (response model and id, finish reasons, usage, error.type,
// laminate.attempts, laminate.outcome; output messages with record_content).
std::vector<Attribute> genai_end_attributes(const CallRecord& record, bool record_content);
// Both, start first: every attribute of the call's span.
std::vector<Attribute> genai_attributes(const CallRecord& record, bool record_content);

// The messages in the conventions' JSON shape (the value of gen_ai.input.messages /
// gen_ai.output.messages). Output messages carry finish_reasons[i] when there is one.
std::string genai_messages_json(std::span<const Message> messages,
                                std::span<const std::string> finish_reasons = {});

enum class SpanKind : unsigned char { Client, Internal };
// "client", "internal".
std::string_view span_kind_name(SpanKind kind) noexcept;
enum class InstrumentKind : unsigned char { Histogram };
// "histogram".
std::string_view instrument_kind_name(InstrumentKind kind) noexcept;

struct MetricPoint {
    std::string name;      // "gen_ai.client.token.usage", "gen_ai.client.operation.duration"
    std::string unit;      // "{token}", "s"
    InstrumentKind instrument = InstrumentKind::Histogram;
    double value = 0;
    std::vector<Attribute> attributes = {};
};

// The metric points of one finished call: the duration, then input and output token counts
// (each only when reported).
std::vector<MetricPoint> genai_metrics(const CallRecord& record);

// ---- the tracer -----------------------------------------------------------------------------------

class Tracer {
public:
    using SpanId = std::uint64_t;
    virtual ~Tracer() = default;

    // Starts a span; the id is handed back to end_span.
    virtual SpanId start_span(std::string_view name, SpanKind kind, std::span<const Attribute> attributes) = 0;
    // Ends it, adding `attributes`; error_type is non-empty when the call failed (the span's
    // status is then an error, described by error.type).
    virtual void end_span(SpanId span, std::span<const Attribute> attributes, std::string_view error_type) = 0;
    // Records one metric measurement.
    virtual void record_metric(const MetricPoint& point) = 0;
};

struct CallSpan {
    Tracer::SpanId id = 0;
};

// Starts the call's span with span_name and the start attributes (kind Client).
CallSpan start_call_span(Tracer& tracer, const CallRecord& record, bool record_content);
// Ends it with the end attributes and records the call's metrics.
void end_call_span(Tracer& tracer, CallSpan span, const CallRecord& record, bool record_content);
// Both at once, for a call traced after the fact.
void trace_call(Tracer& tracer, const CallRecord& record, bool record_content);

// ---- a tracer for tests -----------------------------------------------------------------------------

// Keeps every span and metric point in memory. Thread-safe.
class RecordingTracer final : public Tracer {
public:
    struct Span {
        std::string name;
        SpanKind kind = SpanKind::Client;
        std::vector<Attribute> attributes; // start attributes, then end attributes
        std::string error_type;
        bool ended = false;
    };

    SpanId start_span(std::string_view name, SpanKind kind, std::span<const Attribute> attributes) override;
    void end_span(SpanId span, std::span<const Attribute> attributes, std::string_view error_type) override;
    void record_metric(const MetricPoint& point) override;

    // Copies, taken under the lock.
    std::vector<Span> spans() const;
    std::vector<MetricPoint> metrics() const;

private:
    mutable std::mutex mu_;
    std::vector<Span> spans_;
    std::vector<MetricPoint> metrics_;
};

} // namespace laminate::lm
