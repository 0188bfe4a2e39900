#pragma once
// UTF-8 encoding of one code point, shared by the parser (escapes) and path reading (\u in
// quoted keys). Callers pass valid scalar values; surrogates are resolved before this.

#include <cstddef>
#include <string>

namespace laminate::core_detail {

// Writes the 1-4 bytes of cp at out and returns how many.
inline std::size_t encode_utf8(char32_t cp, char* out) noexcept {
    if (cp < 0x80) {
        out[0] = static_cast<char>(cp);
        return 1;
    }
    if (cp < 0x800) {
        out[0] = static_cast<char>(0xC0 | (cp >> 6));
        out[1] = static_cast<char>(0x80 | (cp & 0x3F));
        return 2;
    }
    if (cp < 0x10000) {
        out[0] = static_cast<char>(0xE0 | (cp >> 12));
        out[1] = static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out[2] = static_cast<char>(0x80 | (cp & 0x3F));
        return 3;
    }
    out[0] = static_cast<char>(0xF0 | (cp >> 18));
    out[1] = static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    out[2] = static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out[3] = static_cast<char>(0x80 | (cp & 0x3F));
    return 4;
}

inline void append_utf8(std::string& out, char32_t cp) {
    char bytes[4];
    out.append(bytes, encode_utf8(cp, bytes));
}

} // namespace laminate::core_detail
