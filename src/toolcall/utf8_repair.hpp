#pragma once
// Raw model text is bytes; a Response holds UTF-8. Invalid sequences (a stray byte, an overlong
// form, a surrogate, beyond U+10FFFF, a truncated character) become U+FFFD, as the parser's
// InvalidUtf8::Replace does for JSON.

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace laminate::toolcall::detail {

// Length of the valid UTF-8 sequence at s[i], or 0 when it is not one.
inline std::size_t utf8_sequence(std::string_view s, std::size_t i) {
    const auto b = [&](std::size_t k) { return static_cast<unsigned char>(s[k]); };
    const unsigned char c = b(i);
    if (c < 0x80) return 1;
    std::size_t n = 0;
    unsigned char lo = 0x80, hi = 0xBF;
    if (c >= 0xC2 && c <= 0xDF) n = 2;
    else if (c == 0xE0) { n = 3; lo = 0xA0; }
    else if (c == 0xED) { n = 3; hi = 0x9F; }
    else if (c >= 0xE1 && c <= 0xEF) n = 3;
    else if (c == 0xF0) { n = 4; lo = 0x90; }
    else if (c == 0xF4) { n = 4; hi = 0x8F; }
    else if (c >= 0xF1 && c <= 0xF3) n = 4;
    else return 0;
    if (i + n > s.size()) return 0;
    if (b(i + 1) < lo || b(i + 1) > hi) return 0;
    for (std::size_t k = 2; k < n; ++k)
        if (b(i + k) < 0x80 || b(i + k) > 0xBF) return 0;
    return n;
}

// The text with every invalid sequence replaced; `replaced` counts them. Returns an empty
// string and 0 when the text is valid (the caller keeps using its view). replaced_at, when
// given, receives where each U+FFFD begins in the returned text, in order.
inline std::string repair_utf8(std::string_view s, std::size_t& replaced,
                               std::vector<std::size_t>* replaced_at = nullptr) {
    replaced = 0;
    std::size_t i = 0;
    while (i < s.size()) {
        const std::size_t n = utf8_sequence(s, i);
        if (n == 0) break;
        i += n;
    }
    if (i == s.size()) return {};
    std::string out(s.substr(0, i));
    while (i < s.size()) {
        const std::size_t n = utf8_sequence(s, i);
        if (n == 0) {
            if (replaced_at) replaced_at->push_back(out.size());
            out += "\xEF\xBF\xBD";
            ++replaced;
            ++i;
        } else {
            out.append(s.data() + i, n);
            i += n;
        }
    }
    return out;
}

} // namespace laminate::toolcall::detail
