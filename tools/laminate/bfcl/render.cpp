#include "render.hpp"

#include "arguments.hpp"

#include <cstdio>

namespace laminate::bfcl {

namespace {

enum class Quote { Json, Single, Python, Smart };

// How the writer departs from compact JSON. Each departure it makes is counted in `changes`, so
// that a class that finds nothing to change on a call (no number for R1) can say so.
struct Style {
    Quote quote = Quote::Json;
    bool pretty = false;            // two-space indentation, one member or element a line
    bool unquoted_keys = false;     // S3: identifier keys without quotes
    bool trailing_commas = false;   // S1: a comma after the last member / element
    bool missing_commas = false;    // X1: no comma between object members
    bool python_literals = false;   // S5: True / False / None
    bool tuples = false;            // S5: (a, b) for parameters the schema types as tuple
    bool raw_control = false;       // X2: newline, tab, carriage return written raw in strings
    bool stringify_numbers = false; // R1: "10" where the schema declares a number
    bool stringify_bools = false;   // R2: "true" where the schema declares a boolean
    bool comments = false;          // S4: comments between the top-level members
};

// Our own corpus data, a few levels deep; the cap only guards against a corrupt file.
constexpr int max_render_depth = 64;

class Writer {
public:
    explicit Writer(Style style) : s_(style) {}

    bool write(const Value& v, const Value* schema) {
        value(v, schema, 0);
        return !too_deep_;
    }
    std::string& text() { return out_; }
    int changes() const { return changes_; }

private:
    void newline(int level) {
        if (!s_.pretty) return;
        out_ += '\n';
        out_.append(static_cast<std::size_t>(level) * 2, ' ');
    }

    void raw_string(std::string_view text) {
        switch (s_.quote) {
        case Quote::Json: json_string(text); break;
        case Quote::Single: ++changes_; quoted(text, '\'', false); break;
        case Quote::Python: ++changes_; python_string(text); break;
        case Quote::Smart: {
            ++changes_;
            std::string inner;
            append_json_string(inner, text);
            out_ += "\xE2\x80\x9C"; // U+201C
            out_.append(inner, 1, inner.size() - 2);
            out_ += "\xE2\x80\x9D"; // U+201D
            break;
        }
        }
    }

    void json_string(std::string_view text) {
        if (!s_.raw_control) {
            append_json_string(out_, text);
            return;
        }
        std::string escaped;
        append_json_string(escaped, text);
        // Undo the escapes of newline, tab and carriage return (and only those: \\n stays).
        std::string raw;
        for (std::size_t i = 0; i < escaped.size(); ++i) {
            if (escaped[i] == '\\' && i + 1 < escaped.size()) {
                const char e = escaped[i + 1];
                if (e == 'n' || e == 't' || e == 'r') {
                    raw += e == 'n' ? '\n' : e == 't' ? '\t' : '\r';
                    ++changes_;
                } else {
                    raw += escaped[i];
                    raw += e;
                }
                ++i;
            } else {
                raw += escaped[i];
            }
        }
        out_ += raw;
    }

    // JSON escapes, but delimited by `q`; the other quote character is written as is.
    void quoted(std::string_view text, char q, bool python_escapes) {
        out_ += q;
        for (const char ch : text) {
            const auto c = static_cast<unsigned char>(ch);
            if (ch == q || ch == '\\') {
                out_ += '\\';
                out_ += ch;
            } else if (ch == '\n') {
                out_ += "\\n";
            } else if (ch == '\t') {
                out_ += "\\t";
            } else if (ch == '\r') {
                out_ += "\\r";
            } else if (c < 0x20 || c == 0x7F) {
                char buf[8];
                std::snprintf(buf, sizeof buf, python_escapes ? "\\x%02x" : "\\u%04x", c);
                out_ += buf;
            } else {
                out_ += ch;
            }
        }
        out_ += q;
    }

    // repr() of a Python str: single quotes unless the text holds ' and no ".
    void python_string(std::string_view text) {
        const bool has_single = text.find('\'') != std::string_view::npos;
        const bool has_double = text.find('"') != std::string_view::npos;
        quoted(text, has_single && !has_double ? '"' : '\'', true);
    }

    static bool is_identifier(std::string_view k) {
        if (k.empty()) return false;
        for (std::size_t i = 0; i < k.size(); ++i) {
            const char c = k[i];
            const bool alpha = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '$';
            if (!alpha && !(i > 0 && c >= '0' && c <= '9')) return false;
        }
        return true;
    }

    void key(std::string_view k) {
        if (s_.unquoted_keys && is_identifier(k)) {
            out_ += k;
            ++changes_;
        } else {
            raw_string(k);
        }
        out_ += ": ";
    }

    void scalar(const Value& v, const Value* schema) {
        switch (v.type()) {
        case Type::Null:
            if (s_.python_literals) ++changes_;
            out_ += s_.python_literals ? "None" : "null";
            break;
        case Type::Bool:
            if (s_.stringify_bools && is_boolean_type(schema_type(schema))) {
                ++changes_;
                raw_string(v.as_bool() ? "true" : "false");
            } else if (s_.python_literals) {
                ++changes_;
                out_ += v.as_bool() ? "True" : "False";
            } else {
                out_ += v.as_bool() ? "true" : "false";
            }
            break;
        case Type::Number:
            if (s_.stringify_numbers && is_numeric_type(schema_type(schema))) {
                ++changes_;
                raw_string(v.number_text());
            } else {
                out_ += v.number_text();
            }
            break;
        case Type::String: raw_string(v.as_string()); break;
        default: break;
        }
    }

    void value(const Value& v, const Value* schema, int level) {
        if (level > max_render_depth) {
            too_deep_ = true;
            return;
        }
        if (v.is_object()) {
            object(v, schema, level);
        } else if (v.is_array()) {
            const bool tuple = s_.tuples && schema_type(schema) == "tuple";
            if (tuple) ++changes_;
            container(v.size(), tuple ? '(' : '[', tuple ? ')' : ']', level, [&](std::size_t i) {
                value(v[i], item_schema(schema), level + 1);
            }, tuple && v.size() == 1);
        } else {
            scalar(v, schema);
        }
    }

    void object(const Value& v, const Value* schema, int level) {
        const auto members = v.members();
        const bool top_comments = s_.comments && level == 0;
        if (top_comments) {
            out_ += "{";
            newline(level + 1);
            out_ += "// arguments";
            ++changes_;
            if (members.empty()) {
                newline(level);
                out_ += '}';
                return;
            }
            // Without a newline after the comment the first member would be commented out.
            if (!s_.pretty) out_ += '\n';
            for (std::size_t i = 0; i < members.size(); ++i) {
                if (i > 0 || s_.pretty) newline(level + 1);
                key(members[i].key());
                value(members[i].value, property_schema(schema, members[i].key()), level + 1);
                if (i + 1 < members.size()) {
                    out_ += " /* next */,";
                } else {
                    out_ += " // last";
                    out_ += '\n';
                }
            }
            out_.append(static_cast<std::size_t>(level) * 2, ' ');
            out_ += '}';
            return;
        }
        container(members.size(), '{', '}', level, [&](std::size_t i) {
            key(members[i].key());
            value(members[i].value, property_schema(schema, members[i].key()), level + 1);
        }, false, /*is_object=*/true);
    }

    template <class Each>
    void container(std::size_t n, char open, char close, int level, Each each,
                   bool force_trailing = false, bool is_object = false) {
        out_ += open;
        for (std::size_t i = 0; i < n; ++i) {
            if (i > 0) {
                if (is_object && s_.missing_commas) {
                    ++changes_;
                    if (!s_.pretty) out_ += ' ';
                } else {
                    out_ += s_.pretty ? "," : ", ";
                }
            }
            newline(level + 1);
            each(i);
        }
        if (n > 0 && s_.trailing_commas) {
            out_ += ',';
            ++changes_;
        } else if (force_trailing) {
            out_ += ','; // (x,) is a one-element tuple, (x) is just x
        }
        if (n > 0) newline(level);
        out_ += close;
    }

    Style s_;
    std::string out_;
    int changes_ = 0;
    bool too_deep_ = false;
};

struct Rendered {
    std::string text;
    int changes = 0;
};

std::optional<Rendered> write(const Value& args, const Call& call, Style style) {
    Writer w(style);
    if (!w.write(args, &call.schema)) return std::nullopt;
    return Rendered{std::move(w.text()), w.changes()};
}

// Renders, or nullopt when the style found nothing to change.
std::optional<std::string> write_changed(const Value& args, const Call& call, Style style) {
    auto r = write(args, call, style);
    if (!r || r->changes == 0) return std::nullopt;
    return std::move(r->text);
}

std::string compact(const Value& args, const Call& call) {
    auto r = write(args, call, {});
    return r ? std::move(r->text) : std::string{};
}

std::string pretty(const Value& args, const Call& call) {
    Style s;
    s.pretty = true;
    auto r = write(args, call, s);
    return r ? std::move(r->text) : std::string{};
}

// R4: two members no schema declares, named so that they cannot collide with a parameter.
Value with_extra_fields(Value args, const Call& call) {
    const auto free_name = [&](std::initializer_list<std::string_view> names) {
        for (const auto n : names)
            if (!property_schema(&call.schema, n) && !args.contains(n)) return std::string(n);
        return std::string("_laminate_extra");
    };
    const auto reasoning = free_name({"reasoning", "_reasoning", "__reasoning"});
    args.set(reasoning, Value("The user asked for exactly these values."));
    const auto confidence = free_name({"confidence", "_confidence", "__confidence"});
    args.set(confidence, Value(0.95));
    return args;
}

} // namespace

std::string_view class_name(Class c) noexcept {
    switch (c) {
    case Class::Valid: return "valid";
    case Class::R1: return "R1";
    case Class::R2: return "R2";
    case Class::R3: return "R3";
    case Class::R4: return "R4";
    case Class::R5: return "R5";
    case Class::R6: return "R6";
    case Class::S1: return "S1";
    case Class::S2: return "S2";
    case Class::S3: return "S3";
    case Class::S4: return "S4";
    case Class::S5: return "S5";
    case Class::X1: return "X1";
    case Class::X2: return "X2";
    case Class::X3: return "X3";
    case Class::X4: return "X4";
    case Class::X5: return "X5";
    case Class::X6: return "X6";
    case Class::X7: return "X7";
    }
    return "?";
}

std::string_view class_description(Class c) noexcept {
    switch (c) {
    case Class::Valid: return "valid JSON (baseline)";
    case Class::R1: return "stringified numbers";
    case Class::R2: return "stringified booleans";
    case Class::R3: return "missing defaults";
    case Class::R4: return "extra fields";
    case Class::R5: return "fenced";
    case Class::R6: return "prose-wrapped";
    case Class::S1: return "trailing commas";
    case Class::S2: return "single quotes";
    case Class::S3: return "unquoted keys";
    case Class::S4: return "comments";
    case Class::S5: return "Python literals";
    case Class::X1: return "missing commas";
    case Class::X2: return "raw newlines in strings";
    case Class::X3: return "smart quotes";
    case Class::X4: return "double-encoded";
    case Class::X5: return "<tool_call> tags";
    case Class::X6: return "truncated closers";
    case Class::X7: return "three at once (S2 + X1 + R6)";
    }
    return "?";
}

std::optional<Class> class_from_name(std::string_view name) noexcept {
    for (const auto c : all_classes)
        if (class_name(c) == name) return c;
    return std::nullopt;
}

std::optional<Call> derived_call(Class c, const Call& call) {
    if (c != Class::X2) return std::nullopt;
    for (const auto& m : call.accepted.members()) {
        const Value* schema = property_schema(&call.schema, m.key());
        const auto type = schema_type(schema);
        if (type != "string" && type != "String") continue;
        // A second line would leave the enum, break the format (a date) or the pattern.
        if (schema->contains("enum") || schema->contains("format") || schema->contains("pattern")) continue;
        if (m.value.empty() || !m.value[0].is_string() || m.value[0].as_string().empty()) continue;
        Call derived = call;
        Value list = Value::array({Value(std::string(m.value[0].as_string()) + "\nsecond line")});
        for (const auto& a : m.value.items()) list.push_back(a);
        derived.accepted.set(m.key(), std::move(list));
        return derived;
    }
    return std::nullopt;
}

std::optional<std::string> render(Class c, const Call& call) {
    if (c == Class::X2) {
        const auto derived = derived_call(c, call);
        if (!derived) return std::nullopt;
        Style s;
        s.raw_control = true;
        s.pretty = true;
        return write_changed(intended_arguments(*derived), *derived, s);
    }
    const Value args = intended_arguments(call);
    Style s;
    switch (c) {
    case Class::Valid: return compact(args, call);
    case Class::R1: s.stringify_numbers = true; return write_changed(args, call, s);
    case Class::R2: s.stringify_bools = true; return write_changed(args, call, s);
    case Class::R3: {
        const Value fewer = intended_arguments(call, Omission::Defaults);
        if (fewer.size() == args.size()) return std::nullopt;
        return compact(fewer, call);
    }
    case Class::R4: return compact(with_extra_fields(args, call), call);
    case Class::R5: return "```json\n" + pretty(args, call) + "\n```";
    case Class::R6:
        return "Sure! Here are the arguments for the function call:\n\n" + pretty(args, call) +
               "\n\nLet me know if you need anything else.";
    case Class::S1: s.trailing_commas = true; return write_changed(args, call, s);
    case Class::S2: s.quote = Quote::Single; return write_changed(args, call, s);
    case Class::S3: s.unquoted_keys = true; return write_changed(args, call, s);
    case Class::S4: s.comments = true; s.pretty = true; return write_changed(args, call, s);
    case Class::S5:
        s.quote = Quote::Python;
        s.python_literals = true;
        s.tuples = true;
        return write_changed(args, call, s);
    case Class::X1: s.missing_commas = true; s.pretty = true; return write_changed(args, call, s);
    case Class::X2: return std::nullopt; // handled above, on the derived call
    case Class::X3: s.quote = Quote::Smart; return write_changed(args, call, s);
    case Class::X4: {
        std::string out;
        append_json_string(out, compact(args, call));
        return out;
    }
    case Class::X5: return "<tool_call>\n" + compact(args, call) + "\n</tool_call>";
    case Class::X6: {
        // Cut after the last member: `{}` has none (and a lone `{` is prose, not a payload).
        if (args.empty()) return std::nullopt;
        std::string text = compact(args, call);
        const auto keep = text.find_last_not_of("}] ");
        if (keep == std::string::npos || keep + 1 == text.size()) return std::nullopt;
        text.resize(keep + 1);
        return text;
    }
    case Class::X7: {
        // Every part must apply: a missing comma needs an object of two members or more.
        Style commas;
        commas.missing_commas = true;
        if (!write_changed(args, call, commas)) return std::nullopt;
        s.quote = Quote::Single;
        s.missing_commas = true;
        s.pretty = true;
        auto body = write_changed(args, call, s);
        if (!body) return std::nullopt;
        return "I'll call the function with these arguments:\n" + *body + "\nThat should do it.";
    }
    }
    return std::nullopt;
}

} // namespace laminate::bfcl
