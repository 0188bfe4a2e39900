// Answer forms that are no single JSON candidate (shape.hpp, Schema::from_llm_response): a bare
// answer for a scalar target, several objects in prose for an array target.
#include <laminate/shape.hpp>

#include "core/diagnostic_append.hpp"

#include <algorithm>
#include <optional>
#include <string>
#include <string_view>

namespace laminate::shape_detail {
namespace {

// A pair a model writes around a whole answer to set it off ('Paris', **Paris**, `Paris`), not
// as part of the value. Longer markers first, so that ** is not read as * around *Paris*.
struct Wrapper {
    std::string_view open, close;
    RepairKind kind;
    std::string_view what; // "removed the <what> around the bare answer"
};
constexpr Wrapper kWrappers[] = {
    {"**", "**", RepairKind::BareAnswerMarkup, "markdown bold"},
    {"__", "__", RepairKind::BareAnswerMarkup, "markdown bold"},
    {"*", "*", RepairKind::BareAnswerMarkup, "markdown emphasis"},
    {"`", "`", RepairKind::BareAnswerMarkup, "inline code backticks"},
    {"\"", "\"", RepairKind::BareAnswerQuotes, "quotes"},
    {"'", "'", RepairKind::BareAnswerQuotes, "quotes"},
    {"\xE2\x80\x9C", "\xE2\x80\x9D", RepairKind::BareAnswerQuotes, "quotes"}, // “ ”
    {"\xE2\x80\x98", "\xE2\x80\x99", RepairKind::BareAnswerQuotes, "quotes"}, // ‘ ’
    {"\xC2\xAB", "\xC2\xBB", RepairKind::BareAnswerQuotes, "quotes"},          // « »
};
// Quotes in quotes, bold around quotes: a few layers at most, each one a diagnostic.
constexpr int kMaxLayers = 3;

bool blank(char c) noexcept { return c == ' ' || c == '\t'; }

// The text inside `w` when it wraps all of `s` and nothing else: the closing marker is not
// inside ('a', 'b' is two quoted words, not one), and markup hugs its text as markdown wants
// (`* a *` is no emphasis).
std::optional<std::string_view> unwrap(std::string_view s, const Wrapper& w) noexcept {
    // Quotes may hold nothing (`''` is the empty string); markup around nothing is no markup.
    const bool may_be_empty = w.kind == RepairKind::BareAnswerQuotes;
    if (s.size() < w.open.size() + w.close.size() + (may_be_empty ? 0 : 1) || !s.starts_with(w.open) ||
        !s.ends_with(w.close))
        return std::nullopt;
    std::string_view inner = s.substr(w.open.size(), s.size() - w.open.size() - w.close.size());
    if (inner.find(w.close) != std::string_view::npos || inner.find(w.open) != std::string_view::npos)
        return std::nullopt;
    if (w.kind == RepairKind::BareAnswerMarkup && (blank(inner.front()) || blank(inner.back()))) return std::nullopt;
    // __init__ is a Python name, not "init" in bold: underscores stay around one identifier.
    if (w.open == "__" && std::all_of(inner.begin(), inner.end(), [](char c) {
            return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
        }))
        return std::nullopt;
    return inner;
}

} // namespace

Parsed bare_parse(std::string_view text, std::string_view bare) {
    Parsed p;
    const std::size_t offset = static_cast<std::size_t>(bare.data() - text.data());
    p.diagnostics.push_back(core_detail::repaired(RepairKind::BareAnswer, Risk::Info,
                                                  "read the whole answer, a bare word, number or sentence, as the value",
                                                  "emit JSON", offset));
    // The marks are the model's way of setting the answer off; kept, they would become part of
    // a string, or fail a number, bool or enum that the text inside them spells.
    for (int layer = 0; layer < kMaxLayers; ++layer) {
        std::optional<std::string_view> inner;
        const Wrapper* used = nullptr;
        for (const Wrapper& w : kWrappers)
            if ((inner = unwrap(bare, w))) {
                used = &w;
                break;
            }
        if (!used) break;
        p.diagnostics.push_back(core_detail::repaired(used->kind, Risk::Warning,
                                                      "removed the " + std::string(used->what) + " around the bare answer",
                                                      "emit JSON, or the bare value without marks around it", offset));
        bare = *inner;
    }
    p.value = Value(std::string(bare));
    return p;
}

std::optional<Parsed> objects_as_array(std::string_view text, const ParseOptions& parse_options,
                                       const ExtractOptions& options) {
    std::vector<Extracted> objects = extract_objects(text, parse_options, options);
    if (objects.size() < 2) return std::nullopt;
    Parsed p;
    p.value = Value::array();
    std::size_t first_offset = objects.front().candidate.offset;
    for (Extracted& e : objects) {
        for (Diagnostic& d : e.parsed.diagnostics) p.diagnostics.push_back(std::move(d));
        p.value.push_back(std::move(e.parsed.value));
    }
    p.diagnostics.push_back(core_detail::repaired(
        RepairKind::ConcatenatedPayloads, Risk::Warning,
        "took the " + std::to_string(objects.size()) + " objects found in the text as the array's elements",
        "emit one JSON array", first_offset));
    return p;
}

} // namespace laminate::shape_detail
