// Ollama /api/chat (and /api/generate) NDJSON streams: each line holds the next piece of
// message.content / message.thinking (or response), tool calls arrive whole in
// message.tool_calls, and the last line has done: true with done_reason and the token counts.

#include "stream_state.hpp"

namespace laminate::toolcall::detail {

namespace {

class OllamaStream final : public StreamState {
public:
    using StreamState::StreamState;
    Format format() const noexcept override { return Format::Ollama; }

    Result<bool> on_chunk(const Value& chunk, std::string_view) override {
        if (chunk.contains("error")) return Error(ErrorKind::StreamError, "the stream carried an error event");
        if (model_.empty() && chunk["model"].is_string()) model_ = std::string(chunk["model"].as_string());
        const bool chat = chunk["message"].is_object();
        if (chat) chat_ = true;
        const Value& m = chat ? chunk["message"] : chunk;
        if (auto t = append_string(thinking_, m, "thinking"); !t.empty()) emit(DeltaKind::Reasoning, 0, std::string(t));
        if (auto t = append_string(content_, m, chat ? "content" : "response"); !t.empty())
            emit(DeltaKind::Text, 0, std::string(t));
        for (const Value& call : m["tool_calls"].items()) {
            if (calls_.size() >= options_.max_calls) return too_many("tool calls");
            const Value& fn = call["function"];
            StreamCall sc;
            if (call["id"].is_string()) sc.id = std::string(call["id"].as_string());
            if (fn["name"].is_string()) sc.name = std::string(fn["name"].as_string());
            const Value& args = fn["arguments"];
            std::string text;
            if (args.is_string()) {
                sc.has_text = true;
                text = std::string(args.as_string());
            } else {
                sc.value = args.is_null() ? Value::object() : args;
                text = sc.value.dump();
            }
            sc.arguments.append(text);
            const std::size_t k = calls_.size();
            calls_.push_back(std::move(sc));
            raw_calls_.push_back(call);
            emit_call(DeltaKind::ToolCall, 0, k, calls_[k]);
            emit_call(DeltaKind::Arguments, 0, k, calls_[k], std::move(text));
            emit_done(0, k, calls_[k]);
        }
        const Value* done = chunk.find("done");
        if (done && done->is_bool() && done->as_bool()) {
            done_ = true;
            for (std::string_view key : {"done_reason", "prompt_eval_count", "eval_count", "created_at",
                                         "total_duration", "load_duration", "eval_duration"})
                if (const Value* v = chunk.find(key)) last_.set(key, *v);
        }
        return true;
    }

    Value body() const override {
        Value body = last_.is_object() ? last_ : Value::object();
        body.set("model", model_);
        if (chat_) {
            Value message = Value::object({{"role", "assistant"}, {"content", content_}});
            if (!thinking_.empty()) message.set("thinking", thinking_);
            if (!raw_calls_.empty()) {
                Value calls = Value::array();
                for (const auto& c : raw_calls_) calls.push_back(c);
                message.set("tool_calls", std::move(calls));
            }
            body.set("message", std::move(message));
        } else {
            body.set("response", content_);
            if (!thinking_.empty()) body.set("thinking", thinking_);
        }
        body.set("done", done_);
        return body;
    }

    const std::vector<StreamCall>* calls(std::size_t choice) const override {
        return choice == 0 ? &calls_ : nullptr;
    }

private:
    std::string model_, content_, thinking_;
    Value last_ = Value::object();
    std::vector<Value> raw_calls_;
    std::vector<StreamCall> calls_;
    bool chat_ = false, done_ = false;
};

} // namespace

std::unique_ptr<StreamState> make_ollama_stream(const StreamOptions& o, std::vector<StreamDelta>& out) {
    return std::make_unique<OllamaStream>(o, out);
}

} // namespace laminate::toolcall::detail
