// OpenAI Responses API streams (and xAI's and the open-responses servers'): typed events.
// response.completed / response.incomplete carry the whole response, which is then the body; a
// stream cut before it is rebuilt from output_item.added / .done and the text, reasoning-summary,
// refusal, function-call-argument and custom-tool-input deltas, keyed by output_index.

#include "stream_state.hpp"

#include <map>

namespace laminate::toolcall::detail {

namespace {

struct Item {
    Value item; // from output_item.added, replaced by output_item.done
    std::string text, refusal, reasoning;
    bool is_call = false;
    std::size_t call = 0;
    bool done = false;
};

class OpenAiResponsesStream final : public StreamState {
public:
    using StreamState::StreamState;
    Format format() const noexcept override { return Format::OpenAiResponses; }

    Result<bool> on_chunk(const Value& chunk, std::string_view event) override {
        std::string type = str(chunk, "type");
        if (type.empty()) type = std::string(event);
        if (type == "error" || type == "response.failed")
            return Error(ErrorKind::StreamError, "the stream carried an error event");
        if (type == "response.created" || type == "response.in_progress") {
            const Value& r = chunk["response"];
            if (id_.empty()) id_ = str(r, "id");
            if (model_.empty()) model_ = str(r, "model");
        } else if (type == "response.completed" || type == "response.incomplete") {
            completed_ = chunk["response"];
            for (std::size_t k = 0; k < calls_.size(); ++k)
                if (!calls_[k].closed) emit_done(0, k, calls_[k]);
        } else if (type == "response.output_item.added") {
            return add_item(chunk);
        } else if (type == "response.output_item.done") {
            Item* it = item_of(chunk);
            if (!it) {
                if (auto r = add_item(chunk); !r) return r;
                it = item_of(chunk);
            }
            if (!it) return true;
            it->item = chunk["item"];
            it->done = true;
            if (it->is_call) {
                StreamCall& sc = calls_[it->call];
                if (sc.id.empty()) sc.id = call_id(it->item);
                if (sc.name.empty()) sc.name = str(it->item, "name");
                if (!sc.closed) emit_done(0, it->call, sc);
            }
        } else if (type == "response.output_text.delta") {
            if (Item* it = item_of(chunk))
                if (auto t = append_string(it->text, chunk, "delta"); !t.empty()) emit(DeltaKind::Text, 0, std::string(t));
        } else if (type == "response.refusal.delta") {
            if (Item* it = item_of(chunk))
                if (auto t = append_string(it->refusal, chunk, "delta"); !t.empty()) emit(DeltaKind::Refusal, 0, std::string(t));
        } else if (type == "response.reasoning_summary_text.delta" || type == "response.reasoning_text.delta") {
            if (Item* it = item_of(chunk))
                if (auto t = append_string(it->reasoning, chunk, "delta"); !t.empty()) emit(DeltaKind::Reasoning, 0, std::string(t));
        } else if (type == "response.function_call_arguments.delta" || type == "response.custom_tool_call_input.delta") {
            Item* it = item_of(chunk);
            if (!it || !it->is_call) return true;
            StreamCall& sc = calls_[it->call];
            std::string part = str(chunk, "delta");
            if (part.empty()) return true;
            sc.arguments.append(part);
            emit_call(DeltaKind::Arguments, 0, it->call, sc, std::move(part));
        }
        return true;
    }

    Value body() const override {
        if (completed_.is_object()) return completed_;
        Value output = Value::array();
        for (const auto& [index, it] : items_) {
            Value item = it.item.is_object() ? it.item : Value::object();
            if (!it.done) {
                const std::string type = str(item, "type");
                if (type == "message") {
                    Value content = Value::array();
                    if (!it.text.empty()) content.push_back(Value::object({{"type", "output_text"}, {"text", it.text}}));
                    if (!it.refusal.empty()) content.push_back(Value::object({{"type", "refusal"}, {"refusal", it.refusal}}));
                    item.set("content", std::move(content));
                } else if (type == "reasoning" && !it.reasoning.empty()) {
                    item.set("summary", Value::array({Value::object({{"type", "summary_text"}, {"text", it.reasoning}})}));
                } else if (it.is_call) {
                    item.set(type == "custom_tool_call" ? "input" : "arguments", calls_[it.call].arguments.text());
                }
            }
            output.push_back(std::move(item));
        }
        Value body = Value::object({{"id", id_}, {"object", "response"}, {"model", model_}});
        body.set("output", std::move(output));
        return body;
    }

    const std::vector<StreamCall>* calls(std::size_t choice) const override {
        return choice == 0 ? &calls_ : nullptr;
    }

private:
    static std::string str(const Value& v, std::string_view key) {
        const Value* m = v.find(key);
        return m && m->is_string() ? std::string(m->as_string()) : std::string();
    }
    static std::string call_id(const Value& item) {
        std::string id = str(item, "call_id");
        return id.empty() ? str(item, "id") : id;
    }

    Item* item_of(const Value& chunk) {
        std::int64_t index = 0;
        if (chunk["output_index"].get_int64(index)) {
            auto it = items_.find(index);
            return it == items_.end() ? nullptr : &it->second;
        }
        const std::string id = str(chunk, "item_id");
        for (auto& [k, item] : items_)
            if (!id.empty() && str(item.item, "id") == id) return &item;
        return nullptr;
    }

    Result<bool> add_item(const Value& chunk) {
        std::int64_t index = static_cast<std::int64_t>(items_.size());
        chunk["output_index"].get_int64(index);
        if (items_.count(index)) return true;
        if (items_.size() >= options_.max_calls) return too_many("output items");
        Item it;
        it.item = chunk["item"];
        const std::string type = str(it.item, "type");
        if (type == "function_call" || type == "custom_tool_call") {
            it.is_call = true;
            it.call = calls_.size();
            StreamCall sc;
            sc.id = call_id(it.item);
            sc.name = str(it.item, "name");
            sc.has_text = true;
            calls_.push_back(std::move(sc));
            emit_call(DeltaKind::ToolCall, 0, it.call, calls_[it.call]);
        }
        items_.emplace(index, std::move(it));
        return true;
    }

    std::string id_, model_;
    Value completed_;
    std::map<std::int64_t, Item> items_;
    std::vector<StreamCall> calls_;
};

} // namespace

std::unique_ptr<StreamState> make_openai_responses_stream(const StreamOptions& o, std::vector<StreamDelta>& out) {
    return std::make_unique<OpenAiResponsesStream>(o, out);
}

} // namespace laminate::toolcall::detail
