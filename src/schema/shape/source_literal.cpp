// Java / JavaScript literals in strings (BFCL's java and javascript categories), read into Values.
#include "schema/shape/source_literal.hpp"

#include <laminate/parse.hpp>

#include <string>

namespace laminate::schema_detail {
namespace {

constexpr std::size_t kMaxDepth = 64;

bool ident_start(char c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_' || c == '$'; }
bool ident_char(char c) { return ident_start(c) || (c >= '0' && c <= '9'); }

class Reader {
public:
    explicit Reader(std::string_view s) : s_(s) {}

    std::optional<Value> whole() {
        auto v = expr(0);
        ws();
        if (!v || i_ != s_.size()) return std::nullopt;
        return v;
    }

private:
    void ws() {
        while (i_ < s_.size() && (s_[i_] == ' ' || s_[i_] == '\t' || s_[i_] == '\n' || s_[i_] == '\r')) ++i_;
    }
    bool eat(char c) {
        ws();
        if (i_ < s_.size() && s_[i_] == c) {
            ++i_;
            return true;
        }
        return false;
    }
    bool eat(std::string_view word) {
        ws();
        if (s_.substr(i_, word.size()) != word) return false;
        i_ += word.size();
        return true;
    }
    std::string_view name() { // a dotted identifier: Arrays.asList, java.util.List
        ws();
        std::size_t start = i_;
        while (i_ < s_.size() && (ident_char(s_[i_]) || (s_[i_] == '.' && i_ > start))) ++i_;
        return s_.substr(start, i_ - start);
    }
    bool skip_generics() { // <String, List<Integer>>
        ws();
        if (i_ >= s_.size() || s_[i_] != '<') return true;
        int depth = 0;
        for (; i_ < s_.size(); ++i_) {
            if (s_[i_] == '<') {
                ++depth;
            } else if (s_[i_] == '>') {
                if (--depth == 0) {
                    ++i_;
                    return true;
                }
            } else if (!(ident_char(s_[i_]) || s_[i_] == ',' || s_[i_] == ' ' || s_[i_] == '.' || s_[i_] == '?' ||
                         s_[i_] == '[' || s_[i_] == ']'))
                return false;
        }
        return false;
    }

    // Elements up to `close`, comma-separated (a trailing comma is fine).
    bool list(char close, std::size_t depth, Value& out) {
        out = Value::array();
        if (eat(close)) return true;
        while (true) {
            auto v = expr(depth + 1);
            if (!v) return false;
            out.push_back(std::move(*v));
            if (eat(close)) return true;
            if (!eat(',')) return false;
            if (eat(close)) return true;
        }
    }

    std::optional<Value> quoted() {
        const char q = s_[i_];
        std::size_t j = i_ + 1;
        while (j < s_.size() && s_[j] != q) j += s_[j] == '\\' ? 2 : 1;
        if (j >= s_.size()) return std::nullopt;
        std::string json = "\"";
        for (std::size_t k = i_ + 1; k < j; ++k) {
            if (s_[k] == '\\' && k + 1 < j && s_[k + 1] == '\'') { // \' is no JSON escape
                json += '\'';
                ++k;
            } else if (q == '\'' && s_[k] == '"') {
                json += "\\\"";
            } else {
                json += s_[k];
            }
        }
        json += '"';
        i_ = j + 1;
        auto v = parse_json(json);
        if (!v) return std::nullopt;
        return std::move(*v);
    }

    std::optional<Value> number() {
        std::size_t start = i_;
        if (s_[i_] == '-' || s_[i_] == '+') ++i_;
        while (i_ < s_.size() && ((s_[i_] >= '0' && s_[i_] <= '9') || s_[i_] == '.' || s_[i_] == 'e' || s_[i_] == 'E' ||
                                  ((s_[i_] == '-' || s_[i_] == '+') && (s_[i_ - 1] == 'e' || s_[i_ - 1] == 'E'))))
            ++i_;
        std::string_view text = s_.substr(start, i_ - start);
        if (text.find_first_of("0123456789") == std::string_view::npos) return std::nullopt; // ".", "-"
        if (!text.empty() && text[0] == '+') text.remove_prefix(1);
        std::string lexeme;
        if (text.starts_with('.') || text.starts_with("-.")) { // .5 is 0.5
            if (text[0] == '-') lexeme += '-';
            lexeme += '0';
            text.remove_prefix(text[0] == '-' ? 1 : 0);
        }
        lexeme += text;
        if (!lexeme.empty() && lexeme.back() == '.') lexeme += '0'; // 3. is 3.0
        if (i_ < s_.size() && (s_[i_] == 'L' || s_[i_] == 'l' || s_[i_] == 'f' || s_[i_] == 'F' || s_[i_] == 'd' || s_[i_] == 'D'))
            ++i_; // Java's type suffixes: 42L, 3.5f, 2.0d
        Value v = Value::number_from_lexeme(lexeme);
        if (v.is_null()) return std::nullopt;
        return v;
    }

    // {key: value, 'k': v, "k": v} (JavaScript) — keys are identifiers or strings.
    std::optional<Value> js_object(std::size_t depth) {
        Value out = Value::object();
        if (eat('}')) return out;
        while (true) {
            ws();
            std::string key;
            if (i_ < s_.size() && (s_[i_] == '"' || s_[i_] == '\'')) {
                auto k = quoted();
                if (!k || !k->is_string()) return std::nullopt;
                key = std::string(k->as_string());
            } else {
                std::string_view k = name();
                if (k.empty()) return std::nullopt;
                key = std::string(k);
            }
            if (!eat(':')) return std::nullopt;
            auto v = expr(depth + 1);
            if (!v) return std::nullopt;
            out.set(key, std::move(*v));
            if (eat('}')) return out;
            if (!eat(',')) return std::nullopt;
            if (eat('}')) return out;
        }
    }

    // Map.of(k1, v1, k2, v2): pairs of a flat list into an object with string keys.
    static std::optional<Value> pairs(const Value& flat) {
        if (flat.size() % 2) return std::nullopt;
        Value out = Value::object();
        for (std::size_t k = 0; k < flat.size(); k += 2) {
            if (!flat[k].is_string()) return std::nullopt;
            out.set(flat[k].as_string(), flat[k + 1]);
        }
        return out;
    }

    // new T[]{...}, new T<>(...), new T<>() {{ put(k, v); add(v); }}
    std::optional<Value> construct(std::size_t depth) {
        std::string_view type = name();
        if (type.empty() || !skip_generics()) return std::nullopt;
        const bool map_like = type.find("Map") != std::string_view::npos || type.find("Properties") != std::string_view::npos;
        if (eat('[')) {
            if (!eat(']')) return std::nullopt; // new int[3]: no literal
            while (eat('[')) // new int[][]{{1}, {2}}
                if (!eat(']')) return std::nullopt;
            if (!eat('{')) return std::nullopt;
            return braced_list(depth);
        }
        if (!eat('(')) return std::nullopt;
        Value args;
        if (!list(')', depth, args)) return std::nullopt;
        Value out = map_like ? Value::object() : Value::array();
        const bool container = map_like || type.find("List") != std::string_view::npos ||
                               type.find("Set") != std::string_view::npos || type.find("Array") != std::string_view::npos ||
                               type.find("Vector") != std::string_view::npos || type.find("Queue") != std::string_view::npos ||
                               type.find("Deque") != std::string_view::npos;
        if (args.size() == 1 && (args[0].is_array() || args[0].is_object())) out = std::move(args[0]);
        else if (args.size() == 1 && !container) return std::move(args[0]); // new Integer(5), new String("x")
        else if (args.size() > 1 || (args.size() == 1 && !args[0].is_number())) return std::nullopt; // a call
        // new ArrayList<>(10): a capacity, the container is empty
        if (eat("{{")) { // double-brace initialization
            while (!eat("}}")) {
                std::string_view call = name();
                if (!eat('(')) return std::nullopt;
                Value call_args;
                if (!list(')', depth, call_args)) return std::nullopt;
                if (!eat(';')) return std::nullopt;
                if (call == "put" && call_args.size() == 2 && call_args[0].is_string() && out.is_object())
                    out.set(call_args[0].as_string(), call_args[1]);
                else if (call == "add" && call_args.size() == 1 && out.is_array())
                    out.push_back(call_args[0]);
                else
                    return std::nullopt;
            }
        }
        return out;
    }

    // {1, 2} of a Java array initializer; nested {…} are arrays too.
    std::optional<Value> braced_list(std::size_t depth) {
        Value out = Value::array();
        if (eat('}')) return out;
        while (true) {
            std::optional<Value> v;
            if (eat('{')) v = depth < kMaxDepth ? braced_list(depth + 1) : std::nullopt;
            else v = expr(depth + 1);
            if (!v) return std::nullopt;
            out.push_back(std::move(*v));
            if (eat('}')) return out;
            if (!eat(',')) return std::nullopt;
            if (eat('}')) return out;
        }
    }

    std::optional<Value> expr(std::size_t depth) {
        if (depth > kMaxDepth) return std::nullopt;
        ws();
        if (i_ >= s_.size()) return std::nullopt;
        const char c = s_[i_];
        if (c == '"' || c == '\'') return quoted();
        if ((c >= '0' && c <= '9') || c == '-' || c == '+' || c == '.') return number();
        if (c == '[') {
            ++i_;
            Value out;
            if (!list(']', depth, out)) return std::nullopt;
            return out;
        }
        if (c == '{') {
            ++i_;
            return js_object(depth);
        }
        if (!ident_start(c)) return std::nullopt;
        std::string_view word = name();
        if (word == "true" || word == "True") return Value(true);
        if (word == "false" || word == "False") return Value(false);
        if (word == "null" || word == "undefined" || word == "None") return Value(nullptr);
        if (word == "new") return construct(depth);
        const bool list_call = word == "Arrays.asList" || word == "List.of" || word == "Set.of" || word == "Stream.of" ||
                               word == "Collections.singletonList" || word == "Collections.singleton" ||
                               word == "Array.of" || word == "ImmutableList.of";
        const bool map_call = word == "Map.of" || word == "ImmutableMap.of";
        const bool unwrap = word == "Integer.valueOf" || word == "Long.valueOf" || word == "Double.valueOf" ||
                            word == "Float.valueOf" || word == "Boolean.valueOf" || word == "String.valueOf" ||
                            word == "BigDecimal.valueOf" || word == "Short.valueOf" || word == "Byte.valueOf";
        if (!list_call && !map_call && !unwrap) return std::nullopt; // a variable or a call: an expression
        if (!eat('(')) return std::nullopt;
        Value args;
        if (!list(')', depth, args)) return std::nullopt;
        if (list_call) return args;
        if (map_call) return pairs(args);
        if (args.size() != 1) return std::nullopt;
        return std::move(args[0]);
    }

    std::string_view s_;
    std::size_t i_ = 0;
};

} // namespace

std::optional<Value> read_source_literal(std::string_view text) { return Reader(text).whole(); }

} // namespace laminate::schema_detail
