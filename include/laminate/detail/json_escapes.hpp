#pragma once
// The escape JSON requires for each byte, as a table: the value serializer and the command line's
// answer writer both escape strings with it. Not API.

namespace laminate::value_detail {

// The letter after the backslash for each byte that JSON requires escaped ('u': \u00XX), else 0.
struct JsonEscapeTable {
    char letter[256] = {};
    constexpr JsonEscapeTable() {
        for (int c = 0; c < 0x20; ++c) letter[c] = 'u';
        letter[static_cast<unsigned char>('"')] = '"';
        letter[static_cast<unsigned char>('\\')] = '\\';
        letter[static_cast<unsigned char>('\n')] = 'n';
        letter[static_cast<unsigned char>('\r')] = 'r';
        letter[static_cast<unsigned char>('\t')] = 't';
        letter[static_cast<unsigned char>('\b')] = 'b';
        letter[static_cast<unsigned char>('\f')] = 'f';
    }
};
inline constexpr JsonEscapeTable json_escapes;

} // namespace laminate::value_detail
