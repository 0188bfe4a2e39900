#pragma once
// One reader per provider body format (one file each), over an already parsed body. Each
// returns unknown_format when the body is not of its format at all.

#include <laminate/toolcall/response.hpp>

namespace laminate::toolcall::detail {

Result<Response> read_openai_chat(const Value& body);
Result<Response> read_openai_responses(const Value& body);
Result<Response> read_anthropic(const Value& body);
Result<Response> read_gemini(const Value& body);
Result<Response> read_ollama(const Value& body);
Result<Response> read_bedrock(const Value& body);
Result<Response> read_cohere(const Value& body);

// Which provider format a parsed body is in, or auto_detect when none fits.
Format detect_body_format(const Value& body);

} // namespace laminate::toolcall::detail
