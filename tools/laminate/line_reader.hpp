#pragma once
// Reads a stream one line at a time with a cap on the memory a single line may take, so that a
// JSONL batch of any length streams through in bounded memory and one huge line cannot exhaust it.

#include <cstddef>
#include <cstdio>
#include <string>
#include <vector>

namespace laminate::cli {

class LineReader {
public:
    enum class Status {
        line,     // a complete line (its "\n" or "\r\n" terminator removed)
        too_long, // the line had more than max_line bytes; it was skipped to its end, not kept
        end,      // no more input
    };

    LineReader(std::FILE* in, std::size_t max_line);

    // Reads the next line into `line` (cleared first).
    Status next(std::string& line);

    // 1-based number of the line last returned.
    std::size_t line_number() const noexcept { return line_number_; }

private:
    bool refill();

    std::FILE* in_;
    std::size_t max_line_;
    std::vector<char> buffer_;
    std::size_t pos_ = 0;
    std::size_t end_ = 0;
    std::size_t line_number_ = 0;
    bool eof_ = false;
};

} // namespace laminate::cli
