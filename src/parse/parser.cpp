// PLACEHOLDER strict parser: valid JSON only, recursive. Replaced by the tolerant parser.
#include <laminate/parse.hpp>

#include "value/number.hpp"

#include <string>

namespace laminate {
namespace {
struct P {
    std::string_view s;
    std::size_t i = 0;
    std::size_t depth = 0;
    const ParseOptions& opt;

    void ws() { while (i < s.size() && (s[i] == ' ' || s[i] == '\n' || s[i] == '\r' || s[i] == '\t')) ++i; }
    Error err(std::string m) { return Error(ErrorKind::invalid_json, std::move(m), i); }

    bool str(std::string& out) {
        ++i;
        while (i < s.size()) {
            char c = s[i++];
            if (c == '"') return true;
            if (static_cast<unsigned char>(c) < 0x20) return false;
            if (c != '\\') { out += c; continue; }
            if (i >= s.size()) return false;
            char e = s[i++];
            switch (e) {
            case '"': out += '"'; break;
            case '\\': out += '\\'; break;
            case '/': out += '/'; break;
            case 'b': out += '\b'; break;
            case 'f': out += '\f'; break;
            case 'n': out += '\n'; break;
            case 'r': out += '\r'; break;
            case 't': out += '\t'; break;
            case 'u': {
                if (i + 4 > s.size()) return false;
                unsigned cp = std::stoul(std::string(s.substr(i, 4)), nullptr, 16);
                i += 4;
                if (cp < 0x80) out += char(cp);
                else if (cp < 0x800) { out += char(0xC0 | (cp >> 6)); out += char(0x80 | (cp & 0x3F)); }
                else { out += char(0xE0 | (cp >> 12)); out += char(0x80 | ((cp >> 6) & 0x3F)); out += char(0x80 | (cp & 0x3F)); }
                break;
            }
            default: return false;
            }
        }
        return false;
    }

    Result<Value> value() {
        ws();
        if (i >= s.size()) return Error(ErrorKind::value_not_closed, "value not closed", i);
        if (++depth > opt.max_depth) return Error(ErrorKind::depth_exceeded, "too deep", i);
        char c = s[i];
        Value out;
        if (c == '{') {
            ++i; out = Value::object(); ws();
            if (i < s.size() && s[i] == '}') { ++i; --depth; return out; }
            for (;;) {
                ws();
                if (i >= s.size() || s[i] != '"') return err("expected a key");
                std::string k;
                if (!str(k)) return err("bad string");
                ws();
                if (i >= s.size() || s[i] != ':') return err("expected ':'");
                ++i;
                auto v = value();
                if (!v) return v;
                out.set(k, std::move(*v));
                ws();
                if (i < s.size() && s[i] == ',') { ++i; continue; }
                if (i < s.size() && s[i] == '}') { ++i; break; }
                return err("expected ',' or '}'");
            }
        } else if (c == '[') {
            ++i; out = Value::array(); ws();
            if (i < s.size() && s[i] == ']') { ++i; --depth; return out; }
            for (;;) {
                auto v = value();
                if (!v) return v;
                out.push_back(std::move(*v));
                ws();
                if (i < s.size() && s[i] == ',') { ++i; continue; }
                if (i < s.size() && s[i] == ']') { ++i; break; }
                return err("expected ',' or ']'");
            }
        } else if (c == '"') {
            std::string k;
            if (!str(k)) return err("bad string");
            out = Value(k);
        } else if (s.substr(i, 4) == "true") { i += 4; out = Value(true); }
        else if (s.substr(i, 5) == "false") { i += 5; out = Value(false); }
        else if (s.substr(i, 4) == "null") { i += 4; }
        else {
            std::size_t b = i;
            while (i < s.size() && std::string_view("+-.eE0123456789").find(s[i]) != std::string_view::npos) ++i;
            bool integral = false;
            if (!detail::is_json_number(s.substr(b, i - b), integral)) return err("bad number");
            out = detail::make_number(s.substr(b, i - b), integral);
        }
        --depth;
        return out;
    }
};
} // namespace

Result<Parsed> parse(std::string_view text, const ParseOptions& options) {
    P p{text, 0, 0, options};
    auto v = p.value();
    if (!v) return std::move(v).error();
    p.ws();
    if (p.i != text.size()) return p.err("trailing characters");
    return Parsed{std::move(*v), {}};
}

Result<Value> parse_json(std::string_view text) {
    ParseOptions o;
    o.repair = false;
    auto r = parse(text, o);
    if (!r) return std::move(r).error();
    return std::move(r->value);
}

} // namespace laminate
