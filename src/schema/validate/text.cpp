#include "schema/validate/text.hpp"

#include <cstdio>
#include <utility>
#include <vector>

namespace laminate::schema_detail {

std::size_t code_points(std::string_view s) noexcept {
    std::size_t n = 0;
    for (char c : s)
        if ((static_cast<unsigned char>(c) & 0xC0) != 0x80) ++n;
    return n;
}

namespace {

// Cuts s to at most n bytes without splitting a UTF-8 sequence.
std::string_view utf8_prefix(std::string_view s, std::size_t n) {
    if (s.size() <= n) return s;
    while (n > 0 && (static_cast<unsigned char>(s[n]) & 0xC0) == 0x80) --n;
    return s.substr(0, n);
}

struct Frame {
    const Value* container;
    std::size_t next;
};

} // namespace

std::string excerpt(const Value& v, std::size_t max_bytes) {
    std::string out;
    bool cut = false;
    auto scalar = [&](const Value& s) {
        if (s.is_string()) {
            const std::size_t room = max_bytes > out.size() ? max_bytes - out.size() : 0;
            const std::string_view text = utf8_prefix(s.as_string(), room);
            if (text.size() < s.as_string().size()) cut = true;
            append_json_string(out, text);
        } else {
            s.dump_to(out);
        }
    };
    // Iterative so that a deeply nested value costs no stack.
    std::vector<Frame> stack;
    auto open = [&](const Value& c) {
        out += c.is_array() ? '[' : '{';
        stack.push_back({&c, 0});
    };
    if (v.is_array() || v.is_object()) open(v); else scalar(v);
    while (!stack.empty() && !cut) {
        if (out.size() >= max_bytes) { cut = true; break; }
        Frame& top = stack.back();
        const Value& c = *top.container;
        if (top.next == c.size()) {
            out += c.is_array() ? ']' : '}';
            stack.pop_back();
            continue;
        }
        if (top.next > 0) out += ',';
        const Value* child = nullptr;
        if (c.is_array()) {
            child = &c.items()[top.next];
        } else {
            const Member& m = c.members()[top.next];
            append_json_string(out, utf8_prefix(m.key(), max_bytes));
            out += ':';
            child = &m.value;
        }
        ++top.next;
        if (child->is_array() || child->is_object()) open(*child); else scalar(*child);
    }
    if (out.size() > max_bytes) {
        out.resize(utf8_prefix(out, max_bytes).size());
        cut = true;
    }
    if (cut) out += "...";
    return out;
}

namespace {

int hex_digit(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

// Four hex digits at p[i..i+4), or -1.
long hex4(std::string_view p, std::size_t i) {
    if (i + 4 > p.size()) return -1;
    long v = 0;
    for (std::size_t k = i; k < i + 4; ++k) {
        const int d = hex_digit(p[k]);
        if (d < 0) return -1;
        v = v * 16 + d;
    }
    return v;
}

void append_code_point(std::string& out, long cp) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "\\x{%lX}", cp);
    out += buf;
}

} // namespace

std::string ecma_to_re2(std::string_view p) {
    std::string out;
    out.reserve(p.size());
    for (std::size_t i = 0; i < p.size(); ++i) {
        const char c = p[i];
        if (c == '(' && p.substr(i, 3) == "(?<" && i + 3 < p.size() && p[i + 3] != '=' && p[i + 3] != '!') {
            out += "(?P<";
            i += 2;
            continue;
        }
        if (c != '\\' || i + 1 >= p.size()) {
            out += c;
            continue;
        }
        const char e = p[i + 1];
        if (e == 'u') {
            long cp = hex4(p, i + 2);
            if (cp >= 0) {
                std::size_t used = 6;
                if (cp >= 0xD800 && cp <= 0xDBFF && p.substr(i + 6, 2) == "\\u") {
                    const long low = hex4(p, i + 8);
                    if (low >= 0xDC00 && low <= 0xDFFF) {
                        cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
                        used = 12;
                    }
                }
                append_code_point(out, cp);
                i += used - 1;
                continue;
            }
        }
        if (e == 'c' && i + 2 < p.size()) {
            const char letter = p[i + 2];
            if ((letter >= 'a' && letter <= 'z') || (letter >= 'A' && letter <= 'Z')) {
                append_code_point(out, letter % 32);
                i += 2;
                continue;
            }
        }
        if (e == '/' || e == 'Z') { // identity escapes in ECMA-262 ('\\Z' is no anchor there)
            out += e;
            ++i;
            continue;
        }
        out += c;
        out += e;
        ++i;
    }
    return out;
}

} // namespace laminate::schema_detail
