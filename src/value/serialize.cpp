#include <laminate/value.hpp>

#include "number.hpp"

#include <charconv>
#include <cmath>
#include <ostream>

namespace laminate {

void append_json_string(std::string& out, std::string_view s) {
    static constexpr char hex[] = "0123456789abcdef";
    out += '"';
    std::size_t run = 0; // start of the pending run of bytes that need no escaping
    for (std::size_t i = 0; i < s.size(); ++i) {
        auto c = static_cast<unsigned char>(s[i]);
        if (c >= 0x20 && c != '"' && c != '\\') continue;
        out.append(s, run, i - run);
        run = i + 1;
        switch (c) {
        case '"': out += "\\\""; break;
        case '\\': out += "\\\\"; break;
        case '\n': out += "\\n"; break;
        case '\r': out += "\\r"; break;
        case '\t': out += "\\t"; break;
        case '\b': out += "\\b"; break;
        case '\f': out += "\\f"; break;
        default:
            out += "\\u00";
            out += hex[c >> 4];
            out += hex[c & 0xF];
        }
    }
    out.append(s, run, s.size() - run);
    out += '"';
}

std::string Value::number_text() const {
    std::string out;
    if (!is_number()) return out;
    auto lex = lexeme();
    if (!lex.empty() && !(number_kind() == NumberKind::Double && !std::isfinite(p_.num.d))) {
        out.assign(lex);
        return out;
    }
    char buf[32];
    switch (number_kind()) {
    case NumberKind::Int: {
        auto r = std::to_chars(buf, buf + sizeof buf, p_.num.i);
        out.assign(buf, r.ptr);
        break;
    }
    case NumberKind::UInt: {
        auto r = std::to_chars(buf, buf + sizeof buf, p_.num.u);
        out.assign(buf, r.ptr);
        break;
    }
    case NumberKind::Double: detail::append_double(out, p_.num.d); break;
    }
    return out;
}

namespace {
void newline(std::string& out, int indent, int depth) {
    out += '\n';
    out.append(static_cast<std::size_t>(indent) * static_cast<std::size_t>(depth), ' ');
}

// Iterative over an explicit stack would be needed only beyond the parser's depth limit; values
// built by hand that deep are the caller's choice, and the recursion depth equals their depth.
void write(const Value& v, std::string& out, int indent, int depth) {
    switch (v.type()) {
    case Type::Null: out += "null"; break;
    case Type::Bool: out += v.as_bool() ? "true" : "false"; break;
    case Type::Number: out += v.number_text(); break;
    case Type::String: append_json_string(out, v.as_string()); break;
    case Type::Array: {
        out += '[';
        bool first = true;
        for (const auto& item : v.items()) {
            if (!first) out += ',';
            first = false;
            if (indent >= 0) newline(out, indent, depth + 1);
            write(item, out, indent, depth + 1);
        }
        if (!first && indent >= 0) newline(out, indent, depth);
        out += ']';
        break;
    }
    case Type::Object: {
        out += '{';
        bool first = true;
        for (const auto& m : v.members()) {
            if (!first) out += ',';
            first = false;
            if (indent >= 0) newline(out, indent, depth + 1);
            append_json_string(out, m.key());
            out += indent >= 0 ? ": " : ":";
            write(m.value, out, indent, depth + 1);
        }
        if (!first && indent >= 0) newline(out, indent, depth);
        out += '}';
        break;
    }
    }
}
} // namespace

void Value::dump_to(std::string& out) const { write(*this, out, -1, 0); }

void Value::dump_pretty_to(std::string& out, int indent) const {
    write(*this, out, indent < 0 ? 0 : indent, 0);
}

std::string Value::dump() const {
    std::string out;
    dump_to(out);
    return out;
}

std::string Value::dump_pretty(int indent) const {
    std::string out;
    dump_pretty_to(out, indent);
    return out;
}

std::ostream& operator<<(std::ostream& os, const Value& v) { return os << v.dump(); }

} // namespace laminate
