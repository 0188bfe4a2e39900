// JSON Pointer (RFC 6901) and laminate's path syntax: a.b[0]["odd key"].

#include <laminate/value.hpp>

#include <charconv>
#include <string>

namespace laminate {

namespace {
bool is_identifier(std::string_view key) noexcept {
    if (key.empty()) return false;
    for (std::size_t i = 0; i < key.size(); ++i) {
        char c = key[i];
        bool alpha = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '$';
        bool digit = c >= '0' && c <= '9';
        if (!(alpha || (digit && i > 0) || c == '-')) return false;
    }
    return true;
}

bool parse_index(std::string_view s, std::size_t& out) noexcept {
    if (s.empty() || (s.size() > 1 && s[0] == '0')) return false;
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
    if (is_identifier(key)) {
        if (!path.empty()) path += '.';
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
    std::size_t pos = 1;
    std::string token;
    while (cur) {
        std::size_t end = pointer.find('/', pos);
        std::string_view raw = pointer.substr(pos, end == std::string_view::npos ? std::string_view::npos : end - pos);
        token.clear();
        for (std::size_t i = 0; i < raw.size(); ++i) {
            if (raw[i] != '~') { token += raw[i]; continue; }
            if (i + 1 >= raw.size() || (raw[i + 1] != '0' && raw[i + 1] != '1')) return nullptr;
            token += raw[i + 1] == '0' ? '~' : '/';
            ++i;
        }
        if (cur->is_array()) {
            std::size_t idx = 0;
            cur = parse_index(token, idx) ? child_by_index(cur, idx) : nullptr;
        } else {
            cur = child_by_key(cur, token);
        }
        if (end == std::string_view::npos) return cur;
        pos = end + 1;
    }
    return nullptr;
}

const Value* Value::at_path(std::string_view path) const noexcept {
    const Value* cur = this;
    std::size_t i = 0, n = path.size();
    if (i < n && path[i] == '$') ++i;
    bool first = true;
    std::string key;
    while (cur && i < n) {
        char c = path[i];
        if (c == '.') {
            ++i;
            if (i >= n) return nullptr;
        } else if (c != '[' && !first) {
            return nullptr; // segments after the first need '.' or '['
        }
        first = false;
        if (i < n && path[i] == '[') {
            ++i;
            if (i >= n) return nullptr;
            if (path[i] == '"' || path[i] == '\'') {
                char q = path[i++];
                key.clear();
                bool closed = false;
                while (i < n) {
                    char d = path[i++];
                    if (d == '\\' && i < n) {
                        char e = path[i++];
                        switch (e) {
                        case 'n': key += '\n'; break;
                        case 't': key += '\t'; break;
                        case 'r': key += '\r'; break;
                        default: key += e; break;
                        }
                        continue;
                    }
                    if (d == q) { closed = true; break; }
                    key += d;
                }
                if (!closed || i >= n || path[i] != ']') return nullptr;
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
            continue;
        }
        std::size_t end = path.find_first_of(".[", i);
        if (end == std::string_view::npos) end = n;
        if (end == i) return nullptr;
        cur = child_by_key(cur, path.substr(i, end - i));
        i = end;
    }
    return cur;
}

} // namespace laminate
