#include "json_writer.hpp"

#include <laminate/detail/json_escapes.hpp>

#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

namespace laminate::cli {

namespace {

constexpr std::size_t flush_threshold = std::size_t(64) << 10;
constexpr std::size_t indent_width = 2;

struct Frame {
    const Value* container;
    std::size_t next;
};

class Writer {
public:
    // The buffers outlive a writer: a --jsonl batch writes one answer per line, and a fresh
    // 128 KiB buffer for each one cost an allocation whose pages faulted in every time.
    struct Buffers {
        std::string text;
        std::vector<Frame> stack;
    };

    Writer(std::FILE* out, Layout layout, Buffers& buffers)
        : out_(out), pretty_(layout == Layout::Pretty), buffer_(buffers.text), stack_(buffers.stack) {
        buffer_.clear();
        stack_.clear();
        if (buffer_.capacity() < flush_threshold * 2) buffer_.reserve(flush_threshold * 2);
    }

    bool write(const Value& root) {
        open(root);
        while (ok_ && !stack_.empty()) {
            Frame& frame = stack_.back();
            const Value& container = *frame.container;
            if (frame.next == container.size()) {
                newline(stack_.size() - 1);
                buffer_ += container.is_array() ? ']' : '}';
                stack_.pop_back();
                continue;
            }
            const std::size_t index = frame.next++;
            if (index > 0) buffer_ += ',';
            newline(stack_.size());
            const Value* child = nullptr;
            if (container.is_array()) {
                child = &container.items()[index];
            } else {
                const Member& m = container.members()[index];
                append_json_string(buffer_, m.key());
                buffer_ += pretty_ ? ": " : ":";
                child = &m.value;
            }
            open(*child); // may push, so `frame` is not used after this
            maybe_flush();
        }
        buffer_ += '\n';
        flush();
        return ok_;
    }

private:

    // Scalars and empty containers are written whole; a non-empty container is opened and
    // its elements follow from the loop in write().
    void open(const Value& v) {
        if ((v.is_array() || v.is_object()) && !v.empty()) {
            buffer_ += v.is_array() ? '[' : '{';
            stack_.push_back(Frame{&v, 0});
        } else {
            v.dump_to(buffer_);
        }
    }

    void newline(std::size_t depth) {
        if (!pretty_) return;
        buffer_ += '\n';
        buffer_.append(depth * indent_width, ' ');
    }

    void maybe_flush() {
        if (buffer_.size() >= flush_threshold) flush();
    }

    void flush() {
        if (ok_ && !buffer_.empty())
            ok_ = std::fwrite(buffer_.data(), 1, buffer_.size(), out_) == buffer_.size();
        buffer_.clear();
    }

    std::FILE* out_;
    bool pretty_;
    bool ok_ = true;
    std::string& buffer_;
    std::vector<Frame>& stack_;
};

using value_detail::json_escapes;

// The compact layout, the common one (every --jsonl answer): written straight into a buffer of
// its own whose room is made once per scalar, key or string, with no call per byte or per
// punctuation mark. Byte for byte Value::dump() (the same escapes, numbers by number_text()).
class CompactWriter {
public:
    explicit CompactWriter(std::FILE* out) : out_(out) {}

    bool write(const Value& root, std::vector<Frame>& stack) {
        stack.clear();
        const Value* v = &root;
        for (;;) {
            if ((v->is_array() || v->is_object()) && !v->empty()) {
                put(v->is_array() ? '[' : '{');
                stack.push_back(Frame{v, 0});
            } else {
                scalar(*v);
            }
            v = nullptr;
            while (!stack.empty()) {
                Frame& top = stack.back();
                const Value& container = *top.container;
                if (top.next == container.size()) {
                    put(container.is_array() ? ']' : '}');
                    stack.pop_back();
                    continue;
                }
                if (top.next > 0) put(',');
                if (container.is_array()) {
                    v = &container.items()[top.next];
                } else {
                    const Member& m = container.members()[top.next];
                    string(m.key());
                    put(':');
                    v = &m.value;
                }
                ++top.next;
                break;
            }
            if (!v) break;
            if (size_ >= flush_threshold) flush();
        }
        put('\n');
        flush();
        return ok_;
    }

private:
    // Whether any of the 8 bytes needs an escape: below 0x20, '"' or '\\' (exact, no false hit).
    static bool needs_escape(std::uint64_t w) noexcept {
        constexpr std::uint64_t ones = 0x0101010101010101ull, high = 0x8080808080808080ull;
        auto zero_byte = [](std::uint64_t x) { return (x - ones) & ~x & high; };
        const std::uint64_t below = (w - ones * 0x20) & ~w & high;
        return (below | zero_byte(w ^ (ones * '"')) | zero_byte(w ^ (ones * '\\'))) != 0;
    }

    void scalar(const Value& v) {
        switch (v.type()) {
        case Type::Null: append("null", 4); break;
        case Type::Bool: v.as_bool() ? append("true", 4) : append("false", 5); break;
        case Type::Number: {
            const std::string text = v.number_text();
            append(text.data(), text.size());
            break;
        }
        case Type::String: string(v.as_string()); break;
        default: v.is_array() ? append("[]", 2) : append("{}", 2); break; // an empty container
        }
    }

    void string(std::string_view s) {
        static constexpr char hex[] = "0123456789abcdef";
        reserve(s.size() * 6 + 2 + 8); // every byte escaped as \u00XX, and a word's slack
        char* p = buffer_.get() + size_;
        *p++ = '"';
        const char* in = s.data();
        const char* const end = in + s.size();
        while (in < end) {
            if (end - in >= 8) {
                std::uint64_t w;
                std::memcpy(&w, in, 8);
                if (!needs_escape(w)) {
                    std::memcpy(p, in, 8);
                    p += 8;
                    in += 8;
                    continue;
                }
            }
            const auto c = static_cast<unsigned char>(*in++);
            const char letter = json_escapes.letter[c];
            if (!letter) {
                *p++ = static_cast<char>(c);
            } else if (letter != 'u') {
                p[0] = '\\';
                p[1] = letter;
                p += 2;
            } else {
                const char six[6] = {'\\', 'u', '0', '0', hex[c >> 4], hex[c & 0xF]};
                std::memcpy(p, six, 6);
                p += 6;
            }
        }
        *p++ = '"';
        size_ = static_cast<std::size_t>(p - buffer_.get());
    }

    void put(char c) {
        reserve(1);
        buffer_[size_++] = c;
    }

    void append(const char* data, std::size_t n) {
        if (n == 0) return; // data may be null then (an empty string's), which memcpy may not get
        reserve(n);
        std::memcpy(buffer_.get() + size_, data, n);
        size_ += n;
    }

    void reserve(std::size_t n) {
        if (size_ + n <= capacity_) return;
        std::size_t capacity = capacity_ ? capacity_ : flush_threshold * 2;
        while (capacity < size_ + n) capacity *= 2;
        auto grown = std::make_unique_for_overwrite<char[]>(capacity);
        if (size_ > 0) std::memcpy(grown.get(), buffer_.get(), size_); // the first has no buffer
        buffer_ = std::move(grown);
        capacity_ = capacity;
    }

    void flush() {
        if (ok_ && size_ > 0) ok_ = std::fwrite(buffer_.get(), 1, size_, out_) == size_;
        size_ = 0;
    }

    std::FILE* out_;
    bool ok_ = true;
    // Kept from one answer to the next (the CLI writes from one thread): a --jsonl batch writes
    // one answer per line, and a fresh buffer for each cost an allocation whose pages faulted in.
    static inline std::unique_ptr<char[]> buffer_;
    static inline std::size_t capacity_ = 0;
    std::size_t size_ = 0;
};

} // namespace

bool write_json(std::FILE* out, const Value& v, Layout layout) {
    static Writer::Buffers buffers; // the CLI writes from one thread
    if (layout == Layout::Compact) return CompactWriter(out).write(v, buffers.stack);
    return Writer(out, layout, buffers).write(v);
}

} // namespace laminate::cli
