// Gemini streamGenerateContent: every chunk is a GenerateContentResponse holding the next parts
// of each candidate. Consecutive text parts (of the same thought-ness) add up to one part; a
// functionCall comes whole (args), or — Gemini 3 / Vertex streaming function-call arguments —
// opens with {name, willContinue}, sets arguments by JSON path in partialArgs, and closes with an
// empty functionCall. Usage, model and id come from the last chunk that has them.

#include "stream_state.hpp"

#include <map>

namespace laminate::toolcall::detail {

namespace {

constexpr std::size_t kMaxPathDepth = 64;

struct Candidate {
    std::size_t index = 0;
    // Parts in order; a text part's text accumulates in texts[i] (set into the part when the
    // body is built), so that many small text chunks cost linear time.
    std::vector<Value> parts;
    std::vector<std::string> texts;
    std::vector<bool> is_text;
    // Streamed string arguments (partialArgs stringValue pieces) of each call, by JSON path:
    // appended here and set into the arguments when the call closes or the body is built.
    std::map<std::size_t, std::map<std::string, std::string>> strings;
    std::string finish;
    std::vector<StreamCall> calls;
    std::vector<std::size_t> call_part; // part position of each call
    bool streaming = false;             // the last call is open (partialArgs follow)
};

bool is_thought(const Value& part) {
    const Value* t = part.find("thought");
    return t && t->is_bool() && t->as_bool();
}

// Sets the member at a JSONPath-like "$.a.b[0]" (created as needed) and returns it, or nullptr
// for a path it cannot read.
Value* at_json_path(Value& root, std::string_view path) {
    if (path.empty() || path.front() != '$') return nullptr;
    path.remove_prefix(1);
    Value* at = &root;
    std::size_t depth = 0;
    while (!path.empty()) {
        if (++depth > kMaxPathDepth) return nullptr;
        if (path.front() == '.') {
            path.remove_prefix(1);
            std::size_t n = 0;
            while (n < path.size() && path[n] != '.' && path[n] != '[') ++n;
            if (n == 0) return nullptr;
            if (!at->is_object()) *at = Value::object();
            const std::string_view key = path.substr(0, n);
            Value* next = at->find(key);
            at = next ? next : &at->set(key, Value());
            path.remove_prefix(n);
        } else if (path.front() == '[') {
            const auto close = path.find(']');
            if (close == std::string_view::npos) return nullptr;
            std::string_view inside = path.substr(1, close - 1);
            path.remove_prefix(close + 1);
            if (inside.size() >= 2 && (inside.front() == '\'' || inside.front() == '"')) {
                const std::string_view key = inside.substr(1, inside.size() - 2);
                if (!at->is_object()) *at = Value::object();
                Value* next = at->find(key);
                at = next ? next : &at->set(key, Value());
                continue;
            }
            std::size_t i = 0;
            if (inside.empty() || inside.size() > 6) return nullptr;
            for (char c : inside) {
                if (c < '0' || c > '9') return nullptr;
                i = i * 10 + static_cast<std::size_t>(c - '0');
            }
            if (!at->is_array()) *at = Value::array();
            if (i > at->size()) return nullptr; // the next index at most: no sparse arrays
            while (at->size() <= i) at->push_back(Value());
            at = &(*at)[i];
        } else {
            return nullptr;
        }
    }
    return at;
}

void apply_partial_arg(Value& args, std::map<std::string, std::string>& strings, const Value& pa) {
    const Value& path = pa["jsonPath"];
    if (!path.is_string()) return;
    if (const Value* s = pa.find("stringValue"); s && s->is_string()) {
        // A string streams in pieces: each appends.
        strings[std::string(path.as_string())].append(s->as_string());
        return;
    }
    Value* target = at_json_path(args, path.as_string());
    if (!target) return;
    if (const Value* n = pa.find("numberValue"); n && n->is_number()) {
        *target = *n;
    } else if (const Value* b = pa.find("boolValue"); b && b->is_bool()) {
        *target = *b;
    } else if (pa.contains("nullValue")) {
        *target = Value();
    } else if (const Value* v = pa.find("value")) {
        *target = *v;
    }
}

// The call's arguments with its streamed strings set in.
Value arguments_of(const StreamCall& call, const std::map<std::string, std::string>* strings) {
    Value args = call.value;
    if (strings && !strings->empty()) {
        if (args.is_null()) args = Value::object();
        for (const auto& [path, text] : *strings)
            if (Value* target = at_json_path(args, path)) *target = Value(text);
    }
    return args.is_null() ? Value::object() : args;
}

class GeminiStream final : public StreamState {
public:
    using StreamState::StreamState;
    Format format() const noexcept override { return Format::Gemini; }

    Result<bool> on_chunk(const Value& chunk, std::string_view) override {
        if (chunk.contains("error") && !chunk["candidates"].is_array())
            return Error(ErrorKind::StreamError, "the stream carried an error event");
        if (chunk["responseId"].is_string()) id_ = std::string(chunk["responseId"].as_string());
        if (chunk["modelVersion"].is_string()) model_ = std::string(chunk["modelVersion"].as_string());
        if (chunk["usageMetadata"].is_object()) usage_ = chunk["usageMetadata"];
        std::size_t position = 0;
        for (const Value& cand : chunk["candidates"].items()) {
            std::int64_t index = static_cast<std::int64_t>(position++);
            cand["index"].get_int64(index);
            auto it = candidates_.find(index);
            if (it == candidates_.end()) {
                if (index < 0 || candidates_.size() >= options_.max_choices) return too_many("candidates");
                it = candidates_.emplace(index, Candidate{}).first;
                it->second.index = static_cast<std::size_t>(index);
            }
            Candidate& c = it->second;
            for (const Value& part : cand["content"]["parts"].items())
                if (auto r = add_part(c, part); !r) return r;
            if (cand["finishReason"].is_string()) {
                c.finish = std::string(cand["finishReason"].as_string());
                close_open(c);
            }
        }
        return true;
    }

    Value body() const override {
        Value candidates = Value::array();
        for (const auto& [index, c] : candidates_) {
            std::vector<Value> list = c.parts;
            for (std::size_t i = 0; i < list.size(); ++i)
                if (c.is_text[i]) list[i].set("text", c.texts[i]);
            for (std::size_t k = 0; k < c.calls.size(); ++k) {
                Value& fc = list[c.call_part[k]].set("functionCall", Value::object({{"name", c.calls[k].name}}));
                if (!c.calls[k].id.empty()) fc.set("id", c.calls[k].id);
                auto it = c.strings.find(k);
                fc.set("args", arguments_of(c.calls[k], it == c.strings.end() ? nullptr : &it->second));
            }
            Value parts = Value::array();
            for (auto& p : list) parts.push_back(std::move(p));
            Value cand = Value::object({{"index", static_cast<std::uint64_t>(c.index)}});
            cand.set("content", Value::object({{"parts", std::move(parts)}, {"role", "model"}}));
            if (!c.finish.empty()) cand.set("finishReason", c.finish);
            candidates.push_back(std::move(cand));
        }
        Value body = Value::object();
        body.set("candidates", std::move(candidates));
        if (usage_.is_object()) body.set("usageMetadata", usage_);
        if (!model_.empty()) body.set("modelVersion", model_);
        if (!id_.empty()) body.set("responseId", id_);
        return body;
    }

    const std::vector<StreamCall>* calls(std::size_t choice) const override {
        auto it = candidates_.find(static_cast<std::int64_t>(choice));
        return it == candidates_.end() ? nullptr : &it->second.calls;
    }

private:
    void close_call(Candidate& c, std::size_t k) {
        StreamCall& sc = c.calls[k];
        if (sc.closed) return;
        auto it = c.strings.find(k);
        sc.value = arguments_of(sc, it == c.strings.end() ? nullptr : &it->second);
        if (it != c.strings.end()) c.strings.erase(it);
        std::string text = sc.value.dump();
        sc.arguments.append(text);
        emit_call(DeltaKind::Arguments, c.index, k, sc, std::move(text));
        emit_done(c.index, k, sc);
    }

    void close_open(Candidate& c) {
        if (c.streaming && !c.calls.empty()) close_call(c, c.calls.size() - 1);
        c.streaming = false;
    }

    Result<bool> add_part(Candidate& c, const Value& part) {
        if (const Value& fc = part["functionCall"]; fc.is_object()) return add_call(c, fc, part);
        const Value* text = part.find("text");
        if (text && text->is_string()) {
            const bool thought = is_thought(part);
            if (!text->as_string().empty())
                emit(thought ? DeltaKind::Reasoning : DeltaKind::Text, c.index, std::string(text->as_string()));
            if (!c.parts.empty() && c.is_text.back() && is_thought(c.parts.back()) == thought) {
                c.texts.back().append(text->as_string());
                if (part["thoughtSignature"].is_string()) c.parts.back().set("thoughtSignature", part["thoughtSignature"]);
                return true;
            }
        }
        if (c.parts.size() >= options_.max_calls) return too_many("parts");
        const bool text_part = text && text->is_string();
        c.parts.push_back(part);
        c.texts.emplace_back(text_part ? std::string(text->as_string()) : std::string());
        c.is_text.push_back(text_part);
        return true;
    }

    Result<bool> add_call(Candidate& c, const Value& fc, const Value& part) {
        const bool has_name = fc["name"].is_string() && !fc["name"].as_string().empty();
        if (c.streaming && !has_name) { // the open call continues, or closes with {}
            StreamCall& sc = c.calls.back();
            if (part["thoughtSignature"].is_string())
                c.parts[c.call_part.back()].set("thoughtSignature", part["thoughtSignature"]);
            for (const Value& pa : fc["partialArgs"].items()) {
                if (sc.value.is_null()) sc.value = Value::object();
                apply_partial_arg(sc.value, c.strings[c.calls.size() - 1], pa);
            }
            if (fc["args"].is_object()) sc.value = fc["args"];
            const Value* more = fc.find("willContinue");
            if (!(more && more->is_bool() && more->as_bool())) close_open(c);
            return true;
        }
        close_open(c);
        if (c.calls.size() >= options_.max_calls) return too_many("tool calls");
        StreamCall sc;
        sc.name = has_name ? std::string(fc["name"].as_string()) : std::string();
        if (fc["id"].is_string()) sc.id = std::string(fc["id"].as_string());
        const std::size_t k = c.calls.size();
        c.call_part.push_back(c.parts.size());
        c.parts.push_back(part);
        c.texts.emplace_back();
        c.is_text.push_back(false);
        c.calls.push_back(std::move(sc));
        StreamCall& added = c.calls.back();
        emit_call(DeltaKind::ToolCall, c.index, k, added);
        if (fc["args"].is_object() || fc["args"].is_array()) added.value = fc["args"];
        for (const Value& pa : fc["partialArgs"].items()) {
            if (added.value.is_null()) added.value = Value::object();
            apply_partial_arg(added.value, c.strings[k], pa);
        }
        const Value* more = fc.find("willContinue");
        if (more && more->is_bool() && more->as_bool()) c.streaming = true;
        else close_call(c, k);
        return true;
    }

    std::string id_, model_;
    Value usage_;
    std::map<std::int64_t, Candidate> candidates_;
};

} // namespace

std::unique_ptr<StreamState> make_gemini_stream(const StreamOptions& o, std::vector<StreamDelta>& out) {
    return std::make_unique<GeminiStream>(o, out);
}

} // namespace laminate::toolcall::detail
