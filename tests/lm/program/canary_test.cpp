// Printing an lm::Error never shows the model's words: for every kind, a secret planted in the
// answer (a value, a key, prose, a refusal, a provider body) appears in no to_string() and no
// operator<< output — while the fields keep it for debugging.
#include "lm/program/program_test_types.hpp"

#include <gtest/gtest.h>

#include <limits>
#include <map>
#include <sstream>

namespace lmtest {
struct Tally {
    std::map<std::string, int> counts;
};
struct CountThings {
    static constexpr std::string_view instructions = "Count.";
    using output = Tally;
    std::string text;
};
struct Reading {
    static constexpr std::string_view instructions = "Read.";
    using output = Invoice;
    std::string label;
    double value;
};
struct Quote {
    static constexpr std::string_view instructions = "Quote.";
    using output = Invoice;
    std::string text;
    // A careless rule that quotes the answer in its message.
    static std::vector<std::string> validate(const Invoice& i) { return {"do not write " + i.number}; }
};
} // namespace lmtest

using namespace laminate;
using namespace lmtest;

namespace {

constexpr std::string_view kSecret = "SECRET-CANARY-42";

void expect_clean(const lm::Error& e) {
    std::ostringstream os;
    os << e;
    EXPECT_EQ(e.to_string().find(kSecret), std::string::npos) << e.kind_name() << ": " << e.to_string();
    EXPECT_EQ(os.str().find(kSecret), std::string::npos) << os.str();
    for (const auto& inner : e.attempts()) expect_clean(inner);
}

lm::Error fail_with(std::shared_ptr<lm::ScriptedProvider> model, lm::ProgramOptions o = {}) {
    lm::Program<ExtractInvoice> p{std::move(model), std::move(o)};
    auto r = p.run({.text = "x"});
    EXPECT_FALSE(r);
    return r ? lm::Error::invalid_input("unexpected success") : r.error();
}

std::string secret(std::string_view pattern) { return replace_all(std::string(pattern), "@", std::string(kSecret)); }

TEST(Canary, EveryKindPrintsWithoutTheSecret) {
    std::vector<lm::ErrorKind> covered;
    auto check = [&](const lm::Error& e, lm::ErrorKind kind) {
        EXPECT_EQ(e.kind(), kind) << e.to_string();
        expect_clean(e);
        covered.push_back(e.kind());
    };
    auto scripted = [](std::initializer_list<std::string> answers, lm::Capabilities caps = {}) {
        auto m = std::make_shared<lm::ScriptedProvider>(caps);
        for (const auto& a : answers) m->push_text(a);
        return m;
    };
    const lm::ProgramOptions once{.max_repairs = 0};

    // provider: a body quoting the input and the answer
    {
        auto m = std::make_shared<lm::ScriptedProvider>();
        m->push_error({lm::ProviderError::Reason::Status, "bad request", 400, secret(R"({"echo": "@"})"), 1});
        auto e = fail_with(m);
        check(e, lm::ErrorKind::Provider);
        EXPECT_NE(e.provider_error()->body.find(kSecret), std::string::npos);
    }
    // invalid_input: an input holding the secret, with a number JSON cannot carry
    {
        auto m = std::make_shared<lm::ScriptedProvider>();
        lm::Program<Reading> p{m};
        auto r = p.run({.label = secret("@"), .value = std::numeric_limits<double>::quiet_NaN()});
        ASSERT_FALSE(r);
        check(r.error(), lm::ErrorKind::InvalidInput);
    }
    // refusal: the refusal text
    {
        auto m = std::make_shared<lm::ScriptedProvider>();
        m->push_text(secret("I will not reveal @."), toolcall::FinishReason::Refusal);
        auto e = fail_with(m);
        check(e, lm::ErrorKind::Refusal);
        EXPECT_NE(e.refusal_text().find(kSecret), std::string::npos);
    }
    // truncated
    {
        auto m = std::make_shared<lm::ScriptedProvider>();
        m->push_text(secret(R"({"number": "@)"), toolcall::FinishReason::Length);
        check(fail_with(m), lm::ErrorKind::Truncated);
    }
    // invalid_json: prose, and an unclosed value
    check(fail_with(scripted({secret("The invoice number is @.")}), once), lm::ErrorKind::InvalidJson);
    check(fail_with(scripted({secret(R"({"number": "@)")}), once), lm::ErrorKind::InvalidJson);
    // schema_violation: a value, a string where a number belongs, an invented key (Strict), a map key
    {
        auto e = fail_with(scripted({secret(R"({"number": 5, "total_cents": "@"})")}), {.max_repairs = 0, .mode = Mode::Strict});
        check(e, lm::ErrorKind::SchemaViolation);
        EXPECT_NE(e.raw_answer().find(kSecret), std::string::npos);
        EXPECT_NE(e.repair_feedback().find(kSecret), std::string::npos); // the model may be told
    }
    {
        auto e = fail_with(scripted({secret(R"({"number": "A", "total_cents": 1, "@": 1})")}),
                           {.max_repairs = 0, .mode = Mode::Strict});
        check(e, lm::ErrorKind::SchemaViolation);
        EXPECT_NE(e.to_string().find("$.*"), std::string::npos) << e.to_string();
    }
    {
        auto m = scripted({secret(R"({"counts": {"@": "many"}})")});
        lm::Program<CountThings> p{m, {.max_repairs = 0}};
        auto r = p.run({.text = "x"});
        ASSERT_FALSE(r);
        check(r.error(), lm::ErrorKind::SchemaViolation);
        EXPECT_NE(r.error().to_string().find("$.counts.*"), std::string::npos) << r.error().to_string();
    }
    // deserialize
    {
        auto parsed = lm::parse_output<Invoice>(text_response(secret(R"("@")")), Value::object());
        ASSERT_FALSE(parsed);
        check(parsed.error(), lm::ErrorKind::Deserialize);
    }
    // validation: a rule quoting the answer
    {
        auto m = scripted({secret(R"({"number": "@", "total_cents": 1})")});
        lm::Program<Quote> p{m, {.max_repairs = 0}};
        auto r = p.run({.text = "x"});
        ASSERT_FALSE(r);
        check(r.error(), lm::ErrorKind::Validation);
        EXPECT_NE(r.error().validation_errors()[0].find(kSecret), std::string::npos);
    }
    // retry_limit_exceeded: every attempt's error carries the secret
    check(fail_with(scripted({secret("@"), secret(R"({"number": 5, "total_cents": "@x"})"), secret("@")})),
          lm::ErrorKind::RetryLimitExceeded);
    // budget_exceeded
    {
        auto m = std::make_shared<lm::ScriptedProvider>();
        m->push_text(secret("@"), toolcall::FinishReason::Stop, lm::ScriptedProvider::usage(10, 10));
        check(fail_with(m, {.token_budget = 5}), lm::ErrorKind::BudgetExceeded);
    }
    EXPECT_EQ(covered.size(), 13u);
    for (auto k : {lm::ErrorKind::Provider, lm::ErrorKind::InvalidInput, lm::ErrorKind::Refusal, lm::ErrorKind::Truncated,
                   lm::ErrorKind::InvalidJson, lm::ErrorKind::SchemaViolation, lm::ErrorKind::Deserialize,
                   lm::ErrorKind::Validation, lm::ErrorKind::RetryLimitExceeded, lm::ErrorKind::BudgetExceeded})
        EXPECT_NE(std::find(covered.begin(), covered.end(), k), covered.end()) << lm::error_kind_name(k);
}

} // namespace
