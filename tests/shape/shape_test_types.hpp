#pragma once
// Types shared by the typed-shaping tests.

#include <laminate/laminate.hpp>

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace laminate::test {

// A JSON literal; a malformed one is a bug in the test.
inline Value js(std::string_view text) {
    auto r = parse_json(text);
    if (!r) throw std::invalid_argument("bad JSON literal in a test: " + r.error().to_string());
    return *std::move(r);
}

// How many diagnostics of a kind.
inline std::size_t count_kind(const Diagnostics& ds, DiagnosticKind kind) {
    std::size_t n = 0;
    for (const auto& d : ds) n += d.kind == kind;
    return n;
}

// The diagnostic at a path, or nullptr.
inline const Diagnostic* at_path(const Diagnostics& ds, std::string_view path) {
    for (const auto& d : ds)
        if (d.path == path) return &d;
    return nullptr;
}

enum class Color { Red, Green, Blue };

struct Point {
    int x;
    int y;
};

struct LineItem {
    std::string sku;
    std::uint8_t quantity;
};

struct Order {
    std::string id;
    std::vector<LineItem> items;
    std::optional<std::string> note;
};

} // namespace laminate::test
