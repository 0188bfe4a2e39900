// The pure parts of the transport: Retry-After, backoff, which statuses retry, and the safe
// message of a status error.
#include <laminate/lm/http.hpp>
#include <laminate/parse.hpp>

#include <curl/curl.h>

#include <algorithm>
#include <cctype>
#include <cmath>

namespace laminate::lm {

namespace {

std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r' || s.back() == '\n'))
        s.remove_suffix(1);
    return s;
}

bool iequals(std::string_view a, std::string_view b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (std::tolower(static_cast<unsigned char>(a[i])) != std::tolower(static_cast<unsigned char>(b[i])))
            return false;
    return true;
}

bool looks_like_key(std::string_view word) {
    if (word.starts_with("sk-") || word.starts_with("AIza") || word.starts_with("sk_")) return word.size() >= 8;
    return word.find("***") != std::string_view::npos;
}

} // namespace

const std::string* HttpResponse::header(std::string_view name) const noexcept {
    for (const auto& [key, value] : headers)
        if (iequals(key, name)) return &value;
    return nullptr;
}

std::optional<std::chrono::milliseconds> parse_retry_after(std::string_view value,
                                                           std::chrono::system_clock::time_point now) {
    value = trim(value);
    if (value.empty()) return std::nullopt;
    if (std::all_of(value.begin(), value.end(), [](char c) { return c >= '0' && c <= '9'; })) {
        // delta-seconds; anything past a day is a day (the caller caps it far lower anyway).
        std::uint64_t seconds = 0;
        for (const char c : value) {
            seconds = seconds * 10 + static_cast<std::uint64_t>(c - '0');
            if (seconds > 86'400) return std::chrono::milliseconds(86'400'000);
        }
        return std::chrono::milliseconds(seconds * 1000);
    }
    // An HTTP-date. curl_getdate reads all three forms RFC 9110 allows; it is pure computation.
    const std::string text(value);
    if (text.size() > 64) return std::nullopt;
    const time_t when = curl_getdate(text.c_str(), nullptr);
    if (when == -1) return std::nullopt;
    const auto at = std::chrono::system_clock::from_time_t(when);
    if (at <= now) return std::chrono::milliseconds(0);
    return std::chrono::duration_cast<std::chrono::milliseconds>(at - now);
}

std::chrono::milliseconds backoff_delay(std::size_t attempt, const RetryPolicy& policy, std::mt19937_64& rng) {
    const double initial = static_cast<double>(policy.initial_backoff.count());
    const double cap_ms = static_cast<double>(policy.max_backoff.count());
    const double exponent = static_cast<double>(attempt == 0 ? 0 : attempt - 1);
    double ceiling = initial * std::pow(std::max(policy.multiplier, 1.0), std::min(exponent, 64.0));
    if (!(ceiling <= cap_ms)) ceiling = cap_ms; // also catches inf
    if (ceiling <= 0) return std::chrono::milliseconds(0);
    std::uniform_real_distribution<double> jitter(0.0, ceiling);
    return std::chrono::milliseconds(static_cast<std::int64_t>(jitter(rng)));
}

bool is_retryable_status(int status) noexcept { return status == 408 || status == 429 || (status >= 500 && status <= 599); }

std::string redact_secrets(std::string_view text, std::string_view secret) {
    std::string out(text);
    if (secret.size() >= 4) {
        for (std::size_t at = out.find(secret); at != std::string::npos; at = out.find(secret, at))
            out.replace(at, secret.size(), "[redacted]");
    }
    // Words that look like keys (a provider's "Incorrect API key provided: sk-ab***yz").
    std::string result;
    result.reserve(out.size());
    std::size_t i = 0;
    while (i < out.size()) {
        if (out[i] == ' ' || out[i] == '"' || out[i] == '\'' || out[i] == '\n' || out[i] == ',' ||
            out[i] == '(' || out[i] == ')') {
            result.push_back(out[i++]);
            continue;
        }
        std::size_t end = i;
        while (end < out.size() && out[end] != ' ' && out[end] != '"' && out[end] != '\'' && out[end] != '\n' &&
               out[end] != ',' && out[end] != '(' && out[end] != ')')
            ++end;
        std::string_view word(out.data() + i, end - i);
        while (!word.empty() && (word.back() == '.' || word.back() == ':' || word.back() == ';')) word.remove_suffix(1);
        if (looks_like_key(word)) {
            result += "[redacted]";
            result.append(out, i + word.size(), end - i - word.size());
        } else {
            result.append(out, i, end - i);
        }
        i = end;
    }
    return result;
}

namespace {

// The provider's own error message from a JSON error body: {"error": {"message": ...}} (OpenAI,
// Anthropic, Gemini), {"error": "..."} (Ollama) or {"message": ...}.
std::optional<std::string> json_error_message(std::string_view body) {
    if (body.size() > (std::size_t(1) << 20)) return std::nullopt;
    auto parsed = parse(body, {.repair = false, .max_depth = 64});
    if (!parsed || !parsed->value.is_object()) return std::nullopt;
    const Value& v = parsed->value;
    const Value* error = v.find("error");
    if (error && error->is_string()) return std::string(error->as_string());
    if (error && error->is_object()) {
        if (const Value* m = error->find("message"); m && m->is_string()) return std::string(m->as_string());
        if (const Value* t = error->find("type"); t && t->is_string()) return std::string(t->as_string());
    }
    if (const Value* m = v.find("message"); m && m->is_string()) return std::string(m->as_string());
    if (const Value* d = v.find("detail"); d && d->is_string()) return std::string(d->as_string());
    return std::nullopt;
}

std::string_view reason_phrase(int status) {
    switch (status) {
    case 400: return "Bad Request";
    case 401: return "Unauthorized";
    case 403: return "Forbidden";
    case 404: return "Not Found";
    case 408: return "Request Timeout";
    case 409: return "Conflict";
    case 413: return "Payload Too Large";
    case 422: return "Unprocessable Entity";
    case 429: return "Too Many Requests";
    case 500: return "Internal Server Error";
    case 502: return "Bad Gateway";
    case 503: return "Service Unavailable";
    case 504: return "Gateway Timeout";
    case 529: return "Overloaded";
    default: return "";
    }
}

} // namespace

ProviderError status_error(int status, std::string_view body, std::string_view content_type, std::string_view secret) {
    ProviderError e{.reason = ProviderError::Reason::Status, .status = status, .body = std::string(body)};
    if (auto message = json_error_message(body)) {
        std::string m = redact_secrets(*message, secret);
        if (m.size() > 300) {
            std::size_t cut = 300;
            while (cut > 0 && (static_cast<unsigned char>(m[cut]) & 0xC0) == 0x80) --cut; // keep UTF-8 whole
            m.resize(cut);
            m += "...";
        }
        for (char& c : m)
            if (c == '\n' || c == '\r') c = ' ';
        e.message = std::move(m);
        return e;
    }
    std::string m(reason_phrase(status));
    if (m.empty()) m = "HTTP error";
    if (!body.empty()) {
        const bool html = content_type.find("html") != std::string_view::npos ||
                          trim(body).starts_with("<");
        m += " (";
        m += html ? "an HTML page" : "a body";
        m += " of " + std::to_string(body.size()) + " bytes, not shown)";
    }
    e.message = std::move(m);
    return e;
}

} // namespace laminate::lm
