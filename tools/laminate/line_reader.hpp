#pragma once
// Reads a stream one line at a time with a cap on the memory a single line may take, so that a
// JSONL batch of any length streams through in bounded memory and one huge line cannot exhaust it.
// It reads the file descriptor directly: a read returns what is there, so a caller that writes one
// request and waits for its answer is served at once (stdio's fread would wait for a full block).

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace laminate::cli {

class LineReader {
public:
    enum class Status {
        Line,    // a complete line (its "\n" or "\r\n" terminator removed)
        TooLong, // the line had more than max_line bytes; it was skipped to its end, not kept
        End,     // no more input
    };

    LineReader(int fd, std::size_t max_line);

    // Reads the next line into `line` (cleared first).
    Status next(std::string& line);

    // The same, the line as a view: into the reader's own buffer when the whole line is in it
    // (no copy), else into `storage`. Valid until the next call.
    Status next(std::string_view& line, std::string& storage);

    // Whether a complete next line is already buffered, i.e. next() will not wait for input.
    bool line_buffered() const noexcept;

    // 1-based number of the line last returned.
    std::size_t line_number() const noexcept { return line_number_; }

private:
    bool refill();

    int fd_;
    std::size_t max_line_;
    std::vector<char> buffer_;
    std::size_t pos_ = 0;
    std::size_t end_ = 0;
    std::size_t line_number_ = 0;
    bool eof_ = false;
    // The last newline search of line_buffered(): from buffer index newline_from_ (no_search:
    // none since the buffer last changed), the newline's index or end_ when there was none.
    static constexpr std::size_t no_search = static_cast<std::size_t>(-1);
    mutable std::size_t newline_from_ = no_search;
    mutable std::size_t newline_at_ = 0;
};

} // namespace laminate::cli
