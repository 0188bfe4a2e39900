// Scripted and function-backed providers for tests: no network, every request recorded.
#include <laminate/lm/testing.hpp>

#include <stop_token>

namespace laminate::lm {

namespace {
ProviderError cancelled() { return ProviderError{ProviderError::Reason::Cancelled, "the call was cancelled"}; }
} // namespace

ScriptedProvider::ScriptedProvider(Capabilities capabilities, std::string model, std::string name)
    : capabilities_(capabilities), model_(std::move(model)), name_(std::move(name)) {}

ScriptedProvider::ScriptedProvider(ScriptedProvider&& other) : Provider() {
    std::lock_guard lock(other.mutex_);
    capabilities_ = other.capabilities_;
    model_ = std::move(other.model_);
    name_ = std::move(other.name_);
    script_ = std::move(other.script_);
    requests_ = std::move(other.requests_);
    latency_ = other.latency_;
}

ScriptedProvider& ScriptedProvider::push(Reply reply) {
    std::lock_guard lock(mutex_);
    script_.push_back(std::move(reply));
    return *this;
}

ScriptedProvider& ScriptedProvider::push_text(std::string text, toolcall::FinishReason finish, toolcall::Usage usage) {
    return push(text_response(std::move(text), finish, usage, model_));
}

ScriptedProvider& ScriptedProvider::push_tool_call(std::string name, std::string arguments_json, toolcall::Usage usage) {
    return push(tool_call_response(std::move(name), std::move(arguments_json), usage, model_));
}

ScriptedProvider& ScriptedProvider::push_error(ProviderError error) { return push(std::move(error)); }

toolcall::Response ScriptedProvider::text_response(std::string text, toolcall::FinishReason finish,
                                                   toolcall::Usage usage, std::string model) {
    toolcall::Response r;
    r.id = "scripted";
    r.model = std::move(model);
    r.provider = toolcall::Format::OpenAi;
    toolcall::Choice c;
    c.content.emplace_back(toolcall::Text{std::move(text)});
    c.finish.reason = finish;
    c.finish.raw = std::string(toolcall::finish_reason_name(finish));
    r.choices.push_back(std::move(c));
    r.usage = usage;
    return r;
}

toolcall::Response ScriptedProvider::tool_call_response(std::string name, std::string arguments_json,
                                                        toolcall::Usage usage, std::string model) {
    toolcall::Response r;
    r.id = "scripted";
    r.model = std::move(model);
    r.provider = toolcall::Format::OpenAi;
    toolcall::Choice c;
    toolcall::ToolCall call;
    call.id = "call_0";
    call.name = std::move(name);
    toolcall::read_arguments(call, arguments_json);
    c.content.emplace_back(std::move(call));
    c.finish.reason = toolcall::FinishReason::ToolCalls;
    c.finish.raw = "tool_calls";
    r.choices.push_back(std::move(c));
    r.usage = usage;
    return r;
}

toolcall::Usage ScriptedProvider::usage(std::uint64_t input_tokens, std::uint64_t output_tokens) {
    toolcall::Usage u;
    u.input_tokens = input_tokens;
    u.output_tokens = output_tokens;
    u.total_tokens = input_tokens + output_tokens;
    return u;
}

std::vector<ChatRequest> ScriptedProvider::requests() const {
    std::lock_guard lock(mutex_);
    return requests_;
}

std::size_t ScriptedProvider::calls() const {
    std::lock_guard lock(mutex_);
    return requests_.size();
}

std::size_t ScriptedProvider::remaining() const {
    std::lock_guard lock(mutex_);
    return script_.size();
}

void ScriptedProvider::set_latency(std::chrono::nanoseconds latency) {
    std::lock_guard lock(mutex_);
    latency_ = latency;
}

Result<Completion, ProviderError> ScriptedProvider::complete(const ChatRequest& request, const CallOptions& options) {
    std::lock_guard lock(mutex_);
    requests_.push_back(request);
    if (options.stop.stop_requested()) return cancelled();
    if (script_.empty())
        return ProviderError{ProviderError::Reason::NotRecorded, "the script has no reply left for this request"};
    Reply reply = std::move(script_.front());
    script_.pop_front();
    if (auto* error = std::get_if<ProviderError>(&reply)) return std::move(*error);
    Completion c;
    c.response = std::move(std::get<toolcall::Response>(reply));
    c.latency = latency_;
    return c;
}

FunctionProvider::FunctionProvider(Function function, Capabilities capabilities, std::string model, std::string name)
    : function_(std::move(function)), capabilities_(capabilities), model_(std::move(model)), name_(std::move(name)) {}

FunctionProvider::FunctionProvider(FunctionProvider&& other) : Provider() {
    std::lock_guard lock(other.mutex_);
    function_ = std::move(other.function_);
    capabilities_ = other.capabilities_;
    model_ = std::move(other.model_);
    name_ = std::move(other.name_);
    requests_ = std::move(other.requests_);
}

std::vector<ChatRequest> FunctionProvider::requests() const {
    std::lock_guard lock(mutex_);
    return requests_;
}

Result<Completion, ProviderError> FunctionProvider::complete(const ChatRequest& request, const CallOptions& options) {
    {
        std::lock_guard lock(mutex_);
        requests_.push_back(request);
    }
    if (options.stop.stop_requested()) return cancelled();
    const auto start = std::chrono::steady_clock::now();
    auto r = function_(request);
    if (!r) return std::move(r).error();
    Completion c;
    c.response = std::move(*r);
    c.latency = std::chrono::steady_clock::now() - start;
    return c;
}

} // namespace laminate::lm
