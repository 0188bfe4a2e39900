#pragma once
// laminate::lm cassettes — record a provider's answers once, replay them in tests without a
// network:
//
//   // Once, against the real provider (e.g. behind an environment variable):
//   laminate::lm::RecordingProvider recorder{real_provider, "tests/cassettes/classify.json"};
//   run_the_program_with(recorder);                    // every answer is written as it arrives
//
//   // In the test, from then on:
//   laminate::lm::ReplayProvider replay{"tests/cassettes/classify.json"};
//   run_the_program_with(replay);                      // same requests, same answers
//
// Semantics:
// * A cassette is a JSON file: {"laminate_cassette": 1, "provider": {name, model,
//   capabilities}, "interactions": [{"request": ..., "response": ...}, ...]}.
// * The request is stored canonicalized (canonical_request): model (as the request names it;
//   empty means the provider's own), messages (role, content, tool calls, tool call id),
//   strategy, schema (name, strict, the schema), tools, tool_choice, temperature and
//   max_tokens. Two requests match when these are equal as JSON values (member order aside,
//   numbers by value). No HTTP header, API key or provider configuration is ever written: a
//   Provider does not hand them out, and the cassette stores only requests and answers.
// * The response is stored with what rebuilds the toolcall::Response of its primary choice:
//   id, model, format, text, reasoning, tool calls (id, name, arguments as sent), finish reason
//   (and the provider's word), usage. Other choices and the reading diagnostics are not kept;
//   tool-call arguments are read again on replay, so their diagnostics come back.
// * RecordingProvider forwards to `inner`, and after each successful call rewrites the whole
//   file (written beside it, then renamed, so it is never half written). A failed call is
//   passed through and not recorded. It starts a new cassette (an existing file is replaced at
//   the first recorded call). Writing problems are kept in write_error().
// * ReplayProvider reads the file once. A request matching a recorded one gets its answer
//   (latency 0, one HTTP attempt); the same request recorded several times is answered in the
//   recorded order, the last answer repeating once they are used up. A request not in the
//   cassette fails with ProviderError::Reason::NotRecorded and a message naming the cassette
//   file, never the request's content. A missing file fails every call with NotRecorded; a file
//   that is no cassette with MalformedResponse. A requested stop fails with Cancelled. When
//   CallOptions::on_delta is set, the answer is handed over as deltas (text, reasoning, then one
//   tool_call_done per call).
// * Both are thread-safe.

#include <laminate/lm/provider.hpp>
#include <laminate/value.hpp>

#include <cstddef>
#include <filesystem>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace laminate::lm {

// The request as a cassette stores and matches it.
Value canonical_request(const ChatRequest& request);
// A response as a cassette stores it, and back.
Value cassette_response(const toolcall::Response& response);
Result<toolcall::Response, ProviderError> response_from_cassette(const Value& stored);

class RecordingProvider final : public Provider {
public:
    // `inner` must outlive the recorder.
    RecordingProvider(Provider& inner, std::filesystem::path path);

    std::string_view name() const noexcept override { return inner_->name(); }
    const std::string& model() const noexcept override { return inner_->model(); }
    Capabilities capabilities() const noexcept override { return inner_->capabilities(); }
    Result<Completion, ProviderError> complete(const ChatRequest& request, const CallOptions& options) override;
    std::string server_address() const override { return inner_->server_address(); }
    int server_port() const override { return inner_->server_port(); }

    // Interactions recorded so far.
    std::size_t size() const;
    // Why the last write failed, or nullopt when it did not.
    std::optional<std::string> write_error() const;

private:
    Provider* inner_;
    std::filesystem::path path_;
    mutable std::mutex mu_;
    Value interactions_ = Value::array();
    std::optional<std::string> write_error_;
};

class ReplayProvider final : public Provider {
public:
    explicit ReplayProvider(const std::filesystem::path& path);

    std::string_view name() const noexcept override { return name_; }
    const std::string& model() const noexcept override { return model_; }
    Capabilities capabilities() const noexcept override { return capabilities_; }
    Result<Completion, ProviderError> complete(const ChatRequest& request, const CallOptions& options) override;

    // Why the cassette could not be read (every call then fails with it), or nullopt.
    const std::optional<ProviderError>& load_error() const noexcept { return load_error_; }
    // Interactions in the cassette.
    std::size_t size() const noexcept { return entries_.size(); }

private:
    struct Entry {
        Value request;
        Value response;
        bool used = false;
    };
    std::string file_name_;
    std::string name_;
    std::string model_;
    Capabilities capabilities_;
    std::optional<ProviderError> load_error_;
    std::mutex mu_;
    std::vector<Entry> entries_;
};

} // namespace laminate::lm
