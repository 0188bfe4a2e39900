#pragma once
// laminate::lm testing providers: run programs without a network.
//
//   auto model = std::make_shared<laminate::lm::ScriptedProvider>();
//   model->push_text(R"({"urgency": "High", "category": "Outage"})");            // answer 1
//   model->push_error({laminate::lm::ProviderError::Reason::Timeout, "timed out"}); // answer 2
//   laminate::lm::Program<ClassifyTicket> classify{model};
//   auto r = classify.run({.text = "..."});
//   EXPECT_EQ(model->requests().size(), 1);       // every ChatRequest it was sent, in order
//
//   laminate::lm::FunctionProvider echo{[](const laminate::lm::ChatRequest& request) {
//       return laminate::lm::ScriptedProvider::text_response(request.messages.back().content);
//   }};
//
// ScriptedProvider answers each call with the next scripted reply (a Response, a text, a tool call
// or a ProviderError); past the end of the script it answers not_recorded. FunctionProvider asks a
// function. Both record every request, are thread-safe (one mutex; calls are served in arrival
// order), and report the Capabilities and model they were given.

#include <laminate/lm/provider.hpp>

#include <chrono>
#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace laminate::lm {

class ScriptedProvider : public Provider {
public:
    using Reply = std::variant<toolcall::Response, ProviderError>;

    explicit ScriptedProvider(Capabilities capabilities = {}, std::string model = "scripted-model",
                              std::string name = "scripted");
    // Movable (a Program may take one by value); the moved-from provider is empty.
    ScriptedProvider(ScriptedProvider&& other);
    ScriptedProvider& operator=(ScriptedProvider&&) = delete;

    // ---- the script (appended; answered in order) ---------------------------------------------
    ScriptedProvider& push(Reply reply);
    // A text answer with finish reason stop (or `finish`) and optional token counts.
    ScriptedProvider& push_text(std::string text, toolcall::FinishReason finish = toolcall::FinishReason::Stop,
                                toolcall::Usage usage = {});
    // A tool call answer (arguments as JSON text, read as a provider reader would), finish tool_calls.
    ScriptedProvider& push_tool_call(std::string name, std::string arguments_json, toolcall::Usage usage = {});
    ScriptedProvider& push_error(ProviderError error);

    // ---- building responses -------------------------------------------------------------------
    static toolcall::Response text_response(std::string text, toolcall::FinishReason finish = toolcall::FinishReason::Stop,
                                            toolcall::Usage usage = {}, std::string model = "scripted-model");
    static toolcall::Response tool_call_response(std::string name, std::string arguments_json,
                                                 toolcall::Usage usage = {}, std::string model = "scripted-model");
    static toolcall::Usage usage(std::uint64_t input_tokens, std::uint64_t output_tokens);

    // ---- what it was sent ---------------------------------------------------------------------
    std::vector<ChatRequest> requests() const;
    std::size_t calls() const;
    std::size_t remaining() const; // replies not yet given

    void set_latency(std::chrono::nanoseconds latency); // reported on every Completion

    // ---- Provider -----------------------------------------------------------------------------
    std::string_view name() const noexcept override { return name_; }
    const std::string& model() const noexcept override { return model_; }
    Capabilities capabilities() const noexcept override { return capabilities_; }
    Result<Completion, ProviderError> complete(const ChatRequest& request, const CallOptions& options) override;

private:
    Capabilities capabilities_;
    std::string model_;
    std::string name_;
    mutable std::mutex mutex_;
    std::deque<Reply> script_;
    std::vector<ChatRequest> requests_;
    std::chrono::nanoseconds latency_{std::chrono::milliseconds(1)};
};

class FunctionProvider : public Provider {
public:
    using Function = std::function<Result<toolcall::Response, ProviderError>(const ChatRequest&)>;

    explicit FunctionProvider(Function function, Capabilities capabilities = {}, std::string model = "function-model",
                              std::string name = "function");
    FunctionProvider(FunctionProvider&& other);
    FunctionProvider& operator=(FunctionProvider&&) = delete;

    std::vector<ChatRequest> requests() const;

    std::string_view name() const noexcept override { return name_; }
    const std::string& model() const noexcept override { return model_; }
    Capabilities capabilities() const noexcept override { return capabilities_; }
    Result<Completion, ProviderError> complete(const ChatRequest& request, const CallOptions& options) override;

private:
    Function function_;
    Capabilities capabilities_;
    std::string model_;
    std::string name_;
    mutable std::mutex mutex_;
    std::vector<ChatRequest> requests_;
};

} // namespace laminate::lm
