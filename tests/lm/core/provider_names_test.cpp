// The provider vocabulary's stable names, and how a provider error prints.
#include <laminate/lm/provider.hpp>

#include <gtest/gtest.h>

using namespace laminate::lm;

TEST(LmNames, RolesAndStrategiesHaveStableNames) {
    EXPECT_EQ(role_name(Role::System), "system");
    EXPECT_EQ(role_name(Role::Tool), "tool");
    EXPECT_EQ(strategy_name(Strategy::NativeSchema), "native_schema");
    EXPECT_EQ(strategy_name(Strategy::ToolCall), "tool_call");
    EXPECT_EQ(strategy_name(Strategy::JsonMode), "json_mode");
    EXPECT_EQ(strategy_name(Strategy::PromptOnly), "prompt_only");
}

TEST(LmNames, ProviderErrorPrintsReasonAndMessageNeverTheBody) {
    ProviderError e{.reason = ProviderError::Reason::Status, .message = "bad schema", .status = 400,
                    .body = R"({"error": "bad schema", "echo": "SECRET-CONTENT"})", .http_attempts = 1};
    EXPECT_EQ(e.to_string(), "provider returned status 400: bad schema");
    EXPECT_EQ(e.to_string().find("SECRET"), std::string::npos);
    ProviderError t{.reason = ProviderError::Reason::Timeout, .message = "no answer within 2 s"};
    EXPECT_EQ(t.to_string(), "timeout: no answer within 2 s");
}
