// IncrementalJson: RFC 8259 read one byte at a time, the open top-level member built as it
// arrives (see incremental_json.hpp). Every failure is final and only says where: PartialJson's
// tolerant scanner takes over from there.

#include <laminate/toolcall/detail/incremental_json.hpp>

#include "core/utf8.hpp"

#include <algorithm>

namespace laminate::toolcall::detail {

namespace {

bool blank_byte(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }
bool digit(char c) { return c >= '0' && c <= '9'; }

int hex_digit(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

// Plain string bytes: printable ASCII other than '"' and '\'.
bool plain_ascii(char c) {
    const auto u = static_cast<unsigned char>(c);
    return u >= 0x20 && u < 0x80 && c != '"' && c != '\\';
}

// The tolerant parser keeps the last of a repeated key and says so; a nested object with one
// goes to it (the top level keeps every member, as PartialJson always has).
bool has_repeated_key(const Value& object) {
    const auto members = object.members();
    if (members.size() <= 16) {
        for (std::size_t i = 0; i < members.size(); ++i)
            for (std::size_t j = i + 1; j < members.size(); ++j)
                if (members[i].key() == members[j].key()) return true;
        return false;
    }
    std::vector<std::string_view> keys;
    keys.reserve(members.size());
    for (const auto& m : members) keys.push_back(m.key());
    std::sort(keys.begin(), keys.end());
    return std::adjacent_find(keys.begin(), keys.end()) != keys.end();
}

Value* last_child(Value* container) noexcept {
    if (!container) return nullptr;
    if (container->is_array()) return container->empty() ? nullptr : &container->items().back();
    if (container->is_object()) return container->empty() ? nullptr : &container->members().back().value;
    return nullptr;
}

// Number states: after '-', a leading 0, integer digits, after '.', fraction digits, after 'e',
// after the exponent's sign, exponent digits. A number may end in the final ones.
enum : std::uint8_t { kMinus, kZero, kInt, kDot, kFrac, kExp, kExpSign, kExpDigits };
bool final_state(std::uint8_t s) { return s == kZero || s == kInt || s == kFrac || s == kExpDigits; }
constexpr std::size_t kShownDigits = 64;

} // namespace

void IncrementalJson::feed(std::string_view text, std::size_t from, Value& closed) {
    if (!alive() || done()) return;
    const std::size_t n = text.size();
    work += n - from;
    for (std::size_t i = from; i < n; ++i) {
        switch (token) {
        case Token::String:
            if (!escape && !utf8_need && !high) { // the common case: a run of plain ASCII
                std::size_t j = i;
                while (j < n && plain_ascii(text[j])) ++j;
                if (j > i) {
                    run_end = j;
                    i = j - 1;
                    continue;
                }
            }
            if (!string_byte(text, i)) return fail(i);
            continue;
        case Token::Literal:
            if (text[i] != literal[literal_pos]) return fail(i);
            if (!literal[++literal_pos]) end_value();
            continue;
        case Token::Number:
            if (number_byte(text[i], i)) continue;
            if (!end_number(text, i)) return fail(i);
            break; // the byte after the number is read as structure
        case Token::None: break;
        }
        if (!structural(text, i, closed)) return fail(i);
        if (done()) return;
    }
    if (token == Token::String) flush(text); // the view shows every whole character so far
}

bool IncrementalJson::structural(std::string_view text, std::size_t i, Value& closed) {
    const char c = text[i];
    if (blank_byte(c)) return true;
    switch (expect) {
    case Expect::Start:
        if (c != '{' && c != '[') return false;
        top_object = c == '{';
        closed = top_object ? Value::object() : Value::array();
        expect = top_object ? Expect::KeyOrClose : Expect::ValueOrClose;
        return true;
    case Expect::KeyOrClose:
        if (c == '}') return close_container(c, closed);
        [[fallthrough]];
    case Expect::Key:
        if (c != '"') return false;
        begin_string(i, true);
        return true;
    case Expect::Colon:
        if (c != ':') return false;
        expect = Expect::Value;
        return true;
    case Expect::ValueOrClose:
        if (c == ']') return close_container(c, closed);
        [[fallthrough]];
    case Expect::Value: return begin_value(text, i);
    case Expect::CommaOrClose:
        if (c == '}' || c == ']') return close_container(c, closed);
        if (c != ',') return false;
        if (frames.empty()) close_member(closed);
        expect = in_object() ? Expect::Key : Expect::Value;
        return true;
    case Expect::Done: return true;
    }
    return false;
}

bool IncrementalJson::begin_value(std::string_view text, std::size_t i) {
    const char c = text[i];
    switch (c) {
    case '"':
        begin_string(i, false);
        leaf = insert(Value(std::string_view()));
        return true;
    case '{':
    case '[': {
        if (frames.size() + 2 > kMaxDepth) return false; // the top level is one more
        const bool object = c == '{';
        Value* node = insert(object ? Value::object() : Value::array());
        frames.push_back({node, object});
        expect = object ? Expect::KeyOrClose : Expect::ValueOrClose;
        return true;
    }
    case 't':
    case 'f':
    case 'n':
        literal = c == 't' ? "true" : c == 'f' ? "false" : "null";
        literal_pos = 1;
        token = Token::Literal;
        // Shown whole from its first letter: any other letter ends the strict reading.
        leaf = insert(c == 'n' ? Value() : Value(c == 't'));
        return true;
    default:
        if (c != '-' && !digit(c)) return false;
        token = Token::Number;
        number_start = i;
        number_state = c == '-' ? kMinus : c == '0' ? kZero : kInt;
        number_valid = c == '-' ? 0 : 1;
        number_shown = 0;
        leaf = nullptr; // put in the tree when a view asks or when it ends
        return true;
    }
}

void IncrementalJson::begin_string(std::size_t i, bool is_key) {
    token = Token::String;
    key_string = is_key;
    if (is_key) key.clear();
    escape = 0;
    high = 0;
    utf8_need = 0;
    run = run_end = i + 1;
}

bool IncrementalJson::string_byte(std::string_view text, std::size_t i) {
    const auto u = static_cast<unsigned char>(text[i]);
    if (escape) {
        if (!escape_byte(text[i])) return false;
        run = run_end = i + 1;
        return true;
    }
    if (utf8_need) {
        if (u < utf8_lo || u > utf8_hi) return false;
        utf8_lo = 0x80;
        utf8_hi = 0xBF;
        if (--utf8_need == 0) run_end = i + 1;
        return true;
    }
    if (high && u != '\\') return false; // a high surrogate without its low half
    if (u == '"') {
        flush(text);
        token = Token::None;
        if (key_string) expect = Expect::Colon;
        else end_value();
        return true;
    }
    if (u == '\\') {
        flush(text);
        escape = 1;
        return true;
    }
    if (u < 0x20) return false;
    if (u < 0x80) {
        run_end = i + 1;
        return true;
    }
    // A lead byte: how many continuation bytes, and the range of the first (no overlong forms,
    // no surrogates, nothing past U+10FFFF).
    utf8_lo = 0x80;
    utf8_hi = 0xBF;
    if (u >= 0xC2 && u <= 0xDF) utf8_need = 1;
    else if (u >= 0xE0 && u <= 0xEF) {
        utf8_need = 2;
        if (u == 0xE0) utf8_lo = 0xA0;
        if (u == 0xED) utf8_hi = 0x9F;
    } else if (u >= 0xF0 && u <= 0xF4) {
        utf8_need = 3;
        if (u == 0xF0) utf8_lo = 0x90;
        if (u == 0xF4) utf8_hi = 0x8F;
    } else {
        return false;
    }
    return true;
}

bool IncrementalJson::escape_byte(char c) {
    if (escape == 1) {
        if (c == 'u') {
            escape = 2;
            unit = 0;
            return true;
        }
        if (high) return false;
        char decoded = 0;
        switch (c) {
        case '"': decoded = '"'; break;
        case '\\': decoded = '\\'; break;
        case '/': decoded = '/'; break;
        case 'b': decoded = '\b'; break;
        case 'f': decoded = '\f'; break;
        case 'n': decoded = '\n'; break;
        case 'r': decoded = '\r'; break;
        case 't': decoded = '\t'; break;
        default: return false;
        }
        escape = 0;
        emit(std::string_view(&decoded, 1));
        return true;
    }
    const int h = hex_digit(c);
    if (h < 0) return false;
    unit = unit * 16 + static_cast<std::uint32_t>(h);
    if (++escape < 6) return true;
    escape = 0;
    char32_t cp = 0;
    if (high) {
        if (unit < 0xDC00 || unit > 0xDFFF) return false;
        cp = 0x10000 + ((high - 0xD800) << 10) + (unit - 0xDC00);
        high = 0;
    } else if (unit >= 0xD800 && unit <= 0xDBFF) {
        high = unit;
        return true;
    } else if (unit >= 0xDC00 && unit <= 0xDFFF) {
        return false;
    } else {
        cp = unit;
    }
    std::string bytes;
    laminate::core_detail::append_utf8(bytes, cp);
    emit(bytes);
    return true;
}

bool IncrementalJson::number_byte(char c, std::size_t i) noexcept {
    const bool d = digit(c);
    const bool e = c == 'e' || c == 'E';
    switch (number_state) {
    case kMinus:
        if (!d) return false;
        number_state = c == '0' ? kZero : kInt;
        break;
    case kZero:
        if (c == '.') number_state = kDot;
        else if (e) number_state = kExp;
        else return false;
        break;
    case kInt:
        if (c == '.') number_state = kDot;
        else if (e) number_state = kExp;
        else if (!d) return false;
        break;
    case kDot:
        if (!d) return false;
        number_state = kFrac;
        break;
    case kFrac:
        if (e) number_state = kExp;
        else if (!d) return false;
        break;
    case kExp:
        if (c == '+' || c == '-') number_state = kExpSign;
        else if (d) number_state = kExpDigits;
        else return false;
        break;
    case kExpSign:
        if (!d) return false;
        number_state = kExpDigits;
        break;
    default:
        if (!d) return false;
        break;
    }
    // Views show at most the first kShownDigits bytes, so that each costs a bounded conversion
    // and what one shows depends only on the text so far, not on how it was cut.
    if (final_state(number_state) && i + 1 - number_start <= kShownDigits) number_valid = i + 1 - number_start;
    return true;
}

bool IncrementalJson::end_number(std::string_view text, std::size_t i) {
    if (!final_state(number_state)) return false; // "-", "1.", "1e+"
    const std::string_view lexeme = text.substr(number_start, i - number_start);
    work += lexeme.size();
    Value number = Value::number_from_lexeme(lexeme);
    if (leaf) *leaf = std::move(number);
    else insert(std::move(number));
    end_value();
    return true;
}

bool IncrementalJson::close_container(char c, Value& closed) {
    const bool object = in_object();
    if ((c == '}') != object) return false;
    if (!frames.empty()) {
        if (object && has_repeated_key(*frames.back().node)) return false;
        frames.pop_back();
        end_value();
        return true;
    }
    if (has_open) close_member(closed);
    expect = Expect::Done;
    return true;
}

// The open member is whole: it moves into `closed` as it is, read once.
void IncrementalJson::close_member(Value& closed) {
    if (top_object) closed.append_member(open_key, std::move(open));
    else closed.push_back(std::move(open));
    open = Value();
    has_open = false;
    open_key.clear();
    open_path.clear();
    leaf = nullptr;
    ++top_index;
}

void IncrementalJson::end_value() noexcept {
    token = Token::None;
    expect = Expect::CommaOrClose;
    leaf = nullptr;
}

// Puts a value that begins into the tree: as the open member's value, or as the last element
// of the innermost open container (which grows only while its last element is this one, so the
// pointers to the containers above stay valid).
Value* IncrementalJson::insert(Value v) {
    if (frames.empty()) {
        open = std::move(v);
        has_open = true;
        open_path.clear();
        if (top_object) {
            open_key = std::move(key);
            append_path_key(open_path, open_key);
        } else {
            open_key.clear();
            append_path_index(open_path, top_index);
        }
        key.clear();
        return &open;
    }
    Value& parent = *frames.back().node;
    if (frames.back().object) {
        Value& slot = parent.append_member(key, std::move(v));
        key.clear();
        return &slot;
    }
    parent.push_back(std::move(v));
    return &parent.items().back();
}

void IncrementalJson::emit(std::string_view s) {
    if (key_string) key.append(s);
    else leaf->append_string(s);
}

void IncrementalJson::flush(std::string_view text) {
    if (run_end > run) emit(text.substr(run, run_end - run));
    run = run_end;
}

void IncrementalJson::fail(std::size_t at) {
    failed_at = at;
    frames.clear();
    leaf = nullptr;
    open = Value();
    has_open = false;
    open_key.clear();
    open_path.clear();
}

const Value* IncrementalJson::open_value(std::string_view text) {
    if (!alive()) return nullptr;
    if (token == Token::Number && number_valid != number_shown) {
        work += number_valid;
        Value number = Value::number_from_lexeme(text.substr(number_start, number_valid));
        if (leaf) *leaf = std::move(number);
        else leaf = insert(std::move(number));
        number_shown = number_valid;
    }
    return has_open ? &open : nullptr;
}

// After a copy or a move the tree is elsewhere: the open containers are the chain of last
// children from the open member's value down, and the leaf is the last child below them.
void IncrementalJson::rebind() noexcept {
    Value* node = has_open ? &open : nullptr;
    for (auto& frame : frames) {
        frame.node = node;
        node = last_child(node);
    }
    if (leaf) leaf = node;
}

} // namespace laminate::toolcall::detail
