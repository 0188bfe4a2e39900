// The GenAI semantic conventions (1.37.0) as attribute sets and metric points. Every name is
// spelled once, here; the tests check each against the conventions' own spelling.
#include <laminate/lm/tracing.hpp>

#include <algorithm>
#include <limits>

namespace laminate::lm {

namespace {

namespace names {
constexpr std::string_view operation = "gen_ai.operation.name";
constexpr std::string_view provider = "gen_ai.provider.name";
constexpr std::string_view request_model = "gen_ai.request.model";
constexpr std::string_view temperature = "gen_ai.request.temperature";
constexpr std::string_view max_tokens = "gen_ai.request.max_tokens";
constexpr std::string_view response_model = "gen_ai.response.model";
constexpr std::string_view response_id = "gen_ai.response.id";
constexpr std::string_view finish_reasons = "gen_ai.response.finish_reasons";
constexpr std::string_view input_tokens = "gen_ai.usage.input_tokens";
constexpr std::string_view output_tokens = "gen_ai.usage.output_tokens";
constexpr std::string_view output_type = "gen_ai.output.type";
constexpr std::string_view input_messages = "gen_ai.input.messages";
constexpr std::string_view output_messages = "gen_ai.output.messages";
constexpr std::string_view token_type = "gen_ai.token.type";
constexpr std::string_view server_address = "server.address";
constexpr std::string_view server_port = "server.port";
constexpr std::string_view error_type = "error.type";
constexpr std::string_view attempts = "laminate.attempts";
constexpr std::string_view outcome = "laminate.outcome";
constexpr std::string_view token_usage = "gen_ai.client.token.usage";
constexpr std::string_view operation_duration = "gen_ai.client.operation.duration";
} // namespace names

void add(std::vector<Attribute>& out, std::string_view key, AttributeValue value) {
    out.push_back(Attribute{std::string(key), std::move(value)});
}

std::int64_t to_i64(std::uint64_t n) noexcept {
    return n > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max())
               ? std::numeric_limits<std::int64_t>::max()
               : static_cast<std::int64_t>(n);
}

// The attributes every metric point of a call carries.
std::vector<Attribute> metric_attributes(const CallRecord& r) {
    std::vector<Attribute> out;
    add(out, names::operation, r.operation);
    if (!r.provider_name.empty()) add(out, names::provider, r.provider_name);
    if (!r.request_model.empty()) add(out, names::request_model, r.request_model);
    if (!r.response_model.empty()) add(out, names::response_model, r.response_model);
    if (!r.server_address.empty()) add(out, names::server_address, r.server_address);
    if (r.server_port > 0) add(out, names::server_port, std::int64_t{r.server_port});
    return out;
}

Value message_part_value(const toolcall::ToolCall& call) {
    Value part = Value::object();
    part.set("type", "tool_call");
    part.set("id", call.id);
    part.set("name", call.name);
    part.set("arguments", call.arguments);
    return part;
}

} // namespace

std::string_view span_kind_name(SpanKind kind) noexcept {
    switch (kind) {
    case SpanKind::Client: return "client";
    case SpanKind::Internal: return "internal";
    }
    return "client";
}

std::string_view instrument_kind_name(InstrumentKind) noexcept { return "histogram"; }

const Attribute* find_attribute(std::span<const Attribute> attributes, std::string_view key) noexcept {
    for (const auto& a : attributes)
        if (a.key == key) return &a;
    return nullptr;
}

CallRecord call_record(const Provider& provider, const ChatRequest& request) {
    CallRecord r;
    r.provider_name = std::string(provider.name());
    r.request_model = request.model.empty() ? provider.model() : request.model;
    r.temperature = request.temperature;
    r.max_tokens = request.max_tokens;
    r.server_address = provider.server_address();
    r.server_port = provider.server_port();
    r.input_messages = request.messages;
    return r;
}

void record_response(CallRecord& r, const toolcall::Response& response) {
    if (!response.model.empty()) r.response_model = response.model;
    if (!response.id.empty()) r.response_id = response.id;
    r.finish_reasons.clear();
    for (const auto& choice : response.choices)
        if (choice.finish.reason != toolcall::FinishReason::None)
            r.finish_reasons.emplace_back(toolcall::finish_reason_name(choice.finish.reason));
    if (response.usage.input_tokens) r.input_tokens = r.input_tokens.value_or(0) + *response.usage.input_tokens;
    if (response.usage.output_tokens) r.output_tokens = r.output_tokens.value_or(0) + *response.usage.output_tokens;
    Message answer{.role = Role::Assistant, .content = response.text(), .tool_calls = {}, .tool_call_id = {}};
    for (const auto* call : response.tool_calls()) answer.tool_calls.push_back(*call);
    r.output_messages.assign(1, std::move(answer));
}

std::string span_name(const CallRecord& r) {
    if (r.request_model.empty()) return r.operation;
    return r.operation + " " + r.request_model;
}

std::string genai_messages_json(std::span<const Message> messages, std::span<const std::string> finish_reasons) {
    Value out = Value::array();
    for (std::size_t i = 0; i < messages.size(); ++i) {
        const Message& m = messages[i];
        Value parts = Value::array();
        if (m.role == Role::Tool) {
            Value part = Value::object();
            part.set("type", "tool_call_response");
            part.set("id", m.tool_call_id);
            part.set("response", m.content);
            parts.push_back(std::move(part));
        } else if (!m.content.empty()) {
            Value part = Value::object();
            part.set("type", "text");
            part.set("content", m.content);
            parts.push_back(std::move(part));
        }
        for (const auto& call : m.tool_calls) parts.push_back(message_part_value(call));
        Value message = Value::object();
        message.set("role", role_name(m.role));
        message.set("parts", std::move(parts));
        if (i < finish_reasons.size()) message.set("finish_reason", finish_reasons[i]);
        out.push_back(std::move(message));
    }
    return out.dump();
}

std::vector<Attribute> genai_start_attributes(const CallRecord& r, bool record_content) {
    std::vector<Attribute> out;
    add(out, names::operation, r.operation);
    if (!r.provider_name.empty()) add(out, names::provider, r.provider_name);
    if (!r.request_model.empty()) add(out, names::request_model, r.request_model);
    if (r.temperature) add(out, names::temperature, *r.temperature);
    if (r.max_tokens) add(out, names::max_tokens, std::int64_t{*r.max_tokens});
    if (!r.output_type.empty()) add(out, names::output_type, r.output_type);
    if (!r.server_address.empty()) add(out, names::server_address, r.server_address);
    if (r.server_port > 0) add(out, names::server_port, std::int64_t{r.server_port});
    if (record_content && !r.input_messages.empty())
        add(out, names::input_messages, genai_messages_json(r.input_messages));
    return out;
}

std::vector<Attribute> genai_end_attributes(const CallRecord& r, bool record_content) {
    std::vector<Attribute> out;
    if (!r.response_model.empty()) add(out, names::response_model, r.response_model);
    if (!r.response_id.empty()) add(out, names::response_id, r.response_id);
    if (!r.finish_reasons.empty()) add(out, names::finish_reasons, r.finish_reasons);
    if (r.input_tokens) add(out, names::input_tokens, to_i64(*r.input_tokens));
    if (r.output_tokens) add(out, names::output_tokens, to_i64(*r.output_tokens));
    if (!r.error_type.empty()) add(out, names::error_type, r.error_type);
    if (r.attempts > 0) add(out, names::attempts, to_i64(r.attempts));
    if (!r.outcome.empty()) add(out, names::outcome, r.outcome);
    if (record_content && !r.output_messages.empty())
        add(out, names::output_messages, genai_messages_json(r.output_messages, r.finish_reasons));
    return out;
}

std::vector<Attribute> genai_attributes(const CallRecord& r, bool record_content) {
    auto out = genai_start_attributes(r, record_content);
    auto end = genai_end_attributes(r, record_content);
    out.insert(out.end(), std::make_move_iterator(end.begin()), std::make_move_iterator(end.end()));
    return out;
}

std::vector<MetricPoint> genai_metrics(const CallRecord& r) {
    std::vector<MetricPoint> out;
    const auto common = metric_attributes(r);

    MetricPoint duration{.name = std::string(names::operation_duration), .unit = "s",
                         .instrument = InstrumentKind::Histogram,
                         .value = std::chrono::duration<double>(r.duration).count(), .attributes = common};
    if (!r.error_type.empty()) add(duration.attributes, names::error_type, r.error_type);
    out.push_back(std::move(duration));

    auto tokens = [&](std::optional<std::uint64_t> count, std::string_view type) {
        if (!count) return;
        MetricPoint p{.name = std::string(names::token_usage), .unit = "{token}",
                      .instrument = InstrumentKind::Histogram, .value = static_cast<double>(*count),
                      .attributes = common};
        add(p.attributes, names::token_type, std::string(type));
        out.push_back(std::move(p));
    };
    tokens(r.input_tokens, "input");
    tokens(r.output_tokens, "output");
    return out;
}

CallSpan start_call_span(Tracer& tracer, const CallRecord& record, bool record_content) {
    const auto attributes = genai_start_attributes(record, record_content);
    return CallSpan{tracer.start_span(span_name(record), SpanKind::Client, attributes)};
}

void end_call_span(Tracer& tracer, CallSpan span, const CallRecord& record, bool record_content) {
    const auto attributes = genai_end_attributes(record, record_content);
    tracer.end_span(span.id, attributes, record.error_type);
    for (const auto& point : genai_metrics(record)) tracer.record_metric(point);
}

void trace_call(Tracer& tracer, const CallRecord& record, bool record_content) {
    end_call_span(tracer, start_call_span(tracer, record, record_content), record, record_content);
}

// ---- RecordingTracer ----------------------------------------------------------------------------

Tracer::SpanId RecordingTracer::start_span(std::string_view name, SpanKind kind, std::span<const Attribute> attributes) {
    std::lock_guard lock(mu_);
    spans_.push_back(Span{.name = std::string(name), .kind = kind,
                          .attributes = std::vector<Attribute>(attributes.begin(), attributes.end()),
                          .error_type = {}, .ended = false});
    return spans_.size(); // ids start at 1: the index plus one
}

void RecordingTracer::end_span(SpanId span, std::span<const Attribute> attributes, std::string_view error_type) {
    std::lock_guard lock(mu_);
    if (span == 0 || span > spans_.size()) return; // not one of ours: nothing to end
    Span& s = spans_[span - 1];
    s.attributes.insert(s.attributes.end(), attributes.begin(), attributes.end());
    s.error_type = std::string(error_type);
    s.ended = true;
}

void RecordingTracer::record_metric(const MetricPoint& point) {
    std::lock_guard lock(mu_);
    metrics_.push_back(point);
}

std::vector<RecordingTracer::Span> RecordingTracer::spans() const {
    std::lock_guard lock(mu_);
    return spans_;
}

std::vector<MetricPoint> RecordingTracer::metrics() const {
    std::lock_guard lock(mu_);
    return metrics_;
}

} // namespace laminate::lm
