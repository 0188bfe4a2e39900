// Tool-call envelopes around the payload: when {"name", "arguments"|"parameters"},
// {"function": {...}}, {"tool_calls": [one]} or a <tool_call> tag around one does not fit the
// target and its arguments do, the arguments are shaped (envelope_unwrapped, Warning, naming the
// tool); a call to another tool than ShapeOptions::expected_tool is an error.
#include <laminate/laminate.hpp>

#include "corpora.hpp"

#include <gtest/gtest.h>

#include <optional>
#include <sstream>

namespace {

using namespace laminate;

struct Weather {
    std::string city;
    std::optional<std::string> unit;
};

const Diagnostic* unwrapped(const Diagnostics& ds) {
    for (const Diagnostic& d : ds)
        if (d.repair == RepairKind::EnvelopeUnwrapped) return &d;
    return nullptr;
}

TEST(Envelope, EveryFormUnwrappedForATypedTarget) {
    for (const char* text : {
             R"({"name": "get_weather", "arguments": {"city": "Paris"}})",
             R"({"name": "get_weather", "parameters": {"city": "Paris"}})",
             R"({"type": "function", "function": {"name": "get_weather", "arguments": "{\"city\": \"Paris\"}"}})",
             R"({"tool_calls": [{"id": "1", "function": {"name": "get_weather", "arguments": {"city": "Paris"}}}]})",
             R"(<tool_call>{"name": "get_weather", "arguments": {"city": "Paris"}}</tool_call>)",
             "Calling it now.\n<tool_call>\n{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Paris\"}}\n</tool_call>",
         }) {
        auto r = from_llm_response<Weather>(text);
        ASSERT_TRUE(r) << text << ": " << r.error();
        EXPECT_EQ(r->value.city, "Paris") << text;
        const Diagnostic* d = unwrapped(r->diagnostics);
        ASSERT_NE(d, nullptr) << text;
        EXPECT_EQ(d->risk, Risk::Warning);
        EXPECT_EQ(d->kind, DiagnosticKind::Repaired);
        EXPECT_EQ(d->message.find("get_weather"), std::string::npos) << "the tool's name is the model's text: " << d->message;
        EXPECT_EQ(repair_name(d->repair), "envelope_unwrapped");
    }
}

TEST(Envelope, ArgumentsWinWhenTheTargetHasAFieldNamedName) {
    // The envelope's "name" matches a declared property; "arguments" would be kept as an unknown
    // member: the envelope only seems to fit.
    auto s = Schema::compile_json(R"({"type":"object","properties":{"name":{"type":"string"},"source":{"type":"string"}},"required":["name"]})");
    ASSERT_TRUE(s) << s.error();
    auto r = s->from_llm_response(R"(<tool_call>{"name": "lookup", "arguments": {"name": "Ada", "source": "x"}}</tool_call>)");
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(r->value.dump(), R"({"name":"Ada","source":"x"})");
    EXPECT_NE(unwrapped(r->diagnostics), nullptr);
    auto plain = s->from_llm_response(R"({"name": "lookup", "arguments": {"name": "Ada"}})");
    ASSERT_TRUE(plain) << plain.error();
    EXPECT_EQ(plain->value["name"], Value("Ada"));
}

TEST(Envelope, SchemaTargetEvenWhenTheEnvelopeWouldFitByDroppingItsArguments) {
    // No required property: the envelope "fits" only by dropping name and arguments.
    auto s = Schema::compile_json(R"({"type":"object","properties":{"city":{"type":"string"}},"additionalProperties":false})");
    ASSERT_TRUE(s) << s.error();
    auto r = s->from_llm_response(R"({"name": "get_weather", "arguments": {"city": "Paris"}})");
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(r->value.dump(), R"({"city":"Paris"})");
    EXPECT_NE(unwrapped(r->diagnostics), nullptr);
}

// {"name": f, "arguments": {...}, "days": 2}: an argument written beside the others is taken into
// them (Warning at its path); one the arguments already have is dropped (Warning). The call's own
// keys (id, type) are not arguments.
TEST(Envelope, MembersBesideTheArguments) {
    auto s = Schema::compile_json(
        R"({"type":"object","properties":{"city":{"type":"string"},"days":{"type":"integer"}},"required":["city"]})");
    ASSERT_TRUE(s) << s.error();
    auto r = s->from_llm_response(R"({"name": "get_weather", "id": "call_1", "type": "function", "arguments": {"city": "Paris"}, "days": 2})");
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(r->value.dump(), R"({"city":"Paris","days":2})");
    bool taken = false;
    for (const Diagnostic& d : r->diagnostics)
        if (d.path == "days" && d.repair == RepairKind::EnvelopeUnwrapped && d.risk == Risk::Warning) taken = true;
    EXPECT_TRUE(taken);
    // A Responses API function_call item: status and call_id belong to the call.
    auto item = s->from_llm_response(
        R"({"type": "function_call", "id": "fc_1", "call_id": "call_1", "name": "get_weather", "arguments": "{\"city\": \"Paris\"}", "status": "completed"})");
    ASSERT_TRUE(item) << item.error();
    EXPECT_EQ(item->value.dump(), R"({"city":"Paris"})");
    auto both = s->from_llm_response(R"({"name": "get_weather", "arguments": {"city": "Paris", "days": 3}, "days": 2})");
    ASSERT_TRUE(both) << both.error();
    EXPECT_EQ(both->value.dump(), R"({"city":"Paris","days":3})");
    bool dropped = false;
    for (const Diagnostic& d : both->diagnostics)
        if (d.path == "days" && d.kind == DiagnosticKind::Dropped && d.risk == Risk::Warning) dropped = true;
    EXPECT_TRUE(dropped);
    struct Forecast {
        std::string city;
        std::optional<int> days;
    };
    auto typed = from_llm_response<Forecast>(R"({"name": "get_weather", "arguments": {"city": "Paris"}, "days": 2})");
    ASSERT_TRUE(typed) << typed.error();
    EXPECT_EQ(typed->value.days, 2);
}

TEST(Envelope, AnEnvelopeThatFitsIsKept) {
    struct Call {
        std::string name;
        Value arguments;
    };
    auto r = from_llm_response<Call>(R"({"name": "f", "arguments": {"x": 1}})");
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(r->value.name, "f");
    EXPECT_EQ(unwrapped(r->diagnostics), nullptr);
}

TEST(Envelope, ArgumentsWhenATargetWithAnEnvelopeKeyDoesNotFitTheEnvelope) {
    // BFCL's calculate_derivative has a parameter called "function": the envelope's "function"
    // key is not that, and the envelope does not fit; its arguments do.
    struct Derivative {
        std::string function;
        double value;
    };
    auto r = from_llm_response<Derivative>(
        R"(<tool_call>{"name": "calculus.derivative", "arguments": {"function": "x**2", "value": 3}}</tool_call>)");
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(r->value.function, "x**2");
    EXPECT_EQ(r->value.value, 3.0);
    EXPECT_NE(unwrapped(r->diagnostics), nullptr);
}

TEST(Envelope, ArgumentsThatHoldFieldsButDoNotFitAreAmbiguous) {
    // Read as it is, the envelope would fit by dropping its arguments (age) and taking the tool's
    // name as the person's name; unwrapped, the required name is missing. Neither is clearly right.
    const char* text = R"({"name": "get_person", "arguments": {"age": 30}})";
    auto s = Schema::compile_json(
        R"({"type":"object","properties":{"name":{"type":"string"},"age":{"type":"integer"}},"required":["name"],"additionalProperties":false})");
    ASSERT_TRUE(s) << s.error();
    auto r = s->from_llm_response(text);
    ASSERT_FALSE(r) << r->value.dump();
    EXPECT_EQ(r.error().kind(), ErrorKind::AmbiguousValue);
    EXPECT_EQ(r.error().message().find("get_person"), std::string::npos);
    auto tagged = s->from_llm_response(std::string("<tool_call>") + text + "</tool_call>");
    ASSERT_FALSE(tagged);
    EXPECT_EQ(tagged.error().kind(), ErrorKind::AmbiguousValue);

    struct Person {
        std::string name;
        std::optional<int> age;
    };
    auto typed = from_llm_response<Person>(text);
    ASSERT_FALSE(typed) << typed->value.name;
    EXPECT_EQ(typed.error().kind(), ErrorKind::AmbiguousValue);
}

TEST(Envelope, ArgumentsWithNoDeclaredFieldLeaveADataObjectAlone) {
    // {"name", "arguments"} that is data: the arguments hold none of the target's fields.
    struct Person {
        std::string name;
        std::optional<int> age;
    };
    auto typed = from_llm_response<Person>(R"({"name": "Alice", "arguments": {"x": 1}})");
    ASSERT_TRUE(typed) << typed.error();
    EXPECT_EQ(typed->value.name, "Alice");
    EXPECT_EQ(unwrapped(typed->diagnostics), nullptr);
    auto s = Schema::compile_json(
        R"({"type":"object","properties":{"name":{"type":"string"},"age":{"type":"integer"}},"required":["name"]})");
    ASSERT_TRUE(s) << s.error();
    auto r = s->from_llm_response(R"({"name": "Alice", "arguments": {"x": 1}})");
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(r->value["name"], Value("Alice"));
}

TEST(Envelope, AnotherToolIsReported) {
    ShapeOptions options;
    options.expected_tool = "get_weather";
    auto ok = from_llm_response<Weather>(R"({"name": "get_weather", "arguments": {"city": "Paris"}})", options);
    ASSERT_TRUE(ok) << ok.error();
    auto other = from_llm_response<Weather>(R"({"name": "delete_files", "arguments": {"city": "Paris"}})", options);
    ASSERT_FALSE(other);
    EXPECT_EQ(other.error().kind(), ErrorKind::TypeMismatch);
    EXPECT_NE(other.error().message().find("'get_weather'"), std::string::npos);
    EXPECT_EQ(other.error().message().find("delete_files"), std::string::npos); // not quoted
    auto s = Schema::compile_json(R"({"type":"object","properties":{"city":{"type":"string"}},"required":["city"]})");
    ASSERT_TRUE(s) << s.error();
    EXPECT_FALSE(s->from_llm_response(R"(<tool_call>{"name": "other", "arguments": {"city": "x"}}</tool_call>)", options));
}

TEST(Envelope, SeveralCallsAreNotChosenAmong) {
    auto r = from_llm_response<Weather>(
        R"({"tool_calls": [{"function": {"name": "a", "arguments": {"city": "X"}}}, {"function": {"name": "b", "arguments": {"city": "Y"}}}]})");
    EXPECT_FALSE(r);
}

// BFCL's simple_python ground truth, each call rendered as a Hermes <tool_call> envelope and
// shaped with its function's own parameter schema: every one must come back, with the Warning.
TEST(Envelope, BfclArgumentsInHermesEnvelopes) {
    const auto dir = test::corpora_dir() / "bfcl";
    const auto functions = dir / "BFCL_v4_simple_python.json";
    const auto answers = dir / "possible_answer" / "BFCL_v4_simple_python.json";
    LAMINATE_REQUIRE_CORPUS(functions);
    LAMINATE_REQUIRE_CORPUS(answers);
    std::istringstream fin(test::read_file(functions)), ain(test::read_file(answers));
    std::string fline, aline;
    std::size_t cases = 0, recovered = 0;
    while (std::getline(fin, fline) && std::getline(ain, aline)) {
        auto entry = parse_json(fline);
        auto answer = parse_json(aline);
        ASSERT_TRUE(entry && answer);
        const Value& function = (*entry)["function"][0];
        const Value& truth = (*answer)["ground_truth"][0];
        ASSERT_TRUE(truth.is_object() && truth.size() == 1);
        const std::string name(truth.members()[0].key());
        // The intended arguments: each parameter's first accepted value other than "" (which
        // means "may be absent"); absent when that is all there is.
        Value args = Value::object();
        for (const Member& m : truth.members()[0].value.members())
            for (const Value& accepted : m.value.items())
                if (!(accepted.is_string() && accepted.as_string().empty())) {
                    args.append_member(m.key(), accepted);
                    break;
                }
        Value envelope = Value::object();
        envelope.append_member("name", Value(name));
        envelope.append_member("arguments", args);
        const std::string text = "<tool_call>\n" + envelope.dump() + "\n</tool_call>";
        auto schema = Schema::compile(function["parameters"]);
        ASSERT_TRUE(schema) << name << ": " << schema.error();
        ShapeOptions options;
        options.expected_tool = name;
        ++cases;
        auto r = schema->from_llm_response(text, options);
        if (!r) {
            ADD_FAILURE() << name << ": " << r.error();
            continue;
        }
        bool all = unwrapped(r->diagnostics) != nullptr;
        for (const Member& m : args.members()) all = all && r->value.find(m.key()) != nullptr;
        if (all) ++recovered;
        else ADD_FAILURE() << name << ": arguments not all recovered: " << r->value.dump();
    }
    EXPECT_GT(cases, 300u);
    EXPECT_EQ(recovered, cases);
}

} // namespace
