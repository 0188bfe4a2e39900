// The call every HTTP provider makes: build the request, send it through the HttpClient (with
// a stream sink when on_delta is set), read the body or the assembled stream into a Response.
#include "common.hpp"

#include <laminate/toolcall/providers.hpp>
#include <laminate/toolcall/stream.hpp>

#include <chrono>
#include <exception>

namespace laminate::lm {

namespace detail {

std::string system_text(const std::vector<Message>& messages) {
    std::string out;
    for (const Message& m : messages) {
        if (m.role != Role::System) continue;
        if (!out.empty()) out += "\n\n";
        out += m.content;
    }
    return out;
}

std::string arguments_text(const toolcall::ToolCall& call) {
    if (!call.arguments.is_null()) return call.arguments.dump();
    return call.raw_arguments.empty() ? std::string("{}") : call.raw_arguments;
}

Value arguments_object(const toolcall::ToolCall& call) {
    if (call.arguments.is_object()) return call.arguments;
    return Value::object();
}

std::string tool_name_for(const std::vector<Message>& messages, std::size_t tool_index) {
    const std::string& id = messages[tool_index].tool_call_id;
    for (std::size_t i = tool_index; i-- > 0;)
        for (const auto& call : messages[i].tool_calls)
            if (call.id == id) return call.name;
    return {};
}

ProviderError invalid_request(std::string message) {
    return ProviderError{.reason = ProviderError::Reason::InvalidRequest, .message = std::move(message)};
}

std::string env(const char* name) {
    const char* v = std::getenv(name);
    return v ? std::string(v) : std::string();
}

ProviderOptions openai_options(std::string model, ProviderOptions options) {
    options.model = std::move(model);
    if (options.base_url.empty()) options.base_url = env("OPENAI_BASE_URL");
    if (options.api_key.empty()) options.api_key = env("OPENAI_API_KEY");
    if (options.api_key_env.empty()) options.api_key_env = "OPENAI_API_KEY";
    return options;
}

std::vector<Header> bearer(const std::string& api_key) {
    if (api_key.empty()) return {};
    return {{"Authorization", "Bearer " + api_key}};
}

Result<const Value*, ProviderError> native_schema(const ChatRequest& request) {
    if (!request.output_schema) return invalid_request("the native_schema strategy needs an output schema");
    return &*request.output_schema;
}

namespace {

std::string trim_slash(std::string url) {
    while (!url.empty() && url.back() == '/') url.pop_back();
    return url;
}

// scheme://host[:port]/... -> host and port (the scheme's default when absent).
std::pair<std::string, int> host_port(std::string_view url) {
    int port = 0;
    if (url.starts_with("https://")) {
        port = 443;
        url.remove_prefix(8);
    } else if (url.starts_with("http://")) {
        port = 80;
        url.remove_prefix(7);
    }
    url = url.substr(0, url.find('/'));
    if (const auto at = url.rfind('@'); at != std::string_view::npos) url.remove_prefix(at + 1);
    std::string_view host = url;
    if (!url.empty() && url.front() == '[') { // [::1]:8080
        const auto close = url.find(']');
        host = url.substr(1, close == std::string_view::npos ? url.size() - 1 : close - 1);
        url = close == std::string_view::npos ? std::string_view{} : url.substr(close + 1);
        if (url.starts_with(':')) port = std::atoi(std::string(url.substr(1)).c_str());
        return {std::string(host), port};
    }
    if (const auto colon = url.rfind(':'); colon != std::string_view::npos) {
        host = url.substr(0, colon);
        port = std::atoi(std::string(url.substr(colon + 1)).c_str());
    }
    return {std::string(host), port};
}

} // namespace

// Why a stream could not be read: its error kind, never its text.
std::string stream_failure(toolcall::Format fmt, std::string_view kind) {
    if (kind == "stream_error") return "the stream carried an error event or a chunk that is not JSON (stream_error)";
    return "the stream is not a " + std::string(toolcall::format_name(fmt)) + " stream (" + std::string(kind) + ")";
}

namespace {

ProviderError malformed(std::string message, std::string body, std::size_t attempts) {
    return ProviderError{.reason = ProviderError::Reason::MalformedResponse, .message = std::move(message),
                         .status = 200, .body = std::move(body), .http_attempts = attempts};
}

} // namespace
} // namespace detail

HttpProvider::HttpProvider(ProviderOptions options, std::string_view default_base_url, std::string_view default_name,
                           Capabilities default_capabilities)
    : options_(std::move(options)), capabilities_(options_.capabilities.value_or(default_capabilities)) {
    if (options_.base_url.empty()) options_.base_url = default_base_url;
    options_.base_url = detail::trim_slash(options_.base_url);
    if (options_.name.empty()) options_.name = default_name;
    if (!options_.client) options_.client = std::make_shared<HttpClient>(options_.http);
}

HttpProvider::~HttpProvider() = default;
HttpProvider::HttpProvider(HttpProvider&&) noexcept = default;
HttpProvider& HttpProvider::operator=(HttpProvider&&) noexcept = default;

std::string_view HttpProvider::name() const noexcept { return options_.name; }
const std::string& HttpProvider::model() const noexcept { return options_.model; }
Capabilities HttpProvider::capabilities() const noexcept { return capabilities_; }
std::string HttpProvider::server_address() const { return detail::host_port(options_.base_url).first; }
int HttpProvider::server_port() const { return detail::host_port(options_.base_url).second; }

const std::string& HttpProvider::model_for(const ChatRequest& request) const noexcept {
    return request.model.empty() ? options_.model : request.model;
}

Result<HttpRequest, ProviderError> HttpProvider::build_request(const ChatRequest& request, bool stream) const {
    if (options_.api_key.empty() && !options_.api_key_env.empty())
        return detail::invalid_request("no API key: set " + options_.api_key_env);
    if (model_for(request).empty()) return detail::invalid_request("no model: set ProviderOptions::model or ChatRequest::model");
    auto body = request_body(request, stream);
    if (!body) return std::move(body).error();
    HttpRequest http{.method = "POST", .url = options_.base_url + endpoint(request, stream)};
    http.headers = auth_headers();
    http.headers.emplace_back("Content-Type", "application/json");
    if (stream) http.headers.emplace_back("Accept", format() == toolcall::Format::Ollama ? "application/x-ndjson" : "text/event-stream");
    for (const auto& h : options_.headers) http.headers.push_back(h);
    http.body = body->dump();
    return http;
}

Result<Completion, ProviderError> HttpProvider::complete(const ChatRequest& request, const CallOptions& call) {
    const bool stream = static_cast<bool>(call.on_delta) && capabilities_.streaming;
    auto http = build_request(request, stream);
    if (!http) return std::move(http).error();
    const auto started = std::chrono::steady_clock::now();
    const std::string_view secret = options_.api_key;
    const toolcall::Format fmt = format();

    if (!stream) {
        auto sent = options_.client->send(*http, call.stop, {}, secret);
        if (!sent) return std::move(sent).error();
        auto read = toolcall::read_response(sent->body, fmt);
        if (!read)
            return detail::malformed("the body is not a " + std::string(toolcall::format_name(fmt)) + " response (" +
                                         std::string(read.error().kind_name()) + ")",
                                     std::move(sent->body), sent->attempts);
        Completion done{.response = std::move(*read), .latency = std::chrono::steady_clock::now() - started,
                        .http_attempts = sent->attempts};
        return done;
    }

    toolcall::StreamAssembler assembler(fmt);
    std::string transcript; // kept (capped) for ProviderError::body when the stream is unreadable
    std::exception_ptr thrown;
    const std::size_t keep = std::size_t(1) << 20;
    BodySink sink = [&](std::string_view chunk) -> std::optional<ProviderError> {
        if (transcript.size() < keep) transcript.append(chunk.substr(0, keep - transcript.size()));
        auto fed = assembler.feed(chunk);
        if (!fed) return detail::malformed(detail::stream_failure(fmt, fed.error().kind_name()), transcript, 0);
        if (*fed > 0) {
            // on_delta runs inside libcurl's write callback: an exception must not unwind
            // through C code. It is held, the transfer aborted, and rethrown below.
            try {
                for (const auto& delta : assembler.take_deltas()) call.on_delta(delta);
            } catch (...) {
                thrown = std::current_exception();
                return ProviderError{.reason = ProviderError::Reason::Cancelled, .message = "on_delta threw"};
            }
        }
        return std::nullopt;
    };
    auto sent = options_.client->send(*http, call.stop, sink, secret);
    if (thrown) std::rethrow_exception(thrown);
    if (!sent) {
        ProviderError e = std::move(sent).error();
        if (e.reason == ProviderError::Reason::MalformedResponse && e.body.empty()) e.body = transcript;
        return e;
    }
    auto finished = assembler.finish();
    if (!finished)
        return detail::malformed(detail::stream_failure(fmt, finished.error().kind_name()), std::move(transcript),
                                 sent->attempts);
    for (const auto& delta : assembler.take_deltas()) call.on_delta(delta);
    if (finished->finish().reason == toolcall::FinishReason::None)
        return ProviderError{.reason = ProviderError::Reason::Transport,
                             .message = "the stream ended before the response was complete",
                             .status = sent->status, .body = std::move(transcript), .http_attempts = sent->attempts};
    Completion done{.response = std::move(*finished), .latency = std::chrono::steady_clock::now() - started,
                    .http_attempts = sent->attempts};
    return done;
}

} // namespace laminate::lm
