#pragma once
// Small, forgiving accessors shared by the provider readers: a member of the wrong type reads as
// absent (provider bodies are trusted for shape, not for completeness).

#include <laminate/toolcall/response.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace laminate::toolcall::detail {

// The member's string, or "" when absent or not a string.
inline std::string str(const Value& v, std::string_view key) {
    const Value* m = v.find(key);
    return m && m->is_string() ? std::string(m->as_string()) : std::string();
}

// A non-negative integer member (an integral double such as 12.0 is accepted too).
inline std::optional<std::uint64_t> count(const Value& v, std::string_view key) {
    const Value* m = v.find(key);
    if (!m || !m->is_number()) return std::nullopt;
    std::uint64_t n = 0;
    if (m->get_uint64(n)) return n;
    const double d = m->as_double();
    if (d >= 0 && d < 1.8e19 && static_cast<double>(static_cast<std::uint64_t>(d)) == d)
        return static_cast<std::uint64_t>(d);
    return std::nullopt;
}

inline const Value& member(const Value& v, std::string_view key) { return v[key]; }

inline void add_text(Choice& choice, std::string text) {
    if (!text.empty()) choice.content.emplace_back(Text{std::move(text)});
}

inline void add_reasoning(Choice& choice, std::string text,
                          std::optional<std::string> signature = std::nullopt) {
    if (text.empty() && !signature) return;
    choice.content.emplace_back(Reasoning{std::move(text), std::move(signature), false});
}

// A block laminate does not read: kept as is, with an Info note naming its type.
inline void keep_unknown(Response& r, Choice& choice, const Value& raw, std::string_view what) {
    Diagnostic d;
    d.kind = DiagnosticKind::Preserved;
    d.risk = Risk::Info;
    d.path = "choices";
    append_path_index(d.path, choice.index);
    append_path_key(d.path, "content");
    append_path_index(d.path, choice.content.size());
    // A type name is the provider's schema, not model output; a long one is not repeated.
    if (what.size() > 64) what = "unnamed";
    d.message = "content block of type '" + std::string(what) + "' kept as unknown";
    r.diagnostics.push_back(std::move(d));
    choice.content.emplace_back(Unknown{raw});
}

// "call_<n>" for each call without an id, n counting the choice's calls from 0 (one pass, so a
// body with many id-less calls stays linear). read_response applies it to every reader's result.
inline void assign_missing_ids(Choice& choice) {
    std::size_t n = 0;
    for (auto& b : choice.content)
        if (auto* call = std::get_if<ToolCall>(&b)) {
            if (call->id.empty()) call->id = "call_" + std::to_string(n);
            ++n;
        }
}

} // namespace laminate::toolcall::detail
