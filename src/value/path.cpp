// JSON Pointer (RFC 6901) and laminate's path syntax: a.b[0]["odd key"].

#include <laminate/value.hpp>

#include <array>
#include <charconv>
#include <string>

#include "core/utf8.hpp"

namespace laminate {

namespace {
// Keys written bare after a '.'. A leading '$' or '-' is left to the quoted form so that "$"
// (the root) and "-1" never read as something else.
// By table (every diagnostic of a keyed element asks): bit 0 may start a bare key, bit 1 may
// follow its first character.
constexpr auto identifier_table = [] {
    std::array<unsigned char, 256> t{};
    for (int c = 0; c < 256; ++c) {
        const bool alpha = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
        const bool later = (c >= '0' && c <= '9') || c == '$' || c == '-';
        t[static_cast<std::size_t>(c)] =
            static_cast<unsigned char>((alpha ? 1 : 0) | (alpha || later ? 2 : 0));
    }
    return t;
}();

bool is_identifier(std::string_view key) noexcept {
    if (key.empty() || !(identifier_table[static_cast<unsigned char>(key[0])] & 1)) return false;
    for (std::size_t i = 1; i < key.size(); ++i)
        if (!(identifier_table[static_cast<unsigned char>(key[i])] & 2)) return false;
    return true;
}

int hex_value(char c) noexcept {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

bool read_hex4(std::string_view s, std::size_t& i, unsigned& out) noexcept {
    if (s.size() - i < 4) return false;
    out = 0;
    for (int k = 0; k < 4; ++k) {
        int h = hex_value(s[i++]);
        if (h < 0) return false;
        out = out * 16 + static_cast<unsigned>(h);
    }
    return true;
}

// A quoted key starting at path[i] (the quote), JSON string escapes plus \' so that the keys
// append_path_key writes read back. Leaves i after the closing quote; false when malformed.
bool read_quoted_key(std::string_view path, std::size_t& i, std::string& key) {
    char quote = path[i++];
    key.clear();
    while (i < path.size()) {
        char c = path[i++];
        if (c == quote) return true;
        if (c != '\\') {
            key += c;
            continue;
        }
        if (i >= path.size()) return false;
        char e = path[i++];
        switch (e) {
        case '"': case '\'': case '\\': case '/': key += e; break;
        case 'b': key += '\b'; break;
        case 'f': key += '\f'; break;
        case 'n': key += '\n'; break;
        case 'r': key += '\r'; break;
        case 't': key += '\t'; break;
        case 'u': {
            unsigned cp = 0;
            if (!read_hex4(path, i, cp)) return false;
            if (cp >= 0xDC00 && cp <= 0xDFFF) return false; // lone low surrogate
            if (cp >= 0xD800 && cp <= 0xDBFF) {
                unsigned low = 0;
                if (path.substr(i, 2) != "\\u") return false;
                i += 2;
                if (!read_hex4(path, i, low) || low < 0xDC00 || low > 0xDFFF) return false;
                cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
            }
            core_detail::append_utf8(key, static_cast<char32_t>(cp));
            break;
        }
        default: return false;
        }
    }
    return false; // not closed
}

bool parse_index(std::string_view s, std::size_t& out) noexcept {
    if (s.empty() || (s.size() > 1 && s[0] == '0') || s[0] < '0' || s[0] > '9') return false;
    auto r = std::from_chars(s.data(), s.data() + s.size(), out);
    return r.ec == std::errc() && r.ptr == s.data() + s.size();
}

const Value* child_by_key(const Value* v, std::string_view key) noexcept {
    return v && v->is_object() ? v->find(key) : nullptr;
}

const Value* child_by_index(const Value* v, std::size_t i) noexcept {
    return v && v->is_array() && i < v->size() ? &(*v)[i] : nullptr;
}
} // namespace

void append_path_key(std::string& path, std::string_view key) {
    append_path_key(path, key, path.empty());
}

void append_path_key(std::string& path, std::string_view key, bool first_segment) {
    if (is_identifier(key)) {
        if (!first_segment) path += '.';
        path += key;
        return;
    }
    path += "[";
    append_json_string(path, key);
    path += "]";
}

void append_path_index(std::string& path, std::size_t index) {
    path += '[';
    path += std::to_string(index);
    path += ']';
}

const Value* Value::at_pointer(std::string_view pointer) const noexcept {
    const Value* cur = this;
    if (pointer.empty()) return cur;
    if (pointer[0] != '/') return nullptr;
    try {
        std::size_t pos = 1;
        std::string unescaped;
        for (;;) {
            std::size_t end = pointer.find('/', pos);
            std::string_view token = pointer.substr(pos, end == std::string_view::npos ? std::string_view::npos : end - pos);
            if (token.find('~') != std::string_view::npos) {
                // ~1 is '/' and ~0 is '~', decoded in one pass so "~01" is "~1", not "/".
                unescaped.clear();
                for (std::size_t i = 0; i < token.size(); ++i) {
                    if (token[i] != '~') {
                        unescaped += token[i];
                        continue;
                    }
                    if (i + 1 >= token.size() || (token[i + 1] != '0' && token[i + 1] != '1')) return nullptr;
                    unescaped += token[i + 1] == '0' ? '~' : '/';
                    ++i;
                }
                token = unescaped;
            }
            if (cur && cur->is_array()) {
                // Array indices are digits without leading zeros; "-" (past the end) is absent.
                std::size_t idx = 0;
                cur = parse_index(token, idx) ? child_by_index(cur, idx) : nullptr;
            } else {
                cur = child_by_key(cur, token);
            }
            if (end == std::string_view::npos) return cur;
            pos = end + 1;
        }
    } catch (...) {
        return nullptr; // out of memory while unescaping
    }
}

// Grammar: [ "$" ] [ name | bracket ] { "." name | bracket }, where bracket is [index],
// ["key"] or ['key'], an index has no leading zeros, and a bare name runs to the next '.', '['
// or the end and contains no ']' or quote. A leading "$" is the root only when a '.', '[' or the
// end follows; "$a" is the key "$a". Anything else is malformed and gives nullptr.
const Value* Value::at_path(std::string_view path) const noexcept {
    try {
        const Value* cur = this;
        std::size_t i = 0;
        const std::size_t n = path.size();
        if (n > 0 && path[0] == '$' && (n == 1 || path[1] == '.' || path[1] == '[')) i = 1;
        bool first = true;
        std::string key;
        while (i < n) {
            if (path[i] == '[') {
                ++i;
                if (i >= n) return nullptr;
                if (path[i] == '"' || path[i] == '\'') {
                    if (!read_quoted_key(path, i, key) || i >= n || path[i] != ']') return nullptr;
                    ++i;
                    cur = child_by_key(cur, key);
                } else {
                    std::size_t close = path.find(']', i);
                    if (close == std::string_view::npos) return nullptr;
                    std::size_t idx = 0;
                    if (!parse_index(path.substr(i, close - i), idx)) return nullptr;
                    cur = child_by_index(cur, idx);
                    i = close + 1;
                }
            } else {
                if (path[i] == '.') ++i;
                else if (!first) return nullptr; // segments after the first need '.' or '['
                std::size_t end = path.find_first_of(".[", i);
                if (end == std::string_view::npos) end = n;
                std::string_view name = path.substr(i, end - i);
                if (name.empty() || name.find_first_of("]\"'") != std::string_view::npos) return nullptr;
                cur = child_by_key(cur, name);
                i = end;
            }
            first = false;
            // Keep parsing after a miss so that a malformed path is nullptr however much of it
            // the document happens to hold; a missing step is nullptr either way.
        }
        return cur;
    } catch (...) {
        return nullptr; // out of memory while decoding a quoted key
    }
}

std::string display_path(std::string_view path) {
    std::string out = "$";
    if (!path.empty() && path.front() != '[') out += '.';
    out += path;
    return out;
}

} // namespace laminate
