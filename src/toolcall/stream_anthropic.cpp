// Anthropic Messages streams: message_start (id, model, input usage), content_block_start /
// content_block_delta (text_delta, input_json_delta, thinking_delta, signature_delta,
// citations_delta) / content_block_stop, message_delta (stop_reason, output usage),
// message_stop; ping and unknown events ignored; an error event fails the stream.

#include <laminate/parse.hpp>

#include "stream_state.hpp"

#include <map>

namespace laminate::toolcall::detail {

namespace {

struct Block {
    Value start;          // the content_block of content_block_start
    std::string type;
    std::string text;     // text / thinking
    std::string signature;
    bool has_signature = false;
    std::size_t call = 0; // tool_use: position in calls_
    std::string json;     // input_json_delta of blocks that are not the caller's tools
    bool has_json = false;
};

class AnthropicStream final : public StreamState {
public:
    using StreamState::StreamState;
    Format format() const noexcept override { return Format::Anthropic; }

    Result<bool> on_chunk(const Value& chunk, std::string_view event) override {
        std::string type = str(chunk, "type");
        if (type.empty()) type = std::string(event);
        if (type == "error") return Error(ErrorKind::StreamError, "the stream carried an error event");
        if (type == "message_start") {
            const Value& m = chunk["message"];
            if (id_.empty()) id_ = str(m, "id");
            if (model_.empty()) model_ = str(m, "model");
            merge_usage(m["usage"]);
        } else if (type == "content_block_start") {
            return start_block(chunk);
        } else if (type == "content_block_delta") {
            return delta(chunk);
        } else if (type == "content_block_stop") {
            if (Block* b = block_of(chunk); b && b->type == "tool_use" && !calls_[b->call].closed)
                emit_done(0, b->call, calls_[b->call]);
        } else if (type == "message_delta") {
            const Value& d = chunk["delta"];
            if (d["stop_reason"].is_string()) stop_reason_ = str(d, "stop_reason");
            merge_usage(chunk["usage"]);
        }
        return true;
    }

    Value body() const override {
        Value content = Value::array();
        for (const auto& [index, b] : blocks_) {
            Value block = b.start.is_object() ? b.start : Value::object();
            if (b.type == "text") {
                block.set("text", b.text);
            } else if (b.type == "thinking") {
                block.set("thinking", b.text);
                if (b.has_signature) block.set("signature", b.signature);
            } else if (b.type == "tool_use") {
                block.set("input", calls_[b.call].arguments.text());
            } else if (b.has_json) {
                // A server-side tool's input, streamed like a call's: whole in the body.
                auto parsed = parse(b.json);
                if (parsed) block.set("input", std::move(parsed->value));
            }
            content.push_back(std::move(block));
        }
        Value body = Value::object({{"id", id_}, {"type", "message"}, {"role", "assistant"}, {"model", model_}});
        body.set("content", std::move(content));
        body.set("stop_reason", stop_reason_.empty() ? Value() : Value(stop_reason_));
        if (usage_.is_object()) body.set("usage", usage_);
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

    void merge_usage(const Value& u) {
        if (!u.is_object()) return;
        if (!usage_.is_object()) usage_ = Value::object();
        for (const auto& m : u.members())
            if (!m.value.is_null()) usage_.set(m.key(), m.value);
    }

    Block* block_of(const Value& chunk) {
        std::int64_t index = 0;
        if (!chunk["index"].get_int64(index)) return nullptr;
        auto it = blocks_.find(index);
        return it == blocks_.end() ? nullptr : &it->second;
    }

    Result<bool> start_block(const Value& chunk) {
        std::int64_t index = 0;
        if (!chunk["index"].get_int64(index)) index = static_cast<std::int64_t>(blocks_.size());
        if (blocks_.count(index)) return true; // a repeated start changes nothing
        if (blocks_.size() >= options_.max_calls) return too_many("content blocks");
        Block b;
        b.start = chunk["content_block"];
        b.type = str(b.start, "type");
        if (b.type == "text" || b.type == "thinking") {
            b.text = str(b.start, b.type == "text" ? "text" : "thinking");
            if (!b.text.empty()) emit(b.type == "text" ? DeltaKind::Text : DeltaKind::Reasoning, 0, b.text);
            if (b.start["signature"].is_string()) {
                b.signature = str(b.start, "signature");
                b.has_signature = true;
            }
        } else if (b.type == "tool_use") {
            b.call = calls_.size();
            StreamCall sc;
            sc.id = str(b.start, "id");
            sc.name = str(b.start, "name");
            sc.has_text = true;
            // The start holds input {} and the arguments follow as input_json_delta; a start
            // with a non-empty input (some proxies) gives it as text.
            const Value& input = b.start["input"];
            if (input.is_object() && !input.empty()) sc.arguments.append(input.dump());
            calls_.push_back(std::move(sc));
            emit_call(DeltaKind::ToolCall, 0, b.call, calls_[b.call]);
        }
        blocks_.emplace(index, std::move(b));
        return true;
    }

    Result<bool> delta(const Value& chunk) {
        Block* b = block_of(chunk);
        if (!b) return true; // a delta for a block never started: nothing to add it to
        const Value& d = chunk["delta"];
        const std::string type = str(d, "type");
        if (type == "text_delta" && b->type == "text") {
            if (auto t = append_string(b->text, d, "text"); !t.empty()) emit(DeltaKind::Text, 0, std::string(t));
        } else if (type == "thinking_delta" && b->type == "thinking") {
            if (auto t = append_string(b->text, d, "thinking"); !t.empty()) emit(DeltaKind::Reasoning, 0, std::string(t));
        } else if (type == "signature_delta") {
            append_string(b->signature, d, "signature");
            b->has_signature = true;
        } else if (type == "input_json_delta") {
            std::string part = str(d, "partial_json");
            if (b->type == "tool_use") {
                StreamCall& sc = calls_[b->call];
                if (part.empty()) return true;
                sc.arguments.append(part);
                emit_call(DeltaKind::Arguments, 0, b->call, sc, std::move(part));
            } else {
                b->json += part;
                b->has_json = true;
            }
        }
        return true;
    }

    std::string id_, model_, stop_reason_;
    Value usage_;
    std::map<std::int64_t, Block> blocks_;
    std::vector<StreamCall> calls_;
};

} // namespace

std::unique_ptr<StreamState> make_anthropic_stream(const StreamOptions& o, std::vector<StreamDelta>& out) {
    return std::make_unique<AnthropicStream>(o, out);
}

} // namespace laminate::toolcall::detail
