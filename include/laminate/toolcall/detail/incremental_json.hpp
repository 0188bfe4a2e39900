#pragma once
// The strict half of PartialJson (partial_json.hpp): an RFC 8259 push parser that reads each
// byte once, as it arrives, and keeps the open top-level member built as a Value while it grows
// (containers appear when opened, strings grow in place, numbers show their digits so far). It
// never re-reads a byte, so asking for the open value after every delta costs nothing extra.
// The first byte outside strict JSON (a single quote, `True`, a trailing comma, bad UTF-8, a
// duplicate key in a nested object, nesting deeper than kMaxDepth) stops it for good: PartialJson
// then falls back to its tolerant member scanner, which reads what models really emit.

#include <laminate/value.hpp>

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace laminate::toolcall::detail {

// The reader's state, apart so that copies and moves can copy it and then re-point.
struct IncrementalJsonState {
    enum class Expect : std::uint8_t { Start, Value, ValueOrClose, Key, KeyOrClose, Colon, CommaOrClose, Done };
    enum class Token : std::uint8_t { None, String, Number, Literal };
    struct Frame {
        Value* node; // an open container inside the open member (the member's own value first)
        bool object;
    };

    std::size_t failed_at = static_cast<std::size_t>(-1);
    std::size_t work = 0;
    Expect expect = Expect::Start;
    Token token = Token::None;
    bool top_object = false;
    std::size_t top_index = 0; // top-level members closed so far

    // The open top-level member.
    bool has_open = false;
    Value open;
    std::string open_key;
    std::string open_path;
    std::vector<Frame> frames;
    Value* leaf = nullptr; // the string or number being written, once it is in the tree
    std::string key;       // the key being read, then waiting for its value

    // The open string.
    bool key_string = false;
    std::uint8_t escape = 0;    // 1 after '\', 2..5 while reading the hex digits of \u
    std::uint32_t unit = 0;     // the \u code unit being read
    std::uint32_t high = 0;     // a high surrogate waiting for its low half
    std::uint8_t utf8_need = 0; // continuation bytes still due
    unsigned char utf8_lo = 0x80, utf8_hi = 0xBF; // the range of the next continuation byte
    std::size_t run = 0, run_end = 0; // plain bytes not yet emitted; whole characters end at run_end

    // The open number or literal.
    std::size_t number_start = 0;
    std::uint8_t number_state = 0;
    std::size_t number_valid = 0; // the longest prefix that is a number, within 64 bytes
    std::size_t number_shown = 0; // the length the tree shows
    const char* literal = nullptr;
    std::size_t literal_pos = 0;
};

class IncrementalJson : private IncrementalJsonState {
public:
    static constexpr std::size_t kMaxDepth = 128;
    static constexpr std::size_t npos = static_cast<std::size_t>(-1);

    IncrementalJson() = default;
    // Copies and moves re-point the open-container pointers into the new object's tree.
    IncrementalJson(const IncrementalJson& other) : IncrementalJsonState(other) { rebind(); }
    IncrementalJson(IncrementalJson&& other) noexcept : IncrementalJsonState(std::move(other)) {
        rebind();
        other.reset();
    }
    IncrementalJson& operator=(const IncrementalJson& other) {
        if (this != &other) {
            IncrementalJsonState::operator=(other);
            rebind();
        }
        return *this;
    }
    IncrementalJson& operator=(IncrementalJson&& other) noexcept {
        if (this != &other) {
            IncrementalJsonState::operator=(std::move(other));
            rebind();
            other.reset();
        }
        return *this;
    }
    ~IncrementalJson() = default;

    // Reads text[from, text.size()): `text` is everything so far, the same string on every call
    // (a token's bytes are taken from it). Top-level members move into `closed` as they close;
    // `closed` becomes an empty object or array at the first bracket.
    void feed(std::string_view text, std::size_t from, Value& closed);

    bool alive() const noexcept { return failed_at == npos; }
    // The offset of the first byte that is not strict JSON, or npos.
    std::size_t failed_offset() const noexcept { return failed_at; }
    bool done() const noexcept { return expect == Expect::Done; }

    // The open top-level member's value so far, or nullptr (none open, or no longer alive).
    // Brings an open number up to date first: it shows the longest prefix of its first 64 bytes
    // that is a number, once there is one. The pointer is valid until the next feed() or
    // open_value().
    const Value* open_value(std::string_view text);
    std::string_view key_of_open() const noexcept { return open_key; }
    std::string_view path_of_open() const noexcept { return open_path; }
    // Bytes read plus number lexemes converted: the work counter behind PartialJson::bytes_parsed.
    std::size_t work_done() const noexcept { return work; }

private:
    bool structural(std::string_view text, std::size_t i, Value& closed);
    bool begin_value(std::string_view text, std::size_t i);
    bool string_byte(std::string_view text, std::size_t i);
    bool escape_byte(char c);
    bool number_byte(char c, std::size_t i) noexcept;
    bool end_number(std::string_view text, std::size_t i);
    bool close_container(char c, Value& closed);
    void begin_string(std::size_t i, bool is_key);
    void close_member(Value& closed);
    void end_value() noexcept;
    Value* insert(Value v);
    void emit(std::string_view s);
    void flush(std::string_view text);
    void fail(std::size_t at);
    void rebind() noexcept;
    void reset() noexcept { IncrementalJsonState::operator=(IncrementalJsonState{}); }
    bool in_object() const noexcept { return frames.empty() ? top_object : frames.back().object; }
};

} // namespace laminate::toolcall::detail
