// Table-driven case and accent folding for enum names (see name_fold.hpp).
#include "shape/name_fold.hpp"

#include "core/utf8.hpp"

namespace laminate::shape_detail {
namespace {

// Base letters of U+00E0..U+00FF (lower-case Latin-1), by offset; "" for U+00F7 (division sign).
constexpr std::string_view kLatin1Lower[32] = {
    "a", "a", "a", "a", "a", "a", "ae", "c", "e", "e", "e", "e", "i", "i", "i", "i",
    "d", "n", "o", "o", "o", "o", "o", "",  "o", "u", "u", "u", "u", "y", "th", "y"};

// Latin Extended-A, U+0100..U+017F, in runs of one base letter: [first, last] -> base.
struct Run {
    char32_t first, last;
    std::string_view base;
};
constexpr Run kExtendedA[] = {
    {0x0100, 0x0105, "a"}, {0x0106, 0x010D, "c"}, {0x010E, 0x0111, "d"}, {0x0112, 0x011B, "e"},
    {0x011C, 0x0123, "g"}, {0x0124, 0x0127, "h"}, {0x0128, 0x0131, "i"}, {0x0132, 0x0133, "ij"},
    {0x0134, 0x0135, "j"}, {0x0136, 0x0138, "k"}, {0x0139, 0x0142, "l"}, {0x0143, 0x014B, "n"},
    {0x014C, 0x0151, "o"}, {0x0152, 0x0153, "oe"}, {0x0154, 0x0159, "r"}, {0x015A, 0x0161, "s"},
    {0x0162, 0x0167, "t"}, {0x0168, 0x0173, "u"}, {0x0174, 0x0175, "w"}, {0x0176, 0x0178, "y"},
    {0x0179, 0x017E, "z"}, {0x017F, 0x017F, "s"}};

bool is_separator(char32_t c) noexcept { return c == ' ' || c == '\t' || c == '_' || c == '-' || c == '.'; }

// Stands for a code point the tables do not cover (3 or 4 bytes of UTF-8) or a byte that starts
// no valid sequence: kept as its bytes.
constexpr char32_t kOther = 0x110000;

// One code point from s at i (advanced past it): ASCII or a 2-byte sequence decoded, anything
// else kOther (i past the sequence, or past the one byte).
char32_t next_code_point(std::string_view s, std::size_t& i) noexcept {
    const auto b = static_cast<unsigned char>(s[i]);
    auto cont = [&](std::size_t k) { return i + k < s.size() && (static_cast<unsigned char>(s[i + k]) & 0xC0) == 0x80; };
    if (b < 0x80) {
        ++i;
        return b;
    }
    if (b >= 0xC2 && b <= 0xDF && cont(1)) {
        char32_t cp = (static_cast<char32_t>(b & 0x1F) << 6) | (static_cast<unsigned char>(s[i + 1]) & 0x3F);
        i += 2;
        return cp;
    }
    const std::size_t length = b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : 1;
    std::size_t k = 1;
    while (k < length && cont(k)) ++k;
    i += k;
    return kOther;
}

} // namespace

char32_t fold_case(char32_t cp) noexcept {
    if (cp >= 'A' && cp <= 'Z') return cp + ('a' - 'A');
    if (cp >= 0xC0 && cp <= 0xDE && cp != 0xD7) return cp + 0x20;
    if (cp == 0x178) return 0xFF; // Ÿ
    if (cp == 0x130) return 'i';  // İ
    if (cp < 0x100 || cp > 0x17F) return cp;
    // Pairs (upper, lower): even-odd in U+0100..U+0137 and U+014A..U+0177, odd-even in
    // U+0139..U+0148 and U+0179..U+017E; ı, ĸ, ŉ, ſ stand alone.
    if ((cp <= 0x137 || (cp >= 0x14A && cp <= 0x177)) && cp % 2 == 0) return cp + 1;
    if (((cp >= 0x139 && cp <= 0x148) || (cp >= 0x179 && cp <= 0x17E)) && cp % 2 == 1) return cp + 1;
    return cp;
}

std::string_view base_letters(char32_t lower) noexcept {
    if (lower >= 0xE0 && lower <= 0xFF) return kLatin1Lower[lower - 0xE0];
    if (lower == 0xDF) return "ss";
    for (const Run& r : kExtendedA)
        if (lower >= r.first && lower <= r.last) return r.base;
    return {};
}

std::string fold_name(std::string_view name, NameFold fold) {
    std::string out;
    out.reserve(name.size());
    // '_' and '-' are ignored between characters only: at an edge they are part of the name (`A-`
    // is not `A`, `_id` is not `id`); a space, a tab or a '.' (a sentence's end, `In Progress.`)
    // anywhere. Separators are ASCII, never inside a UTF-8 sequence.
    std::size_t last = name.size();
    while (last > 0 && is_separator(static_cast<unsigned char>(name[last - 1]))) --last;
    bool inside = false; // past the first character that is no separator
    for (std::size_t i = 0; i < name.size();) {
        const std::size_t start = i;
        const char32_t cp = next_code_point(name, i);
        if (fold != NameFold::CaseOnly && is_separator(cp) &&
            (cp == ' ' || cp == '\t' || cp == '.' || (inside && start < last)))
            continue;
        if (!is_separator(cp)) inside = true;
        const char32_t lower = fold_case(cp);
        if (lower < 0x80) {
            out += static_cast<char>(lower);
            continue;
        }
        if (fold == NameFold::Accents)
            if (std::string_view base = base_letters(lower); !base.empty()) {
                out += base;
                continue;
            }
        if (lower >= 0xC0 && lower <= 0x17F && i - start == 2) core_detail::append_utf8(out, lower);
        else out.append(name.substr(start, i - start));
    }
    return out;
}

} // namespace laminate::shape_detail
