// Cassettes: requests canonicalized into JSON values for matching, answers into what rebuilds
// a Response. Matching compares values (Value ==), so a file edited by hand or reformatted
// still matches.
#include <laminate/lm/cassette.hpp>
#include <laminate/parse.hpp>

#include <fstream>
#include <sstream>
#include <system_error>

namespace laminate::lm {

namespace {

constexpr int kCassetteVersion = 1;

std::string_view tool_choice_name(ToolChoice::Mode mode) noexcept {
    switch (mode) {
    case ToolChoice::Mode::Auto: return "auto";
    case ToolChoice::Mode::None: return "none";
    case ToolChoice::Mode::Required: return "required";
    case ToolChoice::Mode::Named: return "named";
    }
    return "auto";
}

Value tool_call_value(const toolcall::ToolCall& call) {
    Value v = Value::object();
    v.set("id", call.id);
    v.set("name", call.name);
    v.set("arguments", call.arguments);
    return v;
}

Value capabilities_value(const Capabilities& c) {
    Value v = Value::object();
    v.set("native_schema", c.native_schema);
    v.set("tool_calls", c.tool_calls);
    v.set("json_mode", c.json_mode);
    v.set("streaming", c.streaming);
    v.set("dialect", dialect_name(c.dialect));
    v.set("strict_schema", c.strict_schema);
    return v;
}

Capabilities capabilities_from(const Value& v) {
    Capabilities c;
    auto flag = [&](const char* key) { return v[key].is_bool() && v[key].as_bool(); };
    c.native_schema = flag("native_schema");
    c.tool_calls = flag("tool_calls");
    c.json_mode = flag("json_mode");
    c.streaming = flag("streaming");
    c.strict_schema = flag("strict_schema");
    if (v["dialect"].is_string())
        if (auto d = dialect_from_name(v["dialect"].as_string())) c.dialect = *d;
    return c;
}

toolcall::FinishReason finish_reason_from_name(std::string_view name) noexcept {
    using R = toolcall::FinishReason;
    for (R r : {R::None, R::Stop, R::Length, R::ToolCalls, R::ContentFilter, R::Refusal, R::Other})
        if (toolcall::finish_reason_name(r) == name) return r;
    return R::Other;
}

std::string string_of(const Value& v) { return v.is_string() ? std::string(v.as_string()) : std::string(); }

std::optional<std::uint64_t> count_of(const Value& v) {
    std::uint64_t n = 0;
    if (v.is_number() && v.get_uint64(n)) return n;
    return std::nullopt;
}

ProviderError not_recorded(std::string message) {
    return ProviderError{.reason = ProviderError::Reason::NotRecorded, .message = std::move(message)};
}

ProviderError malformed(std::string message) {
    return ProviderError{.reason = ProviderError::Reason::MalformedResponse, .message = std::move(message)};
}

// Writes `text` beside `path` and renames it over: a reader never sees half a file.
std::optional<std::string> write_atomically(const std::filesystem::path& path, const std::string& text) {
    std::error_code ec;
    if (path.has_parent_path()) std::filesystem::create_directories(path.parent_path(), ec);
    std::filesystem::path tmp = path;
    tmp += ".tmp";
    {
        std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
        if (!out) return "cannot open " + tmp.string() + " for writing";
        out << text;
        if (!out.flush()) return "cannot write " + tmp.string();
    }
    std::filesystem::rename(tmp, path, ec);
    if (ec) return "cannot rename " + tmp.string() + " to " + path.string() + ": " + ec.message();
    return std::nullopt;
}

} // namespace

Value canonical_request(const ChatRequest& r) {
    Value v = Value::object();
    v.set("model", r.model);
    Value messages = Value::array();
    for (const auto& m : r.messages) {
        Value message = Value::object();
        message.set("role", role_name(m.role));
        message.set("content", m.content);
        if (!m.tool_calls.empty()) {
            Value calls = Value::array();
            for (const auto& call : m.tool_calls) calls.push_back(tool_call_value(call));
            message.set("tool_calls", std::move(calls));
        }
        if (!m.tool_call_id.empty()) message.set("tool_call_id", m.tool_call_id);
        messages.push_back(std::move(message));
    }
    v.set("messages", std::move(messages));
    v.set("strategy", strategy_name(r.strategy));
    if (r.output_schema) {
        Value schema = Value::object();
        schema.set("name", r.schema_name);
        schema.set("strict", r.strict);
        schema.set("schema", *r.output_schema);
        v.set("schema", std::move(schema));
    } else {
        v.set("schema", Value());
    }
    Value tools = Value::array();
    for (const auto& t : r.tools) {
        Value tool = Value::object();
        tool.set("name", t.name);
        tool.set("description", t.description);
        tool.set("parameters", t.parameters);
        tool.set("strict", t.strict);
        tools.push_back(std::move(tool));
    }
    v.set("tools", std::move(tools));
    Value choice = Value::object();
    choice.set("mode", tool_choice_name(r.tool_choice.mode));
    if (r.tool_choice.mode == ToolChoice::Mode::Named) choice.set("name", r.tool_choice.name);
    v.set("tool_choice", std::move(choice));
    v.set("temperature", r.temperature ? Value(*r.temperature) : Value());
    v.set("max_tokens", r.max_tokens ? Value(*r.max_tokens) : Value());
    return v;
}

Value cassette_response(const toolcall::Response& response) {
    Value v = Value::object();
    v.set("id", response.id);
    v.set("model", response.model);
    v.set("format", toolcall::format_name(response.provider));
    v.set("text", response.text());
    const std::string reasoning = response.reasoning();
    if (!reasoning.empty()) v.set("reasoning", reasoning);
    Value calls = Value::array();
    for (const auto* call : response.tool_calls()) {
        Value c = Value::object();
        c.set("id", call->id);
        c.set("name", call->name);
        c.set("raw_arguments", call->raw_arguments);
        if (!call->complete) c.set("complete", false);
        calls.push_back(std::move(c));
    }
    v.set("tool_calls", std::move(calls));
    v.set("finish_reason", toolcall::finish_reason_name(response.finish().reason));
    v.set("finish_raw", response.finish().raw);
    Value usage = Value::object();
    const auto& u = response.usage;
    if (u.input_tokens) usage.set("input_tokens", *u.input_tokens);
    if (u.output_tokens) usage.set("output_tokens", *u.output_tokens);
    if (u.cached_tokens) usage.set("cached_tokens", *u.cached_tokens);
    if (u.reasoning_tokens) usage.set("reasoning_tokens", *u.reasoning_tokens);
    if (u.total_tokens) usage.set("total_tokens", *u.total_tokens);
    v.set("usage", std::move(usage));
    return v;
}

Result<toolcall::Response, ProviderError> response_from_cassette(const Value& v) {
    if (!v.is_object() || !v["text"].is_string() || !v["tool_calls"].is_array())
        return malformed("a cassette response needs \"text\" and \"tool_calls\"");
    toolcall::Response r;
    r.id = string_of(v["id"]);
    r.model = string_of(v["model"]);
    if (auto f = toolcall::parse_format(string_of(v["format"]))) r.provider = *f;
    toolcall::Choice choice;
    if (v["reasoning"].is_string())
        choice.content.emplace_back(toolcall::Reasoning{.text = std::string(v["reasoning"].as_string()), .signature = {}, .redacted = false});
    if (!v["text"].as_string().empty()) choice.content.emplace_back(toolcall::Text{std::string(v["text"].as_string())});
    for (const Value& c : v["tool_calls"].items()) {
        toolcall::ToolCall call;
        call.id = string_of(c["id"]);
        call.name = string_of(c["name"]);
        const bool complete = !c["complete"].is_bool() || c["complete"].as_bool();
        toolcall::read_arguments(call, string_of(c["raw_arguments"]), !complete);
        choice.content.emplace_back(std::move(call));
    }
    choice.finish = {finish_reason_from_name(string_of(v["finish_reason"])), string_of(v["finish_raw"])};
    r.choices.push_back(std::move(choice));
    const Value& u = v["usage"];
    r.usage.input_tokens = count_of(u["input_tokens"]);
    r.usage.output_tokens = count_of(u["output_tokens"]);
    r.usage.cached_tokens = count_of(u["cached_tokens"]);
    r.usage.reasoning_tokens = count_of(u["reasoning_tokens"]);
    r.usage.total_tokens = count_of(u["total_tokens"]);
    return r;
}

// ---- RecordingProvider ----------------------------------------------------------------------------

RecordingProvider::RecordingProvider(Provider& inner, std::filesystem::path path)
    : inner_(&inner), path_(std::move(path)) {}

Result<Completion, ProviderError> RecordingProvider::complete(const ChatRequest& request, const CallOptions& options) {
    auto done = inner_->complete(request, options);
    if (!done) return done;
    Value interaction = Value::object();
    interaction.set("request", canonical_request(request));
    interaction.set("response", cassette_response(done->response));

    std::lock_guard lock(mu_);
    interactions_.push_back(std::move(interaction));
    Value file = Value::object();
    file.set("laminate_cassette", kCassetteVersion);
    Value provider = Value::object();
    provider.set("name", inner_->name());
    provider.set("model", inner_->model());
    provider.set("capabilities", capabilities_value(inner_->capabilities()));
    file.set("provider", std::move(provider));
    file.set("interactions", interactions_);
    std::string text = file.dump_pretty();
    text += '\n';
    write_error_ = write_atomically(path_, text);
    return done;
}

std::size_t RecordingProvider::size() const {
    std::lock_guard lock(mu_);
    return interactions_.size();
}

std::optional<std::string> RecordingProvider::write_error() const {
    std::lock_guard lock(mu_);
    return write_error_;
}

// ---- ReplayProvider -------------------------------------------------------------------------------

ReplayProvider::ReplayProvider(const std::filesystem::path& path) : file_name_(path.string()) {
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        load_error_ = not_recorded("cassette " + file_name_ + " does not exist; record it with RecordingProvider");
        return;
    }
    std::ostringstream text;
    text << in.rdbuf();
    auto parsed = parse_json(text.str());
    if (!parsed) {
        load_error_ = malformed("cassette " + file_name_ + " is not valid JSON (" + std::string(parsed.error().kind_name()) + ")");
        return;
    }
    const Value& file = *parsed;
    if (!file.is_object() || !file["laminate_cassette"].is_number() || !file["interactions"].is_array()) {
        load_error_ = malformed("cassette " + file_name_ + " is not a laminate cassette");
        return;
    }
    name_ = string_of(file["provider"]["name"]);
    model_ = string_of(file["provider"]["model"]);
    capabilities_ = capabilities_from(file["provider"]["capabilities"]);
    for (const Value& interaction : file["interactions"].items()) {
        if (!interaction.is_object() || !interaction.contains("request") || !interaction.contains("response")) {
            load_error_ = malformed("cassette " + file_name_ + " has an interaction without request or response");
            entries_.clear();
            return;
        }
        entries_.push_back(Entry{interaction["request"], interaction["response"], false});
    }
}

Result<Completion, ProviderError> ReplayProvider::complete(const ChatRequest& request, const CallOptions& options) {
    if (load_error_) return *load_error_;
    if (options.stop.stop_requested())
        return ProviderError{.reason = ProviderError::Reason::Cancelled, .message = "stopped before the call"};
    const Value wanted = canonical_request(request);
    const Value* answer = nullptr;
    {
        std::lock_guard lock(mu_);
        Entry* last_match = nullptr;
        for (Entry& e : entries_) {
            if (!(e.request == wanted)) continue;
            last_match = &e;
            if (!e.used) {
                e.used = true;
                answer = &e.response;
                break;
            }
        }
        if (answer == nullptr && last_match != nullptr) answer = &last_match->response;
    }
    if (answer == nullptr)
        return not_recorded("no recorded answer for this request in cassette " + file_name_ +
                            "; record it again with RecordingProvider");
    // Entries are never changed after loading but for `used`, so reading the answer unlocked is safe.
    auto response = response_from_cassette(*answer);
    if (!response) {
        ProviderError e = std::move(response).error();
        e.message = "cassette " + file_name_ + ": " + e.message;
        return e;
    }
    if (options.on_delta) {
        using toolcall::DeltaKind;
        const std::string reasoning = response->reasoning();
        if (!reasoning.empty()) options.on_delta({.kind = DeltaKind::Reasoning, .choice = 0, .call = 0, .text = reasoning, .id = {}, .name = {}, .done = {}});
        const std::string text = response->text();
        if (!text.empty()) options.on_delta({.kind = DeltaKind::Text, .choice = 0, .call = 0, .text = text, .id = {}, .name = {}, .done = {}});
        std::size_t index = 0;
        for (const auto* call : response->tool_calls())
            options.on_delta({.kind = DeltaKind::ToolCallDone, .choice = 0, .call = index++, .text = {}, .id = call->id, .name = call->name, .done = *call});
    }
    return Completion{.response = std::move(*response), .latency = std::chrono::nanoseconds{0}, .http_attempts = 1};
}

} // namespace laminate::lm
