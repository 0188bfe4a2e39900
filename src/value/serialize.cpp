#include <laminate/value.hpp>
#include <laminate/detail/json_escapes.hpp>

#include "number/lexeme.hpp"
#include "small_stack.hpp"

#include <charconv>
#include <cmath>
#include <ostream>

namespace laminate {

namespace {

using value_detail::json_escapes;

} // namespace

// Runs of bytes that need no escape are copied whole; each escape is one short append (a table
// lookup, no switch, no strlen): text that embeds JSON (a schema in a prompt) has a quote every
// few bytes, and two appends per quote were most of the cost of rendering a request.
void append_json_string(std::string& out, std::string_view s) {
    static constexpr char hex[] = "0123456789abcdef";
    out.push_back('"');
    const char* data = s.data();
    std::size_t run = 0; // start of the pending run of bytes that need no escaping
    for (std::size_t i = 0; i < s.size(); ++i) {
        const auto c = static_cast<unsigned char>(data[i]);
        const char letter = json_escapes.letter[c];
        if (!letter) continue;
        out.append(data + run, i - run);
        run = i + 1;
        if (letter != 'u') {
            const char two[2] = {'\\', letter};
            out.append(two, 2);
        } else {
            const char six[6] = {'\\', 'u', '0', '0', hex[c >> 4], hex[c & 0xF]};
            out.append(six, 6);
        }
    }
    out.append(data + run, s.size() - run);
    out.push_back('"');
}

std::string Value::number_text() const {
    std::string out;
    if (!is_number()) return out;
    // A kept lexeme is written back verbatim, but only when it is a JSON number: a lexeme handed
    // over by a repair (NaN, 0x1F) must not make the output invalid JSON.
    auto lex = lexeme();
    bool integral = false;
    if (!lex.empty() && number_detail::is_json_number(lex, integral)) {
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
    case NumberKind::Double: number_detail::append_double(out, p_.num.d); break;
    }
    return out;
}

namespace {
void newline(std::string& out, int indent, std::size_t depth) {
    out += '\n';
    out.append(static_cast<std::size_t>(indent) * depth, ' ');
}

void write_scalar(const Value& v, std::string& out) {
    switch (v.type()) {
    case Type::Null: out += "null"; break;
    case Type::Bool: out += v.as_bool() ? "true" : "false"; break;
    case Type::Number: out += v.number_text(); break;
    case Type::String: append_json_string(out, v.as_string()); break;
    default: break;
    }
}

// Depth-first over an explicit stack of open containers, so that a value nested deeper than the
// call stack allows still prints. indent < 0 means compact.
void write(const Value& root, std::string& out, int indent) {
    struct Open {
        const Value* container;
        std::size_t next; // index of the next element to write
    };
    value_detail::SmallStack<Open> open;
    const Value* v = &root;
    for (;;) {
        // Write v: a scalar, or the opening of a container that is pushed to be continued.
        if (v->is_array() || v->is_object()) {
            out += v->is_array() ? '[' : '{';
            open.push({v, 0});
        } else {
            write_scalar(*v, out);
        }
        // Find the next element to write, closing every container that is done.
        v = nullptr;
        while (!open.empty()) {
            Open& top = open.back();
            std::size_t depth = open.size();
            if (top.next == top.container->size()) {
                if (top.next > 0 && indent >= 0) newline(out, indent, depth - 1);
                out += top.container->is_array() ? ']' : '}';
                open.pop();
                continue;
            }
            if (top.next > 0) out += ',';
            if (indent >= 0) newline(out, indent, depth);
            if (top.container->is_array()) {
                v = &top.container->items()[top.next];
            } else {
                const Member& m = top.container->members()[top.next];
                append_json_string(out, m.key());
                out += indent >= 0 ? ": " : ":";
                v = &m.value;
            }
            ++top.next;
            break;
        }
        if (!v) return;
    }
}
} // namespace

void Value::dump_to(std::string& out) const { write(*this, out, -1); }

void Value::dump_pretty_to(std::string& out, int indent) const { write(*this, out, indent < 0 ? 0 : indent); }

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
