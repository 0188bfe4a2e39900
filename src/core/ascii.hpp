#pragma once
// ASCII text helpers shared by coercion and number reading: locale-free on purpose, so that a
// model's "TRUE" or " 42 " reads the same on every machine.

#include <cstddef>
#include <string_view>

namespace laminate::core_detail {

// ASCII whitespace (space, \t, \n, \r, \f, \v) trimmed from both ends.
inline std::string_view trim(std::string_view s) noexcept {
    auto space = [](char ch) { return ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r' || ch == '\f' || ch == '\v'; };
    while (!s.empty() && space(s.front())) s.remove_prefix(1);
    while (!s.empty() && space(s.back())) s.remove_suffix(1);
    return s;
}

// ASCII case-insensitive equality.
inline bool iequals(std::string_view a, std::string_view b) noexcept {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i) {
        char x = a[i], y = b[i];
        if (x >= 'A' && x <= 'Z') x = static_cast<char>(x - 'A' + 'a');
        if (y >= 'A' && y <= 'Z') y = static_cast<char>(y - 'A' + 'a');
        if (x != y) return false;
    }
    return true;
}

} // namespace laminate::core_detail
