#pragma once
// Folding enum names for loose matching, without ICU: ASCII and the two Latin blocks most names
// outside English use (Latin-1 Supplement U+00C0-U+00FF, Latin Extended-A U+0100-U+017F).
//
//   fold_name("Café_Crème", NameFold::CaseOnly) == "café_crème"  (case only)
//   fold_name("Café_Crème", NameFold::Case)    == "cafécrème"   (case and separators)
//   fold_name("Café_Crème", NameFold::Accents) == "cafecreme"   (accents too: é -> e, ß -> ss)
//
// Separators ignored (but by CaseOnly): space, tab and '.' anywhere, '_' and '-' between characters
// (at an edge they are part of the name: "A-" is not "A"). Other code points (and bytes that are not UTF-8)
// are kept as they are, so a name in another script still matches itself exactly.

#include <string>
#include <string_view>

namespace laminate::shape_detail {

enum class NameFold : unsigned char {
    CaseOnly, // lower case (ASCII and the two Latin blocks), separators kept: "A-" stays "a-"
    Case,    // lower case (ASCII and the two Latin blocks), separators dropped
    Accents, // Case, then each Latin letter to its base letter(s): "é" -> "e", "Æ" -> "ae"
};

std::string fold_name(std::string_view name, NameFold fold);

// The lower-case form of one code point of ASCII, Latin-1 Supplement or Latin Extended-A; any
// other code point unchanged.
char32_t fold_case(char32_t cp) noexcept;

// The base letters of a lower-case letter of those blocks ("e" for U+00E9, "ss" for U+00DF);
// empty when it has none (an ASCII letter, a symbol such as U+00F7).
std::string_view base_letters(char32_t lower) noexcept;

} // namespace laminate::shape_detail
