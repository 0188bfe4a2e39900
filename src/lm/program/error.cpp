// lm::Error: the printed forms (never the model's words) and the repair feedback (for the model).
#include <laminate/lm/error.hpp>

#include <algorithm>
#include <ostream>
#include <set>

namespace laminate::lm {

std::string_view error_kind_name(ErrorKind kind) noexcept {
    switch (kind) {
    case ErrorKind::Provider: return "provider";
    case ErrorKind::InvalidInput: return "invalid_input";
    case ErrorKind::Refusal: return "refusal";
    case ErrorKind::Truncated: return "truncated";
    case ErrorKind::InvalidJson: return "invalid_json";
    case ErrorKind::SchemaViolation: return "schema_violation";
    case ErrorKind::Deserialize: return "deserialize";
    case ErrorKind::Validation: return "validation";
    case ErrorKind::RetryLimitExceeded: return "retry_limit_exceeded";
    case ErrorKind::BudgetExceeded: return "budget_exceeded";
    }
    return "provider";
}

namespace detail {
namespace {

// Every property name the schema declares: path steps the caller wrote, safe to print.
void collect_keys(const Value& schema, std::set<std::string, std::less<>>& keys, int depth = 0) {
    if (depth > 256) return;
    if (schema.is_array()) {
        for (const Value& item : schema.items()) collect_keys(item, keys, depth + 1);
        return;
    }
    if (!schema.is_object()) return;
    for (const auto& m : schema.members()) {
        if ((m.key() == "properties" || m.key() == "dependentRequired") && m.value.is_object())
            for (const auto& p : m.value.members()) keys.emplace(p.key());
        if (m.key() == "required" && m.value.is_array())
            for (const Value& r : m.value.items())
                if (r.is_string()) keys.emplace(r.as_string());
        collect_keys(m.value, keys, depth + 1);
    }
}

// A path with every key the schema does not declare replaced by `*`: "items[0].*".
std::string safe_path(std::string_view path, const std::set<std::string, std::less<>>& keys) {
    std::string out;
    std::size_t i = 0;
    auto put_key = [&](std::string_view key) {
        if (keys.contains(key)) append_path_key(out, key);
        else out += out.empty() ? "*" : ".*"; // a bare `*`: no key is spelled so
    };
    while (i < path.size()) {
        char c = path[i];
        if (c == '.') {
            ++i;
            continue;
        }
        if (c == '[') {
            if (i + 1 < path.size() && (path[i + 1] == '"' || path[i + 1] == '\'')) {
                // A quoted key: its end is the matching quote not escaped, then ']'.
                const char quote = path[i + 1];
                std::string key;
                std::size_t j = i + 2;
                while (j < path.size() && path[j] != quote) {
                    if (path[j] == '\\' && j + 1 < path.size()) ++j;
                    key += path[j++];
                }
                // Escapes are not decoded: an escaped key is never a declared one we print.
                put_key(key);
                i = std::min(path.size(), j + 2);
            } else {
                std::size_t j = path.find(']', i);
                if (j == std::string_view::npos) j = path.size() - 1;
                out.append(path.substr(i, j - i + 1));
                i = j + 1;
            }
            continue;
        }
        std::size_t j = i;
        while (j < path.size() && path[j] != '.' && path[j] != '[') ++j;
        put_key(path.substr(i, j - i));
        i = j;
    }
    return out;
}

// The message without the instance: everything from the last ", got " on is cut.
std::string without_instance(std::string_view message) {
    const auto at = message.rfind(", got ");
    return std::string(at == std::string_view::npos ? message : message.substr(0, at));
}

std::string kinds_list(const std::vector<Error>& attempts) {
    std::string out;
    for (const Error& e : attempts) {
        if (!out.empty()) out += ", ";
        out += e.kind_name();
    }
    return out;
}

} // namespace
} // namespace detail

Error Error::provider(ProviderError error) {
    Error e(ErrorKind::Provider);
    e.message_ = error.to_string();
    e.provider_error_ = std::move(error);
    return e;
}

Error Error::invalid_input(std::string reason) {
    Error e(ErrorKind::InvalidInput);
    e.message_ = "input cannot be serialized: " + reason;
    e.detail_ = std::move(reason);
    return e;
}

Error Error::refusal(std::string model, std::string refusal_text, std::string raw_answer) {
    Error e(ErrorKind::Refusal);
    e.message_ = "model " + (model.empty() ? std::string("(unnamed)") : model) + " refused to answer";
    e.model_ = std::move(model);
    e.detail_ = std::move(refusal_text);
    e.raw_answer_ = std::move(raw_answer);
    return e;
}

Error Error::truncated(std::string model, std::string raw_answer) {
    Error e(ErrorKind::Truncated);
    e.message_ = "answer of model " + (model.empty() ? std::string("(unnamed)") : model) + " was truncated";
    e.model_ = std::move(model);
    e.raw_answer_ = std::move(raw_answer);
    return e;
}

Error Error::invalid_json(std::string reason, std::string raw_answer) {
    Error e(ErrorKind::InvalidJson);
    e.message_ = "answer is not valid JSON: " + reason;
    e.detail_ = std::move(reason);
    e.raw_answer_ = std::move(raw_answer);
    return e;
}

Error Error::schema_violation(std::vector<Violation> violations, std::string raw_answer, const Value& schema) {
    Error e(ErrorKind::SchemaViolation);
    std::set<std::string, std::less<>> keys;
    detail::collect_keys(schema, keys);
    constexpr std::size_t shown = 5;
    std::string out = "answer violates the output schema at ";
    for (std::size_t i = 0; i < violations.size() && i < shown; ++i) {
        if (i) out += "; ";
        out += display_path(detail::safe_path(violations[i].path, keys));
        out += ": ";
        out += detail::without_instance(violations[i].message);
    }
    if (violations.size() > shown) out += "; and " + std::to_string(violations.size() - shown) + " more";
    e.message_ = std::move(out);
    e.violations_ = std::move(violations);
    e.raw_answer_ = std::move(raw_answer);
    return e;
}

Error Error::deserialize(laminate::Error shape_error, std::string raw_answer) {
    Error e(ErrorKind::Deserialize);
    e.message_ = "answer does not deserialize into the output type";
    e.shape_error_ = std::move(shape_error);
    e.raw_answer_ = std::move(raw_answer);
    return e;
}

Error Error::validation(std::vector<std::string> messages, std::string raw_answer) {
    Error e(ErrorKind::Validation);
    e.message_ = "answer failed validation: " + std::to_string(messages.size()) +
                 (messages.size() == 1 ? " rule message" : " rule messages");
    e.rule_messages_ = std::move(messages);
    e.raw_answer_ = std::move(raw_answer);
    return e;
}

Error Error::retry_limit_exceeded(std::vector<Error> attempts) {
    Error e(ErrorKind::RetryLimitExceeded);
    e.message_ = "no valid answer after " + std::to_string(attempts.size()) +
                 (attempts.size() == 1 ? " attempt: " : " attempts: ") + detail::kinds_list(attempts);
    if (!attempts.empty()) e.message_ += "; last error: " + attempts.back().message();
    e.attempts_ = std::move(attempts);
    return e;
}

Error Error::budget_exceeded(std::uint64_t budget, std::uint64_t used, std::vector<Error> attempts) {
    Error e(ErrorKind::BudgetExceeded);
    e.message_ = "token budget of " + std::to_string(budget) + " exhausted: " + std::to_string(used) +
                 " tokens used in " + std::to_string(attempts.size()) +
                 (attempts.size() == 1 ? " attempt" : " attempts");
    if (!attempts.empty()) e.message_ += ": " + detail::kinds_list(attempts);
    e.budget_ = budget;
    e.used_ = used;
    e.attempts_ = std::move(attempts);
    return e;
}

bool Error::repairable() const noexcept {
    switch (kind_) {
    case ErrorKind::InvalidJson:
    case ErrorKind::SchemaViolation:
    case ErrorKind::Deserialize:
    case ErrorKind::Validation: return true;
    default: return false;
    }
}

std::string feedback_message(const Violation& v) {
    // laminate's messages name an instance's type where TypedLM quotes it; the model is told the
    // value (cut short, as the excerpt is).
    static constexpr std::string_view described[] = {", got a string", ", got an array", ", got an object"};
    for (std::string_view suffix : described) {
        if (!v.excerpt.empty() && v.message.size() >= suffix.size() &&
            std::string_view(v.message).substr(v.message.size() - suffix.size()) == suffix)
            return v.message.substr(0, v.message.size() - suffix.size()) + ", got " + v.excerpt;
    }
    return v.message;
}

std::string Error::repair_details() const {
    std::string out;
    switch (kind_) {
    case ErrorKind::InvalidJson:
        out = "It is not valid JSON (" + detail_ + "). Respond with a single JSON value only.";
        break;
    case ErrorKind::SchemaViolation:
        out = "It violates the output schema:";
        for (const Violation& v : violations_) out += "\n- " + display_path(v.path) + ": " + feedback_message(v);
        break;
    case ErrorKind::Deserialize:
        out = "It does not match the expected structure: " +
              (shape_error_ ? shape_error_->to_string() : std::string("the value has the wrong shape"));
        break;
    case ErrorKind::Validation:
        out = "It fails validation:";
        for (const std::string& m : rule_messages_) out += "\n- " + m;
        break;
    default: break;
    }
    return out;
}

std::string Error::repair_feedback() const {
    if (!repairable()) return {};
    return "Your previous response does not satisfy the output contract. " + repair_details() +
           "\nReturn a corrected response.";
}

std::ostream& operator<<(std::ostream& os, const Error& e) { return os << e.message(); }

} // namespace laminate::lm
