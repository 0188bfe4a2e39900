#pragma once
// laminate::lm::Error — why a model call did not give a valid output, as a value with a stable
// kind name. Every step of the output pipeline (output.hpp) and the program's repair loop
// (program.hpp) ends in one of these:
//
//   auto r = classify.run({.text = "..."});
//   if (!r) {
//       std::cerr << r.error() << '\n';              // safe to log: never the model's words
//       if (r.error().kind() == laminate::lm::ErrorKind::SchemaViolation)
//           for (const auto& v : r.error().violations()) ...;   // every violation, with its path
//   }
//
// Kinds (kind_name()): provider, invalid_input, refusal, truncated, invalid_json,
// schema_violation, deserialize, validation, retry_limit_exceeded, budget_exceeded.
//
// Printing (to_string(), operator<<) never shows model output, values quoted from it, keys the
// model invented, request bodies or API keys:
// * schema_violation prints each violation by path and message with the ", got ..." part cut
//   off, and a path step that is no property name of the schema is printed as `*` (a key the
//   model made up may be anything, a secret included);
// * validation prints how many rules failed, not their messages (a rule may quote the answer);
// * deserialize prints a fixed sentence; the shaping error is kept in shape_error().
// What the model said stays in fields: raw_answer(), refusal_text(), violations() (with their
// excerpts), validation_errors(). repair_feedback() is the text sent back to the model in a repair
// round: it is for the model and does quote values ("$.items[2].quantity: expected a value <= 255,
// got 300").

#include <laminate/error.hpp>
#include <laminate/lm/provider.hpp>
#include <laminate/schema.hpp>

#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace laminate::lm {

enum class ErrorKind : unsigned char {
    Provider,           // the provider failed (transport, status, malformed body, ...)
    InvalidInput,       // the input could not be turned into a request
    Refusal,            // the model refused (a refusal block or finish reason, a content filter)
    Truncated,          // the answer was cut off (finish reason length): never repaired
    InvalidJson,        // no JSON value could be read from the answer (an unclosed one included)
    SchemaViolation,    // the value breaks the output schema: every violation, with its path
    Deserialize,        // the value fits the schema but not the C++ output type
    Validation,         // the signature's own rules failed: their messages
    RetryLimitExceeded, // every attempt failed a repairable check: each attempt's error kept
    BudgetExceeded,     // the program's token budget ran out before a valid answer
};

// "provider", "invalid_input", "refusal", "truncated", "invalid_json", "schema_violation",
// "deserialize", "validation", "retry_limit_exceeded", "budget_exceeded".
std::string_view error_kind_name(ErrorKind kind) noexcept;

class Error {
public:
    // ---- construction (one factory per kind) --------------------------------------------------
    static Error provider(ProviderError error);
    static Error invalid_input(std::string reason); // reason: safe to print
    static Error refusal(std::string model, std::string refusal_text, std::string raw_answer);
    static Error truncated(std::string model, std::string raw_answer);
    // reason: laminate's own words (never a quote of the text), e.g. "no JSON object or array found".
    static Error invalid_json(std::string reason, std::string raw_answer);
    // `schema` is the document the violations are of: its property names are the path steps
    // printed as they are.
    static Error schema_violation(std::vector<Violation> violations, std::string raw_answer, const Value& schema);
    static Error deserialize(laminate::Error shape_error, std::string raw_answer);
    static Error validation(std::vector<std::string> messages, std::string raw_answer);
    static Error retry_limit_exceeded(std::vector<Error> attempts);
    static Error budget_exceeded(std::uint64_t budget, std::uint64_t used, std::vector<Error> attempts);

    ErrorKind kind() const noexcept { return kind_; }
    std::string_view kind_name() const noexcept { return error_kind_name(kind_); }

    // The printed form (see the top of this header): safe to log.
    const std::string& message() const noexcept { return message_; }
    std::string to_string() const { return message_; }

    // invalid_json, schema_violation, deserialize and validation can be sent back to the model.
    bool repairable() const noexcept;
    // For a repairable error, the repair turn's text:
    // "Your previous response does not satisfy the output contract. {details}\nReturn a corrected response."
    // Empty otherwise.
    std::string repair_feedback() const;
    // Only the {details} part ("It violates the output schema:\n- $.a: ...").
    std::string repair_details() const;

    // ---- what is kept ------------------------------------------------------------------------
    const std::string& raw_answer() const noexcept { return raw_answer_; } // the model's text or arguments
    const std::string& model() const noexcept { return model_; }           // refusal, truncated
    const std::string& refusal_text() const noexcept { return detail_; }   // refusal
    const std::string& reason() const noexcept { return detail_; }         // invalid_json, invalid_input
    const std::vector<Violation>& violations() const noexcept { return violations_; }
    const std::vector<std::string>& validation_errors() const noexcept { return rule_messages_; }
    const std::optional<laminate::Error>& shape_error() const noexcept { return shape_error_; }
    const std::optional<ProviderError>& provider_error() const noexcept { return provider_error_; }
    // retry_limit_exceeded, budget_exceeded: the error of every attempt, in order.
    const std::vector<Error>& attempts() const noexcept { return attempts_; }
    std::uint64_t budget() const noexcept { return budget_; }
    std::uint64_t tokens_used() const noexcept { return used_; }

private:
    explicit Error(ErrorKind kind) : kind_(kind) {}
    ErrorKind kind_;
    std::string message_;
    std::string raw_answer_;
    std::string model_;
    std::string detail_;
    std::vector<Violation> violations_;
    std::vector<std::string> rule_messages_;
    std::optional<laminate::Error> shape_error_;
    std::optional<ProviderError> provider_error_;
    std::vector<Error> attempts_;
    std::uint64_t budget_ = 0, used_ = 0;
};

std::ostream& operator<<(std::ostream& os, const Error& e);

// A violation's message as sent to the model: the instance quoted where laminate's message only
// names its type ("got a string" -> got "VERY_HIGH", from the excerpt).
std::string feedback_message(const Violation& v);

} // namespace laminate::lm
