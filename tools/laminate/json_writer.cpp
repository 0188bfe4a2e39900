#include "json_writer.hpp"

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

} // namespace

bool write_json(std::FILE* out, const Value& v, Layout layout) {
    static Writer::Buffers buffers; // the CLI writes from one thread
    return Writer(out, layout, buffers).write(v);
}

} // namespace laminate::cli
