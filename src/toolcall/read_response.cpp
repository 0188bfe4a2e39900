// Provider detection and the read_response entry points.

#include <laminate/parse.hpp>
#include <laminate/toolcall/providers.hpp>
#include <laminate/toolcall/raw_text.hpp>

#include "reader_support.hpp"
#include "readers.hpp"

namespace laminate::toolcall {

Format detect_format(const Value& body) {
    if (!body.is_object()) return Format::AutoDetect;
    if (body["choices"].is_array()) return Format::OpenAi;
    if (body["candidates"].is_array()) return Format::Gemini;
    if (body["output"].is_array() &&
        (detail::str(body, "object") == "response" || body.contains("status") || body.contains("usage")))
        return Format::OpenAiResponses;
    if (body["content"].is_array() &&
        (detail::str(body, "type") == "message" || body.contains("stop_reason")))
        return Format::Anthropic;
    if ((body["message"].is_object() || body["response"].is_string()) && body.contains("done"))
        return Format::Ollama;
    if (body["output"]["message"].is_object() && body.contains("stopReason")) return Format::Bedrock;
    if (body["message"].is_object() && body["finish_reason"].is_string()) return Format::Cohere;
    return Format::AutoDetect;
}

namespace {

Result<Response> read_reader(const Value& body, Format format) {
    switch (format) {
    case Format::OpenAi: return detail::read_openai_chat(body);
    case Format::OpenAiResponses: return detail::read_openai_responses(body);
    case Format::Anthropic: return detail::read_anthropic(body);
    case Format::Gemini: return detail::read_gemini(body);
    case Format::Ollama: return detail::read_ollama(body);
    case Format::Bedrock: return detail::read_bedrock(body);
    case Format::Cohere: return detail::read_cohere(body);
    default: break;
    }
    return Error(ErrorKind::UnknownFormat, "not a provider response format");
}

Result<Response> read_as(const Value& body, Format format) {
    auto r = read_reader(body, format);
    if (r)
        for (auto& choice : r->choices) detail::assign_missing_ids(choice);
    return r;
}

// A provider's error object says why there is no response; the error names its type, never
// its message (which may echo the request).
Error provider_error(const Value& body) {
    const Value& e = body["error"];
    std::string type = detail::str(e, "type");
    if (type.empty()) type = detail::str(e, "status");
    std::string message = "the body is a provider error, not a response";
    if (!type.empty() && type.size() < 64) message += " (type " + type + ")";
    return Error(ErrorKind::UnknownFormat, std::move(message));
}

bool is_error_body(const Value& body) {
    return body.is_object() && body["error"].is_object() && !body.contains("choices") &&
           !body.contains("output") && !body.contains("candidates");
}

} // namespace

Result<Response> read_response(const Value& body, Format format) {
    if (format == Format::AutoDetect) {
        format = detect_format(body);
        if (format == Format::AutoDetect) {
            if (is_error_body(body)) return provider_error(body);
            return Error(ErrorKind::UnknownFormat,
                         "the body matches no provider response format (OpenAI chat or "
                         "Responses, Anthropic, Gemini, Ollama)");
        }
    }
    if (is_raw_text_format(format)) {
        if (!body.is_string())
            return Error(ErrorKind::UnknownFormat, "a raw-text format needs the model's text");
        return read_raw_text(body.as_string(), format);
    }
    if (is_error_body(body)) return provider_error(body);
    return read_as(body, format);
}

Result<Response> read_response(std::string_view body, Format format) {
    if (is_raw_text_format(format)) return read_raw_text(body, format);
    // A stray invalid byte does not make a provider's body unreadable: replaced, with a Warning.
    ParseOptions options;
    options.invalid_utf8 = InvalidUtf8::Replace;
    auto parsed = parse(body, options);
    if (!parsed && parsed.error().kind() == ErrorKind::ValueNotClosed) {
        // A body cut off in transit: read as far as it goes when it is a provider's (the
        // completion is Risky, in Response::diagnostics); otherwise it is raw text.
        ParseOptions complete = options;
        complete.complete_truncated = true;
        auto completed = parse(body, complete);
        if (completed && (format != Format::AutoDetect || detect_format(completed->value) != Format::AutoDetect))
            parsed = std::move(completed);
    }
    if (!parsed) {
        if (format == Format::AutoDetect) return read_raw_text(body, format);
        return std::move(parsed).error();
    }
    if (format == Format::AutoDetect && detect_format(parsed->value) == Format::AutoDetect &&
        !is_error_body(parsed->value))
        return read_raw_text(body, format); // e.g. a bare {"name", "arguments"} object
    auto r = read_response(parsed->value, format);
    if (r) {
        for (auto& d : parsed->diagnostics) {
            d.message = "response body: " + d.message; // a repair of the body's own JSON
            r->diagnostics.push_back(std::move(d));
        }
    }
    return r;
}

} // namespace laminate::toolcall
