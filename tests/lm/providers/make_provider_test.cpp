// Providers by name, keys from the environment, and what a missing key says.
#include "fixtures.hpp"

#include <gtest/gtest.h>

#include <cstdlib>

using namespace laminate;
using namespace laminate::lm;
using namespace laminate::lm::test_fixtures;
using laminate::test::LoopbackServer;
using laminate::test::Reply;

TEST(MakeProvider, EveryKindIsMadeWithItsName) {
    for (std::string_view kind : provider_kinds()) {
        auto p = make_provider(kind, {.base_url = "http://127.0.0.1:9", .model = "m", .api_key = "k"});
        ASSERT_TRUE(p) << kind;
        EXPECT_EQ((*p)->model(), "m");
        EXPECT_EQ((*p)->server_address(), "127.0.0.1");
        EXPECT_EQ((*p)->server_port(), 9);
    }
    EXPECT_EQ((*make_provider("anthropic", {.model = "m", .api_key = "k"}))->name(), "anthropic");
    EXPECT_EQ((*make_provider("gemini", {.model = "m", .api_key = "k"}))->name(), "gcp.gemini");
    EXPECT_EQ((*make_provider("openai-responses", {.model = "m", .api_key = "k"}))->name(), "openai");
    EXPECT_EQ((*make_provider("ollama", {.model = "m"}))->name(), "ollama");
}

TEST(MakeProvider, DefaultBaseUrlsAreTheOfficialOnes) {
    ::unsetenv("OPENAI_BASE_URL");
    ::unsetenv("ANTHROPIC_BASE_URL");
    ::unsetenv("OLLAMA_HOST");
    EXPECT_EQ(OpenAiCompatible::openai("m", {.api_key = "k"}).options().base_url, "https://api.openai.com/v1");
    EXPECT_EQ(OpenAiCompatible::openai("m", {.api_key = "k"}).server_port(), 443);
    EXPECT_EQ(OpenAiCompatible::ollama("m").options().base_url, "http://localhost:11434/v1");
    EXPECT_EQ(Anthropic::from_env("m", {.api_key = "k"}).options().base_url, "https://api.anthropic.com/v1");
    EXPECT_EQ(Gemini::from_env("m", {.api_key = "k"}).options().base_url, "https://generativelanguage.googleapis.com/v1beta");
    EXPECT_EQ(Ollama::local("m").options().base_url, "http://localhost:11434");
    EXPECT_EQ(Ollama::local("m").server_address(), "localhost");
}

TEST(MakeProvider, KeysComeFromTheEnvironment) {
    ::setenv("ANTHROPIC_API_KEY", "env-anthropic-key", 1);
    EXPECT_EQ(Anthropic::from_env("m").options().api_key, "env-anthropic-key");
    ::unsetenv("ANTHROPIC_API_KEY");
    ::setenv("GEMINI_API_KEY", "env-gemini-key", 1);
    EXPECT_EQ(Gemini::from_env("m").options().api_key, "env-gemini-key");
    ::unsetenv("GEMINI_API_KEY");
}

TEST(MakeProvider, AMissingKeyIsAnInvalidRequestNamingTheVariableAndSendsNothing) {
    ::unsetenv("OPENAI_API_KEY");
    LoopbackServer server;
    auto provider = OpenAiCompatible::openai("m", {.base_url = server.url() + "/v1"});
    auto r = provider.complete(request_with(Strategy::PromptOnly), {});
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().reason, ProviderError::Reason::InvalidRequest);
    EXPECT_EQ(r.error().to_string(), "invalid_request: no API key: set OPENAI_API_KEY");
    EXPECT_EQ(server.request_count(), 0u);
}

TEST(MakeProvider, UnknownKindsAndCompatibleWithoutUrlAreRefused) {
    auto unknown = make_provider("bedrock", {.model = "m"});
    ASSERT_FALSE(unknown);
    EXPECT_EQ(unknown.error().reason, ProviderError::Reason::InvalidRequest);
    EXPECT_NE(unknown.error().message.find("openai-responses"), std::string::npos);
    EXPECT_FALSE(make_provider("openai-compatible", {.model = "m"}));
}

TEST(MakeProvider, TheKeyNeverAppearsInAnyErrorOfAFailedCall) {
    const std::string key = "sk-live-THISKEYMUSTNOTLEAK0001";
    LoopbackServer server;
    server.enqueue(Reply::json(R"({"error":{"message":"Incorrect API key provided: )" + key + R"("}})", 401));
    server.enqueue(Reply::html_error(500, "<html>" + key + "</html>"));
    auto provider = OpenAiCompatible::openai("m", {.base_url = server.url() + "/v1", .api_key = key,
                                                   .http = {.retry = {.max_attempts = 1}}});
    for (int i = 0; i < 2; ++i) {
        auto r = provider.complete(request_with(Strategy::PromptOnly), {});
        ASSERT_FALSE(r);
        EXPECT_EQ(r.error().to_string().find("THISKEY"), std::string::npos) << r.error().to_string();
    }
}

TEST(MakeProvider, ProvidersShareOneClientWhenGivenOne) {
    LoopbackServer server;
    auto client = std::make_shared<HttpClient>();
    OpenAiCompatible a({.base_url = server.url() + "/v1", .model = "a", .client = client});
    Ollama b({.base_url = server.url(), .model = "b", .client = client});
    server.enqueue(Reply::json(openai_reply()));
    server.enqueue(Reply::json(ollama_reply()));
    ASSERT_TRUE(a.complete(request_with(Strategy::PromptOnly), {}));
    ASSERT_TRUE(b.complete(request_with(Strategy::PromptOnly), {}));
    EXPECT_EQ(server.connection_count(), 1u);
}

TEST(MakeProvider, BuildRequestShowsWhatWouldBeSent) {
    Gemini provider({.base_url = "http://127.0.0.1:9/v1beta", .model = "g", .api_key = "k"});
    auto r = provider.build_request(request_with(Strategy::JsonMode), true);
    ASSERT_TRUE(r);
    EXPECT_EQ(r->url, "http://127.0.0.1:9/v1beta/models/g:streamGenerateContent?alt=sse");
    EXPECT_NE(r->body.find("\"responseMimeType\":\"application/json\""), std::string::npos);
}
