// Gemini generateContent: the model in the path, x-goog-api-key, contents and parts,
// systemInstruction, generationConfig, functionDeclarations and functionCallingConfig.
#include "fixtures.hpp"

#include <gtest/gtest.h>

using namespace laminate;
using namespace laminate::lm;
using namespace laminate::lm::test_fixtures;
using laminate::test::LoopbackServer;

namespace {

Value sent(LoopbackServer& server, Gemini& provider, const ChatRequest& request) {
    return sent_body(server, provider, request, gemini_reply());
}

} // namespace

TEST(GeminiRequest, NativeSchemaSendsResponseSchemaAndSystemInstruction) {
    LoopbackServer server;
    auto provider = Gemini::from_env("gemini-test", on(server, "/v1beta"));
    const Value body = sent(server, provider, request_with(Strategy::NativeSchema));
    const auto req = server.requests().back();
    EXPECT_EQ(req.path, "/v1beta/models/gemini-test:generateContent");
    EXPECT_EQ(req.header("x-goog-api-key"), "sk-test-KEY123456");
    EXPECT_FALSE(req.has_header("Authorization"));
    EXPECT_EQ(body["systemInstruction"]["parts"][0]["text"].as_string(), "Extract the invoice.");
    ASSERT_EQ(body["contents"].size(), 1u);
    EXPECT_EQ(body["contents"][0]["role"].as_string(), "user");
    EXPECT_EQ(body["contents"][0]["parts"][0]["text"].as_string(), "Invoice R-17, 119.00 EUR");
    const Value& config = body["generationConfig"];
    EXPECT_EQ(config["responseMimeType"].as_string(), "application/json");
    EXPECT_EQ(config["responseSchema"], invoice_schema());
    EXPECT_EQ(config["temperature"].as_double(), 0.0);
    EXPECT_EQ(config["maxOutputTokens"], Value(256));
    EXPECT_FALSE(body.contains("model"));
}

TEST(GeminiRequest, ToolCallSendsFunctionDeclarationsAndAnyModeWithTheName) {
    LoopbackServer server;
    Gemini provider(on(server, "/v1beta"));
    const Value body = sent(server, provider, request_with(Strategy::ToolCall));
    const Value& declaration = body["tools"][0]["functionDeclarations"][0];
    EXPECT_EQ(declaration["name"].as_string(), "respond");
    EXPECT_EQ(declaration["description"].as_string(), "Give the answer.");
    EXPECT_EQ(declaration["parameters"], invoice_schema());
    const Value& calling = body["toolConfig"]["functionCallingConfig"];
    EXPECT_EQ(calling["mode"].as_string(), "ANY");
    EXPECT_EQ(calling["allowedFunctionNames"], Value::array({Value("respond")}));
    EXPECT_FALSE(body["generationConfig"].contains("responseSchema"));
}

TEST(GeminiRequest, JsonModeSetsOnlyTheMimeType) {
    LoopbackServer server;
    Gemini provider(on(server, "/v1beta"));
    const Value config = sent(server, provider, request_with(Strategy::JsonMode))["generationConfig"];
    EXPECT_EQ(config["responseMimeType"].as_string(), "application/json");
    EXPECT_FALSE(config.contains("responseSchema"));
}

TEST(GeminiRequest, ARepairRoundReplaysFunctionCallAndFunctionResponse) {
    LoopbackServer server;
    Gemini provider(on(server, "/v1beta"));
    const Value contents = sent(server, provider, repair_round())["contents"];
    ASSERT_EQ(contents.size(), 4u);
    EXPECT_EQ(contents[1]["role"].as_string(), "model");
    EXPECT_EQ(contents[1]["parts"][0]["functionCall"]["name"].as_string(), "respond");
    EXPECT_EQ(contents[1]["parts"][0]["functionCall"]["args"], Value::object({{"number", Value("R-17")}}));
    EXPECT_EQ(contents[2]["role"].as_string(), "user");
    const Value& response = contents[2]["parts"][0]["functionResponse"];
    EXPECT_EQ(response["name"].as_string(), "respond"); // found from the call it answers
    EXPECT_EQ(response["response"]["result"].as_string(), "$.total_cents: required field is missing");
}

TEST(GeminiRequest, AReplayedCallCarriesTheThoughtSignatureItCameWith) {
    LoopbackServer server;
    Gemini provider(on(server, "/v1beta"));
    ChatRequest with_signature = repair_round();
    with_signature.messages[2].tool_calls[0].signature = "c2lnbmF0dXJl";
    const Value contents = sent(server, provider, with_signature)["contents"];
    ASSERT_EQ(contents.size(), 4u);
    const Value& part = contents[1]["parts"][0];
    EXPECT_EQ(part["functionCall"]["name"].as_string(), "respond");
    EXPECT_EQ(part["thoughtSignature"].as_string(), "c2lnbmF0dXJl"); // beside functionCall, as Gemini sends it

    const Value without = sent(server, provider, repair_round())["contents"];
    EXPECT_FALSE(without[1]["parts"][0].contains("thoughtSignature"));
}

TEST(GeminiRequest, AModelNameWithItsPrefixIsNotDoubled) {
    LoopbackServer server;
    Gemini provider(on(server, "/v1beta", "models/gemini-x"));
    sent(server, provider, request_with(Strategy::PromptOnly));
    EXPECT_EQ(server.requests().back().path, "/v1beta/models/gemini-x:generateContent");
}
