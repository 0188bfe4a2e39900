// OpenAI Chat Completions streams (and Groq, DeepSeek, xAI, Mistral, vLLM, Azure): chunks of
// choices[].delta. Tool calls are keyed by tool_calls[].index, so parallel calls may interleave;
// the first id and name a call gets are kept (some servers repeat or blank them later). The
// usage chunk comes last with no choices (Groq puts it in x_groq.usage).

#include "stream_state.hpp"

#include <map>

namespace laminate::toolcall::detail {

namespace {

struct ChatChoice {
    std::size_t index = 0;
    std::string reasoning, text, refusal, finish;
    std::vector<StreamCall> calls;
    std::map<std::int64_t, std::size_t> by_index; // tool_calls[].index -> position in calls
    std::int64_t last_key = 0;                    // the call the last delta went to
    bool legacy = false;                          // a function_call (pre-tools API) stream
};

class OpenAiChatStream final : public StreamState {
public:
    using StreamState::StreamState;
    Format format() const noexcept override { return Format::OpenAi; }

    Result<bool> on_chunk(const Value& chunk, std::string_view) override {
        if (chunk.contains("error") && !chunk["choices"].is_array())
            return Error(ErrorKind::StreamError, "the stream carried an error event");
        if (id_.empty()) id_ = str(chunk, "id");
        if (model_.empty()) model_ = str(chunk, "model");
        if (chunk["usage"].is_object()) usage_ = chunk["usage"];
        else if (chunk["x_groq"]["usage"].is_object()) usage_ = chunk["x_groq"]["usage"];
        std::size_t position = 0;
        for (const Value& c : chunk["choices"].items()) {
            std::int64_t index = static_cast<std::int64_t>(position++);
            c["index"].get_int64(index);
            auto* choice = choice_at(index);
            if (!choice) return too_many("choices");
            if (auto r = read_delta(*choice, c["delta"]); !r) return r;
            const Value& finish = c["finish_reason"];
            if (finish.is_string() && !finish.as_string().empty()) {
                choice->finish = std::string(finish.as_string());
                close_calls(*choice);
            }
        }
        return true;
    }

    Value body() const override {
        Value choices = Value::array();
        for (const auto& [index, c] : choices_) {
            Value message = Value::object();
            message.set("role", "assistant");
            if (!c.reasoning.empty()) message.set("reasoning_content", c.reasoning);
            message.set("content", c.text.empty() ? Value() : Value(c.text));
            if (!c.refusal.empty()) message.set("refusal", c.refusal);
            if (!c.calls.empty()) {
                Value calls = Value::array();
                for (const auto& sc : c.calls) {
                    Value fn = Value::object({{"name", sc.name}, {"arguments", sc.arguments.text()}});
                    if (c.legacy) {
                        message.set("function_call", std::move(fn));
                        continue;
                    }
                    calls.push_back(Value::object({{"id", sc.id}, {"type", "function"}, {"function", std::move(fn)}}));
                }
                if (!calls.empty()) message.set("tool_calls", std::move(calls));
            }
            Value choice = Value::object({{"index", static_cast<std::uint64_t>(c.index)}, {"message", std::move(message)}});
            choice.set("finish_reason", c.finish.empty() ? Value() : Value(c.finish));
            choices.push_back(std::move(choice));
        }
        Value body = Value::object({{"id", id_}, {"object", "chat.completion"}, {"model", model_}});
        body.set("choices", std::move(choices));
        if (usage_.is_object()) body.set("usage", usage_);
        return body;
    }

    const std::vector<StreamCall>* calls(std::size_t choice) const override {
        auto it = choices_.find(static_cast<std::int64_t>(choice));
        return it == choices_.end() ? nullptr : &it->second.calls;
    }

private:
    static std::string str(const Value& v, std::string_view key) {
        const Value* m = v.find(key);
        return m && m->is_string() ? std::string(m->as_string()) : std::string();
    }

    ChatChoice* choice_at(std::int64_t index) {
        auto it = choices_.find(index);
        if (it != choices_.end()) return &it->second;
        if (index < 0 || choices_.size() >= options_.max_choices) return nullptr;
        auto& c = choices_[index];
        c.index = static_cast<std::size_t>(index);
        return &c;
    }

    void close_calls(ChatChoice& c) {
        for (std::size_t k = 0; k < c.calls.size(); ++k)
            if (!c.calls[k].closed) emit_done(c.index, k, c.calls[k]);
    }

    // Mistral's magistral streams content as parts: thinking parts and text parts.
    void read_content(ChatChoice& c, const Value& content) {
        if (content.is_string()) {
            if (!content.as_string().empty()) {
                c.text.append(content.as_string());
                emit(DeltaKind::Text, c.index, std::string(content.as_string()));
            }
            return;
        }
        for (const Value& part : content.items()) {
            const std::string type = str(part, "type");
            if (type == "thinking") {
                const Value& t = part["thinking"];
                std::string text = t.is_string() ? std::string(t.as_string()) : std::string();
                for (const Value& p : t.items()) text += str(p, "text");
                if (text.empty()) continue;
                c.reasoning += text;
                emit(DeltaKind::Reasoning, c.index, std::move(text));
            } else if (type == "text") {
                std::string text = str(part, "text");
                if (text.empty()) continue;
                c.text += text;
                emit(DeltaKind::Text, c.index, std::move(text));
            }
        }
    }

    Result<bool> read_call(ChatChoice& c, const Value& call, std::size_t position) {
        std::int64_t key = static_cast<std::int64_t>(position);
        if (!call["index"].get_int64(key)) {
            // No index: a new id starts a call, anything else continues the last one.
            const std::string id = str(call, "id");
            key = (id.empty() && !c.calls.empty()) ? c.last_key
                                                   : -1 - static_cast<std::int64_t>(c.calls.size());
        }
        auto it = c.by_index.find(key);
        std::size_t k;
        const Value& fn = call["function"];
        if (it == c.by_index.end()) {
            if (c.calls.size() >= options_.max_calls) return too_many("tool calls");
            k = c.calls.size();
            c.by_index[key] = k;
            c.calls.emplace_back();
            c.calls[k].id = str(call, "id");
            c.calls[k].name = str(fn, "name");
            emit_call(DeltaKind::ToolCall, c.index, k, c.calls[k]);
        } else {
            k = it->second;
            if (c.calls[k].id.empty()) c.calls[k].id = str(call, "id");
            if (c.calls[k].name.empty()) c.calls[k].name = str(fn, "name");
        }
        c.last_key = key;
        append_arguments(c, k, fn["arguments"]);
        return true;
    }

    void append_arguments(ChatChoice& c, std::size_t k, const Value& args) {
        StreamCall& sc = c.calls[k];
        std::string text;
        if (args.is_string()) text = std::string(args.as_string());
        else if (args.is_object() || args.is_array()) text = args.dump(); // some servers send a value
        sc.has_text = true;
        if (text.empty()) return;
        sc.arguments.append(text);
        emit_call(DeltaKind::Arguments, c.index, k, sc, std::move(text));
    }

    Result<bool> read_delta(ChatChoice& c, const Value& delta) {
        if (!delta.is_object()) return true;
        std::string reasoning = str(delta, "reasoning_content");
        if (reasoning.empty()) reasoning = str(delta, "reasoning");
        if (!reasoning.empty()) {
            c.reasoning += reasoning;
            emit(DeltaKind::Reasoning, c.index, std::move(reasoning));
        }
        read_content(c, delta["content"]);
        if (std::string refusal = str(delta, "refusal"); !refusal.empty()) {
            c.refusal += refusal;
            emit(DeltaKind::Refusal, c.index, std::move(refusal));
        }
        std::size_t position = 0;
        for (const Value& call : delta["tool_calls"].items())
            if (auto r = read_call(c, call, position++); !r) return r;
        const Value& legacy = delta["function_call"];
        if (legacy.is_object()) {
            c.legacy = true;
            if (c.calls.empty()) {
                c.calls.emplace_back();
                c.calls[0].name = str(legacy, "name");
                emit_call(DeltaKind::ToolCall, c.index, 0, c.calls[0]);
            } else if (c.calls[0].name.empty()) {
                c.calls[0].name = str(legacy, "name");
            }
            append_arguments(c, 0, legacy["arguments"]);
        }
        return true;
    }

    std::string id_, model_;
    Value usage_;
    std::map<std::int64_t, ChatChoice> choices_;
};

} // namespace

std::unique_ptr<StreamState> make_openai_chat_stream(const StreamOptions& o, std::vector<StreamDelta>& out) {
    return std::make_unique<OpenAiChatStream>(o, out);
}

} // namespace laminate::toolcall::detail
